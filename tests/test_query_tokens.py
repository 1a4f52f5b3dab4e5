"""Splitting queries into tokens: apostrophes and quotes as players type them, in a shell
argument or a search box; any text gives tokens, and any query a result or a QueryError."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.errors import QueryError
from card_db.query import parse
from card_db.query_tokens import split_query, tokenize
from card_db.search import search

letters = st.text(alphabet="abcdefghijklmnopqrstuvwxyzR", min_size=1, max_size=6)
# Words with apostrophes inside or at the end, as in R'lyeh, O'Donnell, Dagon's, Tuthmosis'
apostrophe_word = st.builds(
    lambda a, b, c: a + "'" + b + ("'" + c if c else ""), letters, st.text("aeio", max_size=4),
    st.text("s", max_size=1),
)  # fmt: skip


@pytest.mark.parametrize(
    ("argv", "tokens"),
    [
        (["R'lyeh"], ["R'lyeh"]),
        (["O'Donnell"], ["O'Donnell"]),
        (["Dagon's"], ["Dagon's"]),
        (['x:"go insane"'], ["x:go insane"]),  # the shell kept the double quotes
        (["'x:\"go insane\"'"], ["x:go insane"]),  # ... or both kinds
        (["x:go insane"], ["x:go insane"]),  # the shell removed them: still one term
        (["t:char f:yog"], ["t:char", "f:yog"]),  # two terms in one argument
        (["x:go f:yog"], ["x:go", "f:yog"]),
        (["yog sothoth lord"], ["yog", "sothoth", "lord"]),
        (["st:deep one", "itin"], ["st:deep one", "itin"]),
    ],
)
def test_shell_arguments(argv, tokens):
    assert tokenize(argv) == tokens


@pytest.mark.parametrize(
    ("line", "tokens"),
    [
        ("Dagon's Kirby O'Donnell", ["Dagon's", "Kirby", "O'Donnell"]),
        ("x:'go insane' f:yog", ["x:go insane", "f:yog"]),
        ('x:"go insane" f:yog', ["x:go insane", "f:yog"]),
        ("'t:char f:yog'", ["t:char", "f:yog"]),  # a whole query quoted
        ('"x:go insane"', ["x:go insane"]),  # a quoted term keeps its words
        ('x:"unclosed quote', ["x:unclosed quote"]),  # runs to the end
        ("'tis", ["'tis"]),  # no closing quote: an apostrophe
        ('""', []),
    ],
)
def test_search_box_lines(line, tokens):
    assert tokenize(line) == tokens


@given(st.lists(st.one_of(letters, apostrophe_word), min_size=1, max_size=6))
def test_apostrophes_inside_words_never_split_or_quote(words):
    assert split_query(" ".join(words)) == words
    assert tokenize(words) == words


@given(st.text(alphabet=st.characters(blacklist_characters='"'), max_size=30))
def test_a_double_quoted_text_value_is_kept_whole(phrase):
    assert tokenize(f'x:"{phrase}"') == [f"x:{phrase}"]


@given(st.lists(st.one_of(letters, apostrophe_word), min_size=1, max_size=5))
def test_a_shell_argument_of_a_text_field_and_plain_words_is_one_term(words):
    argument = "x:" + " ".join(words)
    assert tokenize([argument]) == [argument]
    assert tokenize([argument + " f:yog"]) == ["x:" + words[0], *words[1:], "f:yog"]


@settings(max_examples=300)
@given(st.one_of(st.text(max_size=60), st.lists(st.text(max_size=20), max_size=4)))
def test_any_text_gives_tokens_and_any_query_a_query_or_a_query_error(text):
    assert all(isinstance(t, str) and t.strip() for t in tokenize(text))
    try:
        parse(text)
    except QueryError:
        pass


@settings(max_examples=150, deadline=None)
@given(st.one_of(st.text(max_size=40), st.text(alphabet="ab' \"x:!|<=>c2²-kts", max_size=30)))
def test_any_query_text_searches_or_says_why(full_pool, text):
    try:
        result = search(full_pool, text, limit=5)
    except QueryError as exc:
        assert "\n" not in str(exc)
    else:
        assert len(result.cards) <= 5 <= result.total or len(result.cards) == result.total


HOSTILE = {
    "openers with no closer": "'a " * 30_000,
    "apostrophes": "'" * 90_000,
    "double quotes": '"' * 90_000,
    "quoted value": "x:'" + "a' " * 30_000,
    "apostrophes in one word": "a'" * 50_000,
    "long field": "a" * 90_000 + ":",
    "many numbers": "c:" + "1|" * 30_000 + "1",
    "many factions": "f:" + "yog|" * 20_000 + "yog",
    "many words": "scholar dagn " * 10_000,
}


@pytest.mark.parametrize("text", HOSTILE.values(), ids=HOSTILE.keys())
def test_long_hostile_queries_are_read_in_one_pass(full_pool, text):
    # Quadratic work on these would take minutes; linear takes milliseconds.
    try:
        search(full_pool, text, limit=1)
    except QueryError as exc:
        assert len(str(exc)) < 200
