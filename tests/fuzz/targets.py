"""Every parser entry point the CLI calls, each with a hypothesis strategy of hostile input.

A target's ``run(data, env)`` feeds one input to the parser the way the CLI does; the
contract is "a result or a DeckbuilderError, in bounded time". The default test run tries a
few inputs per target (tests/fuzz/test_parsers.py); benchmarks/fuzz.py tries thousands.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st

# A generous bound: it catches quadratic blow-ups (tens of seconds), not slow machines.
TIME_LIMIT = 5.0

# --- building blocks ------------------------------------------------------------------------

TITLES = [
    "Paul LeMond", "Itinerant Scholar", "Broken Space, Broken Time", "607 Walter Street",
    "Experiment Subject #613b", "Tragic Celebrity", "Bone Sculptor", "Nyarlathotep",
    "The Necronomicon: Al Azif", "Doppelgänger", "Alaskan Sledge Dog", "Y'golonac",
]  # fmt: skip
PRINTINGS = ["Core Set", "Core", "SM1-019", "SoM-019", "Conspiracies of Chaos c45", "F117", "010b"]
# Digits that are not ASCII, numbers far beyond any card, and words of the formats.
ODD_NUMBERS = ["²", "٣", "𝟗", "1e400", "-1", "0", "999", "9" * 40, "9" * 5000, "NaN", "X"]
WORDS = ["x", "×", "*", "#", "(", ")", ":", "Name:", "Story Deck:", "Restricted:", "Banned:"]
odd_text = st.text(
    st.characters(codec="utf-8", exclude_categories=("Cs",)) | st.sampled_from("\ud800\udc80"),
    max_size=40,
)  # lone surrogates included: JSON escapes and pasted text can carry them
piece = st.one_of(
    st.sampled_from(TITLES),
    st.sampled_from(PRINTINGS),
    st.sampled_from(ODD_NUMBERS),
    st.sampled_from(WORDS),
    st.integers(-5, 1200).map(str),
    odd_text,
)
line = st.lists(piece, max_size=6).map(" ".join)
text_lines = st.lists(line, max_size=30).map("\n".join)
ENCODINGS = ["utf-8", "utf-8-sig", "cp1252", "utf-16", "latin-1"]


def encoded(text: str, encoding: str) -> bytes:
    return text.encode(encoding, "surrogatepass" if encoding.startswith("utf") else "replace")


text_bytes = st.one_of(
    st.builds(encoded, text_lines, st.sampled_from(ENCODINGS)),
    st.binary(max_size=300),
)
json_scalar = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**30), 10**30),
    st.floats(allow_nan=True, allow_infinity=True),
    odd_text,
    st.sampled_from(TITLES + ODD_NUMBERS),
)
json_value = st.recursive(
    json_scalar,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(odd_text, inner, max_size=4),
    max_leaves=12,
)


def json_bytes(document) -> bytes:
    # allow_nan: "Infinity" is how a careless tool writes 1e400; surrogates come escaped.
    return json.dumps(document, allow_nan=True).encode("utf-8")


def mixed(base: dict, overrides: st.SearchStrategy) -> st.SearchStrategy:
    """``base`` with some fields replaced by arbitrary JSON values."""
    return st.dictionaries(st.sampled_from(sorted(base)), overrides, max_size=len(base)).map(
        lambda changes: {**base, **changes}
    )


xml_attribute = st.one_of(
    st.sampled_from(TITLES + ODD_NUMBERS + ["Draw Deck", "Story Deck", ""]),
    st.text(st.characters(codec="utf-8", exclude_characters='<&"', exclude_categories=("Cs",))),
)


def _quote(value: str) -> str:
    return value.replace("&", "&amp;").replace("<", "&lt;").replace('"', "&quot;")


def xml_element(tags: list[str], attributes: list[str]) -> st.SearchStrategy:
    """Random nestings of ``tags`` carrying ``attributes`` with odd values, as XML text."""

    def element(children):
        return st.builds(
            lambda tag, attrs, text, kids: (
                f"<{tag}"
                + "".join(f' {k}="{_quote(v)}"' for k, v in attrs.items())
                + f">{_quote(text)}{''.join(kids)}</{tag}>"
            ),
            st.sampled_from(tags),
            st.dictionaries(st.sampled_from(attributes), xml_attribute, max_size=3),
            st.sampled_from(TITLES + ["", "Name: x", "Name: \u00e9"]),
            st.lists(children, max_size=4),
        )

    return st.recursive(element(st.just("")), element, max_leaves=15)


def xml_document(
    root: str, tags: list[str], attributes: list[str], root_attributes: str = ""
) -> st.SearchStrategy:
    declaration = st.sampled_from(
        [
            "",
            '<?xml version="1.0" encoding="utf-8"?>',
            '<?xml version="1.0" encoding="klingon-8"?>',
            '<?xml version="1.0" encoding="utf-16"?>',
            '<!DOCTYPE x [<!ENTITY a "b">]>',
        ]
    )
    body = st.lists(xml_element(tags, attributes), max_size=5).map("".join)
    document = st.builds(
        lambda d, b: f"{d}<{root}{root_attributes}>{b}</{root}>".encode(), declaration, body
    )
    return document | st.binary(max_size=200)


# --- targets --------------------------------------------------------------------------------


@dataclass
class FuzzEnv:
    pool: object  # the whole card pool
    engine: object  # a private card database, for the importers
    db_path: Path
    folder: Path  # where inputs that must be files are written


def _deck(suffix: str):
    def run(data: bytes, env: FuzzEnv):
        from deckbuilder.formats import parse_deck

        deck = parse_deck(data, env.pool, suffix=suffix)
        for middle in (".txt", ".o8d", ".json"):  # what `convert` does with a deck read
            from deckbuilder.formats import dump_deck

            dump_deck(deck, middle).encode("utf-8")

    return run


def _collection_csv(data: bytes, env: FuzzEnv):
    from deckbuilder.collection import read_csv

    path = env.folder / "collection.csv"
    path.write_bytes(data)
    read_csv(path, pool=env.pool, warnings=[])  # what `collection import` reads


def _list_file(suffix: str):
    def run(data: bytes, env: FuzzEnv):
        from deckbuilder.legality import parse_list_file
        from deckbuilder.legality.resolution import resolve_uncached

        path = env.folder / f"list{suffix}"
        path.write_bytes(data)
        resolve_uncached(parse_list_file(path), env.pool, strict=True)  # what `db add-list` checks

    return run


def _import(name: str):
    def run(data: bytes, env: FuzzEnv):
        from card_db.importers import import_paths

        path = env.folder / name
        path.write_bytes(data)
        import_paths(env.engine, [path])

    return run


def _query(text: str, env: FuzzEnv):
    from card_db.query import QueryContext, parse
    from card_db.search import search
    from card_db.search_rows import load_search_pool

    query = parse(text)  # what `deckbuilder search` does, with every context field answered
    pool, vocabulary = load_search_pool(env.db_path, query)
    context = QueryContext(lambda c: False, lambda c: True, lambda c: 2, lambda c: 1)
    search(pool, query, context=context, limit=20, vocabulary=vocabulary)


DECK_DOCUMENT = {
    "kind": "deckbuilder-deck",
    "name": "Fuzz",
    "format": "lcg",
    "list": "final-2015",
    "draw": [{"id": "Core-004", "title": "Paul LeMond", "count": 3}],
    "story": [],
}
deck_entry = mixed({"id": "Core-004", "title": "Paul LeMond", "count": 3}, json_value)
json_deck = st.one_of(
    mixed(DECK_DOCUMENT, json_value),
    st.builds(
        lambda doc, draw: {**doc, "draw": draw},
        mixed(DECK_DOCUMENT, json_value),
        st.lists(deck_entry, max_size=5),
    ),  # fmt: skip
    json_value,
).map(json_bytes) | st.binary(max_size=200)

csv_cell = st.one_of(
    st.sampled_from(
        ["product", "card", "copies", "built", "Core Set", "Dunwich Denizens", "Core-004", ""]
    ),
    st.sampled_from(TITLES + ODD_NUMBERS),
    odd_text.map(lambda t: t.replace("\ud800", "").replace("\udc80", "")),
)
csv_header = st.sampled_from(["kind,name,title,descriptor,card,count", "kind,name,title,count"])
csv_text = st.builds(
    lambda header, rows: "\n".join([header, *rows]).encode("utf-8"),
    csv_header,
    st.lists(st.lists(csv_cell, min_size=1, max_size=7).map(",".join), max_size=10),
) | st.binary(max_size=200)

LIST_DOCUMENT = {
    "kind": "deckbuilder-legality-list",
    "id": "fuzz",
    "name": "Fuzz list",
    "effective": "2016-01-01",
    "source": "fuzz",
    "restricted": ["Paul LeMond"],
    "banned": [{"title": "Itinerant Scholar", "printing": "Core Set"}],
    "errata": {"max_copies": {"Alaskan Sledge Dog": 3}, "conspiracy_limit": 3},
}
list_json = st.one_of(mixed(LIST_DOCUMENT, json_value), json_value).map(json_bytes)
list_text = st.lists(
    st.one_of(line, st.sampled_from(["Name: Fuzz", "Id: fuzz", "Effective: 2015-02-30"])),
    max_size=20,
).map(lambda lines: "\n".join(["Restricted:", *lines]).encode("utf-8", "surrogatepass"))

CARD_RECORD = {
    "name": "Zed Quimby", "type": "Character", "era": "LCG", "setname": "Core Set",
    "id": "999", "faction": "Cthulhu", "cost": 1, "skill": 1, "terror": 0, "combat": 1,
    "arcane": 0, "investigation": 0, "max": 3, "unique": False, "text": "",
    "subtypes": "Sorcerer.", "steadfast": [["Cthulhu", 1]], "descriptor": None,
}  # fmt: skip
json_lines = st.lists(
    st.one_of(mixed(CARD_RECORD, json_value), json_value).map(json.dumps), min_size=1, max_size=5
).map(lambda lines: ("\n".join(lines) + "\n").encode("utf-8", "surrogatepass"))
octgn_set = xml_document(
    "set", ["card", "property", "cards", "alternate"], ["name", "id", "value"], ' name="Core"'
)

LACKEY_HEADER = (
    "Name\tSet\tImageFile\tErrata\tRestricted\tCycle\tPack\tRelease Order\tEdition\tUnique\t"
    "Faction\tType\tSubType\tCost\tTerror\tCombat\tArcane\tInvestigation\tSkill\tText"
)
lackey_cell = st.one_of(
    st.sampled_from(
        ["Core", "LCG", "CCG", "Character", "Agency", "*", ",01-004", ",01-170", "Token", ""]
    ),
    st.sampled_from(TITLES + ODD_NUMBERS),
    st.text(st.characters(codec="cp1252", exclude_characters="\t\r\n"), max_size=20),
)
lackey_file = st.lists(
    st.lists(lackey_cell, min_size=19, max_size=21).map("\t".join), min_size=1, max_size=6
).map(lambda rows: "\r\n".join([LACKEY_HEADER, *rows]).encode("cp1252", "replace"))

QUERY_WORDS = [
    "t:", "f:", "c:", "c<=", "c>", "s>=", "i:", "k:", "st:", "x:", "set:", "u:", "era:", "r:",
    "b:", "own>", "avail<", "terror=", "!", "|", '"', "'", "or", "-",
]  # fmt: skip
query_text = st.lists(
    st.one_of(st.sampled_from(QUERY_WORDS), st.sampled_from(ODD_NUMBERS), piece), max_size=8
).map(lambda parts: "".join(p if p.endswith((":", "=", "<", ">", "!")) else p + " " for p in parts))


@dataclass(frozen=True)
class Target:
    name: str
    strategy: st.SearchStrategy
    run: object  # (data, env) -> None; raises DeckbuilderError for bad input


TARGETS = [
    Target("text deck", text_bytes, _deck(".txt")),
    Target(
        "o8d deck",
        xml_document("deck", ["section", "card", "notes"], ["name", "qty", "id"]),
        _deck(".o8d"),
    ),  # fmt: skip
    Target("json deck", json_deck, _deck(".json")),
    Target("collection csv", csv_text, _collection_csv),
    Target("list json", list_json, _list_file(".json")),
    Target("list text", list_text | text_bytes, _list_file(".txt")),
    Target("json lines import", json_lines, _import("cards.jsonl")),
    Target("octgn set import", octgn_set, _import("set.xml")),
    Target("lackey import", lackey_file, _import("CardDataFile.txt")),
    Target("query", query_text, _query),
]


def make_env(full_db: Path, folder: Path) -> FuzzEnv:
    """The pool of ``full_db`` and a private copy of it for the importers to write to."""
    import shutil

    from card_db.db import prepare_database
    from card_db.pool import CardPool
    from card_db.store import load_cards

    copy = folder / "fuzz.sqlite"
    shutil.copy(full_db, copy)
    return FuzzEnv(CardPool(load_cards(full_db)), prepare_database(copy), full_db, folder)


# Big hostile inputs of the shapes, for the long runs (name, target, input).
def big_inputs() -> list[tuple[str, str, bytes | str]]:
    junk = "".join(f"zq{n:05d} xv blorp ({n} qwerty\n" for n in range(31_000)).encode()
    nested = ("<deck>" + '<section name="a">' * 27_000 + "</section>" * 27_000 + "</deck>").encode()
    return [
        ("40,000-character line", "text deck", ("Paul" + " " * 40_000 + "LeMond\n").encode()),
        ("40,000-character line", "list text", b"Banned:\nPaul" + b" " * 40_000 + b"LeMond\n"),
        ("950 KB of junk lines", "text deck", junk),
        ("950 KB of junk lines", "list text", b"Banned:\n" + junk),
        ("27,000 nested sections", "o8d deck", nested),
        ("58,000 lines of 999x Paul LeMond", "text deck", b"999x Paul LeMond\n" * 58_000),
    ]
