"""The engine's vocabulary: phases, statuses, results, and the ``Action``/``Event`` records
that ``Game.legal_actions()``, ``Game.apply()`` and ``Game.log`` exchange."""

from __future__ import annotations

from typing import NamedTuple

MULLIGAN_PHASE = "mulligan"
SETUP_PHASE = "setup-resources"
RESOURCE = "resource"
OPERATIONS = "operations"
STORY = "story"
OVER = "over"

READY, EXHAUSTED, INSANE = 0, 1, 2
STATUS_NAMES = ("ready", "exhausted", "insane")

WIN, DECK_OUT, TURN_CAP = "win", "deck_out", "turn_cap"
DEFAULT_TURN_CAP = 25

# Story ids: 0..9 are Core stories; a conspiracy in play is CONSPIRACY_BASE + instance.
CONSPIRACY_BASE = 1000
# A support attached to a story has host STORY_HOST + story id; to a domain, DOMAIN_HOST +
# the domain's index (no story id reaches it); to your deck, DECK_HOST.
STORY_HOST = 10**6
DOMAIN_HOST = 2 * 10**6
DECK_HOST = 3 * 10**6

KEEP, MULLIGAN, SETUP_RESOURCE = "keep", "mulligan", "setup_resource"
ATTACH, PLAY, COMMIT, PASS = "attach", "play", "commit", "pass"
USE, CHOOSE = "use", "choose"  # an ability of a card; an option of a pending Choice


class IllegalAction(ValueError):
    """``apply`` was given an action that ``legal_actions`` does not list."""


class Action(NamedTuple):
    kind: str  # one of the constants above
    card: int = -1  # instance (PLAY/ATTACH/COMMIT/USE: the card; CHOOSE: the chosen card)
    domain: int = -1  # domain index, or -1 for "no domain" (cost 0)
    story: int = -1  # index into ``game.stories``
    x: int = 0  # the chosen X of an X cost; USE: the ability's index; CHOOSE: the value
    label: str = ""  # USE/CHOOSE: the words shown for it (the card's text)


def play_action(card: int, domain: int, x: int = 0) -> Action:
    """``Action(PLAY, card, domain, x=x)``, built without the keyword machinery (policies
    make one per card played in batch runs)."""
    return _new_tuple(Action, (PLAY, card, domain, -1, x, ""))


def use_action(card: int, domain: int, x: int) -> Action:
    """``Action(USE, card, domain, x=x)`` without a label, built the same fast way (what a
    policy is offered in batch runs: it reads numbers, not words)."""
    return _new_tuple(Action, (USE, card, domain, -1, x, ""))


def choose_action(card: int, story: int = -1) -> Action:
    """``Action(CHOOSE, card, story=story, x=card)`` without a label, built the same fast
    way (the options of a choice a policy answers)."""
    return _new_tuple(Action, (CHOOSE, card, -1, story, card, ""))


def choose_actions(cards) -> list[Action]:
    """``choose_action(card)`` for each of ``cards`` (instances), in one comprehension."""
    return [_new_tuple(Action, (CHOOSE, i, -1, -1, i, "")) for i in cards]


_new_tuple = tuple.__new__


class Event(NamedTuple):
    turn: int
    phase: str
    kind: str
    text: str


class StoryView(NamedTuple):
    title: str
    tokens: int
    committed: tuple[int, ...]
    conspiracy: int  # instance of the conspiracy, or -1 for a Core story
    struggles: str = "TCAI"  # the struggles it resolves, in order (boosters included)
    to_win: int = 5  # success tokens that win it
