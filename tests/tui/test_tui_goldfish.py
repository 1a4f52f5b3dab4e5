"""Goldfish: a game played by hand through legal_actions(), and a batch with progress."""

from __future__ import annotations

import io

from rich.console import Console
from textual.widgets import DataTable, OptionList, ProgressBar, TabbedContent
from tui_helpers import SIZE, of_type, sample_deck, settle

from deckbuilder.tui.messages import BatchDone, BatchProgress
from deckbuilder.tui.screens.goldfish import GoldfishScreen
from deckbuilder.tui.widgets.board import describe


async def test_setup_hand_keep_resources_and_a_turn_step(make_app, full_pool):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5")
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, GoldfishScreen)
        await pilot.press("n")
        game = screen.game
        assert game.phase == "mulligan" and len(game.hand) == 8
        options = screen.query_one("#actions", OptionList)
        assert options.option_count == 2  # keep or mulligan
        # the hand shows each card's faction and cost
        console = Console(width=100, file=io.StringIO())
        with console.capture() as captured:
            console.print(screen.query_one("#board").render())
        board = captured.get()
        for instance in game.hand:
            card = game.card(instance)
            assert f"Misk {card.cost_label or '-':>2} {card.title}" in board or (
                f"Neut {card.cost_label or '-':>2} {card.title}" in board
            )

        await pilot.press("m")  # mulligan once: the new 8 must be kept
        assert game.mulligan_taken and game.phase == "setup-resources"
        assert len(game.hand) == 8
        await pilot.press("m")
        assert game.mulligan_taken and game.phase == "setup-resources"  # no second one

        # the highlighted action is a setup resource; enter takes it three times
        hand = set(game.hand)
        for _ in range(3):
            await pilot.press("enter")
        resources = {i for d in game.domains for i in d}
        assert len(resources) == 3 and resources <= hand
        assert game.turn == 1 and game.phase == "resource"
        assert len(game.hand) == 6  # 5 kept + the first player's single draw

        # every listed action is one of the engine's, described in words
        assert sorted(a for same in screen.choices for a in same) == sorted(game.legal_actions())
        assert all(describe(game, a) for a in screen.actions)
        await pilot.press("p")
        assert game.phase == "operations"
        options = screen.query_one("#actions", OptionList)

        # identical actions are one option with a count; the highlighted one's card shows
        words = [describe(game, a) for a in game.legal_actions()]
        assert options.option_count == len(set(words))
        for label in {w for w in words if words.count(w) > 1}:
            assert any(f"×{words.count(label)}" in str(options.get_option_at_index(i).prompt)
                       for i in range(options.option_count))  # fmt: skip
        shown = str(screen.query_one("#action-card").render())
        first = screen.choices[options.highlighted][0]
        if first.card >= 0:
            assert game.card(first.card).title in shown

        await pilot.press("e")  # the suggestions play the game out
        await pilot.pause()
        assert game.is_over
        log = screen.query_one("#game-log")
        assert "Game over" in " ".join(line.text for line in log.lines[-3:])
        assert log.scroll_y == log.max_scroll_y  # the newest event is in view


async def test_batch_runs_in_a_worker_with_progress_and_shows_histogram(make_app, full_pool):
    messages: list = []  # every message the app processed (message_hook)
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5", "b", "ctrl+u", *"2500", "enter")
        await settle(pilot)
        progress = of_type(messages, BatchProgress)
        assert [p.done for p in progress][-1] == 2500 and len(progress) >= 2
        (done,) = {id(m): m for m in of_type(messages, BatchDone)}.values()
        assert done.stats.games == 2500
        assert app.screen.query_one("#batch-progress", ProgressBar).percentage == 1
        summary = str(app.screen.query_one("#batch-summary").render())
        assert "Win rate" in summary and "Turn of win" in summary
        table = app.screen.query_one("#batch-cards", DataTable)
        assert table.row_count == len(app.deck.draw)


async def test_a_batch_of_too_many_games_is_refused_in_one_line(make_app, full_pool):
    messages: list = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5", "b", "ctrl+u", *("9" * 60), "enter")
        await settle(pilot)
        assert not app.screen.batch_running and not of_type(messages, BatchProgress)
        (note,) = [n.message for n in app._notifications if "number of games" in n.message]
        assert "1 to 10,000,000" in note and "..." in note and "\n" not in note


async def test_goldfish_without_a_deck_says_so(make_app):
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        await pilot.press("f5", "n", "b")
        await pilot.pause()
        assert app.screen.game is None
        await pilot.press("2")  # the tabs answer their keys
        assert app.screen.query_one(TabbedContent).active == "batch"
        assert sum("deck is empty" in n.message for n in app._notifications) == 2


async def test_a_batch_ignores_a_second_b_and_escape_cancels_it(make_app, full_pool):
    messages: list = []
    app = make_app()
    async with app.run_test(size=SIZE, message_hook=messages.append) as pilot:
        await settle(pilot)
        app.set_deck(sample_deck(full_pool), None)
        await pilot.press("f5")
        screen = app.screen
        screen.start_batch(200_000, seed=1)
        await pilot.pause(0.3)
        assert screen.batch_running
        await pilot.press("b")  # ignored while running: no prompt for a second batch
        assert app.screen is screen
        assert any("batch is running" in n.message for n in app._notifications)
        await pilot.press("escape")
        await settle(pilot)
        assert not screen.batch_running
        assert not of_type(messages, BatchDone)
        assert "cancelled" in str(screen.query_one("#batch-status").render())
        assert screen.query_one("#batch-progress", ProgressBar).show_eta


async def test_a_question_inside_a_rule_is_asked_with_its_card(make_app, full_pool):
    """House Advantage answers the next turn's draw: passing the story phase asks first."""
    from textual.widgets import Static

    from deckbuilder.deck import Deck
    from deckbuilder.engine import Game

    deck = Deck("house advantage")
    deck.add(full_pool.card("DotU-023"), 3)
    deck.add(full_pool.card("Core-029"), 30)
    app = make_app()
    async with app.run_test(size=SIZE) as pilot:
        await settle(pilot)
        app.set_deck(deck, None)
        await pilot.press("f5")
        await pilot.pause()
        screen = app.screen
        await pilot.press("n")
        screen.game = Game.arranged(
            deck, supports=[full_pool.card("DotU-023")], phase="story", seed=4, step_by_step=True
        )
        screen.take(next(a for a in screen.game.legal_actions() if a.kind == "pass"))
        await pilot.pause()
        title = str(screen.query_one("#actions-title", Static).render())
        assert title.startswith("Before your move is played: House Advantage")
        assert screen.query_one("#actions", OptionList).option_count == 2  # use it, decline
        hand = len(screen.game.hand)
        await pilot.press("down", "enter")  # decline: the move is played, the draw is plain
        await pilot.pause()
        assert screen.game.phase != "story" and len(screen.game.hand) > hand
        assert "Legal actions" in str(screen.query_one("#actions-title", Static).render())
