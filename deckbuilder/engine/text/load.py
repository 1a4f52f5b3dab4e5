"""The card-text files: one TOML file per LCG set beside this module, every card of the set
once, read with ``tomllib`` and compiled on first use, one set at a time.

A card entry::

    [[card]]
    key = "Core-022"                 # the card id (its first LCG printing)
    title = "Title, Descriptor"
    text = '''...'''                 # the printed text, for review beside the data
    class = "solo" | "opponent" | "none"
    reason = "..."                   # opponent/none: why; solo without abilities: why not
    by_rules = "..."                 # solo text the core rules already play (no abilities)
    [[card.ability]]                 # see ``compile``
    ...

Loading a file checks its structure and compiles every ability (unknown template, parameter
or type: a ``TextError`` naming the file and card); ``lint`` adds the checks that need the
card database (every card present once, its text as printed) and the whole vocabulary
(every registered entry used).
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from deckbuilder.engine.text.compile import compile_ability
from deckbuilder.engine.text.registry import REGISTRIES, TextError, memories_read

HERE = Path(__file__).resolve().parent
CLASSES = ("solo", "opponent", "none")
_CARD_KEYS = {"key", "title", "text", "class", "reason", "by_rules", "ability"}


class CardText:
    """One card's entry, compiled: ``abilities`` (``Ability``/``Static`` records, None when
    its text is not simulated), ``win`` (a story's or conspiracy's win effect) and
    ``memories`` (what of the phase its text reads: ``registry.remembers``)."""

    __slots__ = ("key", "title", "text", "cls", "reason", "abilities", "win", "path", "memories")

    def __init__(self, key, title, text, cls, reason, abilities, win, path, memories=()) -> None:
        self.key = key
        self.title = title
        self.text = text
        self.cls = cls
        self.reason = reason
        self.abilities = abilities
        self.win = win
        self.path = path
        self.memories = frozenset(memories)

    @property
    def simulated(self) -> bool:
        return self.abilities is not None


def set_code_of(card_id: str) -> str:
    return card_id.rsplit("-", 1)[0]


def set_path(set_code: str) -> Path:
    return HERE / f"{set_code.lower()}.toml"


def set_files() -> list[Path]:
    return sorted(HERE.glob("*.toml"))


def _printed_ability_text(text: str) -> str:
    return " ".join(text.split())


def compile_entry(entry: dict, path: Path) -> CardText:
    name = path.name
    key = entry.get("key")
    if not isinstance(key, str):
        raise TextError(f"{name}: a card without a key")
    where = f"{name} {key}"
    unknown = set(entry) - _CARD_KEYS
    if unknown:
        raise TextError(f"{where}: a card has no {', '.join(sorted(unknown))}")
    cls = entry.get("class")
    if cls not in CLASSES:
        raise TextError(f"{where}: class {cls!r} is not one of {', '.join(CLASSES)}")
    records = entry.get("ability", [])
    reason = entry.get("reason", "")
    if cls != "solo" and records:
        raise TextError(f"{where}: a card of class {cls!r} has no abilities")
    printed = _printed_ability_text(entry.get("text", ""))
    abilities, win = [], None
    memories_read()  # (forget what an entry that failed to compile noted)
    for n, record in enumerate(records, 1):
        for item in compile_ability(record, f"{where} ability {n}", printed):
            if isinstance(item, tuple) and item and item[0] == "win":
                win = item[1:]
            else:
                abilities.append(item)
    if sum(1 for a in abilities if getattr(a, "trigger", "") == "event") > 1:
        raise TextError(f"{where}: an event card has one play ability")
    simulated = bool(records) or bool(entry.get("by_rules"))
    return CardText(
        key,
        entry.get("title", ""),
        entry.get("text", ""),
        cls,
        reason or entry.get("by_rules", ""),
        tuple(abilities) if simulated else None,
        win,
        path,
        memories_read() if simulated else (),
    )


@cache
def load_set(set_code: str) -> dict[str, CardText]:
    """The compiled entries of one set's file, by card id ({} when it has no file)."""
    path = set_path(set_code)
    if not path.exists():
        return {}
    return load_file(path)


def load_file(path: Path) -> dict[str, CardText]:
    try:
        document = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        raise TextError(f"{path.name}: not valid TOML ({exc})") from None
    out: dict[str, CardText] = {}
    for entry in document.get("card", []):
        card = compile_entry(entry, path)
        if card.key in out:
            raise TextError(f"{path.name} {card.key}: listed twice")
        if set_code_of(card.key).lower() != path.stem:
            raise TextError(f"{path.name} {card.key}: belongs to another set's file")
        out[card.key] = card
    return out


def card_text_entry(card_id: str) -> CardText | None:
    return load_set(set_code_of(card_id)).get(card_id)


def abilities_of(card_id: str):
    """The abilities and passives of a card, or None when its text is not simulated."""
    entry = card_text_entry(card_id)
    return entry.abilities if entry is not None else None


def memories_of(card_id: str) -> frozenset[str]:
    """What of the phase the card's text reads (``registry.remembers``)."""
    entry = card_text_entry(card_id)
    return entry.memories if entry is not None else frozenset()


def win_effect(card_id: str):
    """(label, effect, condition) of a story's or conspiracy's win effect, or None."""
    entry = card_text_entry(card_id)
    return entry.win if entry is not None else None


def all_card_texts() -> dict[str, CardText]:
    out: dict[str, CardText] = {}
    for path in set_files():
        out.update(load_set(_set_code_for(path)))
    return out


def _set_code_for(path: Path) -> str:
    document = tomllib.loads(path.read_text(encoding="utf-8"))
    return document.get("set", path.stem)


def forced_marker_problem(entry: CardText) -> str:
    """What is wrong with the ``rule`` marks of the forced records of ``entry`` ("" when
    nothing): a card printing no "Forced Response" has only rules (``rule = true``), one
    printing one has at least one forced record that is not a rule (``_barred`` bars only
    those)."""
    forced = [a for a in entry.abilities or () if getattr(a, "forced", False)]
    if not forced:
        return ""
    printed = "Forced Response" in entry.text
    if not printed and any(a.kind for a in forced):
        return "a forced record of a card printing no Forced Response needs rule = true"
    if printed and not any(a.kind for a in forced):
        return "prints a Forced Response, but every forced record says rule = true"
    return ""


def lint(cards) -> list[str]:
    """Every problem of the card-text files against ``cards`` (the LCG cards of the
    database, one per card id): files that do not load, cards missing or unknown, texts
    that differ from the printed ones, forced records marked wrong (``rule``), registered
    entries no card uses."""
    problems: list[str] = []
    entries: dict[str, CardText] = {}
    for path in set_files():
        try:
            loaded = load_file(path)
        except TextError as exc:
            problems.append(str(exc))
            continue
        for key, entry in loaded.items():
            if key in entries:
                problems.append(f"{path.name} {key}: also in {entries[key].path.name}")
            entries[key] = entry
    wanted = {c.card_id: c for c in cards}
    for key, card in wanted.items():
        entry = entries.get(key)
        if entry is None:
            problems.append(f"{set_path(set_code_of(key)).name} {key}: missing ({card.title})")
        elif " ".join(entry.text.split()) != " ".join((card.text or "").split()):
            problems.append(f"{entry.path.name} {key}: text differs from the card database")
    for key, entry in entries.items():
        if not entry.reason and entry.cls != "solo":
            problems.append(f"{entry.path.name} {key}: class {entry.cls!r} needs a reason")
        elif not entry.reason and not entry.simulated:
            problems.append(f"{entry.path.name} {key}: solo text not simulated needs a reason")
        marker = forced_marker_problem(entry)
        if marker:
            problems.append(f"{entry.path.name} {key}: {marker}")
    for key in sorted(set(entries) - set(wanted)):
        problems.append(f"{entries[key].path.name} {key}: no such LCG card in the database")
    if not problems:
        for registry in REGISTRIES:
            for name in sorted(set(registry.entries) - registry.used):
                problems.append(f"{registry.kind} {name!r} is registered but no card uses it")
    return problems
