"""Vocabulary added for the Yuggoth Contract cycle and The Key and the Gate."""

from __future__ import annotations

from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.hooks import hook
from deckbuilder.engine.text.registry import ANY, BOOL, EFFECT, FILTER, INT, TextError, param
from deckbuilder.engine.text.templates_cards import reorder_top
from deckbuilder.engine.text.values import condition


def _log(game, kind, text):
    if game.log is not None:
        game._event(kind, text)


@EFFECT.register("hand_to_bottom_redraw")
def hand_to_bottom_redraw(where):
    """Put your whole hand on the bottom of your deck, then draw as many cards."""

    def effect(game, src, ctx):
        n = len(game._hand)
        if not n:
            return
        # _bottom[0] is the bottom card: the hand goes under everything already there.
        game._bottom[:0] = game._hand
        game._hand.clear()
        _log(game, "to_deck", f"{n} cards of the hand put on the bottom of the deck")
        game._draw(n)
        return
        yield

    return effect


@EFFECT.register("subject_to_hand")
def subject_to_hand(where):
    """The card the trigger is about returns from your discard pile to your hand."""

    def effect(game, src, ctx):
        i = ctx.target
        if i >= 0 and i in game._discard:
            game._discard.remove(i)
            game._hand.append(i)
            _log(game, "to_hand", f"{game.card(i).title} returned to hand")
        return
        yield

    return effect


@condition("either", ANY)
def _either(value, where):
    """At least one of these condition tables holds (a list of conditions: "X or Y")."""
    from deckbuilder.engine.text.values import compile_condition

    if not isinstance(value, list) or not value:
        raise TextError(f"{where}: either is a list of condition tables")
    checks = [compile_condition(c, where) for c in value]
    return lambda game, src, ctx: any(c(game, src, ctx) for c in checks)


@EFFECT.register("commit_all_here", filter=FILTER)
def commit_all_here(where, filter):
    """Exhaust and commit every ready, uncommitted character you control that the filter
    accepts to the story of the trigger (else the one the source is committed to)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        s = ctx.story if ctx.story >= 0 else game.committed_story(src)
        if s < 0 or s >= len(game._committed):
            return
        busy = {i for c in game._committed for i in c}
        for i in list(game._characters):
            if i not in busy and game._status.get(i) == READY and pred(game, src, i):
                game._commit(i, s)
                game._status[i] = EXHAUSTED
        return
        yield

    return effect


@EFFECT.register(
    "remove_from_story",
    filter=FILTER,
    target=param(("self", "choose"), "self"),
    ready=param(BOOL, False),
)
def remove_from_story(where, filter, target, ready):
    """Remove a committed character you control (the card itself, or one you choose that
    the filter accepts) from its story; with ``ready`` it is readied."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        committed = [i for c in game._committed for i in c if i in game._status]
        if target == "self":
            i = src if src in committed else -1
        else:
            pool = [i for i in committed if pred(game, src, i)]
            i = yield from choose_card(game, "remove", "remove from its story", pool)
        if i < 0:
            return
        for c in game._committed:
            if i in c:
                c.remove(i)
        if ready and game._status.get(i) == EXHAUSTED:
            game._status[i] = READY
        _log(game, "remove", f"{game.card(i).title} removed from its story")

    return effect


@EFFECT.register("hand_to_bottom", n=param(INT, 1))
def hand_to_bottom(where, n):
    """Choose n cards of your hand and put them on the bottom of your deck."""

    def effect(game, src, ctx):
        for _ in range(n):
            i = yield from choose_card(
                game, "to_deck", "to the bottom of the deck", list(game._hand)
            )
            if i < 0:
                return
            game._hand.remove(i)
            game._bottom.insert(0, i)
            _log(game, "to_deck", f"{game.card(i).title} put on the bottom of the deck")

    return effect


@EFFECT.register("tokens_to_draw")
def tokens_to_draw(where):
    """Choose a story with your success tokens: remove them all and draw as many cards."""

    def effect(game, src, ctx):
        slots = [s for s in range(len(game._tokens)) if game._tokens[s] > 0]
        s = yield from choose_story(game, "remove_tokens", "remove the tokens of", slots)
        if s < 0:
            return
        n = game._tokens[s]
        game._tokens[s] = 0
        _log(game, "tokens", f"{n} success tokens removed")
        game._draw(n)

    return effect


@EFFECT.register("boost_per_other_faction", per=param(INT, 1))
def boost_per_other_faction(where, per):
    """Choose a character: until the end of the phase it gets +``per`` skill for each other
    character in play of a different faction."""

    def effect(game, src, ctx):
        pool = [i for i in game._characters if game._status[i] != INSANE]
        i = yield from choose_card(game, "boost", "boost", pool)
        if i < 0:
            return
        faction = game.card(i).faction
        n = sum(1 for j in game._characters if j != i and game.card(j).faction != faction)
        if n:
            game._temp.append((i, per * n, (0, 0, 0, 0)))
            _log(game, "boost", f"{game.card(i).title} gets +{per * n} skill until end of phase")

    return effect


@EFFECT.register("search_to_resource", filter=FILTER, drained=param(BOOL, False))
def search_to_resource(where, filter, drained):
    """Search the deck for a card the filter accepts and attach it to one of your domains
    (a drained one with ``drained``) as a resource; then shuffle."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        domains = [d for d in game._domain_indices if game._drained[d] or not drained]
        if not domains:
            return
        pool = [i for i in game._deck + game._top + game._bottom if pred(game, src, i)]
        i = yield from choose_card(game, "search", "attach as a resource", pool, optional=True)
        if i >= 0:
            d = yield from choose_domain(game, "resource", "attach to", domains)
            if d >= 0:
                game._remove_from_deck(i)
                game._add_resource(i, d)
                _log(game, "resource", f"{game.card(i).title} attached to domain {d + 1}")
        game._shuffle_deck()

    return effect


@hook("reorder_top_by_exhausted_skill")
def reorder_top_by_exhausted_skill(game, src, ctx):
    """Mi-Go Brain Cylinder (MoE-035): "Action: Exhaust a Mi-Go character to look at the top
    X cards of your deck and return them in any order. X is equal to that character's
    skill." """
    cd = game.deck
    pool = [
        i
        for i in game._characters
        if game._status.get(i) == READY and "mi-go" in cd.subtypes[cd.kind_of[i]]
    ]
    i = yield from choose_card(game, "exhaust", "exhaust", pool)
    if i < 0:
        return
    game._status[i] = EXHAUSTED
    n = game.skill_of(i)
    if n > 0:
        yield from reorder_top(game, game._peek(n))
