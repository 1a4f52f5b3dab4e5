"""Vocabulary of card effects triggered by other cards: the event "after a player triggers a
card's effect", triggering another card's effect without paying its costs (an event in the
discard pile, an ability of a card in play), readying a card as a cost, and moving an
attachment from one character to another."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext, Choice
from deckbuilder.engine.actions import CHOOSE, EXHAUSTED, INSANE, Action
from deckbuilder.engine.cards import EVENT
from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, COST, EFFECT, FILTER, TRIGGER, param
from deckbuilder.engine.text.triggers import subject_condition


@TRIGGER.register("ability_triggered", subject=FILTER)
def ability_triggered(where, subject):
    """After a player triggers an effect of a card (an action or response of a card, an
    event played, its Action or Response being a triggered effect (FAQ), or an effect that
    triggers it; subject: that card). The goldfish opponent triggers none."""
    return ab.ABILITY_TRIGGERED, subject_condition(where, subject)


@COST.register("ready_self", value=param(BOOL, required=True))
def ready_self(where, value):
    """Ready the card itself (an exhausted character): "Ready X to ..."."""

    def can_pay(game, src):
        return game.you.status.get(src) == EXHAUSTED

    def pay(game, src):
        game._ready(src)
        log_event(game, "ready", f"{game.card(src).title} readies")
        return
        yield

    return can_pay, pay


def _effects_of(game, i: int) -> tuple:
    """The effects a card offers to be triggered: an event's, else its actions."""
    cd = game.deck
    k = cd.kind_of[i]
    if cd.ctype[k] == EVENT:
        return cd.by_trigger[ab.EVENT][k]
    return cd.by_trigger[ab.ACTION][k]


def _costs_payable(game, i: int) -> bool:
    a = _effects_of(game, i)[0]
    return a.can_pay is None or a.can_pay(game, i)


def _sacrifice_or_discard(game, i: int, then: str) -> None:
    if then == "discard" and i in game.you.attached_cards:
        del game.you.attached_cards[i]
        game._into_discard(i)
        game._statics_cache = None
    elif then == "discard" and (i in game.you.status or i in game.you.supports):
        game._leave_play(i)
    elif then == "bottom":
        if i in game.you.discard:
            game.you.discard.remove(i)
        elif i in game.you.status or i in game.you.supports:
            game._leave_play(i, to="hand")
            game.you.hand.remove(i)
        else:
            return
        game.you.bottom.insert(0, i)
        log_event(game, "bottom", f"{game.card(i).title} goes to the bottom of the deck")
    elif then == "sacrifice" and (i in game.you.status or i in game.you.supports):
        log_event(game, "sacrifice", f"{game.card(i).title} sacrificed")
        game._sacrifice(i)


@EFFECT.register(
    "trigger_card_effect",
    filter=FILTER,
    zone=param(("play", "discard", "attached"), "play"),
    then=param(("", "sacrifice", "bottom", "discard"), ""),
    pay_costs=param(BOOL, False),
)
def trigger_card_effect(where, filter, zone, then, pay_costs):
    """Choose a card the filter accepts (in play, in your discard pile, or attached to the
    card itself) and trigger its effect without paying any cost: an event's effect, or one
    of its actions (chosen when it has several); ``pay_costs``: an event's costs beyond its
    resources (exhausting a character...) are paid. Then (``then``) its controller sacrifices
    it, it is discarded, or it goes to the bottom of its owner's deck."""
    pred = compile_filter(filter, where)

    def pool_of(game, src):
        if zone == "discard":
            cards = game.you.discard
        elif zone == "attached":
            cards = [i for i, host in game.you.attached.items() if host == src]
            cards += [i for i, host in game.you.attached_cards.items() if host == src]
        else:
            cards = game.you.characters + game.you.supports
        return [i for i in cards if i != src and _effects_of(game, i) and pred(game, src, i)
                and (not pay_costs or _costs_payable(game, i))]  # fmt: skip

    def effect(game, src, ctx):
        i = yield from choose_card(game, "trigger", "trigger the effect of", pool_of(game, src))
        if i < 0:
            return
        effects = _effects_of(game, i)
        a = effects[0]
        if len(effects) > 1:
            acts = tuple(Action(CHOOSE, x=n, label=e.text) for n, e in enumerate(effects))
            n = (yield Choice("trigger", "trigger which effect", acts)).x
            a = effects[n if 0 <= n < len(effects) else 0]
        log_event(game, "trigger", f"{game.card(i).title}: {a.text}")
        story = game.committed_story(i) if i in game.you.status else -1
        if pay_costs and a.extra_cost is not None:
            yield from a.extra_cost(game, i)
        yield from a.effect(game, i, AbilityContext(story=story))
        if game.deck.any_trigger[ab.ABILITY_TRIGGERED]:
            game.ability_triggered(i)
        _sacrifice_or_discard(game, i, then)

    def worthwhile(game, src):
        return bool(pool_of(game, src))

    effect.worthwhile = worthwhile
    return effect


@EFFECT.register("move_attachment", filter=FILTER)
def move_attachment(where, filter):
    """Move an attachment the filter accepts from a character you control to another
    character you control that may hold it."""
    pred = compile_filter(filter, where)

    def movable(game, src):
        cd = game.deck
        out = []
        for a, host in game.you.attached.items():
            if host in game.you.status and pred(game, src, a):
                hosts = [h for h in game.attach_hosts(cd.kind_of[a]) if h != host]
                if any(h in game.you.status for h in hosts):
                    out.append(a)
        return out

    def effect(game, src, ctx):
        a = yield from choose_card(game, "attach", "move", movable(game, src))
        if a < 0:
            return
        old = game.you.attached[a]
        hosts = [
            h
            for h in game.attach_hosts(game.deck.kind_of[a])
            if h != old and h in game.you.status and game.you.status[h] != INSANE
        ]
        h = yield from choose_card(game, "attach", f"move {game.card(a).title} to", hosts)
        if h < 0:
            return
        game.you.attached[a] = h
        game._statics_cache = None  # a passive of the attachment may follow its host
        log_event(game, "attach", f"{game.card(a).title} moves to {game.card(h).title}")

    def worthwhile(game, src):
        return bool(movable(game, src))

    effect.worthwhile = worthwhile
    return effect


@TRIGGER.register("forced_triggered", subject=FILTER)
def forced_triggered(where, subject):
    """After a Forced Response of a card is triggered (subject: that card); the goldfish
    opponent has none."""
    return ab.FORCED_TRIGGERED, subject_condition(where, subject)


@EFFECT.register("retrigger_forced")
def retrigger_forced(where):
    """Trigger the Forced Response the trigger is about once more (its card as its source,
    with the context it had)."""

    def effect(game, src, ctx):
        ability = getattr(ctx, "ability", None)
        if ability is None:
            return
        log_event(game, "trigger", f"{game.card(ctx.target).title}: {ability.text} (again)")
        yield from ability.effect(game, ctx.target, ctx.of)

    return effect
