"""Vocabulary of commit rules and rule-benders: who may commit where and how (passives the
commit step consults), commits that outlast the turn, commits and moves in the windows of a
struggle, readying in the refresh phase, and passives that forbid things (triggering
abilities, putting cards into play, text boxes blanked, the Heroic/Villainous clash).

The engine's side: ``StoryMixin`` (``may_commit_to``, ``_commit_step``,
``_close_commit_step``, the struggle windows), ``TurnMixin`` (refresh, the end of the story
phase), ``AbilityMixin._barred`` and ``_blank``, ``PayingMixin.may_enter`` and ``_clashes``.
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import (
    CONSPIRACY_BASE,
    EXHAUSTED,
    INSANE,
    READY,
    STORY,
    STORY_HOST,
)
from deckbuilder.engine.cards import NEUTRAL
from deckbuilder.engine.effects import choose_card, choose_story, log_event
from deckbuilder.engine.text.filters import compile_filter, compile_kind_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONDITION,
    CONSTANT,
    EFFECT,
    FILTER,
    INT,
    STRS,
    TRIGGER,
    TextError,
    param,
    remembers,
)
from deckbuilder.engine.text.values import compile_condition, condition
from deckbuilder.engine.text.vocab_struggles import _NAMES, _choose_type, _rule

_ICONS = ("T", "C", "A", "I", "any")


def _always(game, src, target):
    return True


def _who(who, condition_spec, where):
    """``(game, src, target) -> bool``: the filter (absent: every card) and the condition."""
    pred = compile_filter(who, where) if who else _always
    test = compile_condition(condition_spec, where)
    if test is None:
        return pred
    return lambda g, s, t: test(g, s, None) and pred(g, s, t)


def _host_story(game, src, s) -> bool:
    return game.you.attached.get(src) == STORY_HOST + game._stories[s]


# ------------------------------------------------------------------ commit rules (passives)
_WHERE = ("host", "with_self", "other_faction")


@CONSTANT.register(
    "cannot_commit_to",
    story=param(_WHERE, required=True),
    who=FILTER,
    condition=CONDITION,
)
def cannot_commit_to(where, committed, story, who, condition):
    """Characters the filter accepts cannot commit to a story: the one this card is attached
    to (``host``), the one this card is committed to, or commit beside it (``with_self``),
    or one where a character of another faction is committed (``other_faction``; neutral
    belongs to no faction)."""
    pred = _who(who, condition, where)

    if story == "host":

        def barred(game, src, inst, s):
            return _host_story(game, src, s) and pred(game, src, inst)

    elif story == "with_self":

        def barred(game, src, inst, s):
            there = game.you.committed[s]
            if inst == src:  # this card may not join such a character either
                return any(i != src and pred(game, src, i) for i in there)
            return src in there and pred(game, src, inst)

    else:

        def barred(game, src, inst, s):
            cd = game.deck
            mine = cd.faction[cd.kind_of[inst]]
            if mine == NEUTRAL or not pred(game, src, inst):
                return False
            for i in game.you.committed[s]:
                theirs = cd.faction[cd.kind_of[i]]
                if theirs != NEUTRAL and theirs != mine:
                    return True
            return False

    return ab.Static(ab.COMMIT_BARRED, None, barred, committed=committed)


@CONSTANT.register(
    "commits_exhausted_at", story=param(("host", "self", "conspiracies"), "host"), who=FILTER
)
def commits_exhausted_at(where, committed, story, who):
    """Exhausted characters the filter accepts may commit to the story this card is attached
    to (``host``), to this card itself, a conspiracy or story card (``self``), or to any
    conspiracy card (``conspiracies``); they commit as they are."""
    pred = _who(who, None, where)

    if story == "conspiracies":

        def allowed(game, src, inst, s):
            sid = game._stories[s]
            return CONSPIRACY_BASE <= sid < STORY_HOST and pred(game, src, inst)

    elif story == "self":

        def allowed(game, src, inst, s):
            return game._stories[s] == CONSPIRACY_BASE + src and pred(game, src, inst)

    else:

        def allowed(game, src, inst, s):
            return _host_story(game, src, s) and pred(game, src, inst)

    return ab.Static(ab.COMMITS_EXHAUSTED_AT, None, allowed)


@CONSTANT.register("must_commit", who=FILTER)
def must_commit(where, committed, who):
    """The characters the filter accepts (absent: this card) must commit to a story when
    they are able to: when the commit step ends, one that still may commit does."""
    return ab.Static(ab.MUST_COMMIT, compile_filter(who, where) if who else None)


@CONSTANT.register("no_lone_commits")
def no_lone_commits(where, committed):
    """Characters cannot commit to a story alone: when the commit step ends, a character
    committed to a story where no other character is committed is taken back (ready)."""
    return ab.Static(ab.NO_LONE_COMMITS, _always)


def _wound_one(game, src):
    pool = [i for i in game.you.characters if game.can_wound(i)]
    i = yield from choose_card(game, "wound", "wound to commit", pool, harm=True)
    if i >= 0:
        game._wound(i)


# A cost no one can pay bars the commits (``StoryMixin.commit_cost_payable``).
_wound_one.payable = lambda game, src: any(game.can_wound(i) for i in game.you.characters)

_COMMIT_COSTS = {"wound": _wound_one}


@CONSTANT.register("commit_cost", pay=param(tuple(_COMMIT_COSTS), required=True))
def commit_cost(where, committed, pay):
    """To commit characters to stories in a turn, a player first pays this once (``wound``:
    choose and wound a character you control). Chosen: "must ... in order to commit" is a
    cost, so a player who cannot pay it (no character that can be wounded) commits nothing."""
    return ab.Static(ab.COMMIT_COST, _always, _COMMIT_COSTS[pay])


@CONSTANT.register("stays_until_won", who=FILTER)
def stays_until_won(where, committed, who):
    """The characters the filter accepts (absent: this card) do not uncommit at the end of
    the story phase: they stay until their story is won (or an effect removes them)."""
    return ab.Static(ab.STAYS_UNTIL_WON, compile_filter(who, where) if who else None)


@EFFECT.register(
    "commits_ready_this_turn",
    target=param(("story", "character", "subject"), required=True),
    filter=FILTER,
    willpower=param(BOOL, False),
    invulnerability=param(BOOL, False),
)
def commits_ready_this_turn(where, target, filter, willpower, invulnerability):
    """This turn, characters commit without exhausting to a story you choose (``story``), or
    a character you choose that the filter accepts does so to any story (``character``;
    with ``willpower`` it also gains Willpower: it cannot go insane this turn; with
    ``invulnerability``, Invulnerability until the end of the turn), or the
    character chosen before (``subject``, ``choose_subject``) does so until the end of the
    phase: outside the story phase that ends before any commit, so nothing is recorded. A
    chosen ``story`` too lasts the phase: chosen outside the story phase it records nothing."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if target == "subject":
            i = ctx.target
            if i is not None and i >= 0 and game.phase == STORY and i in game.you.status:
                _rule(game, ("commits_ready", -1, i))
            return
        if target == "story":
            s = yield from choose_story(
                game, "story", "characters commit without exhausting to", range(len(game._stories))
            )
            if s >= 0 and game.phase == STORY:  # "until the end of the phase" (Dhole Tunnel)
                _rule(game, ("commits_ready", game._stories[s], -1))
            return
        pool = [
            i for i in game.you.characters if game.you.status[i] != INSANE and pred(game, src, i)
        ]
        i = yield from choose_card(game, "boost", "commits without exhausting", pool)
        if i >= 0:
            _rule(game, ("commits_ready", -1, i))
            if willpower:
                _rule(game, ("willpower", -1, i))
            if invulnerability:
                game._keywords.append((i, ab.INVULNERABILITY, 1))
                game._keywords_turn.append((i, ab.INVULNERABILITY, 1))
            log_event(game, "commit", f"{game.card(i).title} commits without exhausting")

    return effect


# ------------------------------------------------------------------ commits in a struggle
@TRIGGER.register("before_struggle", icon=param(_ICONS, "any"), here=param(BOOL, False))
def before_struggle(where, icon, here):
    """Before a struggle (of this kind, or any) resolves at a story where you have committed
    characters (``here``: the story this card is committed to); ctx.story, ctx.x."""
    n = -1 if icon == "any" else "TCAI".index(icon)

    def test(game, src, ctx):
        if n >= 0 and ctx.x != n:
            return False
        return not here or (
            0 <= ctx.story < len(game.you.committed) and src in game.you.committed[ctx.story]
        )

    return ab.BEFORE_STRUGGLE, test


@TRIGGER.register("after_struggle")
def after_struggle(where):
    """After a won icon struggle's effect has resolved at a story (ctx.story; ctx.x: its
    icon)."""
    return ab.AFTER_STRUGGLE, None


@TRIGGER.register("uncommitted")
def uncommitted(where):
    """After characters uncommit from a story (at the end of the story phase, from a story
    just won, or by an effect)."""
    return ab.UNCOMMITTED, None


@condition("host_committed_here", BOOL)
def _host_committed_here(value, where):
    """The character this card is attached to is committed to the story of the trigger
    (ctx.story), or not."""

    def check(game, src, ctx):
        host = game.you.attached.get(src, -1)
        s = ctx.story if ctx is not None else -1
        return (
            host >= 0 and 0 <= s < len(game.you.committed) and host in game.you.committed[s]
        ) == value

    return check


def _card_of(game, src, card):
    return src if card == "self" else game.you.attached.get(src, -1)


@EFFECT.register("commit_here", card=param(("self", "host"), "self"), exhaust=param(BOOL, False))
def commit_here(where, card, exhaust):
    """The card (or the character it is attached to), sane and not committed, commits to the
    story of the trigger (ctx.story), "after it commits" responses following; with
    ``exhaust`` it must be ready and exhausts (the cost of the commit), else it commits as
    it is."""

    def effect(game, src, ctx):
        i = _card_of(game, src, card)
        s = ctx.story
        if i not in game.you.status or not 0 <= s < len(game.you.committed):
            return
        if game.you.status[i] == INSANE or game.committed_story(i) >= 0:
            return
        if exhaust:
            if game.you.status[i] != READY:
                return
            game.you.status[i] = EXHAUSTED
        status = game.you.status[i]
        game._commit_only(i, s)  # "after ... commits" responses follow
        game.you.status[i] = status  # outside the commit step a commit does not exhaust
        return
        yield

    return effect


@EFFECT.register(
    "move_to_other_story",
    card=param(("self", "host"), "self"),
    partner=param(BOOL, False),
    to=param(("unresolved", "with_commits", "unresolved_with_commits"), required=True),
)
def move_to_other_story(where, card, partner, to):
    """The card (or the character it is attached to), committed to the story of the trigger,
    commits instead to another story: one not yet resolved this phase (``unresolved``, after
    it in order) or one where characters are committed (``with_commits``), or both
    (``unresolved_with_commits``: Military Bike, by the FAQ); with
    ``partner``, a character you choose committed beside it goes too (it must have one)."""

    def effect(game, src, ctx):
        i = _card_of(game, src, card)
        s = ctx.story if ctx.story >= 0 else game.committed_story(i)
        if i < 0 or not 0 <= s < len(game.you.committed) or i not in game.you.committed[s]:
            return
        movers = [i]
        if partner:
            pool = [j for j in game.you.committed[s] if j != i]
            j = yield from choose_card(game, "move", "moves along", pool)
            if j < 0:
                return
            movers.append(j)
        if to == "unresolved":
            slots = list(range(s + 1, len(game._stories)))
        elif to == "unresolved_with_commits":
            slots = [t for t in range(s + 1, len(game._stories)) if game.you.committed[t]]
        else:
            slots = [t for t in range(len(game._stories)) if t != s and game.you.committed[t]]
        t = yield from choose_story(game, "commit", "commit to", slots)
        if t < 0:
            return
        for j in movers:
            game.you.committed[s].remove(j)
            game.you.committed[t].append(j)
            log_event(game, "commit", f"{game.card(j).title} moves to {game.stories[t].title}")

    return effect


@EFFECT.register("resolve_struggle_as_won", icons=param(STRS, "TCAI"))
def resolve_struggle_as_won(where, icons):
    """Choose an icon struggle (among these types): resolve its effect at the story of the
    trigger as if you had won it (investigation: a success token; arcane: ready a committed
    exhausted character; terror and combat act on the opponent's characters: nothing)."""
    types = ["TCAI".index(ch) for ch in (icons if isinstance(icons, str) else "".join(icons))]

    def effect(game, src, ctx):
        s = ctx.story
        if not 0 <= s < len(game._stories):
            return

        def value(t):
            if t == 2:
                return (
                    5
                    if any(game.you.status.get(i) == EXHAUSTED for i in game.you.committed[s])
                    else 0
                )
            return 10 if t == 3 else 0

        t = yield from _choose_type(game, "resolve as won", types, value)
        if t == 3:
            log_event(game, "struggle", "investigation struggle resolved as won: +1 success token")
            yield from game._add_token(s, 1)
        elif t == 2:
            pool = [i for i in game.you.committed[s] if game.you.status.get(i) == EXHAUSTED]
            i = yield from choose_card(
                game, "ready", "arcane struggle resolved as won: ready", pool
            )
            if i >= 0:
                game._ready(i)
        elif t >= 0:
            log_event(game, "struggle", f"{_NAMES[t]} struggle resolved as won: no effect")

    return effect


@EFFECT.register("replace_struggle")
def replace_struggle(where):
    """Until the end of the phase, a struggle icon of a story you choose is replaced with a
    struggle icon of your choice (every such icon of that type there; used in the story
    phase, the effect lasts its resolution)."""

    def effect(game, src, ctx):
        slots = [s for s in range(len(game._stories)) if game.you.committed[s]]
        s = yield from choose_story(
            game, "struggle", "replace a struggle icon at", slots or range(len(game._stories))
        )
        if s < 0:
            return
        have = game.story_struggles(s)
        old = yield from _choose_type(game, "replace", have, lambda t: -t)
        if old < 0:
            return
        new = yield from _choose_type(game, "with", [t for t in range(4) if t != old], lambda t: t)
        if new < 0:
            return
        sid = game._stories[s]
        _rule(game, ("skip", sid, old))
        _rule(game, ("extra", sid, new))
        log_event(game, "struggle", f"{_NAMES[old]} struggle replaced with {_NAMES[new]}")

    return effect


# ------------------------------------------------------------------ refresh
@CONSTANT.register("ready_limit", n=param(INT, required=True))
def ready_limit(where, committed, n):
    """Players cannot ready more than n characters during the refresh phase (the player
    chooses which)."""
    return ab.Static(ab.READY_LIMIT, _always, n)


# ------------------------------------------------------------------ forbidding
_ABILITY_KINDS = ("action", "response", "disrupt", "forced", "play")


@CONSTANT.register(
    "cannot_trigger", abilities=param(STRS, required=True), who=FILTER, condition=CONDITION
)
def cannot_trigger(where, committed, abilities, who, condition):
    """Abilities of these kinds (action, response, disrupt, forced: a printed Forced
    Response, a triggered effect too; ``play``: playing events) of the cards the filter
    accepts (absent: every card) cannot be triggered. A forced record marked ``rule`` is
    not a triggered effect and is never barred."""
    kinds = frozenset([abilities] if isinstance(abilities, str) else abilities)
    if not kinds <= set(_ABILITY_KINDS):
        raise TextError(f"{where}: cannot_trigger abilities are {', '.join(_ABILITY_KINDS)}")
    return ab.Static(ab.NO_TRIGGERS, _who(who, condition, where), kinds, committed=committed)


@CONSTANT.register("no_put_into_play", who=FILTER, condition=CONDITION)
def no_put_into_play(where, committed, who, condition):
    """Cards the (printed-facts) filter accepts cannot enter play through an effect (played
    from hand, they still may)."""
    pred = compile_kind_filter(who, where)
    test = compile_condition(condition, where)
    if test is None:
        return ab.Static(ab.NO_PUT_INTO_PLAY, pred)
    return ab.Static(ab.NO_PUT_INTO_PLAY, lambda g, s, k: test(g, s, None) and pred(g, s, k))


@CONSTANT.register("no_clash")
def no_clash(where, committed):
    """Heroic and Villainous characters may be in play at the same time (while this card
    is in play, or as it enters)."""
    return ab.Static(ab.NO_CLASH, _always)


@CONSTANT.register("stays_on_insane_host")
def stays_on_insane_host(where, committed):
    """This attachment is not discarded when the character it is attached to goes insane."""
    return ab.Static(ab.STAYS_ON_INSANE, _always)


def _exempt_key(inst):
    return (inst, "unblanked")


@CONSTANT.register("blank_text", who=FILTER, except_chosen=param(BOOL, False), condition=CONDITION)
def blank_text(where, committed, who, except_chosen, condition):
    """The text boxes of the cards the filter accepts are blank (no abilities, no passives);
    with ``except_chosen``, not a card ``unblank`` chose this phase; with ``condition``,
    only while it holds ("If it is Night, ..."). The condition is read from the cards in
    play before this blanking applies (a blanked card saying "It is Night" still makes it
    Night): reading it otherwise loops."""
    pred = compile_filter(who, where)
    test = compile_condition(condition, where)
    reading = [False]  # the condition is being read: this blanking does not apply yet

    def blanked(game, src, inst):
        if inst == src or reading[0] or not pred(game, src, inst):
            return False
        if test is not None:
            reading[0] = True
            try:
                if not test(game, src, None):
                    return False
            finally:
                reading[0] = False
        if except_chosen and game._uses.get(_exempt_key(inst)) == (game.turn, game.phase):
            return False
        return True

    return ab.Static(ab.BLANK, blanked)


@EFFECT.register("blank_in_play", filter=param(FILTER, required=True))
def blank_in_play(where, filter):
    """Until the end of the phase the text boxes of the cards in play (every player's) that
    the filter accepts now are blank (``abilities.BLANKED``): "currently in play", so a card
    entering play later keeps its text (one that leaves and comes back this phase is the
    same instance and stays blank: a choice, rare). The automatic player does not use it
    while a card of yours it would blank has simulated text (``harms``): that text is taken
    to help you; a person may still use it."""
    remembers("blanks")
    pred = compile_filter(filter, where)

    def in_play(game, src, players):
        out = []
        for p in game.players_named(players, src):
            for i in (*p.characters, *p.supports):
                if i != src and pred(game, src, i):
                    out.append(i)
            if p.conspiracy >= 0 and pred(game, src, p.conspiracy):
                out.append(p.conspiracy)
        return out

    def effect(game, src, ctx):
        stamp = (game.turn, game.phase)
        kind_of = game.deck.kind_of
        for i in in_play(game, src, "each"):
            game._uses[(ab.BLANKED, i)] = stamp
            game._passives_changed(kind_of[i])  # its passives are off now
        return
        yield

    def harms(game, src):
        cd = game.deck
        return any(
            cd.abilities[cd.kind_of[i]] or cd.statics[cd.kind_of[i]]
            for i in in_play(game, src, "you")
        )

    effect.harms = harms
    return effect


@EFFECT.register("unblank", filter=FILTER)
def unblank(where, filter):
    """Choose a card in play the filter accepts: until the end of the phase it ignores the
    blanking of this card (``blank_text`` with ``except_chosen``)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i for i in game.you.characters + game.you.supports if i != src and pred(game, src, i)
        ]
        i = yield from choose_card(game, "unblank", "its text counts again", pool)
        if i >= 0:
            game._uses[_exempt_key(i)] = (game.turn, game.phase)
            game._statics_cache = None
            game._cost_cache = {}
            log_event(game, "text", f"{game.card(i).title} ignores the blanking this phase")

    return effect
