"""Paying for cards and abilities, and what may be played at all.

Paying a card: drain exactly one domain with at least its cost in resources, one of them of
the card's faction (not for neutral cards, nor while an effect waives the match; Loyal: all
of them); Steadfast counts resources of the faction across all domains; a passive may make
the resources of another faction a match too (MATCH_AS, read only by decks that have one); a
card whose cost is 0 (printed, X=0 or reduced to 0) needs no domain. Cost modifiers are
``Static`` COST effects of cards in play and effects of the phase (``_cost_sources``, which
may also waive the match or forbid a play). A card's own "lower my cost by sacrificing /
draining more domains..." (``Static.pay``) lowers the cost like any reduction; what the
domain drained did not pay is then paid that way first of all, before anything the play
triggers (a person playing step by step may pay more that way, by choice). Paying for an
ability ("pay N"), or a printed cost inside an effect, drains a domain with at least N
resources and needs no match (rule choice: the rules ask a match only for playing cards).
"""

from __future__ import annotations

import math

from deckbuilder.engine.abilities import (
    BLANK,
    MATCH_AS,
    NO_ATTACH,
    NO_CLASH,
    NO_PUT_INTO_PLAY,
)
from deckbuilder.engine.actions import DECK_HOST, DOMAIN_HOST, INSANE, READY, STORY_HOST
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, EVENT, NEUTRAL, SUPPORT


class PayingMixin:
    __slots__ = ()

    def cost_of(self, kind: int) -> int:
        """The cost to play a card of ``kind`` now (X counts 0), after cost modifiers."""
        c = self.deck.cost[kind]
        if self._cost_mods_possible():
            return self._modified_cost(kind, c)
        return c

    def can_pay(self, kind: int, d: int, x: int = 0) -> bool:
        """Whether draining domain ``d`` (-1: none) pays for a card of ``kind`` (with X=x):
        steadfast across all domains, then cost, resource match or Loyal in domain ``d``."""
        cd = self.deck
        for f, n in cd.steadfast[kind]:
            if self.you.fac_count[f] < n:
                return False
        cost = x if cd.cost_is_x[kind] else cd.cost[kind]
        if (self._cost_sources or cd.has_cost_statics) and self._cost_mods_possible():
            base, cost = cost, self._modified_cost(kind, cost, d)
            if cost == 0 and d >= 0 and self._host_cut(kind):
                # Paid in full, an attachment may go on another host than the one cutting.
                cost = self._modified_cost(kind, base, d, hosted=False)
        if cost == 0:
            return d == -1
        if d < 0 or self.you.drained[d] or self.you.dom_value[d] < cost:
            return False
        f = cd.faction[kind]
        if f == NEUTRAL or (self._cost_sources and self._match_waived(kind)):
            return True
        have = self.you.dom_fac[d][f]
        if self.facts.match_as:
            have = self._match_in(kind, d, have)
        if cd.loyal[kind]:
            return have >= cost
        return have > 0

    def pays_in_part(self, kind: int, d: int) -> bool:
        """Whether domain ``d`` may pay at least 1 of a card of ``kind`` whose own alternative
        payments (``Static.pay``) could pay it all (``can_pay(kind, -1)``, steadfast
        included): ready, not empty, and the resource match as for any play. Kept apart from
        ``can_pay``, which every play asks."""
        if d < 0 or self.you.drained[d] or self.you.dom_value[d] < 1:
            return False
        cd = self.deck
        f = cd.faction[kind]
        if f == NEUTRAL or (self._cost_sources and self._match_waived(kind)):
            return True
        have = self.you.dom_fac[d][f]
        if self.facts.match_as:
            have = self._match_in(kind, d, have)
        return have > 0

    def pay_domain(self, kind: int) -> int:
        """The smallest ready domain that pays for a card of ``kind`` (X as 0): a domain
        index, -1 when no domain is needed (cost 0), -2 when it cannot be paid now."""
        cd = self.deck
        steadfast = cd.steadfast[kind]
        if steadfast:
            fac_count = self.you.fac_count
            for f, n in steadfast:
                if fac_count[f] < n:
                    return -2
        if cd.has_cost_statics or self._cost_sources:
            cost = self._cost_cache.get(kind)
            if cost is None:
                cost = self._cost_now(kind)
            if cost < 0 or (self._cost_sources and self._match_waived(kind)):
                return self._pay_domain_modified(kind)
        else:
            cost = cd.cost[kind]
        if cost == 0:
            return -1
        if self.facts.match_as and self._matches_as(kind):
            return self._pay_domain_modified(kind)
        f = cd.faction[kind]
        need = cd.match_need[kind]
        if need < 0:  # Loyal
            need = cost
        drained, dom_value, dom_fac = self.you.drained, self.you.dom_value, self.you.dom_fac
        best, best_value = -2, 0
        for d in self.you.domain_indices:
            v = dom_value[d]
            if (
                v >= cost
                and not drained[d]
                and dom_fac[d][f] >= need
                and (best < 0 or v < best_value)
            ):
                best, best_value = d, v
        return best

    def affordable_cost(self) -> float:
        """A printed cost above this cannot be paid now: the largest ready domain while no
        cost modifier applies (infinite otherwise), so that a policy can pass over cards
        that are plainly too dear without asking ``pay_domain``."""
        if self._cost_sources:
            return math.inf
        cd = self.deck
        if cd.has_cost_statics and (self._statics_cache or self._build_statics())[5]:
            return math.inf
        drained, value = self.you.drained, self.you.dom_value
        top = 0
        for d in self.you.domain_indices:
            if not drained[d] and value[d] > top:
                top = value[d]
        return top

    def _cost_now(self, kind: int) -> int:
        """The modified cost of ``kind`` (X as 0), remembered until a passive or an effect of
        the phase changes; -1 when it depends on the domain drained (the card's own
        reduction). Without effects of the phase, the costs are remembered in the deck's
        table for the fixed cost passives in play, which later games reuse."""
        cost = self._cost_cache.get(kind)
        if cost is not None:
            return cost
        cd = self.deck
        if not self._cost_sources:
            table = (self._statics_cache or self._build_statics())[6]
            if table is not None:
                self._cost_cache = table
                cost = table.get(kind)
                if cost is not None:
                    return cost
        if cd.self_cost[kind]:
            cost = -1
        elif self._cost_mods_possible():
            cost = self._modified_cost(kind, cd.cost[kind])
            if self._cost_sources or not (self._statics_cache or self._build_statics())[4]:
                return cost  # may change with the board: not remembered
        else:
            cost = cd.cost[kind]
        self._cost_cache[kind] = cost
        return cost

    def _pay_domain_modified(self, kind: int) -> int:
        """``pay_domain`` when cost modifiers may apply (some depend on the domain); for a
        card that may pay part of its cost otherwise (``Static.pay``), the domain that leaves
        the least to pay so, then the smallest."""
        if self.deck.alt_paid[kind]:
            ways = [d for d in (-1, *self.you.domain_indices) if self.can_pay(kind, d)]
            if not ways:
                return -2
            value = self.you.dom_value
            return min(ways, key=lambda d: (self._rest_to_pay(kind, d), value[d] if d >= 0 else 0))
        if self.can_pay(kind, -1):
            return -1
        best = -2
        value = self.you.dom_value
        for d in self.you.domain_indices:
            if self.can_pay(kind, d) and (best < 0 or value[d] < value[best]):
                best = d
        return best

    def may_play(self, kind: int) -> bool:
        """Type, uniqueness, Heroic/Villainous, the one-conspiracy limit, an attachment's host,
        an event's window and a target for a "When you play X, choose ..." (not cost)."""
        cd = self.deck
        t = cd.ctype[kind]
        if self._cost_sources and self._play_forbidden(kind):
            return False
        if t == CONSPIRACY:
            return self.you.conspiracy < 0
        if t == EVENT:
            return cd.playable_event[kind] and self._event_window_open(kind)
        if t != CHARACTER and t != SUPPORT:
            return False
        if self.phase != "operations":
            return False  # characters and supports are played in the operations phase
        # ``_may_enter`` written out (but the conspiracy, handled above): asked at most plays
        uid = cd.unique_id[kind]
        if uid >= 0:
            unique_id, kind_of = cd.unique_id, cd.kind_of
            for i in self.you.characters:
                if unique_id[kind_of[i]] == uid:
                    return False
            for i in self.you.supports:
                if unique_id[kind_of[i]] == uid:
                    return False
        if t == CHARACTER and cd.side[kind] and self._clashes(kind, -1):
            return False
        if cd.any_play_check and cd.play_checks[kind]:
            # "When you play X, choose ...": not played without a target (FAQ 1.5)
            if not all(check(self, -1) for check in cd.play_checks[kind]):
                return False
        if t == SUPPORT and cd.attach[kind] is not None:
            return bool(self.attach_hosts(kind))
        return True

    def may_enter(self, kind: int) -> bool:
        """May a card of ``kind`` be put into play by an effect: ``_may_enter``, and no
        passive in play forbids it (NO_PUT_INTO_PLAY)."""
        if NO_PUT_INTO_PLAY in self.deck.static_kinds:
            for src, st in self._statics_in_play():
                if st.kind == NO_PUT_INTO_PLAY and st.who(self, src, kind):
                    return False
        return self._may_enter(kind)

    def _may_enter(self, kind: int) -> bool:
        """Uniqueness, Heroic/Villainous and the one-conspiracy limit: may a card of ``kind``
        enter play at all."""
        cd = self.deck
        if cd.ctype[kind] == CONSPIRACY and self.you.conspiracy >= 0:
            # (unless it is being won: its win effect may bring the next one, ``_win_story``)
            if not (
                self._turn_rules
                and any(
                    r[0] == "conspiracy_won" and r[1] == self.you.conspiracy
                    for r in self._turn_rules
                )
            ):
                return False
        uid = cd.unique_id[kind]
        kind_of = cd.kind_of
        if uid >= 0:
            # An insane character keeps its title (FAQ), so it still blocks a second copy;
            # Heroic/Villainous are text, which an insane character does not have.
            for i in self.you.characters:
                if cd.unique_id[kind_of[i]] == uid:
                    return False
            for i in self.you.supports:
                if cd.unique_id[kind_of[i]] == uid:
                    return False
        if cd.ctype[kind] == CHARACTER and cd.side[kind]:
            return not self._clashes(kind, -1)
        return True

    def _clashes(self, kind: int, skip: int) -> bool:
        """Whether a character of ``kind`` would sit beside a sane character of the other
        side (Heroic against Villainous; a card with both keywords clashes with either),
        ignoring instance ``skip``."""
        side, kind_of, status = self.deck.side, self.deck.kind_of, self.you.status
        if NO_CLASH in self.deck.static_kinds and (
            any(st.kind == NO_CLASH for st in self.deck.statics[kind])
            or any(st.kind == NO_CLASH for _, st in self._statics_in_play())
        ):
            return False  # a card in play (or this one) lets both sides sit together
        s = side[kind]
        other = (s & 1) << 1 | s >> 1  # the bits of the side this one cannot sit beside
        blanking = BLANK in self.deck.static_kinds  # a blank text box has no Heroic...
        for i in self.you.characters:
            if side[kind_of[i]] & other and status[i] != INSANE and i != skip:
                if blanking and self._blank_passive(i):
                    continue
                return True
        return False

    def attach_hosts(self, kind: int) -> list[int]:
        """Hosts a support of ``kind`` may be attached to: character instances,
        ``STORY_HOST + story id`` for stories, ``DOMAIN_HOST + index`` for your domains or
        ``DECK_HOST`` for your deck (see ``cards.attach_requirement``)."""
        req = self.deck.attach[kind]
        if req is None:
            return []
        if req[0] == "story":
            return [STORY_HOST + sid for sid in self._stories]
        if req[0] == "domain":
            return [DOMAIN_HOST + d for d in self.you.domain_indices]
        if req[0] == "deck":  # the only deck with cards to reveal in a goldfish game
            return [DECK_HOST]
        if req[0] == "any":
            return self.you.characters + self.you.supports
        if req[0] == "support":
            sub = req[1]
            subtypes, kind_of = self.deck.subtypes, self.deck.kind_of
            return [i for i in self.you.supports if sub is None or sub in subtypes[kind_of[i]]]
        if req[0] != "character":
            return []
        _, insane, exhausted, faction, subtype, no_ancient, icon, skill_max = req
        cd, status = self.deck, self.you.status
        printed_icons = (
            None if icon < 0 else (cd.terror, cd.combat, cd.arcane, cd.investigation)[icon]
        )
        hosts = []
        for i in self.you.characters:
            k = cd.kind_of[i]
            st = status[i]
            if insane != (st == INSANE):
                continue
            if exhausted and st == READY:
                continue
            if faction >= 0 and cd.faction[k] != faction:
                continue
            if subtype and subtype.lower() not in cd.subtypes[k]:
                continue
            if no_ancient and "ancient one" in cd.subtypes[k]:
                continue
            if printed_icons is not None and not printed_icons[k]:
                continue
            if skill_max >= 0 and cd.skill[k] > skill_max:
                continue
            hosts.append(i)
        if NO_ATTACH in cd.static_kinds:  # "cards cannot be attached to ..."
            hosts = [i for i in hosts if not self._attach_forbidden(kind, i)]
        return hosts

    def _attach_forbidden(self, kind: int, host: int) -> bool:
        """A NO_ATTACH passive keeps a card of ``kind`` off ``host`` (its ``amount``, when
        callable, tells which cards it keeps off)."""
        for src, st in self._statics_in_play():
            if st.kind != NO_ATTACH or not self._static_applies(src, st, host):
                continue
            if not callable(st.amount) or st.amount(self, kind):
                return True
        return False

    def _match_waived(self, kind: int) -> bool:
        """An effect of this phase lets a card of ``kind`` ignore the resource match (a
        cost source whose test is marked ``ignore_match``)."""
        for who, _, _, _ in self._cost_sources:
            if getattr(who, "ignore_match", False) and who(self, kind):
                return True
        return False

    def _matches_as(self, kind: int) -> bool:
        """A passive in play lets other resources match a card of ``kind`` (MATCH_AS)."""
        for src, st in self._statics_in_play():
            if st.kind == MATCH_AS and st.who(self, src, kind):
                return True
        return False

    def _match_in(self, kind: int, d: int, have: int) -> int:
        """``have`` (the resources of domain ``d`` of the faction of ``kind``) plus those
        that passives in play make a match for it too (MATCH_AS), each faction once."""
        f = self.deck.faction[kind]
        seen = [f]
        for src, st in self._statics_in_play():
            if st.kind == MATCH_AS and st.amount not in seen and st.who(self, src, kind):
                seen.append(st.amount)
                have += self.you.dom_fac[d][st.amount]
        return have

    def _host_cut(self, kind: int) -> bool:
        """A passive in play cuts the cost of an attachment of ``kind`` played on its
        source (``Static.host_only``)."""
        for src, st in self._cost_statics():
            if st.host_only and st.who(self, src, kind):
                return True
        return False

    def _play_forbidden(self, kind: int) -> bool:
        """An effect of this phase forbids playing a card of ``kind`` (a cost source whose
        test is marked ``forbids_play``)."""
        for who, _, _, _ in self._cost_sources:
            if getattr(who, "forbids_play", False) and who(self, kind):
                return True
        return False

    def _rest_to_pay(self, kind: int, d: int, x: int = 0) -> int:
        """How much of the cost of a card of ``kind`` paid with domain ``d`` (-1: none) is
        left for its own alternative payments (``Static.pay``: sacrificing, draining more
        domains...): its cost without them, less the domain's resources (asked before the
        drain)."""
        cd = self.deck
        cost = x if cd.cost_is_x[kind] else cd.cost[kind]
        full = self._modified_cost(kind, cost, d, alt=False)
        rest = full - (self.you.dom_value[d] if d >= 0 else 0)
        return rest if rest > 0 else 0

    def _queue_rest_payment(self, inst: int, kind: int, d: int, rest: int, x: int = 0) -> None:
        """Queue, first of all, the payment of ``rest`` of the cost of ``inst`` by its own
        alternative payments (each pays what it can, in the order printed). Rule choice: a
        person playing step by step may then lower the cost further by choice, down to 0
        (the domain drained overpays); the automatic player and batch games pay only what
        the domain leaves (no new question)."""
        payers = self.deck.alt_paid[kind]
        extra = 0
        if self._steps is not None and self._policy is None:
            cd = self.deck
            cost = x if cd.cost_is_x[kind] else cd.cost[kind]
            extra = self._modified_cost(kind, cost, d, alt=False) - rest  # down to 0
        if rest <= 0 and extra <= 0:
            return

        def pay(game, src, ctx):
            need, more = rest, extra
            for st in payers:
                if need <= 0 and more <= 0:
                    return
                most = -st.amount(game, -1, kind, d)
                part = need if need < most else most
                if part < 0:
                    part = 0
                spare = most - part if more > most - part else more
                if part > 0 or spare > 0:
                    paid = yield from st.pay(game, src, part, d, spare)
                    need -= part
                    if spare > 0 and paid < spare:
                        return  # declined (or none left): the next payers are not asked
                    more -= paid

        self._triggers.insert(0, ((pay,), inst, None))

    def _pay_domains(self, amount: int) -> list[int]:
        """Ready domains that can pay ``amount`` for an ability (no match needed)."""
        if amount <= 0:
            return [-1]
        drained, value = self.you.drained, self.you.dom_value
        return [d for d in range(len(value)) if not drained[d] and value[d] >= amount]
