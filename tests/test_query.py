"""The query language: what parses, what is refused (always as QueryError), and that the SQL
pre-filter the CLI reads rows with never loses a card the query matches."""

from __future__ import annotations

import shlex

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from card_db.errors import QueryError
from card_db.query import FACTION_ALIASES, TYPE_ALIASES, QueryContext, Term, parse
from card_db.search import search
from card_db.search_rows import load_search_pool

NUMERIC_FIELDS = ["c", "s", "terror", "combat", "arcane", "investigation"]
OPS = ["<", "<=", ">", ">=", "=", "!=", ":"]

numeric_term = st.builds(
    lambda f, op, n: f"{f}{op}{n}", st.sampled_from(NUMERIC_FIELDS), st.sampled_from(OPS),
    st.integers(0, 9),
)  # fmt: skip
choice_term = st.one_of(
    st.builds(lambda v: f"t:{v}", st.sampled_from(sorted(TYPE_ALIASES))),
    st.builds(
        lambda vs: "f:" + "|".join(vs),
        st.lists(st.sampled_from(sorted(FACTION_ALIASES)), min_size=1, max_size=3),
    ),
    st.builds(lambda v: f"era:{v}", st.sampled_from(["lcg", "ccg", "LCG"])),
    st.builds(lambda v: f"u:{v}", st.sampled_from(["yes", "no", "1", "0"])),
    st.builds(lambda v: f"i:{v}", st.sampled_from(["t", "ti", "cc", "a", "tcai"])),
    st.builds(lambda v: f"set:{v}", st.sampled_from(["core", "dreamlands", "soa", "ae"])),
    st.builds(lambda v: f"k:{v}", st.sampled_from(["fast", "loyal", "toughness", "heroic"])),
    st.builds(lambda v: f"st:{v}", st.sampled_from(["cultist", "investigator", "deep one"])),
    st.builds(lambda v: f"era:{v}", st.sampled_from(["all", "ccg"])),
    st.builds(lambda v: f"c:{v}", st.sampled_from(["x", "1|3", "x|0"])),
    st.builds(lambda v: f"x:{v}", st.sampled_from(["wound", "insane", "draw"])),
)
term = st.builds(
    lambda negate, t: ("!" if negate else "") + t,
    st.booleans(),
    st.one_of(numeric_term, choice_term),
)
word = st.sampled_from(
    ["scholar", "deep", "agent", "ghoul", "nyarlathotep", "the", "itin", "lord", "dagn", "!deep"]
)
valid_query = st.lists(st.one_of(term, word), min_size=1, max_size=5)


@settings(max_examples=150, deadline=None)
@given(valid_query)
def test_generated_valid_queries_parse(tokens):
    query = parse(tokens)
    # Every token becomes exactly one term or one word, in order.
    assert len(query.terms) + len(query.words) + len(query.excluded_words) == len(tokens)
    assert [t for t in tokens if not _is_term(t) and t[0] != "!"] == list(query.words)
    # The shell words and the line a user would type for them parse alike.
    assert parse(" ".join(shlex.quote(t) for t in tokens)) == query


def _is_term(token: str) -> bool:
    return any(op in token for op in (":", "<", ">", "="))


@settings(max_examples=150, deadline=None)
@given(valid_query)
def test_negating_a_term_flips_only_its_sign(tokens):
    query = parse(tokens)
    for original in query.terms:
        flipped = parse([_negate(original)]).terms[0]
        assert (flipped.field, flipped.values) == (original.field, original.values)
        assert flipped.negated != original.negated


def _negate(term: Term) -> str:
    field = {"cost": "c", "skill": "s", "type": "t", "faction": "f"}.get(term.field, term.field)
    op = ":" if term.op == ":" else term.op
    return ("" if term.negated else "!") + f"{field}{op}{'|'.join(term.values)}"


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=40))
def test_random_junk_never_raises_anything_but_query_error(text):
    try:
        parse(text)
    except QueryError:
        pass


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text(alphabet=":<>=!|\"' tfcsxi0123456789-ab", max_size=8), max_size=4))
def test_junk_built_from_query_syntax_never_raises_anything_but_query_error(tokens):
    try:
        parse(tokens)
    except QueryError:
        pass


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("q:thing", "unknown field 'q'"),
        ("c<=two", "'two' is not a number"),
        ("t:widget", "unknown type"),
        ("f:nobody", "unknown faction"),
        ("i:tz", "icons are letters"),
        ("era:modern", "era is lcg, ccg or all"),
        ("set:atlantis", "unknown set or cycle"),
        ("t>3", "takes no comparison"),
        ("t:", "needs a value"),
        ("c:\u00b2", "'\u00b2' is not a number"),  # a digit to str.isdigit, not to int()
        ("s>\u0663", "is not a number"),  # Arabic-Indic three
        ("c:99999999999999999999", "too large"),
        ("s:" + "7" * 5000, "too large"),
        ("own>=" + "1" * 5000, "too large"),
    ],
)
def test_bad_queries_say_why_in_one_short_line(query, reason):
    with pytest.raises(QueryError, match=reason) as caught:
        parse(query)
    message = str(caught.value)
    # one line, long enough to name every choice (all the fields: about 220 characters)
    assert "\n" not in message and len(message) < 300


@pytest.mark.parametrize(
    ("query", "reason"),
    [
        ("k:foo", "'k:foo': unknown keyword 'foo'"),
        ("st:foo", "'st:foo': unknown subtype 'foo'"),
        ("!st:cultst", "unknown subtype 'cultst' \\(closest: cultist"),  # the closest suggested
        ("k:fast|nimble", "unknown keyword 'nimble'"),
    ],
)
def test_unknown_keywords_and_subtypes_are_refused_like_unknown_factions(full_pool, query, reason):
    with pytest.raises(QueryError, match=reason):
        search(full_pool, query)


def test_keyword_and_subtype_values_known_to_the_data_are_accepted(full_pool):
    assert search(full_pool, "k:tough st:deep one").total > 0
    assert search(full_pool, ["k:toughness +2"]).total > 0


def test_short_names_players_use():
    terms = parse("f:agency t:char f:miskatonic f:syndicate f:yog f:shub f:twilight").terms
    assert [t.values[0] for t in terms] == [
        "agency", "char", "miskatonic", "syndicate", "yog", "shub", "twilight",
    ]  # fmt: skip


@settings(max_examples=40, deadline=None)  # each example reads the database: keep it modest
@given(valid_query, st.booleans())
def test_the_rows_the_cli_reads_answer_as_the_whole_pool_does(
    full_db, full_pool, tokens, printings
):
    query = parse(tokens)
    context = QueryContext(is_restricted=lambda c: c.cgdb_restricted)
    narrowed, vocabulary = load_search_pool(full_db, query)
    expected = search(full_pool, query, context=context, printings=printings)
    got = search(narrowed, query, context=context, printings=printings, vocabulary=vocabulary)
    assert [c.id for c in got.cards] == [c.id for c in expected.cards]
    assert [[p.id for p in ps] for ps in got.printings] == [
        [p.id for p in ps] for ps in expected.printings
    ]
