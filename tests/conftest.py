"""Shared fixtures: tiny hand-made cards, an in-memory or temporary database, the real data
folder (tests that need it skip when ../shared is absent)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from card_db.card import Card

SHARED = Path(__file__).resolve().parents[1].parent / "shared"
CARDDATA = SHARED / "carddata"


def requires_shared(*parts: str) -> Path:
    """The path under ../shared, or skip the test with the reason."""
    path = SHARED.joinpath(*parts)
    if not path.exists():
        pytest.skip(f"{path} is absent (the real card data lives beside the repository)")
    return path


def make_card(title: str = "Test Card", **overrides) -> Card:
    """A card with sensible defaults; override any field."""
    defaults = dict(
        id=overrides.pop("id", None) or f"T-{abs(hash(title)) % 100000:05d}",
        title=title,
        type="Character",
        faction="Cthulhu",
        era="LCG",
        set_code="Core",
        set_name="Core Set",
        number="001",
        cost=1,
        skill=1,
    )
    defaults.update(overrides)
    return Card(**defaults)


@pytest.fixture(autouse=True)
def _isolated_database(tmp_path_factory, monkeypatch):
    """No test ever touches the user's database."""
    monkeypatch.setenv("DECKBUILDER_DB", str(tmp_path_factory.mktemp("db") / "cards.sqlite"))
    # the user data folder (the app's recovery file) of this test alone
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path_factory.mktemp("data")))


@pytest.fixture(scope="session")
def full_db(tmp_path_factory) -> Path:
    """A database file with the embedded card pool, loaded once per test session."""
    from card_db.db import prepare_database

    path = tmp_path_factory.mktemp("full") / "cards.sqlite"
    prepare_database(path).dispose()
    return path


@pytest.fixture(scope="session")
def full_pool(full_db):
    from card_db.pool import CardPool
    from card_db.store import load_cards

    return CardPool(load_cards(full_db))


def ability_cards_sample(pool, name: str, seed: int, n: int = 450):
    """A deck of one copy each of ``n`` characters, supports and events with abilities, drawn
    from the whole pool with ``seed``: cards entering and leaving play, answering events and
    asking questions in every way the pool knows."""
    import random

    from deckbuilder.deck import Deck
    from deckbuilder.engine.text.load import abilities_of

    deck = Deck(name)
    cards = sorted(
        (
            pool.card(i)
            for i in pool.by_card
            if abilities_of(i) and pool.card(i).type in ("Character", "Support", "Event")
        ),
        key=lambda c: c.card_id,
    )
    for card in random.Random(seed).sample(cards, n):
        deck.add(card, 1)
    return deck


@pytest.fixture
def full_db_env(full_db, monkeypatch, tmp_path) -> Path:
    """A private copy of the full database, selected through DECKBUILDER_DB."""
    import shutil

    copy = tmp_path / "cards.sqlite"
    shutil.copy(full_db, copy)
    monkeypatch.setenv("DECKBUILDER_DB", str(copy))
    return copy


def run_cli(*argv: str) -> tuple[int, str, str]:
    """Run the CLI in-process; returns (exit code, stdout, stderr)."""
    import contextlib
    import io

    from deckbuilder.cli import main

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(list(argv))
        except SystemExit as exc:  # argparse usage errors
            code = exc.code if isinstance(exc.code, int) else 2
    return code, out.getvalue(), err.getvalue()


os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")


@pytest.fixture(scope="session")
def legal_deck_text(full_pool) -> str:
    """A 51-card text deck legal under every built-in list and the lcg format."""
    from deckbuilder.legality import builtin_lists, resolve_list

    lists = [resolve_list(lst, full_pool) for lst in builtin_lists().values()]
    lines = ["Name: Legal test deck"]
    for title in full_pool.distinct_titles:
        printings = full_pool.printings(title)
        card = printings[0]
        if (
            len(printings) == 1
            and card.era == "LCG"
            and card.type in ("Character", "Support", "Event")
            and card.max_copies == 3
            and not card.has_keyword("Heroic")
            and not card.has_keyword("Villainous")
            and not any(r.restricted(card) or r.banned(card) for r in lists)
        ):
            lines.append(f"3x {card.title}")
        if len(lines) == 18:
            break
    return "\n".join(lines) + "\n"


@pytest.fixture
def make_app(full_db, full_pool, tmp_path):
    """TUI tests: the app from the CLI's factory over the shared pool (a private database
    copy with ``private=True``, for tests that save decks or own cards)."""
    from deckbuilder.tui.app import create_app

    def factory(*, private: bool = False, **kwargs):
        db = full_db
        if private:
            import shutil

            db = shutil.copy(full_db, tmp_path / "private.sqlite")
        return create_app(db_path=db, pool=full_pool, **kwargs)

    return factory


def typo_queries(title: str, rng, count: int) -> list[str]:
    """``count`` queries a player might type for ``title``: some of its words, with a letter
    dropped, doubled or swapped, or a word cut short (seeded by ``rng``)."""
    words = title.split()
    queries = []
    for _ in range(count):
        typed = []
        for word in rng.sample(words, k=rng.randint(1, min(3, len(words)))):
            cut = rng.randrange(len(word) + 1)
            typed.append(
                rng.choice(
                    [
                        word,
                        word[:cut] + word[cut + 1 :],
                        word[:cut] + word[cut : cut + 1] * 2 + word[cut + 1 :],
                        word[:cut]
                        + word[cut + 1 : cut + 2]
                        + word[cut : cut + 1]
                        + word[cut + 2 :],
                        word[: max(1, cut)],
                    ]
                )
            )
        queries.append(" ".join(w for w in typed if w) or title)
    return queries
