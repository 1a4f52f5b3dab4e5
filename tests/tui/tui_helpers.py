"""Helpers shared by the TUI tests."""

from __future__ import annotations

SIZE = (120, 36)


def of_type(messages, cls):
    return [m for m in messages if isinstance(m, cls)]


def sample_deck(pool, name: str = "Miskatonic test"):
    """A legal 51-card Core Set deck: 3 copies of Miskatonic University and Neutral cards."""
    from deckbuilder.deck import Deck

    deck = Deck(name=name)
    for card in pool.cards:
        if (
            card.set_code == "Core"
            and card.faction in ("Miskatonic University", "Neutral")
            and card.type in ("Character", "Support", "Event")
            and not card.cgdb_banned
        ):
            deck.add(card, 3)
        if deck.draw_count >= 50:
            break
    return deck


async def settle(pilot) -> None:
    """Wait for the app's workers (database, files, batches) and the messages they post."""
    await pilot.pause()
    await pilot.app.workers.wait_for_complete()
    await pilot.pause()
