"""Goldfish statistics as mergeable counters: memory depends on the deck and the turn cap,
never on the number of games (each game is folded in and forgotten)."""

from __future__ import annotations

from deckbuilder.engine.game import DECK_OUT, TURN_CAP, WIN
from deckbuilder.engine.text.coverage import deck_report

TEXT_NOTE = (
    "Card text is simulated from ability data (card_text.simulated); the text of the cards in "
    "card_text.not_simulated is not simulated; the opponent has no cards, so text that only "
    "acts against an opponent does nothing."
)
KEYWORDS_NOTE = (
    "Card text beyond keywords is not simulated (keywords only): abilities, events and story "
    "effects are ignored; the opponent has no cards."
)


class GoldfishStats:
    def __init__(
        self, cards, *, seed: int, policy: str, first_player: bool, turn_cap: int, text=True
    ):
        self.cards = tuple(cards)  # the deck's distinct cards (kind order)
        self.text = text
        self.seed = seed
        self.policy = policy
        self.first_player = first_player
        self.turn_cap = turn_cap
        self.games = 0
        self.wins = 0
        self.deck_outs = 0
        self.turn_caps = 0
        self.mulligans = 0
        self.elapsed = 0.0
        self.win_turns = [0] * (turn_cap + 2)
        # Games reaching each turn, as a difference array (+1 at turn 1, -1 after the last).
        self.reached_diff = [0] * (turn_cap + 3)
        # Per card, games by the first turn a copy was playable.
        self.playable_first = [[0] * (turn_cap + 2) for _ in self.cards]

    def add_game(self, game) -> None:
        self.games += 1
        result = game.result
        if result == WIN:
            self.wins += 1
            self.win_turns[game.turn] += 1
        elif result == DECK_OUT:
            self.deck_outs += 1
        elif result == TURN_CAP:
            self.turn_caps += 1
        self.mulligans += game.mulligan_taken
        # The last turn whose operations phase happened (a deck-out ends the turn at its draw).
        last = game.turn - (result == DECK_OUT)
        if last < 1:
            return
        self.reached_diff[1] += 1
        self.reached_diff[last + 1] -= 1
        fp = game.first_playable
        if fp is not None:
            playable_first = self.playable_first
            for k, first in enumerate(fp):
                if first:
                    playable_first[k][first] += 1

    def merge(self, other: GoldfishStats) -> None:
        self.games += other.games
        self.wins += other.wins
        self.deck_outs += other.deck_outs
        self.turn_caps += other.turn_caps
        self.mulligans += other.mulligans
        self.win_turns = [a + b for a, b in zip(self.win_turns, other.win_turns, strict=True)]
        self.reached_diff = [
            a + b for a, b in zip(self.reached_diff, other.reached_diff, strict=True)
        ]
        self.playable_first = [
            [a + b for a, b in zip(r1, r2, strict=True)]
            for r1, r2 in zip(self.playable_first, other.playable_first, strict=True)
        ]

    # ----------------------------------------------------------------- derived figures
    def _rate(self, n: int) -> float:
        return n / self.games if self.games else 0.0

    @property
    def win_rate(self) -> float:
        return self._rate(self.wins)

    @property
    def deck_out_rate(self) -> float:
        return self._rate(self.deck_outs)

    @property
    def mulligan_rate(self) -> float:
        return self._rate(self.mulligans)

    @property
    def games_per_second(self) -> float:
        return self.games / self.elapsed if self.elapsed > 0 else 0.0

    def win_turn_summary(self) -> dict:
        """Mean, median, 10th and 90th percentile of the turn the third story was won."""
        total = sum(self.win_turns)
        if not total:
            return {"mean": None, "median": None, "p10": None, "p90": None}

        def percentile(p: float) -> int:
            rank = max(1, -(-p * total // 1))  # nearest rank
            seen = 0
            for turn, n in enumerate(self.win_turns):
                seen += n
                if seen >= rank:
                    return turn
            return len(self.win_turns) - 1

        mean = sum(t * n for t, n in enumerate(self.win_turns)) / total
        return {
            "mean": round(mean, 3),
            "median": percentile(0.5),
            "p10": percentile(0.1),
            "p90": percentile(0.9),
        }

    def win_by_turn(self) -> dict[str, float]:
        """Share of all games won on each turn (turns with no win left out)."""
        return {str(t): self._rate(n) for t, n in enumerate(self.win_turns) if n}

    def reached(self) -> list[int]:
        """Games whose operations phase of turn t happened, for t = 1..turn cap."""
        out, running = [], 0
        for t in range(1, self.turn_cap + 1):
            running += self.reached_diff[t]
            out.append(running)
        return out

    def playable_by_turn(self) -> list[dict]:
        """Per card: the share of games where, on or before turn t, a drawn copy (in hand, or
        attached as a resource by the player) could be paid for at the start of an operations
        phase (cost, resource match, Loyal, Steadfast). A game that ended earlier counts with
        what it had reached."""
        rows = []
        for card, first in zip(self.cards, self.playable_first, strict=True):
            by_turn, running = {}, 0
            for t in range(1, self.turn_cap + 1):
                running += first[t]
                by_turn[str(t)] = self._rate(running)
            rows.append({"id": card.id, "title": card.full_title, "by_turn": by_turn})
        return rows

    def to_json(self) -> dict:
        return {
            "games": self.games,
            "seed": self.seed,
            "policy": self.policy,
            "first_player": self.first_player,
            "turn_cap": self.turn_cap,
            "win_rate": self.win_rate,
            "deck_out_rate": self.deck_out_rate,
            "turn_cap_rate": self._rate(self.turn_caps),
            "mulligan_rate": self.mulligan_rate,
            "turns": self.win_turn_summary(),
            "win_by_turn": self.win_by_turn(),
            "games_reaching_turn": {str(t): n for t, n in enumerate(self.reached(), 1) if n},
            "playable_by_turn": self.playable_by_turn(),
            "games_per_second": round(self.games_per_second, 1),
            "card_text": deck_report(self.cards, self.text),
            "note": TEXT_NOTE if self.text else KEYWORDS_NOTE,
        }
