"""Keywords are read from the start of a card's text, past an attachment's "Attach to ..."
line and across lines; a database from before schema 5 reads them again when upgraded."""

from __future__ import annotations

import shutil
import sqlite3

from hypothesis import given
from hypothesis import strategies as st

from card_db.keywords import parse_keywords

KEYWORDS = ["Heroic", "Villainous", "Fast", "Willpower", "Loyal", "Day", "Night", "Resilient",
            "Toughness +1", "Fated 4"]  # fmt: skip


def test_keywords_after_an_attach_line_are_read():
    text = "Attach to a character.\nDay. It is Day. After it comes into play destroy all Night."
    assert parse_keywords(text) == ("Day",)


def test_keywords_on_the_next_lines_are_read_until_a_sentence_is_not_one():
    assert parse_keywords("Villainous.\nDay. It is Day.\nFast.") == ("Villainous", "Day")
    assert parse_keywords("Loyal.\nResponse: After you play Fast., draw.") == ("Loyal",)


def test_text_that_starts_with_an_ability_has_no_keywords():
    assert parse_keywords("Response: After a character is restored, draw a card.") == ()
    assert parse_keywords("Attach to a story card.\nAttached story needs 6 tokens.") == ()


@given(
    st.lists(st.sampled_from(KEYWORDS), max_size=5),
    st.lists(st.booleans(), min_size=5, max_size=5),
    st.booleans(),
)
def test_the_keywords_stated_first_are_found_whatever_the_line_breaks(words, breaks, attach):
    text = "Attach to a character.\n" if attach else ""
    for word, newline in zip(words, breaks, strict=False):
        text += f"{word}." + ("\n" if newline else " ")
    text += "Action: Pay 1 to draw a card. Fast."
    assert parse_keywords(text) == tuple(dict.fromkeys(words))


def test_an_older_database_reads_its_keywords_again_when_upgraded(full_db, tmp_path):
    from card_db.db import SCHEMA_VERSION, prepare_database

    path = tmp_path / "v4.sqlite"
    shutil.copy(full_db, path)
    connection = sqlite3.connect(path, isolation_level=None)
    fresh = dict(connection.execute("SELECT id, keywords FROM card"))
    assert fresh["TiV-022"] == "Day" and fresh["DotU-017"] == "Villainous|Day"
    # What schema 4 stored: nothing after an "Attach to" line, the first line only.
    connection.execute("UPDATE card SET keywords = '' WHERE id IN ('TiV-022', 'TiV-005')")
    connection.execute("UPDATE card SET keywords = 'Villainous' WHERE id = 'DotU-017'")
    connection.execute("PRAGMA user_version = 4")
    connection.close()

    prepare_database(path).dispose()

    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == SCHEMA_VERSION
    assert dict(connection.execute("SELECT id, keywords FROM card")) == fresh
    connection.close()
