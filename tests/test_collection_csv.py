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
NAMES = {c.id: (c.title, c.descriptor or "") for c in CARDS if c.id == c.card_id}
PRODUCT_CARDS = {
    "Core": ["Core-001", "Core-002", "Core-003", "Core-004"],
    "TSotS": ["TSotS-001", "Core-001", "TSotS-003"],
    "SoA": ["SoA-001"],
    "TSB": ["TSB-010"],
}
CARD_IDS = sorted(NAMES)


@pytest.fixture(scope="module")
def session():
    with make_session() as session:
        yield session


copies_rows = st.lists(
    st.sampled_from(
        [(code, "") for code in PRODUCT_CARDS]
        + [(code, c) for code, cards in PRODUCT_CARDS.items() for c in cards]
    ),
    unique=True,
    max_size=4,
).flatmap(
    lambda keys: st.tuples(*[st.integers(0, 4) for _ in keys]).map(
        lambda counts: [
            ("copies", code, *NAMES.get(c, ("", "")), c, n)
            for (code, c), n in zip(keys, counts, strict=True)
        ]
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
            st.sampled_from(CARD_IDS), st.integers(-3, 5).filter(bool), max_size=4
        ),
        "built": st.dictionaries(
            deck_names,
            st.dictionaries(st.sampled_from(CARD_IDS), st.integers(1, 3), min_size=1, max_size=3),
            max_size=3,
        ),
    }
)


def as_rows(data: dict) -> list[collection.CsvRow]:
    rows = [("product", code, "", "", "", n) for code, n in data["products"].items()]
    rows += data["copies"]
    rows += [("card", "", *NAMES[c], c, n) for c, n in data["cards"].items()]
    for name, cards in data["built"].items():
        rows += [("built", name, *NAMES[c], c, n) for c, n in cards.items()]
    return rows


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=collections_)
@example(data={"products": {}, "copies": [], "cards": {}, "built": {"0\r0": {"Core-001": 1}}})
def test_export_then_import_is_exact(session, data):
    collection.replace_all(as_rows(data), session=session)
    exported = collection.export_rows(session=session)
    assert sorted(exported) == sorted(as_rows(data))  # nothing lost or invented
    text = collection.format_csv(exported)
    parsed = collection.parse_csv(text, pool=POOL)
    assert parsed == exported
    collection.replace_all(parsed, session=session)
    assert collection.format_csv(collection.export_rows(session=session)) == text
    session.rollback()


def test_files_round_trip_byte_for_byte(session, tmp_path):
    rows = [
        ("product", "Core", "", "", "", 2),
        ("copies", "TSotS", "", "", "", 2),
        ("copies", "TSotS", "Gamma", "", "TSotS-001", 1),
        ("card", "", "Epsilon", "", "AE-001", 3),
        ("card", "", "Yog", "All-In-One", "TSotS-003", 1),
        ("built", 'Cthulhu, "rush"', "Alpha", "", "Core-001", 2),
    ]
    collection.replace_all(rows, session=session)
    first = tmp_path / "collection.csv"
    collection.write_csv(first, collection.export_rows(session=session))
    collection.replace_all(collection.read_csv(first, pool=POOL), session=session)
    second = tmp_path / "again.csv"
    collection.write_csv(second, collection.export_rows(session=session))
    assert first.read_bytes() == second.read_bytes()
    assert first.read_text().splitlines()[0] == "kind,name,title,descriptor,card,count"
    assert "card,,Yog,All-In-One,TSotS-003,1" in first.read_text().splitlines()
    session.rollback()


def test_hand_edited_and_old_files_are_read_leniently():
    old = "\ufeffKind,Name,Title,Count\r\nproduct, core set ,,2\r\n\r\ncard,,alpha,1\r\n"
    assert collection.parse_csv(old, pool=POOL) == [
        ("product", "Core", "", "", "", 2),
        ("card", "", "Alpha", "", "Core-001", 1),
    ]
    new = (
        "kind,name,title,descriptor,card,count\n"
        "card,,Yog,lord of time and space,,2\n"  # the descriptor says which Yog
        "card,,,,TSotS-003,1\n"  # the card id alone is enough
        "copies,TSotS,Yog,,,1\n"  # the product holds one Yog
    )
    assert collection.parse_csv(new, pool=POOL) == [
        ("card", "", "Yog", "Lord of Time and Space", "Core-004", 2),
        ("card", "", "Yog", "All-In-One", "TSotS-003", 1),
        ("copies", "TSotS", "Yog", "All-In-One", "TSotS-003", 1),
    ]


def test_an_old_file_naming_a_title_of_several_cards_is_a_line_error_naming_them():
    old = "kind,name,title,count\nproduct,Core,,1\ncard,,Yog,1\n"
    with pytest.raises(DeckbuilderError) as excinfo:
        collection.parse_csv(old, where="old.csv", pool=POOL)
    message = str(excinfo.value)
    assert message.startswith('old.csv: line 3: "Yog" names 2 cards')
    assert "Yog, Lord of Time and Space" in message and "Yog, All-In-One" in message
    assert "\n" not in message


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("", "empty file"),
        ("a,b,c\n", "line 1: the header must be"),
        ("kind,name,title,count\nproduct,Core,,two\n", "line 2: count 'two' is not a whole"),
        ("kind,name,title,count\nproduct,Core,,٣\n", "line 2: count '٣' is not a whole"),
        ("kind,name,title,count\nproduct,Core,,²\n", "line 2: count '²' is not a whole"),
        ("kind,name,title,count\nproduct,Core,," + "9" * 5000 + "\n", "line 2: count 9+"),
        ("kind,name,title,count\ncard,,Alpha,-99999\n", "line 2: count -99999 is too large"),
        ("kind,name,title,descriptor,card,count\ncard,,Beta,,Core-001,1\n", 'is "Alpha", not'),
        ("kind,name,title,descriptor,card,count\ncard,,,,Nope-1,1\n", "unknown card id 'Nope-1'"),
        ("kind,name,title,descriptor,card,count\ncard,,Yog,Nope,,1\n", "no card described"),
        ("kind,name,title,count\nproduct,Nope,,1\n", "line 2: unknown product 'Nope'"),
        ("kind,name,title,count\nproduct,Core,,0\n", "line 2: count must be 1 or more"),
        ("kind,name,title,count\nthing,Core,,1\n", "line 2: unknown kind 'thing'"),
        ("kind,name,title,count\ncard,,Alpha\n", "line 2: expected 4 cells, found 3"),
        ("kind,name,title,count\ncard,,Alpha,1\ncard,,ALPHA,2\n", "line 3: repeats line 2"),
        (
            "kind,name,title,descriptor,card,count\ncard,,Alpha,,,1\ncard,,,,TSotS-002,1\n",
            "line 3: repeats line 2",
        ),
        ("kind,name,title,count\nbuilt,,Alpha,1\n", "line 2: a built row needs the deck name"),
        ("kind,name,title,count\ncopies,Core,,-1\n", "line 2: copies must be 0 or more"),
    ],
)
def test_bad_files_name_the_line(text, message):
    with pytest.raises(DeckbuilderError, match=message):
        collection.parse_csv(text, where="mine.csv", pool=POOL)


def test_unknown_titles_name_the_line_and_suggest():
    with pytest.raises(UnknownCardError) as excinfo:
        collection.parse_csv("kind,name,title,count\ncard,,Gama,1\n", where="mine.csv", pool=POOL)
    assert str(excinfo.value).startswith("mine.csv: line 2: unknown card")
    assert "Gamma" in excinfo.value.suggestions


def test_a_copies_row_for_a_card_outside_the_product_changes_nothing(session):
    collection.replace_all([("product", "Core", "", "", "", 1)], session=session)
    session.commit()
    with pytest.raises(DeckbuilderError, match="not in"):
        collection.replace_all([("copies", "Core", "Gamma", "", "TSotS-001", 2)], session=session)
    session.rollback()
    assert collection.export_rows(session=session) == [("product", "Core", "", "", "", 1)]
