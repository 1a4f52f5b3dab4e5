"""Vocabulary added for the Dreamlands cycle and Seekers of Knowledge."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import CONSPIRACY_BASE, EXHAUSTED, READY, STORY_HOST
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_story
from deckbuilder.engine.text.filters import STATE, atom, compile_filter
from deckbuilder.engine.text.registry import (
    ANY,
    BOOL,
    EFFECT,
    FILTER,
    TextError,
    param,
)


@EFFECT.register("shuffle_hand_into_deck")
def shuffle_hand_into_deck(where):
    """Shuffle your whole hand back into your deck."""

    def effect(game, src, ctx):
        if game.log is not None:
            game._event("shuffle", f"{len(game._hand)} cards of the hand shuffled into the deck")
        game._deck.extend(game._hand)
        game._hand.clear()
        game._shuffle_deck()
        return
        yield

    return effect


@EFFECT.register("top_card_to_each_domain")
def top_card_to_each_domain(where):
    """Attach the top card of your deck to each of your domains as a resource."""

    def effect(game, src, ctx):
        for d in list(game._domain_indices):
            i = game._take_top()
            game._check_deck_out()
            if i is None or i < 0:
                return
            game._add_resource(i, d)
            if game.log is not None:
                game._event("resource", f"{game.card(i).title} attached to domain {d + 1}")
        return
        yield

    return effect


@EFFECT.register(
    "commit_character",
    filter=FILTER,
    sources=param(("play", "hand"), "play"),
    exhaust=param(BOOL, True),
)
def commit_character(where, filter, sources, exhaust):
    """Commit a character the filter accepts to a story of your choice, outside the commit
    step (from play, or put into play from hand first); with ``exhaust = false`` it stays
    ready (its icons and skill count there)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if sources == "hand":
            pool = [
                i
                for i in game._hand
                if game.deck.ctype[game.deck.kind_of[i]] == CHARACTER
                and game.may_enter(game.deck.kind_of[i])
                and pred(game, src, i)
            ]
        else:
            busy = {i for c in game._committed for i in c}
            pool = [
                i
                for i in game._characters
                if i not in busy
                and game._status.get(i) in (READY, EXHAUSTED)
                and pred(game, src, i)
            ]
        i = yield from choose_card(game, "commit", "commit", pool, optional=True)
        if i < 0:
            return
        s = yield from choose_story(game, "commit", "commit to", range(len(game._committed)))
        if s < 0:
            return
        if sources == "hand":
            game._take_from(i)
            game._enter(i)
            if i not in game._status:
                return
        status = game._status[i]
        game._commit(i, s)
        if not exhaust:
            game._status[i] = status

    return effect


@EFFECT.register("heal_and_ready", filter=FILTER)
def heal_and_ready(where, filter):
    """Remove a wound from an exhausted, wounded character the filter accepts and ready it."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i
            for i in game._characters
            if game._status.get(i) == EXHAUSTED
            and game._wounds.get(i, 0) > 0
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "ready", "heal and ready", pool)
        if i < 0:
            return
        game._wounds[i] -= 1
        if not game._wounds[i]:
            del game._wounds[i]
        game._status[i] = READY

    return effect


@EFFECT.register("tokens_for_discard_cards", filter=FILTER)
def tokens_for_discard_cards(where, filter):
    """Remove X of your success tokens from one story to return X cards the filter accepts
    from the discard pile to hand (X chosen card by card)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        slots = [s for s in range(len(game._tokens)) if game._tokens[s] > 0]
        s = yield from choose_story(game, "untoken", "remove success tokens from", slots)
        if s < 0:
            return
        while game._tokens[s] > 0:
            pool = [i for i in game._discard if i != src and pred(game, src, i)]
            i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
            if i < 0:
                return
            game._tokens[s] -= 1
            game._discard.remove(i)
            game._hand.append(i)

    return effect


@EFFECT.register("resolve_story_effect")
def resolve_story_effect(where):
    """Resolve the effect of the story the source is committed to, as if won (Core stories;
    a conspiracy's win effect is queued)."""

    def effect(game, src, ctx):
        from deckbuilder.engine.abilities import AbilityContext
        from deckbuilder.engine.story import _core_story_offer

        s = ctx.story if ctx is not None else -1
        if not 0 <= s < len(game._stories):
            return
        sid = game._stories[s]
        if sid >= CONSPIRACY_BASE:
            inst = sid - CONSPIRACY_BASE
            if game.deck.by_trigger[ab.WON][game.deck.kind_of[inst]]:
                game._queue_trigger(ab.WON, inst, AbilityContext(story=s, story_id=sid))
            return
        offer = _core_story_offer(sid)
        if offer is None:
            return
        if game.log is not None:
            game._event("story_effect", offer[0].prompt)
        yield from offer[1](game, -1, AbilityContext(story=s, story_id=sid))

    return effect


@atom("any_of", STATE, ANY)
def _any_of(value):
    """Accepted by at least one of these filters (a list of filter tables: "X or Y")."""
    if not isinstance(value, list) or not all(isinstance(v, dict) for v in value):
        raise TextError("any_of takes a list of filter tables")
    preds = [compile_filter(v) for v in value]
    return lambda game, src, i: any(p(game, src, i) for p in preds)


@EFFECT.register("keep_event")
def keep_event(where):
    """The event being played does not go to the discard pile: it waits (in hand, for its
    own "discarded" ability with zone = "hand", e.g. attach_self) to stay in play as a
    support ("Then, attach ... to a story. Counts as a support card")."""

    def effect(game, src, ctx):
        if src in game._resolving and src not in game._hand:
            game._hand.append(src)
            game._queue_trigger(ab.DISCARDED, src, ctx)
        return
        yield

    return effect


@EFFECT.register("attach_self", to=param(("story", "character"), "story"), filter=FILTER)
def attach_self(where, to, filter):
    """The card (a kept event, see keep_event) enters play as a support attached to a story
    of your choice, or to a character the filter accepts (else it is discarded)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if src not in game._hand:
            return
        if to == "story":
            s = yield from choose_story(game, "attach", "attach to", range(len(game._stories)))
            host = STORY_HOST + game._stories[s] if s >= 0 else -1
        else:
            pool = [i for i in game._characters if i != src and pred(game, src, i)]
            host = yield from choose_card(game, "attach", "attach to", pool)
        game._hand.remove(src)
        if host < 0:
            game._discard.append(src)
            return
        game._supports.append(src)
        game._attached[src] = host
        k = game.deck.kind_of[src]
        if game.deck.statics[k]:
            game._passives_changed(k)
        game._statics_cache = None
        if game.log is not None:
            game._event("attach", f"{game.card(src).title} stays in play attached")

    return effect
