"""Command palette providers: one per searchable thing (cards, decks, screens)."""

from __future__ import annotations

from functools import partial

from textual.command import DiscoveryHit, Hit, Hits, Provider

SCREEN_TITLES = {
    "browser": "Card browser",
    "deck": "Deck editor",
    "collection": "Collection",
    "goldfish": "Goldfish",
}
MAX_CARD_HITS = 20


class ScreenCommands(Provider):
    """Jump to a screen, or open the help."""

    def _commands(self):
        for mode, title in SCREEN_TITLES.items():
            yield (
                f"Screen: {title}",
                partial(self.app.run_action, f"open_screen({mode!r})"),
                f"go to the {title}",
            )
        yield "Screen: Help (keys)", self.app.action_help, "every key of the app"

    async def discover(self) -> Hits:
        for name, command, help_text in self._commands():
            yield DiscoveryHit(name, command, help=help_text)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name, command, help_text in self._commands():
            if (score := matcher.match(name)) > 0:
                yield Hit(score, matcher.highlight(name), command, help=help_text)


class CardCommands(Provider):
    """Find a card by title (typos tolerated, the same ranking as the browser)."""

    async def search(self, query: str) -> Hits:
        from card_db.errors import QueryError
        from card_db.search import search

        pool = self.app.pool
        words = query.strip()
        if pool is None or len(words) < 2:
            return
        try:
            result = search(pool, words, limit=MAX_CARD_HITS)
        except QueryError:
            return
        for rank, card in enumerate(result.cards):
            label = card.full_title + f"  ({card.set_code}, {card.faction} {card.type})"
            yield Hit(
                0.9 - rank * 0.01,  # keep the search's order, below exact screen names
                f"Card: {label}",
                partial(self.app.show_card, card.id),
                text=f"Card: {label}",
                help="show it in the card browser",
            )


class DeckCommands(Provider):
    """Open a deck saved in the database."""

    async def startup(self) -> None:
        import asyncio

        self.deck_names = await asyncio.to_thread(self.app.saved_deck_names)

    async def discover(self) -> Hits:
        for name in self.deck_names:
            yield DiscoveryHit(f"Deck: {name}", partial(self.app.open_saved_deck, name))

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for name in self.deck_names:
            label = f"Deck: {name}"
            if (score := matcher.match(label)) > 0:
                yield Hit(
                    score,
                    matcher.highlight(label),
                    partial(self.app.open_saved_deck, name),
                    text=label,
                    help="open this saved deck",
                )
