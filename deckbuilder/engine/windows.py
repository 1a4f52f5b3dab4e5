"""Triggered abilities at play: the cards that answer an event (``_listeners``), the queue of
triggers resolved at the next safe point in the order they happened, the offer of one card's
answers (a forced one resolves, an optional one is a yes/no ``Choice``), and the "would"
windows, answered at once inside a rule (``_would``: asked by replay in a step-by-step game,
``deckbuilder.engine.asking``) or asked inside an effect (``_would_asking``); what stops an
ability from working (``_ability_live``)."""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    BLANK,
    BLANKED,
    CHARACTER_LEAVES,
    DECK_TOP,
    DISCARD_ABILITY_USED,
    DISCARD_PILE,
    FORCED_TRIGGERED,
    HAND,
    IN_PLAY,
    NO_ABILITIES,
    NO_CONTEXT,
    NO_TRIGGERS,
    RESOURCE,
    WON_PILE,
    WOULD_TRIGGER,
    AbilityContext,
    Choice,
    LeftStoryContext,
    ReplayContext,
    TriggeredContext,
)
from deckbuilder.engine.actions import (
    CHOOSE,
    CONSPIRACY_BASE,
    INSANE,
    OVER,
    Action,
)
from deckbuilder.engine.cards import EVENT as EVENT_CARD
from deckbuilder.engine.choices import yes_no

_NO_LISTENERS = ()
_ANSWERED = "answered"  # ``kind_memo`` key of ``_answered``
IN_PLAY_ONLY = 1


def _answered(cd) -> dict:
    """Per trigger, where the deck's cards answer it: 0 nowhere (``any_trigger``),
    ``IN_PLAY_ONLY``, 2 out of play too (in hand, on top of the deck, in the discard or the
    won pile); read once per deck, one look-up for ``_listeners``, not five."""
    answered = cd.kind_memo[_ANSWERED] = {
        t: 0
        if not cd.any_trigger[t]
        else 2
        if cd.hand_trigger[t] or cd.top_trigger[t] or cd.discard_trigger[t] or cd.won_trigger[t]
        else IN_PLAY_ONLY
        for t in cd.any_trigger
    }
    return answered


RESPONSE = "response"  # ``kind_memo`` key of the yes/no questions of optional responses


class WindowsMixin:
    __slots__ = ()

    # ----------------------------------------------------------------- triggers
    def _queue_trigger(self, trigger: str, src: int, ctx: AbilityContext | None = None) -> None:
        self._triggers.append((trigger, src, ctx))

    def _fire_all(self, trigger: str, ctx: AbilityContext | None = None) -> None:
        """Queue ``trigger`` for every card in play that answers it."""
        queue = self._triggers  # (``_queue_trigger`` written out: this runs at every event)
        for i in self._listeners(trigger):
            queue.append((trigger, i, ctx))

    def _queue_all(self, trigger: str, listeners: list[int], ctx: AbilityContext) -> None:
        """``_fire_all`` for the ``listeners`` of ``trigger`` asked first: the frequent
        events build their context only when a card answers (most find none)."""
        queue = self._triggers
        for i in listeners:
            queue.append((trigger, i, ctx))

    def _listeners(self, trigger: str) -> list[int] | tuple:
        """The cards that answer ``trigger``: in play (the characters, then the supports, in
        the order they entered: registered by ``ZonesMixin._add_character`` and the like),
        the conspiracy, in hand (a response event, a card put into play from hand), the top
        card of the deck (placed there face up), the discard pile and the won pile (a
        conspiracy), for the decks with such abilities. Not to be changed, and it may be a
        register of the game: a caller that offers them (and so may change the board) as it
        goes through them copies it first."""
        cd = self.deck
        answered = cd.kind_memo.get(_ANSWERED)
        if answered is None:
            answered = _answered(cd)
        where = answered[trigger]
        if not where:  # no card of the deck answers it
            return _NO_LISTENERS
        you = self.you
        characters = you.character_listeners.get(trigger)
        supports = you.support_listeners.get(trigger)
        table = cd.by_trigger[trigger]
        kind_of = cd.kind_of
        c = you.conspiracy  # a conspiracy in play answers too (it sits among the stories)
        if where == IN_PLAY_ONLY and not ((c >= 0 and table[kind_of[c]]) or self._copies):
            # Cards in play only (most events): their registers as they are, not copied.
            if not supports:
                return characters or _NO_LISTENERS
            return characters + supports if characters else supports
        out = list(characters) if characters else []
        if supports:
            out += supports
        if c >= 0 and table[kind_of[c]]:
            out.append(c)
        if self._copies:  # a copied text box answers for its copier
            for i, (k, _, _) in self._copies.items():
                if (
                    table[k]
                    and not table[kind_of[i]]
                    and (i in self.you.status or i in self.you.supports)
                ):
                    out.append(i)
        if cd.hand_trigger[trigger]:  # a card in hand may answer (a response event)
            for i in self.you.hand:
                if table[kind_of[i]]:
                    out.append(i)
        if cd.top_trigger[trigger] and self.you.top and table[kind_of[self.you.top[-1]]]:
            out.append(self.you.top[-1])
        if cd.discard_trigger[trigger]:  # "put this card into play from your discard pile"
            for i in self.you.discard:
                if table[kind_of[i]]:
                    out.append(i)
        if cd.won_trigger[trigger]:  # "while this conspiracy is in your won pile"
            for sid in self.you.won:
                if sid >= CONSPIRACY_BASE and table[kind_of[sid - CONSPIRACY_BASE]]:
                    out.append(sid - CONSPIRACY_BASE)
        return out

    def _would(self, trigger: str, ctx: AbilityContext) -> AbilityContext:
        """A "would" window (before a card moves, goes insane, is drawn, before tokens are
        placed): the cards that answer ``trigger`` are offered it at once, in order, until
        one says what happens instead (``ctx.instead``); returns ``ctx``. A step-by-step
        game asks its player (``asking``); otherwise it is answered inside the rule that
        asked, by rule: an optional ability is used unless its ``ai`` is "avoid", any other
        choice takes its first option (the templates offer the best first)."""
        policy, self._policy = self._policy, None  # choosers then yield their choice
        asking = self._steps if policy is None else None  # a person playing step by step
        try:
            for src in list(self._listeners(trigger)):  # answers may change the registers
                if self.phase == OVER:
                    break
                self._answer_now(self._offer(trigger, src, ctx), asking)
                if ctx.instead:
                    break
        finally:
            self._policy = policy
        return ctx

    def _would_asking(self, trigger: str, ctx: AbilityContext):
        """Generator: a "would" window opened inside an effect, where the player can be
        asked: the answers are offered like any response, in order, until one says what
        happens instead (``ctx.instead``)."""
        for src in list(self._listeners(trigger)):  # answers may change the registers
            if self.phase == OVER or ctx.instead:
                return
            yield from self._offer(trigger, src, ctx)

    def _answer_now(self, gen, asking=None) -> None:
        """Run an effect generator to its end, answering its choices at once (``_would``);
        in a step-by-step game (``asking``, a ``StepRecord``) a person answers them instead:
        an answer not given yet stops the action to ask it (``deckbuilder.engine.asking``)."""
        choice = next(gen, None)
        while choice is not None and self.phase != OVER:
            if asking is not None:
                a = asking.answer(choice)
            elif choice.kind == "response":  # yes, unless "avoid"
                a = choice.options[-1 if choice.harm else 0]
            else:
                a = choice.options[0]
            try:
                choice = gen.send(a)
            except StopIteration:
                return
        gen.close()

    def _resolve_triggers(self):
        """Generator: resolve queued triggers in order (new ones join the queue). The
        answers of a card are checked here until one may be offered (where nearly half the
        offers end: a condition false): no ``_offer`` generator is built when none may, and
        the one built starts at that answer, not checking it again (each condition runs
        once; a check changes nothing, so those before it need not run again)."""
        queue = self._triggers
        cd = self.deck
        while queue and self.phase != OVER:
            trigger, src, ctx = queue.pop(0)
            if trigger.__class__ is not str:  # a delayed effect: (effect,) of the phase's end
                yield from trigger[0](self, src, ctx)
                continue
            if self._copies and src in self._copies:
                yield from self._offer(trigger, src, ctx)
                continue
            status = self.you.status
            first = 0
            for ab in cd.by_trigger[trigger][cd.kind_of[src]]:  # ``_offer``'s first checks
                if ab.zone == IN_PLAY and src in status:  # ``_ability_live`` of a character
                    if self._character_text_off(src):
                        first += 1
                        continue
                elif not self._ability_live(ab, src, ctx):
                    first += 1
                    continue
                # Conditions only read their context: a fresh one is built for the effect.
                if ab.condition is not None and not ab.condition(self, src, ctx or NO_CONTEXT):
                    first += 1
                    continue
                yield from self._offer(trigger, src, ctx or AbilityContext(), first)
                break

    def _offer(self, trigger: str, src: int, ctx: AbilityContext | None, first: int = -1):
        """Generator: offer the abilities of ``src`` that answer ``trigger`` (a forced one
        resolves, an optional one is a yes/no choice, costs paid when used); ``first``: the
        index of the first of them that may be, live and its condition true, and where to
        start (``_resolve_triggers``)."""
        cd = self.deck
        abilities = cd.by_trigger[trigger][cd.kind_of[src]]
        checked = None
        if first >= 0:
            checked = abilities[first]
            if first:
                abilities = abilities[first:]
        elif self._copies and src in self._copies:
            abilities = self.text_of(trigger, src)
        status = self.you.status
        for ab in abilities:
            if self.phase == OVER:
                return
            if ab is checked:
                pass
            elif ab.zone == IN_PLAY and src in status:  # ``_ability_live`` of a character
                if self._character_text_off(src):
                    continue
            elif not self._ability_live(ab, src, ctx):
                continue
            ctx = ctx or AbilityContext()
            if ab is not checked and ab.condition is not None and not ab.condition(self, src, ctx):
                continue
            if ab.limit is not None and not self._within_limit(ab, src):
                continue
            if ab.forced:
                # A printed Forced Response is a triggered effect (rulebook): a passive
                # forbidding triggers bars it; a rule record (no ``kind``) never is.
                if ab.kind and NO_TRIGGERS in cd.static_kinds and self._barred(ab, src):
                    continue
                if self.log is not None:
                    self._event("ability", f"{self.card(src).title}: {ab.text}")
                if ab.limit is not None:
                    self._count_use(ab, src)
                if cd.any_trigger[WOULD_TRIGGER] and trigger != WOULD_TRIGGER:
                    if (yield from self._cancelled(src, ab, ctx)):
                        continue
                yield from ab.effect(self, src, ctx)
                if self.facts.ability_triggered:
                    self.ability_triggered(src)
                if self.facts.forced_triggered:
                    self._fire_all(FORCED_TRIGGERED, ReplayContext(src, ab, ctx))
                continue
            if ab.can_pay is not None and not ab.can_pay(self, src):
                continue
            if ab.kind and self._barred(ab, src):
                continue
            if ab.zone == HAND and cd.ctype[cd.kind_of[src]] == EVENT_CARD:
                yield from self._respond_from_hand(src, ab, ctx)
                continue
            if ab.exhaust and not self._ready_to_exhaust(src):
                continue
            pay = self._pay_domains(ab.cost)
            if not pay:
                continue
            # The question is the same each time: built once per deck, kind and ability.
            key = (RESPONSE, cd.kind_of[src], ab)
            if trigger == WOULD_TRIGGER and not ctx.harms:
                # Cancelling an effect that does not harm you: only a person chooses it.
                key = (RESPONSE, cd.kind_of[src], ab, WOULD_TRIGGER)
            choice = cd.kind_memo.get(key)
            if choice is None:
                choice = yes_no("response", f"{self.card(src).title}: {ab.text}")
                if ab.ai == "avoid" or len(key) == 4:
                    choice = choice._replace(harm=True)
                cd.kind_memo[key] = choice
            if ab.ai_when is not None and not ab.ai_when(self, src, ctx):
                choice = choice._replace(harm=True)  # legal, not worth it to the automatic player
            if (yield choice).x:
                over = 0
                if pay[0] >= 0:
                    if ab.reads_overpaid and len(pay) > 1:
                        d = yield from self._paying_domain(pay, ab.cost)
                        over = self.you.dom_value[d] - ab.cost
                    else:
                        d = min(pay, key=lambda d: self.you.dom_value[d])
                    self._overpaying(d, ab.cost)
                    self._drain(d)
                if self.log is not None:
                    self._event("ability", f"{self.card(src).title}: {ab.text}")
                if ab.limit is not None:
                    self._count_use(ab, src)
                yield from self._pay_self_costs(ab, src)
                if cd.any_trigger[WOULD_TRIGGER] and trigger != WOULD_TRIGGER:
                    if (yield from self._cancelled(src, ab, ctx)):
                        continue  # its costs stay paid
                if ab.reads_overpaid:
                    # A would-window's context is shared by its answers: what this one
                    # overpaid is its effect's alone.
                    before, ctx.overpaid = ctx.overpaid, over
                    try:
                        yield from ab.effect(self, src, ctx)
                    finally:
                        ctx.overpaid = before
                else:
                    yield from ab.effect(self, src, ctx)
                if self.facts.ability_triggered:
                    self.ability_triggered(src)
                # A response from the discard pile is an effect triggered from there too.
                if ab.zone == DISCARD_PILE and cd.any_trigger[DISCARD_ABILITY_USED]:
                    self._fire_all(DISCARD_ABILITY_USED)

    def _paying_domain(self, pay: list[int], cost: int):
        """Generator: the domain, among ``pay``, that pays ``cost`` for an ability whose
        effect reads "if you overpaid". A person chooses it; the automatic player (and the
        first option, answered by rule in a "would" window) overpays when it can, with the
        smallest domain holding more than the cost (the printed bonus is worth a larger
        drain; the smallest wastes least), else the smallest that pays."""
        value = self.you.dom_value
        order = sorted(pay, key=lambda d: (value[d] <= cost, value[d], d))
        if self._policy is not None:
            return order[0]
        acts = tuple(
            Action(CHOOSE, domain=d, x=d, label=f"pay from domain {d + 1} ({value[d]})")
            for d in order
        )
        a = yield Choice("pay", "pay from", acts)
        return a.x

    def _cancelled(self, src: int, ab, ctx):
        """Generator: the window before the response or forced response ``ab`` of ``src``
        resolves (``WOULD_TRIGGER``, opened for the decks that answer it): returns whether an
        answer cancelled its effect (then it does not resolve, and nothing answers its
        resolving; its costs and its limit stay used). The answers to this window are not
        themselves offered to it (cancelling one's own cancel changes nothing in a solo
        game); an action, an event played or a response event from hand opens no window,
        the player having chosen it. The automatic player cancels only an effect that harms
        it: an ability marked "avoid" or one whose effect harms its controller
        (``Ability.harms``)."""
        w = TriggeredContext(src, ab, ctx, ab.harms or ab.ai == "avoid")
        yield from self._would_asking(WOULD_TRIGGER, w)
        if w.instead != "cancel":
            return False
        if self.log is not None:
            self._event("cancel", f"{self.card(src).title}: {ab.text} cancelled")
        return True

    def _respond_from_hand(self, src: int, ab, ctx):
        """Generator: offer to play the event ``src`` from hand as a response: its cost is
        paid as when it is played (a domain with the resources and the match), then it
        resolves, goes to the discard pile and counts as an event played."""
        d = self.pay_domain(self.deck.kind_of[src])
        if d == -2:
            return
        choice = yes_no("response", f"{self.card(src).title}: {ab.text}")
        if ab.trigger == WOULD_TRIGGER and not ctx.harms:  # as in ``_offer``
            choice = choice._replace(harm=True)
        elif ab.ai == "avoid" or (ab.ai_when is not None and not ab.ai_when(self, src, ctx)):
            choice = choice._replace(harm=True)  # as in ``_offer``: legal, not for the AI
        if not (yield choice).x or src not in self.you.hand:
            return
        self.you.hand.remove(src)
        if self._cost_sources:
            self._use_once_cost_sources(self.deck.kind_of[src])
        if d >= 0:
            self._drain(d)
        if self.log is not None:
            self._event("play", f"played {self.card(src).full_title} as a response")
        if ab.limit is not None:
            self._count_use(ab, src)
        self._resolving.append(src)
        if ab.extra_cost is not None:
            yield from ab.extra_cost(self, src)
        yield from ab.effect(self, src, ctx)
        self._resolving.remove(src)
        self._event_done(src)
        self._card_played(src)
        if self.facts.ability_triggered:  # an event's Response is a triggered effect
            self.ability_triggered(src)

    def _ability_live(self, ab, src: int, ctx: AbilityContext | None = None) -> bool:
        """Whether ``src`` is where ``ab`` works (and has its text: sane, not blanked). A
        card answers its own leaving play as if still in play (FAQ, responses on cards
        leaving play): "after this card is discarded", and "after a character leaves play /
        is destroyed" when the trigger is about ``src`` itself (``ctx.target``)."""
        zone = ab.zone
        if zone == IN_PLAY:
            if src in self.you.status:
                return not self._character_text_off(src)
            return (
                (
                    src in self.you.supports
                    and not (BLANK in self.deck.static_kinds and self._blank(src))
                )
                or src == self.you.conspiracy
                or ab.trigger == "discarded"
                or ab.trigger == "won"
                or (ab.trigger == CHARACTER_LEAVES and ctx is not None and ctx.target == src)
                # The success that won this conspiracy (``_won_conspiracy_succeeded``)
                or (ctx.__class__ is LeftStoryContext and ctx.story_id == CONSPIRACY_BASE + src)
            )
        if zone == DISCARD_PILE:
            return src in self.you.discard
        if zone == RESOURCE:
            return any(src in d for d in self.you.domains)
        if zone == WON_PILE:
            return CONSPIRACY_BASE + src in self.you.won
        if zone == DECK_TOP:
            return bool(self.you.top) and self.you.top[-1] == src
        return src in self.you.hand

    def _character_text_off(self, src: int) -> bool:
        """A character in play whose text does not work now: insane, its abilities taken
        away, or its text box blanked (each asked only when the deck or the turn may do it)."""
        facts = self.facts
        return (
            self.you.status[src] == INSANE
            or (facts.no_abilities and self.has_static(NO_ABILITIES, src))
            or ((facts.blank or self._blanking >= 0) and self._blank(src))
        )

    def _blank(self, inst: int) -> bool:
        """Committed to a story that blanks text boxes (The Bootleg Whiskey Cover-Up), or a
        BLANK passive in play blanks its text box."""
        if BLANK in self.deck.static_kinds and self._blank_passive(inst):
            return True
        if self._blanking < 0:
            return False
        s = self.committed_story(inst)
        return s >= 0 and self._stories[s] == self._blanking

    def _blank_passive(self, inst: int) -> bool:
        """A BLANK passive in play, or an effect of this phase (``BLANKED``), blanks the
        text box of ``inst`` (its keywords too)."""
        for src, st in self._statics_in_play():
            if st.kind == BLANK and st.who(self, src, inst):
                return True
        return self.facts.blanks_phase and self._blanked_this_phase(inst)

    def _blanked_this_phase(self, inst: int) -> bool:
        """An effect blanked the text box of ``inst`` until the end of this phase."""
        return self._uses.get((BLANKED, inst)) == (self.turn, self.phase)

    def _barred(self, ab, src: int) -> bool:
        """A NO_TRIGGERS passive in play forbids triggering ``ab`` of ``src`` (a printed
        Forced Response too, when the passive lists "forced")."""
        if NO_TRIGGERS not in self.deck.static_kinds:
            return False
        for s, st in self._statics_in_play():
            if st.kind == NO_TRIGGERS and ab.kind in st.amount:
                if st.committed and self.committed_story(s) < 0:
                    continue
                if st.who(self, s, src):
                    return True
        return False
