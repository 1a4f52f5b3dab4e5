"""Rule-benders: card text that no template fits, one named hook each, with the card's text
in its docstring. A set file names one with ``hook = "name"`` (an ability's whole effect), in
an amount (``{ hook = "name" }``), a condition (``{ hook = "name" }``) or as a constant
(``{ do = "hook", name = "name" }``). When a hook repeats, it should become a template.

Roles: ``effect`` (a generator function ``(game, src, ctx)``), ``amount``
(``(game, src, ctx) -> int``), ``condition`` (``(game, src, ctx) -> bool``), ``constant``
(a function ``() -> tuple of Static``).
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_domain
from deckbuilder.engine.text.registry import HOOK

ROLES = ("effect", "amount", "condition", "constant")


def hook(name: str, role: str = "effect"):
    def decorate(fn):
        fn.role = role
        return HOOK.register(name)(fn)

    return decorate


def _discarded_characters(game) -> list[int]:
    cd = game.deck
    return [i for i in game._discard if cd.ctype[cd.kind_of[i]] == CHARACTER]


@hook("opening_night")
def opening_night(game, src, ctx):
    """Opening Night (Core-158): "put all characters in your discard pile into play,
    insane". Heroic/Villainous and uniqueness still apply: those that may not enter stay."""
    cd = game.deck
    for i in _discarded_characters(game):
        if game.may_enter(cd.kind_of[i]):
            game._discard.remove(i)
            game._place_in_play(i)
            game._status[i] = INSANE
    return
    yield


@hook("ancient_apocrypha")
def ancient_apocrypha(game, src, ctx):
    """Ancient Apocrypha (Core-159): gain a new domain and attach every character of your
    discard pile to it as resources."""
    marker = game._take_top()
    if marker < 0:
        return
    game._domain_cards.append(marker)
    d = game._add_domain()
    for i in _discarded_characters(game):
        game._discard.remove(i)
        game._add_resource(i, d)
    game._check_deck_out()
    return
    yield


@hook("get_on_yer_feet")
def get_on_yer_feet(game, src, ctx):
    """Get on Yer Feet! (Core-078): "Action: Choose and ready a character. If you overpaid
    for Get On Yer Feet!, that character gets +3 skill until the end of the phase.\""""
    pool = [i for i in game._characters if game._status[i] == 1]
    i = yield from choose_card(game, "ready", "ready", pool)
    if i >= 0:
        game._status[i] = 0
        if ctx.overpaid > 0:
            game._temp.append((i, 3, (0, 0, 0, 0)))


@hook("peaslee")
def peaslee(game, src, ctx):
    """Professor Nathaniel Peaslee (Core-024): "...pay 2 to put into play all characters
    that entered a discard pile this phase.\""""
    cd = game.deck
    for i in [i for i in game._discarded_this_phase if i in game._discard]:
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and game.may_enter(k):
            game._discard.remove(i)
            game._enter(i)
    return
    yield


@hook("shadowed_woods")
def shadowed_woods(game, src, ctx):
    """Shadowed Woods (Core-133): "...pay X to choose and return a character with cost X or
    lower from your discard pile to your hand": the player picks the character, X is its
    cost (paid by draining a domain of at least X)."""
    cd = game.deck
    best = max(
        (game._dom_value[d] for d in range(len(game._domains)) if not game._drained[d]), default=0
    )
    pool = [
        i
        for i in game._discard
        if cd.ctype[cd.kind_of[i]] == CHARACTER and cd.cost[cd.kind_of[i]] <= best
    ]
    i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
    if i < 0:
        return
    x = cd.cost[cd.kind_of[i]]
    if x > 0:
        d = yield from choose_domain(game, "pay", "pay X from", game._pay_domains(x))
        game._drain(d)
    game._discard.remove(i)
    game._hand.append(i)


@hook("blank_committed")
def blank_committed(game, src, ctx):
    """The Bootleg Whiskey Cover-Up (Core-155): "Treat all characters committed to this
    story as if their text boxes were blank.\""""
    from deckbuilder.engine.actions import CONSPIRACY_BASE

    game._blanking = CONSPIRACY_BASE + src
    return
    yield


def _non_hastur_types(game, src, kind, d=-1):
    if d < 0:
        return 0
    cd = game.deck
    hastur = cd.faction[kind]
    kinds = {cd.faction[cd.kind_of[i]] for i in game._domains[d]}
    return -len(kinds - {hastur})


@hook("thing_from_the_stars", "constant")
def thing_from_the_stars():
    """Thing from the Stars (Core-085): "Lower the cost to play Thing from the Stars by 1
    (to a minimum of 1) for each resource type other than [Hastur] attached to the domain
    drained to pay for Thing from the Stars." (The amount reads the domain drained.)"""
    return (ab.Static(ab.COST, None, _non_hastur_types, minimum=1),)
