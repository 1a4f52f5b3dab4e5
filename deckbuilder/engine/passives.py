"""Passive abilities at play: the skill, icons and costs that cards in play change, the
rules they bend (``has_static``), and text boxes copied from another card. The passives in
play are gathered once per list of cards with passives, and remembered per deck."""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    BLANK,
    COST,
    ICONS,
    SKILL,
    X_SKILL,
)
from deckbuilder.engine.actions import (
    INSANE,
)
from deckbuilder.engine.cards import MAYBE

# Lists of passives remembered per deck (one per list of cards with passives in play): a
# bound, so that a batch's memory stops growing (at ~1.6 MB for the example deck). 256 cost
# ~10% of card-text speed; 1,000 is as quick as 20,000.
PASSIVE_SETS_KEPT = 1_000
_NO_KINDS: frozenset[int] = frozenset()
GAINED_TRAITS = "gained traits"  # marks the passive sets of ``_build_statics`` with traits


def _kinds_affected(cd, src: int, st):
    """The kinds of character a skill or icon passive of ``src`` may affect: its own kind
    (an int) when it affects the card itself, a per-kind table (bytes) when its filter
    reads printed facts, None when any kind."""
    who = st.who
    if who is None or st.kind == X_SKILL or getattr(who, "itself", False):
        return cd.kind_of[src]
    kinds = getattr(who, "printed_kinds", None)
    return kinds(cd) if kinds is not None else None


def _who_test(cd, k: int, who, printed_traits: bool) -> tuple:
    """What ``stats_of`` asks of the ``who`` of a skill or icon passive for a character of
    kind ``k``: (test, condition). ``test``: None, the source itself only; True, any
    character of kind ``k`` (its printed facts pass, and they alone decide); False, none;
    else the filter ``(game, src, target) -> bool``. ``condition``: ``(game, src, None) ->
    bool`` of a ``who`` that has one (``constants._who``), asked after the filter passes,
    else None. ``printed_traits``: no card has gained a trait for a while (a passive that
    gives some is seen by the filter's own ``printed_traits``)."""
    if who is None:
        return None, None
    condition = getattr(who, "condition", None)
    if condition is not None:
        who = who.filter
    if getattr(who, "itself", False):
        return None, condition
    if getattr(who, "printed_only", False):
        t = who.printed_kinds(cd)[k]
        return (who if t == MAYBE else bool(t)), condition  # MAYBE: the copy decides
    table = who.printed_traits(cd) if printed_traits and hasattr(who, "printed_traits") else None
    if table is not None:
        if not table[k]:
            return False, condition
        if who.printed_only_traits and table[k] != MAYBE:
            return True, condition
    return who, condition


def _printed_stat_targets(cd) -> list:
    """``cd.stat_targets`` (per kind: the kinds whose skill or icons its passives may change)
    while no card has gained a trait: a filter on subtypes or factions then decides by its
    printed table (``_who_test``), not "every kind"; remembered per deck."""
    memo = cd.kind_memo.get(_printed_stat_targets)
    if memo is None:
        memo = cd.kind_memo[_printed_stat_targets] = [
            _printed_targets(cd, k) for k in range(len(cd.cards))
        ]
    return memo


def _printed_targets(cd, k: int) -> frozenset[int]:
    if cd.stat_targets[k] != cd.every_kind:
        return cd.stat_targets[k]
    targets: set[int] = set()
    for st in cd.statics[k]:
        if st.kind not in (SKILL, ICONS, X_SKILL):
            continue
        who = st.who
        if who is None or getattr(who, "itself", False):
            targets.add(k)
            continue
        if st.subtype:
            targets.update(j for j, subs in enumerate(cd.subtypes) if st.subtype in subs)
            continue
        test = getattr(who, "filter", who)  # without its condition (``constants._who``)
        table = None
        if getattr(test, "printed_kinds", None) is not None:
            table = test.printed_kinds(cd)
        elif getattr(test, "printed_traits", None) is not None:
            table = test.printed_traits(cd)
        if table is None:
            return cd.every_kind
        targets.update(j for j in range(len(cd.cards)) if table[j])
    return frozenset(targets)


def _stat_entries(cd, k: int, cache: tuple, printed_traits: bool) -> tuple:
    """The icon, skill and X-skill passives of ``cache`` (``_passives_of``) that may change
    a character of kind ``k``, in the order ``stats_of`` applies them: worked out once per
    kind and list of passives (its printed subtypes and the kinds each passive may affect
    never change), and whether a card may have gained traits (``_who_test``). An icon or
    skill one as (source instance, test and condition of its ``who`` (``_who_test``), icons
    or amount, whether it works only while its source is committed), an X-skill one as
    (source instance, amount): read once here, not at each ``stats_of``."""

    def may_affect(affected, st) -> bool:
        if affected is not None and not (
            affected == k if affected.__class__ is int else affected[k]
        ):
            return False
        return not st.subtype or st.subtype in cd.subtypes[k]

    icons = []
    for src, st, affected in cache[10]:
        if may_affect(affected, st):
            test, condition = _who_test(cd, k, st.who, printed_traits)
            if test is not False:
                icons.append((src, test, condition, st.icons, st.committed))
    skills, x_skills = [], []
    for src, st, affected in cache[9]:
        if affected is not None and not (
            affected == k if affected.__class__ is int else affected[k]
        ):
            continue
        if st.kind == SKILL:
            test, condition = _who_test(cd, k, st.who, printed_traits)
            if test is not False:
                skills.append((src, test, condition, st.amount, st.committed))
        else:
            x_skills.append((src, st.amount))
    return icons, skills, x_skills


class PassivesMixin:
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
            statics, kind_of, status = cd.statics, cd.kind_of, self.you.status
            found = []
            for i in self.you.characters:
                if statics[kind_of[i]] and status[i] != INSANE:
                    found.append(i)
            for i in self.you.supports:
                if statics[kind_of[i]]:
                    found.append(i)
            c = self.you.conspiracy
            if c >= 0 and statics[kind_of[c]]:
                found.append(c)
            if self._copies:
                self._copied_sources(found)
            if blanking:
                found = self._unblanked(found)
            if self._blanking >= 0:  # characters committed to The Bootleg Whiskey Cover-Up
                found = [
                    e
                    for e in found
                    if not self._blank_committed(e[0] if e.__class__ is tuple else e)
                ]
            sources = tuple(found)
        known = cd.passive_sets
        # A card that gained a trait (``_traits``): the filters on traits read the game, and
        # every kind they may affect is counted (``_printed_stat_targets``); an effect that
        # gives or takes one drops ``_statics_cache``.
        key = sources if not self._traits else (GAINED_TRAITS, *sources)
        cache = known.get(key)
        if cache is None:
            cache = self._passives_of(sources, not self._traits)
            if len(known) < PASSIVE_SETS_KEPT:
                known[key] = cache
        if not blanking and self._blanking < 0:  # (committing does not drop the cache)
            self._statics_cache = cache
        return cache

    def _blank_committed(self, inst: int) -> bool:
        """Committed to the story whose text blanks the characters committed to it."""
        s = self.committed_story(inst)
        return s >= 0 and self._stories[s] == self._blanking

    def _unblanked(self, found: list) -> list:
        """``found`` without the cards whose text boxes a BLANK passive among them, or an
        effect of this phase, blanks."""
        cd = self.deck
        if self.facts.blanks_phase:
            found = [
                e
                for e in found
                if not self._blanked_this_phase(e[0] if e.__class__ is tuple else e)
            ]
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

    def _passives_of(self, sources: tuple, printed_traits: bool = True) -> tuple:
        """(every passive of ``sources``, skill ones, icon ones, cost ones for other cards,
        whether every cost one is a fixed number, whether cost modifiers apply at all, the
        deck's table of costs remembered under these cost passives or None, the kinds whose
        skill or icons they may change, whether an icon one gives minus icons, the skill and
        the icon ones with the kinds each may affect, a dict filled by ``stats_of``: per
        kind, ``_stat_entries``, and ``printed_traits``: no card has gained a trait, so that
        the printed ones decide the filters on traits), each passive as (source instance,
        Static), with the kinds as (source instance, Static, ``_kinds_affected``)."""
        cd = self.deck
        statics, kind_of = cd.statics, cd.kind_of
        targets = _printed_stat_targets(cd) if printed_traits else cd.stat_targets
        every, skills, icon_mods, costs = [], [], [], []
        skills_for, icons_for = [], []  # the same with the kinds each may affect
        stat_targets = frozenset()
        lowering = False  # an icon passive gives minus icons: stats_of floors them at 0
        fixed_costs = True  # every cost modifier in play is a fixed number: costs remembered
        for i in sources:
            if i.__class__ is tuple:  # (instance, kind): a text box it copies
                i, k = i
                stat_targets = stat_targets | targets[k] | {kind_of[i]}
            else:
                k = kind_of[i]
                if targets[k]:
                    stat_targets = stat_targets | targets[k]
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
            {},  # per kind of character: its entries of ``skills_for``, ``icons_for``
            printed_traits,
        )

    # ----------------------------------------------------------------- copied text boxes
    # ``_copies``: instance -> (kind whose text box it has, whether that text box replaces
    # its own, the instance copied). Its actions, its responses to events about any card and
    # its passives are then those of the copied kind too (or instead).
    def _copied_sources(self, found: list) -> None:
        """Passive sources of copied text boxes: (instance, kind) entries; an instance whose
        own text box is replaced drops out."""
        statics, status = self.deck.statics, self.you.status
        for i, (k, replace, _) in self._copies.items():
            if status.get(i, 0) == INSANE or not (i in status or i in self.you.supports):
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
        s = 0  # (no ``enumerate``: a dearer call for three slots)
        for committed in self.you.committed:
            if inst in committed:
                return s
            s += 1
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
        cd = self.deck
        if not temp:  # ``stat_changes()[1]`` written out: asked at most decisions
            if not cd.has_statics:
                return _NO_KINDS
            return (self._statics_cache or self._build_statics())[7]
        kinds = set((self._statics_cache or self._build_statics())[7]) if cd.has_statics else set()
        kind_of = cd.kind_of
        for target, _, _ in temp:
            kinds.add(kind_of[target])
        return kinds

    def stats_of(self, inst: int) -> tuple[int, list[int]]:
        """(skill, [terror, combat, arcane, investigation]) of a character now."""
        cd = self.deck
        if self.you.status.get(inst) == INSANE:
            return 0, [0, 0, 0, 0]
        k = cd.kind_of[inst]
        skill = cd.skill[k]
        # Passives in play look at the characters of the kinds they may change only.
        temp = self._temp
        if not temp:
            if not cd.has_statics:
                return (skill if skill > 0 else 0), [
                    cd.terror[k],
                    cd.combat[k],
                    cd.arcane[k],
                    cd.investigation[k],
                ]
            cache = self._statics_cache or self._build_statics()
            if k not in cache[7]:
                return (skill if skill > 0 else 0), [
                    cd.terror[k],
                    cd.combat[k],
                    cd.arcane[k],
                    cd.investigation[k],
                ]
        else:
            cache = self._statics_cache or self._build_statics()
        entries = cache[11].get(k)
        if entries is None:
            entries = cache[11][k] = _stat_entries(cd, k, cache, cache[12])
        icon_entries, skill_entries, x_entries = entries
        # The icons summed in locals, then listed for the skill amounts that read them.
        terror, combat, arcane, investigation = (
            cd.terror[k],
            cd.combat[k],
            cd.arcane[k],
            cd.investigation[k],
        )
        committed = None
        for src, who, condition, change, only_committed in icon_entries:
            if only_committed:
                if committed is None:
                    committed = {i for c in self.you.committed for i in c}
                if src not in committed:
                    continue
            if (src == inst if who is None else who is True or who(self, src, inst)) and (
                condition is None or condition(self, src, None)
            ):
                t, c, a, i = change if change.__class__ is tuple else change(self, src)
                terror += t
                combat += c
                arcane += a
                investigation += i
        icons = [terror, combat, arcane, investigation]
        for src, who, condition, amount, only_committed in skill_entries:
            if only_committed:
                if committed is None:
                    committed = {i for c in self.you.committed for i in c}
                if src not in committed:
                    continue
            if (src == inst if who is None else who is True or who(self, src, inst)) and (
                condition is None or condition(self, src, None)
            ):
                skill += amount if amount.__class__ is int else amount(self, src, inst, icons)
        if x_entries:
            x_skill = None
            for src, amount in x_entries:
                if src == inst:
                    x_skill = amount(self, src)
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
        if inst not in self.you.status and inst not in self.you.supports:
            for st in self.deck.statics[self.deck.kind_of[inst]]:
                if st.kind == kind_name and (st.who is None or st.who(self, inst, inst)):
                    return True
        return False
