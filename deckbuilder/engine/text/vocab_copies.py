"""Vocabulary of characters that copy another character: its text box gained (or instead
of their own, ``Game.set_copy``), its skill and icons added or taken as their own, for a
phase, a turn or while the copied character stays in play."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, choose_domain, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, CONSTANT, EFFECT, FILTER, param
from deckbuilder.engine.text.templates_characters import ai_narrowed
from deckbuilder.engine.text.values import condition


def _printed(cd, k):
    return cd.skill[k], (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k])


def _end_copy(game, src, ctx):
    """At the end of the phase or turn: the copy made then (ctx.x: its kind) ends."""
    copy = game._copies.get(ctx.target)
    if copy is not None and copy[0] == ctx.x:
        game.end_copy(ctx.target)
        log_event(game, "copy", f"{game.card(ctx.target).title} is itself again")
    return
    yield


@EFFECT.register(
    "copy_character",
    receiver=param(("self", "choose"), "self"),
    who=FILTER,
    filter=FILTER,
    stats=param(("none", "add", "become"), "none"),
    text=param(("gain", "replace"), "gain"),
    until=param(("phase", "turn", "while"), "phase"),
    pay_cost=param(BOOL, False),
    itself=param(BOOL, False),
    insane=param(BOOL, False),
    ai_filter=FILTER,
)
def copy_character(
    where, receiver, who, filter, stats, text, until, pay_cost, itself, insane, ai_filter
):
    """A character (the card itself, or one you control the ``who`` filter accepts) copies
    another character in play the filter accepts: it gains its text box (``text =
    "replace"``: instead of its own), and its printed skill and icons are added
    (``stats = "add"``) or become its own (``"become"``), until the end of the phase, of the
    turn, or for as long as both stay in play (``while``). ``pay_cost``: the copied
    character's printed cost is paid now (a domain of that many resources is drained).
    ``itself`` ("choose a character", no "other"): the receiver may copy itself: its printed
    skill and icons are added once more, its own text box it already has. ``insane``: an
    insane character may be chosen too, whatever the filter (FAQ: it has no subtypes), and
    gives nothing (no skill, icons or text box); the rest of the effect still happens.
    ``ai_filter``: the characters the automatic player copies among, when any."""
    takes = compile_filter(who, where)
    pred = compile_filter(filter, where)
    ai_pred = compile_filter(ai_filter, where) if ai_filter else None

    def affordable(game, k):
        cost = game.deck.cost[k]
        return cost <= 0 or any(
            not game.you.drained[d] and game.you.dom_value[d] >= cost
            for d in game.you.domain_indices
        )

    def sources(game, src, gains):
        cd = game.deck
        return [
            i
            for i in game.you.characters
            if (itself or i != gains)
            and (
                insane
                and game.you.status[i] == INSANE
                or game.you.status[i] != INSANE
                and cd.ctype[cd.kind_of[i]] == CHARACTER
                and pred(game, src, i)
                and (not pay_cost or affordable(game, cd.kind_of[i]))
            )
        ]

    def effect(game, src, ctx):
        cd = game.deck
        if receiver == "self":
            gains = src
        else:
            pool = [
                i
                for i in game.you.characters
                if game.you.status[i] != INSANE and takes(game, src, i)
            ]
            gains = yield from choose_card(game, "copy", "make a copy of", pool)
        if gains not in game.you.status or game.you.status[gains] == INSANE:
            return
        pool = ai_narrowed(game, src, sources(game, src, gains), ai_pred)
        i = yield from choose_card(game, "copy", "copy", pool)
        if i < 0:
            return
        k = cd.kind_of[i]
        if game.you.status[i] == INSANE or i == gains:
            if i == gains and stats == "add":  # its own text box it already has
                skill, icons = _printed(cd, k)
                game._temp.append((gains, skill, icons))
                if until == "turn":
                    game._temp_turn.append((gains, skill, icons))
            log_event(game, "copy", f"{game.card(gains).title} copies {game.card(i).title}")
            return
        if pay_cost and cd.cost[k] > 0:
            doms = [
                d
                for d in game.you.domain_indices
                if not game.you.drained[d] and game.you.dom_value[d] >= cd.cost[k]
            ]
            d = yield from choose_domain(game, "pay", "pay", doms)
            if d < 0:
                return
            game._drain(d)
        game.set_copy(gains, k, text == "replace", i)
        if stats != "none":
            skill, icons = _printed(cd, k)
            if stats == "become":
                own_skill, own_icons = _printed(cd, cd.kind_of[gains])
                skill -= own_skill
                icons = tuple(a - b for a, b in zip(icons, own_icons, strict=True))
            game._temp.append((gains, skill, icons))
            if until == "turn":
                game._temp_turn.append((gains, skill, icons))
        if until != "while":
            end = AbilityContext(x=k, target=gains)
            game._delayed.append((_end_copy, src, end, until == "turn"))
        log_event(game, "copy", f"{game.card(gains).title} copies {game.card(i).title}")

    def worthwhile(game, src):
        gains = src if receiver == "self" else -1
        return bool(sources(game, src, gains))

    effect.worthwhile = worthwhile
    return effect


@CONSTANT.register("copied_stats")
def copied_stats(where, committed):
    """While the card copies a character, its skill and icons are that character's printed
    ones."""

    def copied(game, src):
        copy = game._copies.get(src)
        return copy[0] if copy is not None else -1

    def skill(game, src, target, icons):
        k = copied(game, src)
        if k < 0:
            return 0
        cd = game.deck
        return cd.skill[k] - cd.skill[cd.kind_of[src]]

    def icons(game, src):
        k = copied(game, src)
        if k < 0:
            return (0, 0, 0, 0)
        cd = game.deck
        mine = _printed(cd, cd.kind_of[src])[1]
        return tuple(a - b for a, b in zip(_printed(cd, k)[1], mine, strict=True))

    return [
        ab.Static(ab.SKILL, None, skill, committed=committed),
        ab.Static(ab.ICONS, None, icons=icons, committed=committed),
    ]


@condition("subject_copied", BOOL)
def _subject_copied(value, where):
    """The card the trigger is about is the one the source copies (or not)."""

    def check(game, src, ctx):
        copy = game._copies.get(src)
        return (copy is not None and copy[2] == ctx.target) == value

    return check
