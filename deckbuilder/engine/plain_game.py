"""A batch game of a deck played by its keywords alone (``--no-card-text``): ``Game.run``
with the turn sequence and the story phase's resolution written for a deck whose cards
answer nothing, change no rule and boost no story, nobody reading a log.

Without card text a turn is: ready, draw, attach a resource, play cards, commit, resolve.
A story resolves what its committed characters print, and against a goldfish opponent who
commits nobody only two struggles do anything: arcane readies a committed character,
investigation places a success token; then the skill adds two. That needs no generator, no
event window, no effect of the phase to end and no per-deck flag, which is what
keywords-only games spent their extra time on once card text existed. ``DeckFacts.plain_game``
says when it applies; the rules (``Game.run``) are the reference, and the tests play both
side by side.
"""

from __future__ import annotations

from deckbuilder.engine.actions import (
    CONSPIRACY_BASE,
    EXHAUSTED,
    INSANE,
    OPERATIONS,
    OVER,
    READY,
    RESOURCE,
    STORY,
)
from deckbuilder.engine.cards import ARCANE, INVESTIGATION, TOKENS_TO_WIN_STORY
from deckbuilder.engine.story import EFFECTIVE_CORE_STRUGGLES


class PlainGameMixin:
    __slots__ = ()

    def _run_plain(self, policy):
        """``Game.run`` for a deck played by its keywords alone (see the module)."""
        while True:
            ph = self.phase
            if ph == OPERATIONS:
                a = policy.play(self)
                while a is not None and self.phase == OPERATIONS:
                    self._play(a.card, a.domain, a.x)  # (no ability to use without text)
                    a = policy.play(self) if self.phase == OPERATIONS else None
                if self.phase == OPERATIONS:
                    if self.turn == 1 and self.first_player:  # no story phase on turn 1
                        self._end_turn_plain()
                    else:
                        self.phase = STORY
            elif ph == RESOURCE:
                choice = policy.resource(self)  # (no action instead without text)
                if choice is not None:
                    self._attach_resource(*choice)
                self.phase = OPERATIONS
                fp = self.first_playable
                if fp is not None:
                    self._track_playable(fp)
            elif ph == STORY:
                self._plain_commits(policy.commit(self))
                a = policy.story_action(self)
                while a is not None and self.phase == STORY:
                    self._play(a.card, a.domain, a.x)
                    a = policy.story_action(self) if self.phase == STORY else None
                if self.phase == STORY:
                    self._resolve_stories_plain()
                    if self.phase != OVER:
                        self._end_turn_plain()
            elif ph == OVER:
                return self
            else:  # the mulligan, the setup resources, the first turn: by the rules
                self._setup_by(policy)

    def _end_turn_plain(self) -> None:
        """The turn ends (every character uncommits), and the next one begins: refresh,
        then draw 2 (``_end_turn``, ``_start_turn`` and ``_draw_phase`` with nothing to
        answer)."""
        you = self.you
        for committed in you.committed:
            committed.clear()
        if self.turn >= self.turn_cap:
            self._next_turn()  # the turn cap ends the game
            return
        self.turn += 1
        self.phase = "refresh"
        status = you.status
        insane = False
        for i in you.characters:
            st = status[i]
            if st == EXHAUSTED:
                status[i] = READY
            elif st == INSANE:
                insane = True
        if insane:
            self._restore_one()
        if you.exhausted_supports:
            you.exhausted_supports.clear()
        drained = you.drained
        for d in you.domain_indices:
            drained[d] = False
        if self._discarded_this_phase:  # (read by card text only: kept per phase all the same)
            self._discarded_this_phase.clear()
        self.phase = "draw"
        self._draw(2)  # (the first turn was begun by the rules)
        if self.phase != OVER:
            self.phase = RESOURCE

    def _resolve_stories_plain(self) -> None:
        """``_resolve_stories`` with nothing to answer (see the module)."""
        cd = self.deck
        stories, all_committed, tokens = self._stories, self.you.committed, self.you.tokens
        kind_of, arcanes, investigations, skills = cd.kind_of, cd.arcane, cd.investigation, cd.skill
        s = 0
        while s < len(stories):
            committed = all_committed[s]
            if not committed:
                s += 1
                continue
            sid = stories[s]
            arcane = investigation = total_skill = 0
            for i in committed:
                k = kind_of[i]
                arcane += arcanes[k]
                investigation += investigations[k]
                total_skill += skills[k]
            if sid < CONSPIRACY_BASE:  # a Core story: terror and combat do nothing here
                struggles, to_win = EFFECTIVE_CORE_STRUGGLES, TOKENS_TO_WIN_STORY
            else:  # a conspiracy prints its own (no booster adds any: see the module)
                struggles = cd.struggles[kind_of[sid - CONSPIRACY_BASE]]
                to_win = self.story_to_win(s)
            slots = len(stories)
            won = False
            for struggle in struggles:
                if struggle == ARCANE:
                    if not arcane:
                        continue
                    exhausted = self._exhausted_among(committed)
                    if exhausted:
                        if len(exhausted) == 1:
                            i = exhausted[0]
                        else:  # as ``choose_card`` asks a policy
                            i = self._policy.choose_instance(
                                self, "ready", "arcane struggle won: ready", exhausted, False, False
                            )
                        self._ready(i)
                elif struggle == INVESTIGATION and investigation:
                    n = tokens[s] = tokens[s] + 1
                    if n >= to_win:
                        self._win_story_plain(s)
                        won = True
                        break
            if not won and total_skill >= 1:
                n = tokens[s] = tokens[s] + 2
                if n >= to_win:
                    self._win_story_plain(s)
                    won = True
            if self.phase == OVER:
                return
            if won:
                # Won and replaced: that story's resolution is over. A won conspiracy
                # leaves its slot, so the next story now sits at ``s``.
                s += len(stories) == slots
                continue
            s += 1
