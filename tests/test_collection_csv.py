"""The collection's CSV backup: exact round trips, and bad files that change nothing."""

from __future__ import annotations

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from test_collection import CARDS, make_session

from card_db.errors import DeckbuilderError, UnknownCardError
from card_db.pool import CardPool
from deckbuilder import collection

POOL = CardPool(CARDS)
PRODUCT_TITLES = {
    "Core": ["Alpha", "Beta", "Story One"],
    "TSotS": ["Gamma", "Alpha"],
    "SoA": ["Delta"],
    "TSB": ["Bone Sculptor"],
}
TITLES = sorted({c.title for c in CARDS})


def resolve(text: str) -> str:
    return collection.resolve_title(text, pool=POOL)


@pytest.fixture(scope="module")
def session():
    with make_session() as session:
        yield session


copies_rows = st.lists(
    st.sampled_from(
        [(code, "") for code in PRODUCT_TITLES]
        + [(code, t) for code, titles in PRODUCT_TITLES.items() for t in titles]
    ),
    unique=True,
    max_size=4,
).flatmap(
    lambda keys: st.tuples(*[st.integers(0, 4) for _ in keys]).map(
        lambda counts: [("copies", c, t, n) for (c, t), n in zip(keys, counts, strict=True)]
    )
)
deck_names = (
    st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
    .map(str.strip)
    .filter(bool)
)
collections_ = st.fixed_dictionaries(
    {
        "products": st.dictionaries(
            st.sampled_from([s.code for s in collection.PRODUCTS]), st.integers(1, 5), max_size=4
        ),
        "copies": copies_rows,
        "cards": st.dictionaries(
            st.sampled_from(TITLES), st.integers(-3, 5).filter(bool), max_size=4
        ),
        "built": st.dictionaries(
            deck_names,
            st.dictionaries(st.sampled_from(TITLES), st.integers(1, 3), min_size=1, max_size=3),
            max_size=3,
        ),
    }
)


def as_rows(data: dict) -> list[collection.CsvRow]:
    rows = [("product", code, "", n) for code, n in data["products"].items()]
    rows += data["copies"]
    rows += [("card", "", title, n) for title, n in data["cards"].items()]
    for name, cards in data["built"].items():
        rows += [("built", name, title, n) for title, n in cards.items()]
    return rows


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=collections_)
@example(data={"products": {}, "copies": [], "cards": {}, "built": {"0\r0": {"Alpha": 1}}})
def test_export_then_import_is_exact(session, data):
    collection.replace_all(as_rows(data), session=session)
    exported = collection.export_rows(session=session)
    assert sorted(exported) == sorted(as_rows(data))  # nothing lost or invented
    text = collection.format_csv(exported)
    parsed = collection.parse_csv(text, resolve=resolve)
    assert parsed == exported
    collection.replace_all(parsed, session=session)
    assert collection.format_csv(collection.export_rows(session=session)) == text
    session.rollback()


def test_files_round_trip_byte_for_byte(session, tmp_path):
    rows = [
        ("product", "Core", "", 2),
        ("copies", "TSotS", "", 2),
        ("copies", "TSotS", "Gamma", 1),
        ("card", "", "Epsilon", 3),
        ("built", 'Cthulhu, "rush"', "Alpha", 2),
    ]
    collection.replace_all(rows, session=session)
    first = tmp_path / "collection.csv"
    collection.write_csv(first, collection.export_rows(session=session))
    collection.replace_all(collection.read_csv(first, resolve=resolve), session=session)
    second = tmp_path / "again.csv"
    collection.write_csv(second, collection.export_rows(session=session))
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text().splitlines()[0] == "kind,name,title,count"
    session.rollback()


def test_hand_edited_files_are_read_leniently():
    text = "\ufeffKind,Name,Title,Count\r\nproduct, core set ,,2\r\n\r\ncard,,alpha,1\r\n"
    assert collection.parse_csv(text, resolve=resolve) == [
        ("product", "Core", "", 2),
        ("card", "", "Alpha", 1),
    ]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty file"),
        ("a,b,c\n", "line 1: the header must be"),
        ("kind,name,title,count\nproduct,Core,,two\n", "line 2: count 'two' is not a whole"),
        ("kind,name,title,count\nproduct,Nope,,1\n", "line 2: unknown product 'Nope'"),
        ("kind,name,title,count\nproduct,Core,,0\n", "line 2: count must be 1 or more"),
        ("kind,name,title,count\nthing,Core,,1\n", "line 2: unknown kind 'thing'"),
        ("kind,name,title,count\ncard,,Alpha\n", "line 2: expected 4 cells, found 3"),
        ("kind,name,title,count\ncard,,Alpha,1\ncard,,ALPHA,2\n", "line 3: repeats line 2"),
        ("kind,name,title,count\nbuilt,,Alpha,1\n", "line 2: a built row needs the deck name"),
        ("kind,name,title,count\ncopies,Core,,-1\n", "line 2: copies must be 0 or more"),
    ],
)
def test_bad_files_name_the_line(text, message):
    with pytest.raises(DeckbuilderError, match=message):
        collection.parse_csv(text, where="mine.csv", resolve=resolve)


def test_unknown_titles_name_the_line_and_suggest():
    with pytest.raises(UnknownCardError) as excinfo:
        collection.parse_csv(
            "kind,name,title,count\ncard,,Gama,1\n", where="mine.csv", resolve=resolve
        )
    assert str(excinfo.value).startswith("mine.csv: line 2: unknown card")
    assert "Gamma" in excinfo.value.suggestions


def test_a_copies_row_for_a_card_outside_the_product_changes_nothing(session):
    collection.replace_all([("product", "Core", "", 1)], session=session)
    session.commit()
    with pytest.raises(DeckbuilderError, match="not in"):
        collection.replace_all([("copies", "Core", "Gamma", 2)], session=session)
    session.rollback()
    assert collection.export_rows(session=session) == [("product", "Core", "", 1)]
