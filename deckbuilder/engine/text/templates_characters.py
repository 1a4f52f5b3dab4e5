"""Effect templates on characters and supports in play: ready, exhaust, restore, skill and
icon boosts for a while, copying icons, and the self-harm a player alone suffers (sacrifice,
insanity, wounds, returning to hand).

``target`` says which cards: ``"choose"`` (one, chosen among those the filter accepts),
``"self"`` (the card itself), ``"host"`` (the card it is attached to), ``"all"`` (every card
the filter accepts), ``"committed"`` (each of your characters committed to a story) or
``"subject"`` (the card the trigger is about).
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import EXHAUSTED, INSANE, READY
from deckbuilder.engine.effects import choose_card, chosen_now, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    EFFECT,
    FILTER,
    ICONS,
    INT,
    STR,
    TextError,
    param,
)
from deckbuilder.engine.text.values import compile_amount, zone_cards
from deckbuilder.engine.text.vocab_traits import gain_for_phase

TARGETS = ("choose", "self", "host", "all", "committed", "subject", "choose_optional")


def icon_tuple(letters: str | None) -> tuple[int, int, int, int]:
    """(terror, combat, arcane, investigation) for letters like "AI" ("-I": lose one)."""
    if not letters:
        return (0, 0, 0, 0)
    sign = -1 if letters.startswith("-") else 1
    letters = letters.lstrip("-")
    return tuple(sign * letters.count(ch) for ch in "TCAI")


def targets_of(game, src, ctx, target, pool, kind, prompt, harm=False):
    """Generator: the instances ``target`` names among ``pool`` (already filtered)."""
    if target == "self":
        return [src] if src in pool else []
    if target == "host":
        host = game.you.attached.get(src, -1)
        return [host] if host in pool else []
    if target == "subject":
        return [ctx.target] if ctx.target in pool else []
    if target == "all":
        return list(pool)
    if target == "committed":
        return [i for c in game.you.committed for i in c if i in pool]
    optional = target == "choose_optional"
    i = chosen_now(game, kind, prompt, pool, harm, optional)
    if i is None:
        i = yield from choose_card(game, kind, prompt, pool, harm=harm, optional=optional)
    # "targeted by a card effect": a character (``ready`` may choose a support too)
    if i >= 0 and game.deck.any_trigger[ab.CHARACTER_TARGETED] and i in game.you.status:
        game._fire_all(ab.CHARACTER_TARGETED, AbilityContext(0, 0, game.committed_story(i), i))
    return [i] if i >= 0 else []


def ai_narrowed(game, src, pool, ai_pred):
    """``pool`` as the automatic player sees it (a policy answering at once): the ones
    ``ai_pred`` accepts when there are any (an ``ai_filter``: a committed character gains
    nothing from a boost, an uncommitted one from being readied); a person is offered every
    card the text allows."""
    if ai_pred is None or game._policy is None:
        return pool
    return [i for i in pool if ai_pred(game, src, i)] or pool


def _is_insane(game, src, i):
    return game.you.status[i] == INSANE


def _characters(game):
    return game.you.characters


def bound_key(src):
    return (src, "bound")  # a record of _uses: dropped when the card leaves play


@EFFECT.register(
    "ready",
    filter=FILTER,
    target=param(TARGETS, "choose"),
    bind=param(BOOL, False),
    supports=param(BOOL, False),
    ai_filter=FILTER,
)
def ready(where, filter, target, bind, supports, ai_filter):
    """Ready exhausted characters; ``bind``: the one readied must commit where this card
    commits this turn ("must commit to the same story as X, if able": ``commit_bound``);
    ``supports``: exhausted supports may be readied too ("ready a card you control");
    ``ai_filter``: the ones the automatic player chooses among, when any (``ai_narrowed``)."""
    pred = compile_filter(filter, where)
    ai_pred = compile_filter(ai_filter, where) if ai_filter else None

    def effect(game, src, ctx):
        you = game.you
        pool = [i for i in you.characters if you.status[i] == EXHAUSTED and pred(game, src, i)]
        if supports:
            pool += [i for i in you.supports if i in you.exhausted_supports and pred(game, src, i)]
        pool = ai_narrowed(game, src, pool, ai_pred)
        for i in (yield from targets_of(game, src, ctx, target, pool, "ready", "ready")):
            if i in you.exhausted_supports:
                you.exhausted_supports.discard(i)
                log_event(game, "ready", f"{game.card(i).title} readies")
                continue
            game._ready(i)
            if game.log is not None:
                game._event("ready", f"{game.card(i).title} readies")
            if bind:
                game._uses[bound_key(src)] = (i, game.turn)

    return effect


@EFFECT.register(
    "exhaust", filter=FILTER, target=param(TARGETS, "choose"), no_refresh=param(BOOL, False)
)
def exhaust(where, filter, target, no_refresh):
    """Exhaust ready characters (a player alone chooses among their own); ``no_refresh``:
    they do not ready during the next refresh phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i for i in game.you.characters if game.you.status[i] == READY and pred(game, src, i)
        ]
        for i in (yield from targets_of(game, src, ctx, target, pool, "exhaust", "exhaust", True)):
            game._exhaust(i)
            if no_refresh:
                game._no_ready.add(i)

    return effect


@EFFECT.register(
    "restore",
    n=param(INT, 1),
    ready=param(BOOL, False),
    filter=FILTER,
    target=param(("self", "choose", "subject"), "choose"),
    overpaid_icons=ICONS,
    willpower=param(("phase", "turn")),
    sane_ready=param(BOOL, False),
    optional=param(BOOL, False),
)
def restore(where, n, ready, filter, target, overpaid_icons, willpower, sane_ready, optional):
    """Restore up to n insane characters (and ready them when ``ready``); ``sane_ready``
    ("restore and ready a character"): an exhausted sane character may be chosen too, only
    readied (FAQ 1.6: the part it is ineligible for is ignored; rule choice: one that is
    neither insane nor exhausted is not offered, nothing of the text would apply), the
    automatic player choosing among insane ones when any (``ai_narrowed``); when the card was
    overpaid, each of them gains ``overpaid_icons`` until the end of the phase;
    ``target = "subject"``: the character of the event (one "just made insane");
    ``willpower``: each of them gains Willpower until the end of the phase or turn;
    ``optional``: a person may stop choosing ("any number", none included); the automatic
    player is not offered to stop (it restored them all before)."""
    pred = compile_filter(filter, where)
    extra = icon_tuple(overpaid_icons) if overpaid_icons else None

    def effect(game, src, ctx):
        for _ in range(n):
            pool = [
                i
                for i in game.you.characters
                if game.you.status[i] == INSANE and pred(game, src, i)
            ]
            if sane_ready:
                pool += [
                    i
                    for i in game.you.characters
                    if game.you.status[i] == EXHAUSTED and pred(game, src, i)
                ]
                pool = ai_narrowed(game, src, pool, _is_insane)
            if target == "self":
                pool = [src] if src in pool else []
            elif target == "subject":
                pool = [ctx.target] if ctx is not None and ctx.target in pool else []
            may_stop = optional and game._policy is None
            i = yield from choose_card(game, "restore", "restore", pool, optional=may_stop)
            if i < 0:
                return
            if game.you.status[i] == INSANE:
                game._restore(i)
            if ready:
                game._ready(i)
            if extra is not None and ctx is not None and ctx.overpaid > 0:
                game._temp.append((i, 0, extra))
            if willpower is not None:
                game._keywords.append((i, "Willpower", 1))
                if willpower == "turn":
                    game._keywords_turn.append((i, "Willpower", 1))

    return effect


@EFFECT.register(
    "boost",
    skill=param(AMOUNT, 0),
    icons=ICONS,
    target=param(TARGETS, "choose"),
    filter=FILTER,
    until=param(("phase", "turn"), "phase"),
    overpaid_skill=param(INT, 0),
    overpaid_icons=ICONS,
    willpower=param(BOOL, False),
    toughness=param(INT, 0),
    subtype=STR,
    invulnerability=param(BOOL, False),
    ai_filter=FILTER,
)
def boost(
    where,
    skill,
    icons,
    target,
    filter,
    until,
    overpaid_skill,
    overpaid_icons,
    willpower,
    toughness,
    subtype,
    invulnerability,
    ai_filter,
):
    """Characters get +skill and gain (or lose) icons until the end of the phase or turn;
    ``overpaid_*`` is added when the card was overpaid; ``willpower``, ``toughness``,
    ``invulnerability``: they also gain Willpower, Toughness +n, Invulnerability until the
    end of the phase or turn (``_keywords``, ``_keywords_turn``); ``subtype``: they gain
    that subtype until the end of the phase (``game._traits``). ``ai_filter``: the
    characters the automatic player (a policy answering at once) chooses among, when any
    (a committed one, for a boost the text lets go to any character); a person is offered
    every character the text allows."""
    if subtype and until != "phase":
        raise TextError(f"{where}: a subtype is gained until the end of the phase only")
    keywords = [("Willpower", 1)] if willpower else []
    if toughness:
        keywords.append(("Toughness", toughness))
    if invulnerability:
        keywords.append((ab.INVULNERABILITY, 1))
    pred = compile_filter(filter, where)
    ai_pred = compile_filter(ai_filter, where) if ai_filter else None
    amount = compile_amount(skill, where)
    ic = icon_tuple(icons)
    extra = icon_tuple(overpaid_icons)

    def effect(game, src, ctx):
        s, i4 = amount(game, src, ctx), ic
        if ctx.overpaid > 0 and (overpaid_skill or overpaid_icons):
            s += overpaid_skill
            i4 = tuple(a + b for a, b in zip(ic, extra, strict=True))
        pool = [
            i for i in game.you.characters if game.you.status[i] != INSANE and pred(game, src, i)
        ]
        pool = ai_narrowed(game, src, pool, ai_pred)
        for i in (yield from targets_of(game, src, ctx, target, pool, "boost", "boost")):
            game._temp.append((i, s, i4))
            if until == "turn":
                game._temp_turn.append((i, s, i4))
            for name, n in keywords:
                game._keywords.append((i, name, n))
                if until == "turn":
                    game._keywords_turn.append((i, name, n))
            if subtype:
                gain_for_phase(game, src, i, subtype.lower())
            if game.log is not None:
                game._event("boost", f"{game.card(i).title} gets {s:+d} skill until end of {until}")
            if s < 0 and game.deck.any_trigger[ab.SKILL_LOWERED]:
                game._fire_all(ab.SKILL_LOWERED, AbilityContext(target=i))

    return effect


@EFFECT.register(
    "copy_icons",
    filter=FILTER,
    to=param(("self", "host", "choose"), "self"),
    receiver=FILTER,
    insane=param(BOOL, False),
    itself=param(BOOL, False),
    ai_filter=FILTER,
)
def copy_icons(where, filter, to, receiver, insane, itself, ai_filter):
    """Until the end of the phase the card (or, ``to = "host"``, the character it is
    attached to; ``to = "choose"``, a sane character you control that the ``receiver``
    filter accepts, chosen first) gains the printed icons of a chosen other character the
    filter accepts: a sane one, or with ``insane`` any ("choose a character": an insane
    character's icons are still printed). ``itself``: the receiver may be the chosen one
    too ("choose a character" names no other): it gains its own printed icons once more.
    ``ai_filter``: the characters the automatic player copies among, when any."""
    pred = compile_filter(filter, where)
    takes = compile_filter(receiver, where)
    ai_pred = compile_filter(ai_filter, where) if ai_filter else None

    def effect(game, src, ctx):
        cd = game.deck
        if to == "choose":
            pool = [
                i
                for i in game.you.characters
                if game.you.status[i] != INSANE and takes(game, src, i)
            ]
            gains = yield from choose_card(game, "boost", "give icons to", pool)
        else:
            gains = src if to == "self" else game.you.attached.get(src, -1)
        if gains not in game.you.status:
            return
        pool = [
            i
            for i in game.you.characters
            if (itself or i != gains)
            and (insane or game.you.status[i] != INSANE)
            and pred(game, src, i)
        ]
        pool = ai_narrowed(game, src, pool, ai_pred)
        i = yield from choose_card(game, "boost", "copy the icons of", pool)
        if i >= 0:
            k = cd.kind_of[i]
            printed = (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k])
            game._temp.append((gains, 0, printed))

    return effect


@EFFECT.register(
    "sacrifice",
    harms=True,
    filter=FILTER,
    target=param(TARGETS, "choose"),
    n=param(INT, 1),
    zone=("characters", "supports", "play"),
)
def sacrifice(where, filter, target, n, zone):
    """Sacrifice cards you control (characters by default)."""
    pred = compile_filter(filter, where)
    zone = zone or "characters"

    def effect(game, src, ctx):
        for _ in range(n if target in ("choose", "choose_optional") else 1):
            pool = [i for i in zone_cards(game, zone, src) if pred(game, src, i)]
            chosen = yield from targets_of(
                game, src, ctx, target, pool, "sacrifice", "sacrifice", True
            )
            if not chosen:
                return
            if game.deck.any_trigger[ab.EFFECT_WOULD_SACRIFICE]:  # a chance to cancel it
                window = AbilityContext(target=chosen[0])
                yield from game._would_asking(ab.EFFECT_WOULD_SACRIFICE, window)
                if window.instead == "cancel":
                    return
            for i in chosen:
                if game.log is not None:
                    game._event("sacrifice", f"{game.card(i).title} sacrificed")
                game._sacrifice(i)

    return effect


@EFFECT.register("insane", harms=True, filter=FILTER, target=param(TARGETS, "choose"))
def insane(where, filter, target):
    """Characters go insane (Willpower protects, as the rules say)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i
            for i in game.you.characters
            if game.you.status[i] != INSANE and not game.has_willpower(i) and pred(game, src, i)
        ]
        for i in (
            yield from targets_of(game, src, ctx, target, pool, "insane", "drive insane", True)
        ):
            game._go_insane(i)

    return effect


@EFFECT.register("insane_for_restore", ready=param(BOOL, False))
def insane_for_restore(where, ready):
    """Choose an insane character and a ready character you control: the ready one goes
    insane, if able (Willpower: that part is ignored, FAQ), then the chosen insane one is
    restored (and readied with ``ready``). Both are chosen first, so the one just driven
    insane is not the one restored."""

    def effect(game, src, ctx):
        st = game.you.status
        insane_pool = [i for i in game.you.characters if st[i] == INSANE]
        ready_pool = [i for i in game.you.characters if st[i] == READY]
        if not insane_pool or not ready_pool:
            return
        a = yield from choose_card(game, "restore", "restore", insane_pool)
        b = yield from choose_card(game, "insane", "drive insane", ready_pool, harm=True)
        if a < 0 or b < 0:
            return
        if not game.has_willpower(b):
            game._go_insane(b)
        game._restore(a)
        if ready:
            game._ready(a)

    return effect


@EFFECT.register("wound", harms=True, filter=FILTER, target=param(TARGETS, "choose"))
def wound(where, filter, target):
    """Wound characters (Toughness as the rules say; one with Invulnerability is not in the
    pool: it cannot be chosen to be wounded)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if pred(game, src, i) and game.can_wound(i)]
        for i in (yield from targets_of(game, src, ctx, target, pool, "wound", "wound", True)):
            if i in game.you.status:
                game._wound(i)

    return effect


@EFFECT.register("return_to_hand", filter=FILTER, target=param(TARGETS, "choose"), cost=AMOUNT)
def return_to_hand(where, filter, target, cost):
    """Return cards you control in play to hand; ``cost``: only those whose printed cost is
    this amount (a number or X: "with cost X")."""
    pred = compile_filter(filter, where)
    cost_of = compile_amount(cost, where) if cost is not None else None

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters + game.you.supports if pred(game, src, i)]
        if cost_of is not None:
            want, printed = cost_of(game, src, ctx), game.deck.cost
            pool = [i for i in pool if printed[game.deck.kind_of[i]] == want]
        for i in (
            yield from targets_of(game, src, ctx, target, pool, "to_hand", "return to hand", True)
        ):
            game._leave_play(i, to="hand")
            if game.log is not None:
                game._event("to_hand", f"{game.card(i).title} returned to hand")

    return effect
