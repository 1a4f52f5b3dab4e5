"""One goldfish game: the Call of Cthulhu LCG turn sequence for one player against an opponent
who has no cards (rulebook + FAQ v2.2; SPEC §7). Card text beyond keywords is not simulated.

Public API (the TUI and the policies use only this)::

    game = Game.new(deck, seed=7, first_player=True, turn_cap=25)
    while not game.is_over:
        actions = game.legal_actions()     # list[Action], never empty while not over
        game.apply(actions[0])             # raises IllegalAction for anything not listed
    game.result                            # "win" | "deck_out" | "turn_cap"
    game.log                               # list[Event(turn, phase, kind, text)]

or ``game.run(policy)`` to let a policy (``deckbuilder.engine.policies``) play to the end;
``policy.choose(game)`` suggests the next action for step-by-step play. Both paths call the
same rule methods below, so a game played step by step with a policy's suggestions is the
game ``run`` plays.

``game.describe(action)`` words an action for a menu; ``Game.arranged(deck, hand=...,
domains=..., characters=...)`` sets up a chosen position. ``turn`` counts the player's own
turns (with ``first_player=False`` the empty opponent has already passed turn 1).

Zones are lists of *instances* (ints, one per copy in the deck); ``game.card(i)`` is the
``Card`` of an instance. Read-only views: ``hand``, ``domains`` (3 lists of resources),
``drained``, ``characters``, ``supports``, ``status(i)`` ("ready"/"exhausted"/"insane"),
``stories`` (list of ``StoryView``), ``won``, ``discard``, ``deck_size``, ``phase``, ``turn``.

Phases needing a decision: ``mulligan`` (KEEP or MULLIGAN, once), ``setup-resources``
(SETUP_RESOURCE three times: the 3 cards left become one resource per domain), ``resource``
(ATTACH one card or PASS), ``operations`` (PLAY cards one at a time, then PASS), ``story``
(COMMIT ready characters one at a time, then PASS to resolve). Refresh, draw and story
resolution happen on their own.

Rule choices where the rules leave room (all documented in the report and the CLI note):
the deck-out loss happens the moment the deck is empty (rulebook: "at any point");
Transient resources count 2 toward Loyal too when drained; events are not played (their
effect is text); arcane struggles ready the first committed character; X is chosen by the
action (the greedy policy uses 0) and an X skill counts 0. An insane character has no
keywords, so it neither blocks Heroic/Villainous plays nor counts for them; when one is
restored, a character that clashes with nobody is restored first, and a restored character
that does clash is the one discarded. A card with both keywords clashes with either side
(text that lifts the rule, like any text, is not simulated).
"""

from __future__ import annotations

import random
from typing import NamedTuple

from deckbuilder.engine.cards import (
    CHARACTER,
    CONSPIRACY,
    CORE_STORIES,
    N_FACTIONS,
    NEUTRAL,
    STORIES_TO_WIN,
    SUPPORT,
    TOKENS_TO_WIN_STORY,
    compile_deck,
)

MULLIGAN_PHASE = "mulligan"
SETUP_PHASE = "setup-resources"
RESOURCE = "resource"
OPERATIONS = "operations"
STORY = "story"
OVER = "over"

READY, EXHAUSTED, INSANE = 0, 1, 2
_STATUS_NAMES = ("ready", "exhausted", "insane")

WIN, DECK_OUT, TURN_CAP = "win", "deck_out", "turn_cap"
DEFAULT_TURN_CAP = 25

# Story ids: 0..9 are Core stories; a conspiracy in play is CONSPIRACY_BASE + instance.
CONSPIRACY_BASE = 1000


class IllegalAction(ValueError):
    """``apply`` was given an action that ``legal_actions`` does not list."""


class Action(NamedTuple):
    kind: str  # one of the constants below
    card: int = -1  # instance
    domain: int = -1  # 0..2, or -1 for "no domain" (cost 0)
    story: int = -1  # index into ``game.stories``
    x: int = 0  # the chosen X of an X cost


KEEP, MULLIGAN, SETUP_RESOURCE = "keep", "mulligan", "setup_resource"
ATTACH, PLAY, COMMIT, PASS = "attach", "play", "commit", "pass"


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


class Game:
    __slots__ = (
        "deck",
        "rng",
        "first_player",
        "turn_cap",
        "turn",
        "phase",
        "result",
        "win_turn",
        "mulligan_taken",
        "log",
        "_deck",
        "_hand",
        "_domains",
        "_drained",
        "_dom_value",
        "_dom_fac",
        "_fac_count",
        "_characters",
        "_supports",
        "_status",
        "_stories",
        "_tokens",
        "_committed",
        "_story_deck",
        "_won",
        "_discard",
        "_conspiracy",
        "_pending",
        "first_playable",
    )

    # ----------------------------------------------------------------- construction
    @classmethod
    def new(
        cls,
        deck,
        seed: int | None = None,
        *,
        first_player: bool = True,
        turn_cap: int = DEFAULT_TURN_CAP,
        log: bool = True,
        track_playable: bool = False,
    ) -> Game:
        """Shuffle, place 3 domains and the story deck, draw the 8-card setup hand.

        ``deck`` is a ``Deck`` or a ``CompiledDeck``; ``log=False`` skips the event log (batch
        runs); ``track_playable`` records the first turn each card could be paid for.
        """
        game = cls()
        compiled = compile_deck(deck)
        game.deck = compiled
        game.rng = random.Random(seed)
        game.first_player = first_player
        game.turn_cap = turn_cap
        game.turn = 0
        game.phase = MULLIGAN_PHASE
        game.result = None
        game.win_turn = None
        game.mulligan_taken = False
        game.log = [] if log else None
        # Drawing picks a uniformly random remaining card: the same distribution as a
        # shuffled deck, without paying for a full shuffle (and a mulligan is a plain extend).
        game._deck = list(range(len(compiled.kind_of)))
        game._hand = []
        game._domains = [[], [], []]
        game._drained = [False, False, False]
        game._dom_value = [0, 0, 0]
        game._dom_fac = [[0] * N_FACTIONS for _ in range(3)]
        game._fac_count = [0] * N_FACTIONS
        game._characters = []
        game._supports = []
        game._status = {}
        game._story_deck = list(range(len(CORE_STORIES)))
        game._stories = []
        game._tokens = []
        game._committed = []
        game._won = []
        game._discard = []
        game._conspiracy = -1
        game._pending = []
        game.first_playable = [0] * len(compiled.cards) if track_playable else None
        for _ in range(3):
            game._reveal_story()
        if game.log is not None:
            titles = ", ".join(s.title for s in game.stories)
            game._event("setup", f"3 domains placed; stories: {titles}")
        game._draw(8)
        return game

    @classmethod
    def arranged(
        cls,
        deck,
        *,
        hand=(),
        domains=((), (), ()),
        characters=(),
        supports=(),
        tokens=(0, 0, 0),
        turn: int = 2,
        phase: str = OPERATIONS,
        seed: int | None = 0,
        first_player: bool = True,
        turn_cap: int = DEFAULT_TURN_CAP,
    ) -> Game:
        """A game put in a chosen position (tests, TUI scenarios): ``hand``, ``domains``
        (3 lists), ``supports`` are ``Card`` lists, ``characters`` ``Card`` or
        ``(Card, "ready"|"exhausted"|"insane")``; every other copy stays in the deck. The
        three stories are the first Core stories with ``tokens``."""
        game = cls.new(deck, seed, first_player=first_player, turn_cap=turn_cap)
        cd = game.deck
        free = {}
        for inst, k in enumerate(cd.kind_of):
            free.setdefault(cd.cards[k].id, []).append(inst)

        def take(card) -> int:
            copies = free.get(card.id)
            if not copies:
                raise ValueError(f"the deck has no spare copy of {card.title}")
            return copies.pop(0)

        game._hand = [take(c) for c in hand]
        for d, resources in enumerate(domains):
            for c in resources:
                inst = take(c)
                game._hand.append(inst)
                game._attach_resource(inst, d)
        for entry in characters:
            card, state = entry if isinstance(entry, tuple) else (entry, "ready")
            inst = take(card)
            game._characters.append(inst)
            game._status[inst] = _STATUS_NAMES.index(state)
        game._supports = [take(c) for c in supports]
        game._deck = sorted(i for copies in free.values() for i in copies)
        game._story_deck = list(range(3, len(CORE_STORIES)))
        game._stories = [0, 1, 2]
        game._tokens = list(tokens)
        game._committed = [[], [], []]
        game.turn = turn
        game.phase = phase
        game.result = None
        if game.log is not None:
            game.log.clear()
        return game

    # ----------------------------------------------------------------- read-only views
    def card(self, instance: int):
        return self.deck.cards[self.deck.kind_of[instance]]

    def kind(self, instance: int) -> int:
        return self.deck.kind_of[instance]

    @property
    def hand(self) -> tuple[int, ...]:
        return tuple(self._hand)

    @property
    def domains(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(d) for d in self._domains)

    @property
    def drained(self) -> tuple[bool, ...]:
        return tuple(self._drained)

    def domain_value(self, d: int) -> int:
        """Resources the domain pays when drained (Transient ones count 2)."""
        return self._dom_value[d]

    @property
    def characters(self) -> tuple[int, ...]:
        return tuple(self._characters)

    @property
    def supports(self) -> tuple[int, ...]:
        return tuple(self._supports)

    def status(self, instance: int) -> str:
        return _STATUS_NAMES[self._status[instance]]

    @property
    def stories(self) -> tuple[StoryView, ...]:
        views = []
        for sid, tokens, committed in zip(
            self._stories, self._tokens, self._committed, strict=True
        ):
            if sid >= CONSPIRACY_BASE:
                inst = sid - CONSPIRACY_BASE
                views.append(StoryView(self.card(inst).title, tokens, tuple(committed), inst))
            else:
                views.append(StoryView(CORE_STORIES[sid], tokens, tuple(committed), -1))
        return tuple(views)

    @property
    def won(self) -> tuple[str, ...]:
        return tuple(self._story_title(s) for s in self._won)

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self._discard)

    @property
    def deck_size(self) -> int:
        return len(self._deck)

    @property
    def story_deck_size(self) -> int:
        return len(self._story_deck)

    @property
    def is_over(self) -> bool:
        return self.phase == OVER

    @property
    def winner(self) -> bool:
        return self.result == WIN

    def zones(self) -> dict[str, list[int]]:
        """Every instance by zone (for invariants: each instance is in exactly one zone)."""
        return {
            "deck": list(self._deck),
            "hand": list(self._hand),
            "resources": [i for d in self._domains for i in d],
            "characters": list(self._characters),
            "supports": list(self._supports),
            "conspiracy": [self._conspiracy] if self._conspiracy >= 0 else [],
            "won": [s - CONSPIRACY_BASE for s in self._won if s >= CONSPIRACY_BASE],
            "discard": list(self._discard),
        }

    def _story_title(self, sid: int) -> str:
        if sid >= CONSPIRACY_BASE:
            return self.card(sid - CONSPIRACY_BASE).title
        return CORE_STORIES[sid]

    def _event(self, kind: str, text: str) -> None:
        if self.log is not None:
            self.log.append(Event(self.turn, self.phase, kind, text))

    # ----------------------------------------------------------------- rules: zones
    def _reveal_story(self) -> None:
        pile = self._story_deck
        j = int(self.rng.random() * len(pile))
        pile[j], pile[-1] = pile[-1], pile[j]
        self._stories.append(pile.pop())
        self._tokens.append(0)
        self._committed.append([])

    def _draw(self, n: int) -> None:
        deck, hand, rand = self._deck, self._hand, self.rng.random
        if n > len(deck):
            n = len(deck)
        for _ in range(n):
            j = int(rand() * len(deck))
            deck[j], deck[-1] = deck[-1], deck[j]
            hand.append(deck.pop())
        if self.log is not None:
            self._event("draw", f"drew {n} ({len(deck)} left)")
        if not deck:
            # Rulebook: a player with no cards left in his deck is eliminated at once.
            self._event("deck_out", "the deck is empty: the game is lost")
            self._end(DECK_OUT)

    def _end(self, result: str) -> None:
        self.result = result
        self.phase = OVER
        self._pending.clear()
        if result == WIN:
            self.win_turn = self.turn

    def _attach_resource(self, inst: int, d: int) -> None:
        self._hand.remove(inst)
        self._domains[d].append(inst)
        k = self.deck.kind_of[inst]
        w = 2 if self.deck.transient[k] else 1
        f = self.deck.faction[k]
        self._dom_value[d] += w
        self._dom_fac[d][f] += w
        self._fac_count[f] += 1

    # ----------------------------------------------------------------- rules: paying
    def can_pay(self, kind: int, d: int, x: int = 0) -> bool:
        """Whether draining domain ``d`` (-1: none) pays for a card of ``kind`` (with X=x):
        steadfast across all domains, then cost, resource match or Loyal in domain ``d``."""
        cd = self.deck
        for f, n in cd.steadfast[kind]:
            if self._fac_count[f] < n:
                return False
        cost = x if cd.cost_is_x[kind] else cd.cost[kind]
        if cost == 0:
            return d == -1
        if d < 0 or self._drained[d] or self._dom_value[d] < cost:
            return False
        f = cd.faction[kind]
        if f == NEUTRAL:
            return True
        if cd.loyal[kind]:
            return self._dom_fac[d][f] >= cost
        return self._dom_fac[d][f] > 0

    def pay_domain(self, kind: int) -> int:
        """The smallest ready domain that pays for a card of ``kind`` (X as 0): a domain
        index, -1 when no domain is needed (cost 0), -2 when it cannot be paid now."""
        cd = self.deck
        fac_count = self._fac_count
        for f, n in cd.steadfast[kind]:
            if fac_count[f] < n:
                return -2
        cost = cd.cost[kind]
        if cost == 0:
            return -1
        f = cd.faction[kind]
        need = 0 if f == NEUTRAL else cost if cd.loyal[kind] else 1
        drained, dom_value, dom_fac = self._drained, self._dom_value, self._dom_fac
        best = -2
        for d in (0, 1, 2):
            v = dom_value[d]
            if (
                v >= cost
                and not drained[d]
                and dom_fac[d][f] >= need
                and (best < 0 or v < dom_value[best])
            ):
                best = d
        return best

    def may_play(self, kind: int) -> bool:
        """Type, uniqueness, Heroic/Villainous and the one-conspiracy limit (not cost)."""
        cd = self.deck
        t = cd.ctype[kind]
        if t == CONSPIRACY:
            return self._conspiracy < 0
        if t != CHARACTER and t != SUPPORT:
            return False  # events only do what their text says, which is not simulated
        uid = cd.unique_id[kind]
        kind_of = cd.kind_of
        if uid >= 0:
            # An insane character keeps its title (FAQ), so it still blocks a second copy;
            # Heroic/Villainous are text, which an insane character does not have.
            for i in self._characters:
                if cd.unique_id[kind_of[i]] == uid:
                    return False
            for i in self._supports:
                if cd.unique_id[kind_of[i]] == uid:
                    return False
        if t == CHARACTER and cd.side[kind]:
            return not self._clashes(kind, -1)
        return True

    def _clashes(self, kind: int, skip: int) -> bool:
        """Whether a character of ``kind`` would sit beside a sane character of the other
        side (Heroic against Villainous; a card with both keywords clashes with either),
        ignoring instance ``skip``."""
        side, kind_of, status = self.deck.side, self.deck.kind_of, self._status
        s = side[kind]
        other = (s & 1) << 1 | s >> 1  # the bits of the side this one cannot sit beside
        for i in self._characters:
            if side[kind_of[i]] & other and status[i] != INSANE and i != skip:
                return True
        return False

    def _play(self, inst: int, d: int, x: int = 0) -> None:
        cd = self.deck
        k = cd.kind_of[inst]
        self._hand.remove(inst)
        if d >= 0:
            self._drained[d] = True
            if self.log is not None:
                self._event("play", f"played {self.card(inst).full_title}, draining domain {d + 1}")
            dom = self._domains[d]
            transient = cd.transient
            kind_of = cd.kind_of
            if any(transient[kind_of[i]] for i in dom):
                for i in [i for i in dom if transient[kind_of[i]]]:
                    dom.remove(i)
                    f = cd.faction[kind_of[i]]
                    self._dom_value[d] -= 2
                    self._dom_fac[d][f] -= 2
                    self._fac_count[f] -= 1
                    self._discard.append(i)
                    self._event("destroy", f"Transient resource {self.card(i).title} destroyed")
        elif self.log is not None:
            self._event("play", f"played {self.card(inst).full_title} at no cost")
        t = cd.ctype[k]
        if t == CHARACTER:
            self._characters.append(inst)
            self._status[inst] = READY
        elif t == SUPPORT:
            self._supports.append(inst)
        else:
            self._conspiracy = inst
            self._stories.append(CONSPIRACY_BASE + inst)
            self._tokens.append(0)
            self._committed.append([])

    # ----------------------------------------------------------------- rules: turn
    def _mulligan(self) -> None:
        self._deck.extend(self._hand)
        self._hand.clear()
        self.mulligan_taken = True
        self._event("mulligan", "setup hand shuffled back")
        self._draw(8)
        if self.phase != OVER:
            self.phase = SETUP_PHASE

    def _keep(self) -> None:
        self._event("keep", "setup hand kept")
        self.phase = SETUP_PHASE

    def _resource_phase_attach(self, inst: int, d: int) -> None:
        self._attach_resource(inst, d)
        if self.log is not None:
            self._event("resource", f"{self.card(inst).title} attached to domain {d + 1}")
        self._end_resource()

    def _setup_resource(self, inst: int) -> None:
        d = 8 - len(self._hand)  # the three resources go to domains 1, 2, 3 in turn
        self._attach_resource(inst, d)
        if self.log is not None:
            self._event("resource", f"{self.card(inst).title} attached to domain {d + 1}")
        if len(self._hand) == 5:
            self._start_turn()

    def _start_turn(self) -> None:
        self.turn += 1
        self.phase = "refresh"
        status = self._status
        # Refresh: restore one insane character (it stays exhausted), ready the others.
        restored = -1
        for i in self._characters:
            if status[i] == INSANE:
                restored = self._restore_one()
                break
        for i in self._characters:
            if status[i] == EXHAUSTED and i != restored:
                status[i] = READY
        self._drained[0] = self._drained[1] = self._drained[2] = False
        self.phase = "draw"
        self._draw(1 if self.turn == 1 and self.first_player else 2)
        if self.phase != OVER:
            self.phase = RESOURCE

    def _restore_one(self) -> int:
        """Restore one insane character (the rules make it compulsory) and return it; -1 if
        it had to be discarded. An insane character has no keywords, so a restored Heroic
        character can meet a Villainous one (or the reverse); the rules then make the player
        discard one of them. The player restores a character that clashes with nobody when
        there is one; otherwise the restored character is the one discarded."""
        cd, status = self.deck, self._status
        insane = [i for i in self._characters if status[i] == INSANE]
        kind_of = cd.kind_of
        restored = next((i for i in insane if not self._clashes(kind_of[i], i)), insane[0])
        status[restored] = EXHAUSTED
        self._event("restore", f"{self.card(restored).title} restored")
        if self._clashes(kind_of[restored], restored):
            self._characters.remove(restored)
            del status[restored]
            self._discard.append(restored)
            self._event(
                "discard", f"{self.card(restored).title} discarded: Heroic and Villainous clash"
            )
            return -1
        return restored

    def _end_resource(self) -> None:
        self.phase = OPERATIONS
        fp = self.first_playable
        if fp is not None:
            self._track_playable(fp)

    def _track_playable(self, fp: list[int]) -> None:
        cd = self.deck
        kind_of, steadfast, cost, faction, loyal = (
            cd.kind_of,
            cd.steadfast,
            cd.cost,
            cd.faction,
            cd.loyal,
        )
        turn = self.turn
        dom_value, dom_fac, fac_count = self._dom_value, self._dom_fac, self._fac_count
        for inst in self._hand:
            k = kind_of[inst]
            if fp[k]:
                continue
            ok = True
            for f, n in steadfast[k]:
                if fac_count[f] < n:
                    ok = False
                    break
            if not ok:
                continue
            c = cost[k]
            if c > 0:
                f = faction[k]
                need = c if loyal[k] else 1
                for d in range(3):
                    if dom_value[d] >= c and (f == NEUTRAL or dom_fac[d][f] >= need):
                        break
                else:
                    continue
            fp[k] = turn

    def _end_operations(self) -> None:
        if self.turn == 1 and self.first_player:
            if self.log is not None:
                self._event("story", "first player penalty: no story phase on turn 1")
            self._end_turn()
        else:
            self.phase = STORY

    def _commit(self, inst: int, s: int) -> None:
        self._status[inst] = EXHAUSTED
        self._committed[s].append(inst)
        if self.log is not None:
            self._event("commit", f"{self.card(inst).title} committed to {self.stories[s].title}")

    def _resolve_stories(self) -> None:
        """Against nobody: terror and combat are ties, arcane readies one committed character,
        investigation adds a token, skill >= 1 succeeds and, unchallenged, adds one more."""
        cd = self.deck
        kind_of, arcane, investigation, skill = cd.kind_of, cd.arcane, cd.investigation, cd.skill
        logging = self.log is not None
        stories, all_committed = self._stories, self._committed
        s = 0
        while s < len(stories):
            committed = all_committed[s]
            if not committed:
                s += 1
                continue
            has_arcane = has_investigation = False
            total_skill = 0
            for i in committed:
                k = kind_of[i]
                has_arcane = has_arcane or arcane[k] > 0
                has_investigation = has_investigation or investigation[k] > 0
                total_skill += skill[k]
            if has_arcane:
                self._status[committed[0]] = READY
                if logging:
                    self._event("struggle", "arcane struggle won: a committed character readies")
            slots = len(stories)
            if has_investigation:
                if logging:
                    self._event("struggle", "investigation struggle won: +1 success token")
                if self._add_token(s, 1):
                    if self.phase == OVER:
                        return
                    # Won and replaced: that story's resolution is over. A won conspiracy
                    # leaves its slot, so the next story now sits at ``s``.
                    s += len(stories) == slots
                    continue
            if total_skill >= 1:
                if logging:
                    self._event("success", "skill succeeds, unchallenged: +2 success tokens")
                if self._add_token(s, 2):
                    if self.phase == OVER:
                        return
                    s += len(stories) == slots
                    continue
            s += 1

    def _add_token(self, s: int, n: int) -> bool:
        """Add tokens to story slot ``s``; True when that won the story."""
        self._tokens[s] += n
        if self._tokens[s] < TOKENS_TO_WIN_STORY:
            return False
        sid = self._stories[s]
        self._won.append(sid)
        if self.log is not None:
            self._event("story_won", f"won {self._story_title(sid)} ({len(self._won)} of 3)")
        self._committed[s].clear()
        if sid >= CONSPIRACY_BASE:
            self._conspiracy = -1
            del self._stories[s], self._tokens[s], self._committed[s]
        else:
            self._tokens[s] = 0
            pile = self._story_deck
            if pile:
                j = int(self.rng.random() * len(pile))
                pile[j], pile[-1] = pile[-1], pile[j]
                self._stories[s] = pile.pop()
            else:  # cannot happen with 10 stories and 3 wins; keep the slot empty-safe
                del self._stories[s], self._tokens[s], self._committed[s]
        if len(self._won) >= STORIES_TO_WIN:
            if self.log is not None:
                self._event("game_won", f"third story won on turn {self.turn}")
            self._end(WIN)
        return True

    def _end_turn(self) -> None:
        for committed in self._committed:
            committed.clear()
        if self.phase == OVER:
            return
        if self.turn >= self.turn_cap:
            if self.log is not None:
                self._event("turn_cap", f"turn cap {self.turn_cap} reached")
            self._end(TURN_CAP)
            return
        self._start_turn()

    # ----------------------------------------------------------------- step API
    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == OVER:
            return []
        if ph == MULLIGAN_PHASE:
            return [Action(KEEP), Action(MULLIGAN)]
        if ph == SETUP_PHASE:
            return [Action(SETUP_RESOURCE, i) for i in self._hand]
        if ph == RESOURCE:
            return [Action(ATTACH, i, d) for i in self._hand for d in range(3)] + [Action(PASS)]
        if ph == OPERATIONS:
            actions = []
            for i in self._hand:
                k = self.deck.kind_of[i]
                if not self.may_play(k):
                    continue
                if self.deck.cost_is_x[k]:
                    if self.can_pay(k, -1, 0):
                        actions.append(Action(PLAY, i, -1, x=0))
                    for d in range(3):
                        for x in range(1, self._dom_value[d] + 1):
                            if self.can_pay(k, d, x):
                                actions.append(Action(PLAY, i, d, x=x))
                elif self.deck.cost[k] == 0:
                    if self.can_pay(k, -1):
                        actions.append(Action(PLAY, i, -1))
                else:
                    actions.extend(Action(PLAY, i, d) for d in range(3) if self.can_pay(k, d))
            actions.append(Action(PASS))
            return actions
        # story: commit ready characters not yet committed
        committed = {i for c in self._committed for i in c}
        ready = [i for i in self._characters if self._status[i] == READY and i not in committed]
        return [Action(COMMIT, i, story=s) for i in ready for s in range(len(self._stories))] + [
            Action(PASS)
        ]

    def describe(self, action: Action) -> str:
        """A one-line description of ``action`` for people (the TUI's menu)."""
        kind = action.kind
        if kind == KEEP:
            return "keep the setup hand"
        if kind == MULLIGAN:
            return "mulligan: shuffle the setup hand back and draw 8 new cards"
        if kind == PASS:
            return {
                RESOURCE: "attach no resource",
                OPERATIONS: "end the operations phase",
                STORY: "resolve the stories",
            }.get(self.phase, "pass")
        title = self.card(action.card).full_title
        if kind == SETUP_RESOURCE:
            return f"attach {title} to domain {8 - len(self._hand) + 1}"
        if kind == ATTACH:
            return f"attach {title} to domain {action.domain + 1}"
        if kind == PLAY:
            x = f" with X={action.x}" if self.deck.cost_is_x[self.deck.kind_of[action.card]] else ""
            if action.domain < 0:
                return f"play {title}{x} at no cost"
            return f"play {title}{x}, draining domain {action.domain + 1}"
        return f"commit {title} to {self.stories[action.story].title}"

    def apply(self, action: Action) -> None:
        """Play one action; it must be one of ``legal_actions()``."""
        if action not in self.legal_actions():
            raise IllegalAction(f"{action} is not legal in the {self.phase} phase")
        pending = self._pending
        if pending and pending[0] == action:
            pending.pop(0)  # following the policy's plan for this phase
        else:
            pending.clear()
        self._apply(action)

    def _apply(self, a: Action) -> None:
        kind = a.kind
        if kind == KEEP:
            self._keep()
        elif kind == MULLIGAN:
            self._mulligan()
        elif kind == SETUP_RESOURCE:
            self._setup_resource(a.card)
        elif kind == ATTACH:
            self._resource_phase_attach(a.card, a.domain)
        elif kind == PLAY:
            self._play(a.card, a.domain, a.x)
        elif kind == COMMIT:
            self._commit(a.card, a.story)
        elif self.phase == RESOURCE:
            self._end_resource()
        elif self.phase == OPERATIONS:
            self._end_operations()
        else:
            self._resolve_stories()
            self._end_turn()

    # ----------------------------------------------------------------- policy-driven play
    def run(self, policy) -> Game:
        """Play to the end with ``policy`` (the batch path: no legality re-check)."""
        while True:
            ph = self.phase
            if ph == OPERATIONS:
                play = policy.play(self)
                while play is not None:
                    self._play(*play)
                    play = policy.play(self)
                self._end_operations()
            elif ph == RESOURCE:
                choice = policy.resource(self)
                if choice is not None:
                    self._resource_phase_attach(*choice)
                else:
                    self._end_resource()
            elif ph == STORY:
                for inst, s in policy.commit(self):
                    self._commit(inst, s)
                self._resolve_stories()
                self._end_turn()
            elif ph == OVER:
                return self
            elif ph == MULLIGAN_PHASE:
                if policy.mulligan(self):
                    self._mulligan()
                else:
                    self._keep()
            else:
                for inst in policy.setup_resources(self):
                    self._setup_resource(inst)
