"""Abilities at play: the action abilities offered, their limits and costs, and the driving of
effect generators (their ``Choice``s go to the policy in ``Game.run``, or wait for
``apply`` when a person or a test steps through the game). Passives live in
``passives.py``, triggers and "would" windows in ``windows.py``.
"""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    ABILITY_OVERPAID,
    ABILITY_TRIGGERED,
    ACTION,
    DISCARD_ABILITY_USED,
    DISCARD_PILE,
    HAND,
    IN_PLAY,
    NO_ABILITIES,
    NO_CONTEXT,
    NO_TRIGGERS,
    RESOURCE_WINDOW,
    AbilityContext,
)
from deckbuilder.engine.actions import (
    INSANE,
    OPERATIONS,
    OVER,
    READY,
    STORY,
    USE,
    Action,
    use_action,
)


def action_entry(n: int, ab) -> tuple:
    """What ``AbilityMixin.usable_among`` reads of the action ``ab`` (index ``n`` among the
    card's actions), read once per deck: (n, ab, whether it works in play, exhaust,
    committed, limit, can_pay, condition)."""
    return (n, ab, ab.zone == IN_PLAY, ab.exhaust, ab.committed, ab.limit, ab.can_pay, ab.condition)


class AbilityMixin:
    __slots__ = ()

    # ----------------------------------------------------------------- driving effects
    def _drive(self, gen, then=None, triggers=False) -> None:
        """Run an effect generator: with a policy (``run``) choices are answered at once;
        otherwise the first choice waits in ``_choice`` for ``apply``. ``then`` runs when
        the generator is done; with ``triggers``, what it triggered resolves first (an
        ability used: no generator chained to the effect for it)."""
        policy = self._policy
        # The first step by ``next`` with a default: a generator done without a choice (half
        # the story phases) then raises no StopIteration, which costs more than the step.
        choice = next(gen, None)
        if choice is None:
            if self.phase != OVER:
                if triggers and self._triggers:
                    self._drive(self._resolve_triggers(), then)
                elif then is not None:
                    then()
            return
        try:
            while policy is not None:
                if self.phase == OVER:
                    gen.close()
                    return
                choice = gen.send(policy.decide(self, choice))
        except StopIteration:
            if self.phase != OVER:
                if triggers and self._triggers:
                    self._drive(self._resolve_triggers(), then)
                elif then is not None:
                    then()
            return
        self._choice = choice
        if triggers:  # waits for ``apply``: what it triggers resolves after it
            after = then
            then = lambda: self._after_triggers(after)  # noqa: E731
        self._suspended = (gen, then)

    def _answer(self, action: Action) -> None:
        gen, then = self._suspended
        try:
            if self.phase == OVER:
                raise StopIteration
            choice = gen.send(action)
        except StopIteration:
            self._choice = None
            self._suspended = None
            if then is not None and self.phase != OVER:
                then()
            return
        self._choice = choice

    def _after_triggers(self, then=None) -> None:
        """Resolve what is queued, then continue with ``then``."""
        if self._triggers:
            self._drive(self._resolve_triggers(), then)
        elif then is not None:
            then()

    # ----------------------------------------------------------------- actions offered
    def ability_actions(self, kinds=None) -> list[Action]:
        """USE actions for every action ability usable now (cards in play, in the discard
        pile or in hand, per the ability's zone and window); ``kinds``: only for cards of
        these kinds."""
        labelled = self._policy is None  # a policy reads numbers; only people read labels
        out = []
        for i, n, ab in self.usable_abilities(kinds):
            label = f"{self.card(i).title}: {ab.text}" if labelled else ""
            if ab.cost_x:
                cap = ab.x_max(self, i, None) if ab.x_max is not None else None
                for d in range(len(self.you.domains)):
                    if not self.you.drained[d]:
                        top = self.you.dom_value[d]
                        if cap is not None:
                            top = min(top, cap)
                        for x in range(1, top + 1):
                            out.append(
                                Action(
                                    USE,
                                    i,
                                    d,
                                    x=n * 100 + x,
                                    label=f"{label} (X={x})" if labelled else "",
                                )
                            )
            else:
                for d in self._pay_domains(ab.cost):
                    if labelled:
                        where = "" if d < 0 else f" (drain domain {d + 1})"
                        out.append(Action(USE, i, d, x=n * 100, label=label + where))
                    else:
                        out.append(use_action(i, d, n * 100))
        return out

    def usable_abilities(self, kinds=None) -> list[tuple]:
        """(instance, index, ability) of every action ability usable now, in the order of
        ``ability_actions`` (its domains aside): what a policy that reads numbers looks at
        before building any action."""
        cd = self.deck
        ph = self.phase
        window = 1 if ph == OPERATIONS else 2 if ph == STORY else 4
        if kinds is not None and kinds.__class__ is not frozenset:
            kinds = frozenset(kinds)
        table = cd.kind_memo.get((ACTION, window, kinds))
        if table is None:
            table = self._action_table(window, kinds)
        you = self.you
        if self._copies:  # a copied text box may bring actions to a card without its own
            cards = you.characters + you.supports
        else:
            # The cards in play with actions: their listener tables (in zone order), not
            # copied unless more cards join (``usable_among`` changes nothing).
            characters = you.character_listeners.get(ACTION)
            supports = you.support_listeners.get(ACTION)
            if characters and supports:
                cards = characters + supports
            else:
                cards = characters or supports or []
        if you.conspiracy >= 0:
            cards = cards + [you.conspiracy]
        outside = cd.kind_memo.get(ACTION)
        if outside is None:
            outside = self._action_zones()
        if outside:  # most decks have no action that works from the discard pile or hand
            if DISCARD_PILE in outside:
                cards = cards + you.discard
            if HAND in outside:
                cards = cards + you.hand
        return self.usable_among(cards, table, window, kinds)

    def usable_among(self, cards, table, window: int, kinds=None) -> list[tuple]:
        """``usable_abilities`` for ``cards`` (in play, in the discard pile or in hand), in
        order, with ``table``: per instance, the ``action_entry`` of each action to look at,
        open in ``window``; a card with a copied text box has its own actions and the copied
        ones (when its kind is among ``kinds``)."""
        cd = self.deck
        out = []
        # ``_usable`` written out for the cards in play (the most asked, at every step): what
        # ``_ability_live`` says of a card in play must be said here too.
        status, supports, exhausted = (
            self.you.status,
            self.you.supports,
            self.you.exhausted_supports,
        )
        copies, uses = self._copies, self._uses
        facts = self.facts
        blank_passive = facts.blank  # a passive blanks text boxes (supports too)
        blanking = self._blanking >= 0 or blank_passive
        silenced = facts.no_abilities
        barring = NO_TRIGGERS in cd.static_kinds  # a passive forbids triggering abilities
        for i in cards:
            entries = table[i]
            if copies and i in copies:  # its own actions and copied ones
                if kinds is not None and cd.kind_of[i] not in kinds:
                    continue
                entries = tuple(
                    action_entry(n, ab)
                    for n, ab in enumerate(self.text_of(ACTION, i))
                    if ab.window & window
                )
            if not entries:
                continue
            for n, ab, in_play, exhaust, committed, limit, can_pay, condition in entries:
                if in_play:
                    st = status.get(i)
                    if st is None:
                        if not (
                            i in supports
                            or i == self.you.conspiracy
                            or ab.trigger == "discarded"
                            or ab.trigger == "won"
                        ):
                            continue
                        if exhaust and i in exhausted:
                            continue
                        if blank_passive and i in supports and self._blank(i):
                            continue
                    elif (
                        st == INSANE
                        or (blanking and self._blank(i))
                        or (silenced and self.has_static(NO_ABILITIES, i))
                    ):
                        continue
                    elif exhaust and st != READY:
                        continue
                elif not self._ability_live(ab, i) or (exhaust and not self._ready_to_exhaust(i)):
                    continue
                if committed and self.committed_story(i) < 0:
                    continue
                if barring and self._barred(ab, i):
                    continue
                if limit is not None:  # ``_within_limit`` written out
                    used = uses.get((i, ab.text, ab.trigger))
                    if (
                        used is not None
                        and used[0] >= limit[0]
                        and used[1] == self._limit_stamp(limit[1])
                    ):
                        continue
                if can_pay is not None and not can_pay(self, i):
                    continue
                if condition is not None and not condition(self, i, NO_CONTEXT):
                    continue
                out.append((i, n, ab))
        return out

    def _action_table(self, window: int, kinds: frozenset | None) -> list[tuple]:
        """Per instance: the ``action_entry`` of each of its actions open in ``window``
        (none for an instance whose kind is not among ``kinds``); remembered per deck."""
        cd = self.deck
        by_kind = [
            tuple(action_entry(n, ab) for n, ab in enumerate(abilities) if ab.window & window)
            if kinds is None or k in kinds
            else ()
            for k, abilities in enumerate(cd.by_trigger[ACTION])
        ]
        table = cd.kind_memo[(ACTION, window, kinds)] = [by_kind[k] for k in cd.kind_of]
        return table

    def resource_actions(self) -> list[Action]:
        """USE actions of abilities taken instead of attaching a resource (none for most
        decks: remembered per deck)."""
        memo = self.deck.kind_memo
        any_ = memo.get("resource actions")
        if any_ is None:
            any_ = memo["resource actions"] = any(
                ab.window & RESOURCE_WINDOW for per_kind in self.deck.by_trigger[ACTION]
                for ab in per_kind
            )  # fmt: skip
        return self.ability_actions() if any_ else []

    def _action_zones(self) -> frozenset[str]:
        """The zones outside play (discard pile, hand) from which an action of this deck
        works; remembered per deck."""
        memo = self.deck.kind_memo
        zones = memo.get(ACTION)
        if zones is None:
            zones = memo[ACTION] = frozenset(
                ab.zone for per_kind in self.deck.by_trigger[ACTION] for ab in per_kind
            ) & {DISCARD_PILE, HAND}
        return zones

    def _ready_to_exhaust(self, i: int) -> bool:
        if i in self.you.status:
            return self.you.status[i] == READY
        return i not in self.you.exhausted_supports

    # ----------------------------------------------------------------- limits, costs
    def _limit_stamp(self, per: str):
        if per == "turn":
            return self.turn
        if per == "phase":
            return (self.turn, self.phase)
        return 0

    def _within_limit(self, ab, src: int) -> bool:
        times, per = ab.limit
        used = self._uses.get((src, ab.text, ab.trigger))
        return used is None or used[1] != self._limit_stamp(per) or used[0] < times

    def _count_use(self, ab, src: int) -> None:
        key = (src, ab.text, ab.trigger)
        stamp = self._limit_stamp(ab.limit[1])
        used = self._uses.get(key)
        self._uses[key] = (used[0] + 1 if used and used[1] == stamp else 1, stamp)

    def _pay_self_costs(self, ab, src: int):
        """Generator: the costs of a response beyond resources (exhaust, sacrifice, others)."""
        if ab.exhaust:
            if src in self.you.status:
                self._exhaust(src)
            else:
                self.you.exhausted_supports.add(src)
        if ab.extra_cost is not None:
            yield from ab.extra_cost(self, src)
        if ab.sacrifice:
            self._sacrifice(src)

    def it_is(self, kind: str) -> bool:
        """Whether it is Day (``DAY``) or Night (``NIGHT``): a card in play says so (FAQ: it
        can be Day and Night at once), or an effect of the turn ("it_is" rule)."""
        if self._turn_rules:
            for rule in self._turn_rules:
                if rule[0] == "it_is" and rule[1] == kind and self.rule_applies(rule):
                    return True
        if kind not in self.deck.static_kinds:
            return False
        for src, st in self._statics_in_play():
            if st.kind == kind and (st.who is None or st.who(self, src, src)):
                return True
        return False

    def _use(self, a: Action, then=None) -> None:
        """Use the ability of ``a`` (costs first), then resolve it and what it triggered."""
        inst = a.card
        cd = self.deck
        x = a.x
        n = x // 100
        x -= n * 100
        if self._copies and inst in self._copies:
            ab = self.text_of(ACTION, inst)[n]
        else:
            ab = cd.by_trigger[ACTION][cd.kind_of[inst]][n]
        d = a.domain
        over = 0
        if d >= 0:
            if ab.reads_overpaid and not ab.cost_x:  # "if you overpaid": what d paid beyond
                over = self.you.dom_value[d] - ab.cost
            if cd.any_trigger[ABILITY_OVERPAID]:
                self._overpaying(d, x if ab.cost_x else ab.cost)
            self._drain(d)
        if ab.exhaust:
            if inst in self.you.status:
                self._exhaust(inst)
            else:
                self.you.exhausted_supports.add(inst)
        if self.log is not None:
            self._event("ability", f"{self.card(inst).title}: {ab.text}")
        if ab.limit is not None:
            self._count_use(ab, inst)
        story = -1  # ``committed_story`` written out
        s = 0
        for committed in self.you.committed:
            if inst in committed:
                story = s
                break
            s += 1
        ctx = AbilityContext(x, over, story)
        if ab.zone == DISCARD_PILE and cd.any_trigger[DISCARD_ABILITY_USED]:
            if ab.kind != "play":  # a card played from there triggers no effect
                self._fire_all(DISCARD_ABILITY_USED)  # resolved after the effect (``_drive``)
        if self.facts.ability_triggered and ab.kind != "play":
            self.ability_triggered(inst)  # resolved after the effect (``_drive``)
        if ab.extra_cost is not None:
            self._drive(self._costs_then(ab, inst, ctx), then, True)
            return
        if ab.sacrifice:
            self._sacrifice(inst)
        self._drive(ab.effect(self, inst, ctx), then, True)

    def _overpaying(self, d: int, cost: int) -> None:
        """Domain ``d`` is about to be drained to pay ``cost`` for an ability: with more
        resources than that, "after you overpay for a triggered ability" follows."""
        if self.deck.any_trigger[ABILITY_OVERPAID] and self.you.dom_value[d] > cost:
            self._fire_all(ABILITY_OVERPAID, AbilityContext(x=self.you.dom_value[d] - cost))

    def ability_triggered(self, inst: int) -> None:
        """A player triggered an effect of the card ``inst`` (an action or a response of
        it, or an effect that triggers it): "after a card's effect is triggered" follows."""
        # (x, overpaid, story, target) by position (see ``AbilityContext``)
        self._fire_all(ABILITY_TRIGGERED, AbilityContext(0, 0, -1, inst))

    def _costs_then(self, ab, inst, ctx):
        yield from ab.extra_cost(self, inst)
        if ab.sacrifice:
            self._sacrifice(inst)
        yield from ab.effect(self, inst, ctx)

    def _event_window_open(self, kind: int) -> bool:
        """An event may be played now: its window, and its condition (a target exists)."""
        ph = self.phase
        w = 1 if ph == OPERATIONS else 2 if ph == STORY else 0
        if NO_TRIGGERS in self.deck.static_kinds and self._events_barred():
            return False
        for ab in self.deck.by_trigger["event"][kind]:
            if not ab.window & w or (ab.can_pay is not None and not ab.can_pay(self, -1)):
                continue
            if ab.condition is None or ab.condition(self, -1, NO_CONTEXT):
                return True
        return False

    def _events_barred(self) -> bool:
        """A NO_TRIGGERS passive in play forbids playing events."""
        for s, st in self._statics_in_play():
            if st.kind == NO_TRIGGERS and "play" in st.amount:
                if not st.committed or self.committed_story(s) >= 0:
                    return True
        return False
