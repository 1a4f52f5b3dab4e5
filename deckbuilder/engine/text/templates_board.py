"""Effect templates on stories, domains and resources, the phase's cost changes, and the
flow of an ability's effects (``may``: an optional part; ``if``: a conditional part).

A story is chosen by ``story``: ``"choose"`` (any story), ``"here"`` (the story of the
trigger, or the one the card is committed to) or a table
``{ tokens_max = N, tokens_min = N, committed = true }`` (committed: one where you have a
committed character).
"""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, Action
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.filters import compile_filter, compile_kind_filter
from deckbuilder.engine.text.registry import (
    AMOUNT,
    ANY,
    BOOL,
    CONDITION,
    EFFECT,
    EFFECTS,
    FILTER,
    INT,
    STR,
    TextError,
    param,
)
from deckbuilder.engine.text.values import (
    compile_amount,
    compile_condition,
    condition,
    drained_domains_with,
)
from deckbuilder.engine.text.vocab_marks import named_subtype


def story_slots(game, src, ctx, spec) -> list[int]:
    """The story slots ``spec`` accepts."""
    if spec == "here":
        s = ctx.story if ctx is not None and ctx.story >= 0 else game.committed_story(src)
        return [s] if 0 <= s < len(game._stories) else []
    out = []
    for s in range(len(game._stories)):
        if isinstance(spec, dict):
            n = game.you.tokens[s]
            if "tokens_max" in spec and n > spec["tokens_max"]:
                continue
            if "tokens_min" in spec and n < spec["tokens_min"]:
                continue
            if spec.get("committed") and not game.you.committed[s]:
                continue
            if spec.get("committed") is False and game.you.committed[s]:
                continue  # a story where no characters are committed
        out.append(s)
    return out


def _check_story(spec, where):
    if spec in ("choose", "here"):
        return
    if not isinstance(spec, dict) or set(spec) - {"tokens_max", "tokens_min", "committed"}:
        raise TextError(
            f'{where}: story is "choose", "here" or a table of tokens_max, tokens_min, committed'
        )


@condition("story_exists", ANY)
def _story_exists(value, where):
    """A story the table (as ``token``'s ``story``: tokens_max, tokens_min, committed)
    accepts is in play: "place a token at a story at which no characters are committed"
    needs one (FAQ 1.5)."""
    if not isinstance(value, dict):
        raise TextError(f"{where}: story_exists is a table of tokens_max, tokens_min, committed")
    _check_story(value, where)
    return lambda game, src, ctx: bool(story_slots(game, src, ctx, value))


@EFFECT.register("token", n=param(AMOUNT, 1), story=param(ANY, "choose"))
def token(where, n, story):
    """Put n of your success tokens on a story."""
    _check_story(story, where)
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        slots = story_slots(game, src, ctx, story)
        s = yield from choose_story(game, "token", "success token on", slots)
        k = amount(game, src, ctx)
        if s >= 0 and k > 0:
            if game.log is not None:
                game._event("token", f"+{k} success token on {game._story_title(game._stories[s])}")
            yield from game._add_token(s, k)

    return effect


@EFFECT.register(
    "remove_tokens", story=param(ANY, "choose"), n=param(AMOUNT, 1), all=param(BOOL, False)
)
def remove_tokens(where, story, n, all):
    """Remove n (or all) of your success tokens from a story (every story with ``all``)."""
    _check_story(story, where)
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        slots = story_slots(game, src, ctx, story)
        if all:
            for s in slots:
                game.you.tokens[s] = 0
            return
        slots = [s for s in slots if game.you.tokens[s] > 0]
        s = yield from choose_story(game, "untoken", "remove success tokens from", slots)
        if s >= 0:
            game.you.tokens[s] = max(0, game.you.tokens[s] - amount(game, src, ctx))

    return effect


@EFFECT.register("unwin_story")
def unwin_story(where):
    """Shuffle one of your other won stories back into the story deck (a won conspiracy
    goes to the discard pile: it cannot join the story deck)."""

    def effect(game, src, ctx):
        others = list(game.you.won)  # the story being won is not in the pile yet
        if not others:
            return
        acts = tuple(
            Action(CHOOSE, x=s, label=f"shuffle back {game._story_title(s)}") for s in others
        )
        a = yield Choice("unwin", "shuffle a won story back", acts, True)
        game.you.won.remove(a.x)
        game._to_story_deck(a.x)  # (a won conspiracy goes to the discard pile)

    return effect


@EFFECT.register("gain_domain", attach_top=param(BOOL, False))
def gain_domain(where, attach_top):
    """Gain a domain (the top card of the deck becomes it); with ``attach_top`` the next top
    card becomes a resource on it."""

    def effect(game, src, ctx):
        marker = game._take_top()
        if marker < 0:
            return
        game.you.domain_cards.append(marker)
        d = game._add_domain()
        if game.log is not None:
            game._event("domain", f"a new domain ({d + 1})")
        if attach_top:
            i = game._take_top()
            if i >= 0:
                game._add_resource(i, d)
        game._check_deck_out()
        return
        yield

    return effect


@EFFECT.register(
    "add_resource",
    sources=param(("hand", "discard", "deck_top", "self"), "hand"),
    filter=FILTER,
    n=param(INT, 1),
)
def add_resource(where, sources, filter, n):
    """Attach a card (from hand, the discard pile, the top of the deck, or the card itself) to
    one of your domains as a resource; ``n`` (from hand or the discard pile): up to n cards,
    all to the one domain chosen with the first ("attach up to 3 characters ... to one of
    your domains")."""
    pred = compile_filter(filter, where)
    if n != 1 and sources not in ("hand", "discard"):
        raise TextError(f"{where}: add_resource takes n only from hand or the discard pile")

    def effect(game, src, ctx):
        d = -1
        for _ in range(n):
            if sources == "deck_top":
                i = game._take_top()
                game._check_deck_out()
            elif sources == "self":
                i = src
            else:
                zone = game.you.hand if sources == "hand" else game.you.discard
                pool = [i for i in zone if i != src and pred(game, src, i)]
                i = yield from choose_card(
                    game, "resource", "attach as a resource", pool, optional=True
                )
            if i < 0:
                return
            if d < 0:
                d = yield from choose_domain(game, "resource", "attach to", game.you.domain_indices)
            if sources == "self":
                if i in game.you.status or i in game.you.supports:
                    game._leave_play(i, to="hand")
                if i in game.you.discard:
                    game.you.discard.remove(i)
                if i in game.you.hand:
                    game.you.hand.remove(i)
            elif sources != "deck_top":
                (game.you.hand if sources == "hand" else game.you.discard).remove(i)
            game._add_resource(i, d)
            if game.log is not None:
                game._event("resource", f"{game.card(i).title} attached to domain {d + 1}")

    return effect


@EFFECT.register("refresh_domain", all=param(BOOL, False), resources=FILTER, n=param(INT, 1))
def refresh_domain(where, all, resources, n):
    """Remove the drain token from one of your domains (from all with ``all``); with
    ``resources``, only a domain with at least ``n`` resources that filter accepts."""
    pred = compile_filter(resources, where) if resources else None

    def effect(game, src, ctx):
        drained = drained_domains_with(game, src, pred, n)
        if all:
            for d in drained:
                game.you.drained[d] = False
            return
        d = yield from choose_domain(game, "refresh", "refresh", drained)
        if d >= 0:
            game.you.drained[d] = False

    return effect


@EFFECT.register("drain_domain")
def drain_domain(where):
    """Drain one of your undrained domains (self-harm): as any drain, its Transient
    resources are destroyed and "after drained" answers."""

    def effect(game, src, ctx):
        ready = [d for d in game.you.domain_indices if not game.you.drained[d]]
        d = yield from choose_domain(game, "drain", "drain", ready)
        if d >= 0:
            game._drain(d)

    return effect


@EFFECT.register("move_drain")
def move_drain(where):
    """Move a drain token from one of your domains to an undrained one."""

    def effect(game, src, ctx):
        drained = [d for d, v in enumerate(game.you.drained) if v]
        ready = [d for d, v in enumerate(game.you.drained) if not v]
        if not drained or not ready:
            return
        d = yield from choose_domain(game, "refresh", "refresh", drained)
        e = yield from choose_domain(game, "drain", "drain", ready)
        game.you.drained[d] = False
        game.you.drained[e] = True

    return effect


@EFFECT.register("sacrifice_resource", harms=True)
def sacrifice_resource(where):
    """Choose one of your resources and put it into the discard pile."""

    def effect(game, src, ctx):
        pool = [i for d in game.you.domains for i in d]
        i = yield from choose_card(
            game, "sacrifice_resource", "sacrifice resource", pool, harm=True
        )
        if i >= 0:
            d = next(d for d, dom in enumerate(game.you.domains) if i in dom)
            game._detach_resource(i, d)
            game._to_discard(i)

    return effect


@EFFECT.register(
    "cost_change",
    amount=param(AMOUNT, required=True),
    filter=FILTER,
    minimum=param(INT, 0),
    once=param(BOOL, True),
    named=param(BOOL, False),
)
def cost_change(where, amount, filter, minimum, once, named):
    """This phase, the next card the (printed-facts) filter accepts costs ``amount`` more
    (negative: less; a counted amount is counted now), never below ``minimum``; every such
    card when not ``once``; ``named``: only a card of the subtype the source named
    (``name_subtype``; none named: no card)."""
    pred = compile_kind_filter(filter, where)
    value = compile_amount(amount, where)

    def who(game, kind):
        return pred(game, -1, kind)

    def effect(game, src, ctx):
        n = value(game, src, ctx)
        test = who
        if named:
            name = named_subtype(game, src)
            if not name:
                return

            def test(game, kind):
                return name in game.deck.subtypes[kind] and pred(game, -1, kind)

        if n:
            game._cost_sources.append((test, n, minimum, once))
            game._cost_cache = {}
        return
        yield

    if not isinstance(amount, int) or amount < 0:  # a cut helps only with a card in hand

        def worthwhile(game, src):
            cd = game.deck
            kinds = cd.kind_of
            name = named_subtype(game, src) if named else ""
            if named and not name:
                return False
            return any(
                pred(game, -1, kinds[i]) and (not named or name in cd.subtypes[kinds[i]])
                for i in game.you.hand
            )

        effect.worthwhile = worthwhile
    return effect


# ------------------------------------------------------------------ flow
@EFFECT.register("may", effects=param(EFFECTS, required=True), label=STR)
def may(where, effects, label):
    """An optional part of an effect ("you may ..."): a yes/no choice, then the effects."""
    inner = compile_effects(effects, where)
    prompt = label or "use the optional effect"

    def effect(game, src, ctx):
        if game._policy is not None:
            answer = game._policy.decide(game, yes_no("may", prompt))
        else:
            answer = yield yes_no("may", f"{game.card(src).title}: {prompt}")
        if answer.x:
            yield from inner(game, src, ctx)

    return effect


@EFFECT.register("may_pay", n=param(INT, 1), effects=param(EFFECTS, required=True), label=STR)
def may_pay(where, n, effects, label):
    """ "Then, you may pay n to ...": when a ready domain can pay n, a yes/no choice; yes
    drains a chosen one, then the effects."""
    inner = compile_effects(effects, where)
    prompt = f"pay {n} to {label or 'use the optional effect'}"

    def effect(game, src, ctx):
        domains = game._pay_domains(n)
        if not domains or domains[0] < 0:
            return
        if game._policy is not None:
            answer = game._policy.decide(game, yes_no("may", prompt))
        else:
            answer = yield yes_no("may", f"{game.card(src).title}: {prompt}")
        if not answer.x:
            return
        d = yield from choose_domain(game, "pay", "pay from", domains)
        if d < 0:
            return
        game._drain(d)
        yield from inner(game, src, ctx)

    return effect


@EFFECT.register(
    "if",
    condition=param(CONDITION, required=True),
    effects=param(EFFECTS, required=True),
    otherwise=EFFECTS,
)
def if_(where, condition, effects, otherwise):
    """A part of an effect that happens only if the condition holds (else ``otherwise``)."""
    test = compile_condition(condition, where)
    then = compile_effects(effects, where)
    other = compile_effects(otherwise, where) if otherwise else None

    def effect(game, src, ctx):
        if test(game, src, ctx):
            yield from then(game, src, ctx)
        elif other is not None:
            yield from other(game, src, ctx)

    return effect


@EFFECT.register(
    "repeat",
    times=param(AMOUNT, required=True),
    effects=param(EFFECTS, required=True),
    until_declined=param(BOOL, False),
)
def repeat(where, times, effects, until_declined):
    """Do the effects a number of times; ``until_declined``: stop early once the subject is
    none (an optional ``choose_subject`` declined, or nothing left to choose), so a person
    chooses "any number" of cards, each the subject of the effects after it."""
    amount = compile_amount(times, where)
    inner = compile_effects(effects, where)

    def effect(game, src, ctx):
        for _ in range(amount(game, src, ctx)):
            yield from inner(game, src, ctx)
            if until_declined and ctx.target < 0:
                break

    return effect


__all__ = ["INT", "story_slots"]
