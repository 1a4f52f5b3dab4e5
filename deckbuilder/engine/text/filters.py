"""Card filters: a table of atoms, all of which a card must satisfy, e.g.
``{ type = "character", subtype = "Investigator", status = "exhausted" }``.

An atom reads either what is printed on the card (its kind: type, faction, cost...) or where
the card stands in the game (its status, whether it is committed, its host). A filter compiles
to a predicate ``(game, src, instance) -> bool``, ``src`` being the card whose text it is;
printed-only filters also compile to ``(game, src, kind) -> bool`` for cost passives, which
the engine remembers per kind.
"""

from __future__ import annotations

from card_db.card import FACTIONS
from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, EVENT, MAYBE, SUPPORT
from deckbuilder.engine.text.registry import (
    BOOL,
    FILTER_ATOM,
    INT,
    STR,
    STRS,
    TextError,
    param,
)

_TYPES = {"character": CHARACTER, "support": SUPPORT, "event": EVENT, "conspiracy": CONSPIRACY}
_SHORT_FACTIONS = {
    "agency": "The Agency",
    "miskatonic": "Miskatonic University",
    "syndicate": "Syndicate",
    "cthulhu": "Cthulhu",
    "hastur": "Hastur",
    "yog-sothoth": "Yog-Sothoth",
    "shub-niggurath": "Shub-Niggurath",
    "silver twilight": "Silver Twilight",
    "neutral": "Neutral",
}
KIND, STATE = "kind", "state"  # what an atom reads


def faction_index(name: str) -> int:
    full = _SHORT_FACTIONS.get(name.lower(), name)
    if full not in FACTIONS:
        raise TextError(f"unknown faction {name!r}")
    return FACTIONS.index(full)


def _strs(value) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(value)


def atom(name: str, reads: str, value_type):
    """Register a filter atom: ``build(value)`` returns ``(cd, kind) -> bool`` when it reads
    the printed card (``KIND``), ``(game, src, instance) -> bool`` when it reads the game."""

    def decorate(build):
        build.reads = reads
        return FILTER_ATOM.register(name, value=param(value_type, required=True))(build)

    return decorate


# ------------------------------------------------------------------ printed facts
@atom("type", KIND, STRS)
def _type(value):
    """Card type: character, support, event, conspiracy (or a list of them)."""
    wanted = set()
    for v in _strs(value):
        if v not in _TYPES:
            raise TextError(f"unknown card type {v!r} (one of {', '.join(_TYPES)})")
        wanted.add(_TYPES[v])
    if CHARACTER not in wanted:
        return lambda cd, k: cd.ctype[k] in wanted
    # A card of the deck that may enter play as a character, or become one
    # (``CompiledDeck.may_be_character``), passes only while it is one: MAYBE.
    return lambda cd, k: 1 if cd.ctype[k] in wanted else MAYBE if k in cd.may_be_character else 0


def passes(game, table, i: int) -> bool:
    """Whether the per-kind ``table`` (of ``_kind_table``) passes instance ``i``."""
    t = table[game.deck.kind_of[i]]
    return t == 1 or (t == MAYBE and i in game.you.status)


# Subtypes and factions a card has beyond its printed ones: gained for a while (the game's
# ``_traits``: instance -> set of lower-case subtypes and faction indices) or while a
# passive of kind ``GAIN_TRAIT`` applies to it (its ``amount``: such a set). The atoms on
# subtypes and factions read them (``state``) whenever a card may have any.
GAIN_TRAIT = "gain_trait"
_reading = [False]  # a passive's own filter reads printed traits (no loop)


def traits_may_differ(game) -> bool:
    return bool(game._traits) or GAIN_TRAIT in game.deck.static_kinds


def gained_traits(game, i: int) -> set:
    """The subtypes (lower case) and faction indices ``i`` has beyond its printed ones."""
    out = set(game._traits.get(i, ()))
    if GAIN_TRAIT in game.deck.static_kinds and not _reading[0]:
        _reading[0] = True
        try:
            for src, st in game._statics_in_play():
                if st.kind == GAIN_TRAIT and game._static_applies(src, st, i):
                    out |= st.amount
        finally:
            _reading[0] = False
    return out


def _with_state(printed, state):
    printed.state = state
    return printed


@atom("subtype", KIND, STRS)
def _subtype(value):
    """Has one of these subtypes (e.g. "Investigator", ["Spell", "Tome"]), printed or
    gained."""
    wanted = {v.lower() for v in _strs(value)}
    return _with_state(
        lambda cd, k: not wanted.isdisjoint(cd.subtypes[k]),
        lambda game, i: (
            not wanted.isdisjoint(game.deck.subtypes[game.deck.kind_of[i]])
            or not wanted.isdisjoint(gained_traits(game, i))
        ),
    )


@atom("not_subtype", KIND, STRS)
def _not_subtype(value):
    """Has none of these subtypes (e.g. "Ancient One"), printed or gained."""
    unwanted = {v.lower() for v in _strs(value)}
    return _with_state(
        lambda cd, k: unwanted.isdisjoint(cd.subtypes[k]),
        lambda game, i: (
            unwanted.isdisjoint(game.deck.subtypes[game.deck.kind_of[i]])
            and unwanted.isdisjoint(gained_traits(game, i))
        ),
    )


@atom("faction", KIND, STRS)
def _faction(value):
    """Of one of these factions ("agency", "miskatonic", "Hastur", "neutral"...), printed or
    gained."""
    wanted = {faction_index(v) for v in _strs(value)}
    return _with_state(
        lambda cd, k: cd.faction[k] in wanted,
        lambda game, i: (
            game.deck.faction[game.deck.kind_of[i]] in wanted
            or not wanted.isdisjoint(gained_traits(game, i))
        ),
    )


@atom("not_faction", KIND, STRS)
def _not_faction(value):
    """Of none of these factions (printed or gained)."""
    unwanted = {faction_index(v) for v in _strs(value)}
    return _with_state(
        lambda cd, k: cd.faction[k] not in unwanted,
        lambda game, i: (
            game.deck.faction[game.deck.kind_of[i]] not in unwanted
            and unwanted.isdisjoint(gained_traits(game, i))
        ),
    )


@atom("title", KIND, STRS)
def _title(value):
    """Has one of these titles."""
    wanted = set(_strs(value))
    return lambda cd, k: cd.cards[k].title in wanted


@atom("cost_max", KIND, INT)
def _cost_max(value):
    """Printed cost at most this."""
    return lambda cd, k: cd.cost[k] <= value


@atom("cost_min", KIND, INT)
def _cost_min(value):
    """Printed cost at least this."""
    return lambda cd, k: cd.cost[k] >= value


# Skill and icons: a character in play has its current ones (``stats_of``: passives, effects
# of the phase, none while insane), read only when they may differ from the printed ones
# (``_reading_stats``); a card elsewhere has its printed ones. ``stat``: ``(skill, icons) ->
# bool`` on the current values.
def with_stat(printed, stat):
    printed.stat = stat
    return printed


@atom("skill_max", KIND, INT)
def _skill_max(value):
    """Skill at most this (a character in play: its current skill)."""
    return with_stat(lambda cd, k: cd.skill[k] <= value, lambda skill, icons: skill <= value)


@atom("skill_min", KIND, INT)
def _skill_min(value):
    """Skill at least this (a character in play: its current skill)."""
    return with_stat(lambda cd, k: cd.skill[k] >= value, lambda skill, icons: skill >= value)


@atom("printed_skill_max", KIND, INT)
def _printed_skill_max(value):
    """Printed skill at most this ("printed skill": never the current one)."""
    return lambda cd, k: cd.skill[k] <= value


@atom("printed_skill_min", KIND, INT)
def _printed_skill_min(value):
    """Printed skill at least this."""
    return lambda cd, k: cd.skill[k] >= value


@atom("icon", KIND, STR)
def _icon(value):
    """Has at least one of each of these icons (letters T C A I; a character in play: its
    current icons)."""
    columns = [("terror", "combat", "arcane", "investigation")["TCAI".index(ch)] for ch in value]
    wanted = ["TCAI".index(ch) for ch in value]
    return with_stat(
        lambda cd, k: all(getattr(cd, c)[k] > 0 for c in columns),
        lambda skill, icons: all(icons[n] > 0 for n in wanted),
    )


@atom("keyword", KIND, STRS)
def _keyword(value):
    """Has this keyword (Heroic, Villainous, Willpower, Loyal, Fast, Day, Night...), or one of
    these keywords."""
    names = _strs(value)
    return lambda cd, k: any(cd.cards[k].has_keyword(n) for n in names)


@atom("unique", KIND, BOOL)
def _unique(value):
    """Unique (true) or not (false)."""
    return lambda cd, k: (cd.unique_id[k] >= 0) == value


@atom("attachment", KIND, BOOL)
def _attachment(value):
    """An attachment (a support that attaches to a card or story), or not."""
    return lambda cd, k: (cd.attach[k] is not None) == value


# ------------------------------------------------------------------ the game
@atom("self", STATE, BOOL)
def _self(value):
    """The card whose text this is (true), or any other card (false)."""
    if value:
        itself = lambda game, src, i: i == src  # noqa: E731
        itself.itself = True  # the card itself only (``CompiledDeck._stat_targets``)
        return itself
    return lambda game, src, i: i != src


@atom("status", STATE, ("ready", "exhausted", "insane", "sane"))
def _status(value):
    """A character's status; "sane" is ready or exhausted."""
    if value == "sane":
        return lambda game, src, i: game.you.status.get(i, INSANE) != INSANE
    want = {"ready": READY, "exhausted": EXHAUSTED, "insane": INSANE}[value]
    return lambda game, src, i: game.you.status.get(i) == want


@atom("committed", STATE, BOOL)
def _committed(value):
    """Committed to a story (true) or not (false)."""
    return lambda game, src, i: (game.committed_story(i) >= 0) == value


@atom("same_story", STATE, BOOL)
def _same_story(value):
    """Committed to the story the source is committed to."""

    def pred(game, src, i):
        s = game.committed_story(src)
        return (s >= 0 and i in game.you.committed[s]) == value

    return pred


@atom("skill_below_self", STATE, BOOL)
def _skill_below_self(value):
    """Current skill lower than the source's current skill (true), or not (false)."""
    return lambda game, src, i: (game.stats_of(i)[0] < game.stats_of(src)[0]) == value


@atom("host", STATE, BOOL)
def _host(value):
    """The card the source is attached to."""
    return lambda game, src, i: (game.you.attached.get(src) == i) == value


@atom("controller", STATE, ("you", "opponent"))
def _controller(value):
    """Whose card it is, relative to the source's controller."""
    if value == "you":
        return lambda game, src, i: game.controller_of(i) is game.controller_of(src)
    return lambda game, src, i: game.controller_of(i) is not game.controller_of(src)


# ------------------------------------------------------------------ compiling
def _atoms(spec: dict, where: str) -> list:
    out = []
    for name, value in spec.items():
        entry = FILTER_ATOM.check(name, {"value": value}, where)
        try:
            out.append((entry.build.reads, entry.build(value)))
        except TextError as exc:
            raise TextError(f"{where}: {exc}") from None
    return out


def is_printed_only(spec: dict, where: str = "") -> bool:
    return all(reads == KIND for reads, _ in _atoms(spec, where))


def compile_filter(spec: dict | None, where: str = ""):
    """``(game, src, instance) -> bool`` for ``spec`` (None or {}: every card); when the
    filter reads printed facts, its ``printed_kinds`` (see ``printed_kinds``) tells, per
    deck, the kinds that may pass at all."""
    if not spec:
        return _anything
    kind_preds = [f for reads, f in _atoms(spec, where) if reads == KIND]
    state_preds = [f for reads, f in _atoms(spec, where) if reads == STATE]
    if any(hasattr(f, "stat") for f in kind_preds):
        return _reading_stats(kind_preds, state_preds)
    traits = [f.state for f in kind_preds if hasattr(f, "state")]
    if traits:
        return _reading_traits(kind_preds, state_preds, traits)
    if not kind_preds and len(state_preds) == 1:
        return state_preds[0]
    matches = _kind_table(kind_preds)
    if not state_preds:

        def pred(game, src, i):  # (``passes`` inlined: a call fewer on a hot path)
            cd = game.deck
            t = matches(cd)[cd.kind_of[i]]
            return t if t != MAYBE else i in game.you.status

        pred.printed_kinds = matches
        pred.printed_only = True  # ``printed_kinds`` alone decides
        return pred

    def pred(game, src, i):
        cd = game.deck
        if kind_preds:
            t = matches(cd)[cd.kind_of[i]]
            if not t or (t == MAYBE and i not in game.you.status):
                return False
        for f in state_preds:
            if not f(game, src, i):
                return False
        return True

    if kind_preds:
        pred.printed_kinds = matches
    return pred


def printed_kinds(pred):
    """``deck -> bytes`` (per kind: whether its printed facts may pass) for a predicate of
    ``compile_filter`` whose filter reads printed facts, else None (any kind may pass)."""
    return getattr(pred, "printed_kinds", None)


def matching(game, src, pred, cards) -> list[int]:
    """The instances of ``cards`` that ``pred`` (of ``compile_filter``) accepts, in order:
    a filter of printed facts is read from its table of kinds, without a call per card."""
    kinds = getattr(pred, "printed_kinds", None)
    if kinds is None:
        if pred is _anything:  # an empty filter (a search of the whole deck): no call per card
            return list(cards)
        return [i for i in cards if pred(game, src, i)]
    cd = game.deck
    table, kind_of = kinds(cd), cd.kind_of
    if cd.may_be_character:  # a MAYBE in the table: the predicate decides
        return [i for i in cards if table[kind_of[i]] and pred(game, src, i)]
    if getattr(pred, "printed_only", False):
        return [i for i in cards if table[kind_of[i]]]
    return [i for i in cards if table[kind_of[i]] and pred(game, src, i)]


def _reading_traits(kind_preds: list, state_preds: list, traits: list):
    """A filter with atoms on subtypes or factions: their printed values through the
    per-kind table, unless a card may have gained some (``traits_may_differ``)."""
    matches = _kind_table(kind_preds)
    plain = _kind_table([f for f in kind_preds if not hasattr(f, "state")])

    def pred(game, src, i):
        cd = game.deck
        if game._traits or GAIN_TRAIT in cd.static_kinds:
            t = plain(cd)[cd.kind_of[i]]
            if not t or (t == MAYBE and i not in game.you.status):
                return False
            for t in traits:
                if not t(game, i):
                    return False
        else:
            t = matches(cd)[cd.kind_of[i]]
            if not t or (t == MAYBE and i not in game.you.status):
                return False
        for f in state_preds:
            if not f(game, src, i):
                return False
        return True

    def printed_traits(cd) -> bytes | None:
        """The per-kind table of the printed atoms, which decides them while no card has
        gained a trait for a while (``game._traits``): None when a passive of the deck may
        give traits (``passives._who_test``)."""
        return None if GAIN_TRAIT in cd.static_kinds else matches(cd)

    pred.printed_traits = printed_traits
    pred.printed_only_traits = not state_preds  # then the table decides alone
    return pred


_stats_read = [False]  # a filter is reading a character's stats: nested ones read printed


def _reading_stats(kind_preds: list, state_preds: list):
    """A filter with atoms on skill or icons (and maybe on traits): a character in play
    whose stats may differ from its printed ones now (insane, of a kind that passives in
    play or an effect of the phase change: ``kinds_with_changed_stats``) is judged on
    ``stats_of``; any other card on its printed ones, through the per-kind tables. While a
    filter reads stats, a filter that ``stats_of`` asks in turn (a passive's ``who`` or
    condition) reads printed skill and icons: no loop (St. Claire's "characters with skill
    3 or higher count their icons" judges a skill changed by other passives, not by
    itself)."""
    stats = [f.stat for f in kind_preds if hasattr(f, "stat")]
    traits = [f.state for f in kind_preds if hasattr(f, "state")]
    plain_preds = [f for f in kind_preds if not hasattr(f, "stat") and not hasattr(f, "state")]
    trait_preds = [f for f in kind_preds if hasattr(f, "state")]
    stat_preds = [f for f in kind_preds if hasattr(f, "stat")]
    # Per (printed stats, printed traits): the table of the atoms read from the card.
    tables = {
        (True, True): _kind_table(kind_preds),
        (True, False): _kind_table(plain_preds + stat_preds),
        (False, True): _kind_table(plain_preds + trait_preds),
        (False, False): _kind_table(plain_preds),
    }

    def pred(game, src, i):
        cd = game.deck
        k = cd.kind_of[i]
        status = game.you.status.get(i)
        printed = (
            status is None
            or _stats_read[0]
            or (status != INSANE and k not in game.kinds_with_changed_stats())
        )
        same_traits = not traits or not (game._traits or GAIN_TRAIT in cd.static_kinds)
        t = tables[printed, same_traits](cd)[k]
        if not t or (t == MAYBE and i not in game.you.status):
            return False
        if not printed:
            _stats_read[0] = True
            try:
                skill, icons = game.stats_of(i)
            finally:
                _stats_read[0] = False
            for f in stats:
                if not f(skill, icons):
                    return False
        if not same_traits:
            for t in traits:
                if not t(game, i):
                    return False
        for f in state_preds:
            if not f(game, src, i):
                return False
        return True

    pred.printed_kinds = tables[False, False]  # the kinds that may pass at all
    return pred


def _kind_table(kind_preds: list):
    """``deck -> bytes``: per kind of the deck, whether its printed facts pass every one of
    ``kind_preds``; computed once per deck (printed facts never change in a game). MAYBE
    for a kind that passes only while a copy is in play as a character."""
    key = object()

    def passing(cd, k: int) -> int:
        out = 1
        for f in kind_preds:
            r = f(cd, k)
            if not r:
                return 0
            if r == MAYBE:
                out = MAYBE
        return out

    def matches(cd) -> bytes:
        table = cd.kind_memo.get(key)
        if table is None:
            table = cd.kind_memo[key] = bytes(passing(cd, k) for k in range(len(cd.cards)))
        return table

    return matches


def compile_kind_filter(spec: dict | None, where: str = ""):
    """``(game, src, kind) -> bool`` for a filter of printed facts only."""
    if not spec:
        return lambda game, src, k: True
    preds = []
    for reads, f in _atoms(spec, where):
        if reads != KIND:
            raise TextError(f"{where}: this filter may read only printed facts, not the game")
        preds.append(f)
    matches = _kind_table(preds)  # printed facts: worked out once per deck, per kind
    # A card judged by kind is not in play (a card played, a resource): MAYBE fails.
    return lambda game, src, k: matches(game.deck)[k] == 1


def _anything(game, src, i):
    return True
