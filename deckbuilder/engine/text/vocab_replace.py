""" "Would" windows and what happens instead: a card would leave play, go to the discard
pile, go insane, be sacrificed, be wounded; you would draw cards or place success tokens.

The engine opens such a window (``AbilityMixin._would``) at the moment the rule is about
to act, before anything moves: the cards that answer it (in play, in hand, on top of the
deck, in the discard pile) are offered it at once, one by one, until one says what happens
instead. An answer is an ordinary ability (``kind = "forced"`` for a printed "any time ...
would", ``"disrupt"`` for a choice) whose effect may set ``ctx.instead`` (``instead``) or
change the number the window is about (``ctx.x``: cards drawn, tokens placed). The window
is answered inside the rule that opened it, nobody asked, whoever plays: an optional
answer is used unless its ``ai`` is "avoid", and any other choice takes its first option
(the templates below offer the best first).
"""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import INSANE, OVER
from deckbuilder.engine.effects import choose_card, choose_domain, choose_story, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import BOOL, EFFECT, FILTER, INT, TRIGGER, param
from deckbuilder.engine.text.triggers import subject_condition
from deckbuilder.engine.text.values import condition

_INSTEAD = ("top", "bottom", "hand", "discard_pile", "mill", "cancel", "resource")


@TRIGGER.register(
    "would_leave_play",
    subject=FILTER,
    to_discard=param(BOOL, False),
    destroyed=param(BOOL, False),
)
def would_leave_play(where, subject, to_discard, destroyed):
    """Before a card of yours leaves play (subject: it, still in play; ``to_discard``: only
    for the discard pile, the only move an answer may replace; ``destroyed``: only a card
    destroyed, i.e. going to the discard pile otherwise than by a sacrifice). ctx.x: 0 for
    another zone, 1 a sacrifice, 2 destroyed."""
    if destroyed:
        test = lambda g, s, c: c.x == 2  # noqa: E731
    elif to_discard:
        test = lambda g, s, c: c.x >= 1  # noqa: E731
    else:
        test = None
    return ab.WOULD_LEAVE, subject_condition(where, subject, test)


@TRIGGER.register("would_discard", subject=FILTER, from_play=param(BOOL, False))
def would_discard(where, subject, from_play):
    """Before a card would go to your discard pile, from any zone (subject: that card;
    ``from_play``: only a card leaving play)."""
    test = (lambda g, s, c: c.x == 1) if from_play else None
    return ab.WOULD_DISCARD, subject_condition(where, subject, test)


@TRIGGER.register("would_go_insane", subject=FILTER, by_effect=param(BOOL, False))
def would_go_insane(where, subject, by_effect):
    """Before a character of yours goes insane (subject: it, still sane; ``by_effect``:
    only by an effect, not a cost paid)."""
    test = (lambda g, s, c: c.by_effect) if by_effect else None
    return ab.WOULD_INSANE, subject_condition(where, subject, test)


def _lethal(game, src, ctx):
    """The wound would destroy ctx.target (insane, or no Toughness left)."""
    i = ctx.target
    return game.you.status.get(i) == INSANE or game.you.wounds.get(i, 0) >= game.toughness_of(i)


@TRIGGER.register("would_be_wounded", subject=FILTER)
def would_be_wounded(where, subject):
    """Before a character of yours is wounded, one wound at a time (subject: it). An answer
    may cancel the wound (``instead``, "cancel") or move it (``wound_instead``)."""
    return ab.WOULD_WOUND, subject_condition(where, subject, None)


@condition("lethal_wound", BOOL)
def _lethal_wound(value, where):
    """In a "would be wounded" window: the wound would destroy the character (insane, or no
    Toughness left). The automatic player's judgement for a cancel or a move that costs
    something (a card, resources, exhausting): it keeps it for the character it would save,
    as a wound the character survives is worth no card (``ai_when``); a person is offered
    every wound the text names."""
    return _lethal if value else (lambda game, src, ctx: not _lethal(game, src, ctx))


@EFFECT.register("wound_instead", filter=FILTER)
def wound_instead(where, filter):
    """The wound goes on another character that ``filter`` accepts ({self = true}: this
    card) instead of the one it was for: one the wound does not destroy is offered first,
    then the cheapest. The moved wound opens no new window (``ZonesMixin._take_wound``)."""
    pred = compile_filter(filter, where) if filter is not None else None

    def effect(game, src, ctx):
        you = game.controller_of(src)
        pool = [
            i
            for i in you.status
            if i != ctx.target and (pred is None or pred(game, src, i)) and game.can_wound(i)
        ]
        if not pool:
            return
        cd = game.deck

        def worst(i):
            dies = you.status[i] == INSANE or you.wounds.get(i, 0) >= game.toughness_of(i)
            return (dies, cd.cost[cd.kind_of[i]])

        pool.sort(key=worst)
        i = yield from choose_card(game, "wound", "wound instead", pool, harm=True)
        if i >= 0:
            ctx.instead = f"wound {i}"

    return effect


@TRIGGER.register("would_be_sacrificed", subject=FILTER)
def would_be_sacrificed(where, subject):
    """Before a card of yours is sacrificed (subject: it, still in play)."""
    return ab.WOULD_SACRIFICE, subject_condition(where, subject)


@TRIGGER.register("would_draw", by_effect=param(BOOL, False))
def would_draw(where, by_effect):
    """Before you draw cards (ctx.x: how many; ``by_effect``: only a draw caused by a card
    effect, not the draw phase's)."""
    return ab.WOULD_DRAW, (lambda g, s, c: c.by_effect) if by_effect else None


def _here(game, src, ctx):
    s = ctx.story
    return 0 <= s < len(game.you.committed) and src in game.you.committed[s]


@TRIGGER.register("would_place_tokens", here=param(BOOL, False))
def would_place_tokens(where, here):
    """Before you place success tokens at a story (ctx.x: how many, ctx.story: where;
    ``here``: the story this card is committed to)."""
    return ab.WOULD_TOKEN, _here if here else None


def _host_here(game, src, ctx):
    s = ctx.story
    host = game.controller_of(src).attached.get(src, -1)
    return 0 <= s < len(game.you.committed) and host in game.you.committed[s]


@TRIGGER.register("would_arcane_ready", host_here=param(BOOL, False))
def would_arcane_ready(where, host_here):
    """Before a won arcane struggle readies a committed character (ctx.story: where;
    offered whether or not one is exhausted: the struggle's effect is what is replaced;
    ``host_here``: only where the character this card is attached to is committed). An
    answer that sets ``ctx.instead`` (``instead``, "cancel") replaces the readying."""
    return ab.WOULD_ARCANE_READY, _host_here if host_here else None


@EFFECT.register("instead", to=param(_INSTEAD, required=True))
def instead(where, to):
    """What the window was about happens otherwise: the card goes on the ``top`` or the
    ``bottom`` of its owner's deck or to the ``hand`` (a move to the discard pile, going
    insane), or the cards are drawn from the top of the discard pile (``discard_pile``),
    or the top card is discarded and the draw then goes on (``mill``: FAQ, the draw is not
    replaced); ``cancel``: the effect that would do
    it is cancelled (``effect_would_sacrifice``), the draw does not happen (``would_draw``:
    nothing is drawn, so nothing answers "after you draw") or the arcane struggle readies
    nobody (``would_arcane_ready``), the wound is not dealt (``would_be_wounded``), the
    card stays in play (``would_leave_play``), the character does not go insane
    (``would_go_insane``) or the response or forced response does not resolve
    (``would_trigger``); ``resource``: a card leaving play is
    attached to a domain of yours as a resource (the one with fewest resources offered
    first), "resource D" for domain D."""

    def effect(game, src, ctx):
        if to == "resource":
            order = sorted(range(len(game.you.domains)), key=lambda d: len(game.you.domains[d]))
            d = yield from choose_domain(game, "domain", "attach as a resource to", order)
            if d < 0:
                return
            ctx.instead = f"resource {d}"
            return
        ctx.instead = to
        if to == "cancel":
            log_event(game, "cancel", f"{game.card(src).title} cancels the effect")
        return
        yield

    return effect


@EFFECT.register("draw_more", n=param(INT, 1))
def draw_more(where, n):
    """The draw of the window draws n more cards."""

    def effect(game, src, ctx):
        ctx.x += n
        return
        yield

    return effect


@EFFECT.register("fewer_tokens", n=param(INT, 1))
def fewer_tokens(where, n):
    """n fewer of the success tokens of the window are placed at their story (the next
    effects say where they go)."""

    def effect(game, src, ctx):
        ctx.x = max(0, ctx.x - n)
        return
        yield

    return effect


@EFFECT.register("tokens_elsewhere")
def tokens_elsewhere(where):
    """The success tokens of the window are placed at another story of your choice
    instead (which they may win; the story nearest to being won is offered first)."""

    def effect(game, src, ctx):
        n = ctx.x
        others = [s for s in range(len(game._stories)) if s != ctx.story]
        others.sort(key=lambda s: game.story_to_win(s) - game.you.tokens[s])  # nearest first
        if n <= 0 or not others:
            return
        s = yield from choose_story(game, "token", "place the tokens at", others)
        if s < 0:
            return
        ctx.x = 0
        log_event(game, "token", f"{n} success token(s) placed at another story instead")
        yield from game._add_token(s, n)

    return effect


@EFFECT.register("top_or_bottom_draw")
def top_or_bottom_draw(where):
    """Look at the top card of your deck: you may draw the bottom card instead of it (the
    first card of the window's draw)."""

    def effect(game, src, ctx):
        top = game._peek(1)
        if not top:
            return
        i = yield from choose_card(game, "draw", "draw", top, optional=True)
        if i < 0:
            ctx.instead = "bottom"

    return effect


@EFFECT.register("reveal_instead_of_draw", n=param(INT, 2))
def reveal_instead_of_draw(where, n):
    """Instead of each card the window draws, reveal the top n cards of your deck: add one
    to your hand and put the others on the bottom of your deck. The cheaper card is offered
    first (a window's choice takes its first option when nobody is asked: the card likelier
    to be played soon); an empty deck then loses the game, as a draw would."""

    def effect(game, src, ctx):
        draws, ctx.x = ctx.x, 0
        ctx.instead = "revealed"  # the draw is replaced: no other answer
        cost = game.deck.cost
        kind_of = game.deck.kind_of
        for _ in range(draws):
            cards = game._reveal_top(n)
            if not cards:
                break
            for i in cards:
                game._take_from(i)
            log_event(game, "reveal", "revealed " + ", ".join(game.card(i).title for i in cards))
            cards.sort(key=lambda i: cost[kind_of[i]])
            i = yield from choose_card(game, "to_hand", "add to hand", cards)
            if i < 0:
                i = cards[0]
            game.you.hand.append(i)
            for j in cards:
                if j != i:
                    game._put(j, "bottom")
            game._check_deck_out()
            if game.phase == OVER:
                return

    return effect


@condition("discard_covers_draw", BOOL)
def _discard_covers_draw(value, where):
    """Your discard pile holds at least as many cards as the window draws (ctx.x)."""
    return lambda game, src, ctx: (len(game.you.discard) >= max(1, ctx.x)) == value


@condition("tokens_win_here", BOOL)
def _tokens_win_here(value, where):
    """The success tokens of the window (ctx.x) would win the story they are placed at
    (ctx.story), or not."""

    def test(game, src, ctx):
        s = ctx.story
        if not 0 <= s < len(game.you.tokens):
            return False
        return (game.you.tokens[s] + ctx.x >= game.story_to_win(s)) == value

    return test


@TRIGGER.register("would_be_revealed", subject=FILTER)
def would_be_revealed(where, subject):
    """Before the top card of your deck is revealed by an effect (subject: that card; it
    answers with ``zone = "deck_top"``): if an answer takes it away, the next card is
    revealed instead."""
    return ab.WOULD_REVEAL, subject_condition(where, subject)


# "After this card enters play" and the triggers on a card entering play, for "a card that
# just entered play" (the card whose ability it is must be the one that entered).
_ENTERING = frozenset(
    (ab.CHARACTER_ENTERS, ab.SUPPORT_ENTERS, ab.PLAYED_CHARACTER, ab.CHARACTER_PUT)
)


def _just_entered(game, src, ctx):
    t = ctx.ability.trigger
    return t == ab.ENTERS or (t in _ENTERING and ctx.of is not None and ctx.of.target == ctx.target)


@TRIGGER.register("would_trigger", subject=FILTER, entered=param(BOOL, False))
def would_trigger(where, subject, entered):
    """Before a response or forced response resolves (``WindowsMixin._cancelled``; subject:
    the card whose ability it is; ``entered``: only the ability of a card that just entered
    play, i.e. one triggered by that card's own entering play). An answer may cancel its
    effect (``instead``, "cancel"). In a solo game the effects are your own: the automatic
    player cancels only one that harms you (``Ability.harms``, or its ``ai`` "avoid"); a
    person may cancel any."""
    return ab.WOULD_TRIGGER, subject_condition(where, subject, _just_entered if entered else None)
