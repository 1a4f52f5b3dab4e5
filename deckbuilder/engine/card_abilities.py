"""Card text as data: the abilities of each card, keyed by card id (the id of the card's first
LCG printing, shared by all its printings), built from the templates of ``effects`` with the
builders of ``abilities``. A card listed here has its goldfish-relevant text simulated; an
empty tuple means its text does nothing against an empty opponent that the rules engine does
not already do (see ``data/card_text.json`` for the per-card classification).

Core stories (Core-156..165) have their win effects in ``STORY_EFFECTS``.
"""

from __future__ import annotations

from functools import cache

from deckbuilder.engine import effects as fx
from deckbuilder.engine.abilities import (
    AFTER_DRAW,
    CANNOT_COMMIT,
    COMMITTED,
    DISCARD_PILE,
    DISCARDED,
    ENTERS,
    ENTERS_EXHAUSTED,
    INSANE_WHEN,
    NO_RESTORE,
    OPS,
    PLAYED_CHARACTER,
    RESTORED,
    STORY,
    WON,
    Static,
    action,
    cost,
    event,
    forced,
    icons,
    response,
    restriction,
    skill,
    x_skill,
)
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.cards import CHARACTER, SUPPORT


# ------------------------------------------------------------------ small predicates
def _yours(game, src, target):
    return target in game._status


def _committed_yours(game, src, target):
    return target in game._status and game.committed_story(target) >= 0


def _others(game, src, target):
    return target != src


def _attached_host(game, src, target):
    return game._attached.get(src) == target


def _sub(name):
    key = name.lower()
    return lambda game, src, target: key in game.deck.subtypes[game.deck.kind_of[target]]


def _title_is(title):
    return lambda game, src, kind: game.deck.cards[kind].title == title


def _entered_discard_this_phase(game, src, ctx):
    return src in game._discarded_this_phase


def _count_attachments(game, src, target, icons):
    return len(game._attached)


def _investigation_skill(game, src, target, icons):
    return icons[3]


def _yog_characters(game, src):
    cd = game.deck
    f = cd.faction[cd.kind_of[src]]
    return sum(
        1 for i in game._characters if cd.faction[cd.kind_of[i]] == f and game._status[i] != INSANE
    )


def _spells_in_discard(game, src, kind, d=-1):
    return -sum(1 for i in game._discard if "spell" in game.deck.subtypes[game.deck.kind_of[i]])


def _non_hastur_types(game, src, kind, d=-1):
    if d < 0:
        return 0
    cd = game.deck
    hastur = cd.faction[kind]
    kinds = {cd.faction[cd.kind_of[i]] for i in game._domains[d]}
    return -len(kinds - {hastur})


def _watcher_needs_support(game, src, target):
    return target == src and not game._supports


def _six_characters(game, src):
    return len(game._characters) >= 6


def _no_tokens(game, s):
    return game._tokens[s] == 0


def _two_or_fewer(game, s):
    return game._tokens[s] <= 2


def _shub_character(game, kind):
    from card_db.card import FACTIONS

    cd = game.deck
    return cd.ctype[kind] == CHARACTER and cd.faction[kind] == FACTIONS.index("Shub-Niggurath")


def _exhausted(game, i):
    return game._status.get(i) == 1


def _has_exhausted(game, src, ctx):
    return any(s == 1 for s in game._status.values())


def _has_insane(game, src, ctx):
    return any(s == INSANE for s in game._status.values())


def _has_drained(game, src, ctx):
    return any(game._drained) and not all(game._drained)


def _attachment_card(game, i):
    cd = game.deck
    k = cd.kind_of[i]
    return cd.ctype[k] == SUPPORT and "attachment" in cd.subtypes[k]


def _discarded_characters(game) -> list[int]:
    """The characters in the discard pile, in its order (a list: the caller moves them)."""
    cd = game.deck
    ctype, kind_of = cd.ctype, cd.kind_of
    out = []  # a loop, not a comprehension (a dearer function call)
    for i in game._discard:
        if ctype[kind_of[i]] == CHARACTER:
            out.append(i)
    return out


def _opening_night(game, src, ctx):
    """All discarded characters are put into play, insane (Heroic/Villainous and uniqueness
    still apply: those that may not enter stay in the discard pile)."""
    cd = game.deck
    for i in _discarded_characters(game):
        if game.may_enter(cd.kind_of[i]):
            game._discard.remove(i)
            game._place_in_play(i)
            game._status[i] = INSANE
    return
    yield


def _ancient_apocrypha(game, src, ctx):
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


def _sacrifice_printed_skill(high):
    def effect(game, src, ctx):
        cd = game.deck
        for i in list(game._characters):
            s = cd.skill[cd.kind_of[i]]
            if (s >= 3) == high:
                game._leave_play(i)
        return
        yield

    return effect


def _nowhere_to_hide(game, src, ctx):
    for s in range(len(game._tokens)):
        game._tokens[s] = 0
    return
    yield


def _frozen_in_time(game, src, ctx):
    """Discard 2 cards from the deck per resource (the player keeps every resource; a deck
    that runs out is lost)."""
    for _d in game._domains:
        for _ in range(2 * len(_d)):
            i = game._take_top()
            if i < 0:
                break
            game._discard.append(i)
    game._check_deck_out()
    return
    yield


def _dreamwalkers(game, src, ctx):
    others = list(game._won)  # the story being won is not in the pile yet
    if not others:
        return
    from deckbuilder.engine.abilities import Choice
    from deckbuilder.engine.actions import CHOOSE, Action

    acts = tuple(Action(CHOOSE, x=s, label=f"shuffle back {game._story_title(s)}") for s in others)
    a = yield Choice("unwin", "shuffle a won story back", acts, True)
    game._won.remove(a.x)
    if a.x >= 1000:
        game._discard.append(a.x - 1000)  # a conspiracy cannot join the story deck
    else:
        game._story_deck.append(a.x)


def _get_on_yer_feet(game, src, ctx):
    pool = [i for i in game._characters if game._status[i] == 1]
    i = yield from fx.choose_card(game, "ready", "ready", pool)
    if i >= 0:
        game._status[i] = 0
        if ctx.overpaid > 0:
            game._temp.append((i, 3, (0, 0, 0, 0)))


def _peaslee(game, src, ctx):
    cd = game.deck
    for i in [i for i in game._discarded_this_phase if i in game._discard]:
        k = cd.kind_of[i]
        if cd.ctype[k] == CHARACTER and game.may_enter(k):
            game._discard.remove(i)
            game._enter(i)
    return
    yield


def _shadowed_woods(game, src, ctx):
    """Pay X (drain a domain of at least X) to return a character with cost X or lower from
    the discard pile to hand: the player picks the character, X is its cost."""
    cd = game.deck
    best = max(
        (game._dom_value[d] for d in range(len(game._domains)) if not game._drained[d]), default=0
    )
    pool = [
        i
        for i in game._discard
        if cd.ctype[cd.kind_of[i]] == CHARACTER and cd.cost[cd.kind_of[i]] <= best
    ]
    i = yield from fx.choose_card(game, "to_hand", "return to hand", pool, optional=True)
    if i < 0:
        return
    x = cd.cost[cd.kind_of[i]]
    if x > 0:
        d = yield from fx.choose_domain(game, "pay", "pay X from", game._pay_domains(x))
        game._drain(d)
    game._discard.remove(i)
    game._hand.append(i)


STORY_EFFECTS = {
    "Core-156": ("discard all success tokens from all stories", _nowhere_to_hide),
    "Core-158": ("put all discarded characters into play, insane", _opening_night),
    "Core-159": (
        "gain a domain; attach the characters of the discard pile to it",
        _ancient_apocrypha,
    ),
    "Core-160": ("search the deck for a card to hand", fx.search(fx.anything)),
    "Core-161": (
        "sacrifice all characters with printed skill 3 or more",
        _sacrifice_printed_skill(True),
    ),
    "Core-162": (
        "sacrifice all characters with printed skill 2 or less",
        _sacrifice_printed_skill(False),
    ),
    "Core-163": ("discard 2 cards from the deck for each resource", _frozen_in_time),
    "Core-164": ("shuffle one of your other won stories back into the story deck", _dreamwalkers),
    "Core-165": (
        "place 1 success token on a story with 2 or fewer",
        fx.token(_two_or_fewer),
    ),
}
# Core-157 (The Shadow out of Time: exchange hand cards with the top of the discard pile) is
# not simulated: it is offered as nothing.


def story_effect(card_id: str):
    """(text, effect) of a Core story's win effect, or None."""
    return STORY_EFFECTS.get(card_id)


_draw_discard = fx.seq(fx.draw(1), fx.discard_from_hand(1))

CARD_ABILITIES: dict[str, tuple] = {
    # ---- The Agency
    "Core-004": (
        action(
            fx.copy_icons, "pay 1: gain a character's printed icons this phase", cost=1, ai="story"
        ),
    ),
    "Core-003": (
        action(
            fx.return_self_to_hand,
            "pay 1: return to hand from the discard pile",
            cost=1,
            zone=DISCARD_PILE,
            condition=_entered_discard_this_phase,
        ),
    ),
    "Core-005": (Static(INSANE_WHEN, None, _six_characters),),
    "Core-012": (forced(ENTERS, fx.wound_own, "wound a character"),),
    "Core-020": (
        event(
            fx.boost(icons=(0, 2, 0, 0), overpaid=(0, (0, 0, 1, 1))),
            "a character gains CC (overpaid: AI) this phase",
            ai="story",
        ),
    ),
    # ---- Miskatonic University
    "Core-022": (response(COMMITTED, fx.draw(1), "draw a card"),),
    "Core-024": (
        response(
            DISCARDED,
            _peaslee,
            "pay 2: put into play the characters discarded this phase",
            cost=2,
            zone=DISCARD_PILE,
        ),
    ),
    "Core-025": (
        cost(
            -1,
            lambda g, s, k: "investigator" in g.deck.subtypes[k] and g.deck.ctype[k] == CHARACTER,
        ),
        icons(investigation=1, who=_yours, subtype="investigator"),
    ),
    "Core-026": (
        action(
            fx.return_self_to_hand,
            "pay 1: return to hand from the discard pile",
            cost=1,
            zone=DISCARD_PILE,
            condition=_entered_discard_this_phase,
        ),
    ),
    "Core-027": (response(RESTORED, fx.token(), "put 1 success token on a story"),),
    "Core-028": (
        action(
            fx.librarian(3),
            "look at the top 3: one to the bottom, two on top",
            exhaust=True,
            ai="avoid",
        ),
    ),
    "Core-030": (
        action(
            fx.move_drain,
            "sacrifice: move a drain token to an undrained domain",
            sacrifice=True,
            condition=_has_drained,
            ai="avoid",
        ),
    ),
    "Core-031": (forced(ENTERS, _draw_discard, "draw a card, then discard a card"),),
    "Core-032": (response(RESTORED, _draw_discard, "draw a card, then discard a card"),),
    "Core-034": (),  # icon boosters on the story it is attached to (rules)
    "Core-035": (skill(_investigation_skill, _yours),),
    "Core-037": (
        event(fx.seq(fx.draw(2), fx.discard_from_hand(1)), "draw 2 cards, then discard a card"),
    ),
    "Core-038": (
        event(
            fx.ready(all_=True),
            "ready all exhausted characters",
            condition=_has_exhausted,
            ai="avoid",
        ),
    ),
    "Core-039": (
        event(
            fx.restore_and_ready(2),
            "restore and ready up to 2 insane characters",
            condition=_has_insane,
        ),
    ),
    "Core-040": (event(fx.draw(3), "draw 3 cards", window=OPS),),
    # ---- Cthulhu
    "Core-041": (forced(AFTER_DRAW, fx.sacrifice_own(), "sacrifice a character"),),
    "Core-045": (icons(investigation=-1, who=_committed_yours, committed=True),),
    "Core-046": (
        forced(COMMITTED, fx.wound_all(at_story=True), "wound all other characters at that story"),
    ),
    "Core-049": (skill(_count_attachments),),
    "Core-050": (cost(-1, _title_is("Cthulhu"), minimum=1),),
    # ---- Syndicate
    "Core-068": (forced(ENTERS, fx.exhaust_own, "exhaust a ready character"),),
    "Core-072": (
        action(
            fx.ready_self,
            "pay 1: ready Freelance Photographer",
            cost=1,
            condition=lambda g, s, c: g._status.get(s) == 1,
        ),
    ),
    "Core-075": (icons(1, 1, 1, 1, who=_attached_host),),
    "Core-078": (
        event(_get_on_yer_feet, "ready a character (overpaid: +3 skill this phase)", ai="story"),
    ),
    "Core-080": (
        event(fx.ready(), "ready an exhausted character", condition=_has_exhausted, ai="avoid"),
    ),
    # ---- Hastur
    "Core-082": (forced(ENTERS, fx.insane_own(), "a character goes insane"),),
    "Core-085": (cost(_non_hastur_types, None, minimum=1),),
    "Core-093": (Static(NO_RESTORE),),
    # ---- Yog-Sothoth
    "Core-101": (cost(_spells_in_discard, None, minimum=1),),
    "Core-102": (forced(ENTERS, fx.sacrifice_resource, "sacrifice a resource"),),
    "Core-104": (forced(DISCARDED, fx.wound_all(), "wound all characters", zone=DISCARD_PILE),),
    "Core-105": (
        forced(
            ENTERS,
            fx.return_own_to_hand(lambda g, i: _exhausted(g, i)),
            "return an exhausted character to hand",
        ),
    ),
    "Core-106": (restriction(CANNOT_COMMIT),),
    "Core-107": (skill(-1, _others),),
    "Core-111": (x_skill(_yog_characters),),
    "Core-113": (skill(1, _committed_yours),),
    "Core-115": (
        event(
            fx.look_top(5, take=lambda g, ctx: ctx.overpaid > 0),
            "look at the top 5 and reorder them (overpaid: take one)",
        ),
    ),
    "Core-116": (
        event(
            fx.put_into_play(fx.is_character, ("discard",)),
            "put a character from your discard pile into play",
            window=OPS,
        ),
    ),
    "Core-118": (
        event(fx.discard_to_hand(fx.anything), "a card from the discard pile to hand", window=OPS),
    ),
    "Core-119": (
        event(
            fx.put_into_play(fx.is_character, ("discard",), max_cost="x"),
            "put a character with cost X or lower from your discard pile into play",
        ),
    ),
    # ---- Shub-Niggurath
    "Core-121": (
        action(
            fx.search(fx.subtype("Dark Young"), to="play"),
            "pay 3: search the deck for a Dark Young into play",
            cost=3,
        ),
    ),
    "Core-123": (
        action(
            fx.cost_once(_shub_character, -1, 1),
            "exhaust: the next Shub-Niggurath character costs 1 less",
            exhaust=True,
            window=OPS,
            ai="avoid",
        ),
    ),
    "Core-126": (
        action(fx.ready(), "pay 1: ready an exhausted character", cost=1, condition=_has_exhausted),
    ),
    "Core-127": (
        forced(
            ENTERS,
            fx.bottom_from_discard(3),
            "put 3 cards from the discard pile on the bottom of the deck",
        ),
    ),
    "Core-128": (restriction(ENTERS_EXHAUSTED, _watcher_needs_support),),
    "Core-129": (icons(investigation=1, who=_yours, subtype="mi-go"),),
    "Core-131": (
        response(
            ENTERS,
            fx.put_into_play(fx.character_cost_at_most(2), ("hand", "discard")),
            "put a character with printed cost 2 or lower into play",
        ),
    ),
    "Core-133": (
        response(
            PLAYED_CHARACTER,
            _shadowed_woods,
            "pay X: return a character with cost X or lower to hand",
            condition=lambda g, s, c: _shub_character(g, g.deck.kind_of[c.target]),
        ),
    ),
    "Core-135": (skill(1, _yours),),
    "Core-140": (
        event(
            fx.seq(fx.sacrifice_own(), fx.search(fx.non_ancient_character, to="play")),
            "sacrifice a character: search the deck for a character into play",
            ai="avoid",
            condition=lambda g, s, c: bool(g._characters),
        ),
    ),
    # ---- Neutral
    "Core-141": (
        action(
            fx.discard_to_hand(_attachment_card),
            "sacrifice: return an Attachment from the discard pile to hand",
            sacrifice=True,
            ai="avoid",
        ),
    ),
    "Core-145": (
        action(
            fx.gain_domain(),
            "sacrifice: the top card of the deck becomes a domain",
            sacrifice=True,
            ai="avoid",
        ),
    ),
    "Core-146": (
        action(
            fx.restore_and_ready(1),
            "pay 1: restore and ready an insane character",
            cost=1,
            condition=_has_insane,
        ),
    ),
    "Core-152": (
        action(
            fx.token(_no_tokens),
            "sacrifice: a success token on a story with none",
            sacrifice=True,
            window=STORY,
            ai="avoid",
        ),
    ),
    "Core-153": (action(fx.draw(1), "exhaust, pay 2: draw a card", cost=2, exhaust=True),),
    "Core-154": (
        event(
            fx.gain_domain(attach_top=True),
            "gain a domain and attach the top card of the deck to it",
        ),
    ),
    "Core-155": (forced(ENTERS, fx.blank_committed, "committed characters have no text"),),
}


def _enters_draw(n, is_forced):
    build = forced if is_forced else response
    return (build(ENTERS, fx.draw(n), f"draw {n} card{'s' if n > 1 else ''}"),)


def _icons_subtype(subtype, icon):
    arcane, investigation = (1, 0) if icon == "A" else (0, 1)
    return (icons(arcane=arcane, investigation=investigation, who=_yours, subtype=subtype),)


def _win_draw(faction, n):
    from card_db.card import FACTIONS

    f = next((i for i, name in enumerate(FACTIONS) if name.startswith(faction)), -1)

    def controls(game, src, ctx):
        cd = game.deck
        return any(cd.faction[cd.kind_of[i]] == f for i in game._characters)

    return (response(WON, fx.draw(n), f"draw {n} cards", condition=controls),)


FAMILIES = {
    "enters_draw": _enters_draw,
    "icons_subtype": _icons_subtype,
    "win_draw": _win_draw,
    "cannot_commit_self": lambda: (restriction(CANNOT_COMMIT),),
    "skill_all": lambda n: (skill(n, _yours),),
    "draw_event": lambda n, ops: (event(fx.draw(n), f"draw {n} cards", window=OPS if ops else 3),),
}


@cache
def _family_abilities(card_id: str):
    from deckbuilder.engine.card_text import families

    family = families().get(card_id)
    if family is None:
        return None
    name, *params = family
    return FAMILIES[name](*params)


def abilities_of(card_id: str):
    """The abilities and passives of a card, or None when its text is not simulated: the
    hand-written entries, else the card's formulaic family (``data/card_text.json``)."""
    entry = CARD_ABILITIES.get(card_id)
    return entry if entry is not None else _family_abilities(card_id)
