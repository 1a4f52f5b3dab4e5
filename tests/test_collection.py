"""The collection domain: ownership arithmetic per card, overrides, reservations by built
decks."""

from __future__ import annotations

import pytest
from conftest import make_card
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.errors import DeckbuilderError, UnknownCardError
from card_db.names import title_key
from deckbuilder import collection
from deckbuilder.collection import AmbiguousCardError, CollectionError, UnknownProductError
from deckbuilder.deck import Deck

CARDS = [
    make_card("Alpha", id="Core-001", number="001"),
    make_card("Beta", id="Core-002", number="002"),
    make_card("Story One", id="Core-003", number="003", type="Story", faction="Neutral"),
    make_card("Gamma", id="TSotS-001", set_code="TSotS", set_name="The Spawn of the Sleeper"),
    # Alpha reprinted in a later pack: printings of one card share ownership.
    make_card(
        "Alpha",
        id="TSotS-002",
        card_id="Core-001",
        set_code="TSotS",
        set_name="The Spawn of the Sleeper",
    ),
    make_card("Delta", id="SoA-001", set_code="SoA", set_name="Secrets of Arkham"),
    # A duplicate record of one card in the same product counts once.
    make_card("Bone Sculptor", id="TSB-010", set_code="TSB", set_name="The Sleeper Below"),
    make_card(
        "Bone Sculptor",
        id="TSB-010b",
        card_id="TSB-010",
        set_code="TSB",
        set_name="The Sleeper Below",
    ),
    make_card("Epsilon", id="AE-001", era="CCG", set_code="AE", set_name="Arkham Edition"),
    # One title, two cards: owning one owns nothing of the other.
    make_card("Yog", id="Core-004", number="004", descriptor="Lord of Time and Space"),
    make_card(
        "Yog",
        id="TSotS-003",
        descriptor="All-In-One",
        set_code="TSotS",
        set_name="The Spawn of the Sleeper",
    ),
]


def card_row(card) -> dict:
    row = card.fields()
    row.update(
        title_key=title_key(card.title),
        subtypes="|".join(card.subtypes),
        keywords="|".join(card.keywords),
        steadfast="|".join(f"{f}:{n}" for f, n in card.steadfast),
    )
    return row


def make_session(cards=CARDS):
    from card_db.db import create_db_engine, ensure_schema, session_for
    from card_db.importers.upsert import upsert_cards

    engine = create_db_engine(":memory:")
    ensure_schema(engine)
    with engine.begin() as connection:
        upsert_cards(connection, [card_row(c) for c in cards])
    return session_for(engine)


@pytest.fixture
def session():
    with make_session() as session:
        yield session


def deck(name: str, **counts: int) -> Deck:
    """A deck from title=count pairs (underscores for spaces) or card id=count pairs."""
    by_title = {c.title: c for c in CARDS if c.id == c.card_id}
    by_id = {c.id.replace("-", "_"): c for c in CARDS}
    result = Deck(name)
    for title, n in counts.items():
        card = by_id.get(title) or by_title[title.replace("_", " ")]
        result.add(card, n, section="story" if card.type == "Story" else "draw")
    return result


def test_core_set_holds_one_of_each_card_and_counts_multiply(session):
    collection.add_product("Core Set", session=session)
    assert collection.owned_counts(session=session) == {
        "Core-001": 1,
        "Core-002": 1,
        "Core-003": 1,
        "Core-004": 1,
    }
    info, count = collection.add_product("core", count=2, session=session)
    assert (info.code, count) == ("Core", 3)
    assert collection.owned_counts(session=session)["Core-002"] == 3


def test_product_copies_come_from_the_data(session):
    collection.add_product("TSotS", session=session)  # an Asylum Pack: 3 of each
    collection.add_product("secrets of arkham", session=session)  # 2 of each
    collection.add_product("The Sleeper Below", session=session)
    owned = collection.owned_counts(session=session)
    assert owned == {"TSotS-001": 3, "Core-001": 3, "TSotS-003": 3, "SoA-001": 2, "TSB-010": 3}


def test_ownership_sums_printings_of_a_card_and_adjustments(session):
    collection.add_product("Core", count=2, session=session)
    collection.add_product("TSotS", session=session)
    change = collection.add_card("TSotS-002", 1, session=session)  # a printing names its card
    assert (change.card_id, change.title, change.adjustment) == ("Core-001", "Alpha", 1)
    collection.add_card("Core-002", -1, session=session)  # one lost
    collection.add_card("AE-001", 4, session=session)  # CCG singles
    owned = collection.owned_counts(session=session)
    assert owned["Core-001"] == 2 + 3 + 1
    assert owned["Core-002"] == 1
    assert owned["AE-001"] == 4


def test_cards_sharing_a_title_are_owned_apart(session):
    collection.add_product("Core", session=session)
    owned = collection.owned_counts(session=session)
    assert (owned["Core-004"], owned.get("TSotS-003", 0)) == (1, 0)
    change = collection.add_card("TSotS-003", 2, session=session)
    assert change.title == "Yog (All-In-One)"  # the label says which Yog
    owned = collection.owned_counts(session=session)
    assert (owned["Core-004"], owned["TSotS-003"]) == (1, 2)
    check = collection.missing_for(deck("Mine", Core_004=2, TSotS_003=2), session=session)
    assert [m.to_json() for m in check.missing] == [
        {
            "title": "Yog (Lord of Time and Space)",
            "need": 2,
            "have": 1,
            "card": "Core-004",
            "descriptor": "Lord of Time and Space",
        }
    ]


def test_removing_more_than_owned_is_refused_and_changes_nothing(session):
    collection.add_product("Core", session=session)
    with pytest.raises(CollectionError, match="you own 1"):
        collection.add_card("Core-002", -2, session=session)
    with pytest.raises(CollectionError, match="you own 1"):
        collection.add_product("Core", count=-2, session=session)
    assert collection.owned_counts(session=session)["Core-002"] == 1
    collection.add_product("Core", count=-1, session=session)
    assert collection.owned_counts(session=session) == {}
    assert collection.summary(session=session).products == []


def test_user_overrides_copies_per_product_and_per_card(session):
    collection.add_product("TSotS", count=2, session=session)
    collection.set_copies("TSotS", 2, session=session)  # an early 40-card printing
    assert collection.owned_counts(session=session)["TSotS-001"] == 4
    collection.set_copies("TSotS", 1, card="TSotS-001", session=session)
    owned = collection.owned_counts(session=session)
    assert (owned["TSotS-001"], owned["Core-001"]) == (2, 4)
    collection.set_copies("TSotS", None, session=session)  # back to the data for the rest
    assert collection.owned_counts(session=session)["Core-001"] == 6
    with pytest.raises(CollectionError, match="not in The Spawn of the Sleeper"):
        collection.set_copies("TSotS", 1, card="Core-002", session=session)


def test_unknown_product_suggests_names_and_ccg_sets_point_to_add_card(session):
    with pytest.raises(UnknownProductError) as excinfo:
        collection.add_product("Cor Set", session=session)
    assert "Core Set (Core)" in excinfo.value.suggestions
    assert "Core Set" in str(excinfo.value)
    with pytest.raises(CollectionError, match="add-card"):
        collection.add_product("Arkham Edition", session=session)
    assert collection.summary(session=session).products == []


def test_unknown_card_and_huge_counts_are_refused(session):
    with pytest.raises(CollectionError, match="no card 'Zeta'"):
        collection.add_card("Zeta", 1, session=session)
    with pytest.raises(CollectionError, match="too large"):
        collection.add_card("Core-001", 10**30, session=session)
    with pytest.raises(CollectionError, match="too large"):
        collection.add_product("Core", 10**30, session=session)
    assert collection.owned_counts(session=session) == {}


def test_resolve_card_suggests_close_titles_and_names_the_cards_of_a_title():
    from card_db.pool import CardPool

    pool = CardPool(CARDS)
    assert collection.resolve_card("ALPHA", pool=pool).id == "Core-001"
    assert collection.resolve_card("TSotS-002", pool=pool).id == "Core-001"
    with pytest.raises(UnknownCardError) as excinfo:
        collection.resolve_card("Gama", pool=pool)
    assert "Gamma" in excinfo.value.suggestions
    notes: list[str] = []
    assert collection.resolve_card("Story Oen", pool=pool, warnings=notes).title == "Story One"
    assert notes == ['"Story Oen" read as "Story One"']
    with pytest.raises(AmbiguousCardError, match='"Yog" names 2 cards') as excinfo:
        collection.resolve_card("yog", pool=pool)
    assert "Core-004" in str(excinfo.value) and "TSotS-003" in str(excinfo.value)
    assert collection.resolve_card("Yog, All-In-One", pool=pool).id == "TSotS-003"
    assert collection.resolve_card("Yog", descriptor="all in one", pool=pool).id == "TSotS-003"
    assert collection.resolve_card("Yog", within={"Core-004"}, pool=pool).id == "Core-004"


@pytest.mark.parametrize(
    ("text", "message"),
    [("٣", "not a whole number"), ("²", "not a whole number"), ("1e3", "not a whole number"),
     ("9" * 5000, "too large"), ("-10000", "too large")],
)  # fmt: skip
def test_counts_are_ascii_whole_numbers_of_sane_size(text, message):
    with pytest.raises(CollectionError, match=message):
        collection.parse_count(text)
    assert collection.parse_count(" +12 ") == 12 and collection.parse_count("-3") == -3


def test_missing_lists_each_title_with_need_and_have(session):
    collection.add_product("Core", session=session)
    check = collection.missing_for(deck("Mine", Alpha=3, Beta=1, Story_One=1), session=session)
    assert not check.buildable
    assert [m.to_json() for m in check.missing] == [
        {"title": "Alpha", "need": 3, "have": 1, "card": "Core-001", "descriptor": None}
    ]
    collection.add_card("Core-001", 2, session=session)
    assert collection.missing_for(deck("Mine", Alpha=3, Beta=1), session=session).buildable


def test_built_decks_reserve_cards_from_other_decks(session):
    collection.add_product("Core", count=2, session=session)
    first = deck("First", Alpha=2, Beta=1)
    assert collection.build(first, session=session).buildable
    assert collection.available_counts(session=session) == {
        "Core-002": 1,
        "Core-003": 2,
        "Core-004": 2,
    }
    # Its own reservation does not count against a deck.
    assert collection.missing_for(first, session=session).buildable
    second = deck("Second", Alpha=1, Beta=1)
    check = collection.missing_for(second, session=session)
    assert [(m.title, m.need, m.have) for m in check.missing] == [("Alpha", 1, 0)]
    # Not buildable: nothing reserved unless forced.
    assert not collection.build(second, session=session).buildable
    assert [d.name for d in collection.list_built(session=session)] == ["First"]
    collection.add_card("Core-001", 1, session=session)
    assert collection.build(second, session=session).buildable
    assert collection.reserved_counts(session=session) == {"Core-001": 3, "Core-002": 2}
    assert collection.available_counts(session=session) == {"Core-003": 2, "Core-004": 2}
    third = deck("Third", Beta=1)
    assert collection.missing_for(third, session=session).missing[0].have == 0
    collection.unbuild("First", session=session)
    assert collection.missing_for(third, session=session).buildable
    assert collection.available_counts(session=session)["Core-001"] == 2


def test_building_again_refreshes_the_snapshot(session):
    collection.add_product("Core", count=3, session=session)
    collection.build(deck("Mine", Alpha=3), session=session)
    collection.build(deck("Mine", Alpha=1, Beta=2), session=session)
    (built,) = collection.list_built(session=session)
    assert built.cards == {"Core-001": 1, "Core-002": 2}
    assert built.titles == {"Core-001": "Alpha", "Core-002": "Beta"}
    assert collection.reserved_counts(session=session) == {"Core-001": 1, "Core-002": 2}


def test_forced_build_reserves_what_is_missing(session):
    check = collection.build(deck("Proxies", Gamma=2), session=session, force=True)
    assert not check.buildable
    assert collection.reserved_counts(session=session) == {"TSotS-001": 2}
    assert collection.available_counts(session=session) == {}


def test_unbuild_of_an_unknown_deck_names_the_built_ones(session):
    collection.add_product("Core", session=session)
    collection.build(deck("First", Alpha=1), session=session)
    with pytest.raises(CollectionError, match="built decks: First"):
        collection.unbuild("Frist", session=session)


def test_empty_deck_cannot_be_built(session):
    with pytest.raises(DeckbuilderError, match="no cards"):
        collection.build(Deck("Empty"), session=session)


def test_summary_totals(session):
    collection.add_product("Core", count=2, session=session)
    collection.add_card("AE-001", 1, session=session)
    collection.add_card("TSotS-003", 1, session=session)
    collection.build(deck("First", Alpha=2), session=session)
    info = collection.summary(session=session).to_json()
    assert info["products"] == [{"code": "Core", "name": "Core Set", "count": 2, "copies_each": 1}]
    totals = ("cards", "distinct_cards", "titles", "reserved", "available")
    assert tuple(info[k] for k in totals) == (10, 6, 5, 2, 8)
    assert info["adjustments"] == [
        {"title": "Epsilon", "card": "AE-001", "count": 1},
        {"title": "Yog (All-In-One)", "card": "TSotS-003", "count": 1},
    ]
    assert info["built"] == [{"name": "First", "cards": 2}]


def test_a_failure_part_way_keeps_the_saved_collection(session, monkeypatch):
    collection.add_product("Core", session=session)
    collection.add_card("AE-001", 2, session=session)
    session.commit()
    before = collection.export_rows(session=session)
    rows = [("product", "TSotS", "", "", "", 1), ("card", "", "Gamma", "", "TSotS-001", 1)]

    def crash(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr("deckbuilder.collection.csv_backup.known_card", crash)
    with pytest.raises(RuntimeError):
        collection.replace_all(rows, session=session)
    session.rollback()
    assert collection.export_rows(session=session) == before


def test_a_database_from_before_the_collection_owns_nothing():
    import sqlite3

    old = sqlite3.connect(":memory:")
    old.execute("CREATE TABLE card (id, title_key, card_id, set_code, era)")
    assert collection.owned_counts(session=old) == {}
    assert collection.available_counts(session=old) == {}


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_any_typed_count_is_a_sane_number_or_one_clear_error(text):
    try:
        value = collection.parse_count(text)
    except CollectionError as exc:
        assert "\n" not in str(exc) and len(str(exc)) < 300
    else:
        assert abs(value) <= collection.MAX_COUNT
        assert text.strip().lstrip("+-").isdigit() and text.strip().isascii()
