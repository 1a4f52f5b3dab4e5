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
from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY
from deckbuilder.engine.cards import CHARACTER, NEUTRAL
from deckbuilder.engine.effects import choose_card, choose_domain, log_event, stay_attached
from deckbuilder.engine.text.filters import faction_index, gained_traits
from deckbuilder.engine.text.registry import HOOK
from deckbuilder.engine.text.templates_cards import reorder_top
from deckbuilder.engine.text.vocab_marks import marks
from deckbuilder.engine.text.vocab_states import remove_from_game

ROLES = ("effect", "amount", "condition", "constant")


def hook(name: str, role: str = "effect", remembers: str = ""):
    """Register a hook; ``remembers``: the memory of the phase it reads
    (``registry.remembers``)."""

    def decorate(fn):
        fn.role = role
        fn.remembers = remembers
        return HOOK.register(name)(fn)

    return decorate


def _discarded_characters(game) -> list[int]:
    cd = game.deck
    return [i for i in game.you.discard if cd.ctype[cd.kind_of[i]] == CHARACTER]


@hook("opening_night")
def opening_night(game, src, ctx):
    """Opening Night (Core-158): "put all characters in your discard pile into play,
    insane". Heroic/Villainous and uniqueness still apply: those that may not enter stay.
    Each enters play as any card put into play does (``_enter``): the cards that answer a
    character entering play answer it."""
    cd = game.deck
    for i in _discarded_characters(game):
        if i in game.you.discard and game.may_enter(cd.kind_of[i]):
            game.you.discard.remove(i)
            game._enter(i, status=INSANE)
    return
    yield


@hook("ancient_apocrypha")
def ancient_apocrypha(game, src, ctx):
    """Ancient Apocrypha (Core-159): "Each player gains a new domain, and attaches all
    character cards in his discard pile to that domain as resources." (The goldfish opponent
    has no discard pile: only you.)"""
    marker = game._take_top()
    if marker < 0:
        return
    game.you.domain_cards.append(marker)
    d = game._add_domain()
    for i in _discarded_characters(game):
        game.you.discard.remove(i)
        game._add_resource(i, d)
    game._check_deck_out()
    return
    yield


@hook("get_on_yer_feet")
def get_on_yer_feet(game, src, ctx):
    """Get on Yer Feet! (Core-078): "Action: Choose and ready a character. If you overpaid
    for Get On Yer Feet!, that character gets +3 skill until the end of the phase.\""""
    pool = [i for i in game.you.characters if game.you.status[i] == 1]
    i = yield from choose_card(game, "ready", "ready", pool)
    if i >= 0:
        game._ready(i)
        if ctx.overpaid > 0:
            game._temp.append((i, 3, (0, 0, 0, 0)))


@hook("peaslee", remembers="discards")
def peaslee(game, src, ctx):
    """Professor Nathaniel Peaslee (Core-024): "...pay 2 to put into play all characters
    that entered a discard pile this phase.\""""
    cd = game.deck
    for i in [i for i in game._discarded_this_phase if i in game.you.discard]:
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and game.may_enter(k):
            game.you.discard.remove(i)
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
        (game.you.dom_value[d] for d in range(len(game.you.domains)) if not game.you.drained[d]),
        default=0,
    )
    pool = [
        i
        for i in game.you.discard
        if cd.ctype[cd.kind_of[i]] == CHARACTER and cd.cost[cd.kind_of[i]] <= best
    ]
    i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
    if i < 0:
        return
    x = cd.cost[cd.kind_of[i]]
    if x > 0:
        d = yield from choose_domain(game, "pay", "pay X from", game._pay_domains(x))
        game._drain(d)
    game._discard_to_hand(i)


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
    kinds = {cd.faction[cd.kind_of[i]] for i in game.you.domains[d]}
    return -len(kinds - {hastur, NEUTRAL})  # a neutral resource has no resource type


@hook("thing_from_the_stars", "constant")
def thing_from_the_stars():
    """Thing from the Stars (Core-085): "Lower the cost to play Thing from the Stars by 1
    (to a minimum of 1) for each resource type other than [Hastur] attached to the domain
    drained to pay for Thing from the Stars." (The amount reads the domain drained.)"""
    return (ab.Static(ab.COST, None, _non_hastur_types, minimum=1),)


@hook("mass_revive_below_host_skill")
def mass_revive_below_host_skill(game, src, ctx):
    """The Necronomicon: Olaus Wormius Translation (TbtA-112): "Action: Sacrifice attached
    character and shuffle the Necronomicon into your deck to put into play all characters
    from your discard pile with less skill than printed skill of attached character."""
    host = game.you.attached.get(src, -1)
    if host < 0 or host not in game.you.characters:
        return
    cd = game.deck
    limit = cd.skill[cd.kind_of[host]]
    log_event(game, "sacrifice", f"{game.card(host).title} sacrificed")
    game._sacrifice(host)
    if src in game.you.discard:
        game.you.discard.remove(src)
    elif src in game.you.supports:
        game._leave_play(src, to="hand")
        game.you.hand.remove(src)
    game.you.deck_cards.append(src)
    game._shuffle_deck()
    for i in [i for i in game.you.discard if i != host]:
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and cd.skill[k] < limit and game.may_enter(k):
            game.you.discard.remove(i)
            log_event(game, "put_into_play", f"{game.card(i).title} put into play")
            game._enter(i)
    return
    yield


@hook("sacrifice_per_small_domain")
def sacrifice_per_small_domain(game, src, ctx):
    """Yeb, Blasphemy in the Night Sky (TTY-020): "Forced Response: After you play Yeb from
    your hand, each player chooses and sacrifices 1 card from play for each domain he
    controls with fewer than 3 resources." (the goldfish opponent has no cards)"""
    n = sum(1 for d in game.you.domains if len(d) < 3)
    for _ in range(n):
        pool = game.you.characters + game.you.supports
        i = yield from choose_card(game, "sacrifice", "sacrifice", pool, harm=True)
        if i < 0:
            return
        log_event(game, "sacrifice", f"{game.card(i).title} sacrificed")
        game._sacrifice(i)


@hook("put_into_play_paying_domain_characters")
def put_into_play_paying_domain_characters(game, src, ctx):
    """Shub-Niggurath, The Dark Mother (TTY-023): "Response: After you play Shub-Niggurath,
    put into play all [Shub-Niggurath] characters attached to the domain you used to pay for
    it." (the domain is chosen among your drained ones)"""
    cd = game.deck
    doms = [d for d in game.you.domain_indices if game.you.drained[d]]
    d = yield from choose_domain(game, "resource", "the domain that paid", doms)
    if d < 0:
        return
    shub = faction_index("Shub-Niggurath")
    for i in list(game.you.domains[d]):
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and cd.faction[k] == shub and game.may_enter(k):
            game._detach_resource(i, d)
            log_event(game, "put_into_play", f"{game.card(i).title} put into play from a domain")
            game._enter(i)


@hook("experiment_subject", role="amount")
def experiment_subject(game, src, ctx):
    """Experiment Subject #613b (TTB-010): "draw a card for each Zoog character that entered
    play this phase": the Zoogs the card marked (``mark`` per phase) as they entered."""
    return marks(game, src, "phase")


@hook("reorder_top_by_exhausted_skill")
def reorder_top_by_exhausted_skill(game, src, ctx):
    """Mi-Go Brain Cylinder (MoE-035): "Action: Exhaust a Mi-Go character to look at the top
    X cards of your deck and return them in any order. X is equal to that character's
    skill." """
    cd = game.deck
    pool = [
        i
        for i in game.you.characters
        if game.you.status.get(i) == READY
        and ("mi-go" in cd.subtypes[cd.kind_of[i]] or "mi-go" in gained_traits(game, i))
    ]
    i = yield from choose_card(game, "exhaust", "exhaust", pool)
    if i < 0:
        return
    game._exhaust(i)  # "after a character is exhausted" answers it
    n = game.skill_of(i)
    if n > 0:
        yield from reorder_top(game, game._peek(n))


@hook("night_job")
def night_job(game, src, ctx):
    """The Night Job (TbtA-118): "If you win this conspiracy, resture and ready any number
    of characters. Then, choose and exhaust 1 character for each character readied in this
    way. Those characters do not ready during the next refresh phase." """
    n = 0
    while True:
        pool = [i for i in game.you.characters if game.you.status[i] != READY]
        i = yield from choose_card(game, "ready", "restore and ready", pool, optional=True)
        if i < 0:
            break
        if game.you.status[i] == INSANE:
            game._restore(i)
        game._ready(i)
        log_event(game, "ready", f"{game.card(i).title} readies")
        n += 1
    for _ in range(n):
        pool = [i for i in game.you.characters if game.you.status[i] == READY]
        i = yield from choose_card(
            game, "exhaust", "exhaust (no refresh next turn)", pool, harm=True
        )
        if i < 0:
            return
        game.you.status[i] = EXHAUSTED
        game._no_ready.add(i)
        log_event(game, "exhaust", f"{game.card(i).title} exhausted: it stays so next refresh")


def _machinations_key(src) -> tuple:
    return (src, "machinations_removed")


@hook("machinations_remove")
def machinations_remove(game, src, ctx):
    """The Mage's Machinations (TiV-030): "When The Mage's Machinations enters play, each
    player must choose 1 character controlled by the player to his left, if able. Remove
    those characters from the game. ..." With two players, each chooses one of the other's
    characters: you one of the goldfish opponent's (he has none), he one of yours. Rule
    choice: the goldfish opponent, who never acts but must choose, takes the one you would
    miss most, a sane one first, then the highest printed cost, then the highest skill
    (the first in play on a tie), a fixed rule that keeps games reproducible."""
    you = game.you
    if not you.characters:
        return
    cost, kind_of = game.deck.cost, game.deck.kind_of
    i = max(
        you.characters,
        key=lambda c: (you.status[c] != INSANE, cost[kind_of[c]], game.skill_of(c)),
    )
    remove_from_game(game, i)
    game._uses.setdefault(_machinations_key(src), []).append(i)
    return
    yield


@hook("machinations_return")
def machinations_return(game, src, ctx):
    """The Mage's Machinations (TiV-030): "... If you win this conspiracy return those
    characters removed from the game to play under your control." The characters it removed
    that are still out of the game enter play (put into play by a card effect)."""
    for i in game._uses.pop(_machinations_key(src), ()):
        if i in game.you.removed and game.may_enter(game.deck.kind_of[i]):
            game.you.removed.remove(i)
            log_event(game, "enter", f"{game.card(i).title} returns to play")
            game._enter(i)
    return
    yield


@hook("expendable_muscle")
def expendable_muscle(game, src, ctx):
    """Expendable Muscle (TPtY-105): "If Expendable Muscle would be wounded or go insane,
    instead attach it to a character you control. Then, Expendable Muscle becomes an
    Attachment support card with the text: "Attached character gains Toughness +1 and
    Willpower."" It answers both windows; with no other character of yours nothing replaces
    the wound or the insanity. Its new text is its constants, which name its host and so
    read nothing while it is a character. Choice: a sane host, the costliest first (the one
    worth protecting); its wounds are gone with the character it was."""
    you = game.controller_of(src)
    if src not in you.status:
        return
    cd = game.deck
    pool = sorted(
        (i for i in you.characters if i != src),
        key=lambda i: (you.status[i] == INSANE, -cd.cost[cd.kind_of[i]]),
    )
    host = yield from choose_card(game, "attach", "attach Expendable Muscle to", pool)
    if host < 0:
        return
    ctx.instead = "cancel"
    you.wounds.pop(src, None)
    for committed in you.committed:
        if src in committed:
            committed.remove(src)
    game._remove_character(src)
    stay_attached(game, src, host)


@hook("ancestral_fear")
def ancestral_fear(game, src, ctx):
    """Ancestral Fear (TSB-038): "Disrupt: When a card effect would cause any number of
    characters you control to leave play, instead choose and drive any number of those
    characters insane to cancel the effect on that character." Answered one character at a
    time, in the "would leave play" window of a character destroyed (a sacrifice may be a
    cost, no effect); the character goes insane and stays in play. One with Willpower
    cannot be driven insane, so the card is not offered for it (FAQ 1.5: the data's
    ``willpower = false``). A wounded one may be chosen (it can go insane), but going insane
    wounded destroys it (rulebook): the destruction goes on, rather than a second "would
    leave play" window for the same character (the automatic player does not choose it)."""
    i = ctx.target
    you = game.controller_of(src)
    if you.status.get(i, INSANE) == INSANE or game.has_willpower(i):
        return  # insane already, or protected
    if you.wounds.get(i):
        game._event("destroy", f"{game.card(i).title} goes insane while wounded: destroyed")
        return
    ctx.instead = "cancel"
    game._go_insane(i)
    return
    yield


@hook("archmage_arcanis")
def archmage_arcanis(game, src, ctx):
    """The Archmage, Arcanis (TMoM-037): "Action: Sacrifice a support card to choose and
    remove a support card from the game with a cost equal to or lower than the card you
    sacrificed. Limit once per turn." The goldfish opponent has no supports: only your own
    can be sacrificed and removed, so it is offered only while you control two supports
    (its condition: of two, the dearer can go for the other). Rule choice: printed costs
    compare; the sacrifice (a cost) is paid here, first, as the target is chosen after it."""
    cost, kind_of = game.deck.cost, game.deck.kind_of
    you = game.controller_of(src)
    supports = you.supports
    pool = [
        s
        for s in supports
        if any(t != s and cost[kind_of[t]] <= cost[kind_of[s]] for t in supports)
    ]
    s = yield from choose_card(game, "sacrifice", "sacrifice", pool, harm=True)
    if s < 0:
        return
    limit = cost[kind_of[s]]
    game._sacrifice(s)
    targets = [t for t in you.supports if cost[kind_of[t]] <= limit]
    t = yield from choose_card(game, "remove", "remove from the game", targets, harm=True)
    if t >= 0:
        remove_from_game(game, t)
