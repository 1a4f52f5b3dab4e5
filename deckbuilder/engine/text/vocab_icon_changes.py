"""Vocabulary of icons that change type or owner: icons changed into a single chosen type,
an icon taken from one character by another, icons gained per icon type in the discard
pile."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import CHOOSE, INSANE, Action
from deckbuilder.engine.cards import CHARACTER
from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import CONSTANT, EFFECT, FILTER, STR, TextError, param
from deckbuilder.engine.text.templates_characters import targets_of

_NAMES = ("terror", "combat", "arcane", "investigation")
_ORDER = (3, 1, 2, 0)  # the icon offered first: investigation wins tokens against nobody


def choose_icon_type(game, prompt: str, columns=_ORDER):
    """Generator: an icon column (0 terror .. 3 investigation) chosen among ``columns``."""
    columns = tuple(columns)
    if len(columns) == 1:
        return columns[0]
    acts = tuple(Action(CHOOSE, x=j, label=f"{prompt} {_NAMES[j]}") for j in columns)
    a = yield Choice("icon", prompt, acts)
    return a.x if a.x in columns else columns[0]


@EFFECT.register(
    "convert_icons",
    icons=param(STR, "TCAI"),
    filter=FILTER,
    target=param(("choose", "all"), "choose"),
)
def convert_icons(where, icons, filter, target):
    """Choose an icon type: until the end of the phase, every icon of the types ``icons``
    on the characters (one chosen, or all) you control the filter accepts becomes an icon of
    that type."""
    if not icons or any(ch not in "TCAI" for ch in icons):
        raise TextError(f"{where}: icons are letters among TCAI")
    pred = compile_filter(filter, where)
    columns = ["TCAI".index(ch) for ch in icons]

    def effect(game, src, ctx):
        pool = [
            i for i in game.you.characters if game.you.status[i] != INSANE and pred(game, src, i)
        ]
        chosen = yield from targets_of(game, src, ctx, target, pool, "boost", "change the icons of")
        if not chosen:
            return
        into = yield from choose_icon_type(game, "change them into")
        for i in chosen:
            now = game.icons_of(i)
            change = [0, 0, 0, 0]
            for j in columns:
                if j != into and now[j] > 0:
                    change[j] -= now[j]
                    change[into] += now[j]
            if any(change):
                game._temp.append((i, 0, tuple(change)))
                log_event(game, "boost", f"{game.card(i).title}: icons become {_NAMES[into]}")

    return effect


@EFFECT.register("take_icon", filter=FILTER)
def take_icon(where, filter):
    """Choose another character the filter accepts and an icon type: until the end of the
    phase it gets -1 skill and loses one icon of that type, and the card itself gets +1
    skill and gains one. The type is one the character has (it cannot lose an icon it
    lacks, so the card gains none); without icons only the skill moves (our reading)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        if src not in game.you.status:
            return
        pool = [
            i
            for i in game.you.characters
            if i != src and game.you.status[i] != INSANE and pred(game, src, i)
        ]
        i = yield from choose_card(game, "boost", "take an icon from", pool, harm=True)
        if i < 0:
            return
        has = [j for j in _ORDER if game.stats_of(i)[1][j] > 0]
        if has:
            j = yield from choose_icon_type(game, "take the icon", has)
            icon = tuple(1 if n == j else 0 for n in range(4))
        else:
            j, icon = -1, (0, 0, 0, 0)
        game._temp.append((i, -1, tuple(-v for v in icon)))
        game._temp.append((src, 1, icon))
        taken = _NAMES[j] if j >= 0 else "1 skill"
        log_event(game, "boost", f"{game.card(src).title} takes {taken} from {game.card(i).title}")

    return effect


@CONSTANT.register("icons_per_discard_types")
def icons_per_discard_types(where, committed):
    """The card gains one icon of each type printed on a character card in your discard
    pile (the goldfish opponent's pile is empty)."""

    def icons(game, src):
        cd = game.deck
        have = [0, 0, 0, 0]
        for i in game.you.discard:
            k = cd.kind_of[i]
            if cd.ctype[k] == CHARACTER:
                if cd.terror[k]:
                    have[0] = 1
                if cd.combat[k]:
                    have[1] = 1
                if cd.arcane[k]:
                    have[2] = 1
                if cd.investigation[k]:
                    have[3] = 1
        return tuple(have)

    return ab.Static(ab.ICONS, None, icons=icons, committed=committed)
