"""Vocabulary of attachments and their hosts: the story the host is committed to, and cards
attached face up as plain cards (characters on a character, cards on a support): their
icons gained by the host, one discarded instead of a wound."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.abilities import AbilityContext
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.effects import choose_card, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONSTANT,
    EFFECT,
    FILTER,
    ICONS,
    INT,
    STRS,
    param,
    remembers,
)
from deckbuilder.engine.text.templates_characters import icon_tuple
from deckbuilder.engine.text.values import condition


@condition("host_at_story", BOOL)
def _host_at_story(value, where):
    """The character the card is attached to is committed to the story of the trigger
    (ctx.story), or not."""

    def check(game, src, ctx):
        s = ctx.story
        host = game.you.attached.get(src, -1)
        here = host >= 0 and 0 <= s < len(game.you.committed) and host in game.you.committed[s]
        return here == value

    return check


# ------------------------------------------------------------------ cards attached face up
def _printed_icons(game, i: int) -> int:
    cd = game.deck
    k = cd.kind_of[i]
    return cd.terror[k] + cd.combat[k] + cd.arcane[k] + cd.investigation[k]


def attached_cards(game, host: int) -> list:
    """The cards attached face up to ``host`` as plain cards (not in play themselves)."""
    return [a for a, h in game.you.attached_cards.items() if h == host]


@EFFECT.register(
    "attach_card",
    filter=FILTER,
    sources=param(STRS, "discard"),
)
def attach_card(where, filter, sources):
    """Attach a card the filter accepts face up to the card itself, as a plain card (not in
    play: no text, no skill of its own; to the discard pile when its host leaves play): one
    chosen from the hand or the discard pile, or the card the trigger is about
    (``subject``, if it is in the discard pile)."""
    pred = compile_filter(filter, where)
    zones = (sources,) if isinstance(sources, str) else tuple(sources)

    def pool_of(game, src, ctx):
        if "subject" in zones:
            i = ctx.target if ctx is not None else -1
            return [i] if i in game.you.discard and pred(game, src, i) else []
        out = []
        for zone in zones:
            for i in game.you.hand if zone == "hand" else game.you.discard:
                if i != src and pred(game, src, i):
                    out.append(i)
        return out

    def effect(game, src, ctx):
        if not (src in game.you.status or src in game.you.supports or src == game.you.conspiracy):
            return
        i = yield from choose_card(game, "attach", "attach", pool_of(game, src, ctx))
        if i < 0:
            return
        game._take_from(i)
        if i in game._discarded_this_phase:
            game._discarded_this_phase.remove(i)
        game.you.attached_cards[i] = src
        game._statics_cache = None  # a passive may read what is attached
        log_event(game, "attach", f"{game.card(i).title} attached to {game.card(src).title}")

    def worthwhile(game, src):
        return bool(pool_of(game, src, None))

    effect.worthwhile = worthwhile
    return effect


@CONSTANT.register("icons_of_attached", filter=FILTER)
def icons_of_attached(where, committed, filter):
    """The card gains the printed icons of each card attached face up to it that the filter
    accepts."""
    pred = compile_filter(filter, where)

    def icons(game, src):
        cd = game.deck
        t = c = a = i = 0
        for card in attached_cards(game, src):
            if pred(game, src, card):
                k = cd.kind_of[card]
                t += cd.terror[k]
                c += cd.combat[k]
                a += cd.arcane[k]
                i += cd.investigation[k]
        return (t, c, a, i)

    return ab.Static(ab.ICONS, None, icons=icons, committed=committed)


@CONSTANT.register("wound_discards_attached", filter=FILTER)
def wound_discards_attached(where, committed, filter):
    """If the card would be wounded, a card attached face up to it that the filter accepts
    is discarded instead (the player always chooses to)."""
    pred = compile_filter(filter, where)

    def instead(game, src, target):
        pool = [a for a in attached_cards(game, src) if pred(game, src, a)]
        if not pool:
            return False
        a = min(pool, key=lambda x: _printed_icons(game, x))  # the one giving least
        del game.you.attached_cards[a]
        game._into_discard(a)
        game._statics_cache = None
        log_event(game, "wound", f"{game.card(a).title} discarded instead of a wound")
        return True

    return ab.Static(ab.WOUND_INSTEAD, None, instead, committed=committed)


# ------------------------------------------------------------------ a host made a character
def _made_key(src: int) -> tuple:
    return (src, "host made a character", "")


@EFFECT.register("host_becomes_character")
def host_becomes_character(where):
    """The support the card is attached to becomes a character (ready unless exhausted) for
    as long as the card stays attached (``host_back_to_support`` when it leaves)."""
    remembers("host_character")  # filters on characters may then accept any support
    from deckbuilder.engine.text.vocab_states import _to_character

    def effect(game, src, ctx):
        host = game.you.attached.get(src, -1)
        if host < 0 or host not in game.you.supports:
            return
        _to_character(game, host)
        game._uses[_made_key(src)] = host
        log_event(game, "character", f"{game.card(host).title} becomes a character")
        return
        yield

    return effect


@EFFECT.register("host_back_to_support")
def host_back_to_support(where):
    """The card (gone from play) made its host a character: that host, still in play, is a
    support again."""
    from deckbuilder.engine.text.vocab_states import _back_to_support

    def effect(game, src, ctx):
        host = game._uses.pop(_made_key(src), -1)
        if host >= 0 and host in game.you.status:
            yield from _back_to_support(game, src, AbilityContext(target=host))

    return effect


@CONSTANT.register(
    "host_character_stats",
    icons=param(ICONS, required=True),
    toughness=param(INT, 0),
)
def host_character_stats(where, committed, icons, toughness):
    """The card's host, while a character, has a skill equal to its printed cost, these
    icons and Toughness +``toughness`` (a wound it can still take is kept instead of
    destroying it)."""
    ic = icon_tuple(icons)

    def is_host(game, src, target):
        return game.you.attached.get(src) == target and target in game.you.status

    def skill(game, src, target, now):
        return game.deck.cost[game.deck.kind_of[target]]

    def tough(game, src, target):
        if not is_host(game, src, target) or game.you.status[target] == INSANE:
            return False
        wounds = game.you.wounds.get(target, 0)
        if wounds >= toughness + game.toughness_of(target):
            return False
        game.you.wounds[target] = wounds + 1
        log_event(game, "wound", f"{game.card(target).title} wounded")
        if game.deck.any_trigger[ab.CHARACTER_WOUNDED]:
            game._fire_all(ab.CHARACTER_WOUNDED, AbilityContext(target=target))
        return True

    return [
        ab.Static(ab.SKILL, is_host, skill, committed=committed),
        ab.Static(ab.ICONS, is_host, icons=ic, committed=committed),
        ab.Static(ab.WOUND_INSTEAD, is_host, tough, committed=committed),
    ]
