"""Registries of the card-text vocabulary: effect templates, passive (constant) templates,
trigger events, card filters, conditions and hooks, each entry with a parameter schema.

A set file names entries by their registered name and gives their parameters; ``check``
refuses an unknown name, an unknown or missing parameter and a value of the wrong type, with
a message that names the file and the card. Entries register themselves with the decorator
of their registry (``@EFFECTS.register("draw", n=AMOUNT)``), in the module of their job.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple


class TextError(ValueError):
    """A card-text file says something the vocabulary does not know (file, card, problem)."""


# Parameter types. A schema maps a parameter name to (type, required).
INT, STR, BOOL = "int", "str", "bool"
AMOUNT = "amount"  # an int, "X" (the X paid or chosen), "margin" (of a won struggle), or
# {count = filter, ...}
FILTER = "filter"  # a table of filter atoms (see ``filters``)
CONDITION = "condition"  # a table of condition atoms
ICONS = "icons"  # letters of T C A I, e.g. "AI"; a leading "-" takes them away
EFFECTS = "effects"  # a list of effects (nested, as in "you may ..." or "then ...")
STRS = "strs"  # a string or a list of strings
ANY = "any"


class Param(NamedTuple):
    type: str | tuple  # a type name above, or a tuple of the strings allowed
    required: bool = False
    default: object = None


def param(type_, default=None, *, required=False) -> Param:
    return Param(type_, required, default)


class Entry(NamedTuple):
    name: str
    build: Callable
    params: dict[str, Param]
    doc: str
    # An effect that drives insane, wounds, sacrifices or discards cards of the player it
    # acts for: in a solo game those are your own, so the automatic player cancels a forced
    # response using it (``compile._harms``) unless the record aims it at the opponent.
    harms: bool = False


def _type_ok(ptype, value) -> bool:
    if isinstance(ptype, tuple):
        return value in ptype
    if ptype == INT:
        return isinstance(value, int) and not isinstance(value, bool)
    if ptype == STR:
        return isinstance(value, str)
    if ptype == BOOL:
        return isinstance(value, bool)
    if ptype == AMOUNT:
        return (
            (isinstance(value, int) and not isinstance(value, bool))
            or value in ("X", "margin")
            or isinstance(value, dict)
        )
    if ptype in (FILTER, CONDITION):
        return isinstance(value, dict)
    if ptype == ICONS:
        return isinstance(value, str) and all(ch in "TCAI" for ch in value.lstrip("-"))
    if ptype == EFFECTS:
        return isinstance(value, list | dict)
    if ptype == STRS:
        return isinstance(value, str) or (
            isinstance(value, list) and all(isinstance(v, str) for v in value)
        )
    return True


def _type_name(ptype) -> str:
    if isinstance(ptype, tuple):
        return " or ".join(repr(v) for v in ptype)
    return ptype


class Registry:
    """Named entries of one kind, with their parameter schemas."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.entries: dict[str, Entry] = {}
        self.used: set[str] = set()

    def register(self, name: str, *, harms: bool = False, **params: Param | str):
        """Decorator: ``build(**params)`` makes what the entry names (an effect, a passive,
        a predicate...). A bare type string is an optional parameter of that type;
        ``harms`` marks an effect that harms the player it acts for (``Entry.harms``)."""

        def decorate(build):
            if name in self.entries:
                raise TextError(f"{self.kind} {name!r} is registered twice")
            schema = {k: v if isinstance(v, Param) else Param(v) for k, v in params.items()}
            doc = (build.__doc__ or "").strip()
            self.entries[name] = Entry(name, build, schema, doc, harms)
            return build

        return decorate

    def __contains__(self, name: str) -> bool:
        return name in self.entries

    def names(self) -> list[str]:
        return sorted(self.entries)

    def check(self, name: str, values: dict, where: str) -> Entry:
        """The entry ``name`` after checking ``values`` against its schema."""
        entry = self.entries.get(name)
        if entry is None:
            raise TextError(f"{where}: unknown {self.kind} {name!r}")
        for key, value in values.items():
            spec = entry.params.get(key)
            if spec is None:
                known = ", ".join(sorted(entry.params)) or "none"
                raise TextError(
                    f"{where}: {self.kind} {name!r} has no parameter {key!r} (it takes {known})"
                )
            if not _type_ok(spec.type, value):
                raise TextError(
                    f"{where}: {self.kind} {name!r} parameter {key!r} must be "
                    f"{_type_name(spec.type)}, not {value!r}"
                )
        for key, spec in entry.params.items():
            if spec.required and key not in values:
                raise TextError(f"{where}: {self.kind} {name!r} needs parameter {key!r}")
        self.used.add(name)
        return entry

    def build(self, name: str, values: dict, where: str, *args):
        entry = self.check(name, values, where)
        kwargs = {k: spec.default for k, spec in entry.params.items()}
        kwargs.update(values)
        return entry.build(*args, **kwargs)


# What the game remembers of a phase only for a deck with a card that reads it (``DeckFacts``):
# "discards" (the cards that entered your discard pile this phase, from any zone) and
# "departures" (the characters that left play this phase, for any zone); also what a card
# may turn into a character ("itself_character", "host_character": ``CompiledDeck.
# may_be_character``). An entry notes
# while it is built that it reads one; ``load.compile_entry`` collects them per card.
_MEMORIES: set[str] = set()


def remembers(memory: str) -> None:
    """The entry being built reads this memory of the phase ("discards", "departures")."""
    _MEMORIES.add(memory)


def memories_read() -> frozenset[str]:
    """The memories noted since the last call (forgotten then)."""
    out = frozenset(_MEMORIES)
    _MEMORIES.clear()
    return out


EFFECT = Registry("effect")  # one-shot effects: (game, src, ctx) generator functions
CONSTANT = Registry("constant")  # passives while in play: ``Static`` records
TRIGGER = Registry("trigger")  # the events a response or forced response waits for
FILTER_ATOM = Registry("filter")  # atoms of a card filter
CONDITION_ATOM = Registry("condition")  # atoms of a condition
HOOK = Registry("hook")  # named rule-benders (``hooks``)
COST = Registry("cost")  # costs of an ability beyond "pay N"

REGISTRIES = (EFFECT, CONSTANT, TRIGGER, FILTER_ATOM, CONDITION_ATOM, HOOK, COST)
