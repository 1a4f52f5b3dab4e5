"""Vocabulary of attachments and their hosts: the story the host is committed to."""

from __future__ import annotations

from deckbuilder.engine.text.registry import BOOL
from deckbuilder.engine.text.values import condition


@condition("host_at_story", BOOL)
def _host_at_story(value, where):
    """The character the card is attached to is committed to the story of the trigger
    (ctx.story), or not."""

    def check(game, src, ctx):
        s = ctx.story
        host = game._attached.get(src, -1)
        here = host >= 0 and 0 <= s < len(game._committed) and host in game._committed[s]
        return here == value

    return check
