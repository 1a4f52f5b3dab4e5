"""One goldfish game: the Call of Cthulhu LCG turn sequence for one player against an opponent
who has no cards (rulebook + FAQ v2.2; SPEC §7), with card text simulated from ability data.

Public API (the TUI and the policies use only this)::

    game = Game.new(deck, seed=7, first_player=True, turn_cap=25, text=True)
    while not game.is_over:
        actions = game.legal_actions()     # list[Action], never empty while not over
        game.apply(actions[0])             # raises IllegalAction for anything not listed
    game.result                            # "win" | "deck_out" | "turn_cap"
    game.log                               # list[Event(turn, phase, kind, text)]

or ``game.run(policy)`` to let a policy (``deckbuilder.engine.policies``) play to the end;
``policy.choose(game)`` suggests the next action for step-by-step play. Both paths call the
same rule methods, so a game played step by step with a policy's suggestions is the game
``run`` plays.

``game.describe(action)`` words an action for a menu (abilities and choices carry the card's
text in ``action.label``); ``Game.arranged(deck, hand=..., domains=..., characters=...)`` sets
up a chosen position. ``turn`` counts the player's own turns (with ``first_player=False`` the
empty opponent has already passed turn 1). ``text=False`` plays keywords only.

Zones are lists of *instances* (ints, one per copy in the deck), each zone a player's
(``game.you``, who plays the deck, and ``game.opponent``, with no cards, who never acts:
``deckbuilder.engine.player``); ``game.card(i)`` is the ``Card`` of an instance.
Read-only views: ``hand``, ``domains`` (lists of resources, 3 or more), ``drained``,
``characters``, ``supports``, ``status(i)`` ("ready"/"exhausted"/"insane"), ``skill_of(i)``,
``icons_of(i)``, ``attached_to(i)``, ``stories`` (``StoryView``), ``won``, ``discard``,
``deck_size``, ``phase``, ``turn``, ``choice`` (a pending ``Choice``).

Phases needing a decision: ``mulligan`` (KEEP or MULLIGAN, once), ``setup-resources``
(SETUP_RESOURCE three times), ``resource`` (ATTACH one card, USE an ability taken instead,
or PASS), ``operations`` (PLAY cards, USE abilities, then PASS), ``story`` (COMMIT ready
characters, PLAY events, USE abilities, then PASS to resolve). Whenever an effect needs a
decision (a target, an optional response, a story's effect) ``choice`` is set and the legal
actions are its CHOOSE options, whatever the phase. Refresh, draw and story resolution happen
on their own.

Rule choices where the rules leave room: the deck-out loss happens the moment the deck is
empty (rulebook: "at any point"); Transient resources count 2 toward Loyal too when drained;
an event is offered only when its text is simulated; an event without "Play during your
operations phase" may be played in the operations and the story phase (after or between
commits); paying for an ability needs no resource match; X is chosen by the action; an X
skill counts 0 unless the card's text (simulated) defines it. An insane character has no
keywords, so it neither blocks Heroic/Villainous plays nor counts for them; when one is
restored, a character that clashes with nobody is restored first, and a restored character
that does clash is the one discarded. A card with both keywords clashes with either side.
A support whose "Attach to" names a host a goldfish never has (an opponent's card, a discard
pile) is not offered, one attached to a player's deck goes on yours (the goldfish's is empty);
skill or icon conditions on a host are not checked. Rules about the
commit step as a whole (a character that must commit, none committed alone) apply when the
player ends it (PASS in the story phase); a cost to commit is paid before the turn's first
commit.

Stories: the story deck is the ten Core stories, and a story card other than those that the
deck lists (in its story section, or among its cards) joins it, shuffled in, never drawn nor
dealt (the rulebook fixes the story deck; a deck naming story cards asks for them); its
struggles, tokens to win and win effect are read like a conspiracy's, and once won it is
replaced from the story deck like a Core story. The tokens a story needs, the stories that
win the game and whether a won story is replaced are rules that cards in play may change
(story.py); a game no longer forbidden to end is won at the next won story. No struggle is
lost against nobody ("without losing any struggles" always holds). A phase skipped or
repeated and Day or Night granted for the turn are effects of the turn (``_turn_rules``): a
repeated story phase is a new commit step and resolution (the characters committed before
are no longer committed). A character that becomes an attachment (a Zoog attached to a
story) stays a character card in the support zone.
"""

from __future__ import annotations

import random
from _random import Random as _SeedableRandom
from functools import partial

from deckbuilder.engine.abilities import RESOURCE_DISCARD
from deckbuilder.engine.actions import (  # noqa: F401 (re-exported: the engine's vocabulary)
    ATTACH,
    CHOOSE,
    COMMIT,
    CONSPIRACY_BASE,
    DECK_OUT,
    DEFAULT_TURN_CAP,
    EXHAUSTED,
    INSANE,
    KEEP,
    MULLIGAN,
    MULLIGAN_PHASE,
    OPERATIONS,
    OVER,
    PASS,
    PLAY,
    READY,
    RESOURCE,
    SETUP_PHASE,
    SETUP_RESOURCE,
    STATUS_NAMES,
    STORY,
    STORY_HOST,
    TURN_CAP,
    USE,
    WIN,
    Action,
    Event,
    IllegalAction,
    StoryView,
)
from deckbuilder.engine.asking import AskFirst, StepRecord
from deckbuilder.engine.cards import CORE_STORIES, compile_deck
from deckbuilder.engine.deck_facts import deck_facts
from deckbuilder.engine.passives import PassivesMixin
from deckbuilder.engine.paying import PayingMixin
from deckbuilder.engine.plain_game import PlainGameMixin
from deckbuilder.engine.player import Player
from deckbuilder.engine.runtime import AbilityMixin
from deckbuilder.engine.story import StoryMixin
from deckbuilder.engine.turn import TurnMixin
from deckbuilder.engine.windows import WindowsMixin
from deckbuilder.engine.zones import ZonesMixin

_STATUS_NAMES = STATUS_NAMES
_STORY_IDS = tuple(range(len(CORE_STORIES)))


def seeded_random(seed) -> random.Random:
    """``random.Random(seed)``, in the same state, without the Python-level ``seed`` wrapper
    for an int seed (a batch seeds one generator per game; this saves ~20% of that)."""
    if type(seed) is not int:
        return random.Random(seed)
    rng = random.Random.__new__(random.Random)
    _SeedableRandom.seed(rng, seed)  # what ``Random.seed`` does for an int
    rng.gauss_next = None
    return rng


class Game(
    ZonesMixin,
    PayingMixin,
    TurnMixin,
    StoryMixin,
    PlainGameMixin,
    AbilityMixin,
    WindowsMixin,
    PassivesMixin,
):
    __slots__ = (
        "deck",
        "facts",
        "rng",
        "first_player",
        "turn_cap",
        "turn",
        "phase",
        "result",
        "win_turn",
        "mulligan_taken",
        "log",
        "you",
        "opponent",
        "players",
        "_stories",
        "_story_deck",
        "_resolving",
        "_blanking",
        "_pending",
        "_policy",
        "_choice",
        "_suspended",
        "_triggers",
        "_temp",
        "_temp_turn",
        "_keywords",
        "_keywords_turn",
        "_uses",
        "_cost_sources",
        "_statics_cache",
        "_cost_cache",
        "_discarded_this_phase",
        "_left_play_this_phase",
        "_delayed",
        "_story_rules",
        "_turn_rules",
        "_entered",
        "_character_entered",
        "_no_ready",
        "_traits",
        "_copies",
        "first_playable",
        "_unplayable_resources",
        "_steps",
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
        text: bool = True,
        step_by_step: bool = False,
    ) -> Game:
        """Shuffle, place 3 domains and the story deck, draw the 8-card setup hand.

        ``deck`` is a ``Deck`` or a ``CompiledDeck`` (which keeps its own ``text``);
        ``log=False`` skips the event log (batch runs); ``track_playable`` records the first
        turn each card could be paid for; ``text=False`` plays keywords only;
        ``step_by_step``: a person plays it, asked inside the rules too (``asking``).
        """
        game = cls()
        compiled = compile_deck(deck, text)
        if step_by_step:
            if seed is None:  # a replay needs the seed
                seed = random.randrange(1 << 62)
            game._steps = StepRecord(
                partial(cls.new, compiled, seed, first_player=first_player,
                        turn_cap=turn_cap, log=log, track_playable=track_playable)
            )  # fmt: skip
        else:
            game._steps = None
        game.deck = compiled
        game.facts = deck_facts(compiled)  # what the rules ask of the deck at each step
        game.rng = seeded_random(seed)
        game.first_player = first_player
        game.turn_cap = turn_cap
        game.turn = 0
        game.phase = MULLIGAN_PHASE
        game.result = None
        game.win_turn = None
        game.mulligan_taken = False
        game.log = [] if log else None
        game.you = Player(0, list(compiled.instances))
        game.opponent = Player(1, [])  # no cards; never acts
        game.players = (game.you, game.opponent)
        game._story_deck = list(_STORY_IDS)
        if compiled.story_instances:  # the deck's story cards join the story deck
            game._story_deck += [CONSPIRACY_BASE + i for i in compiled.story_instances]
        game._stories = []
        game._resolving = []
        game._blanking = -1
        game._pending = []
        game._policy = None
        game._choice = None
        game._suspended = None
        game._triggers = []
        game._temp = []
        game._temp_turn = []
        game._keywords = []  # keywords gained until the end of the phase: (instance, name, n)
        game._keywords_turn = []  # those gained until the end of the turn (also in _keywords)
        game._uses = {}
        game._cost_sources = []
        game._cost_cache = {}
        game._traits = {}  # subtypes and factions gained for a while: instance -> set
        game._copies = {}  # copied text boxes: instance -> (kind, replace, source)
        # Nothing is in play yet: every game of the deck starts from the same (read-only)
        # passives, worked out once.
        game._statics_cache = compiled.passives_at_start
        if game._statics_cache is None:
            compiled.passives_at_start = game._build_statics()
        # Kept for the decks whose text reads them (``DeckFacts.discard_memory`` and
        # ``departure_memory``): the cards that entered your discard pile this phase (from
        # any zone) and the characters that left play this phase (to any zone).
        game._discarded_this_phase = []
        game._left_play_this_phase = []
        game._delayed = []  # effects "at the end of the phase": (effect, src, ctx, turn)
        game._story_rules = []  # effects on story resolution this turn (``_story_changes``)
        # Effects of the turn on its rules: (kind, a, b, last turn, phase or None), see
        # ``TurnMixin.rule_applies``: a phase skipped or repeated, the tokens a story needs,
        # Day or Night, the next story to come into the game.
        game._turn_rules = []
        game._entered = -1  # the last card that entered play (by ``_enter``)
        # The turn a character last entered play (kept only for "enters play insane" rules).
        game._character_entered = -1
        game._no_ready = set()  # characters that do not ready in the next refresh phase
        game.first_playable = [0] * len(compiled.cards) if track_playable else None
        game._unplayable_resources = []
        game._reveal_stories(3)
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
        text: bool = True,
        discard=(),
        step_by_step: bool = False,
    ) -> Game:
        """A game put in a chosen position (tests, TUI scenarios): ``hand``, ``domains``
        (3 lists), ``supports``, ``discard`` are ``Card`` lists, ``characters`` ``Card`` or
        ``(Card, "ready"|"exhausted"|"insane")``; every other copy stays in the deck. The
        three stories are the first Core stories with ``tokens``; ``text=False`` plays
        keywords only."""
        if step_by_step:
            seed = random.randrange(1 << 62) if seed is None else seed
            again = partial(
                cls.arranged, compile_deck(deck, text), hand=hand, domains=domains,
                characters=characters, supports=supports, tokens=tokens, turn=turn,
                phase=phase, seed=seed, first_player=first_player, turn_cap=turn_cap,
                discard=discard,
            )  # fmt: skip
            game = again()
            game._steps = StepRecord(again)
            return game
        game = cls.new(deck, seed, first_player=first_player, turn_cap=turn_cap, text=text)
        cd = game.deck
        free = {}
        for inst in cd.instances:  # (the story cards stay in the story deck)
            free.setdefault(cd.cards[cd.kind_of[inst]].id, []).append(inst)

        def take(card) -> int:
            copies = free.get(card.id)
            if not copies:
                raise ValueError(f"the deck has no spare copy of {card.title}")
            return copies.pop(0)

        game.you.hand = [take(c) for c in hand]
        for d, resources in enumerate(domains):
            for c in resources:
                inst = take(c)
                game.you.hand.append(inst)
                game._attach_resource(inst, d)
        for entry in characters:
            card, state = entry if isinstance(entry, tuple) else (entry, "ready")
            game._add_character(take(card), _STATUS_NAMES.index(state))
        for c in supports:
            game._add_support(take(c))
        game.you.discard = [take(c) for c in discard]
        game.you.deck_cards = sorted(i for copies in free.values() for i in copies)
        game._story_deck = list(range(3, len(CORE_STORIES)))
        game._story_deck += [CONSPIRACY_BASE + i for i in cd.story_instances]
        game._stories = [0, 1, 2]
        for player in game.players:
            player.tokens = list(tokens) if player is game.you else [0, 0, 0]
            player.committed = [[], [], []]
        game.turn = turn
        game.phase = phase
        game.result = None
        game._statics_cache = None
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
        return tuple(self.you.hand)

    @property
    def choice(self):
        """The pending ``Choice`` of an effect (its options are the legal actions), or None."""
        return self._choice

    @property
    def asked_inside_rule(self) -> bool:
        """Whether ``choice`` is a question met inside a rule of the move under way (step by
        step: the board shows the game as it was before that move)."""
        return self._steps is not None and self._steps.waiting is not None

    def attached_to(self, instance: int) -> int:
        """The host of an attached support: a character instance, ``STORY_HOST + story id``
        for a story, ``DOMAIN_HOST + index`` for a domain, ``DECK_HOST`` for your deck, or -1."""
        return self.you.attached.get(instance, -1)

    @property
    def domains(self) -> tuple[tuple[int, ...], ...]:
        return tuple(tuple(d) for d in self.you.domains)

    @property
    def drained(self) -> tuple[bool, ...]:
        return tuple(self.you.drained)

    def domain_value(self, d: int) -> int:
        """Resources the domain pays when drained (Transient ones count 2)."""
        return self.you.dom_value[d]

    @property
    def characters(self) -> tuple[int, ...]:
        return tuple(self.you.characters)

    @property
    def supports(self) -> tuple[int, ...]:
        return tuple(self.you.supports)

    def status(self, instance: int) -> str:
        return _STATUS_NAMES[self.you.status[instance]]

    @property
    def stories(self) -> tuple[StoryView, ...]:
        views = []
        for s, (sid, tokens, committed) in enumerate(
            zip(self._stories, self.you.tokens, self.you.committed, strict=True)
        ):
            inst = sid - CONSPIRACY_BASE if sid >= CONSPIRACY_BASE else -1
            struggles = "".join("TCAI"[i] for i in self.story_struggles(s))
            views.append(
                StoryView(
                    self._story_title(sid),
                    tokens,
                    tuple(committed),
                    inst,
                    struggles,
                    self.story_to_win(s),
                )
            )
        return tuple(views)

    @property
    def won(self) -> tuple[str, ...]:
        return tuple(self._story_title(s) for s in self.you.won)

    @property
    def discard(self) -> tuple[int, ...]:
        return tuple(self.you.discard)

    @property
    def deck_size(self) -> int:
        return len(self.you.deck_cards) + len(self.you.top) + len(self.you.bottom)

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
            "deck": self.you.deck_cards + self.you.top + self.you.bottom,
            "hand": list(self.you.hand),
            "resources": [i for d in self.you.domains for i in d],
            "characters": list(self.you.characters),
            "supports": list(self.you.supports),
            "conspiracy": [self.you.conspiracy] if self.you.conspiracy >= 0 else [],
            "won": [s - CONSPIRACY_BASE for s in self.you.won if s >= CONSPIRACY_BASE],
            "story cards": [
                s - CONSPIRACY_BASE
                for s in self._stories + self._story_deck
                if s >= CONSPIRACY_BASE and s - CONSPIRACY_BASE != self.you.conspiracy
            ],
            "discard": list(self.you.discard),
            "domain cards": list(self.you.domain_cards),
            "resolving": list(self._resolving),
            "face down": list(self.you.facedown),
            "attached cards": list(self.you.attached_cards),
            "removed": list(self.you.removed),
        }

    def _event(self, kind: str, text: str) -> None:
        if self.log is not None:
            self.log.append(Event(self.turn, self.phase, kind, text))

    # ----------------------------------------------------------------- step API
    def legal_actions(self) -> list[Action]:
        if self._choice is not None:
            return list(self._choice.options)
        ph = self.phase
        if ph == OVER:
            return []
        if ph == MULLIGAN_PHASE:
            return [Action(KEEP), Action(MULLIGAN)]
        if ph == SETUP_PHASE:
            return [Action(SETUP_RESOURCE, i) for i in self.you.hand]
        n_domains = len(self.you.domains)
        if ph == RESOURCE:
            attach = [Action(ATTACH, i, d) for i in self.you.hand for d in range(n_domains)]
            if len(self.you.hand) < 2 and RESOURCE_DISCARD in self.deck.static_kinds:
                if self._resourcing_discards():  # no card left to pay the extra cost with
                    attach = []
            return attach + (self.resource_actions() if self.deck.text else []) + [Action(PASS)]
        actions = []
        if ph == STORY:
            stories = range(len(self._stories))
            actions = [
                Action(COMMIT, i, story=s)
                for i in self.you.characters
                if self.may_commit(i)
                for s in stories
                if self.may_commit_to(i, s)
            ]
            if actions and self.facts.commit_cost and not self.commit_cost_payable():
                actions = []  # a cost to commit no one can pay (Pervasive Toxemia's wound)
        cd = self.deck
        for i in self.you.hand:
            k = cd.kind_of[i]
            if not self.may_play(k):
                continue
            if cd.cost_is_x[k]:
                if self.can_pay(k, -1, 0):
                    actions.append(Action(PLAY, i, -1, x=0))
                for d in range(n_domains):
                    for x in range(1, self.you.dom_value[d] + 1):
                        if self.can_pay(k, d, x):
                            actions.append(Action(PLAY, i, d, x=x))
            elif self.can_pay(k, -1):
                actions.append(Action(PLAY, i, -1))
                if cd.has_cost_statics and cd.attach[k] is not None and self._host_cut(k):
                    # free only on the cutting host: paid in full, on any host
                    actions.extend(
                        Action(PLAY, i, d) for d in range(n_domains) if self.can_pay(k, d)
                    )
                elif cd.alt_paid[k]:  # free by paying otherwise ("you may sacrifice..."):
                    # a domain may pay instead, all or part of it
                    actions.extend(
                        Action(PLAY, i, d) for d in range(n_domains) if self.pays_in_part(k, d)
                    )
            else:
                actions.extend(Action(PLAY, i, d) for d in range(n_domains) if self.can_pay(k, d))
        if cd.text:
            actions.extend(self.ability_actions())
        actions.append(Action(PASS))
        return actions

    def describe(self, action: Action) -> str:
        """A one-line description of ``action`` for people (the TUI's menu)."""
        kind = action.kind
        if action.label:
            return action.label
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
            return f"attach {title} to domain {8 - len(self.you.hand) + 1}"
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
        steps = self._steps
        if steps is None:
            self._step(action)
        elif steps.waiting is not None:  # the answer to a question asked inside a rule
            waiting, answers, choice = steps.waiting
            steps.waiting = None
            self._choice = choice  # the game's own choice before the action, if any
            self._step_recorded(waiting, [*answers, action])
        else:
            self._step_recorded(action, [])

    def _step_recorded(self, action: Action, answers: list) -> None:
        """Apply ``action`` in a step-by-step game with the answers given inside its rules so
        far; a question not answered yet rewinds the game to before it and is asked."""
        steps = self._steps
        steps.answers = list(answers)
        plan = list(self._pending)  # a policy's plan for the phase: not rebuilt by a replay
        try:
            self._step(action)
        except AskFirst as ask:
            self._rewind()
            self._pending = plan
            steps.waiting = (action, answers, self._choice)
            self._choice = ask.choice
            return
        steps.history.append((action, tuple(answers)))

    def _rewind(self) -> None:
        """This game as it was before the action under way: its start rebuilt, then every
        action applied again with the answers given inside it (the game is deterministic).
        The actions are replayed on this very object: a suspended effect holds its game."""
        steps = self._steps
        start = steps.origin()
        for name in _STATE:
            setattr(self, name, getattr(start, name))
        self._steps = replay = StepRecord(steps.origin)
        try:
            for action, answers in steps.history:
                replay.answers = list(answers)
                self._step(action)
        finally:
            self._steps = steps

    def _step(self, action: Action) -> None:
        if self._choice is not None:
            self._answer(action)
            return
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
            self._commit_step(a.card, a.story)
        elif kind == USE:  # in the resource phase, instead of attaching a resource
            self._use(a, self._end_resource if self.phase == RESOURCE else None)
        elif self.phase == RESOURCE:
            self._end_resource()
        elif self.phase == OPERATIONS:
            self._end_operations()
        else:
            self._end_story_phase()

    # ----------------------------------------------------------------- policy-driven play
    def run(self, policy) -> Game:
        """Play to the end with ``policy`` (the batch path: choices inside effects go to
        ``policy.decide`` at once)."""
        self._policy = policy
        try:
            if self.facts.plain_game and self.log is None:
                return self._run_plain(policy)  # keywords only: nothing to answer
            while True:
                ph = self.phase
                if ph == OPERATIONS:
                    self._act_while(policy.play, OPERATIONS)
                    if self.phase == OPERATIONS:
                        self._end_operations()
                elif ph == RESOURCE:
                    choice = policy.resource(self)
                    if choice.__class__ is Action:  # an action instead of a resource
                        self._use(choice, self._end_resource)
                    elif choice is not None:
                        self._resource_phase_attach(*choice)
                    else:
                        self._end_resource()
                elif ph == STORY:
                    if self.deck.text:  # an event played before the commits
                        self._act_while(policy.pre_commit, STORY)
                        if self.phase != STORY:
                            continue
                    facts = self.facts
                    if facts.plain_commits and not self._story_rules:
                        self._plain_commits(policy.commit(self))
                    else:
                        story_rules = facts.commit_to_rules
                        for inst, s in policy.commit(self):
                            # An effect of an earlier commit may have changed the board.
                            if self.phase != STORY or s >= len(self._stories):
                                continue
                            if not self.may_commit(inst) or (
                                story_rules and not self.may_commit_to(inst, s)
                            ):
                                continue
                            self._commit_step(inst, s)
                    if self.phase == STORY:
                        self._act_while(policy.story_action, STORY)
                    if self.phase == STORY:
                        self._end_story_phase()
                elif ph == OVER:
                    return self
                else:
                    self._setup_by(policy)
        finally:
            self._policy = None

    def _act_while(self, ask, phase: str) -> None:
        """Take the actions ``ask(game)`` gives (PLAY a card or USE an ability) until it gives
        None or the phase is over."""
        a = ask(self)
        while a is not None and self.phase == phase:
            if a.kind == PLAY:
                self._play(a.card, a.domain, a.x)
            else:
                self._use(a)
            a = ask(self) if self.phase == phase else None

    def _setup_by(self, policy) -> None:
        """``run``'s steps before the first turn: keep or mulligan the setup hand, then the
        3 setup resources (which begin the first turn)."""
        if self.phase == MULLIGAN_PHASE:
            if policy.mulligan(self):
                self._mulligan()
            else:
                self._keep()
        elif self.phase == SETUP_PHASE:
            for inst in policy.setup_resources(self):
                self._setup_resource(inst)
        else:  # cannot happen: every other phase passes on its own
            raise RuntimeError(f"stuck in phase {self.phase}")


# What a rewind copies from the game rebuilt: the whole state but the step record itself.
_STATE = tuple(name for name in Game.__slots__ if name != "_steps")
