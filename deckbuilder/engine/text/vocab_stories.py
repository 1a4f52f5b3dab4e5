"""Vocabulary of stories, struggles, success tokens and winning."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, CONSPIRACY_BASE, DECK_OUT, OVER, WIN, Action
from deckbuilder.engine.effects import choose_card, choose_story, log_event
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    EFFECT,
    EFFECTS,
    FILTER,
    INT,
    TRIGGER,
    param,
)
from deckbuilder.engine.text.values import compile_amount, condition
from deckbuilder.engine.text.vocab_marks import clear_counters


@condition("conspiracy_in_play", BOOL)
def _conspiracy_in_play(value, where):
    """A conspiracy card is in play (as a story) (or not)."""
    return lambda game, src, ctx: (game.you.conspiracy >= 0) == value


@condition("has_success_tokens", BOOL)
def _has_success_tokens(value, where):
    """You have a success token on a story (or not)."""
    return lambda game, src, ctx: any(game.you.tokens) == value


@condition("trigger_story_in_play", BOOL)
def _trigger_story_in_play(value, where):
    """The story of the trigger is in play (or not): a success that won it has left it at
    once (``LeftStoryContext``), so "add a token to / check again at that story" has no
    story to act on and is not offered."""
    return lambda game, src, ctx: (0 <= ctx.story < len(game._stories)) == value


@EFFECT.register("lose_game")
def lose_game(where):
    """You are eliminated from the game: it is lost."""

    def effect(game, src, ctx):
        log_event(game, "eliminated", f"{game.card(src).title}: you are eliminated")
        game._end(DECK_OUT)
        return
        yield

    return effect


@EFFECT.register("resolve_other_stories")
def resolve_other_stories(where):
    """Resolve the win effects of the other (non-conspiracy) stories in play, in slot order;
    each may be declined, as when it is won. A story card of the deck's story section has
    its win effect queued (``run_story_effect``): it is offered when this effect ends."""
    return _resolve_other_stories


def _resolve_other_stories(game, src, ctx):
    from deckbuilder.engine.abilities import AbilityContext
    from deckbuilder.engine.story import CONSPIRACY_BASE, _core_story_offer

    own = ctx.story_id if ctx is not None else -1
    for sid in list(game._stories):
        if sid == own or sid not in game._stories:
            continue
        if sid >= CONSPIRACY_BASE:
            if not game.is_conspiracy(sid):  # a story card: its own win effect
                yield from run_story_effect(game, src, sid, game._stories.index(sid))
            continue
        offer = _core_story_offer(sid)
        if offer is None:
            continue
        choice, fx, condition = offer
        if condition is not None and not condition(game, src, AbilityContext(story_id=sid)):
            continue
        if game._policy is not None:
            answer = game._policy.decide(game, choice)
        else:
            answer = yield choice
        if answer.x:
            log_event(game, "story_effect", choice.prompt)
            s = game._stories.index(sid)
            yield from fx(game, src, AbilityContext(story=s, story_id=sid))


@EFFECT.register("tokens_for_discard_cards", filter=FILTER)
def tokens_for_discard_cards(where, filter):
    """Remove X of your success tokens from one story to return X cards the filter accepts
    from the discard pile to hand (X chosen card by card)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        slots = [s for s in range(len(game.you.tokens)) if game.you.tokens[s] > 0]
        s = yield from choose_story(game, "untoken", "remove success tokens from", slots)
        if s < 0:
            return
        while game.you.tokens[s] > 0:
            pool = [i for i in game.you.discard if i != src and pred(game, src, i)]
            i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
            if i < 0:
                return
            game.you.tokens[s] -= 1
            game._discard_to_hand(i)

    return effect


@EFFECT.register("resolve_story_effect")
def resolve_story_effect(where):
    """Resolve the effect of the story of the trigger (the one the source is committed to),
    as if won (Core stories; a conspiracy's win effect is queued); nothing when that story
    has just been won (its slot holds another story)."""

    def effect(game, src, ctx):
        s = ctx.story if ctx is not None else -1
        if not 0 <= s < len(game._stories):
            return
        sid = game._stories[s]
        if ctx.story_id >= 0 and ctx.story_id != sid:
            return
        yield from run_story_effect(game, src, sid, s)

    return effect


def run_story_effect(game, src, sid: int, s: int):
    """Generator: the effect of story ``sid`` (in slot ``s``, or -1 when not in play)
    resolves as if won: a Core story's text, a conspiracy's or story card's win effect
    (queued)."""
    from deckbuilder.engine.abilities import AbilityContext
    from deckbuilder.engine.story import _core_story_offer

    if sid >= CONSPIRACY_BASE:
        inst = sid - CONSPIRACY_BASE
        if game.deck.by_trigger[ab.WON][game.deck.kind_of[inst]]:
            game._queue_trigger(ab.WON, inst, AbilityContext(story=s, story_id=sid))
        return
    offer = _core_story_offer(sid)
    if offer is None:
        return
    log_event(game, "story_effect", offer[0].prompt)
    yield from offer[1](game, -1, AbilityContext(story=s, story_id=sid))


@EFFECT.register("self_to_won_pile")
def self_to_won_pile(where):
    """This card leaves play for your won story pile, as a won story (a third win wins the
    game)."""

    def effect(game, src, ctx):
        if src not in game.you.status and src not in game.you.supports:
            return
        game._leave_play(src, to="hand")
        if src in game.you.hand:
            game.you.hand.remove(src)
        clear_counters(game, src)
        game.you.won.append(CONSPIRACY_BASE + src)
        if game.log is not None:
            game._event("story_won", f"{game.card(src).title} joins the won stories")
        if game.phase != OVER and game._game_won():
            game._end(WIN)
        return
        yield

    return effect


@EFFECT.register("win_crowded_stories", n=param(INT, required=True))
def win_crowded_stories(where, n):
    """Win at once every story where you have at least n characters committed (success
    tokens up to what it needs)."""

    def effect(game, src, ctx):
        for sid in list(game._stories):
            if game.phase == OVER or sid not in game._stories:
                continue
            s = game._stories.index(sid)
            if len(game.you.committed[s]) >= n:
                need = game.story_to_win(s) - game.you.tokens[s]
                if need > 0:
                    yield from game._add_token(s, need)

    return effect


@EFFECT.register("swap_story")
def swap_story(where):
    """Replace a revealed story with one chosen from the story deck (its success tokens stay);
    the replaced story goes back into the story deck."""
    from deckbuilder.engine.actions import CHOOSE, CONSPIRACY_BASE, Action
    from deckbuilder.engine.effects import choose_story

    def effect(game, src, ctx):
        pile = game._story_deck
        slots = [s for s, sid in enumerate(game._stories) if sid < CONSPIRACY_BASE]
        if not pile or not slots:
            return
        s = yield from choose_story(game, "swap_story", "replace", slots)
        if s < 0:
            return
        labelled = game._policy is None
        acts = tuple(
            Action(CHOOSE, x=j, label=f"bring in {game._story_title(sid)}" if labelled else "")
            for j, sid in enumerate(pile)
        )
        j = (yield Choice("swap_story", "bring in", acts)).x if len(acts) > 1 else 0
        game._stories[s], pile[j] = pile[j], game._stories[s]

    return effect


@EFFECT.register("extra_struggle", icon=param(("T", "C", "A", "I"), required=True))
def extra_struggle(where, icon):
    """A chosen story gains one more icon struggle of this kind this phase; against an empty
    opponent it is won at once where your committed characters have that icon: for an (I)
    struggle, 1 success token there (other icons: nothing more to gain)."""
    from deckbuilder.engine.effects import choose_story

    column = "TCAI".index(icon)

    def effect(game, src, ctx):
        slots = [
            s
            for s in range(len(game._stories))
            if sum(game.icons_of(i)[column] for i in game.you.committed[s]) > 0
        ]
        s = yield from choose_story(game, "token", "an extra struggle at", slots)
        if s < 0 or column != 3:
            return
        game.you.tokens[s] += 1

    return effect


@condition("struggle_icons_at_least", INT)
def struggle_icons_at_least(value, where):
    """The struggle just won (ctx.x at ctx.story) was won by at least this many icons (what
    story resolution counted for it (ctx.margin), else the icons of your characters
    committed there whose icons count; the goldfish opponent has none)."""
    n = int(value)

    def check(game, src, ctx):
        s, k = ctx.story, ctx.x
        if s < 0 or s >= len(game.you.committed) or not 0 <= k < 4:
            return False
        if ctx.margin >= 0:  # what story resolution counted for it
            return ctx.margin >= n
        committed = game.you.committed[s]
        silenced = game.icons_silenced(committed)
        return sum(game.icons_of(i)[k] for i in committed if i not in silenced) >= n

    return check


@EFFECT.register("move_token")
def move_token(where):
    """Move one of your success tokens from a story to another story."""

    def effect(game, src, ctx):
        froms = [s for s in range(len(game.you.tokens)) if game.you.tokens[s] > 0]
        a = yield from choose_story(game, "move_from", "move a token from", froms)
        if a < 0:
            return
        tos = [s for s in range(len(game.you.tokens)) if s != a]
        b = yield from choose_story(game, "token", "move the token to", tos)
        if b < 0:
            return
        game.you.tokens[a] -= 1
        log_event(game, "token", f"success token moved to {game._story_title(game._stories[b])}")
        yield from game._add_token(b, 1)

    return effect


@TRIGGER.register("any_struggle_won", here=param(BOOL, False))
def any_struggle_won(where, here):
    """After you win an icon struggle of any kind (``here``: at the story this card is
    committed to)."""
    if here:
        return (
            ab.STRUGGLE_WON,
            lambda g, s, c: 0 <= c.story < len(g.you.committed) and s in g.you.committed[c.story],
        )
    return ab.STRUGGLE_WON, None


@EFFECT.register("after_replaced", effects=param(EFFECTS, required=True))
def after_replaced(where, effects):
    """A story's win effect that begins "After you replace this story": the effects wait
    (an "after_replaced" rule of the turn) until the won story has left its slot and the
    next one is revealed (``StoryMixin._win_story``), so that they see the new story and not
    the tokens of the won one."""
    inner = compile_effects(effects, where)

    def effect(game, src, ctx):
        game._turn_rules.append(("after_replaced", src, inner, game.turn, ctx))
        return
        yield

    return effect


@EFFECT.register("redistribute_tokens", max_per_story=param(INT, 4))
def redistribute_tokens(where, max_per_story):
    """Take all your success tokens off the stories and put them back one by one on the
    stories of your choice, at most ``max_per_story`` on each."""

    def effect(game, src, ctx):
        total = sum(game.you.tokens)
        for s in range(len(game.you.tokens)):
            game.you.tokens[s] = 0
        for _ in range(total):
            slots = [s for s in range(len(game.you.tokens)) if game.you.tokens[s] < max_per_story]
            s = yield from choose_story(game, "token", "success token on", slots)
            if s < 0:
                break
            yield from game._add_token(s, 1)  # a story may be won on the way
            if game.phase == "over":
                return

    return effect


@EFFECT.register("rearrange_stories", swaps=param(INT, 3))
def rearrange_stories(where, swaps):
    """Swap revealed stories between slots (up to ``swaps`` times); success tokens and
    committed characters stay in their slots."""

    def effect(game, src, ctx):
        for _ in range(swaps):
            n = len(game._stories)
            pairs = [(a, b) for a in range(n) for b in range(a + 1, n)]
            if not pairs:
                return
            title = lambda s: game._story_title(game._stories[s])  # noqa: E731
            acts = [Action(CHOOSE, x=-1, label="keep the stories where they are")]
            acts += [
                Action(CHOOSE, x=k, label=f"swap {title(a)} and {title(b)}")
                for k, (a, b) in enumerate(pairs)
            ]
            pick = yield ab.Choice("rearrange", "rearrange the stories", tuple(acts))
            if pick.x < 0:
                return
            a, b = pairs[pick.x]
            game._stories[a], game._stories[b] = game._stories[b], game._stories[a]

    return effect


@EFFECT.register("token_each_story", n=param(AMOUNT, 1), tokens_max=param(INT, 99))
def token_each_story(where, n, tokens_max):
    """Put n of your success tokens on each story where you have at most ``tokens_max``."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        k = amount(game, src, ctx)
        if k <= 0:
            return
        ids = [
            sid for sid, t in zip(game._stories, game.you.tokens, strict=False) if t <= tokens_max
        ]
        for sid in ids:
            if game.phase == OVER or sid not in game._stories:
                continue
            s = game._stories.index(sid)
            log_event(game, "token", f"+{k} success token on {game._story_title(game._stories[s])}")
            yield from game._add_token(s, k)

    return effect


@EFFECT.register("wound_for_token", max_tokens=param(INT, 2))
def wound_for_token(where, max_tokens):
    """Choose a story where you have at most ``max_tokens`` success tokens, wound one of your
    characters committed there, and put a success token on that story."""

    def effect(game, src, ctx):
        slots = [
            s
            for s, c in enumerate(game.you.committed)
            if c and s < len(game.you.tokens) and game.you.tokens[s] <= max_tokens
        ]
        s = yield from choose_story(game, "token", "success token on", slots)
        if s < 0:
            return
        pool = [i for i in game.you.committed[s] if game.can_wound(i)]
        i = yield from choose_card(game, "wound", "wound", pool, harm=True)
        if i < 0:
            return
        game._wound(i)
        log_event(game, "token", f"+1 success token on {game._story_title(game._stories[s])}")
        yield from game._add_token(s, 1)

    return effect


@EFFECT.register("tokens_to_draw")
def tokens_to_draw(where):
    """Discard any number of your success tokens, from any stories, one at a time (a
    story keeps the tokens you leave), then draw as many cards. The first token is not
    optional: the ability is only worth playing for at least one (``has_success_tokens``)."""

    def effect(game, src, ctx):
        tokens = game.you.tokens
        labelled = game._policy is None  # a policy reads values, not words: no labels
        n = 0
        while True:
            acts = []
            for s in range(len(tokens)):
                if tokens[s] > 0:
                    title = game._story_title(game._stories[s]) if labelled else ""
                    label = f"discard a success token of {title}" if labelled else ""
                    acts.append(Action(CHOOSE, story=s, x=s, label=label))
            if not acts:
                break
            if n:
                acts.append(Action(CHOOSE, x=-1, label="stop discarding success tokens"))
            pick = (yield Choice("discard_tokens", "discard a success token", tuple(acts))).x
            if pick < 0:
                break
            tokens[pick] -= 1
            n += 1
        if n:
            log_event(game, "tokens", f"{n} success tokens discarded")
            game._draw_by_effect(n)

    return effect
