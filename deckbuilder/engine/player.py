"""One side of the table: a player's zones and what lies in them.

A goldfish game holds two players: ``you``, who plays the deck, and ``opponent``, a player
with no cards who never acts (SPEC §7). Card text names players relative to its controller
("you", "opponent", "each player"); ``Game.players_named`` resolves those names against the
two, so a real opponent will be a second player with a deck, not a rewrite of the text.

Zones hold instances (ints) of the game's compiled deck; the stories are shared, the tokens
and the committed characters on them are each player's (one entry per story slot).
"""

from __future__ import annotations

from math import floor

from deckbuilder.engine.cards import N_FACTIONS


class Player:
    __slots__ = (
        "index",
        "deck_cards",
        "top",
        "bottom",
        "hand",
        "domains",
        "domain_cards",
        "domain_indices",
        "drained",
        "dom_value",
        "dom_fac",
        "fac_count",
        "characters",
        "supports",
        "character_listeners",
        "support_listeners",
        "attached",
        "facedown",
        "attached_cards",
        "removed",
        "status",
        "exhausted_supports",
        "wounds",
        "tokens",
        "committed",
        "won",
        "discard",
        "conspiracy",
    )

    def __init__(self, index: int, deck_cards: list[int]) -> None:
        self.index = index  # the place in ``Game.players``: 0 you, 1 the opponent
        # Drawing picks a uniformly random remaining card: the same distribution as a
        # shuffled deck, without paying for a full shuffle (and a mulligan is a plain extend).
        self.deck_cards = deck_cards
        self.top = []  # cards placed on top of the deck, the next drawn last
        self.bottom = []  # cards placed on the bottom of the deck, the last drawn last
        self.hand = []
        self.domains = [[], [], []]  # the resources attached to each domain
        self.domain_cards = []
        self.domain_indices = (0, 1, 2)
        self.drained = [False, False, False]
        self.dom_value = [0, 0, 0]  # resources each domain pays when drained
        self.dom_fac = [[0] * N_FACTIONS, [0] * N_FACTIONS, [0] * N_FACTIONS]
        self.fac_count = [0] * N_FACTIONS
        self.characters = []
        self.supports = []
        self.character_listeners = {}  # trigger -> characters in play that answer it
        self.support_listeners = {}  # trigger -> supports in play that answer it
        self.attached = {}  # an attached support -> its host
        self.facedown = {}  # a card attached face down (blank) -> the card it is on
        # a card attached face up as a plain card (a character on a character, an event on a
        # support): not in play itself -> the card it is on
        self.attached_cards = {}
        self.removed = []  # cards removed from the game
        self.status = {}  # a character in play -> READY / EXHAUSTED / INSANE
        self.exhausted_supports = set()
        self.wounds = {}
        self.tokens = []  # this player's success tokens on each story slot
        self.committed = []  # this player's characters committed to each story slot
        self.won = []  # the stories this player has won
        self.discard = []
        self.conspiracy = -1  # this player's conspiracy in play (an instance), or -1

    # ----------------------------------------------------------------- the deck
    def deck_count(self) -> int:
        return len(self.deck_cards) + len(self.top) + len(self.bottom)

    def take_top(self, rand) -> int:
        """The top card of the deck, removed (-1 when the deck is empty); ``rand`` is the
        game's ``random``."""
        if self.top:
            return self.top.pop()
        if self.deck_cards:
            return self._take_unplaced(rand)
        if self.bottom:
            return self.bottom.pop()
        return -1

    def take_bottom(self, rand) -> int:
        """The bottom card of the deck, removed (-1 when the deck is empty)."""
        if self.bottom:
            return self.bottom.pop(0)
        if self.deck_cards:
            return self._take_unplaced(rand)
        if self.top:
            return self.top.pop(0)
        return -1

    def _take_unplaced(self, rand) -> int:
        """A card of the deck that is neither placed on top nor at the bottom: they are in
        random order, so any one of them, swapped with the last and popped."""
        deck = self.deck_cards
        j = floor(rand() * len(deck))
        deck[j], deck[-1] = deck[-1], deck[j]
        return deck.pop()
