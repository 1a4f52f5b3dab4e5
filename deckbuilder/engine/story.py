"""The story phase against an opponent with no cards: commits, then each story with
committed characters resolves the struggles printed on it (icon boosters added), then the
skill comparison; success tokens, won stories and their effects, the third win.

Against nobody every struggle where the player has at least one icon of its kind is won:
terror and combat then do nothing (the opponent has no character to affect), arcane readies
one committed character, investigation adds a success token. Skill 1 or more succeeds (+1
token) unchallenged (+1 more). A story is won at its threshold (5, or what a conspiracy
prints); the winner may execute its effect (a Core story's text, a conspiracy's "if you win").
"""

from __future__ import annotations

from math import floor  # floor(x) is int(x) for x >= 0, and quicker

from deckbuilder.engine.abilities import (
    AFTER_STRUGGLE,
    AWAKENS,
    BEFORE_STRUGGLE,
    CANNOT_COMMIT,
    CHARACTER_COMMITTED,
    CHARACTER_EXHAUSTED,
    COMMIT_BARRED,
    COMMIT_COST,
    COMMITS_EXHAUSTED,
    COMMITS_EXHAUSTED_AT,
    COMMITS_HERE_ONLY,
    COMMITS_READY,
    COMMITTED,
    COUNTS_AT,
    MORE_STORIES,
    MUST_COMMIT,
    MUST_RESOLVE,
    NO_GAME_WIN,
    NO_ICONS_HERE,
    NO_INVESTIGATION_TOKEN,
    NO_LONE_COMMITS,
    NO_REPLACEMENT,
    NOT_SUCCEEDED,
    READIED_BY_STRUGGLE,
    SKILL_FIRST,
    STAYS_UNTIL_WON,
    STORIES_RESOLVED,
    STORY_COUNT,
    STORY_RESOLVED,
    STORY_STATICS,
    STORY_WON,
    STRUGGLE_WON,
    SUCCEEDED,
    TOKENS_PLACED,
    TOKENS_TO_WIN,
    UNCOMMITTED,
    WON,
    WOULD_ARCANE_READY,
    WOULD_TOKEN,
    AbilityContext,
    LeftStoryContext,
)
from deckbuilder.engine.actions import (
    CONSPIRACY_BASE,
    EXHAUSTED,
    INSANE,
    OVER,
    READY,
    STORY_HOST,
    WIN,
)
from deckbuilder.engine.actions import STORY as STORY_PHASE_NAME
from deckbuilder.engine.cards import (
    ARCANE,
    CARD_TEXT,
    CORE_STORIES,
    CORE_STORY_STRUGGLES,
    INVESTIGATION,
    STORIES_TO_WIN,
    STORY,
    TOKENS_TO_WIN_STORY,
)
from deckbuilder.engine.choices import yes_no

_STRUGGLE_NAMES = ("terror", "combat", "arcane", "investigation")
_OVER, _STORY_WON = "over", "won"  # what a struggle window may end in (``_struggle_window``)
# The last win offers no effect, so it needs no generator (``_win_story``).
_WINS_BEFORE_LAST = STORIES_TO_WIN - 1
EFFECTIVE_CORE_STRUGGLES = tuple(i for i in CORE_STORY_STRUGGLES if i >= ARCANE)


def core_story_card_id(sid: int) -> str:
    """The card id of Core story ``sid`` (the Core Set prints them as Core-156..165)."""
    return f"Core-{156 + sid}"


_CORE_STORY_OFFERS: dict[int, tuple | None] = {}


def _core_story_offer(sid: int) -> tuple | None:
    """(yes/no Choice, effect, condition or None) for winning Core story ``sid``, or None:
    built once, since a Choice is immutable and every game offers the same one (when its
    condition, if any, holds: nothing to do is not offered)."""
    if sid not in _CORE_STORY_OFFERS:
        effect = CARD_TEXT["win"](core_story_card_id(sid))
        offer = None
        if effect is not None:
            text, fx, condition, ai = effect
            prompt = f"{CORE_STORIES[sid]}: {text}"
            choice = yes_no("story_effect", prompt, "decline the story's effect")
            # ``harm``: the card data says the effect costs the player more than it gives.
            offer = (choice._replace(harm=ai == "avoid"), fx, condition)
        _CORE_STORY_OFFERS[sid] = offer
    return _CORE_STORY_OFFERS[sid]


class StoryMixin:
    __slots__ = ()

    def _reveal_stories(self, n: int) -> None:
        """Reveal ``n`` stories from the story deck into new story slots."""
        pile, rand = self._story_deck, self.rng.random
        for _ in range(n):
            j = floor(rand() * len(pile))
            pile[j], pile[-1] = pile[-1], pile[j]
            self._open_story_slot(pile.pop())

    # The stories are shared; each player has tokens and committed characters on each slot:
    # slots open and close for every player at once.
    def _open_story_slot(self, sid: int) -> None:
        self._stories.append(sid)
        for player in self.players:
            player.tokens.append(0)
            player.committed.append([])

    def _close_story_slot(self, s: int) -> None:
        del self._stories[s]
        for player in self.players:
            del player.tokens[s], player.committed[s]

    # ----------------------------------------------------------------- commits
    def may_commit(self, inst: int) -> bool:
        """Ready (or exhausted, where a rule lets it), not yet committed, and no restriction
        forbids it (every goldfish turn is the player's own, so "cannot commit on your turn"
        always applies); ``may_commit_to`` adds the rules about one story."""
        status = self.you.status.get(inst)
        if status != READY:
            if status != EXHAUSTED:
                return False
            kinds = self.deck.static_kinds
            if not (
                (COMMITS_EXHAUSTED in kinds and self.has_static(COMMITS_EXHAUSTED, inst))
                or (
                    COMMITS_EXHAUSTED_AT in kinds
                    and any(
                        self._commit_rule(COMMITS_EXHAUSTED_AT, inst, s)
                        for s in range(len(self._stories))
                    )
                )
            ):
                return False
        for committed in self.you.committed:
            if inst in committed:
                return False
        # (``has_static`` asks first whether such a passive is in the deck: asked here.)
        return not (self.facts.cannot_commit and self.has_static(CANNOT_COMMIT, inst))

    def may_commit_to(self, inst: int, s: int) -> bool:
        """The rules in play let ``inst`` (that may commit: ``may_commit``) commit to story
        slot ``s``: a passive (COMMITS_HERE_ONLY) lets the characters it names commit only to
        the story its card is (a conspiracy) or is attached to; none bars it
        (COMMIT_BARRED); an exhausted one commits there only where a rule lets it
        (COMMITS_EXHAUSTED_AT)."""
        kinds = self.deck.static_kinds
        if COMMITS_HERE_ONLY in kinds:
            sid = self._stories[s]
            for src, st in self._statics_in_play():
                if st.kind == COMMITS_HERE_ONLY and self._static_applies(src, st, inst):
                    if (
                        sid != CONSPIRACY_BASE + src
                        and self.you.attached.get(src) != STORY_HOST + sid
                    ):
                        return False
        if COMMIT_BARRED in kinds and self._commit_rule(COMMIT_BARRED, inst, s):
            return False
        if (
            COMMITS_EXHAUSTED_AT in kinds
            and self.you.status.get(inst) == EXHAUSTED
            and not self.has_static(COMMITS_EXHAUSTED, inst)
        ):
            return self._commit_rule(COMMITS_EXHAUSTED_AT, inst, s)
        return True

    def _commit_rule(self, kind: str, inst: int, s: int) -> bool:
        """Whether a commit rule of ``kind`` in play says so about ``inst`` and slot ``s``."""
        for src, st in self._statics_in_play():
            if st.kind == kind and st.amount(self, src, inst, s):
                return True
        return False

    def _commit(self, inst: int, s: int) -> None:
        self._commit_only(inst, s)
        if self._triggers:
            self._after_triggers()

    def _commit_only(self, inst: int, s: int) -> None:
        """Commit ``inst`` to story slot ``s`` (it exhausts unless a rule says not) and queue
        what that triggers."""
        cd, facts = self.deck, self.facts
        ready = (facts.commits_ready and self.has_static(COMMITS_READY, inst)) or (
            self._story_rules and self._commits_ready_rule(inst, s)
        )
        if not ready:  # ``_exhaust`` written out: most commits exhaust
            self.you.status[inst] = EXHAUSTED
            if facts.character_exhausted:
                self._fire_all(CHARACTER_EXHAUSTED, AbilityContext(target=inst))
        self.you.committed[s].append(inst)
        if self.log is not None:
            self._log_commit(inst, s)
        if facts.committed and cd.by_trigger[COMMITTED][cd.kind_of[inst]]:
            self._queue_trigger(COMMITTED, inst, AbilityContext(story=s))
        if facts.character_committed:
            listeners = self._listeners(CHARACTER_COMMITTED)
            if listeners:
                ctx = AbilityContext(story=s, target=inst)
                self._queue_all(CHARACTER_COMMITTED, listeners, ctx)

    def _plain_commits(self, plan) -> None:
        """The commits ``plan`` (character, story slot) of a commit step that no rule of the
        deck nor effect of the turn changes (``DeckFacts.plain_commits``, no
        ``_story_rules``): ``may_commit`` and ``_commit_step`` written out, as nothing a
        commit does can trigger."""
        you = self.you
        status, all_committed, stories = you.status, you.committed, self._stories
        # With nobody committed yet, a ready character is not committed: each commit
        # exhausts it.
        fresh = not any(all_committed)
        for inst, s in plan:
            if s >= len(stories) or status.get(inst) != READY:
                continue
            if not fresh and any(inst in committed for committed in all_committed):
                continue
            status[inst] = EXHAUSTED
            all_committed[s].append(inst)
            if self.log is not None:
                self._log_commit(inst, s)

    def _log_commit(self, inst: int, s: int) -> None:
        title = self._story_title(self._stories[s])
        self._event("commit", f"{self.card(inst).title} committed to {title}")

    def _commits_ready_rule(self, inst: int, s: int) -> bool:
        """An effect of the turn (``_story_rules``: ("commits_ready", story id or -1,
        instance or -1)) lets ``inst`` commit to slot ``s`` without exhausting."""
        sid = self._stories[s]
        for rule in self._story_rules:
            if rule[0] == "commits_ready" and rule[1] in (-1, sid) and rule[2] in (-1, inst):
                return True
        return False

    def _commit_step(self, inst: int, s: int) -> None:
        """A commit of the commit step: a cost to commit (``COMMIT_COST``, once a turn) is
        paid first."""
        if self.facts.commit_cost and self._commit_costs():
            self._drive(self._paid_commit(inst, s))
        else:  # ``_commit`` written out
            self._commit_only(inst, s)
            if self._triggers:
                self._after_triggers()

    def _commit_costs(self) -> list:
        return [
            (src, st)
            for src, st in self._statics_in_play()
            if st.kind == COMMIT_COST and self._uses.get((src, COMMIT_COST)) != self.turn
        ]

    def commit_cost_payable(self) -> bool:
        """Whether every cost to commit still due this turn can be paid (one whose
        ``amount`` tells how, by a ``payable`` attribute): else no character commits."""
        return all(
            st.amount.payable(self, src)
            for src, st in self._commit_costs()
            if hasattr(st.amount, "payable")
        )

    def _paid_commit(self, inst: int, s: int):
        """Generator: pay the costs to commit, then commit (if it still may)."""
        for src, st in self._commit_costs():
            self._uses[(src, COMMIT_COST)] = self.turn
            yield from st.amount(self, src)
        if (
            self.phase == STORY_PHASE_NAME
            and s < len(self._stories)
            and self.may_commit(inst)
            and self.may_commit_to(inst, s)
        ):
            self._commit_only(inst, s)
            yield from self._resolve_triggers()

    def _close_commit_step(self):
        """Generator: the rules that judge the commit step as a whole, when the player ends
        it: a character that must commit and still may commits (to a story the player
        chooses), then a character committed alone where that is barred is taken back
        (ready again; one that stays committed from an earlier turn is not taken back)."""
        from deckbuilder.engine.effects import choose_story, log_event

        kinds = self.deck.static_kinds
        if MUST_COMMIT in kinds:
            for i in list(self.you.characters):
                if self.phase != STORY_PHASE_NAME or not self.has_static(MUST_COMMIT, i):
                    continue
                if not self.may_commit(i):
                    continue
                if COMMIT_COST in kinds and not self.commit_cost_payable():
                    continue  # "when able": a cost to commit it cannot pay
                slots = [s for s in range(len(self._stories)) if self.may_commit_to(i, s)]
                if not slots:
                    continue
                s = yield from choose_story(
                    self, "commit", f"{self.card(i).title} must commit to", slots
                )
                if s >= 0:
                    if COMMIT_COST in kinds and self._commit_costs():
                        yield from self._paid_commit(i, s)
                    else:
                        self._commit_only(i, s)
                        yield from self._resolve_triggers()
        if NO_LONE_COMMITS in kinds and any(
            st.kind == NO_LONE_COMMITS for _, st in self._statics_in_play()
        ):
            for committed in self.you.committed:
                if len(committed) == 1 and not self.has_static(STAYS_UNTIL_WON, committed[0]):
                    i = committed.pop()
                    if self.you.status.get(i) == EXHAUSTED:
                        self.you.status[i] = READY
                    log_event(self, "commit", f"{self.card(i).title} may not commit alone")

    # ----------------------------------------------------------------- struggles
    def story_struggles(self, s: int) -> tuple[int, ...]:
        """The struggles story slot ``s`` resolves, in order: its printed icons, each icon
        booster (attached to it or on a committed character) right after the first struggle
        of its kind, or in terror-combat-arcane-investigation order if it prints none."""
        sid = self._stories[s]
        printed = (
            self.deck.struggles[self.deck.kind_of[sid - CONSPIRACY_BASE]]
            if sid >= CONSPIRACY_BASE
            else CORE_STORY_STRUGGLES
        )
        boosters = self._boosters_at(s)
        if not boosters:
            return printed
        extra = [0, 0, 0, 0]
        for b in boosters:
            extra[b] += 1
        out: list[int] = []
        for icon in printed:
            out.append(icon)
            if extra[icon]:
                out.extend([icon] * extra[icon])
                extra[icon] = 0
        for icon in range(4):
            if extra[icon]:
                at = next((n for n, v in enumerate(out) if v > icon), len(out))
                out[at:at] = [icon] * extra[icon]
        return tuple(out)

    def _boosters_at(self, s: int) -> list[int]:
        cd = self.deck
        kind_of, boosters = cd.kind_of, cd.boosters
        out = []
        for i in self.you.committed[s]:
            out.extend(boosters[kind_of[i]])
        if self.you.attached:
            host = STORY_HOST + self._stories[s]
            for a, h in self.you.attached.items():
                if h == host:
                    out.extend(boosters[kind_of[a]])
        return out

    def story_to_win(self, s: int) -> int:
        """Success tokens that win story slot ``s``: 5 or what a conspiracy prints, changed by
        the passives in play (TOKENS_TO_WIN) and the effects of the turn ("to_win" rules);
        never fewer than 1."""
        sid = self._stories[s]
        if sid >= CONSPIRACY_BASE:
            n = self.deck.to_win[self.deck.kind_of[sid - CONSPIRACY_BASE]]
        else:
            n = TOKENS_TO_WIN_STORY
        if self._turn_rules or TOKENS_TO_WIN in self.deck.static_kinds:
            n = max(1, n + self._to_win_change(s, sid))
        return n

    def _to_win_change(self, s: int, sid: int) -> int:
        change = 0
        if TOKENS_TO_WIN in self.deck.static_kinds:
            for src, st in self._statics_in_play():
                if st.kind == TOKENS_TO_WIN and (st.who is None or st.who(self, src, s)):
                    change += st.amount
        for rule in self._turn_rules:
            if rule[0] == "to_win" and rule[1] == sid and self.rule_applies(rule):
                change += rule[2]
        return change

    def _varying_to_win(self) -> bool:
        """Whether anything may change the tokens a Core story needs (5)."""
        return bool(self._turn_rules) or self.facts.tokens_to_win

    # ----------------------------------------------------------------- winning the game
    def stories_to_win(self) -> int:
        """Stories that win the game: 3, plus what the passives in play add."""
        n = STORIES_TO_WIN
        if MORE_STORIES in self.deck.static_kinds:
            for _src, st in self._statics_in_play():
                if st.kind == MORE_STORIES:
                    n += st.amount
        return n

    def _game_won(self) -> bool:
        """The won pile wins the game: enough stories, and no passive in play forbids it."""
        if len(self.you.won) < self.stories_to_win():
            return False
        if NO_GAME_WIN in self.deck.static_kinds:
            for src, st in self._statics_in_play():
                if st.kind == NO_GAME_WIN and (st.who is None or st.who(self, src, src)):
                    return False
        return True

    def _last_win(self, sid: int) -> bool:
        """Whether winning story ``sid`` now wins the game (then no effect is offered)."""
        if not self.facts.win_rules:
            return len(self.you.won) >= _WINS_BEFORE_LAST
        self.you.won.append(sid)
        try:
            return self._game_won()
        finally:
            self.you.won.pop()

    # ----------------------------------------------------------------- resolution
    def _resolve_stories(self):
        """Generator: resolve every story with committed characters, in order."""
        cd = self.deck
        logging = self.log is not None
        stories, all_committed, tokens = self._stories, self.you.committed, self.you.tokens
        # Printed stats serve a story whose committed characters no passive or effect changes
        # (``stat_changes`` written out).
        if self._temp:
            every_printed, changed = False, cd.every_kind
        elif not cd.has_statics:
            every_printed, changed = True, ()
        else:
            statics = self._statics_cache or self._build_statics()
            every_printed, changed = not statics[1] and not statics[2], statics[7]
        status = self.you.status
        flags = self.facts.story_resolution  # facts of the deck: read once per deck
        (
            plain_stories,
            succeeded,
            struggle_won,
            resolved,
            readied,
            placed,
            would_token,
            story_statics,
            all_resolved,
            before,
            after,
            not_succeeded,
            plain_unlogged,
        ) = flags
        text = cd.text
        if all_resolved:
            n_committed = sum(len(c) for c in all_committed)
        plain_unlogged = plain_unlogged and not logging
        # (``_varying_to_win`` written out)
        fixed_to_win = not self._turn_rules and not self.facts.tokens_to_win
        kind_of = cd.kind_of
        arcanes, investigations, skills = cd.arcane, cd.investigation, cd.skill
        s = 0
        while s < len(stories):
            committed = all_committed[s]
            if not committed:
                s += 1
                continue
            sid = stories[s]
            # A Core story without boosters: terror and combat do nothing against nobody
            # (only logged), so neither is counted nor resolved unless logged.
            special = story_statics or self._story_rules
            plain = plain_unlogged and sid < CONSPIRACY_BASE and not special and fixed_to_win
            printed = every_printed
            if not printed:
                printed = True
                for i in committed:
                    if kind_of[i] in changed or status[i] == INSANE:
                        printed = False
                        break
            if printed:
                arcane = investigation = total_skill = 0
                for i in committed:
                    k = kind_of[i]
                    arcane += arcanes[k]
                    investigation += investigations[k]
                    total_skill += skills[k]
                if plain:
                    icons = (0, 0, arcane, investigation)
                else:
                    terror = combat = 0
                    for i in committed:
                        terror += cd.terror[kind_of[i]]
                        combat += cd.combat[kind_of[i]]
                    icons = (terror, combat, arcane, investigation)
            else:
                terror = combat = arcane = investigation = total_skill = 0
                stats_of = self.stats_of
                for i in committed:
                    sk, (t, c, a, v) = stats_of(i)
                    total_skill += sk
                    terror += t
                    combat += c
                    arcane += a
                    investigation += v
                icons = (terror, combat, arcane, investigation)
            if plain:
                struggles, to_win = EFFECTIVE_CORE_STRUGGLES, TOKENS_TO_WIN_STORY
            elif plain_stories and sid < CONSPIRACY_BASE and fixed_to_win:
                struggles, to_win = CORE_STORY_STRUGGLES, TOKENS_TO_WIN_STORY
            else:
                struggles, to_win = self.story_struggles(s), self.story_to_win(s)
            slots = len(stories)
            won = False
            watch = ()
            if special:
                icons, total_skill, struggles, watch, first = self._story_changes(
                    s, committed, icons, total_skill, struggles
                )
                succeeded_first = first and total_skill >= 1
                if succeeded_first:  # the skill comparison comes first
                    # Who is committed there, before a win uncommits them: for the
                    # "succeeded here" answers and a struggle chosen after the win.
                    was = self._committed_at(s) if succeeded or first == 2 else ()
                    won = yield from self._skill_success(s, to_win)
                    if self.phase == OVER:
                        return
                    if succeeded:
                        ctx = (
                            LeftStoryContext(sid, was, s + (len(stories) == slots)) if won else None
                        )
                        self._fire_all(SUCCEEDED, ctx or AbilityContext(story=s, story_id=sid))
                        if won and sid >= CONSPIRACY_BASE:
                            self._won_conspiracy_succeeded(sid - CONSPIRACY_BASE, ctx)
                        if self._triggers:
                            yield from self._resolve_triggers()
                        if self.phase == OVER:
                            return
                    total_skill = 0
                    if won or s >= len(stories) or stories[s] != sid:
                        won = True
                        struggles = ()
                        if first == 2 and icons[ARCANE]:
                            yield from self._arcane_after_win(was, s, readied)
                            if self.phase == OVER:
                                return
            # ``committed`` stays as it is until a win (which ends the struggles): an arcane
            # struggle only readies, and a choice cannot change the board.
            for struggle in struggles:
                if before:  # cards may commit, move or come in before it resolves
                    self._fire_all(
                        BEFORE_STRUGGLE, AbilityContext(x=struggle, story=s, story_id=sid)
                    )
                    if self._triggers:
                        after_window = yield from self._struggle_window(s, sid, struggles)
                        if after_window == _OVER:
                            return
                        if after_window == _STORY_WON:
                            won = True
                            break
                        if after_window:
                            icons, total_skill = after_window
                margin = icons[struggle]
                if not margin:
                    continue
                if struggle_won or watch:
                    if struggle_won:
                        listeners = self._listeners(STRUGGLE_WON)
                        if listeners:
                            ctx = AbilityContext(x=struggle, story=s, margin=margin)
                            self._queue_all(STRUGGLE_WON, listeners, ctx)
                    for icon, effect, src in watch:  # effects of the turn waiting for it
                        if icon < 0 or icon == struggle:
                            ctx = AbilityContext(x=struggle, story=s, story_id=sid, margin=margin)
                            self._triggers.append(((effect,), src, ctx))
                    if self._triggers:
                        yield from self._resolve_triggers()
                        if self.phase == OVER:
                            return
                        if s >= len(stories) or stories[s] != sid:
                            won = True  # an effect won (and replaced) the story
                            break
                if struggle == ARCANE:
                    if text and cd.any_trigger[WOULD_ARCANE_READY]:  # "instead of readying"
                        ctx = AbilityContext(x=ARCANE, story=s, story_id=sid)
                        yield from self._would_asking(WOULD_ARCANE_READY, ctx)
                        if self.phase == OVER:
                            return
                        if s >= len(stories) or stories[s] != sid:
                            won = True
                            break
                        exhausted = () if ctx.instead else self._exhausted_among(committed)
                    else:
                        exhausted = self._exhausted_among(committed)
                    if exhausted:
                        if logging:
                            self._event(
                                "struggle", "arcane struggle won: a committed character readies"
                            )
                        if len(exhausted) == 1:
                            i = exhausted[0]
                        else:
                            from deckbuilder.engine.effects import choose_card

                            i = yield from choose_card(
                                self, "ready", "arcane struggle won: ready", exhausted
                            )
                        self._ready(i)
                        if readied and cd.by_trigger[READIED_BY_STRUGGLE][kind_of[i]]:
                            self._queue_trigger(
                                READIED_BY_STRUGGLE, i, AbilityContext(x=ARCANE, story=s)
                            )
                            if self._triggers:
                                yield from self._resolve_triggers()
                            if self.phase == OVER:
                                return
                            if s >= len(stories) or stories[s] != sid:
                                won = True
                                break
                elif struggle == INVESTIGATION and not (
                    story_statics
                    and NO_INVESTIGATION_TOKEN in story_statics
                    and self._no_investigation_token(s)
                ):
                    if logging:
                        self._event("struggle", "investigation struggle won: +1 success token")
                    n = tokens[s] = tokens[s] + (self._tokens_would(s, 1) if would_token else 1)
                    if n >= to_win:
                        if text and not self._last_win(sid):
                            yield from self._win_story(s)
                        else:
                            self._win_story_plain(s)
                        won = True
                        break
                    if placed:
                        self._fire_all(TOKENS_PLACED, AbilityContext(story=s))
                        if self._triggers:
                            yield from self._resolve_triggers()
                elif logging:
                    self._event("struggle", f"{_STRUGGLE_NAMES[struggle]} struggle won: no effect")
                if after:  # the struggle's effect has resolved
                    self._fire_all(
                        AFTER_STRUGGLE,
                        AbilityContext(x=struggle, story=s, story_id=sid, margin=margin),
                    )
                    if self._triggers:
                        after_window = yield from self._struggle_window(s, sid, struggles)
                        if after_window == _OVER:
                            return
                        if after_window == _STORY_WON:
                            won = True
                            break
                        if after_window:
                            icons, total_skill = after_window
            if self.phase == OVER:
                return
            if not won and total_skill >= 1:
                if logging:
                    self._event("success", "skill succeeds, unchallenged: +2 success tokens")
                n = tokens[s] = tokens[s] + (self._tokens_would(s, 2) if would_token else 2)
                if n >= to_win:
                    # Won at once, before the "after you succeed" answers (``_committed_at``)
                    was = self._committed_at(s) if succeeded else ()
                    if text and not self._last_win(sid):
                        yield from self._win_story(s)
                    else:
                        self._win_story_plain(s)
                    won = True
                    if self.phase == OVER:
                        return
                elif placed:
                    self._fire_all(TOKENS_PLACED, AbilityContext(story=s))
                    if self._triggers:
                        yield from self._resolve_triggers()
                if succeeded:
                    ctx = LeftStoryContext(sid, was, s + (len(stories) == slots)) if won else None
                    self._fire_all(SUCCEEDED, ctx or AbilityContext(story=s, story_id=sid))
                    if won and sid >= CONSPIRACY_BASE:
                        self._won_conspiracy_succeeded(sid - CONSPIRACY_BASE, ctx)
                    if self._triggers:
                        yield from self._resolve_triggers()
            elif not_succeeded and not won and not (special and succeeded_first):
                self._fire_all(NOT_SUCCEEDED, AbilityContext(story=s, story_id=sid))
                if self._triggers:
                    yield from self._resolve_triggers()
            if resolved and not won and self.phase != OVER:
                self._fire_all(STORY_RESOLVED, AbilityContext(story=s))
                if self._triggers:
                    yield from self._resolve_triggers()
            if self.phase == OVER:
                return
            if won:
                # Won and replaced: that story's resolution is over. A won conspiracy
                # leaves its slot, so the next story now sits at ``s``.
                s += len(stories) == slots
                continue
            s += 1
        if self._story_rules:
            self._story_rules.clear()  # every such effect lasts this turn at most
        if all_resolved and self.phase != OVER:
            self._fire_all(STORIES_RESOLVED, AbilityContext(x=n_committed))
            if self._triggers:
                yield from self._resolve_triggers()

    def _arcane_after_win(self, committed, s: int, readied: bool):
        """Generator: a story won before its struggles whose struggles the player may
        choose (``skill_check_first``'s ``choose_struggles``): its won arcane struggle is
        offered, readying an exhausted character that was committed there."""
        exhausted = self._exhausted_among([i for i in committed if i in self.you.status])
        if not exhausted:
            return
        choice = yes_no("story_effect", "resolve its arcane struggle: ready a character")
        if not (yield choice).x:
            return
        if len(exhausted) == 1:
            i = exhausted[0]
        else:
            from deckbuilder.engine.effects import choose_card

            i = yield from choose_card(self, "ready", "arcane struggle won: ready", exhausted)
        if self.log is not None:
            self._event("struggle", "arcane struggle won: a committed character readies")
        self._ready(i)
        if readied and self.deck.by_trigger[READIED_BY_STRUGGLE][self.deck.kind_of[i]]:
            self._queue_trigger(READIED_BY_STRUGGLE, i, AbilityContext(x=ARCANE, story=s))
            yield from self._resolve_triggers()

    def _won_conspiracy_succeeded(self, c: int, ctx: LeftStoryContext) -> None:
        """The conspiracy ``c`` a success has just won answers that success ("when a player
        succeeds at this conspiracy"): it is in the won pile, where the listener registers
        do not look, so it joins the queue itself. Rule choice: as a card answers its own
        leaving play (FAQ), the conspiracy answers the success that won it, its text still
        working for that one event (``_ability_live``); never twice, were it also
        listed from the won pile."""
        cd = self.deck
        if cd.by_trigger[SUCCEEDED][cd.kind_of[c]] and not any(
            t[1] == c and t[2] is ctx for t in self._triggers
        ):
            self._triggers.append((SUCCEEDED, c, ctx))

    def _committed_at(self, s: int) -> tuple:
        """Every player's characters committed to story slot ``s`` now: taken before a
        success's tokens are placed, for its "after you succeed" answers. Rule choice: the
        rulebook wins a story the moment its fifth token is placed (its effect, then its
        replacement, before anything else), so a success that wins it is answered after the
        win, the story gone (``LeftStoryContext``: ctx.story -1, an effect on "that story"
        finds none); the characters committed there at the moment of the success are still
        those "committed to the story you succeeded at", though no longer committed to any
        story."""
        return tuple(i for player in self.players for i in player.committed[s])

    def _exhausted_among(self, committed: list[int]) -> list[int]:
        """The exhausted characters among ``committed``: those a won arcane struggle may
        ready."""
        status = self.you.status
        return [i for i in committed if status[i] == EXHAUSTED]

    def _struggle_window(self, s: int, sid: int, struggles):
        """Generator: resolve what a window before or after a struggle at story slot ``s``
        (holding ``sid``) queued. Returns ``_OVER`` (the game ended), ``_STORY_WON`` (the
        story left its slot: won), the recounted (icons, total skill) when characters
        joined or left it, or None."""
        committed = self.you.committed[s]
        was = list(committed)
        yield from self._resolve_triggers()
        if self.phase == OVER:
            return _OVER
        if s >= len(self._stories) or self._stories[s] != sid:
            return _STORY_WON
        return self._recount(s, struggles) if committed != was else None

    def _recount(self, s: int, struggles) -> tuple:
        """(icons per struggle type, total skill) of the characters committed to story slot
        ``s`` now (after a character joined or left it during its resolution)."""
        committed = self.you.committed[s]
        icons = [0, 0, 0, 0]
        total_skill = 0
        for i in committed:
            sk, ic = self.stats_of(i)
            total_skill += sk
            for t in range(4):
                icons[t] += ic[t]
        icons = tuple(icons)
        if self.deck.static_kinds & STORY_STATICS or self._story_rules:
            icons, total_skill, _, _, _ = self._story_changes(
                s, committed, icons, total_skill, struggles
            )
        return icons, total_skill

    def _skill_success(self, s: int, to_win: int):
        """Generator: the skill comparison at story slot ``s`` succeeds, unchallenged: +2
        success tokens; returns True when that won the story."""
        if self.log is not None:
            self._event("success", "skill succeeds, unchallenged: +2 success tokens")
        n = self.you.tokens[s] = self.you.tokens[s] + self._tokens_would(s, 2)
        if n < to_win:
            return False
        if self.deck.text and not self._last_win(self._stories[s]):
            yield from self._win_story(s)
        else:
            self._win_story_plain(s)
        return True

    def _no_investigation_token(self, s: int) -> bool:
        """A passive in play (NO_INVESTIGATION_TOKEN) says an investigation struggle won at
        story slot ``s`` places no success token."""
        for src, st in self._statics_in_play():
            if st.kind == NO_INVESTIGATION_TOKEN and st.who(self, src, s):
                return True
        return False

    def icons_silenced(self, committed) -> set:
        """The characters of ``committed`` (those at one story, or a group a player thinks
        of committing together) whose icons are not counted there: a NO_ICONS_HERE passive
        of another one of them accepts them. Empty without such a passive in the deck."""
        silenced = set()
        if NO_ICONS_HERE not in self.deck.static_kinds:
            return silenced
        for src, st in self._statics_in_play():
            if st.kind == NO_ICONS_HERE and src in committed:
                for i in committed:
                    if i != src and i not in silenced and st.who(self, src, i):
                        silenced.add(i)
        return silenced

    def _story_changes(self, s, committed, icons, total_skill, struggles):
        """(icons counted per struggle type, skill, struggles, effects waiting for a
        struggle, whether the skill comparison comes first) at story slot ``s``, after the
        passives (COUNTS_AT, STORY_COUNT, SKILL_FIRST, NO_ICONS_HERE) and the effects of the turn
        (``_story_rules``: ("count", story id or -1 for every story, (type or -1, column
        or 4 for skill, added)), ("extra", id, type), ("skip", id, type), ("watch", id,
        type or -1, effect, source)) that change it."""
        sid = self._stories[s]
        counts, extra, skip, watch = [], [], [], []
        first = 0  # 1: the skill comparison first; 2: and struggles chosen once won
        if self.deck.static_kinds & STORY_STATICS:
            counted = set(committed)
            for src, st in self._statics_in_play():
                kind = st.kind
                if kind == COUNTS_AT:
                    i = st.who(self, src, s)
                    if i >= 0 and i not in counted:
                        counted.add(i)
                        sk, ic = self.stats_of(i)
                        if st.amount & 1:
                            total_skill += sk
                        if st.amount & 2:
                            icons = tuple(a + b for a, b in zip(icons, ic, strict=True))
                elif kind == STORY_COUNT:
                    if st.who(self, src, s):
                        counts.append(st.amount)
                elif kind == SKILL_FIRST and st.who(self, src, s):
                    first = max(first, 2 if st.amount else 1)
            for i in self.icons_silenced(committed):
                ic = self.stats_of(i)[1]
                icons = tuple(a - b for a, b in zip(icons, ic, strict=True))
        for rule in self._story_rules:
            if rule[1] >= 0 and rule[1] != sid:
                continue
            kind = rule[0]
            if kind == "count":
                counts.append(rule[2])
            elif kind == "extra":
                extra.append(rule[2])
            elif kind == "skip":
                skip.append(rule[2])
            elif kind == "watch":
                watch.append(rule[2:])
        if counts:
            base, out = icons, list(icons)
            counts.sort(key=lambda c: c[2])  # "instead of" first, then "in addition to"
            for struggle, column, added in counts:
                value = total_skill if column == 4 else base[column]
                for k in range(4) if struggle < 0 else (struggle,):
                    if not added:
                        out[k] = value
                    elif k != column:
                        out[k] += value
            icons = tuple(out)
        if extra or skip:
            out = [k for k in struggles if k not in skip]
            for icon in extra:
                if icon in skip:
                    continue
                at = next((n for n, v in enumerate(out) if v > icon), len(out))
                out.insert(at, icon)
            struggles = tuple(out)
        return icons, total_skill, struggles, watch, first

    def _add_token(self, s: int, n: int):
        """Generator: add tokens to story slot ``s``; returns True when that won it. A story
        is won when its tokens reach the number needed: one already there is being won (an
        effect of its own win adds tokens to it), not won again."""
        before = self.you.tokens[s]
        n = self._tokens_would(s, n)
        self.you.tokens[s] += n
        needed = self.story_to_win(s)
        if before >= needed:
            return False
        if self.you.tokens[s] < needed:
            if n > 0 and self.deck.any_trigger[TOKENS_PLACED]:
                self._fire_all(TOKENS_PLACED, AbilityContext(story=s, by_effect=True))
            return False
        yield from self._win_story(s)
        return True

    def _tokens_would(self, s: int, n: int) -> int:
        """The "would place success tokens" window before ``n`` of your tokens are placed
        at story slot ``s``: how many are still placed there (an answer may place them
        elsewhere, ``ctx.x``)."""
        if n <= 0 or not self.deck.any_trigger[WOULD_TOKEN]:
            return n
        return max(0, self._would(WOULD_TOKEN, AbilityContext(x=n, story=s)).x)

    def _log_win(self, sid: int) -> None:
        n = len(self.you.won) + 1
        self._event("story_won", f"won {self._story_title(sid)} ({n} of {self.stories_to_win()})")

    def _win_story_plain(self, s: int) -> None:
        """``_win_story`` for keywords only or the game's last win: no effect to offer, so
        no generator to drive."""
        sid = self._stories[s]
        if self.log is not None:
            self._log_win(sid)
        if self.facts.win_rules:
            self._story_won(s, sid, self._last_win(sid))
        else:  # ``_last_win`` written out
            self._story_won(s, sid, len(self.you.won) >= _WINS_BEFORE_LAST)

    def _win_story(self, s: int):
        sid = self._stories[s]
        cd = self.deck
        # Rulebook: the effect is executed (or declined), then the story joins the won pile.
        if self.log is not None:
            self._log_win(sid)
        third = self._last_win(sid)  # the game's last win offers no effect
        text = cd.text and not third
        if text:
            if sid >= CONSPIRACY_BASE:
                inst = sid - CONSPIRACY_BASE
                if cd.by_trigger[WON][cd.kind_of[inst]]:
                    self._queue_trigger(WON, inst, AbilityContext(story=s, story_id=sid))
                    if inst == self.you.conspiracy:
                        # Won, it no longer holds the one-conspiracy slot: its own effect
                        # may put the next conspiracy into play (``_may_enter``).
                        self._turn_rules.append(("conspiracy_won", inst, None, self.turn, None))
            else:
                offer = _CORE_STORY_OFFERS.get(sid, False)  # a call only the first time
                if offer is False:
                    offer = _core_story_offer(sid)
                if offer is not None and (
                    offer[2] is None or offer[2](self, -1, AbilityContext(story=s, story_id=sid))
                ):
                    choice, fx, _ = offer
                    # A policy (``run``) answers at once, as ``_drive`` would (it asks no
                    # policy once the game is over): no yield, which costs a round trip
                    # through the generators of the phase.
                    policy = self._policy
                    if MUST_RESOLVE in cd.static_kinds and self._must_resolve(sid):
                        answer = choice.options[0]  # a card attached to it says it must
                    elif policy is not None and self.phase != OVER:
                        answer = policy.decide(self, choice)
                    else:
                        answer = yield choice
                    if answer.x:
                        if self.log is not None:
                            self._event("story_effect", choice.prompt)
                        yield from fx(self, -1, AbilityContext(story=s, story_id=sid))
            if cd.any_trigger[STORY_WON]:
                listeners = self._listeners(STORY_WON)
                if listeners:
                    ctx = AbilityContext(story=s, story_id=sid)
                    self._queue_all(STORY_WON, listeners, ctx)
            if self._triggers:
                yield from self._resolve_triggers()
            if self._turn_rules:
                self._turn_rules = [r for r in self._turn_rules if r[0] != "conspiracy_won"]
            s = self._stories.index(sid)  # effects may have changed the rows before it
        self._story_won(s, sid, third)
        if text and self._turn_rules and self.phase != OVER:
            later = [r for r in self._turn_rules if r[0] == "after_replaced"]
            if later:  # "After you replace this story, ..." (``after_replaced``)
                self._turn_rules = [r for r in self._turn_rules if r[0] != "after_replaced"]
                for _, src, fx, _, ctx in later:
                    yield from fx(self, src, ctx)

    def _story_won(self, s: int, sid: int, third: bool) -> None:
        """Story ``sid`` in slot ``s`` joins the won pile and the slot gets the next story
        (a won conspiracy leaves its slot); the third win ends the game. (The passives in
        play stay as they are: a card that leaves play with the story says so itself.)"""
        if self.facts.uncommitted and self.you.committed[s]:
            self._fire_all(UNCOMMITTED, AbilityContext(story=s))  # they leave the won story
        if self._turn_rules and self._turn_rule("not_won", sid, consume=True):
            self._to_story_deck(sid)  # an effect of its own sends it back to the story deck
        else:
            self.you.won.append(sid)
        for player in self.players:
            player.committed[s].clear()
        if self.you.attached:
            self._destroy_story_attachments(sid)
        if self.you.facedown:
            self._wake_dormant(STORY_HOST + sid)
        if sid >= CONSPIRACY_BASE and self.is_conspiracy(sid):  # (a Core story is not)
            if self.you.conspiracy == sid - CONSPIRACY_BASE:
                self.you.conspiracy = -1
                kind = self.deck.kind_of[sid - CONSPIRACY_BASE]
                if self.deck.statics[kind]:
                    self._passives_changed(kind)
            elif self.deck.statics[kind := self.deck.kind_of[sid - CONSPIRACY_BASE]]:
                self._passives_changed(kind)  # its win effect put the next one in its place
            if self._blanking == sid:
                self._blanking = -1
            self._close_story_slot(s)
        else:
            for player in self.players:  # a story won loses every player's tokens
                player.tokens[s] = 0
            pile = self._story_deck
            kinds = self.deck.static_kinds
            if NO_REPLACEMENT in kinds and self._not_replaced(s):
                self._close_story_slot(s)
            elif pile:
                if self._turn_rules:  # an effect may have chosen it
                    j = self._next_story_index(pile)
                else:
                    j = floor(self.rng.random() * len(pile))
                pile[j], pile[-1] = pile[-1], pile[j]
                self._stories[s] = pile.pop()
                if NO_REPLACEMENT in kinds:  # slots left empty before are filled again
                    while pile and sum(not self.is_conspiracy(x) for x in self._stories) < 3:
                        self._reveal_stories(1)
            else:  # cannot happen with 10 stories and 3 wins; keep the slot empty-safe
                self._close_story_slot(s)
        if self.facts.win_rules and not third:
            third = self._game_won()
        if third and self.phase != OVER:
            if self.log is not None:
                self._event("game_won", f"third story won on turn {self.turn}")
            self._end(WIN)

    def is_conspiracy(self, sid: int) -> bool:
        """Story ``sid`` is a conspiracy card (or another card among the stories), not a
        Core story nor a story card of the deck's story section."""
        if sid < CONSPIRACY_BASE:
            return False
        return self.deck.ctype[self.deck.kind_of[sid - CONSPIRACY_BASE]] != STORY

    def _to_story_deck(self, sid: int) -> None:
        """Story ``sid`` (out of play and of the won pile) is shuffled into the story deck;
        a conspiracy or another card cannot join it and goes to the discard pile."""
        if not self.is_conspiracy(sid):
            self._story_deck.append(sid)
        else:
            self._into_discard(sid - CONSPIRACY_BASE)
        if self.log is not None:
            self._event("story", f"{self._story_title(sid)} shuffled into the story deck")

    def _next_story_index(self, pile: list) -> int:
        """Where in the story deck the next story comes from: one an effect chose
        ("next_story" rule), else at random."""
        for rule in self._turn_rules:
            if rule[0] == "next_story" and rule[1] in pile:
                self._turn_rules.remove(rule)
                return pile.index(rule[1])
        return floor(self.rng.random() * len(pile))

    def _not_replaced(self, s: int) -> bool:
        """A passive (NO_REPLACEMENT) keeps the won story in slot ``s`` from being replaced:
        it holds, and another non-conspiracy story is in play."""
        stories = self._stories
        if not any(not self.is_conspiracy(x) for n, x in enumerate(stories) if n != s):
            return False
        for src, st in self._statics_in_play():
            if st.kind == NO_REPLACEMENT and (st.who is None or st.who(self, src, src)):
                return True
        return False

    def _must_resolve(self, sid: int) -> bool:
        """A card attached to story ``sid`` makes its effect resolve when it is won."""
        host = STORY_HOST + sid
        for src, st in self._statics_in_play():
            if st.kind == MUST_RESOLVE and self.you.attached.get(src) == host:
                return True
        return False

    def _wake_dormant(self, host: int) -> None:
        """The Dormant cards attached face down to a won story wake: each goes to the
        discard pile, from where its "awakens" response may play it for free."""
        cd = self.deck
        for a in [a for a, h in self.you.facedown.items() if h == host]:
            del self.you.facedown[a]
            self._into_discard(a)
            if self.log is not None:
                self._event("dormant", f"{self.card(a).title} wakes")
            if cd.by_trigger[AWAKENS][cd.kind_of[a]]:
                self._queue_trigger(AWAKENS, a)

    def _story_title(self, sid: int) -> str:
        if sid >= CONSPIRACY_BASE:
            return self.card(sid - CONSPIRACY_BASE).title
        return CORE_STORIES[sid]

    def _end_story_phase(self) -> None:
        if self.facts.commit_step_rules:
            self._drive(self._closed_then_resolved(), self._end_turn)
        else:
            self._drive(self._resolve_stories(), self._end_turn)

    def _closed_then_resolved(self):
        yield from self._close_commit_step()
        if self.phase != OVER:
            yield from self._resolve_stories()
