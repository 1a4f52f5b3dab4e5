"""Goldfish: play a game by hand through the engine's legal actions, or run a batch."""

from __future__ import annotations

import time

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import (
    DataTable,
    Footer,
    Header,
    OptionList,
    ProgressBar,
    RichLog,
    Static,
    TabbedContent,
    TabPane,
)
from textual.widgets.option_list import Option
from textual.worker import get_current_worker

from card_db.errors import DeckbuilderError
from card_db.query import shown
from deckbuilder.plurals import counted
from deckbuilder.tui.messages import BatchDone, BatchProgress, WorkFailed
from deckbuilder.tui.screens.key_order import FKeysFirst
from deckbuilder.tui.screens.prompts import TextPrompt
from deckbuilder.tui.widgets.board import Board, describe
from deckbuilder.tui.widgets.card_detail import card_text
from deckbuilder.tui.widgets.deck_stats import bar_chart

TABLE_TURNS = (1, 2, 3, 4, 5, 6, 8, 10)
NO_BATCH = "Press b to run a batch of games with the current deck."


ACTIONS_TITLE = "Legal actions (enter takes one)"


def actions_title(game) -> str:
    """The line above the actions: the question of a pending choice, if any."""
    choice = game.choice
    if choice is None:
        return ACTIONS_TITLE
    if game.asked_inside_rule:
        return f"Before your move is played: {choice.prompt}"
    return f"Choice: {choice.prompt}"


class BatchCancelled(Exception):
    """Raised in the batch's progress callback to stop the games (escape)."""


class GoldfishScreen(FKeysFirst, Screen):
    BINDINGS = [
        Binding("n", "new_game", "New"),
        Binding("k", "take('keep')", "Keep"),
        Binding("m", "take('mulligan')", "Mull."),
        Binding("p", "take('pass')", "Pass"),
        Binding("s", "suggest", "Suggest"),
        Binding("e", "play_out", "Play out", show=False),
        Binding("b", "batch", "Batch"),
        Binding("escape", "cancel_batch", "Cancel batch", show=False),
        Binding("1", "tab('play')", "Play", show=False),
        Binding("2", "tab('batch')", "Stats", show=False),
    ]

    def compose(self) -> ComposeResult:
        yield Header()
        with TabbedContent(initial="play"):
            with TabPane("Play (1)", id="play"):
                with Horizontal():
                    with VerticalScroll(id="board-scroll"):
                        yield Board(id="board")
                    with Vertical(id="goldfish-side"):
                        yield Static(ACTIONS_TITLE, id="actions-title", classes="dim")
                        yield OptionList(id="actions")
                        yield Static(id="action-card")
                        yield RichLog(id="game-log", wrap=True, auto_scroll=True, min_width=20)
            with TabPane("Batch (2)", id="batch"):
                with VerticalScroll():
                    yield Static(NO_BATCH, id="batch-status")
                    yield ProgressBar(id="batch-progress", show_eta=True)
                    yield Static(id="batch-summary")
                    yield DataTable(id="batch-cards", zebra_stripes=True, cursor_type="row")
        yield Footer(compact=True)

    def on_mount(self) -> None:
        self.game = None
        self.policy = None
        self.batch_worker = None
        self.choices: list[list] = []  # per option: the identical actions it stands for
        self.batch_deck = self.app.deck  # the deck the batch statistics shown are about
        self.watch(self.app, "deck_revision", self._deck_replaced, init=False)
        self.query_one("#game-log").can_focus = False  # the keys stay with the actions
        self.focus_start()

    def focus_start(self) -> None:
        self.set_focus(self.query_one("#actions", OptionList))

    def _deck_replaced(self, _revision: int) -> None:
        """A new or opened deck: the last batch's statistics were about another deck."""
        if self.app.deck is self.batch_deck or self.batch_running:
            return
        self.batch_deck = self.app.deck
        self.query_one("#batch-status", Static).update(NO_BATCH)
        self.query_one("#batch-progress", ProgressBar).update(total=None, progress=0)
        self.query_one("#batch-summary", Static).update("")
        self.query_one("#batch-cards", DataTable).clear(columns=True)

    # --- one game by hand -------------------------------------------------------------

    def action_new_game(self, seed: int | None = None) -> None:
        from deckbuilder.engine import Game, get_policy

        deck = self.app.deck
        if deck.draw_count == 0:
            self.notify("The deck is empty: build or open one first (F3).", severity="warning")
            return
        try:
            self.game = Game.new(deck, seed=seed, step_by_step=True)
        except (DeckbuilderError, ValueError) as exc:
            self.notify(str(exc), title="Cannot start a game", severity="error")
            return
        self.policy = get_policy("greedy")
        self.query_one(TabbedContent).active = "play"
        self._show_game()
        self.query_one("#actions", OptionList).focus()

    def _show_game(self) -> None:
        game = self.game
        self.query_one(Board).show(game)
        actions = self.query_one("#actions", OptionList)
        actions.clear_options()
        self.actions = game.legal_actions()
        suggested = self.policy.choose(game) if not game.is_over else None
        self.query_one("#actions-title", Static).update(actions_title(game))
        # identical actions (two copies of a card in hand) are one option with a count
        groups: dict[str, list] = {}
        for action in self.actions:
            groups.setdefault(describe(game, action), []).append(action)
        self.choices = list(groups.values())
        highlighted = 0
        for index, (words, same) in enumerate(groups.items()):
            label = Text(words)
            if len(same) > 1:
                label.append(f"  ×{len(same)}", style="bold")
            if suggested in same:
                label.append("  ← suggested", style="green")
                highlighted = index
            actions.add_option(Option(label, id=str(index)))
        if self.choices:
            actions.highlighted = highlighted
        self._show_action_card()
        log = self.query_one("#game-log", RichLog)
        log.clear()
        for event in game.log or []:
            log.write(Text(f"T{event.turn} {event.phase}: ", style="dim").append(event.text))
        if game.is_over:
            over = Text(f"Game over: {game.result.replace('_', ' ')}", style="bold")
            if game.win_turn:
                over.append(f" on turn {game.win_turn}", style="bold")
            log.write(over.append(" (n: new game)"))
        log.scroll_end(animate=False, immediate=True)

    def take(self, action) -> None:
        from deckbuilder.engine import IllegalAction

        try:
            self.game.apply(action)
        except IllegalAction as exc:
            self.notify(str(exc), severity="error")
        self._show_game()

    @on(OptionList.OptionHighlighted, "#actions")
    def _show_action_card(self, _event=None) -> None:
        """The text of the card the highlighted action plays, attaches or commits."""
        index = self.query_one("#actions", OptionList).highlighted
        action = self.choices[index][0] if index is not None and self.choices else None
        card = self.game.card(action.card) if action is not None and action.card >= 0 else None
        self.query_one("#action-card", Static).update(card_text(card) if card else "")

    @on(OptionList.OptionSelected, "#actions")
    def _action_chosen(self, event: OptionList.OptionSelected) -> None:
        if self.game is not None and not self.game.is_over:
            self.take(self.choices[int(event.option.id)][0])

    def action_take(self, kind: str) -> None:
        if self.game is None:
            self.notify("Press n to draw a setup hand first.")
            return
        action = next((a for a in self.actions if a.kind == kind), None)
        if action is None:
            self.notify(f"No {kind} action now ({self.game.phase} phase).", severity="warning")
            return
        self.take(action)

    def action_suggest(self) -> None:
        if self.game is not None and not self.game.is_over:
            self.take(self.policy.choose(self.game))

    def action_play_out(self) -> None:
        """Let the suggestions play the rest of the game (the same policy as batches)."""
        if self.game is None:
            return
        while not self.game.is_over:
            self.game.apply(self.policy.choose(self.game))
        self._show_game()

    # --- batches ------------------------------------------------------------------------

    def action_tab(self, tab: str) -> None:
        self.query_one(TabbedContent).active = tab

    @property
    def batch_running(self) -> bool:
        return self.batch_worker is not None and self.batch_worker.is_running

    def action_cancel_batch(self) -> None:
        if self.batch_running:
            self.batch_worker.cancel()
            self.query_one("#batch-status", Static).update("Cancelling the batch…")

    def action_batch(self) -> None:
        if self.batch_running:
            self.notify("A batch is running: escape cancels it.", severity="warning")
            return
        if self.app.deck.draw_count == 0:
            self.notify("The deck is empty: build or open one first (F3).", severity="warning")
            return

        def chosen(answer: str | None) -> None:
            if not answer:
                return
            from deckbuilder.engine.batch import MAX_GAMES

            try:
                games = int(answer)
                if not 0 < games <= MAX_GAMES:
                    raise ValueError
            except ValueError:
                self.notify(
                    f"{shown(answer)} is not a number of games (1 to {MAX_GAMES:,})",
                    severity="error",
                )
                return
            self.start_batch(games)

        self.app.push_screen(TextPrompt("How many games?", "10000"), chosen)

    def start_batch(self, games: int, seed: int | None = None) -> None:
        self.query_one(TabbedContent).active = "batch"
        self.query_one("#batch-progress", ProgressBar).update(total=games, progress=0)
        self.query_one("#batch-status", Static).update(
            f"Running {counted(games, 'game')} of {self.app.deck.name!r}… (escape cancels)"
        )
        self.batch_deck = self.app.deck
        self.batch_worker = self.run_batch(self.app.deck, games, seed)

    @work(thread=True, exclusive=True, group="batch", exit_on_error=False)
    def run_batch(self, deck, games: int, seed: int | None) -> None:
        from deckbuilder.engine import run_batch

        worker = get_current_worker()

        def progress(done: int, total: int) -> None:
            if worker.is_cancelled:
                raise BatchCancelled
            self.post_message(BatchProgress(done, total))

        started = time.perf_counter()
        try:
            # One process: forking a running terminal app is not worth the risk here.
            stats = run_batch(deck, games=games, seed=seed, workers=1, progress=progress)
        except BatchCancelled:
            self.app.call_from_thread(self._batch_cancelled)
            return
        except (DeckbuilderError, ValueError) as exc:
            self.post_message(WorkFailed("goldfish batch", str(exc)))
            return
        self.post_message(BatchDone(stats, time.perf_counter() - started))

    def _batch_cancelled(self) -> None:
        self.query_one("#batch-status", Static).update("Batch cancelled (b runs a new one).")
        self.notify("Batch cancelled")

    @on(BatchProgress)
    def _batch_progress(self, message: BatchProgress) -> None:
        self.query_one("#batch-progress", ProgressBar).update(
            total=message.total, progress=message.done
        )

    @on(BatchDone)
    def _batch_done(self, message: BatchDone) -> None:
        from deckbuilder.engine import TEXT_NOTE

        stats = message.stats
        turns = stats.win_turn_summary()
        self.query_one("#batch-status", Static).update(
            f"{counted(stats.games, 'game')} of {self.app.deck.name!r} in {message.seconds:.1f} s "
            f"(seed {stats.seed}, policy {stats.policy})"
        )
        summary = Text()
        summary.append(
            f"Win rate {stats.win_rate:.1%} within {stats.turn_cap} turns · "
            f"deck-out {stats.deck_out_rate:.1%} · mulligan {stats.mulligan_rate:.1%}\n",
            style="bold",
        )
        if turns["median"] is not None:
            summary.append(
                f"Turn of win: mean {turns['mean']}, median {turns['median']}, "
                f"p10 {turns['p10']}, p90 {turns['p90']}\n"
            )
        summary.append(TEXT_NOTE + "\n\n", style="dim")
        histogram = [(f"T{t}", round(share * 100, 1)) for t, share in stats.win_by_turn().items()]
        summary.append(
            bar_chart(
                "Turn of win (% of games)",
                histogram,
                "magenta",
                width=self.query_one("#batch-summary").size.width,
            )
        )
        summary.append("\nPer card: share of games where it was playable by turn t", style="bold")
        self.query_one("#batch-summary", Static).update(summary)
        table = self.query_one("#batch-cards", DataTable)
        table.clear(columns=True)
        table.add_column("Card", width=34)
        for turn in TABLE_TURNS:
            if turn <= stats.turn_cap:
                table.add_column(f"T{turn}", width=5)
        for row in stats.playable_by_turn():
            cells = [f"{row['by_turn'][str(t)]:.0%}" for t in TABLE_TURNS if t <= stats.turn_cap]
            table.add_row(row["title"], *cells)
        self.notify(f"Batch done: {counted(stats.games, 'game')}, win rate {stats.win_rate:.1%}")
