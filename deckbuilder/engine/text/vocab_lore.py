"""Vocabulary for the lore sets (AtMoM, AH, SoM, KD, CoC, DD): a condition on
conspiracies in play, a cost that shuffles the card into the deck, a title filter by
word."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import CHOOSE, CONSPIRACY_BASE, INSANE, OVER, WIN, Action
from deckbuilder.engine.effects import choose_card, choose_story
from deckbuilder.engine.text.filters import KIND, atom, compile_filter
from deckbuilder.engine.text.registry import (
    BOOL,
    CONDITION,
    CONSTANT,
    COST,
    EFFECT,
    FILTER,
    INT,
    STR,
    STRS,
    TextError,
    param,
)
from deckbuilder.engine.text.templates_characters import TARGETS, icon_tuple, targets_of
from deckbuilder.engine.text.values import condition


@COST.register("shuffle_into_deck", value=param(BOOL, required=True))
def shuffle_into_deck(where, value):
    """Shuffle the card itself (in play) into its owner's deck."""

    def pay(game, src):
        game._leave_play(src, to="hand")
        if src in game._hand:
            game._hand.remove(src)
        game._deck.append(src)
        game._shuffle_deck()
        return
        yield

    return (lambda game, src: True), pay


@atom("title_has", KIND, STRS)
def _title_has(value):
    """The title holds one of these words (case-insensitive)."""
    words = [w.lower() for w in ([value] if isinstance(value, str) else value)]
    return lambda cd, k: any(w in cd.cards[k].title.lower() for w in words)


@EFFECT.register("subject_from_discard", to=param(("play", "hand"), "hand"))
def subject_from_discard(where, to):
    """The card the trigger is about, if it is in your discard pile, goes into play (or to
    your hand)."""

    def effect(game, src, ctx):
        i = ctx.target
        if i < 0 or i not in game._discard:
            return
        if to == "play":
            if not game.may_enter(game.deck.kind_of[i]):
                return
            game._take_from(i)
            game._enter(i)
        else:
            game._discard.remove(i)
            game._hand.append(i)
        return
        yield

    return effect


_LETTERS = "TCAI"
_ICON_NAMES = {"T": "Terror", "C": "Combat", "A": "Arcane", "I": "Investigation"}


@EFFECT.register(
    "gain_icon_choice",
    choices=param(STR, "IACT"),
    lose=param(STR, ""),
    filter=FILTER,
    target=param(TARGETS, "choose"),
)
def gain_icon_choice(where, choices, lose, filter, target):
    """Characters gain one icon of the player's choice (among ``choices``; losing ``lose``
    for it) until the end of the phase."""
    pred = compile_filter(filter, where)
    if not choices or any(ch not in _LETTERS for ch in choices + lose):
        raise TextError(f"{where}: icons are letters among TCAI")

    def effect(game, src, ctx):
        pool = [i for i in game._characters if game._status[i] != INSANE and pred(game, src, i)]
        chosen = yield from targets_of(game, src, ctx, target, pool, "boost", "boost")
        if not chosen:
            return
        if len(choices) == 1:
            letter = choices
        else:
            acts = tuple(
                Action(CHOOSE, x=n, label=f"gain {_ICON_NAMES[ch]}") for n, ch in enumerate(choices)
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
        for i in list(game._characters):
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


@EFFECT.register("recommit", filter=FILTER)
def recommit(where, filter):
    """Uncommit one of your committed characters the filter accepts and commit it to a
    different story (it stays exhausted)."""
    pred = compile_filter(filter, where)

    def effect(game, src, ctx):
        pool = [
            i
            for c in game._committed
            for i in c
            if game._status.get(i) != INSANE and pred(game, src, i)
        ]
        i = yield from choose_card(game, "recommit", "move", pool)
        if i < 0:
            return
        old = game.committed_story(i)
        slots = [s for s in range(len(game._stories)) if s != old]
        s = yield from choose_story(game, "token", "commit to", slots)
        if s < 0 or old < 0:
            return
        game._committed[old].remove(i)
        game._committed[s].append(i)
        if game.log is not None:
            game._event("commit", f"{game.card(i).title} moved to another story")

    return effect


@condition("marked", ("phase", "turn"))
def _marked(value, where):
    """This card's ``mark`` effect happened this phase (or turn)."""

    def check(game, src, ctx):
        from deckbuilder.engine.text.vocab_rituals import marks

        return marks(game, src, value) > 0

    return check


_COUNTER = ("lore", "counter")


def _counter(game, src) -> int:
    used = game._uses.get((src,) + _COUNTER)
    return used[0] if used else 0


@EFFECT.register("counter", n=param(INT, 1), reset=param(BOOL, False))
def counter(where, n, reset):
    """Put n success tokens (counters) on this card itself (``reset``: remove them all)."""

    def effect(game, src, ctx):
        game._uses[(src,) + _COUNTER] = (0 if reset else _counter(game, src) + n, 0)
        return
        yield

    return effect


@condition("counter_at_least", INT)
def _counter_at_least(value, where):
    """This card has at least this many counters (success tokens on it)."""
    return lambda game, src, ctx: _counter(game, src) >= value


@EFFECT.register("self_to_won_pile")
def self_to_won_pile(where):
    """This card leaves play for your won story pile, as a won story (a third win wins the
    game)."""

    def effect(game, src, ctx):
        if src not in game._status and src not in game._supports:
            return
        game._leave_play(src, to="hand")
        if src in game._hand:
            game._hand.remove(src)
        game._uses.pop((src,) + _COUNTER, None)
        game._won.append(CONSPIRACY_BASE + src)
        if game.log is not None:
            game._event("story_won", f"{game.card(src).title} joins the won stories")
        if len(game._won) >= 3 and game.phase != OVER:
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
            if len(game._committed[s]) >= n:
                need = game.story_to_win(s) - game._tokens[s]
                if need > 0:
                    yield from game._add_token(s, need)

    return effect


@condition("subject_in_discard", BOOL)
def _subject_in_discard(value, where):
    """The card the trigger is about is in your discard pile (it was destroyed), or not."""
    return lambda game, src, ctx: (ctx is not None and ctx.target in game._discard) == value
