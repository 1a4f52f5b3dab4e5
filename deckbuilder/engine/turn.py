"""The turn sequence: setup hand, mulligan, setup resources, refresh, draw, resource,
operations (playing cards), and the end of each phase."""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    AFTER_DRAW,
    CARD_DRAWN,
    CARD_PLAYED,
    CHARACTER_ENTERS,
    CHARACTER_PUT,
    CONSPIRACY_ENTERS,
    DRAW_PHASE,
    ENTERS,
    ENTERS_EXHAUSTED,
    ENTERS_INSANE,
    EVENT_PLAYED,
    HOST_BOUND,
    INSANE_WHEN,
    NO_RESTORE,
    PLAYED_CHARACTER,
    READY_LIMIT,
    RESOURCE_DISCARD,
    STAYS_UNTIL_WON,
    STORY_PHASE,
    SUPPORT_ENTERS,
    TURN_END,
    TURN_START,
    UNCOMMITTED,
    AbilityContext,
)
from deckbuilder.engine.actions import (
    EXHAUSTED,
    INSANE,
    OPERATIONS,
    OVER,
    READY,
    RESOURCE,
    SETUP_PHASE,
    STORY,
)
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, EVENT, SUPPORT


def _ready_some(waiting: list[int], n: int):
    """A delayed effect of the refresh phase: the player readies up to ``n`` of ``waiting``
    (a rule let no more ready)."""

    def effect(game, src, ctx):
        from deckbuilder.engine.effects import choose_card

        pool = [i for i in waiting if game.you.status.get(i) == EXHAUSTED]
        for _ in range(n):
            i = yield from choose_card(game, "ready", "ready in the refresh phase", pool)
            if i < 0:
                return
            pool.remove(i)
            game._ready(i)

    return effect


class TurnMixin:
    __slots__ = ()

    def _phase_holds_something(self) -> bool:
        """Whether something lasts "until the end of the phase" or is remembered for it (then
        the phase must change through ``_set_phase``; else a plain assignment will do)."""
        return bool(
            self._temp
            or self._cost_sources
            or self._discarded_this_phase
            or self._left_play_this_phase
            or self._delayed
            or self._keywords
        )

    def _set_phase(self, phase: str) -> None:
        """Enter a phase: effects "until the end of the phase" end, and those "at the end of
        the phase" join the trigger queue (resolved at the next safe point: the callers)."""
        if self._delayed:
            self._end_of_phase_effects()
        self.phase = phase
        if self._phase_holds_something():
            self._temp.clear()
            self._keywords.clear()
            if self._keywords_turn:  # keywords "until the end of the turn" last on
                self._keywords.extend(self._keywords_turn)
            if self._temp_turn:  # effects "until the end of the turn" last on
                self._temp.extend(self._temp_turn)
            if self._cost_sources:
                self._cost_sources.clear()
                self._cost_cache = {}
            self._discarded_this_phase.clear()
            self._left_play_this_phase.clear()

    def _end_of_phase_effects(self, turn_end: bool = False) -> None:
        """Queue the delayed effects registered for the end of this phase (or, those marked
        for the turn, of this turn), each a trigger whose name is the tuple ``(effect,)``:
        ``_resolve_triggers`` runs it."""
        delayed = self._delayed
        self._delayed = []
        for effect, src, ctx, turn_only in delayed:
            if turn_only and not turn_end:
                self._delayed.append((effect, src, ctx, turn_only))
            else:
                self._triggers.append(((effect,), src, ctx))

    # ----------------------------------------------------------------- setup
    def _mulligan(self) -> None:
        self.you.deck_cards.extend(self.you.hand)
        self.you.hand.clear()
        self.mulligan_taken = True
        if self.log is not None:
            self._event("mulligan", "setup hand shuffled back")
        self._draw(8)
        if self.phase != OVER:
            self.phase = SETUP_PHASE

    def _keep(self) -> None:
        if self.log is not None:
            self._event("keep", "setup hand kept")
        self.phase = SETUP_PHASE

    def _setup_resource(self, inst: int) -> None:
        d = 8 - len(self.you.hand)  # the three resources go to domains 1, 2, 3 in turn
        self._attach_resource(inst, d)
        if self.log is not None:
            self._event("resource", f"{self.card(inst).title} attached to domain {d + 1}")
        if len(self.you.hand) == 5:
            self._start_turn()

    # ----------------------------------------------------------------- refresh, draw
    def _start_turn(self) -> None:
        self.turn += 1
        if self._turn_rules:  # effects of earlier turns end
            self._turn_rules = [r for r in self._turn_rules if r[3] >= self.turn]
        if self._temp_turn:
            self._temp_turn.clear()
        if self._keywords_turn:
            self._keywords_turn.clear()
        if self._phase_holds_something():
            self._set_phase("refresh")
        else:
            self.phase = "refresh"
        you = self.you
        status = you.status
        # Refresh: ready the exhausted characters, restore one insane character (it stays
        # exhausted).
        insane = False
        facts = self.facts
        skip = self._no_ready  # characters an effect keeps exhausted through this refresh
        if facts.plain_refresh and not skip:  # each exhausted character readies, unanswered
            for i in you.characters:
                st = status[i]
                if st == EXHAUSTED:
                    status[i] = READY
                elif st == INSANE:
                    insane = True
        else:
            readied = facts.readied
            limit = self._ready_limit() if facts.ready_limit else -1
            waiting = []  # a limit on readying: the player chooses which ones ready
            for i in you.characters:
                st = status[i]
                if st == EXHAUSTED:
                    if skip and i in skip:
                        continue
                    if limit >= 0:
                        waiting.append(i)
                        continue
                    status[i] = READY
                    if readied:
                        self._ready_trigger(i)
                elif st == INSANE:
                    insane = True
            if skip:
                skip.clear()
            if waiting and limit > 0:
                self._triggers.append(((_ready_some(waiting, limit),), -1, None))
        if insane and not self._no_restore():
            self._restore_one()
        if you.exhausted_supports:
            you.exhausted_supports.clear()
        drained = you.drained
        for d in you.domain_indices:
            drained[d] = False
        if facts.turn_start:
            self._fire_all(TURN_START)
        if self._triggers:
            self._drive(self._resolve_triggers(), self._draw_phase)
        else:
            self._draw_phase()

    def _ready_limit(self) -> int:
        """The fewest characters a rule in play lets ready in the refresh phase (-1: none)."""
        limits = [st.amount for _, st in self._statics_in_play() if st.kind == READY_LIMIT]
        return min(limits) if limits else -1

    def _no_restore(self) -> bool:
        if not self.deck.has_statics:
            return False
        return any(st.kind == NO_RESTORE for _, st in self._statics_in_play())

    def _draw_phase(self) -> None:
        if self._phase_holds_something():
            self._set_phase("draw")
        else:
            self.phase = "draw"
        n = 1 if self.turn == 1 and self.first_player else 2
        facts = self.facts
        if facts.plain_draw:  # the cards drawn, then the resource phase, unanswered
            self._draw(n)
            if self.phase == OVER:
                return
        else:
            if facts.card_drawn:
                before = len(self.you.hand)
            if n == 2 and facts.draw_phase:
                self._draw_phase_replaced()
            else:
                self._draw(n)
            if self.phase == OVER:
                return
            if facts.card_drawn:
                for i in self.you.hand[before:]:
                    self._fire_all(CARD_DRAWN, AbilityContext(x=0, target=i))
            if facts.after_draw or self._triggers:
                if facts.after_draw_any:
                    self._fire_all(AFTER_DRAW)
                self._after_triggers(self._begin_resource)
                return
        if self._triggers:
            self._after_triggers(self._begin_resource)
        elif self._phase_holds_something():
            self._set_phase(RESOURCE)
            self._after_triggers()
        else:
            self.phase = RESOURCE

    def _draw_phase_replaced(self) -> None:
        """The draw phase's 2 cards, unless a passive in play replaces them (draw some,
        then discard some from the top of the deck)."""
        for _, st in self._statics_in_play():
            if st.kind == DRAW_PHASE:
                draw, mill = st.amount
                self._draw(draw)
                for _ in range(mill):
                    i = self._take_top() if self.phase != OVER else -1
                    if i < 0:
                        break
                    self._into_discard(i)
                    self._deck_discarded()
                    self._event("discard", f"{self.card(i).title} discarded from the deck")
                self._check_deck_out()
                return
        self._draw(2)

    def _begin_resource(self) -> None:
        self._set_phase(RESOURCE)

    def _restore_one(self) -> None:
        """Restore one insane character (the rules make it compulsory). An insane character
        has no keywords, so a restored Heroic character can meet a Villainous one (or the
        reverse); the rules then make the player discard one of them. The player restores a
        character that clashes with nobody when there is one; otherwise the restored
        character is the one discarded."""
        cd, status = self.deck, self.you.status
        insane = [i for i in self.you.characters if status[i] == INSANE]
        kind_of = cd.kind_of
        restored = next((i for i in insane if not self._clashes(kind_of[i], i)), insane[0])
        self._restore(restored)
        if self._clashes(kind_of[restored], restored):
            self._triggers.clear()
            self._leave_play(restored)
            self._event(
                "discard", f"{self.card(restored).title} discarded: Heroic and Villainous clash"
            )

    # ----------------------------------------------------------------- resource
    def _resource_phase_attach(self, inst: int, d: int) -> None:
        discard = self.facts.resource_discard and self._resourcing_discards()
        if discard and len(self.you.hand) < 2:  # the extra cost cannot be paid: no resource
            self._end_resource()
            return
        self._attach_resource(inst, d)
        if self.log is not None:
            self._event("resource", f"{self.card(inst).title} attached to domain {d + 1}")
        if discard:
            self._drive(self._discard_for_resource(), self._end_resource)
            return
        self._end_resource()

    def _resourcing_discards(self) -> bool:
        """A passive in play makes attaching a resource cost a card discarded from hand."""
        return any(st.kind == RESOURCE_DISCARD for _, st in self._statics_in_play())

    def _discard_for_resource(self):
        from deckbuilder.engine.effects import choose_card

        i = yield from choose_card(self, "discard", "discard to resource", self.you.hand, harm=True)
        if i >= 0:
            self.you.hand.remove(i)
            self._into_discard(i)
            self._event("discard", f"{self.card(i).title} discarded to resource")
            self._discarded_from_hand(1)
            yield from self._resolve_triggers()

    def _end_resource(self) -> None:
        if self._phase_holds_something():
            self._set_phase(OPERATIONS)
        else:
            self.phase = OPERATIONS
        fp = self.first_playable
        if fp is not None:
            self._track_playable(fp)
        if self._triggers:  # delayed effects of the resource phase's end
            self._after_triggers()

    def _track_playable(self, fp: list[int]) -> None:
        """First turn a drawn copy of each card could be paid for (cost, match, Loyal,
        Steadfast, cost modifiers in play): a fact about the card, whatever the policy does
        with it, so copies the policy attached as resources count as drawn copies too."""
        cd = self.deck
        kind_of, steadfast, cost = cd.kind_of, cd.steadfast, cd.cost
        mods = (cd.has_cost_statics or self._cost_sources) and self._cost_mods_possible()
        turn = self.turn
        dom_value = self.you.dom_value
        largest = max(dom_value)  # a dearer card cannot be paid: no need to look further
        # Drawn copies the player attached as resources count too (they were drawn).
        drawn = (
            self.you.hand + self._unplayable_resources
            if self._unplayable_resources
            else self.you.hand
        )
        # (Resources whose kind has since been marked stay in the list: the loop skips them.)
        for inst in drawn:
            k = kind_of[inst]
            if fp[k]:
                continue
            if steadfast[k]:
                fac_count = self.you.fac_count
                short = False
                for f, n in steadfast[k]:  # a plain loop: ``any`` costs a generator here
                    if fac_count[f] < n:
                        short = True
                        break
                if short:
                    continue
            c = cost[k]
            if mods:
                # The modified cost of the phase, if one is remembered (-1: per domain).
                known = self._cost_cache.get(k)
                c = self._modified_cost(k, c) if known is None or known < 0 else known
            if c > largest:
                continue
            need = cd.match_need[k]
            if c > 0 and need:
                f = cd.faction[k]
                if need < 0:  # Loyal
                    need = c
                dom_fac = self.you.dom_fac
                match_as = self.facts.match_as
                for d in self.you.domain_indices:
                    if dom_value[d] >= c and (
                        dom_fac[d][f] >= need
                        or (match_as and self._match_in(k, d, dom_fac[d][f]) >= need)
                    ):
                        break
                else:
                    continue
            fp[k] = turn

    # ----------------------------------------------------------------- operations
    def _play(self, inst: int, d: int, x: int = 0, host: int = -1, then=None) -> None:
        """Play a card from hand: pay, then it enters play (or, for an event, resolves and
        goes to the discard pile); triggered responses follow."""
        cd = self.deck
        k = cd.kind_of[inst]
        self.you.hand.remove(inst)
        t = cd.ctype[k]
        context = cd.reads_context[k]
        overpaid = 0
        alt = cd.alt_paid[k]
        rest = self._rest_to_pay(k, d, x) if alt else 0  # before a drain
        hosts = None  # an attachment paid only by a cut for one host goes on it
        if cd.has_cost_statics and t == SUPPORT and cd.attach[k] is not None and host < 0:
            hosts = self._hosts_paid_for(k, d, x)
        if d >= 0:
            if context:
                cost = x if cd.cost_is_x[k] else cd.cost[k]
                if self._cost_sources or cd.has_cost_statics:
                    cost = self._modified_cost(k, cost, d)
                overpaid = self.you.dom_value[d] - cost
            if self.log is not None:
                self._event("play", f"played {self.card(inst).full_title}, draining domain {d + 1}")
            if self.facts.drain_matters:
                self._drain(d)
            else:
                self.you.drained[d] = True
        elif self.log is not None:
            self._event("play", f"played {self.card(inst).full_title} at no cost")
        if self._cost_sources:  # "the next card costs less" is used even when it made it free
            self._use_once_cost_sources(k)
        if alt:  # what the domain leaves, and for a person more by choice
            self._queue_rest_payment(inst, k, d, rest, x)
        if not cd.text or (cd.plain_entry[k] and not self._triggers):
            if t == CHARACTER:  # ``_place_in_play`` inlined: the hot path of batch runs
                if cd.triggers_of[k]:
                    self._add_character(inst, READY)
                else:  # ``_add_character`` written out: no listener to register
                    self.you.characters.append(inst)
                    self.you.status[inst] = READY
            else:
                self._place_in_play(inst, READY, host)
                if t == CONSPIRACY:
                    self._event("story", f"{self.card(inst).title} becomes a story")
            if then is not None:
                then()
            return
        if t == EVENT:
            ability = cd.by_trigger["event"][k][0]
            ctx = AbilityContext(x=x, overpaid=overpaid)
            self._drive(self._event_card(inst, ability, ctx), then)
            return
        if t == SUPPORT and cd.attach[k] is not None and host < 0:
            ctx = AbilityContext(x=x, overpaid=overpaid)
            self._drive(self._attach_then_enter(inst, ctx, hosts), then)
            return
        ctx = AbilityContext(x=x, overpaid=overpaid) if context else None
        self._enter(inst, ctx, host, played=True)
        facts = self.facts
        if t == CHARACTER and facts.played_character:
            listeners = self._listeners(PLAYED_CHARACTER)
            if listeners:
                self._queue_all(PLAYED_CHARACTER, listeners, AbilityContext(target=inst))
        if facts.card_played:
            listeners = self._listeners(CARD_PLAYED)
            if listeners:
                self._queue_all(CARD_PLAYED, listeners, AbilityContext(target=inst))
        if self._triggers:  # ``_after_triggers`` inlined: most plays trigger nothing
            self._drive(self._resolve_triggers(), then)
        elif then is not None:
            then()

    def _use_once_cost_sources(self, kind: int) -> None:
        keep = [s for s in self._cost_sources if not (s[3] and s[0](self, kind))]
        if len(keep) != len(self._cost_sources):
            self._cost_sources[:] = keep
            self._cost_cache = {}

    def _event_card(self, inst, ability, ctx):
        self._resolving.append(inst)
        if ability.extra_cost is not None:
            yield from ability.extra_cost(self, inst)
        yield from ability.effect(self, inst, ctx)
        self._resolving.remove(inst)
        # An effect may return it to hand instead, put it into play as a character, or
        # place it on the deck.
        self._event_done(inst)
        self._card_played(inst)
        if self.facts.ability_triggered:  # an event's Action is a triggered effect (FAQ)
            self.ability_triggered(inst)
        if self._triggers:
            yield from self._resolve_triggers()

    def _hosts_paid_for(self, kind: int, d: int, x: int = 0) -> list[int] | None:
        """The hosts an attachment paid with domain ``d`` may go on when only a cut for
        attachments played on a given card paid for it (those cards); None: any host."""
        cd = self.deck
        cuts = [src for src, st in self._cost_statics() if st.host_only and st.who(self, src, kind)]
        if not cuts:
            return None
        cost = x if cd.cost_is_x[kind] else cd.cost[kind]
        full = self._modified_cost(kind, cost, d, hosted=False)
        if (self.you.dom_value[d] if d >= 0 else 0) >= full:
            return None
        return cuts

    def _attach_then_enter(self, inst, ctx, hosts=None):
        from deckbuilder.engine.effects import choose_host

        legal = self.attach_hosts(self.deck.kind_of[inst])
        hosts = legal if hosts is None else [h for h in legal if h in hosts]
        host = yield from choose_host(self, inst, hosts)
        self._enter(inst, ctx, host, played=True)
        if self.deck.any_trigger[CARD_PLAYED]:
            self._fire_all(CARD_PLAYED, AbilityContext(target=inst))
        if self._triggers:
            yield from self._resolve_triggers()

    def _card_played(self, inst: int) -> None:
        """An event has been played (it resolved): "after an event is played", then "after
        a card is played"."""
        cd = self.deck
        if cd.any_trigger[EVENT_PLAYED]:
            self._fire_all(EVENT_PLAYED, AbilityContext(target=inst))
        if cd.any_trigger[CARD_PLAYED]:
            self._fire_all(CARD_PLAYED, AbilityContext(target=inst))

    def _enter(
        self, inst: int, ctx=None, host: int = -1, played: bool = False, status: int = READY
    ) -> None:
        """``inst`` (out of any zone) enters play: passives, "enters play exhausted" or
        "insane", enters-play triggers, Heroic/Villainous, and a conspiracy's new story row;
        ``played``: from hand by its player (otherwise put into play by a card effect);
        ``status``: a character enters play so (an effect putting it "into play insane")."""
        cd = self.deck
        k = cd.kind_of[inst]
        t = cd.ctype[k]
        facts = self.facts
        if t == CHARACTER:
            if status == READY and facts.enters_exhausted:
                if self.has_static(ENTERS_EXHAUSTED, inst):
                    status = EXHAUSTED
            if facts.enters_insane:
                if status != INSANE and self.has_static(ENTERS_INSANE, inst):
                    status = INSANE
                self._character_entered = self.turn
        self._place_in_play(inst, status, host)
        self._entered = inst
        if t == CONSPIRACY:
            self._event("story", f"{self.card(inst).title} becomes a story")
        if cd.by_trigger[ENTERS][k]:
            self._queue_trigger(ENTERS, inst, ctx)
        if t == CHARACTER and facts.character_enters:
            self._fire_all(CHARACTER_ENTERS, AbilityContext(target=inst))
        if t == CHARACTER and not played and facts.character_put:
            self._fire_all(CHARACTER_PUT, AbilityContext(target=inst))
        elif t == SUPPORT and facts.support_enters:
            self._fire_all(SUPPORT_ENTERS, AbilityContext(target=inst))
        elif t == CONSPIRACY and facts.conspiracy_enters:
            self._fire_all(CONSPIRACY_ENTERS, AbilityContext(target=inst))
        if facts.insane_when:
            self._check_insane_when()
        if facts.host_bound:
            self._check_host_bound()

    def _check_insane_when(self) -> None:
        for src, st in list(self._statics_in_play()):
            if st.kind == INSANE_WHEN and st.amount(self, src):
                self._go_insane(src)

    def _check_host_bound(self) -> None:
        """HOST_BOUND attachments whose condition holds sacrifice the character they are
        attached to."""
        for src, st in list(self._statics_in_play()):
            if st.kind == HOST_BOUND and st.amount is not None and st.amount(self, src):
                host = self.you.attached.get(src, -1)
                if host in self.you.status:
                    self._event("sacrifice", f"{self.card(host).title} sacrificed")
                    self._sacrifice(host)

    def _turn_rule(self, kind: str, phase: str, consume: bool = False) -> bool:
        """An effect of the turn (``_turn_rules``) of this kind holds for ``phase`` now;
        ``consume``: it is used up."""
        for rule in self._turn_rules:
            if rule[0] == kind and rule[1] == phase and self.rule_applies(rule):
                if consume:
                    self._turn_rules.remove(rule)
                return True
        return False

    def rule_applies(self, rule: tuple) -> bool:
        """An effect of the turn ``(kind, a, b, last turn, phase or None)`` holds now: up to
        the end of its last turn, or of that phase of it."""
        if self.turn > rule[3]:
            return False
        return rule[4] is None or (self.turn == rule[3] and self.phase == rule[4])

    def story_round(self) -> int:
        """How many times this turn's story phase has begun again (a repeated phase)."""
        if not self._turn_rules:
            return 0
        return sum(1 for r in self._turn_rules if r[0] == "story_repeated" and r[3] == self.turn)

    def _repeat_phase(self, phase: str) -> bool:
        """An effect repeats the phase that ends now: it begins again."""
        if not self._turn_rules or not self._turn_rule("repeat_phase", phase, consume=True):
            return False
        if self.log is not None:
            self._event("phase", f"the {phase} phase is repeated")
        if phase == STORY:
            self._turn_rules.append(("story_repeated", STORY, None, self.turn, None))
            for committed in self.you.committed:
                committed.clear()
            self._enter_story_phase()  # its effects "until the end of the phase" end
        else:
            self._set_phase(phase)
            if self._triggers:
                self._after_triggers()
        return True

    def _end_operations(self) -> None:
        if self._turn_rules:
            if self._repeat_phase(OPERATIONS):
                return
            if self._turn_rule("skip_phase", STORY):
                if self.log is not None:
                    self._event("story", "the story phase is skipped")
                self._end_turn()
                return
        if self.turn == 1 and self.first_player:
            if self.log is not None:
                self._event("story", "first player penalty: no story phase on turn 1")
            self._end_turn()
        elif self._phase_holds_something() or self._triggers or self.facts.story_phase:
            self._enter_story_phase()
        else:  # ``_enter_story_phase`` with nothing to end nor answer
            self.phase = STORY

    def _enter_story_phase(self) -> None:
        self._set_phase(STORY)
        if self.facts.story_phase:
            self._fire_all(STORY_PHASE)
        if self._triggers:
            self._after_triggers()

    def _end_turn(self) -> None:
        if self._turn_rules and self.phase == STORY and self._repeat_phase(STORY):
            return
        facts = self.facts
        if facts.uncommit_all:
            self._uncommit_all()
        else:
            for committed in self.you.committed:
                committed.clear()
        if self.phase == OVER:
            return
        if self._delayed:  # the story phase (and the turn) ends
            self._end_of_phase_effects(True)
        if facts.turn_end:
            self._fire_all(TURN_END)
        if self._triggers:
            self._after_triggers(self._next_turn)
        elif self.turn < self.turn_cap:  # ``_next_turn``: the game goes on
            self._start_turn()
        else:
            self._next_turn()

    def _uncommit_all(self) -> None:
        """The story phase ends: every character uncommits, but one a rule keeps committed
        until its story is won; "after characters uncommit" follows when some did."""
        cd = self.deck
        stays = STAYS_UNTIL_WON in cd.static_kinds
        left = False
        for committed in self.you.committed:
            keep = [i for i in committed if stays and self.has_static(STAYS_UNTIL_WON, i)]
            left = left or len(keep) < len(committed)
            committed[:] = keep
        if left and cd.text and cd.any_trigger[UNCOMMITTED] and self.phase != OVER:
            self._fire_all(UNCOMMITTED, AbilityContext(story=-1))

    def _next_turn(self) -> None:
        if self.phase == OVER:
            return
        if self.turn >= self.turn_cap:
            if self.log is not None:
                self._event("turn_cap", f"turn cap {self.turn_cap} reached")
            self._end("turn_cap")
            return
        self._start_turn()
