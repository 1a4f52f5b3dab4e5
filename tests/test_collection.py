"""The collection domain: ownership arithmetic, overrides, reservations by built decks."""

from __future__ import annotations

import dataclasses

import pytest
from conftest import make_card

from card_db.errors import DeckbuilderError, UnknownCardError
from card_db.names import title_key
from deckbuilder import collection
from deckbuilder.collection import CollectionError, UnknownProductError
from deckbuilder.deck import Deck

CARDS = [
    make_card("Alpha", id="Core-001", number="001"),
    make_card("Beta", id="Core-002", number="002"),
    make_card("Story One", id="Core-003", number="003", type="Story", faction="Neutral"),
    make_card("Gamma", id="TSotS-001", set_code="TSotS", set_name="The Spawn of the Sleeper"),
    # Alpha reprinted in a later pack: ownership counts by title across printings.
    make_card("Alpha", id="TSotS-002", set_code="TSotS", set_name="The Spawn of the Sleeper"),
    make_card("Delta", id="SoA-001", set_code="SoA", set_name="Secrets of Arkham"),
    # A duplicate record of one card in the same product counts once.
    make_card("Bone Sculptor", id="TSB-010", set_code="TSB", set_name="The Sleeper Below"),
    make_card("Bone Sculptor", id="TSB-010b", set_code="TSB", set_name="The Sleeper Below"),
    make_card("Epsilon", id="AE-001", era="CCG", set_code="AE", set_name="Arkham Edition"),
]


def card_row(card) -> dict:
    row = dataclasses.asdict(card)
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
    """A deck from title=count pairs (underscores for spaces)."""
    by_title = {c.title: c for c in CARDS}
    result = Deck(name)
    for title, n in counts.items():
        card = by_title[title.replace("_", " ")]
        result.add(card, n, section="story" if card.type == "Story" else "draw")
    return result


def test_core_set_holds_one_of_each_card_and_counts_multiply(session):
    collection.add_product("Core Set", session=session)
    assert collection.owned_counts(session=session) == {"alpha": 1, "beta": 1, "storyone": 1}
    info, count = collection.add_product("core", count=2, session=session)
    assert (info.code, count) == ("Core", 3)
    assert collection.owned_counts(session=session)["beta"] == 3


def test_product_copies_come_from_the_data(session):
    collection.add_product("TSotS", session=session)  # an Asylum Pack: 3 of each
    collection.add_product("secrets of arkham", session=session)  # 2 of each
    collection.add_product("The Sleeper Below", session=session)
    owned = collection.owned_counts(session=session)
    assert owned == {"gamma": 3, "alpha": 3, "delta": 2, "bonesculptor": 3}


def test_ownership_sums_printings_of_a_title_and_adjustments(session):
    collection.add_product("Core", count=2, session=session)
    collection.add_product("TSotS", session=session)
    title, adjustment = collection.add_card("alpha", 1, session=session)
    assert (title, adjustment) == ("Alpha", 1)
    collection.add_card("Beta", -1, session=session)  # one lost
    collection.add_card("Epsilon", 4, session=session)  # CCG singles
    owned = collection.owned_counts(session=session)
    assert owned["alpha"] == 2 + 3 + 1
    assert owned["beta"] == 1
    assert owned["epsilon"] == 4


def test_removing_more_than_owned_is_refused_and_changes_nothing(session):
    collection.add_product("Core", session=session)
    with pytest.raises(CollectionError, match="you own 1"):
        collection.add_card("Beta", -2, session=session)
    with pytest.raises(CollectionError, match="you own 1"):
        collection.add_product("Core", count=-2, session=session)
    assert collection.owned_counts(session=session)["beta"] == 1
    collection.add_product("Core", count=-1, session=session)
    assert collection.owned_counts(session=session) == {}
    assert collection.summary(session=session).products == []


def test_user_overrides_copies_per_product_and_per_card(session):
    collection.add_product("TSotS", count=2, session=session)
    collection.set_copies("TSotS", 2, session=session)  # an early 40-card printing
    assert collection.owned_counts(session=session)["gamma"] == 4
    collection.set_copies("TSotS", 1, title="gamma", session=session)
    owned = collection.owned_counts(session=session)
    assert (owned["gamma"], owned["alpha"]) == (2, 4)
    collection.set_copies("TSotS", None, session=session)  # back to the data for the rest
    assert collection.owned_counts(session=session)["alpha"] == 6
    with pytest.raises(CollectionError, match="not in The Spawn of the Sleeper"):
        collection.set_copies("TSotS", 1, title="Beta", session=session)


def test_unknown_product_suggests_names_and_ccg_sets_point_to_add_card(session):
    with pytest.raises(UnknownProductError) as excinfo:
        collection.add_product("Cor Set", session=session)
    assert "Core Set (Core)" in excinfo.value.suggestions
    assert "Core Set" in str(excinfo.value)
    with pytest.raises(CollectionError, match="add-card"):
        collection.add_product("Arkham Edition", session=session)
    assert collection.summary(session=session).products == []


def test_unknown_card_is_refused(session):
    with pytest.raises(UnknownCardError):
        collection.add_card("Zeta", 1, session=session)


def test_resolve_title_suggests_close_titles():
    from card_db.pool import CardPool

    pool = CardPool(CARDS)
    assert collection.resolve_title("ALPHA", pool=pool) == "Alpha"
    with pytest.raises(UnknownCardError) as excinfo:
        collection.resolve_title("Gama", pool=pool)
    assert "Gamma" in excinfo.value.suggestions
    notes: list[str] = []
    assert collection.resolve_title("Story Oen", pool=pool, warnings=notes) == "Story One"
    assert notes == ['"Story Oen" read as "Story One"']


def test_missing_lists_each_title_with_need_and_have(session):
    collection.add_product("Core", session=session)
    check = collection.missing_for(deck("Mine", Alpha=3, Beta=1, Story_One=1), session=session)
    assert not check.buildable
    assert [m.to_json() for m in check.missing] == [{"title": "Alpha", "need": 3, "have": 1}]
    collection.add_card("Alpha", 2, session=session)
    assert collection.missing_for(deck("Mine", Alpha=3, Beta=1), session=session).buildable


def test_built_decks_reserve_cards_from_other_decks(session):
    collection.add_product("Core", count=2, session=session)
    first = deck("First", Alpha=2, Beta=1)
    assert collection.build(first, session=session).buildable
    assert collection.available_counts(session=session) == {"beta": 1, "storyone": 2}
    # Its own reservation does not count against a deck.
    assert collection.missing_for(first, session=session).buildable
    second = deck("Second", Alpha=1, Beta=1)
    check = collection.missing_for(second, session=session)
    assert [m.to_json() for m in check.missing] == [{"title": "Alpha", "need": 1, "have": 0}]
    # Not buildable: nothing reserved unless forced.
    assert not collection.build(second, session=session).buildable
    assert [d.name for d in collection.list_built(session=session)] == ["First"]
    collection.add_card("Alpha", 1, session=session)
    assert collection.build(second, session=session).buildable
    assert collection.reserved_counts(session=session) == {"alpha": 3, "beta": 2}
    assert collection.available_counts(session=session) == {"storyone": 2}
    third = deck("Third", Beta=1)
    assert collection.missing_for(third, session=session).missing[0].have == 0
    collection.unbuild("First", session=session)
    assert collection.missing_for(third, session=session).buildable
    assert collection.available_counts(session=session)["alpha"] == 2


def test_building_again_refreshes_the_snapshot(session):
    collection.add_product("Core", count=3, session=session)
    collection.build(deck("Mine", Alpha=3), session=session)
    collection.build(deck("Mine", Alpha=1, Beta=2), session=session)
    (built,) = collection.list_built(session=session)
    assert built.cards == {"Alpha": 1, "Beta": 2}
    assert collection.reserved_counts(session=session) == {"alpha": 1, "beta": 2}


def test_forced_build_reserves_what_is_missing(session):
    check = collection.build(deck("Proxies", Gamma=2), session=session, force=True)
    assert not check.buildable
    assert collection.reserved_counts(session=session) == {"gamma": 2}
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
    collection.add_card("Epsilon", 1, session=session)
    collection.build(deck("First", Alpha=2), session=session)
    info = collection.summary(session=session).to_json()
    assert info["products"] == [{"code": "Core", "name": "Core Set", "count": 2, "copies_each": 1}]
    assert (info["cards"], info["titles"], info["reserved"], info["available"]) == (7, 4, 2, 5)
    assert info["built"] == [{"name": "First", "cards": 2}]


def test_a_failure_part_way_keeps_the_saved_collection(session, monkeypatch):
    collection.add_product("Core", session=session)
    collection.add_card("Epsilon", 2, session=session)
    session.commit()
    before = collection.export_rows(session=session)
    rows = [("product", "TSotS", "", 1), ("card", "", "Gamma", 1)]

    def crash(*args, **kwargs):
        raise RuntimeError("power cut")

    monkeypatch.setattr(collection, "_known_title", crash)
    with pytest.raises(RuntimeError):
        collection.replace_all(rows, session=session)
    session.rollback()
    assert collection.export_rows(session=session) == before


def test_a_database_from_before_the_collection_owns_nothing():
    import sqlite3

    old = sqlite3.connect(":memory:")
    old.execute("CREATE TABLE card (id, title_key, set_code, era)")
    assert collection.owned_counts(session=old) == {}
    assert collection.available_counts(session=old) == {}
