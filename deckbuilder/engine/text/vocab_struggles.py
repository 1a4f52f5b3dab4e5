"""Vocabulary of how stories resolve: what a struggle counts, extra struggles or ones that do
not resolve, effects waiting for a struggle (its margin), characters counted at other
stories, and the events of story resolution.

Effects of the turn go to ``game._story_rules`` (read by ``StoryMixin._story_changes``, which
clears them once every story has resolved); passives are ``Static`` records of the kinds
``COUNTS_AT``, ``STORY_COUNT``, ``SKILL_FIRST`` and ``NO_ICONS_HERE``.
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import (
    CHOOSE,
    CONSPIRACY_BASE,
    EXHAUSTED,
    INSANE,
    OVER,
    READY,
    STORY_HOST,
    Action,
)
from deckbuilder.engine.effects import choose_card, choose_story, log_event
from deckbuilder.engine.text.constants import _who
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.filters import KIND, atom, compile_filter, with_stat
from deckbuilder.engine.text.registry import (
    BOOL,
    CONDITION,
    CONSTANT,
    EFFECT,
    EFFECTS,
    FILTER,
    ICONS,
    STR,
    STRS,
    TRIGGER,
    TextError,
    param,
)
from deckbuilder.engine.text.values import compile_condition, condition

_NAMES = ("terror", "combat", "arcane", "investigation")
_TYPES = ("T", "C", "A", "I")
_COLUMNS = {"T": 0, "C": 1, "A": 2, "I": 3, "skill": 4, "all": -1, "any": -1}


# ------------------------------------------------------------------ helpers
def _story_of(game, src, ctx, where: str) -> int:
    """The story slot an effect is about: ``here`` (the trigger's story, else the one the
    source is committed to) or ``host`` (the story the source is attached to); -1: none."""
    if where == "host":
        h = game.you.attached.get(src, -1)
        if h >= STORY_HOST and h - STORY_HOST in game._stories:
            return game._stories.index(h - STORY_HOST)
        return -1
    s = ctx.story if ctx is not None and ctx.story >= 0 else game.committed_story(src)
    return s if 0 <= s < len(game._stories) else -1


def _at_story(at: str):
    """``(game, src, s) -> bool``: story slot ``s`` is the one the source is attached to
    (``host``) or the conspiracy the source is (``self``)."""
    if at == "host":
        return lambda g, src, s: g.you.attached.get(src) == STORY_HOST + g._stories[s]
    return lambda g, src, s: g._stories[s] == CONSPIRACY_BASE + src


def _counted(game, s: int, t: int) -> int:
    """The icons of type ``t`` of your characters committed to story slot ``s`` that count
    there (not those a NO_ICONS_HERE passive silences)."""
    committed = game.you.committed[s]
    silenced = game.icons_silenced(committed)
    return sum(game.icons_of(i)[t] for i in committed if i not in silenced)


def _choose_type(game, prompt: str, types, value):
    """Generator: a struggle type chosen among ``types`` (offered best first by ``value``
    for the player; -1 when there is none)."""
    types = sorted(set(types), key=value, reverse=True)
    if not types:
        return -1
    if len(types) == 1:
        return types[0]
    acts = tuple(Action(CHOOSE, x=t, label=f"{prompt}: {_NAMES[t]}") for t in types)
    choice = Choice("struggle_type", prompt, acts)
    if game._policy is not None and game.phase != OVER:
        return game._policy.decide(game, choice).x
    return (yield choice).x


def _rule(game, rule: tuple) -> None:
    game._story_rules.append(rule)


# ------------------------------------------------------------------ effects of the turn
@EFFECT.register(
    "count_struggle_as",
    count=param(("T", "C", "A", "I", "skill"), required=True),
    struggle=param(("chosen", "T", "C", "A", "I", "all"), "chosen"),
    story=param(("here", "host"), "here"),
)
def count_struggle_as(where, count, struggle, story):
    """This turn, a struggle type (chosen among those of the story, or all) at the story
    (``here``: the trigger's, or the one the card is committed to; ``host``: the one it is
    attached to) is decided by counting these icons (or the total skill) instead of its own
    icons; what winning it does stays the same."""
    column = _COLUMNS[count]

    def effect(game, src, ctx):
        s = _story_of(game, src, ctx, story)
        if s < 0:
            return
        if struggle != "chosen":
            t = _COLUMNS[struggle]
        else:
            if column == 4:
                new = sum(game.skill_of(i) for i in game.you.committed[s])
            else:
                new = _counted(game, s, column)

            def value(t):  # an arcane or investigation struggle this turns from lost to won
                return (t >= 2 and new > 0 and not _counted(game, s, t)) * 10 + t

            t = yield from _choose_type(game, "count it instead", game.story_struggles(s), value)
            if t < 0:
                return
        log_event(game, "struggle", f"{_NAMES[t] if t >= 0 else 'every'} struggle counts {count}")
        _rule(game, ("count", game._stories[s], (t, column, False)))

    return effect


@EFFECT.register(
    "add_struggle",
    icon=param(("T", "C", "A", "I", "chosen"), required=True),
    stories=param(("choose", "all", "host", "here"), "choose"),
    again=param(BOOL, False),
)
def add_struggle(where, icon, stories, again):
    """This turn, an additional icon struggle of this type (or of a chosen type; ``again``:
    one of the struggles the story already has, resolved an additional time) resolves at a
    story (chosen, every story, the one the card is attached to, or ``here``)."""
    fixed = -1 if icon == "chosen" else _TYPES.index(icon)

    def effect(game, src, ctx):
        if stories == "all":
            s, sid = -1, -1
        else:
            if stories == "choose":
                slots = [s for s in range(len(game._stories)) if game.you.committed[s]]
                slots = slots or list(range(len(game._stories)))
                s = yield from choose_story(game, "struggle", "an additional struggle at", slots)
            else:
                s = _story_of(game, src, ctx, stories)
            if s < 0:
                return
            sid = game._stories[s]
        t = fixed
        if t < 0:
            types = game.story_struggles(s) if again and s >= 0 else range(4)

            def value(t):
                return (s >= 0 and _counted(game, s, t) > 0) * 10 + t

            t = yield from _choose_type(game, "an additional struggle", types, value)
            if t < 0:
                return
        log_event(game, "struggle", f"an additional {_NAMES[t]} struggle")
        _rule(game, ("extra", sid, t))

    return effect


@EFFECT.register(
    "on_struggle",
    icon=param(("T", "C", "A", "I", "any"), required=True),
    effects=param(EFFECTS, required=True),
    stories=param(("choose", "all"), "choose"),
)
def on_struggle(where, icon, effects, stories):
    """This turn, each time you win a struggle of this type at a story (a chosen one, or any),
    the effects happen (ctx.story: that story; ctx.margin: what you won it by)."""
    inner = compile_effects(effects, where)
    t = _COLUMNS[icon]

    def effect(game, src, ctx):
        sid = -1
        if stories == "choose":
            s = yield from choose_story(
                game, "struggle", "watch the struggles of", list(range(len(game._stories)))
            )
            if s < 0:
                return
            sid = game._stories[s]
        _rule(game, ("watch", sid, t, inner, src))

    def worthwhile(game, src):
        # Worth it when a character committed, or one that may still commit, has the icon:
        # against the goldfish that is a struggle won (``t`` -1: any icon).
        you = game.you
        for i in you.characters:
            if any(i in c for c in you.committed) or game.may_commit(i):
                icons = game.icons_of(i)
                if (icons[t] if t >= 0 else any(icons)) > 0:
                    return True
        return False

    effect.worthwhile = worthwhile
    return effect


@EFFECT.register("ready_by_margin")
def ready_by_margin(where):
    """Ready a character committed to the story of the struggle for each icon it was won by
    (ctx.margin)."""

    def effect(game, src, ctx):
        s = ctx.story
        if not 0 <= s < len(game.you.committed):
            return
        for _ in range(max(ctx.margin, 0)):
            pool = [i for i in game.you.committed[s] if game.you.status.get(i) == EXHAUSTED]
            i = yield from choose_card(game, "ready", "ready", pool)
            if i < 0:
                return
            game.you.status[i] = READY
            log_event(game, "ready", f"{game.card(i).title} readies")

    return effect


@EFFECT.register("win_story_now")
def win_story_now(where):
    """Win the story of the trigger at once (success tokens up to what it needs)."""

    def effect(game, src, ctx):
        s = ctx.story
        if not 0 <= s < len(game._stories) or (
            ctx.story_id >= 0 and game._stories[s] != ctx.story_id
        ):
            return
        need = game.story_to_win(s) - game.you.tokens[s]
        if need > 0:
            log_event(game, "token", f"{game._story_title(game._stories[s])} is won at once")
            yield from game._add_token(s, need)

    return effect


@EFFECT.register("extra_skill_check")
def extra_skill_check(where):
    """Resolve the skill comparison again at the story of the trigger (the one the card is
    committed to): unchallenged, +2 success tokens when your characters there have skill."""

    def effect(game, src, ctx):
        s = _story_of(game, src, ctx, "here")
        if s < 0 or not game.you.committed[s]:
            return
        if sum(game.skill_of(i) for i in game.you.committed[s]) >= 1:
            yield from game._skill_success(s, game.story_to_win(s))

    return effect


@EFFECT.register("choose_one", options=param(EFFECTS, required=True))
def choose_one(where, options):
    """Do one of these (a list of {label, effects, condition} tables; the first is offered
    first); an option whose ``condition`` fails is not offered ("either draw 2 cards or
    return a card from your discard pile": not the second with an empty pile)."""
    if not isinstance(options, list) or not all(
        isinstance(o, dict) and set(o) <= {"label", "effects", "condition"} and "effects" in o
        for o in options
    ):
        raise TextError(f"{where}: choose_one options are {{label, effects, condition}} tables")
    labels = [o.get("label", f"option {n + 1}") for n, o in enumerate(options)]
    inner = [compile_effects(o["effects"], where) for o in options]
    tests = [compile_condition(o.get("condition"), where) for o in options]

    def effect(game, src, ctx):
        acts = tuple(
            Action(CHOOSE, x=n, label=label)
            for n, label in enumerate(labels)
            if tests[n] is None or tests[n](game, src, ctx)
        )
        if not acts:
            return
        choice = Choice("choose_one", game.card(src).title, acts)
        if game._policy is not None and game.phase != OVER:
            n = game._policy.decide(game, choice).x
        else:
            n = (yield choice).x
        if 0 <= n < len(inner):
            yield from inner[n](game, src, ctx)

    return effect


# ------------------------------------------------------------------ passives
@CONSTANT.register(
    "counts_at_stories",
    card=param(("self", "host"), "self"),
    count=param(("skill", "icons", "both"), "both"),
    stories=param(("all", "conspiracies"), "all"),
    with_committed=FILTER,
    while_committed=param(BOOL, True),
    condition=CONDITION,
)
def counts_at_stories(
    where, committed, card, count, stories, with_committed, while_committed, condition
):
    """The card (or the character it is attached to) counts its skill and/or icons at
    other stories too (every story, or every conspiracy, that resolves: where characters
    are committed; with ``with_committed``: only where a character the filter accepts is
    committed), while it is committed to a story (unless ``while_committed`` is false) and
    the condition holds."""
    pred = compile_filter(with_committed, where) if with_committed is not None else None
    test = compile_condition(condition, where)
    mode = {"skill": 1, "icons": 2, "both": 3}[count]

    def who(game, src, s):
        i = src if card == "self" else game.you.attached.get(src, -1)
        if i < 0 or i not in game.you.status or game.you.status[i] == INSANE:
            return -1
        if while_committed and game.committed_story(i) < 0:
            return -1
        if stories == "conspiracies" and game._stories[s] < CONSPIRACY_BASE:
            return -1
        if pred is not None and not any(pred(game, src, j) for j in game.you.committed[s]):
            return -1
        if test is not None and not test(game, src, None):
            return -1
        return i

    return ab.Static(ab.COUNTS_AT, who, mode)


@CONSTANT.register(
    "counts_at_my_story",
    single=param(FILTER, required=True),
    count=param(("skill", "icons", "both"), "both"),
)
def counts_at_my_story(where, committed, single, count):
    """While this card is committed to a story, the character in play you control that
    ``single`` accepts, when it is the only one (Beings of Ib: "a single Ancient One
    character"), counts its current skill and/or icons at that story too, committed
    elsewhere or not at all (not while insane: it has no skill nor icons then). One already
    committed to that story counts there once (``_story_changes`` counts an instance once)."""
    pred = compile_filter(single, where)
    mode = {"skill": 1, "icons": 2, "both": 3}[count]

    def who(game, src, s):
        if game.committed_story(src) != s:
            return -1
        found = -1
        for i in game.you.characters:
            if pred(game, src, i):
                if found >= 0:
                    return -1  # two or more: not a single one
                found = i
        if found < 0 or game.you.status[found] == INSANE:
            return -1
        return found

    return ab.Static(ab.COUNTS_AT, who, mode)


@CONSTANT.register(
    "story_counts",
    count=param(("T", "C", "A", "I", "skill"), required=True),
    struggle=param(("T", "C", "A", "I", "all"), "all"),
    added=param(BOOL, False),
    at=param(("host", "self"), "host"),
)
def story_counts(where, committed, count, struggle, added, at):
    """At the story the card is attached to (or at this conspiracy), struggles of a type (or
    all) are decided by counting these icons or the total skill instead of their own icons
    (``added``: in addition to them)."""
    return ab.Static(ab.STORY_COUNT, _at_story(at), (_COLUMNS[struggle], _COLUMNS[count], added))


@CONSTANT.register(
    "skill_check_first",
    at=param(("host", "self"), "self"),
    choose_struggles=param(BOOL, False),
)
def skill_check_first(where, committed, at, choose_struggles):
    """At this conspiracy (or the story the card is attached to) the skill comparison is
    resolved before the struggles; ``choose_struggles``: "if you win it before any
    struggles occur, you may choose which of its struggles resolve". The choice made: once
    the story is won only its arcane struggle is offered (ready a committed character),
    since the investigation token would go on a story no longer in play and the terror and
    combat struggles act on the opponent's characters there, which the goldfish has none
    of."""
    return ab.Static(ab.SKILL_FIRST, _at_story(at), 1 if choose_struggles else 0)


@CONSTANT.register("no_icons_here", who=param(FILTER, required=True))
def no_icons_here(where, committed, who):
    """At the story this character is committed to, the other characters committed there
    that the filter accepts do not count their icons (``skill_below_self``: "characters
    with lower skill than X committed to the same story"). Yours too: against the goldfish
    it only costs you icons."""
    return ab.Static(ab.NO_ICONS_HERE, compile_filter(who, where))


@CONSTANT.register("no_investigation_token")
def no_investigation_token(where, committed):
    """An investigation struggle won at the story this character is committed to places no
    success token ("instead of the normal struggle effects" with nothing to do instead: the
    goldfish opponent has no token to move)."""
    return ab.Static(ab.NO_INVESTIGATION_TOKEN, lambda game, src, s: src in game.you.committed[s])


@CONSTANT.register("no_icons", who=FILTER, condition=CONDITION)
def no_icons(where, committed, who, condition):
    """The characters ``who`` accepts count no icons (every icon they have is taken away)."""
    return ab.Static(
        ab.ICONS, _who(where, who, condition), 0, (-99, -99, -99, -99), committed=committed
    )


# ------------------------------------------------------------------ events
@TRIGGER.register("readied_by_struggle")
def readied_by_struggle(where):
    """After this character is readied by an arcane struggle (ctx.story)."""
    return ab.READIED_BY_STRUGGLE, None


@TRIGGER.register("stories_resolved")
def stories_resolved(where):
    """After every story of the story phase has resolved (ctx.x: how many characters you had
    committed)."""
    return ab.STORIES_RESOLVED, None


@TRIGGER.register("struggle_won_at_host", icons=param(ICONS, required=True))
def struggle_won_at_host(where, icons):
    """After you win an icon struggle of one of these types at the story this card is
    attached to."""
    wanted = frozenset(_TYPES.index(ch) for ch in icons)

    def test(game, src, ctx):
        s = ctx.story
        return (
            ctx.x in wanted
            and 0 <= s < len(game._stories)
            and game.you.attached.get(src) == STORY_HOST + game._stories[s]
        )

    return ab.STRUGGLE_WON, test


@condition("characters_were_committed", BOOL)
def _characters_were_committed(value, where):
    """You had characters committed when the stories resolved (ctx.x of ``stories_resolved``),
    or not."""
    return lambda game, src, ctx: (ctx.x > 0) == value


# ------------------------------------------------------------------ filters
@atom("no_icon", KIND, STR)
def _no_icon(value):
    """Has none of these icons (letters T C A I; a character in play: its current icons,
    ``filters.with_stat``)."""
    columns = [_NAMES[_TYPES.index(ch)] for ch in value]
    unwanted = [_TYPES.index(ch) for ch in value]
    return with_stat(
        lambda cd, k: all(getattr(cd, c)[k] == 0 for c in columns),
        lambda skill, icons: all(icons[n] == 0 for n in unwanted),
    )


@atom("not_keyword", KIND, STRS)
def _not_keyword(value):
    """Has none of these keywords (Loyal, Heroic...)."""
    names = [value] if isinstance(value, str) else value
    return lambda cd, k: not any(cd.cards[k].has_keyword(n) for n in names)
