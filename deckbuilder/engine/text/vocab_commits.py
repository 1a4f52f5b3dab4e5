"""Vocabulary of commits: characters committed, moved between stories or removed from them."""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    PLAYED_CHARACTER,
    STAYS_COMMITTED,
    UNCOMMITTED,
    AbilityContext,
    LeftStoryContext,
    first_unresolved,
)
from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_story, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, EFFECT, FILTER, param
from deckbuilder.engine.text.templates_characters import bound_key
from deckbuilder.engine.text.values import condition


@EFFECT.register(
    "commit_character",
    filter=FILTER,
    sources=param(("play", "hand"), "play"),
    exhaust=param(BOOL, False),
    stories=param(("any", "unresolved"), "any"),
    target=param(("choose", "subject"), "choose"),
    story=param(("choose", "here", "opponent"), "choose"),
    must=param(BOOL, False),
)
def commit_character(where, filter, sources, exhaust, stories, target, story, must):
    """Commit a character the filter accepts to a story of your choice, outside the commit
    step (from play, or put into play from hand first). It stays ready (FAQ: a character
    committed outside the commit step, or put into play committed, does not exhaust);
    ``exhaust = true`` when the text exhausts it; ``stories = "unresolved"``: to a story not yet
    resolved (after the one of the trigger); ``target = "subject"``: the character chosen
    before (``choose_subject``), even an exhausted one; ``story = "here"``: to the story of
    the trigger or of the ability's card (ctx.story), not a chosen one; ``story =
    "opponent"``: to a story the controller's opponent chooses.

    ``must = true`` ("must commit ..., if able"): not declined when some character may
    commit to some story; from play, only where the commit rules let it (``may_commit`` and
    ``may_commit_to``: bans, exhausted characters).

    The goldfish opponent, who never acts, chooses as one who wants the commit to help you
    least: the story you are farthest from winning (the most success tokens you still need
    there), the first such slot on a tie. A fixed rule keeps the games reproducible, and
    the tokens you still need are what a commit there is worth to you."""
    pred = compile_filter(filter, where)

    def opponent_story(game, src, i, slots):
        """The story the controller's opponent chooses for ``i`` among ``slots``."""
        chooser = game.players_named("opponent", src)[0]
        if chooser is game.you:  # (a second player's card: its opponent is the one playing)
            return (yield from choose_story(game, "commit", "commit to", slots))
        tokens = game.you.tokens
        return max(slots, key=lambda s: (game.story_to_win(s) - tokens[s], -s))

    def effect(game, src, ctx):
        if target == "subject":
            i = ctx.target
            if game.you.status.get(i) not in (READY, EXHAUSTED) or game.committed_story(i) >= 0:
                return
            s = yield from choose_story(game, "commit", "commit to", range(len(game.you.committed)))
            if s >= 0:
                status = game.you.status[i]
                game._commit(i, s)
                if not exhaust:
                    game.you.status[i] = status
            return
        if sources == "hand":
            pool = [
                i
                for i in game.you.hand
                if game.deck.ctype[game.deck.kind_of[i]] == CHARACTER
                and game.may_enter(game.deck.kind_of[i])
                and pred(game, src, i)
            ]
        else:
            busy = {i for c in game.you.committed for i in c}
            pool = [
                i
                for i in game.you.characters
                if i not in busy
                and game.you.status.get(i) in (READY, EXHAUSTED)
                and pred(game, src, i)
            ]
        slots = range(len(game.you.committed))
        if stories == "unresolved":
            slots = range(max(first_unresolved(ctx), 0), len(game.you.committed))
        if not slots:
            return
        legal = None
        if must and sources == "play":  # only where the rules let it commit: then it does
            legal = {
                i: [s for s in slots if game.may_commit_to(i, s)]
                for i in pool
                if game.may_commit(i)
            }
            pool = [i for i in pool if legal.get(i)]
        i = yield from choose_card(game, "commit", "commit", pool, optional=not must)
        if i < 0:
            return
        if legal is not None:
            slots = legal[i]
        if story == "here":
            s = ctx.story if 0 <= ctx.story < len(game.you.committed) else -1
        elif story == "opponent":
            s = yield from opponent_story(game, src, i, slots)
        else:
            s = yield from choose_story(game, "commit", "commit to", slots)
        if s < 0:
            return
        if sources == "hand":
            game._take_from(i)
            game._enter(i)
            if i not in game.you.status:
                return
        status = game.you.status[i]
        game._commit(i, s)
        if not exhaust:
            game.you.status[i] = status

    return effect


@condition("unresolved_story", BOOL)
def _unresolved_story(value, where):
    """A story after the one of the trigger is still to resolve (``commit_character`` with
    ``stories = "unresolved"`` has a story to commit to; none after the last one)."""

    def check(game, src, ctx):
        return (0 <= first_unresolved(ctx) < len(game.you.committed)) == value

    return check


@condition("unresolved_story_with_commits", BOOL)
def _unresolved_story_with_commits(value, where):
    """A story after the one of the trigger is still to resolve and has characters committed
    (``move_to_other_story`` with ``to = "unresolved_with_commits"`` has a story to go to)."""

    def check(game, src, ctx):
        start = first_unresolved(ctx)
        later = range(start, len(game.you.committed)) if start >= 0 else ()
        return any(game.you.committed[t] for t in later) == value

    return check


def _recommit_pool(game, src, pred) -> list:
    """Your committed characters the filter accepts that may leave their story (sane, no
    passive keeps them there), when a different story is in play to re-commit them to."""
    if len(game._stories) < 2:
        return []
    return [
        i
        for c in game.you.committed
        for i in c
        if game.you.status.get(i) != INSANE
        and pred(game, src, i)
        and not game.has_static(STAYS_COMMITTED, i)
    ]


@condition("may_recommit", FILTER)
def _may_recommit(value, where):
    """``recommit`` with this filter has a character to move: FAQ 1.5, a character that
    cannot leave its story (The Door that will not Close) is no target."""
    pred = compile_filter(value, where)
    return lambda game, src, ctx: bool(_recommit_pool(game, src, pred))


@EFFECT.register("recommit", filter=FILTER)
def recommit(where, filter):
    """Uncommit one of your committed characters the filter accepts and commit it to a
    different story (it stays exhausted)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = _recommit_pool(game, src, pred)
        i = yield from choose_card(game, "recommit", "move", pool)
        if i < 0:
            return
        old = game.committed_story(i)
        slots = [s for s in range(len(game._stories)) if s != old]
        s = yield from choose_story(game, "token", "commit to", slots)
        if s < 0 or old < 0:
            return
        game.you.committed[old].remove(i)
        game.you.committed[s].append(i)
        if game.log is not None:
            game._event("commit", f"{game.card(i).title} moved to another story")

    return effect


_HERE_ACTIONS = ("sacrifice", "to_hand", "insane", "ready")


@EFFECT.register("committed_here", action=param(_HERE_ACTIONS, required=True), filter=FILTER)
def committed_here(where, action, filter):
    """Every character of yours committed to the story of the event (or the one the card is
    committed to) is sacrificed, returned to hand, driven insane or readied; after a success
    that won the story, those committed there at that moment (``LeftStoryContext``)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if ctx.__class__ is LeftStoryContext:  # a success that won the story: who was there
            here = [i for i in ctx.was_committed if i in game.you.status]
        else:
            s = ctx.story if ctx is not None and ctx.story >= 0 else game.committed_story(src)
            if s < 0 or s >= len(game.you.committed):
                return
            here = game.you.committed[s]
        for i in [i for i in here if pred(game, src, i)]:
            if i not in game.you.status:
                continue
            if action == "sacrifice":
                game._sacrifice(i)
            elif action == "to_hand":
                game._leave_play(i, to="hand")
            elif action == "insane":
                if game.you.status[i] != INSANE:
                    game._go_insane(i)
            elif game.you.status[i] == EXHAUSTED:
                game.you.status[i] = READY
            log_event(game, action, f"{game.card(i).title}: {action}")
        return
        yield

    return effect


@condition("self_payable", BOOL)
def _self_payable(value, where):
    """This card (in hand) may enter play and a ready domain pays its cost now (or not):
    "you may play X from your hand" is not offered when it cannot be paid for
    (``enter_committed`` with ``pay`` would do nothing)."""

    def check(game, src, ctx):
        k = game.deck.kind_of[src]
        return (game._may_enter(k) and game.pay_domain(k) != -2) == value

    return check


@EFFECT.register(
    "enter_committed",
    exhausted=param(BOOL, True),
    source=param(("self", "top"), "self"),
    filter=FILTER,
    story=param(("with_commits", "here", "any"), "with_commits"),
    pay=param(BOOL, False),
)
def enter_committed(where, exhausted, source, filter, story, pay):
    """This character (from hand; ``source = "top"``: the top card of the deck, revealed, if
    the filter accepts it) is put into play committed to a story: one that already has one
    of your characters committed, the story of the trigger (``here``) or any; with ``pay``
    it is played (its cost paid, a domain that matches drained)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if source == "top":
            top = game._reveal_top(1)
            if not top:
                return
            i = top[0]
            log_event(game, "reveal", f"revealed {game.card(i).title}")
            k = game.deck.kind_of[i]
            if game.deck.ctype[k] != CHARACTER or not pred(game, src, i):
                return
            if not game.may_enter(k):
                return
        else:
            i = src
            if i not in game.you.hand:
                return
            if not pay and not game.may_enter(game.deck.kind_of[i]):
                return
        k = game.deck.kind_of[i]
        if story == "here":
            slots = [ctx.story] if 0 <= ctx.story < len(game.you.committed) else []
        elif story == "any":
            slots = list(range(len(game.you.committed)))
        else:
            slots = [s for s in range(len(game.you.committed)) if game.you.committed[s]]
        if not slots:
            return
        d = -1
        if pay:
            if not game._may_enter(k):
                return
            d = game.pay_domain(k)
            if d == -2:
                return
        s = yield from choose_story(game, "commit", "put into play committed to", slots)
        if s < 0:
            return
        if pay:
            game.you.hand.remove(i)
            if d >= 0:
                game._drain(d)
            game._enter(i)
            if exhausted and game.you.status.get(i) == READY:
                game.you.status[i] = EXHAUSTED
            if game.deck.any_trigger[PLAYED_CHARACTER]:
                game._fire_all(PLAYED_CHARACTER, AbilityContext(target=i))
        else:  # put into play by the effect: it enters play as any card does
            if source == "top":
                game._take_top()
                game._check_deck_out()
            else:
                game.you.hand.remove(i)
            game._enter(i)
            if exhausted and game.you.status.get(i) == READY:
                game.you.status[i] = EXHAUSTED
        if game.you.status.get(i, INSANE) == INSANE:
            return  # it left play, or went insane, as it entered
        game.you.committed[s].append(i)
        log_event(game, "put", f"{game.card(i).title} put into play committed")

    return effect


@EFFECT.register(
    "commit_self", exhaust=param(BOOL, False), story=param(("choose", "here"), "choose")
)
def commit_self(where, exhaust, story):
    """This character commits to a story (leaving the one it is committed to), exhausting
    only with ``exhaust``: one you choose, or with ``story = "here"`` the story of the
    trigger (ctx.story: "commit it to that story", Jiang Shi)."""

    def effect(game, src, ctx):
        if game.you.status.get(src) not in (READY, EXHAUSTED):
            return
        here = game.committed_story(src)
        if here >= 0 and game.has_static(STAYS_COMMITTED, src):
            return
        if story == "here":
            s = ctx.story
            slots = [s] if 0 <= s < len(game.you.committed) and s != here else []
        else:
            slots = [s for s in range(len(game.you.committed)) if s != here]
        s = yield from choose_story(game, "commit", "commit to", slots)
        if s < 0:
            return
        if here >= 0:
            game.you.committed[here].remove(src)
        game.you.committed[s].append(src)
        if exhaust:
            game.you.status[src] = EXHAUSTED
        log_event(
            game,
            "commit",
            f"{game.card(src).title} committed to {game._story_title(game._stories[s])}",
        )

    return effect


@EFFECT.register("commit_bound")
def commit_bound(where):
    """The character this card bound this turn (``ready`` with ``bind``) commits to the
    story this card just committed to (ctx.story), if it is able to. Rule choice: the bond
    acts when this card commits; the character committed elsewhere before that stays."""

    def effect(game, src, ctx):
        bound = game._uses.get(bound_key(src))
        if not bound or bound[1] != game.turn:
            return
        i, s = bound[0], ctx.story
        if game.committed_story(i) >= 0 or not (game.may_commit(i) and game.may_commit_to(i, s)):
            return
        game._commit(i, s)
        return
        yield

    return effect


@EFFECT.register("commit_all_here", filter=FILTER)
def commit_all_here(where, filter):
    """Exhaust and commit every ready, uncommitted character you control that the filter
    accepts to the story of the trigger (else the one the source is committed to)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        s = ctx.story if ctx.story >= 0 else game.committed_story(src)
        if s < 0 or s >= len(game.you.committed):
            return
        busy = {i for c in game.you.committed for i in c}
        for i in list(game.you.characters):
            if i not in busy and game.you.status.get(i) == READY and pred(game, src, i):
                game._commit(i, s)
                game.you.status[i] = EXHAUSTED
        return
        yield

    return effect


@EFFECT.register(
    "remove_from_story",
    filter=FILTER,
    target=param(("self", "choose"), "self"),
    ready=param(BOOL, False),
)
def remove_from_story(where, filter, target, ready):
    """Remove a committed character you control (the card itself, or one you choose that
    the filter accepts) from its story; with ``ready`` it is readied."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        committed = [
            i
            for c in game.you.committed
            for i in c
            if i in game.you.status and not game.has_static(STAYS_COMMITTED, i)
        ]
        if target == "self":
            i = src if src in committed else -1
        else:
            pool = [i for i in committed if pred(game, src, i)]
            i = yield from choose_card(game, "remove", "remove from its story", pool)
        if i < 0:
            return
        for s, c in enumerate(game.you.committed):
            if i in c:
                c.remove(i)
                if game.deck.any_trigger[UNCOMMITTED]:
                    game._fire_all(UNCOMMITTED, AbilityContext(story=s))
        if ready and game.you.status.get(i) == EXHAUSTED:
            game.you.status[i] = READY
        log_event(game, "remove", f"{game.card(i).title} removed from its story")

    return effect
