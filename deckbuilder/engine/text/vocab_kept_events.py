"""Vocabulary of events that stay in play: attached to a domain as a resource (once they
have resolved) or to a story, and what they do there."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import STORY_HOST
from deckbuilder.engine.effects import choose_card, choose_domain, log_event
from deckbuilder.engine.text.registry import EFFECT, param


@EFFECT.register("self_to_domain_after", domain=param(("choose", "drained", "newest"), "choose"))
def self_to_domain_after(where, domain):
    """Once this event has resolved (and gone to the discard pile), its "discarded" ability
    attaches it as a resource (``self_to_domain``) to a domain of yours: one you choose now
    (``drained``: a drained one), or the domain gained last (``newest``)."""

    def effect(game, src, ctx):
        if domain == "newest":
            d = len(game.you.domains) - 1
        else:
            doms = [
                d for d in game.you.domain_indices if domain != "drained" or game.you.drained[d]
            ]
            d = yield from choose_domain(game, "domain", "attach as a resource to", doms)
        if d >= 0:
            game._queue_trigger(ab.DISCARDED, src, ab.AbilityContext(x=d))

    return effect


@EFFECT.register("level_resources")
def level_resources(where):
    """Take every resource off your domains, then attach them back one at a time, each to
    a domain with the fewest resources (of tied domains, the one you choose; of the
    resources left, the one you choose)."""

    def effect(game, src, ctx):
        taken = []  # off their domains, set aside (with the cards resolving) meanwhile
        for d in game.you.domain_indices:
            for i in list(game.you.domains[d]):
                game._detach_resource(i, d)
                taken.append(i)
                game._resolving.append(i)
        kind_of = game.deck.kind_of
        while taken:
            firsts = {}
            for i in taken:  # one of each kind: copies are alike
                firsts.setdefault(kind_of[i], i)
            i = yield from choose_card(game, "resource", "attach next", list(firsts.values()))
            if i < 0:
                i = taken[0]
            fewest = min(len(game.you.domains[d]) for d in game.you.domain_indices)
            tied = [d for d in game.you.domain_indices if len(game.you.domains[d]) == fewest]
            d = yield from choose_domain(game, "resource", "attach to", tied)
            taken.remove(i)
            game._resolving.remove(i)
            game._add_resource(i, d)
            log_event(game, "resource", f"{game.card(i).title} attached to domain {d + 1}")

    return effect


@EFFECT.register(
    "skip_struggle_at_host",
    icon=param(("T", "C", "A", "I"), required=True),
    at=param(("host", "trigger_story"), "host"),
)
def skip_struggle_at_host(where, icon, at):
    """This turn, struggles of this type do not resolve at the story the card is attached
    to (``at = "trigger_story"``: at the story of the trigger, ctx.story, "at that story";
    a rule of the turn, as for any effect on story resolution: a trigger of the story phase
    lasts to its end, "this phase")."""
    column = "TCAI".index(icon)

    def effect(game, src, ctx):
        if at == "trigger_story":
            s = ctx.story if ctx is not None else -1
            if 0 <= s < len(game._stories):
                game._story_rules.append(("skip", game._stories[s], column))
            return
        host = game.you.attached.get(src, -1)
        if host >= STORY_HOST:
            game._story_rules.append(("skip", host - STORY_HOST, column))
        return
        yield

    return effect
