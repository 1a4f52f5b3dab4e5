"""Asking a person inside a rule: the "would" windows of a step-by-step game.

A rule such as "a character goes insane" runs as plain code, with no place to stop halfway
for a person's answer; its "would" window (Disrupt: "when this character would go insane,
...") is answered at once in a batch (``WindowsMixin._answer_now``). A game played step by
step (``Game.new(..., step_by_step=True)``) asks instead, by replay: when such a window meets
a choice nobody has answered yet, the action under way stops (``AskFirst``), the game is
rebuilt as it was before it (the start again, then every action with the answers given
inside it: the game is deterministic for its seed), and the choice is offered as the legal
actions, with the card's text. Its answer is recorded and the action is applied again, now
answered that far; a later window in the same action asks the same way.
"""

from __future__ import annotations


class AskFirst(Exception):
    """A choice inside a rule that the person playing has not answered yet."""

    def __init__(self, choice) -> None:
        super().__init__(choice.prompt)
        self.choice = choice


class StepRecord:
    """What a step-by-step game keeps to ask inside rules: how to rebuild its start
    (``origin``), the actions applied with the answers given inside each (``history``),
    the answers for the action being applied (consumed in order), and the action waiting
    on a question with the answers it has so far (``waiting``)."""

    __slots__ = ("origin", "history", "answers", "waiting")

    def __init__(self, origin) -> None:
        self.origin = origin
        self.history: list[tuple] = []
        self.answers: list = []
        self.waiting: tuple | None = None

    def answer(self, choice):
        """The recorded answer to the next choice inside the action being applied, or
        ``AskFirst`` when there is none yet."""
        if self.answers:
            return self.answers.pop(0)
        raise AskFirst(choice)
