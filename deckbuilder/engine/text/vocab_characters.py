"""Vocabulary of a character's skill, icons, wounds and readiness."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, EXHAUSTED, INSANE, OVER, READY, Action
from deckbuilder.engine.choices import yes_no
from deckbuilder.engine.effects import choose_card, choose_story, log_event
from deckbuilder.engine.text.costs import _own_pick
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    AMOUNT,
    BOOL,
    CONDITION,
    CONSTANT,
    COST,
    EFFECT,
    FILTER,
    ICONS,
    INT,
    STR,
    TextError,
    param,
    remembers,
)
from deckbuilder.engine.text.templates_characters import TARGETS, icon_tuple, targets_of
from deckbuilder.engine.text.values import compile_amount, condition

_ICON_NAMES = ("terror", "combat", "arcane", "investigation")


def characters_left_play_this_phase(game) -> int:
    """How many times a character left play this phase, wherever it went (the reader's
    builder notes ``remembers("departures")``)."""
    return len(game._left_play_this_phase)


@condition("departures_at_least", INT)
def _departures_at_least(value, where):
    """At least this many times a character left play this phase (for any zone)."""
    remembers("departures")
    return lambda game, src, ctx: characters_left_play_this_phase(game) >= value


@condition("self_ready", BOOL)
def _self_ready(value, where):
    """The source (a character or a support) is ready (true) or exhausted (false)."""

    def check(game, src, ctx):
        if src in game.you.status:
            ready = game.you.status[src] not in (EXHAUSTED, INSANE)
        else:
            ready = src not in game.you.exhausted_supports
        return ready == value

    return check


@EFFECT.register("ready_support", filter=FILTER)
def ready_support(where, filter):
    """Ready a chosen exhausted support card you control that the filter accepts."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i for i in game.you.supports if i in game.you.exhausted_supports and pred(game, src, i)
        ]
        i = yield from choose_card(game, "ready", "ready", pool)
        if i >= 0:
            game.you.exhausted_supports.discard(i)
            log_event(game, "ready", f"{game.card(i).title} readies")

    # Worth paying for only with an exhausted support to ready.
    effect.worthwhile = lambda game, src: any(
        pred(game, src, i) for i in game.you.exhausted_supports if i in game.you.supports
    )
    return effect


@EFFECT.register(
    "gain_chosen_icons",
    n=param(AMOUNT, 1),
    target=param(("self", "host"), "self"),
    until=param(("phase", "turn"), "phase"),
)
def gain_chosen_icons(where, n, target, until):
    """Until the end of the phase (or turn: ``until``) the card (or its host) gains n icons,
    each of your choice."""
    amount = compile_amount(n, where)

    def effect(game, src, ctx):
        who = src if target == "self" else game.you.attached.get(src, -1)
        if who not in game.you.status:
            return
        for _ in range(amount(game, src, ctx)):
            acts = tuple(
                Action(CHOOSE, x=j, label=f"gain a {name} icon")
                for j, name in enumerate(_ICON_NAMES)
            )
            if game._policy is not None:
                a = game._policy.decide(game, Choice("icon", "gain an icon", acts))
            else:
                a = yield Choice("icon", "gain an icon", acts)
            j = a.x if 0 <= a.x < 4 else 3
            icons = tuple(1 if t == j else 0 for t in range(4))
            game._temp.append((who, 0, icons))
            if until == "turn":
                game._temp_turn.append((who, 0, icons))
            log_event(game, "boost", f"{game.card(who).title} gains a {_ICON_NAMES[j]} icon")

    return effect


@EFFECT.register("boost_per_departure", icons=param(ICONS, required=True), filter=FILTER)
def boost_per_departure(where, icons, filter):
    """A chosen character gains these icons once for each character that left play this
    phase (for any zone), until the end of the phase."""
    remembers("departures")
    pred = compile_filter(filter, where)
    ic = icon_tuple(icons)

    def effect(game, src, ctx):
        times = characters_left_play_this_phase(game)
        pool = [
            i for i in game.you.characters if game.you.status[i] != INSANE and pred(game, src, i)
        ]
        i = yield from choose_card(game, "boost", "boost", pool)
        if i >= 0 and times:
            game._temp.append((i, 0, tuple(v * times for v in ic)))

    return effect


@EFFECT.register("heal_and_ready", filter=FILTER)
def heal_and_ready(where, filter):
    """Remove a wound from an exhausted, wounded character the filter accepts and ready it."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i
            for i in game.you.characters
            if game.you.status.get(i) == EXHAUSTED
            and game.you.wounds.get(i, 0) > 0
            and pred(game, src, i)
        ]
        i = yield from choose_card(game, "ready", "heal and ready", pool)
        if i < 0:
            return
        game.you.wounds[i] -= 1
        if not game.you.wounds[i]:
            del game.you.wounds[i]
        game.you.status[i] = READY

    return effect


_LETTERS = "TCAI"


@EFFECT.register(
    "gain_icon_choice",
    choices=param(STR, "IACT"),
    lose=param(STR, ""),
    filter=FILTER,
    target=param(TARGETS, "choose"),
)
def gain_icon_choice(where, choices, lose, filter, target):
    """Characters gain one icon of the player's choice (among ``choices``; losing ``lose``
    for it) until the end of the phase. With ``lose``, a chosen character without that
    icon to change is ineligible for the change, which is ignored for it (FAQ 1.6)."""
    pred = compile_filter(filter, where)
    if not choices or any(ch not in _LETTERS for ch in choices + lose):
        raise TextError(f"{where}: icons are letters among TCAI")

    def effect(game, src, ctx):
        pool = [
            i for i in game.you.characters if game.you.status[i] != INSANE and pred(game, src, i)
        ]
        chosen = yield from targets_of(game, src, ctx, target, pool, "boost", "boost")
        if lose:
            chosen = [i for i in chosen if game.icons_of(i)[_LETTERS.index(lose)] > 0]
        if not chosen:
            return
        if len(choices) == 1:
            letter = choices
        else:
            acts = tuple(
                Action(CHOOSE, x=n, label=f"gain {_ICON_NAMES[_LETTERS.index(ch)]}")
                for n, ch in enumerate(choices)
            )
            a = yield ab.Choice("icon", "choose an icon", acts)
            letter = choices[a.x]
        gained = icon_tuple(letter)
        lost = icon_tuple("-" + lose) if lose else (0, 0, 0, 0)
        change = tuple(g + x for g, x in zip(gained, lost, strict=True))
        for i in chosen:
            game._temp.append((i, 0, change))

    return effect


@EFFECT.register("lose_printed_skill", filter=FILTER)
def lose_printed_skill(where, filter):
    """Every character in play the filter accepts gets -X skill until the end of the phase,
    X being its printed skill."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        cd = game.deck
        for i in list(game.you.characters):
            if pred(game, src, i):
                game._temp.append((i, -cd.skill[cd.kind_of[i]], (0, 0, 0, 0)))
        return
        yield

    return effect


@CONSTANT.register("no_skill", who=FILTER, condition=CONDITION)
def no_skill(where, committed, who, condition):
    """The characters ``who`` accepts count no skill (their skill is 0, whatever adds to
    it)."""
    from deckbuilder.engine.text.constants import _who

    return ab.Static(ab.SKILL, _who(where, who, condition), -1000, committed=committed)


@EFFECT.register("heal", filter=FILTER, target=param(("all", "self"), "all"), n=param(INT, 0))
def heal(where, filter, target, n):
    """Remove all wounds (``n``: only n wound tokens each) from your characters the filter
    accepts (or from the card itself)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        wounds = game.you.wounds
        for i in list(wounds):
            if i in game.you.characters and (i == src if target == "self" else pred(game, src, i)):
                if n and wounds[i] > n:
                    wounds[i] -= n
                else:
                    del wounds[i]
        return
        yield

    return effect


@EFFECT.register("gain_icons_per_printed_icons", icon=param(("T", "C", "A", "I"), required=True))
def gain_icons_per_printed_icons(where, icon):
    """Choose a character (the card itself too: "a character"): until the end of the phase
    the card itself gains this icon once for each printed icon the chosen character has (an
    insane character, face down, prints none)."""
    col = "TCAI".index(icon)

    def effect(game, src, ctx):
        cd = game.deck
        pool = list(game.you.characters)
        i = yield from choose_card(game, "copy_icons", "count the icons of", pool)
        if i < 0 or src not in game.you.characters:
            return
        k = cd.kind_of[i]
        n = cd.terror[k] + cd.combat[k] + cd.arcane[k] + cd.investigation[k]
        if game.you.status[i] == INSANE:
            n = 0
        if n:
            gain = [0, 0, 0, 0]
            gain[col] = n
            game._temp.append((src, 0, tuple(gain)))
            log_event(game, "boost", f"{game.card(src).title} gains {n} {icon}")

    return effect


@EFFECT.register("boost_chosen_icon", target=param(("choose", "all"), "choose"), filter=FILTER)
def boost_chosen_icon(where, target, filter):
    """Choose an icon (asked one by one: T, C, A, else I), then a character (or every
    character the filter accepts) gains it until the end of the phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        letter = "I"
        for cand, name in (("T", "terror"), ("C", "combat"), ("A", "arcane")):
            if (yield yes_no("icon", f"choose the {name} icon", "another icon")).x:
                letter = cand
                break
        gain = tuple(1 if ch == letter else 0 for ch in "TCAI")
        pool = [i for i in game.you.characters if game.you.status[i] != 2 and pred(game, src, i)]
        if target == "all":
            chosen = pool
        else:
            i = yield from choose_card(game, "boost", f"gains {letter}:", pool)
            chosen = [i] if i >= 0 else []
        for i in chosen:
            game._temp.append((i, 0, gain))
            log_event(game, "boost", f"{game.card(i).title} gains {letter} until end of phase")

    return effect


@EFFECT.register("boost_per_wound", icons=param(("T", "C", "A", "I"), required=True))
def boost_per_wound(where, icons):
    """Until the end of the phase the card itself gains this icon once per wound on it (a
    constant "gains an icon for each wound" read while it is committed)."""
    col = "TCAI".index(icons)

    def effect(game, src, ctx):
        n = game.you.wounds.get(src, 0)
        if n and src in game.you.characters:
            gain = [0, 0, 0, 0]
            gain[col] = n
            game._temp.append((src, 0, tuple(gain)))
            log_event(game, "boost", f"{game.card(src).title} gains {n} {icons}")
        return
        yield

    return effect


@EFFECT.register("boost_icon_of_top_card", filter=FILTER)
def boost_icon_of_top_card(where, filter):
    """Reveal the top card of your deck: choose one of its printed struggle icons; your
    characters the filter accepts gain it until the end of the phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        top = game._reveal_top(1)
        if not top:
            return
        cd = game.deck
        k = cd.kind_of[top[0]]
        have = [
            (j, name)
            for j, (name, n) in enumerate(
                zip(
                    ("terror", "combat", "arcane", "investigation"),
                    (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k]),
                    strict=True,
                )
            )
            if n
        ]
        if not have:
            return
        col = have[-1][0]
        for j, name in have[:-1]:
            if (yield yes_no("icon", f"choose the {name} icon", "another icon")).x:
                col = j
                break
        gain = tuple(1 if j == col else 0 for j in range(4))
        for i in game.you.characters:
            if game.you.status[i] != 2 and pred(game, src, i):
                game._temp.append((i, 0, gain))
        log_event(game, "boost", f"your characters gain {'TCAI'[col]} until end of phase")

    return effect


@COST.register("sacrifice_three_other", value=param(FILTER, required=True))
def sacrifice_three_other(where, value):
    """Sacrifice three other cards you control that the filter accepts."""
    pool = _own_pick("sacrifice", "sacrifice", value, where)

    def pay(game, src):
        for _ in range(3):
            i = yield from choose_card(game, "sacrifice", "sacrifice", pool(game, src), harm=True)
            if i >= 0:
                game._sacrifice(i)

    return (lambda game, src: len(pool(game, src)) >= 3), pay


@EFFECT.register("skill_per_icon_at_story", icon=param(ICONS, required=True))
def skill_per_icon_at_story(where, icon):
    """Choose a story: each of your characters committed there gets +1 skill this phase for
    each such icon it has."""
    column = "TCAI".index(icon[0])

    def effect(game, src, ctx):
        slots = [s for s, c in enumerate(game.you.committed) if c]
        s = yield from choose_story(game, "boost", "boost the characters at", slots)
        if s < 0:
            return
        for i in list(game.you.committed[s]):
            n = game.icons_of(i)[column]
            if n > 0:
                game._temp.append((i, n, (0, 0, 0, 0)))
                log_event(game, "boost", f"{game.card(i).title} gets +{n} skill until end of phase")

    return effect


@EFFECT.register("sacrifice_give_icons", filter=FILTER)
def sacrifice_give_icons(where, filter):
    """Sacrifice a character you control that the filter accepts; another such character
    gains its printed icons until the end of the phase."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if pred(game, src, i)]
        if len(pool) < 2:
            return
        i = yield from choose_card(game, "sacrifice", "sacrifice", pool, harm=True)
        if i < 0:
            return
        k = game.deck.kind_of[i]
        cd = game.deck
        icons = (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k])
        game._sacrifice(i)
        others = [
            j for j in game.you.characters if game.you.status[j] != INSANE and pred(game, src, j)
        ]
        j = yield from choose_card(game, "boost", "give the icons to", others)
        if j >= 0:
            game._temp.append((j, 0, icons))
            log_event(game, "boost", f"{game.card(j).title} gains {game.card(i).title}'s icons")

    return effect


@EFFECT.register("boost_per_other_faction", per=param(INT, 1))
def boost_per_other_faction(where, per):
    """Choose a character: until the end of the phase it gets +``per`` skill for each other
    character in play of a different faction."""

    def effect(game, src, ctx):
        pool = [i for i in game.you.characters if game.you.status[i] != INSANE]
        i = yield from choose_card(game, "boost", "boost", pool)
        if i < 0:
            return
        faction = game.card(i).faction
        n = sum(1 for j in game.you.characters if j != i and game.card(j).faction != faction)
        if n:
            game._temp.append((i, per * n, (0, 0, 0, 0)))
            log_event(
                game, "boost", f"{game.card(i).title} gets +{per * n} skill until end of phase"
            )

    return effect


@EFFECT.register("wound_others_or_sacrifice", harms=True, wounds=param(INT, 2))
def wound_others_or_sacrifice(where, wounds):
    """Deal ``wounds`` wounds to each other character you control, or sacrifice this card:
    a choice, the option that loses less offered first (what the automatic player takes):
    the value (skill, twice the investigation icons, plus one) of the characters the wounds
    would destroy against this card's; on a tie, the wounds (nobody destroyed: nothing
    lost)."""

    def value(game, i):
        skill, icons = game.stats_of(i)
        return skill + 2 * icons[3] + 1

    def effect(game, src, ctx):
        if src not in game.you.status:
            return
        others = [i for i in game.you.characters if i != src]
        status, hurt = game.you.status, game.you.wounds
        lost = sum(
            value(game, i)
            for i in others
            if (status[i] == INSANE or hurt.get(i, 0) + wounds > game.toughness_of(i))
            and game.can_wound(i)
        )
        title = game.card(src).title
        options = [
            Action(CHOOSE, x=0, label=f"deal {wounds} wounds to each other character"),
            Action(CHOOSE, x=1, label=f"sacrifice {title}"),
        ]
        if lost > value(game, src):
            options.reverse()
        choice = Choice("choose_one", title, tuple(options))
        if game._policy is not None and game.phase != OVER:
            n = game._policy.decide(game, choice).x
        else:
            n = (yield choice).x
        if n == 1:
            log_event(game, "sacrifice", f"{title} sacrificed")
            game._sacrifice(src)
            return
        for i in others:
            for _ in range(wounds):
                if i in game.you.status:
                    game._wound(i)

    return effect
