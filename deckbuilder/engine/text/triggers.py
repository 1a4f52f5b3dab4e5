"""Trigger events: what a response, a forced response or a disrupt waits for
(``when = { event = NAME, ... }``). Each names the engine trigger it listens to and, for an
event about any card, a condition on the card concerned (``subject``) or the story.

Events about the card itself (``enters_play``, ``committed``...) are queued for that card
alone; events about any card or the whole game are offered to every card in play that
listens (the listener tables of ``CompiledDeck.by_trigger``).
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, FILTER, TRIGGER, param

_ICONS = ("terror", "combat", "arcane", "investigation")


def _plain(trigger):
    def build(where):
        return trigger, None

    return build


for _name, _trigger, _doc in (
    ("enters_play", ab.ENTERS, "After this card enters play."),
    ("committed", ab.COMMITTED, "After this character commits to a story (ctx.story)."),
    ("restored", ab.RESTORED, "After this character is restored."),
    ("draw_phase", ab.AFTER_DRAW, "After you draw in your draw phase."),
    ("turn_start", ab.TURN_START, "At the beginning of your turn (after refresh)."),
    ("story_phase", ab.STORY_PHASE, "At the beginning of your story phase."),
    ("turn_end", ab.TURN_END, "At the end of your turn."),
    ("discarded", ab.DISCARDED, "After this card leaves play for your discard pile."),
    ("story_won", ab.STORY_WON, "After you win any story (ctx.story_id)."),
):
    _build = _plain(_trigger)
    _build.__doc__ = _doc
    TRIGGER.register(_name)(_build)


def subject_condition(where, subject, test=None):
    """The trigger's condition on the card it is about (ctx.target): the ``subject`` filter,
    and ``test`` (game, src, ctx) when given; None when neither asks anything."""
    pred = compile_filter(subject, where) if subject is not None else None
    if pred is None and test is None:
        return None

    def check(game, src, ctx):
        i = ctx.target
        if i < 0 or (pred is not None and not pred(game, src, i)):
            return False
        return test is None or test(game, src, ctx)

    return check


@TRIGGER.register("character_played", subject=FILTER)
def character_played(where, subject):
    """After you play a character from hand (subject: that character)."""
    return ab.PLAYED_CHARACTER, subject_condition(where, subject)


@TRIGGER.register("character_enters", subject=FILTER)
def character_enters(where, subject):
    """After any of your characters enters play, played or put (subject: that character)."""
    return ab.CHARACTER_ENTERS, subject_condition(where, subject)


@TRIGGER.register("character_leaves", subject=FILTER)
def character_leaves(where, subject):
    """After any of your characters leaves play (subject: that character)."""
    return ab.CHARACTER_LEAVES, subject_condition(where, subject)


@TRIGGER.register("character_destroyed", subject=FILTER)
def character_destroyed(where, subject):
    """After any of your characters leaves play for the discard pile (destroyed or
    sacrificed; subject: that character)."""
    pred = compile_filter(subject, where) if subject is not None else None

    def test(game, src, ctx):
        i = ctx.target
        return i >= 0 and i in game.you.discard and (pred is None or pred(game, src, i))

    return ab.CHARACTER_LEAVES, test


@TRIGGER.register("character_insane", subject=FILTER)
def character_insane(where, subject):
    """After any of your characters goes insane (subject: that character)."""
    return ab.CHARACTER_INSANE, subject_condition(where, subject)


@TRIGGER.register("character_committed", subject=FILTER)
def character_committed(where, subject):
    """After any of your characters commits to a story (subject: it; ctx.story)."""
    return ab.CHARACTER_COMMITTED, subject_condition(where, subject)


@TRIGGER.register("character_wounded", subject=FILTER)
def character_wounded(where, subject):
    """After any of your characters gets a wound and stays in play (subject: that character)."""
    return ab.CHARACTER_WOUNDED, subject_condition(where, subject)


@TRIGGER.register("domain_drained")
def domain_drained(where):
    """After you drain the domain this card is attached to as a resource (zone = "resource";
    ctx.x: the domain)."""
    return ab.DOMAIN_DRAINED, None


@TRIGGER.register("any_domain_drained")
def any_domain_drained(where):
    """After a player drains a domain, any of them (ctx.x: the domain; the goldfish opponent
    never drains, so the player is you)."""
    return ab.ANY_DOMAIN_DRAINED, None


def _at_story_of_self(game, src, ctx):
    # A success that won its story reads who was committed at that moment (``story_committed``).
    return src in ab.story_committed(game, ctx)


@TRIGGER.register("succeeded", here=param(BOOL, False))
def succeeded(where, here):
    """After you succeed at a story (``here``: the story this card is committed to). A
    success that wins the story wins it at once (rulebook: five tokens win it immediately,
    its effect before the next step), so the answers come after the win, the story gone
    (ctx.story -1, ``LeftStoryContext``): "here" still means the characters committed there
    at the moment of the success; an effect on "that story" finds none."""
    return ab.SUCCEEDED, _at_story_of_self if here else None


@TRIGGER.register("not_succeeded", here=param(BOOL, False))
def not_succeeded(where, here):
    """After a story with your committed characters resolves and you did not succeed at it
    (``here``: the story this card is committed to). Against the goldfish that is a total
    skill of 0 there; a story won by its struggles before the skill comparison was not
    failed (the resolution ended there), so it does not count."""
    return ab.NOT_SUCCEEDED, _at_story_of_self if here else None


@TRIGGER.register("story_resolved", here=param(BOOL, True))
def story_resolved(where, here):
    """After a story with your committed characters resolves (``here``: the one this card
    is committed to)."""
    return ab.STORY_RESOLVED, _at_story_of_self if here else None


@TRIGGER.register("struggle_won", icon=param(_ICONS, required=True), here=param(BOOL, False))
def struggle_won(where, icon, here):
    """After you win an icon struggle of this kind at a story (``here``: the story this card
    is committed to). Against an empty opponent, every struggle you have an icon for."""
    n = _ICONS.index(icon)
    if here:
        return ab.STRUGGLE_WON, lambda g, s, c: c.x == n and _at_story_of_self(g, s, c)
    return ab.STRUGGLE_WON, lambda g, s, c: c.x == n
