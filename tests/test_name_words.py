"""The search words of every card's names are stored beside them (``title_words``,
``descriptor_words``), so that ``deckbuilder search WORDS`` matches in SQL instead of folding
the whole pool first. They must always be the words ``names.name_words`` makes: after the
first run, after an upgrade from a database without them, after an import renames a card;
and a search read through them must answer as a search of the whole pool does."""

from __future__ import annotations

import shutil
import sqlite3

import pytest

from card_db.names import name_words
from card_db.query import QueryContext, parse
from card_db.search import search
from card_db.search_rows import load_search_pool


def _stale_words(path) -> list[tuple]:
    connection = sqlite3.connect(path)
    try:
        rows = connection.execute(
            "SELECT id, title, descriptor, title_words, descriptor_words FROM card"
        ).fetchall()
    finally:
        connection.close()
    assert rows
    return [r for r in rows if (r[3], r[4]) != name_words(r[1], r[2])]


def test_every_printing_stores_the_search_words_of_its_names(full_db):
    assert _stale_words(full_db) == []


def test_an_older_database_gains_the_words_when_upgraded(full_db, tmp_path):
    from card_db.db import SCHEMA_VERSION, prepare_database

    path = tmp_path / "v3.sqlite"
    shutil.copy(full_db, path)
    connection = sqlite3.connect(path, isolation_level=None)
    connection.execute("ALTER TABLE card DROP COLUMN title_words")
    connection.execute("ALTER TABLE card DROP COLUMN descriptor_words")
    connection.execute("PRAGMA user_version = 3")
    connection.close()

    prepare_database(path).dispose()

    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    connection.close()
    assert _stale_words(path) == []


def test_an_import_that_gives_a_card_its_descriptor_rewrites_its_words(full_db, tmp_path):
    from card_db.db import create_db_engine
    from card_db.importers.upsert import patch_cards

    path = tmp_path / "cards.sqlite"
    shutil.copy(full_db, path)
    engine = create_db_engine(path)
    with engine.begin() as connection:
        patch_cards(connection, {"Core-004": {"descriptor": "Psychic Détective's Aide"}})
    engine.dispose()
    connection = sqlite3.connect(path)
    words = connection.execute(
        "SELECT descriptor_words FROM card WHERE id = 'Core-004'"
    ).fetchone()[0]
    connection.close()
    assert words == "psychic detective aide"
    assert _stale_words(path) == []


@pytest.mark.parametrize(
    "words",
    [
        "itinerant",  # a title word
        "itin",  # the start of one
        "tormented psychic",  # a descriptor
        "yog sothoth lord",  # title and descriptor words together
        "carl stanford",  # one title, several cards
        "rlyeh",  # an apostrophe dropped (R'lyeh)
        "r'lyeh",
        "dagon's",  # a possessive
        "doppelganger",  # an accent folded
        "Doppelgänger",
        "itinrant scholr",  # no name holds these words: fuzzy matching
        "zzzz qqqq",  # nothing at all
        "the",  # a word in many names
        "a b c d e f g h i j k l m n o p q r s t u v w x y z 1 2 3 4 5 6 7 8 9 0 aa bb cc dd",
    ],
)
@pytest.mark.parametrize("filters", ["", "f:cthulhu", "era:ccg", "t:support"])
def test_a_word_search_read_through_the_stored_words_answers_as_the_whole_pool(
    full_db, full_pool, words, filters
):
    query = parse([*words.split(), *filters.split()])
    context = QueryContext(is_restricted=lambda c: c.cgdb_restricted)
    narrowed, vocabulary = load_search_pool(full_db, query)
    expected = search(full_pool, query, context=context)
    got = search(narrowed, query, context=context, vocabulary=vocabulary)
    assert [c.id for c in got.cards] == [c.id for c in expected.cards]


def test_a_hostile_word_finds_nothing_without_an_error(full_db_env):
    from conftest import run_cli

    code, out, err = run_cli("search", "x" * 100_000)
    assert (code, err) == (0, "")
    assert "No cards match." in out
