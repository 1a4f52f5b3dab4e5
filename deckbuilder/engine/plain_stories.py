"""The story phase's resolution for a deck played by its keywords alone (``--no-card-text``)
in a batch: what ``StoryMixin._resolve_stories`` does when no card answers, boosts or
changes a resolution, nobody reads a log and a policy answers at once.

Without card text a story resolves what its committed characters print, and against a
goldfish opponent who commits nobody only two struggles do anything: arcane readies a
committed character, investigation places a success token; then the skill adds two. That
needs no generator, no event windows and no per-deck flags, which is what keywords-only
games spent their extra time on since card text exists (``DeckFacts.keywords_resolution``
says when it applies; the ruled resolution is the reference, and the tests play both).
"""

from __future__ import annotations

from deckbuilder.engine.actions import CONSPIRACY_BASE, OVER
from deckbuilder.engine.cards import ARCANE, INVESTIGATION, TOKENS_TO_WIN_STORY
from deckbuilder.engine.story import EFFECTIVE_CORE_STRUGGLES


class PlainStoriesMixin:
    __slots__ = ()

    def _resolve_stories_plain(self) -> None:
        """Resolve every story with committed characters, in order (see the module)."""
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
