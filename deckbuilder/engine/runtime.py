"""Abilities at play: passive modifiers, triggered effects, actions offered, and the driving of
effect generators (their ``Choice``s go to the policy in ``Game.run``, or wait for
``apply`` when a person or a test steps through the game).

Triggers are queued when they happen (a card entered play, was restored, committed...) and
resolved at the next safe point, one at a time in the order they happened; an optional
response becomes a yes/no ``Choice`` ("use" or "decline"), a forced one just resolves.
"""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    ABILITY_OVERPAID,
    ABILITY_TRIGGERED,
    ACTION,
    BLANK,
    COST,
    DECK_TOP,
    DISCARD_ABILITY_USED,
    DISCARD_PILE,
    FORCED_TRIGGERED,
    HAND,
    ICONS,
    IN_PLAY,
    NO_ABILITIES,
    NO_TRIGGERS,
    RESOURCE,
    RESOURCE_WINDOW,
    SKILL,
    WON_PILE,
    X_SKILL,
    AbilityContext,
    Choice,
    ReplayContext,
)
from deckbuilder.engine.actions import (
    CHOOSE,
    CONSPIRACY_BASE,
    INSANE,
    OPERATIONS,
    OVER,
    READY,
    STORY,
    USE,
    Action,
    use_action,
)
from deckbuilder.engine.cards import EVENT as EVENT_CARD

# Lists of passives remembered per deck (one per list of cards with passives in play): a
# bound, so that a batch's memory stops growing (at ~1.6 MB for the example deck). 256 cost
# ~10% of card-text speed; 1,000 is as quick as 20,000.
PASSIVE_SETS_KEPT = 1_000
_NO_KINDS: frozenset[int] = frozenset()


def _kinds_affected(cd, src: int, st):
    """The kinds of character a skill or icon passive of ``src`` may affect: its own kind
    (an int) when it affects the card itself, a per-kind table (bytes) when its filter
    reads printed facts, None when any kind."""
    who = st.who
    if who is None or st.kind == X_SKILL or getattr(who, "itself", False):
        return cd.kind_of[src]
    kinds = getattr(who, "printed_kinds", None)
    return kinds(cd) if kinds is not None else None


def yes_no(kind: str, label: str, no: str = "decline") -> Choice:
    """A yes/no ``Choice`` (an immutable record: the same question is built once, and kept
    while fewer than ``_YES_NO_KEPT`` questions are)."""
    key = (kind, label, no)
    choice = _YES_NO.get(key)
    if choice is None:
        choice = Choice(
            kind, label, (Action(CHOOSE, x=1, label=label), Action(CHOOSE, x=0, label=no))
        )
        if len(_YES_NO) < _YES_NO_KEPT:
            _YES_NO[key] = choice
    return choice


_YES_NO: dict[tuple, Choice] = {}
# Keys of a deck's ``kind_memo``: its actions open in the operations / the story window.
# The action windows' memo keys (``usable_abilities``): operations, story, resource phase.
_OPS_ACTIONS, _STORY_ACTIONS, _RESOURCE_ACTIONS = (ACTION, 1), (ACTION, 2), (ACTION, 4)
_YES_NO_KEPT = 10_000


class AbilityMixin:
    __slots__ = ()

    # ----------------------------------------------------------------- passives
    def _statics_in_play(self) -> list:
        """(source instance, Static) of every passive effect in play, cached until a card
        enters or leaves play or changes status (the cache also sorts them by kind)."""
        cache = self._statics_cache
        if cache is not None:
            return cache[0]
        return self._build_statics()[0]

    def _passives_changed(self, kind: int) -> None:
        """A card of ``kind`` with passives entered or left play or changed status: the
        passives in play are worked out again when next asked, and so are the costs when it
        has a cost passive (a cost remembered from before would let a policy choose a domain
        that no longer pays). A remembered cost only depends on the cost passives in play:
        the ``who`` of a fixed cost modifier decides by the card's kind alone."""
        self._statics_cache = None
        if self.deck.cost_passive[kind]:
            self._cost_cache = {}  # not cleared: it may be a table shared by every game

    def _build_statics(self) -> tuple:
        """The passives in play (see ``_passives_of``), worked out once per deck for each
        list of cards with passives in play: the same cards give the same passives in every
        game of the deck."""
        cd = self.deck
        sources = ()
        blanking = BLANK in cd.static_kinds  # text boxes may be blank: worked out each time
        if cd.has_statics or self._copies:
            # Plain loops: a list comprehension is a function call, dearer for a few cards.
            statics, kind_of, status = cd.statics, cd.kind_of, self._status
            found = []
            for i in self._characters:
                if statics[kind_of[i]] and status[i] != INSANE:
                    found.append(i)
            for i in self._supports:
                if statics[kind_of[i]]:
                    found.append(i)
            c = self._conspiracy
            if c >= 0 and statics[kind_of[c]]:
                found.append(c)
            if self._copies:
                self._copied_sources(found)
            if blanking:
                found = self._unblanked(found)
            sources = tuple(found)
        known = cd.passive_sets
        cache = known.get(sources)
        if cache is None:
            cache = self._passives_of(sources)
            if len(known) < PASSIVE_SETS_KEPT:
                known[sources] = cache
        if not blanking:
            self._statics_cache = cache
        return cache

    def _unblanked(self, found: list) -> list:
        """``found`` without the cards whose text boxes a BLANK passive among them blanks."""
        cd = self.deck
        rules = []  # (source instance, BLANK passive); an entry may be (instance, kind copied)
        for e in found:
            i, k = e if e.__class__ is tuple else (e, cd.kind_of[e])
            rules.extend((i, st) for st in cd.statics[k] if st.kind == BLANK)
        if not rules:
            return found
        return [
            e
            for e in found
            if not any(st.who(self, src, e[0] if e.__class__ is tuple else e) for src, st in rules)
        ]

    def _passives_of(self, sources: tuple) -> tuple:
        """(every passive of ``sources``, skill ones, icon ones, cost ones for other cards,
        whether every cost one is a fixed number, whether cost modifiers apply at all, the
        deck's table of costs remembered under these cost passives or None, the kinds whose
        skill or icons they may change, whether an icon one gives minus icons, the skill and
        the icon ones with the kinds each may affect), each passive as (source instance,
        Static), with the kinds as (source instance, Static, ``_kinds_affected``)."""
        cd = self.deck
        statics, kind_of = cd.statics, cd.kind_of
        every, skills, icon_mods, costs = [], [], [], []
        skills_for, icons_for = [], []  # the same with the kinds each may affect
        stat_targets = frozenset()
        lowering = False  # an icon passive gives minus icons: stats_of floors them at 0
        fixed_costs = True  # every cost modifier in play is a fixed number: costs remembered
        for i in sources:
            if i.__class__ is tuple:  # (instance, kind): a text box it copies
                i, k = i
                stat_targets = stat_targets | cd.stat_targets[k] | {kind_of[i]}
            else:
                k = kind_of[i]
                if cd.stat_targets[k]:
                    stat_targets = stat_targets | cd.stat_targets[k]
            for st in statics[k]:
                every.append((i, st))
                kind = st.kind
                if kind == SKILL or kind == X_SKILL:
                    skills.append((i, st))
                    skills_for.append((i, st, _kinds_affected(cd, i, st)))
                elif kind == ICONS:
                    icon_mods.append((i, st))
                    icons_for.append((i, st, _kinds_affected(cd, i, st)))
                    if st.icons.__class__ is tuple and min(st.icons) < 0:
                        lowering = True
                elif kind == COST and st.who is not None:
                    costs.append((i, st))
                    if not isinstance(st.amount, int):
                        fixed_costs = False
        cost_mods = cd.any_self_cost or bool(costs)  # without effects of the phase
        table = None
        if fixed_costs:
            key = ()
            if costs:
                kinds = []  # a loop, not a comprehension (a dearer function call)
                for i, _ in costs:
                    kinds.append(kind_of[i])
                key = tuple(sorted(kinds))
            table = cd.cost_tables.get(key)
            if table is None:
                table = cd.cost_tables[key] = {}
        return (
            every,
            skills,
            icon_mods,
            costs,
            fixed_costs,
            cost_mods,
            table,
            stat_targets,
            lowering,
            skills_for,
            icons_for,
        )

    # ----------------------------------------------------------------- copied text boxes
    # ``_copies``: instance -> (kind whose text box it has, whether that text box replaces
    # its own, the instance copied). Its actions, its responses to events about any card and
    # its passives are then those of the copied kind too (or instead).
    def _copied_sources(self, found: list) -> None:
        """Passive sources of copied text boxes: (instance, kind) entries; an instance whose
        own text box is replaced drops out."""
        statics, status = self.deck.statics, self._status
        for i, (k, replace, _) in self._copies.items():
            if status.get(i, 0) == INSANE or not (i in status or i in self._supports):
                continue
            if replace and i in found:
                found.remove(i)
            if statics[k]:
                found.append((i, k))

    def text_of(self, trigger: str, inst: int) -> tuple:
        """The abilities of ``inst`` for ``trigger``: its own, and those of a text box it
        copies (instead, when the copy replaces its own)."""
        cd = self.deck
        own = cd.by_trigger[trigger][cd.kind_of[inst]]
        copy = self._copies.get(inst)
        if copy is None:
            return own
        other = cd.by_trigger[trigger][copy[0]]
        return other if copy[1] else own + other

    def set_copy(self, inst: int, kind: int, replace: bool, source: int) -> None:
        """``inst`` has the text box of ``kind`` (copied from ``source``) from now on."""
        self._copies[inst] = (kind, replace, source)
        self._statics_cache = None

    def end_copy(self, inst: int) -> None:
        if self._copies.pop(inst, None) is not None:
            self._statics_cache = None

    def committed_story(self, inst: int) -> int:
        """The story slot ``inst`` is committed to, or -1."""
        for s, committed in enumerate(self._committed):
            if inst in committed:
                return s
        return -1

    def _static_applies(self, src: int, st, target: int) -> bool:
        if st.committed and self.committed_story(src) < 0:
            return False
        if st.who is None:
            return target == src
        return st.who(self, src, target)

    def skill_of(self, inst: int) -> int:
        """Current skill of a character: printed (X defined by its text), passives in play,
        effects until the end of the phase; insane characters have 0."""
        return self.stats_of(inst)[0]

    def icons_of(self, inst: int) -> list[int]:
        """Current terror, combat, arcane, investigation icons of a character."""
        return self.stats_of(inst)[1]

    def stat_changes(self) -> tuple[bool, frozenset[int]]:
        """(whether no passive in play and no effect of the phase changes a skill or an icon
        now, so that printed values can be read directly; the kinds of character whose
        skill or icons may differ from the printed ones: those the passives in play may
        change, every kind while an effect of the phase lasts)."""
        if self._temp:
            return False, self.deck.every_kind
        if not self.deck.has_statics:
            return True, _NO_KINDS
        cache = self._statics_cache or self._build_statics()
        return not cache[1] and not cache[2], cache[7]

    def kinds_with_changed_stats(self) -> frozenset[int] | set[int]:
        """The kinds of character whose skill or icons may differ from the printed ones now
        (characters of other kinds have their printed stats, unless insane): those the
        passives in play may change and those of the characters an effect of the phase
        changes."""
        temp = self._temp
        if not temp:
            return self.stat_changes()[1]
        cd = self.deck
        kinds = set((self._statics_cache or self._build_statics())[7]) if cd.has_statics else set()
        kind_of = cd.kind_of
        for target, _, _ in temp:
            kinds.add(kind_of[target])
        return kinds

    def stats_of(self, inst: int) -> tuple[int, list[int]]:
        """(skill, [terror, combat, arcane, investigation]) of a character now."""
        cd = self.deck
        if self._status.get(inst) == INSANE:
            return 0, [0, 0, 0, 0]
        k = cd.kind_of[inst]
        skill = cd.skill[k]
        icons = [cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k]]
        # Passives in play look at the characters of the kinds they may change only.
        temp = self._temp
        if temp or (cd.has_statics and k in (self._statics_cache or self._build_statics())[7]):
            cache = self._statics_cache or self._build_statics()
            committed = None
            for src, st, affected in cache[10]:
                if affected is not None:  # a kind it cannot affect: ``who`` not asked
                    if affected.__class__ is int:
                        if affected != k:
                            continue
                    elif not affected[k]:
                        continue
                if st.committed:
                    if committed is None:
                        committed = {i for c in self._committed for i in c}
                    if src not in committed:
                        continue
                if st.subtype and st.subtype not in cd.subtypes[k]:
                    continue
                who = st.who
                if src == inst if who is None else who(self, src, inst):
                    t, c, a, i = st.icons if st.icons.__class__ is tuple else st.icons(self, src)
                    icons[0] += t
                    icons[1] += c
                    icons[2] += a
                    icons[3] += i
            x_skill = None
            for src, st, affected in cache[9]:
                if affected is not None:
                    if affected.__class__ is int:
                        if affected != k:
                            continue
                    elif not affected[k]:
                        continue
                if st.kind == SKILL:
                    if st.committed:
                        if committed is None:
                            committed = {i for c in self._committed for i in c}
                        if src not in committed:
                            continue
                    who = st.who
                    if src == inst if who is None else who(self, src, inst):
                        a = st.amount
                        skill += a if a.__class__ is int else a(self, src, inst, icons)
                elif src == inst:  # X_SKILL
                    x_skill = st.amount(self, src)
            if x_skill is not None:
                skill += x_skill
            if temp:
                for target, dskill, ic in temp:
                    if target == inst:
                        skill += dskill
                        for j in range(4):
                            icons[j] += ic[j]
            if temp or cache[8]:  # else nothing took icons away (none is printed below 0)
                t, c, a, i = icons
                if t < 0 or c < 0 or a < 0 or i < 0:
                    icons = [n if n > 0 else 0 for n in icons]
        return (skill if skill > 0 else 0), icons

    def _cost_mods_possible(self) -> bool:
        if self._cost_sources:
            return True
        cd = self.deck
        if not cd.has_cost_statics:
            return False
        return (self._statics_cache or self._build_statics())[5]

    def _cost_statics(self) -> list:
        """COST passives of cards in play that modify other cards' costs."""
        return (self._statics_cache or self._build_statics())[3]

    def _modified_cost(
        self, kind: int, cost: int, d: int = -1, alt: bool = True, hosted: bool = True
    ) -> int:
        """``cost`` after the card's own reductions (which may depend on the domain ``d``
        drained; ``alt``: with those paid by something else, see ``Static.pay``), passives
        in play (``hosted``: with those for an attachment on their source) and effects of
        this phase; a reduction never takes it below the largest ``minimum`` of the
        reductions used, nor below 0."""
        floor = 0
        total = cost
        for st in self.deck.self_cost[kind]:
            if not alt and st.pay is not None:
                continue
            a = st.amount
            total += a if isinstance(a, int) else a(self, -1, kind, d)
            floor = max(floor, st.minimum)
        for src, st in self._cost_statics():
            if st.who(self, src, kind) and (hosted or not st.host_only):
                a = st.amount
                total += a if isinstance(a, int) else a(self, src, kind, d)
                floor = max(floor, st.minimum)
        for who, amount, minimum, _once in self._cost_sources:
            if who(self, kind):
                total += amount
                floor = max(floor, minimum)
        if total < cost:
            total = max(total, min(floor, cost))
        return total if total > 0 else 0

    def has_static(self, kind_name: str, inst: int) -> bool:
        """Whether a passive of ``kind_name`` (CANNOT_COMMIT, ...) applies to ``inst``."""
        if kind_name not in self.deck.static_kinds:
            return False
        for src, st in self._statics_in_play():
            if st.kind == kind_name and self._static_applies(src, st, inst):
                return True
        # A card's own restriction works even when it is not yet in play (enters exhausted).
        if inst not in self._status and inst not in self._supports:
            for st in self.deck.statics[self.deck.kind_of[inst]]:
                if st.kind == kind_name and (st.who is None or st.who(self, inst, inst)):
                    return True
        return False

    # ----------------------------------------------------------------- triggers
    def _queue_trigger(self, trigger: str, src: int, ctx: AbilityContext | None = None) -> None:
        self._triggers.append((trigger, src, ctx))

    def _fire_all(self, trigger: str, ctx: AbilityContext | None = None) -> None:
        """Queue ``trigger`` for every card in play that answers it."""
        queue = self._triggers  # (``_queue_trigger`` written out: this runs at every event)
        for i in self._listeners(trigger):
            queue.append((trigger, i, ctx))

    def _listeners(self, trigger: str) -> list[int]:
        """The cards that answer ``trigger``: in play, the conspiracy, in hand (a response
        event, a card put into play from hand), the top card of the deck (placed there
        face up), the discard pile and the won pile (a conspiracy), for the decks with such
        abilities."""
        cd = self.deck
        table = cd.by_trigger[trigger]
        kind_of = cd.kind_of
        out = [i for i in self._characters if table[kind_of[i]]]
        for i in self._supports:
            if table[kind_of[i]]:
                out.append(i)
        c = self._conspiracy  # a conspiracy in play answers too (it sits among the stories)
        if c >= 0 and table[kind_of[c]]:
            out.append(c)
        if self._copies:  # a copied text box answers for its copier
            for i, (k, _, _) in self._copies.items():
                if (
                    table[k]
                    and not table[kind_of[i]]
                    and (i in self._status or i in self._supports)
                ):
                    out.append(i)
        if cd.hand_trigger[trigger]:  # a card in hand may answer (a response event)
            for i in self._hand:
                if table[kind_of[i]]:
                    out.append(i)
        if cd.top_trigger[trigger] and self._top and table[kind_of[self._top[-1]]]:
            out.append(self._top[-1])
        if cd.discard_trigger[trigger]:  # "put this card into play from your discard pile"
            for i in self._discard:
                if table[kind_of[i]]:
                    out.append(i)
        if cd.won_trigger[trigger]:  # "while this conspiracy is in your won pile"
            for sid in self._won:
                if sid >= CONSPIRACY_BASE and table[kind_of[sid - CONSPIRACY_BASE]]:
                    out.append(sid - CONSPIRACY_BASE)
        return out

    def _would(self, trigger: str, ctx: AbilityContext) -> AbilityContext:
        """A "would" window (before a card moves, goes insane, is drawn, before tokens are
        placed): the cards that answer ``trigger`` are offered it at once, in order, until
        one says what happens instead (``ctx.instead``); returns ``ctx``. It is answered
        inside the rule that asked, nobody asked, the same way whoever plays (so a game
        stepped through with a policy's suggestions is still the game ``run`` plays): an
        optional ability is used unless its ``ai`` is "avoid", any other choice takes its
        first option (the templates offer the best first)."""
        policy, self._policy = self._policy, None  # choosers then yield their choice
        try:
            for src in self._listeners(trigger):
                if self.phase == OVER:
                    break
                self._answer_now(self._offer(trigger, src, ctx))
                if ctx.instead:
                    break
        finally:
            self._policy = policy
        return ctx

    def _would_asking(self, trigger: str, ctx: AbilityContext):
        """Generator: a "would" window opened inside an effect, where the player can be
        asked: the answers are offered like any response, in order, until one says what
        happens instead (``ctx.instead``)."""
        for src in self._listeners(trigger):
            if self.phase == OVER or ctx.instead:
                return
            yield from self._offer(trigger, src, ctx)

    def _answer_now(self, gen) -> None:
        """Run an effect generator to its end, answering its choices at once (``_would``)."""
        choice = next(gen, None)
        while choice is not None and self.phase != OVER:
            if choice.kind == "response":  # yes, unless "avoid"
                a = choice.options[-1 if choice.harm else 0]
            else:
                a = choice.options[0]
            try:
                choice = gen.send(a)
            except StopIteration:
                return
        gen.close()

    def _resolve_triggers(self):
        """Generator: resolve queued triggers in order (new ones join the queue)."""
        queue = self._triggers
        while queue and self.phase != OVER:
            trigger, src, ctx = queue.pop(0)
            if trigger.__class__ is not str:  # a delayed effect: (effect,) of the phase's end
                yield from trigger[0](self, src, ctx)
                continue
            yield from self._offer(trigger, src, ctx)

    def _offer(self, trigger: str, src: int, ctx: AbilityContext | None):
        """Generator: offer the abilities of ``src`` that answer ``trigger`` (a forced one
        resolves, an optional one is a yes/no choice, costs paid when used)."""
        cd = self.deck
        abilities = cd.by_trigger[trigger][cd.kind_of[src]]
        if self._copies and src in self._copies:
            abilities = self.text_of(trigger, src)
        for ab in abilities:
            if self.phase == OVER:
                return
            if not self._ability_live(ab, src):
                continue
            ctx = ctx or AbilityContext()
            if ab.condition is not None and not ab.condition(self, src, ctx):
                continue
            if ab.limit is not None and not self._within_limit(ab, src):
                continue
            if ab.forced:
                if self.log is not None:
                    self._event("ability", f"{self.card(src).title}: {ab.text}")
                if ab.limit is not None:
                    self._count_use(ab, src)
                yield from ab.effect(self, src, ctx)
                if cd.any_trigger[ABILITY_TRIGGERED]:
                    self.ability_triggered(src)
                if cd.any_trigger[FORCED_TRIGGERED]:
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
            choice = yes_no("response", f"{self.card(src).title}: {ab.text}")
            if ab.ai == "avoid":
                choice = choice._replace(harm=True)
            if (yield choice).x:
                if pay[0] >= 0:
                    d = min(pay, key=lambda d: self._dom_value[d])
                    self._overpaying(d, ab.cost)
                    self._drain(d)
                if self.log is not None:
                    self._event("ability", f"{self.card(src).title}: {ab.text}")
                if ab.limit is not None:
                    self._count_use(ab, src)
                yield from self._pay_self_costs(ab, src)
                yield from ab.effect(self, src, ctx)
                if cd.any_trigger[ABILITY_TRIGGERED]:
                    self.ability_triggered(src)

    def _respond_from_hand(self, src: int, ab, ctx):
        """Generator: offer to play the event ``src`` from hand as a response: its cost is
        paid as when it is played (a domain with the resources and the match), then it
        resolves, goes to the discard pile and counts as an event played."""
        d = self.pay_domain(self.deck.kind_of[src])
        if d == -2:
            return
        choice = yes_no("response", f"{self.card(src).title}: {ab.text}")
        if not (yield choice).x or src not in self._hand:
            return
        self._hand.remove(src)
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

    def _ability_live(self, ab, src: int) -> bool:
        """Whether ``src`` is where ``ab`` works (and has its text: sane, not blanked)."""
        zone = ab.zone
        if zone == IN_PLAY:
            if src in self._status:
                if NO_ABILITIES in self.deck.static_kinds and self.has_static(NO_ABILITIES, src):
                    return False
                return self._status[src] != INSANE and not self._blank(src)
            return (
                (
                    src in self._supports
                    and not (BLANK in self.deck.static_kinds and self._blank(src))
                )
                or src == self._conspiracy
                or ab.trigger == "discarded"
                or ab.trigger == "won"
            )
        if zone == DISCARD_PILE:
            return src in self._discard
        if zone == RESOURCE:
            return any(src in d for d in self._domains)
        if zone == WON_PILE:
            return CONSPIRACY_BASE + src in self._won
        if zone == DECK_TOP:
            return bool(self._top) and self._top[-1] == src
        return src in self._hand

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
        """A BLANK passive in play blanks the text box of ``inst`` (its keywords too)."""
        for src, st in self._statics_in_play():
            if st.kind == BLANK and st.who(self, src, inst):
                return True
        return False

    def _barred(self, ab, src: int) -> bool:
        """A NO_TRIGGERS passive in play forbids triggering ``ab`` of ``src`` (a forced
        response is the game's, not a player's: never barred)."""
        if NO_TRIGGERS not in self.deck.static_kinds or ab.forced:
            return False
        for s, st in self._statics_in_play():
            if st.kind == NO_TRIGGERS and ab.kind in st.amount:
                if st.committed and self.committed_story(s) < 0:
                    continue
                if st.who(self, s, src):
                    return True
        return False

    # ----------------------------------------------------------------- driving effects
    def _drive(self, gen, then=None) -> None:
        """Run an effect generator: with a policy (``run``) choices are answered at once;
        otherwise the first choice waits in ``_choice`` for ``apply``. ``then`` runs when
        the generator is done."""
        policy = self._policy
        # The first step by ``next`` with a default: a generator done without a choice (half
        # the story phases) then raises no StopIteration, which costs more than the step.
        choice = next(gen, None)
        if choice is None:
            if then is not None and self.phase != OVER:
                then()
            return
        try:
            while policy is not None:
                if self.phase == OVER:
                    gen.close()
                    return
                choice = gen.send(policy.decide(self, choice))
        except StopIteration:
            if then is not None and self.phase != OVER:
                then()
            return
        self._choice = choice
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
                for d in range(len(self._domains)):
                    if not self._drained[d]:
                        for x in range(1, self._dom_value[d] + 1):
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
        key = (
            _OPS_ACTIONS if ph == OPERATIONS else _STORY_ACTIONS if ph == STORY
            else _RESOURCE_ACTIONS
        )  # fmt: skip
        table = cd.kind_memo.get(key)
        if table is None:  # per kind: (index, ability) of its actions open in this window
            window = key[1]
            table = cd.kind_memo[key] = [
                tuple((n, ab) for n, ab in enumerate(abilities) if ab.window & window)
                for abilities in cd.by_trigger[ACTION]
            ]
        out = []
        kind_of = cd.kind_of
        zones = (self._characters, self._supports)
        if self._conspiracy >= 0:
            zones += ((self._conspiracy,),)
        outside = cd.kind_memo.get(ACTION)
        if outside is None:
            outside = self._action_zones()
        if outside:  # most decks have no action that works from the discard pile or hand
            zones += tuple(z for name, z in ((DISCARD_PILE, self._discard), (HAND, self._hand))
                           if name in outside)  # fmt: skip
        # ``_usable`` written out for the cards in play (the most asked, at every step): what
        # ``_ability_live`` says of a card in play must be said here too.
        status, supports, exhausted = self._status, self._supports, self._exhausted_supports
        blank_passive = BLANK in cd.static_kinds  # a passive blanks text boxes (supports too)
        blanking = self._blanking >= 0 or blank_passive
        silenced = NO_ABILITIES in cd.static_kinds
        barring = NO_TRIGGERS in cd.static_kinds  # a passive forbids triggering abilities
        for zone in zones:
            for i in zone:
                k = kind_of[i]
                abilities = table[k]
                if self._copies and i in self._copies:  # its own actions and copied ones
                    abilities = tuple(
                        (n, ab)
                        for n, ab in enumerate(self.text_of(ACTION, i))
                        if ab.window & key[1]
                    )
                if not abilities or (kinds is not None and k not in kinds):
                    continue
                for n, ab in abilities:
                    if ab.zone == IN_PLAY:
                        st = status.get(i)
                        if st is None:
                            if not (
                                i in supports
                                or i == self._conspiracy
                                or ab.trigger == "discarded"
                                or ab.trigger == "won"
                            ):
                                continue
                            if ab.exhaust and i in exhausted:
                                continue
                            if blank_passive and i in supports and self._blank(i):
                                continue
                        elif (
                            st == INSANE
                            or (blanking and self._blank(i))
                            or (silenced and self.has_static(NO_ABILITIES, i))
                        ):
                            continue
                        elif ab.exhaust and st != READY:
                            continue
                    elif not self._ability_live(ab, i) or (
                        ab.exhaust and not self._ready_to_exhaust(i)
                    ):
                        continue
                    if ab.committed and self.committed_story(i) < 0:
                        continue
                    if barring and self._barred(ab, i):
                        continue
                    if ab.limit is not None and not self._within_limit(ab, i):
                        continue
                    if ab.can_pay is not None and not ab.can_pay(self, i):
                        continue
                    if ab.condition is not None and not ab.condition(self, i, AbilityContext()):
                        continue
                    out.append((i, n, ab))
        return out

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

    def _usable(self, ab, i: int) -> bool:
        if not self._ability_live(ab, i):
            return False
        if ab.exhaust and not self._ready_to_exhaust(i):
            return False
        if ab.committed and self.committed_story(i) < 0:
            return False
        if NO_TRIGGERS in self.deck.static_kinds and self._barred(ab, i):
            return False
        if ab.limit is not None and not self._within_limit(ab, i):
            return False
        if ab.can_pay is not None and not ab.can_pay(self, i):
            return False
        if ab.condition is not None and not ab.condition(self, i, AbilityContext()):
            return False
        return True

    def _ready_to_exhaust(self, i: int) -> bool:
        if i in self._status:
            return self._status[i] == READY
        return i not in self._exhausted_supports

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
            if src in self._status:
                self._exhaust(src)
            else:
                self._exhausted_supports.add(src)
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
        n, x = divmod(a.x, 100)
        if self._copies and inst in self._copies:
            ab = self.text_of(ACTION, inst)[n]
        else:
            ab = self.deck.by_trigger[ACTION][self.deck.kind_of[inst]][n]
        if a.domain >= 0:
            self._overpaying(a.domain, x if ab.cost_x else ab.cost)
            self._drain(a.domain)
        if ab.exhaust:
            if inst in self._status:
                self._exhaust(inst)
            else:
                self._exhausted_supports.add(inst)
        if self.log is not None:
            self._event("ability", f"{self.card(inst).title}: {ab.text}")
        if ab.limit is not None:
            self._count_use(ab, inst)
        ctx = AbilityContext(x=x, story=self.committed_story(inst))
        if ab.zone == DISCARD_PILE and self.deck.any_trigger[DISCARD_ABILITY_USED]:
            self._fire_all(DISCARD_ABILITY_USED)  # resolved after the effect (``_chain``)
        if self.deck.any_trigger[ABILITY_TRIGGERED]:
            self.ability_triggered(inst)  # resolved after the effect (``_chain``)
        if ab.extra_cost is not None:
            self._drive(self._chain(self._costs_then(ab, inst, ctx)), then)
            return
        if ab.sacrifice:
            self._sacrifice(inst)
        self._drive(self._chain(ab.effect(self, inst, ctx)), then)

    def _overpaying(self, d: int, cost: int) -> None:
        """Domain ``d`` is about to be drained to pay ``cost`` for an ability: with more
        resources than that, "after you overpay for a triggered ability" follows."""
        if self.deck.any_trigger[ABILITY_OVERPAID] and self._dom_value[d] > cost:
            self._fire_all(ABILITY_OVERPAID, AbilityContext(x=self._dom_value[d] - cost))

    def ability_triggered(self, inst: int) -> None:
        """A player triggered an effect of the card ``inst`` (an action or a response of
        it, or an effect that triggers it): "after a card's effect is triggered" follows."""
        self._fire_all(ABILITY_TRIGGERED, AbilityContext(target=inst))

    def _costs_then(self, ab, inst, ctx):
        yield from ab.extra_cost(self, inst)
        if ab.sacrifice:
            self._sacrifice(inst)
        yield from ab.effect(self, inst, ctx)

    def _chain(self, gen):
        yield from gen
        if self._triggers:
            yield from self._resolve_triggers()

    def _event_window_open(self, kind: int) -> bool:
        """An event may be played now: its window, and its condition (a target exists)."""
        ph = self.phase
        w = 1 if ph == OPERATIONS else 2 if ph == STORY else 0
        if NO_TRIGGERS in self.deck.static_kinds and self._events_barred():
            return False
        for ab in self.deck.by_trigger["event"][kind]:
            if not ab.window & w or (ab.can_pay is not None and not ab.can_pay(self, -1)):
                continue
            if ab.condition is None or ab.condition(self, -1, AbilityContext()):
                return True
        return False

    def _events_barred(self) -> bool:
        """A NO_TRIGGERS passive in play forbids playing events."""
        for s, st in self._statics_in_play():
            if st.kind == NO_TRIGGERS and "play" in st.amount:
                if not st.committed or self.committed_story(s) >= 0:
                    return True
        return False
