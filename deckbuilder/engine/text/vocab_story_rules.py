"""Vocabulary of the rules around stories: what wins a story and the game, which story comes
next, story effects resolved outside a win, phases skipped or repeated, Day and Night of the
turn, and the places committed characters stand.

Passives here become the engine's rule statics (``abilities.TOKENS_TO_WIN`` ...), read by
``StoryMixin``; effects of the turn become ``game._turn_rules`` entries
``(kind, a, b, last turn, phase or None)`` (see ``TurnMixin.rule_applies``)."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import (
    CHOOSE,
    CONSPIRACY_BASE,
    OVER,
    STORY,
    STORY_HOST,
    WIN,
    Action,
)
from deckbuilder.engine.cards import CONSPIRACY
from deckbuilder.engine.effects import choose_story, log_event
from deckbuilder.engine.text.filters import atom, compile_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONDITION,
    CONSTANT,
    COST,
    EFFECT,
    FILTER,
    INT,
    TRIGGER,
    param,
)
from deckbuilder.engine.text.values import compile_condition, condition
from deckbuilder.engine.text.vocab_stories import run_story_effect

_NAMES = ("terror", "combat", "arcane", "investigation")


def _test(where, spec):
    """``(game, src, target) -> bool`` of a condition table (ctx None), or None."""
    test = compile_condition(spec, where)
    if test is None:
        return None
    return lambda g, s, t: test(g, s, None)


def _is_here(game, src, sid: int) -> bool:
    """Story ``sid`` is the card itself (a conspiracy or a story card) or the story it is
    attached to."""
    return sid == CONSPIRACY_BASE + src or game.you.attached.get(src) == STORY_HOST + sid


def _story_of(game, src) -> int:
    """The story slot the card is (a conspiracy), is attached to, or is committed to; -1."""
    for s, sid in enumerate(game._stories):
        if _is_here(game, src, sid):
            return s
    return game.committed_story(src)


def _rule(game, kind, a, b=None, turns=0, phase=None) -> None:
    """An effect of the turn: until the end of this turn (and ``turns`` more of yours), or
    of ``phase`` of this turn."""
    game._turn_rules.append((kind, a, b, game.turn + turns, phase))


# ------------------------------------------------------------------ filter atoms
@atom("at_this_story", "state", BOOL)
def _at_this_story(value):
    """Committed to the story this card is (a conspiracy), is attached to or is committed
    to (true), or not (false)."""

    def pred(game, src, i):
        s = _story_of(game, src)
        return (s >= 0 and i in game.you.committed[s]) == value

    return pred


@atom("at_conspiracy", "state", BOOL)
def _at_conspiracy(value):
    """Committed to a conspiracy (true), or not (false)."""

    def pred(game, src, i):
        s = game.committed_story(i)
        return (s >= 0 and game._stories[s] >= CONSPIRACY_BASE) == value

    return pred


@atom("tokens_here_max", "state", INT)
def _tokens_here_max(value):
    """Committed to a story where you have at most ``value`` success tokens ("a story in
    which you have 2 or fewer success tokens": a character of yours there)."""

    def pred(game, src, i):
        s = game.committed_story(i)
        return 0 <= s < len(game.you.tokens) and game.you.tokens[s] <= value

    return pred


@atom("has_attachment", "state", BOOL)
def _has_attachment(value):
    """Has a card attached to it, face up or face down (true), or none (false)."""

    def pred(game, src, i):
        found = any(h == i for h in game.you.attached.values()) or any(
            h == i for h in game.you.facedown.values()
        )
        return found == value

    return pred


# ------------------------------------------------------------------ conditions
@condition("won_story_card", BOOL)
def _won_story_card(value, where):
    """One of your won stories is a story card, not a conspiracy (or none is)."""
    return lambda game, src, ctx: any(not game.is_conspiracy(s) for s in game.you.won) == value


@condition("won_conspiracy", BOOL)
def _won_conspiracy(value, where):
    """One of your won stories is a conspiracy card (or none is)."""

    def check(game, src, ctx):
        cd = game.deck
        found = any(
            sid >= CONSPIRACY_BASE and cd.ctype[cd.kind_of[sid - CONSPIRACY_BASE]] == CONSPIRACY
            for sid in game.you.won
        )
        return found == value

    return check


@condition("story_deck_empty", BOOL)
def _story_deck_empty(value, where):
    """No story card is left in the story deck (or some is)."""
    return lambda game, src, ctx: (not game._story_deck) == value


# ------------------------------------------------------------------ passives: winning
@CONSTANT.register("tokens_to_win", amount=param(INT, required=True), here=param(BOOL, False))
def tokens_to_win(where, committed, amount, here):
    """Each story (``here``: only this conspiracy, or the story the card is attached to)
    needs ``amount`` more success tokens to be won (fewer when negative)."""
    who = None
    if here:
        who = lambda g, src, s: _is_here(g, src, g._stories[s])  # noqa: E731
    return ab.Static(ab.TOKENS_TO_WIN, who, amount)


@CONSTANT.register("stories_to_win", amount=param(INT, required=True))
def stories_to_win(where, committed, amount):
    """Each player needs ``amount`` more won stories to win the game."""
    return ab.Static(ab.MORE_STORIES, None, amount)


@CONSTANT.register("cannot_win_game", condition=param(CONDITION, required=True))
def cannot_win_game(where, committed, condition):
    """No player wins the game by winning stories while the condition holds."""
    return ab.Static(ab.NO_GAME_WIN, _test(where, condition))


@CONSTANT.register("no_story_replacement", condition=CONDITION)
def no_story_replacement(where, committed, condition):
    """Stories you win are not replaced from the story deck (while the condition holds)
    as long as another non-conspiracy story is in play; once none is, the won story is
    replaced and the empty slots are filled again."""
    return ab.Static(ab.NO_REPLACEMENT, _test(where, condition))


@CONSTANT.register("story_effect_must_resolve")
def story_effect_must_resolve(where, committed):
    """The effect of the story this card is attached to resolves when it is won (its
    winner cannot decline it)."""
    return ab.Static(ab.MUST_RESOLVE)


# ------------------------------------------------------------------ passives: commits
@CONSTANT.register("commits_only_here", who=param(FILTER, required=True))
def commits_only_here(where, committed, who):
    """The characters ``who`` accepts can commit to no story but this one (this conspiracy,
    or the story the card is attached to), in the story phase's commits."""
    return ab.Static(ab.COMMITS_HERE_ONLY, compile_filter(who, where))


@CONSTANT.register("no_abilities", who=param(FILTER, required=True), condition=CONDITION)
def no_abilities(where, committed, who, condition):
    """The characters ``who`` accepts cannot trigger their abilities (actions and
    responses; their passives still work)."""
    pred = compile_filter(who, where)
    test = compile_condition(condition, where)
    if test is None:
        return ab.Static(ab.NO_ABILITIES, pred)
    return ab.Static(ab.NO_ABILITIES, lambda g, s, t: pred(g, s, t) and test(g, s, None))


@CONSTANT.register("stays_committed", who=param(FILTER, required=True))
def stays_committed(where, committed, who):
    """The characters ``who`` accepts cannot be uncommitted by an effect (going insane or
    leaving play still takes them out of the story)."""
    return ab.Static(ab.STAYS_COMMITTED, compile_filter(who, where))


@CONSTANT.register("counts_at_host_story", count=param(("skill", "icons", "both"), "both"))
def counts_at_host_story(where, committed, count):
    """The card, attached to a story, counts its printed skill and/or icons there each time
    that story resolves (with characters of yours committed to it)."""
    mode = {"skill": 1, "icons": 2, "both": 3}[count]

    def who(game, src, s):
        return src if game.you.attached.get(src) == STORY_HOST + game._stories[s] else -1

    return ab.Static(ab.COUNTS_AT, who, mode)


# ------------------------------------------------------------------ effects of the turn
@EFFECT.register("tokens_to_win_this_phase", amount=param(INT, required=True))
def tokens_to_win_this_phase(where, amount):
    """Choose a story: until the end of the phase it needs ``amount`` more success tokens to
    be won (fewer when negative); a story that then has enough of your tokens is won."""

    def effect(game, src, ctx):
        slots = range(len(game._stories))
        s = yield from choose_story(game, "to_win", "tokens to win changed at", slots)
        if s < 0:
            return
        sid = game._stories[s]
        _rule(game, "to_win", sid, amount, phase=game.phase)
        log_event(game, "story", f"{game._story_title(sid)} needs {game.story_to_win(s)} tokens")
        if game.you.tokens[s] >= game.story_to_win(s):
            if game._last_win(sid):
                game._win_story_plain(s)
            else:
                yield from game._win_story(s)

    return effect


@EFFECT.register("skip_story_phase", turns=param(INT, 0))
def skip_story_phase(where, turns):
    """You skip your story phase this turn (and in your next ``turns`` turns)."""

    def effect(game, src, ctx):
        _rule(game, "skip_phase", STORY, turns=turns)
        log_event(game, "story", "the story phase will be skipped")
        return
        yield

    return effect


@EFFECT.register("repeat_phase")
def repeat_phase(where):
    """When this phase ends, it begins again (once more for each use)."""

    def effect(game, src, ctx):
        _rule(game, "repeat_phase", game.phase, phase=game.phase)
        log_event(game, "phase", f"the {game.phase} phase will be repeated")
        return
        yield

    return effect


@EFFECT.register(
    "it_is_this_turn",
    time=param(("day", "night"), required=True),
    until=param(("turn", "phase"), "turn"),
)
def it_is_this_turn(where, time, until):
    """It is Day (or Night) until the end of the turn (``until = "phase"``: of the phase)."""

    def effect(game, src, ctx):
        phase = game.phase if until == "phase" else None
        _rule(game, "it_is", ab.DAY if time == "day" else ab.NIGHT, phase=phase)
        log_event(game, "time", f"it is {time} until the end of the {until}")
        if game.facts.host_bound:  # "if it becomes Day, sacrifice attached character"
            game._check_host_bound()
        return
        yield

    return effect


def _story_deck_choice(game, kind: str, prompt: str, verb: str):
    """Generator: the story the player chooses from the story deck (None when it is empty;
    a lone story is taken without asking). A policy answers at once, as ``choose_card``."""
    pile = game._story_deck
    if len(pile) <= 1:
        return pile[0] if pile else None
    labelled = game._policy is None
    acts = tuple(
        Action(CHOOSE, x=sid, label=f"{verb} {game._story_title(sid)}" if labelled else "")
        for sid in pile
    )
    choice = Choice(kind, prompt, acts)
    if game._policy is not None and game.phase != OVER:
        return game._policy.decide(game, choice).x
    return (yield choice).x


@EFFECT.register("choose_next_story")
def choose_next_story(where):
    """Search the story deck and choose the next story to come into the game (the deck is
    then shuffled)."""

    def effect(game, src, ctx):
        sid = yield from _story_deck_choice(game, "next_story", "the next story", "next:")
        if sid is None:
            return
        _rule(game, "next_story", sid)
        log_event(game, "story", f"{game._story_title(sid)} comes into the game next")

    return effect


@EFFECT.register("skip_struggle_type", stories=param(("here", "all"), "all"))
def skip_struggle_type(where, stories):
    """Choose an icon struggle type among those of the story of the trigger: struggles of
    that type do not resolve this phase at any story (``here``: at that story)."""

    def effect(game, src, ctx):
        s = ctx.story if ctx is not None else -1
        if not 0 <= s < len(game._stories):
            return
        types = sorted(set(game.story_struggles(s)))
        if not types:
            return
        # Against nobody terror and combat struggles do nothing: they go first.
        acts = tuple(
            Action(CHOOSE, x=t, label=f"{_NAMES[t]} struggles do not resolve") for t in types
        )
        choice = Choice("struggle_type", "struggles that do not resolve", acts)
        if len(types) == 1:
            t = types[0]
        elif game._policy is not None and game.phase != OVER:
            t = game._policy.decide(game, choice).x
        else:
            t = (yield choice).x
        where_ = game._stories[s] if stories == "here" else -1
        game._story_rules.append(("skip", where_, t))
        log_event(game, "struggle", f"{_NAMES[t]} struggles do not resolve this phase")

    return effect


# ------------------------------------------------------------------ tokens and stories
@EFFECT.register("exchange_tokens")
def exchange_tokens(where):
    """Choose 2 different stories and exchange all your success tokens on them (a story
    that then has enough is won)."""

    def effect(game, src, ctx):
        slots = range(len(game._stories))
        a = yield from choose_story(game, "exchange", "exchange the tokens of", slots)
        if a < 0:
            return
        others = [s for s in slots if s != a]
        b = yield from choose_story(game, "exchange", "with the tokens of", others)
        if b < 0:
            return
        tokens = game.you.tokens
        tokens[a], tokens[b] = tokens[b], tokens[a]
        log_event(game, "token", "success tokens exchanged")
        for sid in (game._stories[a], game._stories[b]):
            if game.phase == OVER or sid not in game._stories:
                continue
            s = game._stories.index(sid)
            if tokens[s] >= game.story_to_win(s):
                if game._last_win(sid):
                    game._win_story_plain(s)
                else:
                    yield from game._win_story(s)

    return effect


@EFFECT.register("exchange_with_won_story")
def exchange_with_won_story(where):
    """Exchange a non-conspiracy story in play with a non-conspiracy story of your won pile
    (the tokens and committed characters stay in the slot)."""

    def effect(game, src, ctx):
        slots = [s for s, sid in enumerate(game._stories) if not game.is_conspiracy(sid)]
        won = [sid for sid in game.you.won if not game.is_conspiracy(sid)]
        if not slots or not won:
            return
        s = yield from choose_story(game, "exchange", "exchange", slots)
        labelled = game._policy is None
        acts = tuple(
            Action(CHOOSE, x=sid, label=f"bring back {game._story_title(sid)}" if labelled else "")
            for sid in won
        )
        sid = (yield Choice("exchange", "bring back", acts)).x if len(acts) > 1 else won[0]
        out = game._stories[s]
        game.you.won[game.you.won.index(sid)] = out
        game._stories[s] = sid
        log_event(
            game, "story", f"{game._story_title(out)} exchanged with {game._story_title(sid)}"
        )

    return effect


@EFFECT.register(
    "resolve_story",
    source=param(("play", "won", "any_won"), "play"),
    conspiracies=param(BOOL, False),
    shuffle_back=param(BOOL, False),
)
def resolve_story(where, source, conspiracies, shuffle_back):
    """Choose a story (in play, or in your won pile; ``any_won``: in any player's, the
    goldfish opponent's being empty) and resolve its effect as if won, or choose none.
    ``conspiracies``: a conspiracy may be chosen; ``shuffle_back``: the won story is
    shuffled back into the story deck before its effect resolves."""

    def effect(game, src, ctx):
        pool = list(game._stories) if source == "play" else list(game.you.won)
        if not conspiracies:
            pool = [sid for sid in pool if not game.is_conspiracy(sid)]
        if not pool:
            return
        labelled = game._policy is None
        acts = [
            Action(CHOOSE, x=sid, label=f"resolve {game._story_title(sid)}" if labelled else "")
            for sid in pool
        ]
        acts.append(Action(CHOOSE, x=-1, label="none"))
        choice = Choice("story_effect", "resolve the effect of", tuple(acts))
        if game._policy is not None and game.phase != OVER:
            sid = game._policy.decide(game, choice).x
        else:
            sid = (yield choice).x
        if sid < 0:
            return
        if shuffle_back and sid in game.you.won:
            game.you.won.remove(sid)
            game._to_story_deck(sid)
        s = game._stories.index(sid) if sid in game._stories else -1
        yield from run_story_effect(game, src, sid, s)

    return effect


@EFFECT.register("resource_self_to_story")
def resource_self_to_story(where):
    """The card itself, attached to a domain as a resource, leaves the domain and is
    attached to a story of your choice (as an attachment support)."""

    def effect(game, src, ctx):
        d = next((d for d, dom in enumerate(game.you.domains) if src in dom), -1)
        if d < 0 or not game._stories:
            return
        s = yield from choose_story(game, "attach", "attach to", range(len(game._stories)))
        if s < 0:
            return
        game._detach_resource(src, d)
        game._add_support(src)
        game.you.attached[src] = STORY_HOST + game._stories[s]
        k = game.deck.kind_of[src]
        if game.deck.statics[k]:
            game._passives_changed(k)
        game._statics_cache = None
        log_event(game, "attach", f"{game.card(src).title} attached to a story")

    return effect


@EFFECT.register("win_from_story_deck")
def win_from_story_deck(where):
    """Search the story deck and choose a story: its effect resolves as if won, then it
    joins your won pile (a win: enough of them win the game). The deck is shuffled."""

    def effect(game, src, ctx):
        sid = yield from _story_deck_choice(game, "story_effect", "win from the story deck", "win")
        if sid is None:
            return
        game._story_deck.remove(sid)
        yield from run_story_effect(game, src, sid, -1)
        if game._triggers:  # a conspiracy's or story card's effect, queued
            yield from game._resolve_triggers()
        game.you.won.append(sid)
        log_event(game, "story_won", f"{game._story_title(sid)} joins the won stories")
        if game.phase != OVER and game._game_won():
            game._end(WIN)

    return effect


@EFFECT.register("self_to_story_deck")
def self_to_story_deck(where):
    """This story card, being won, is shuffled into the story deck instead of joining your
    won pile."""

    def effect(game, src, ctx):
        _rule(game, "not_won", CONSPIRACY_BASE + src)
        return
        yield

    return effect


# ------------------------------------------------------------------ cancelling a sacrifice
@TRIGGER.register("effect_would_sacrifice")
def effect_would_sacrifice(where):
    """An effect would sacrifice 1 or more characters you control (a window before it does:
    ``instead`` with ``to = "cancel"`` cancels it; a sacrifice paid as a cost is no effect)."""
    return ab.EFFECT_WOULD_SACRIFICE, None


@COST.register("discard_top", value=param(INT, required=True))
def discard_top_cost(where, value):
    """Discard this many cards from the top of your deck."""

    def can_pay(game, src):
        return game.deck_size >= value

    def pay(game, src):
        for _ in range(value):
            i = game._take_top()
            if i < 0:
                break
            game._into_discard(i)
            game._deck_discarded()
            log_event(game, "discard", f"{game.card(i).title} discarded from the deck")
        game._check_deck_out()
        return
        yield

    return can_pay, pay
