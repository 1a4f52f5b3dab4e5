"""Where cards are and how they move: the deck (with its known top and bottom), the hand,
domains and resources, characters and supports in play, attachments, the discard pile.

Drawing picks a uniformly random card of the unknown part of the deck: the same
distribution as a shuffled deck without paying for a shuffle. Cards whose place an effect
fixed (looked at and put back on top, put on the bottom) sit in ``_top`` and ``_bottom``
(both lists end with the card nearest the middle... the top card is ``_top[-1]``, the bottom
card ``_bottom[0]``); a shuffle returns them to the unknown part.
"""

from __future__ import annotations

from math import floor  # floor(x) is int(x) for x >= 0, and quicker

from deckbuilder.engine.abilities import (
    ANY_DOMAIN_DRAINED,
    ATTACHED_TO_HAND,
    BLANK,
    CARD_DRAWN,
    CARD_TO_DISCARD,
    CARDS_DRAWN,
    CHARACTER_EXHAUSTED,
    CHARACTER_INSANE,
    CHARACTER_LEAVES,
    CHARACTER_RESTORED,
    CHARACTER_WOUNDED,
    DECK_DISCARDED,
    DOMAIN_DRAINED,
    GAIN_KEYWORD,
    HAND_DISCARDED,
    HOST_BOUND,
    INVULNERABILITY,
    LOSE_KEYWORD,
    READIED,
    RETURNED_TO_HAND,
    SACRIFICED,
    STAYS_ON_INSANE,
    SUPPORT_LEAVES,
    WOULD_DISCARD,
    WOULD_DRAW,
    WOULD_INSANE,
    WOULD_LEAVE,
    WOULD_REVEAL,
    WOULD_SACRIFICE,
    WOULD_WOUND,
    WOUND_INSTEAD,
    AbilityContext,
)
from deckbuilder.engine.actions import (
    CONSPIRACY_BASE,
    DECK_OUT,
    EXHAUSTED,
    INSANE,
    MULLIGAN_PHASE,
    OVER,
    READY,
    SETUP_PHASE,
    STORY_HOST,
    WIN,
)
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, N_FACTIONS, SUPPORT


class ZonesMixin:
    __slots__ = ()

    # ----------------------------------------------------------------- deck
    def _deck_count(self) -> int:
        return self.you.deck_count()

    def _take_top(self) -> int:
        """The top card of your deck, removed (-1 when the deck is empty)."""
        return self.you.take_top(self.rng.random)

    def _take_bottom(self) -> int:
        """The bottom card of your deck, removed (-1 when the deck is empty)."""
        return self.you.take_bottom(self.rng.random)

    # ----------------------------------------------------------------- players
    def controller_of(self, inst: int):
        """The player who controls ``inst``: the opponent for a card in its play area, else
        you (every card of the game is of your deck; the goldfish opponent has none)."""
        opponent = self.opponent
        if inst in opponent.status or inst in opponent.supports:
            return opponent
        return self.you

    def players_named(self, name: str, src: int) -> tuple:
        """The players that card text names relative to the controller of ``src``: "you",
        "opponent" (every other player) or "each" (the controller first)."""
        me = self.controller_of(src)
        if name == "you":
            return (me,)
        others = tuple(p for p in self.players if p is not me)
        return others if name == "opponent" else (me, *others)

    def _draw(self, n: int, by_effect: bool = False) -> None:
        if (
            self.facts.would_draw
            and n > 0
            and self.phase != MULLIGAN_PHASE
            and self.phase != SETUP_PHASE
        ):
            n = self._draw_replaced(n, by_effect)
            if n <= 0:
                return
        deck, hand = self.you.deck_cards, self.you.hand
        size = len(deck)
        if not self.you.top and size >= n:
            rand = self.rng.random
            # The drawn card's place takes the last card (as a swap with the last, then pop).
            for _ in range(n):
                j = floor(rand() * size)
                size -= 1
                last = deck.pop()
                if j < size:
                    hand.append(deck[j])
                    deck[j] = last
                else:
                    hand.append(last)
            drawn = n
        else:
            drawn = 0
            for _ in range(n):
                i = self._take_top()
                if i < 0:
                    break
                hand.append(i)
                drawn += 1
        if self.log is not None:
            self._event("draw", f"drew {drawn} ({self._deck_count()} left)")
        if not deck:
            self._check_deck_out()

    def _draw_replaced(self, n: int, by_effect: bool) -> int:
        """The "would draw" window before drawing ``n`` cards: what answers it may change
        how many (``ctx.x``) or replace the draw (``ctx.instead``: "discard_pile" draws
        them from the top of the discard pile, "bottom" the first from the bottom of the
        deck, "mill" discards the top card first and the draw goes on: FAQ, the draw is not
        replaced, so the new top card is drawn; "cancel" draws none); returns how many are
        still drawn from the top."""
        ctx = self._would(WOULD_DRAW, AbilityContext(x=n, by_effect=by_effect))
        n, instead = ctx.x, ctx.instead
        if self.phase == OVER or instead == "cancel":  # "you may choose not to draw"
            return 0
        if instead == "discard_pile":
            for _ in range(n):
                if self.you.discard:
                    self.you.hand.append(self.you.discard.pop())
            self._event("draw", f"drew {n} from the discard pile instead")
            return 0
        if instead in ("bottom", "mill") and n > 0:
            i = self._take_bottom() if instead == "bottom" else self._take_top()
            if i >= 0:
                if instead == "bottom":
                    self.you.hand.append(i)
                    self._event("draw", f"drew {self.card(i).title} from the bottom instead")
                else:
                    self._discard_from_deck(i)
                    self._event("discard", f"{self.card(i).title} discarded before the draw")
            self._check_deck_out()
            if instead == "bottom":
                n -= 1
        return n

    def _to_discard(self, inst: int, from_play: bool = False) -> str:
        """A card goes to your discard pile, unless a "would" window sends it elsewhere
        (``ctx.instead``: "top" or "bottom" of the deck, "hand"); returns where it went."""
        to = "discard"
        if self.deck.any_trigger[WOULD_DISCARD]:
            ctx = self._would(WOULD_DISCARD, AbilityContext(x=int(from_play), target=inst))
            to = ctx.instead or "discard"
        self._put(inst, to)
        return to

    def _put(self, inst: int, to: str) -> None:
        """Put a card out of every zone into ``to``: "discard", "hand", "top" or "bottom"
        (of the deck)."""
        if to == "top":
            self.you.top.append(inst)
        elif to == "bottom":
            self.you.bottom.insert(0, inst)
        elif to == "hand":
            self.you.hand.append(inst)
        else:
            self.you.discard.append(inst)
            if self.facts.discard_noted:
                self._discard_noted(inst)
        if to != "discard" and to != "hand":
            self._event("to_deck", f"{self.card(inst).title} put on the {to} of the deck")

    def _into_discard(self, inst: int) -> None:
        """``inst``, out of every zone, enters your discard pile (no "would" window): the
        phase remembers it when the deck's text reads that."""
        self.you.discard.append(inst)
        if self.facts.discard_noted:
            self._discard_noted(inst)

    def _discard_noted(self, inst: int) -> None:
        """``inst`` has just entered your discard pile (from any zone), in a deck whose text
        reads that (``DeckFacts.discard_noted``): the phase remembers it, and "after a card
        enters your discard pile" answers."""
        if self.facts.discard_memory:
            self._discarded_this_phase.append(inst)
        if self.facts.card_to_discard:
            self._fire_all(CARD_TO_DISCARD, AbilityContext(target=inst))

    def _discard_from_deck(self, inst: int) -> None:
        """``inst``, just taken from your deck, is discarded (unless a "would" window sends
        it elsewhere: then it was not discarded)."""
        if self._to_discard(inst) == "discard":
            self._deck_discarded()

    def _deck_discarded(self, n: int = 1) -> None:
        """``n`` cards were just discarded from your deck (from its top, bottom or a card
        placed there): each counts towards the cards discarded from a deck this phase, and
        "after a card is discarded from your deck" answers for each (ctx.x: the count, so
        that "2 or more in the same phase" answers when it reaches 2). Counted only when a
        card of the deck answers it; the goldfish opponent has no deck to discard from."""
        if n <= 0 or not self.deck.any_trigger[DECK_DISCARDED]:
            return
        key, stamp = (-1, DECK_DISCARDED), (self.turn, self.phase)
        count = self._uses.get(key)  # (how many, the phase they were counted in)
        done = count[0] if count is not None and count[1] == stamp else 0
        for k in range(done + 1, done + n + 1):
            self._fire_all(DECK_DISCARDED, AbilityContext(x=k))
        self._uses[key] = (done + n, stamp)

    def _event_done(self, inst: int) -> None:
        """An event has resolved: to the discard pile, unless its effect put it elsewhere
        (back in hand, into play as a character or an attachment, on the deck)."""
        if (
            inst not in self.you.hand
            and inst not in self.you.status
            and inst not in self.you.supports
            and inst not in self.you.top
            and inst not in self.you.bottom
        ):
            self._to_discard(inst)

    def _check_deck_out(self) -> None:
        if (
            not self.you.deck_cards
            and not self.you.top
            and not self.you.bottom
            and self.phase != OVER
        ):
            # Rulebook: a player with no cards left in his deck is eliminated at once.
            self._event("deck_out", "the deck is empty: the game is lost")
            self._end(DECK_OUT)

    def _peek(self, n: int) -> list[int]:
        """The top ``n`` cards, top first (they become known: moved to ``_top``)."""
        top, deck = self.you.top, self.you.deck_cards
        while len(top) < n and deck:
            j = floor(self.rng.random() * len(deck))
            deck[j], deck[-1] = deck[-1], deck[j]
            top.insert(0, deck.pop())
        cards = top[::-1][:n]
        if len(cards) < n:
            cards += self.you.bottom[::-1][: n - len(cards)]
        return cards

    def _reveal_top(self, n: int) -> list[int]:
        """The top ``n`` cards, top first, revealed by an effect: first the "would be
        revealed" window of the top card (an answer may take it away: the next card is then
        the one revealed, and asked in turn)."""
        if self.deck.any_trigger[WOULD_REVEAL]:
            top = self._peek(1)
            while top and self.phase != OVER:
                self._would(WOULD_REVEAL, AbilityContext(target=top[0]))
                now = self._peek(1)
                if now == top:
                    break
                top = now
        return self._peek(n)

    def _shuffle_deck(self) -> None:
        self.you.deck_cards.extend(self.you.top)
        self.you.deck_cards.extend(self.you.bottom)
        self.you.top.clear()
        self.you.bottom.clear()

    def _remove_from_deck(self, inst: int) -> None:
        for pile in (self.you.deck_cards, self.you.top, self.you.bottom):
            if inst in pile:
                pile.remove(inst)
                return

    def _end(self, result: str) -> None:
        self.result = result
        self.phase = OVER
        self._pending.clear()
        if result == WIN:
            self.win_turn = self.turn

    # ----------------------------------------------------------------- domains
    def _add_domain(self) -> int:
        self.you.domains.append([])
        self.you.drained.append(False)
        self.you.dom_value.append(0)
        self.you.dom_fac.append([0] * N_FACTIONS)
        self.you.domain_indices = tuple(range(len(self.you.domains)))
        return len(self.you.domains) - 1

    def _attach_resource(self, inst: int, d: int) -> None:
        """Attach a card from hand to domain ``d`` (``_add_resource`` inlined: hot path)."""
        self.you.hand.remove(inst)
        self.you.domains[d].append(inst)
        cd = self.deck
        k = cd.kind_of[inst]
        w = 2 if cd.transient[k] else 1
        f = cd.faction[k]
        self.you.dom_value[d] += w
        self.you.dom_fac[d][f] += w
        self.you.fac_count[f] += 1
        fp = self.first_playable
        if fp is not None and not fp[k]:
            self._unplayable_resources.append(inst)

    def _add_resource(self, inst: int, d: int) -> None:
        """Attach an instance already out of every zone to domain ``d``."""
        self.you.domains[d].append(inst)
        k = self.deck.kind_of[inst]
        w = 2 if self.deck.transient[k] else 1
        f = self.deck.faction[k]
        self.you.dom_value[d] += w
        self.you.dom_fac[d][f] += w
        self.you.fac_count[f] += 1

    def _detach_resource(self, inst: int, d: int) -> None:
        cd = self.deck
        k = cd.kind_of[inst]
        w = 2 if cd.transient[k] else 1
        f = cd.faction[k]
        self.you.domains[d].remove(inst)
        self.you.dom_value[d] -= w
        self.you.dom_fac[d][f] -= w
        self.you.fac_count[f] -= 1

    def _drain(self, d: int) -> None:
        """Drain domain ``d``: Transient resources on it are destroyed."""
        self.you.drained[d] = True
        dom = self.you.domains[d]
        if self.deck.any_trigger[DOMAIN_DRAINED]:
            self._fire_drained(d)
        if self.deck.any_trigger[ANY_DOMAIN_DRAINED]:
            self._fire_all(ANY_DOMAIN_DRAINED, AbilityContext(x=d))
        if self.you.dom_value[d] == len(dom):  # a Transient resource counts 2: there is none
            return
        transient, kind_of = self.deck.transient, self.deck.kind_of
        for i in [i for i in dom if transient[kind_of[i]]]:
            self._detach_resource(i, d)
            self._to_discard(i)
            if self.log is not None:
                self._event("destroy", f"Transient resource {self.card(i).title} destroyed")

    def _fire_drained(self, d: int) -> None:
        """Queue "after the domain this card is attached to is drained" for its resources."""
        table, kind_of = self.deck.by_trigger[DOMAIN_DRAINED], self.deck.kind_of
        for i in self.you.domains[d]:
            if table[kind_of[i]]:
                self._queue_trigger(DOMAIN_DRAINED, i, AbilityContext(x=d))

    # ----------------------------------------------------------------- in play
    def _zone_of(self, inst: int) -> str:
        if inst in self.you.status:
            return "characters"
        for name, zone in (
            ("hand", self.you.hand),
            ("supports", self.you.supports),
            ("discard", self.you.discard),
        ):
            if inst in zone:
                return name
        if inst == self.you.conspiracy:
            return "conspiracy"
        for d in self.you.domains:
            if inst in d:
                return "resources"
        return "deck"

    def _discard_to_hand(self, inst: int) -> None:
        """A card of the discard pile returns to the hand."""
        self.you.discard.remove(inst)
        self.you.hand.append(inst)

    def _take_from(self, inst: int) -> None:
        """Remove ``inst`` from the hand, the discard pile, a domain or the deck (not from
        play)."""
        if inst in self.you.hand:
            self.you.hand.remove(inst)
        elif inst in self.you.discard:
            self.you.discard.remove(inst)
        else:
            for d, dom in enumerate(self.you.domains):
                if inst in dom:
                    self._detach_resource(inst, d)
                    if inst in self._unplayable_resources:
                        self._unplayable_resources.remove(inst)
                    return
            self._remove_from_deck(inst)

    # Cards join and leave the character and support zones only through these four, which
    # keep the listener tables: trigger -> the instances of the zone whose text answers it,
    # in the order they entered, so that an event reaches its listeners without a look at
    # every card in play (``WindowsMixin._listeners``).
    def _add_character(self, inst: int, status: int) -> None:
        self.you.characters.append(inst)
        self.you.status[inst] = status
        for t in self.deck.triggers_of[self.deck.kind_of[inst]]:
            self.you.character_listeners.setdefault(t, []).append(inst)

    def _remove_character(self, inst: int) -> None:
        self.you.characters.remove(inst)
        del self.you.status[inst]
        for t in self.deck.triggers_of[self.deck.kind_of[inst]]:
            self.you.character_listeners[t].remove(inst)

    def _add_support(self, inst: int) -> None:
        self.you.supports.append(inst)
        for t in self.deck.triggers_of[self.deck.kind_of[inst]]:
            self.you.support_listeners.setdefault(t, []).append(inst)

    def _remove_support(self, inst: int) -> None:
        self.you.supports.remove(inst)
        for t in self.deck.triggers_of[self.deck.kind_of[inst]]:
            self.you.support_listeners[t].remove(inst)

    def _place_in_play(self, inst: int, status: int = READY, host: int = -1) -> None:
        """Put an instance already out of its zone into play (no triggers here); a
        character with ``status`` (ready, exhausted or insane)."""
        uses = self._uses
        if uses:  # counters, marks and limits of an earlier stay: it is a new card now
            stale = None  # (a loop, not a comprehension: most entries find none)
            for key in uses:
                if key[0] == inst:
                    if stale is None:
                        stale = []
                    stale.append(key)
            if stale is not None:
                for key in stale:
                    del uses[key]
        t = self.deck.ctype[self.deck.kind_of[inst]]
        if t == CHARACTER:
            self._add_character(inst, status)
        elif t == SUPPORT:
            self._add_support(inst)
            if host >= 0:
                self.you.attached[inst] = host
        elif t == CONSPIRACY:
            self.you.conspiracy = inst
            self._open_story_slot(CONSPIRACY_BASE + inst)
        if self.deck.statics[self.deck.kind_of[inst]]:
            self._passives_changed(self.deck.kind_of[inst])

    def _leave_play(
        self,
        inst: int,
        to: str = "discard",
        sacrificed: bool = False,
        host: int = -1,
        host_sacrificed: bool = False,
        discarded: bool = False,
    ) -> None:
        """A character or support leaves play (to the discard pile or the hand); cards
        attached to it are destroyed (their "discarded" ability learns that ``host`` left,
        ctx.target); the phase remembers the card's entering the discard pile and a
        character's leaving play (wherever it goes), for the decks whose text reads them. The
        "would leave play" window comes first, then for the discard pile the "would go to
        the discard pile" one: a move to the discard pile may be replaced (``to``: "top" or
        "bottom" of the deck, "hand"). Its triggers tell a sacrifice (``sacrificed``: ctx.x
        1) from a card destroyed; an attachment's tell its host's (``host_sacrificed``), the
        card that trigger is about ("when attached character is destroyed"). A card
        ``discarded`` from play by an effect is neither destroyed nor sacrificed: ctx.x 2."""
        cd, facts = self.deck, self.facts
        if facts.would_leave and (inst in self.you.status or inst in self.you.supports):
            to = self._leave_replaced(inst, to, sacrificed)
            if to == "cancel" or (inst not in self.you.status and inst not in self.you.supports):
                return  # the effect was cancelled, or an answer took it out of play already
        story = -1  # the story slot a committed character leaves
        host_of = -1  # the host of a support leaving
        # Its own "after ... leaves play" answers, unless its text was off (insane, blank).
        own = (
            facts.character_leaves
            and inst in self.you.status
            and cd.by_trigger[CHARACTER_LEAVES][cd.kind_of[inst]]
            and not self._character_text_off(inst)
        )
        # FAQ (entering the discard pile): a card whose text was off as it left play (insane,
        # blank) does not answer its entering the discard pile.
        answers_discard = to == "discard" and cd.by_trigger["discarded"][cd.kind_of[inst]]
        if answers_discard and (
            self._character_text_off(inst)
            if inst in self.you.status
            else BLANK in cd.static_kinds and self._blank(inst)
        ):
            answers_discard = ()
        if inst in self.you.status:
            if facts.departure_memory:
                self._left_play_this_phase.append(inst)
            self._remove_character(inst)
            self.you.wounds.pop(inst, None)
            for s, committed in enumerate(self.you.committed):
                if inst in committed:
                    committed.remove(inst)
                    story = s
        elif inst in self.you.supports:
            self._remove_support(inst)
            host_of = self.you.attached.pop(inst, -1)
            self.you.exhausted_supports.discard(inst)
        else:
            return
        if self.deck.statics[self.deck.kind_of[inst]]:
            self._passives_changed(self.deck.kind_of[inst])
        if self._copies and inst in self._copies:  # a copy ends when its card leaves play
            self.end_copy(inst)
        if to == "discard":
            self.you.discard.append(inst)
            if facts.discard_noted:
                self._discard_noted(inst)
        elif to.startswith("resource"):  # "resource D": a "would" answer's domain
            self._add_resource(inst, int(to.split()[1]))
            self._event("resource", f"{self.card(inst).title} attached as a resource instead")
        else:
            self._put(inst, to)
            if to == "hand" and cd.any_trigger[RETURNED_TO_HAND]:
                self._fire_all(RETURNED_TO_HAND, AbilityContext(target=inst))
        if self.you.attached or self.you.attached_cards:
            # "return each card attached to it to its owner's hand instead" (asked of the
            # card's own text, which has just left play: ``has_static``)
            back = ATTACHED_TO_HAND in cd.static_kinds and self.has_static(ATTACHED_TO_HAND, inst)
            for a in [a for a, on in self.you.attached.items() if on == inst]:
                if back:
                    self._leave_play(a, to="hand")
                else:
                    self._leave_play(a, host=inst, host_sacrificed=sacrificed)  # (destroyed)
            if self.you.attached_cards:
                if back:
                    for a in [a for a, h in self.you.attached_cards.items() if h == inst]:
                        del self.you.attached_cards[a]
                        self._put(a, "hand")
                else:
                    self._discard_attached_cards(inst)
        if self.you.facedown:  # cards attached face down go to the discard pile
            for a in [a for a, host in self.you.facedown.items() if host == inst]:
                del self.you.facedown[a]
                self._to_discard(a)
        if answers_discard:
            ctx = None
            if sacrificed or discarded or host >= 0:
                x = 1 if sacrificed or host_sacrificed else 2 if discarded else -1
                ctx = AbilityContext(x=x, target=host)
            self._queue_trigger("discarded", inst, ctx)
        if facts.character_leaves and cd.ctype[cd.kind_of[inst]] == CHARACTER:
            listeners = self._listeners(CHARACTER_LEAVES)
            if own and inst in listeners:  # (answering from where it went: the hand)
                own = False
            if listeners or own:
                how = 2 if discarded else int(sacrificed)
                ctx = AbilityContext(x=how, story=story, target=inst)
                if own:  # it has left: answered as if still in play (``_ability_live``)
                    self._triggers.append((CHARACTER_LEAVES, inst, ctx))
                self._queue_all(CHARACTER_LEAVES, listeners, ctx)
        elif facts.support_leaves and cd.ctype[cd.kind_of[inst]] == SUPPORT:
            how = 2 if discarded else int(sacrificed)
            self._fire_all(SUPPORT_LEAVES, AbilityContext(x=how, target=inst))
        if facts.host_bound and host_of in self.you.status:
            k = cd.kind_of[inst]
            if any(st.kind == HOST_BOUND for st in cd.statics[k]):
                # "If this card leaves play, sacrifice attached character."
                self._event("sacrifice", f"{self.card(host_of).title} sacrificed")
                self._sacrifice(host_of)

    def _leave_replaced(self, inst: int, to: str, sacrificed: bool = False) -> str:
        """The "would" windows of ``_leave_play``: where the card goes (only a move to the
        discard pile is replaced; the engine's helpers use a move to the hand to take a
        card out of play for another zone). The "would leave play" window's ctx.x: 0 for
        another zone, 1 a sacrifice, 2 a card destroyed."""
        cd = self.deck
        discard = to == "discard"
        if cd.any_trigger[WOULD_LEAVE]:
            x = (1 if sacrificed else 2) if discard else 0
            ctx = self._would(WOULD_LEAVE, AbilityContext(x=x, target=inst))
            if discard and ctx.instead:
                return ctx.instead
        if discard and cd.any_trigger[WOULD_DISCARD]:
            ctx = self._would(WOULD_DISCARD, AbilityContext(x=1, target=inst))
            if ctx.instead:
                return ctx.instead
        return to

    def _sacrifice(self, inst: int) -> None:
        """Sacrifice a card in play (it leaves for the discard pile); "after a sacrifice"
        follows."""
        if self.deck.any_trigger[WOULD_SACRIFICE]:
            self._would(WOULD_SACRIFICE, AbilityContext(target=inst))
            if inst not in self.you.status and inst not in self.you.supports:
                return
        self._leave_play(inst, sacrificed=True)
        if self.deck.any_trigger[SACRIFICED]:
            self._fire_all(SACRIFICED, AbilityContext(target=inst))

    def _draw_by_effect(self, n: int, player=None) -> None:
        """A card effect draws ``n`` cards (not the draw phase's draw): "after a card is
        drawn" for each card drawn, then "after drawing 1 or more cards". Another player
        than you (``player``) draws with no window nor trigger: no card of theirs could
        answer (the goldfish opponent has none), and an empty deck does not end the game for
        a player who never had one."""
        if player is not None and player is not self.you:
            for _ in range(n):
                i = player.take_top(self.rng.random)
                if i < 0:
                    break
                player.hand.append(i)
            return
        cd = self.deck
        if not (cd.any_trigger[CARD_DRAWN] or cd.any_trigger[CARDS_DRAWN]):
            self._draw(n, True)
            return
        before = len(self.you.hand)
        self._draw(n, True)
        self._drawn_by_effect(self.you.hand[before:])

    def _drawn_by_effect(self, drawn: list[int]) -> None:
        """A card effect drew these cards (from the top of the deck or elsewhere): "after a
        card is drawn" for each, then "after drawing 1 or more cards"."""
        cd = self.deck
        if not drawn or self.phase == OVER:
            return
        if cd.any_trigger[CARD_DRAWN]:
            for i in drawn:  # ctx.x = 1: drawn by a card effect
                self._fire_all(CARD_DRAWN, AbilityContext(x=1, target=i))
        if cd.any_trigger[CARDS_DRAWN]:
            self._fire_all(CARDS_DRAWN, AbilityContext(x=len(drawn)))

    def _discarded_from_hand(self, n: int) -> None:
        """``n`` cards were just discarded from hand: "after cards are discarded" follows."""
        if n > 0 and self.deck.any_trigger[HAND_DISCARDED]:
            self._fire_all(HAND_DISCARDED, AbilityContext(x=n))

    def _exhaust(self, inst: int) -> None:
        """A character exhausts: "after a character is exhausted" follows."""
        self.you.status[inst] = EXHAUSTED
        if self.deck.any_trigger[CHARACTER_EXHAUSTED]:
            self._fire_all(CHARACTER_EXHAUSTED, AbilityContext(target=inst))

    def _ready(self, inst: int) -> None:
        """A character readies: "after this character readies" follows."""
        self.you.status[inst] = READY
        if self.facts.readied:  # (no card answers an event without card text)
            self._ready_trigger(inst)

    def _ready_trigger(self, inst: int) -> None:
        if self.deck.by_trigger[READIED][self.deck.kind_of[inst]]:
            self._queue_trigger(READIED, inst)

    def _destroy_story_attachments(self, sid: int) -> None:
        host = STORY_HOST + sid
        for a in [a for a, h in self.you.attached.items() if h == host]:
            self._leave_play(a)

    def gained_keyword(self, inst: int, name: str) -> int:
        """How much of keyword ``name`` ("Willpower", "Toughness") ``inst`` has beyond its
        printed text: gained until the end of the phase (``_keywords``) or from a passive
        (``GAIN_KEYWORD``), which a blank text box does not take away."""
        n = 0
        for i, kw, amount in self._keywords:
            if i == inst and kw == name:
                n += amount
        if GAIN_KEYWORD in self.deck.static_kinds:
            for src, st in self._statics_in_play():
                if (
                    st.kind == GAIN_KEYWORD
                    and st.amount[0] == name
                    and self._static_applies(src, st, inst)
                ):
                    a = st.amount[1]
                    n += a if isinstance(a, int) else a(self, src)
        return n

    def has_willpower(self, inst: int) -> bool:
        """Whether the character cannot go insane: printed Willpower (not on a blank text
        box), or Willpower gained from an effect of the turn or phase or a passive."""
        cd = self.deck
        if cd.willpower[cd.kind_of[inst]] and not (
            BLANK in cd.static_kinds and self._blank_passive(inst)
        ):
            return True
        if self._story_rules and ("willpower", -1, inst) in self._story_rules:
            return True  # an effect of the turn gave it Willpower
        if self._keywords or GAIN_KEYWORD in cd.static_kinds:
            return self.gained_keyword(inst, "Willpower") > 0
        return False

    def toughness_of(self, inst: int) -> int:
        """The character's Toughness now: printed (none on a blank text box) plus gained,
        none while a passive takes it all away (``LOSE_KEYWORD``)."""
        cd = self.deck
        toughness = cd.toughness[cd.kind_of[inst]]
        if toughness and BLANK in cd.static_kinds and self._blank_passive(inst):
            toughness = 0  # a blank text box has no Toughness
        if self._keywords or GAIN_KEYWORD in cd.static_kinds:
            toughness += self.gained_keyword(inst, "Toughness")
        if toughness and LOSE_KEYWORD in cd.static_kinds and self._lost_keyword(inst, "Toughness"):
            return 0
        return toughness

    def _lost_keyword(self, inst: int, name: str) -> bool:
        """Whether a passive in play (``LOSE_KEYWORD``) takes keyword ``name`` from ``inst``."""
        for src, st in self._statics_in_play():
            if (
                st.kind == LOSE_KEYWORD
                and st.amount == name
                and self._static_applies(src, st, inst)
            ):
                return True
        return False

    def invulnerable(self, inst: int) -> bool:
        """Whether the character has Invulnerability (rulebook: it cannot be wounded nor
        chosen to be wounded, and no wound token is placed or moved on it; it can still be
        destroyed): printed (not on a blank text box) or gained, unless a passive takes it
        away. Free for a deck without it: ``cd.invulnerability`` and ``_keywords`` first."""
        cd = self.deck
        if not (cd.invulnerability or self._keywords):
            return False
        has = cd.invulnerable[cd.kind_of[inst]] and not (
            BLANK in cd.static_kinds and self._blank_passive(inst)
        )
        if not has and (self._keywords or GAIN_KEYWORD in cd.static_kinds):
            has = self.gained_keyword(inst, INVULNERABILITY) > 0
        if has and LOSE_KEYWORD in cd.static_kinds:
            return not self._lost_keyword(inst, INVULNERABILITY)
        return has

    def can_wound(self, inst: int) -> bool:
        """Whether ``inst`` may be wounded, or chosen to be: not while it has
        Invulnerability. An effect's pool of characters to wound keeps only these."""
        return not self.invulnerable(inst)

    def _go_insane(self, inst: int, by_cost: bool = False) -> bool:
        """Drive a character insane (Willpower prevents it); attachments on it are destroyed
        and a wounded character is destroyed instead. ``by_cost``: a cost paid, not an
        effect (what "cancel an effect that would ..." may not cancel)."""
        cd = self.deck
        k = cd.kind_of[inst]
        if self.you.status.get(inst, INSANE) == INSANE or self.has_willpower(inst):
            return False
        if cd.any_trigger[WOULD_INSANE]:
            ctx = self._would(WOULD_INSANE, AbilityContext(target=inst, by_effect=not by_cost))
            if ctx.instead == "cancel":  # "cancel an effect that would drive it insane"
                self._event("insane", f"{self.card(inst).title}: going insane cancelled")
                return False
            if ctx.instead:  # "instead returned to its owner's hand"...
                self._event("insane", f"{self.card(inst).title}: instead of going insane")
                self._leave_play(inst, to=ctx.instead)
                return False
            if self.you.status.get(inst, INSANE) == INSANE:
                return False
        if self.you.wounds.get(inst):
            self._event("destroy", f"{self.card(inst).title} goes insane while wounded: destroyed")
            self._leave_play(inst)
            return True
        self.you.status[inst] = INSANE
        for committed in self.you.committed:
            if inst in committed:
                committed.remove(inst)
        attached = self.you.attached
        for a in [a for a, host in attached.items() if host == inst] if attached else ():
            if STAYS_ON_INSANE in cd.static_kinds and any(
                st.kind == STAYS_ON_INSANE for st in cd.statics[cd.kind_of[a]]
            ):
                continue  # this attachment says it stays
            self._leave_play(a)
        if self.you.attached_cards:
            self._discard_attached_cards(inst)
        if self.deck.statics[k] or inst in self._copies:  # a copied text box's too
            self._passives_changed(k)
        if self.log is not None:
            self._event("insane", f"{self.card(inst).title} goes insane")
        if cd.text:
            if cd.any_trigger[CHARACTER_INSANE]:
                self._fire_all(CHARACTER_INSANE, AbilityContext(target=inst))
        return True

    def _discard_attached_cards(self, host: int) -> None:
        """The cards attached face up to ``host`` (not in play themselves) are discarded."""
        for a in [a for a, h in self.you.attached_cards.items() if h == host]:
            del self.you.attached_cards[a]
            self._into_discard(a)

    def _wound(self, inst: int) -> None:
        """One wound: a character without Toughness left (or insane) is destroyed; one with
        Invulnerability is not wounded at all. A deck with a "would be wounded" answer opens
        that window first (``would_be_wounded``): it may cancel the wound or move it to
        another character. A passive of kind ``WOUND_INSTEAD`` may replace the wound (its
        ``amount(game, src, inst)`` does something else instead and says so)."""
        if (self.deck.invulnerability or self._keywords) and self.invulnerable(inst):
            return
        if self.deck.any_trigger[WOULD_WOUND]:  # "cancel 1 wound", "... on X instead"
            ctx = self._would(WOULD_WOUND, AbilityContext(target=inst))
            if ctx.instead:
                moved = ctx.instead.startswith("wound ")
                other = int(ctx.instead[6:]) if moved else -1
                if self.log is not None:
                    what = f"goes to {self.card(other).title}" if moved else "cancelled"
                    self._event("wound", f"{self.card(inst).title}: the wound {what}")
                if other in self.you.status and self.can_wound(other):
                    self._take_wound(other)
                return
        self._take_wound(inst)

    def _take_wound(self, inst: int) -> None:
        """The wound itself, once no "would be wounded" answer replaced it (a wound moved to
        another character opens no second window: nothing could ever end such a chain)."""
        if WOUND_INSTEAD in self.deck.static_kinds:
            for src, st in self._statics_in_play():
                if st.kind == WOUND_INSTEAD and self._static_applies(src, st, inst):
                    if st.amount(self, src, inst):
                        return
        wounds = self.you.wounds.get(inst, 0)
        if self.you.status[inst] == INSANE or wounds >= self.toughness_of(inst):
            if self.log is not None:
                self._event("destroy", f"{self.card(inst).title} wounded and destroyed")
            self._leave_play(inst)
        else:
            self.you.wounds[inst] = wounds + 1
            if self.log is not None:
                self._event("wound", f"{self.card(inst).title} wounded")
            cd = self.deck
            if cd.any_trigger[CHARACTER_WOUNDED]:
                self._fire_all(CHARACTER_WOUNDED, AbilityContext(target=inst))

    def _restore(self, inst: int) -> None:
        self.you.status[inst] = EXHAUSTED
        if self.deck.statics[self.deck.kind_of[inst]] or inst in self._copies:
            self._passives_changed(self.deck.kind_of[inst])
        if self.log is not None:
            self._event("restore", f"{self.card(inst).title} restored")
        if self.deck.by_trigger["restored"][self.deck.kind_of[inst]]:
            self._queue_trigger("restored", inst)
        if self.deck.any_trigger[CHARACTER_RESTORED]:
            self._fire_all(CHARACTER_RESTORED, AbilityContext(target=inst))
