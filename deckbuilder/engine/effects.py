"""Effect templates: each function returns an effect, a generator function
``effect(game, src, ctx)`` that changes the game and yields a ``Choice`` for every decision
(see ``abilities``). Card data combines them; ``seq`` chains several.

Filters are predicates ``(game, instance) -> bool`` built by the helpers at the end. An
event's text is built only while the game is logged: a batch of games has no log.
"""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import (
    CHOOSE,
    EXHAUSTED,
    INSANE,
    OVER,
    READY,
    STORY_HOST,
    Action,
    choose_action,
    choose_actions,
)
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, SUPPORT


# ------------------------------------------------------------------ choosing
def choose_card(game, kind, prompt, options, *, harm=False, optional=False, story_hosts=False):
    """Generator: the chosen instance among ``options`` (-1 when none or declined). A single
    forced option is taken without asking."""
    options = list(options)
    if not options:
        return -1
    if len(options) == 1 and not optional:
        return options[0]
    if game._policy is not None:  # a policy reads values, not words: skip the labels
        if story_hosts:
            acts = [
                choose_action(i)
                if i < STORY_HOST
                else Action(CHOOSE, story=game._stories.index(i - STORY_HOST), x=i)
                for i in options
            ]
        else:  # instances only
            acts = choose_actions(options)
        if optional:
            acts.append(Action(CHOOSE, x=-1))
        choice = Choice(kind, prompt, tuple(acts), harm)
        if game.phase != OVER:  # answered at once, as ``Game._drive`` would: no yield
            return game._policy.decide(game, choice).x
        a = yield choice
        return a.x
    acts = []
    for i in options:
        if story_hosts and i >= STORY_HOST:
            title = game._story_title(i - STORY_HOST)
            acts.append(
                Action(
                    CHOOSE,
                    story=game._stories.index(i - STORY_HOST),
                    x=i,
                    label=f"{prompt} {title}",
                )
            )
        else:
            acts.append(Action(CHOOSE, i, x=i, label=f"{prompt} {game.card(i).title}"))
    if optional:
        acts.append(Action(CHOOSE, x=-1, label="none"))
    a = yield Choice(kind, prompt, tuple(acts), harm)
    return a.x


def choose_story(game, kind, prompt, slots):
    slots = list(slots)
    if not slots:
        return -1
    if len(slots) == 1:
        return slots[0]
    acts = []  # a loop, not a generator expression (a dearer function call)
    labelled = game._policy is None  # a policy reads values, not words: no labels
    for s in slots:
        label = f"{prompt} {game._story_title(game._stories[s])}" if labelled else ""
        acts.append(Action(CHOOSE, story=s, x=s, label=label))
    a = yield Choice(kind, prompt, tuple(acts))
    return a.x


def choose_domain(game, kind, prompt, domains):
    domains = list(domains)
    if not domains:
        return -1
    if len(domains) == 1:
        return domains[0]
    acts = tuple(Action(CHOOSE, domain=d, x=d, label=f"{prompt} domain {d + 1}") for d in domains)
    a = yield Choice(kind, prompt, acts)
    return a.x


def seq(*effects):
    def effect(game, src, ctx):
        for e in effects:
            yield from e(game, src, ctx)

    return effect


def when(condition, effect):
    """``effect`` only if ``condition(game, src, ctx)``."""

    def guarded(game, src, ctx):
        if condition(game, src, ctx):
            yield from effect(game, src, ctx)

    return guarded


# ------------------------------------------------------------------ cards
def draw(n):
    def effect(game, src, ctx):
        game._draw(n)
        return
        yield

    return effect


def discard_from_hand(n=1):
    """You choose and discard ``n`` cards from your hand ("each player discards")."""

    def effect(game, src, ctx):
        for _ in range(n):
            i = yield from choose_card(game, "discard", "discard", game._hand, harm=True)
            if i < 0:
                return
            game._hand.remove(i)
            game._discard.append(i)
            if game.log is not None:
                game._event("discard", f"{game.card(i).title} discarded")

    return effect


def search(who, to="hand", top=None, *, shuffle=True):
    """Search the deck (or its top ``top`` cards) for a card ``who`` accepts: to hand or into
    play; then shuffle."""

    def effect(game, src, ctx):
        pool = game._peek(top) if top else game._deck + game._top + game._bottom
        if to == "play":
            pool = [i for i in pool if game.may_enter(game.deck.kind_of[i])]
        found = pool if who is anything else [i for i in pool if who(game, i)]
        i = yield from choose_card(game, "search", "take", found, optional=True)
        if i >= 0:
            game._remove_from_deck(i)
            if to == "play":
                if game.log is not None:
                    game._event("search", f"{game.card(i).title} put into play from the deck")
                game._enter(i)
            else:
                game._hand.append(i)
                if game.log is not None:
                    game._event("search", f"{game.card(i).title} taken into hand")
        if shuffle:
            game._shuffle_deck()
        game._check_deck_out()

    return effect


def put_into_play(who, sources=("hand",), max_cost=None):
    """Put a card ``who`` accepts (printed cost ≤ ``max_cost``, "x": ≤ X) from ``sources``
    into play."""

    def effect(game, src, ctx):
        cd = game.deck
        limit = ctx.x if max_cost == "x" else max_cost
        pool = []
        for zone in sources:
            for i in game._hand if zone == "hand" else game._discard:
                k = cd.kind_of[i]
                if i == src or cd.ctype[k] not in (CHARACTER, SUPPORT):
                    continue
                if limit is not None and cd.cost[k] > limit:
                    continue
                if cd.attach[k] is not None or not game.may_enter(k) or not who(game, i):
                    continue
                pool.append(i)
        i = yield from choose_card(game, "put_into_play", "put into play", pool, optional=True)
        if i >= 0:
            game._take_from(i)
            if game.log is not None:
                game._event("put_into_play", f"{game.card(i).title} put into play")
            game._enter(i)

    return effect


def discard_to_hand(who):
    def effect(game, src, ctx):
        pool = [i for i in game._discard if i != src and who(game, i)]
        i = yield from choose_card(game, "to_hand", "return to hand", pool, optional=True)
        if i >= 0:
            game._discard.remove(i)
            game._hand.append(i)
            if game.log is not None:
                game._event("to_hand", f"{game.card(i).title} returned to hand")

    return effect


def return_self_to_hand(game, src, ctx):
    """The card returns from the discard pile to its owner's hand."""
    if src in game._discard:
        game._discard.remove(src)
        game._hand.append(src)
        if game.log is not None:
            game._event("to_hand", f"{game.card(src).title} returned to hand")
    return
    yield


def bottom_from_discard(n):
    def effect(game, src, ctx):
        for _ in range(n):
            pool = [i for i in game._discard if i != src]
            i = yield from choose_card(game, "to_deck", "put on the bottom of the deck", pool)
            if i < 0:
                return
            game._discard.remove(i)
            game._bottom.insert(0, i)

    return effect


def look_top(n, take=False, reorder=True):
    """Look at the top ``n`` cards: put one into hand when ``take`` (a bool or
    ``(game, ctx) -> bool``), then put the rest back in the order chosen."""

    def effect(game, src, ctx):
        cards = game._peek(n)
        may_take = take(game, ctx) if callable(take) else take
        if may_take:
            i = yield from choose_card(game, "search", "take", cards, optional=True)
            if i >= 0:
                game._remove_from_deck(i)
                game._hand.append(i)
                cards.remove(i)
        if reorder:
            yield from _reorder_top(game, cards)

    return effect


def _reorder_top(game, cards):
    order = []
    rest = list(cards)
    while len(rest) > 1:
        i = yield from choose_card(game, "top", "next card on top:", rest)
        rest.remove(i)
        order.append(i)
    order += rest
    for c in order:  # moved only now: while choosing, the cards stay in the deck
        game._remove_from_deck(c)
    game._top.extend(reversed(order))  # the first chosen ends on top


def librarian(n, bottom=1):
    """Look at the top ``n``: ``bottom`` of them to the bottom, the others back in any
    order."""

    def effect(game, src, ctx):
        cards = game._peek(n)
        for _ in range(bottom):
            i = yield from choose_card(game, "bottom", "put on the bottom", cards, harm=True)
            if i < 0:
                break
            game._remove_from_deck(i)
            game._bottom.insert(0, i)
            cards.remove(i)
        yield from _reorder_top(game, cards)

    return effect


# ------------------------------------------------------------------ characters
def ready(who=None, all_=False, exhausted_only=True):
    def effect(game, src, ctx):
        pool = [
            i
            for i in game._characters
            if game._status[i] == EXHAUSTED and (who is None or who(game, i))
        ]
        if all_:
            for i in pool:
                game._status[i] = READY
            return
        i = yield from choose_card(game, "ready", "ready", pool)
        if i >= 0:
            game._status[i] = READY
            if game.log is not None:
                game._event("ready", f"{game.card(i).title} readies")

    return effect


def ready_self(game, src, ctx):
    if game._status.get(src) == EXHAUSTED:
        game._status[src] = READY
    return
    yield


def restore_and_ready(n=1):
    def effect(game, src, ctx):
        for _ in range(n):
            pool = [i for i in game._characters if game._status[i] == INSANE]
            i = yield from choose_card(game, "restore", "restore and ready", pool)
            if i < 0:
                return
            game._restore(i)
            game._status[i] = READY

    return effect


def boost(skill=0, icons=(0, 0, 0, 0), target="choose", who=None, overpaid=None):
    """Until the end of the phase a character gets +``skill`` and gains ``icons``;
    ``overpaid`` = (skill, icons) added when the card was overpaid. ``target``: "choose",
    "self" or "committed" (each committed character you control)."""

    def effect(game, src, ctx):
        s, ic = skill, icons
        if overpaid is not None and ctx.overpaid > 0:
            s += overpaid[0]
            ic = tuple(a + b for a, b in zip(ic, overpaid[1], strict=True))
        if target == "self":
            targets = [src]
        elif target == "committed":
            targets = [i for c in game._committed for i in c]
        else:
            pool = [
                i
                for i in game._characters
                if game._status[i] != INSANE and (who is None or who(game, i))
            ]
            i = yield from choose_card(game, "boost", "boost", pool)
            targets = [i] if i >= 0 else []
        for i in targets:
            game._temp.append((i, s, ic))

    return effect


def copy_icons(game, src, ctx):
    """Paul LeMond: until the end of the phase, gain another character's printed icons."""
    cd = game.deck
    pool = [i for i in game._characters if i != src and game._status[i] != INSANE]
    i = yield from choose_card(game, "boost", "copy the icons of", pool)
    if i >= 0:
        k = cd.kind_of[i]
        game._temp.append((src, 0, (cd.terror[k], cd.combat[k], cd.arcane[k], cd.investigation[k])))


# ------------------------------------------------------------------ stories, domains
def token(story_ok=None, n=1):
    """Put ``n`` success tokens on a story (``story_ok(game, slot)`` limits which)."""

    def effect(game, src, ctx):
        slots = []  # a loop, not a comprehension (a dearer function call)
        for s in range(len(game._stories)):
            if story_ok is None or story_ok(game, s):
                slots.append(s)
        s = yield from choose_story(game, "token", "success token on", slots)
        if s >= 0:
            if game.log is not None:
                game._event("token", f"+{n} success token on {game._story_title(game._stories[s])}")
            yield from game._add_token(s, n)

    return effect


def gain_domain(attach_top=False):
    """Gain a domain (the top card of the deck becomes it); with ``attach_top``, attach the
    next top card to it as a resource."""

    def effect(game, src, ctx):
        marker = game._take_top()
        if marker < 0:
            return
        game._domain_cards.append(marker)
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


def move_drain(game, src, ctx):
    """Move a drain token from one of your domains to an undrained one."""
    drained = [d for d, v in enumerate(game._drained) if v]
    ready_ = [d for d, v in enumerate(game._drained) if not v]
    if not drained or not ready_:
        return
    d = yield from choose_domain(game, "refresh", "refresh", drained)
    e = yield from choose_domain(game, "drain", "drain", ready_)
    game._drained[d] = False
    game._drained[e] = True


def cost_once(who, amount=-1, minimum=1):
    """The next card ``who(game, kind)`` accepts played this phase costs ``amount`` more."""

    def effect(game, src, ctx):
        game._cost_sources.append((who, amount, minimum, True))
        game._cost_cache = {}
        return
        yield

    return effect


def blank_committed(game, src, ctx):
    """The Bootleg Whiskey Cover-Up: characters committed to it have blank text boxes."""
    from deckbuilder.engine.actions import CONSPIRACY_BASE

    game._blanking = CONSPIRACY_BASE + src
    return
    yield


# ------------------------------------------------------------------ self-harm
def sacrifice_own(who=None, n=1):
    def effect(game, src, ctx):
        for _ in range(n):
            pool = [i for i in game._characters if who is None or who(game, i)]
            i = yield from choose_card(game, "sacrifice", "sacrifice", pool, harm=True)
            if i < 0:
                return
            if game.log is not None:
                game._event("sacrifice", f"{game.card(i).title} sacrificed")
            game._leave_play(i)

    return effect


def insane_own(who=None):
    """Choose a character (only yours are in play): it goes insane, if able."""

    def effect(game, src, ctx):
        cd = game.deck
        pool = [
            i
            for i in game._characters
            if game._status[i] != INSANE
            and not cd.willpower[cd.kind_of[i]]
            and (who is None or who(game, i))
        ]
        i = yield from choose_card(game, "insane", "drive insane", pool, harm=True)
        if i >= 0:
            game._go_insane(i)

    return effect


def wound_own(game, src, ctx):
    i = yield from choose_card(game, "wound", "wound", game._characters, harm=True)
    if i >= 0:
        game._wound(i)


def wound_all(at_story=False):
    def effect(game, src, ctx):
        if at_story:
            s = game.committed_story(src)
            targets = [i for i in game._committed[s] if i != src] if s >= 0 else []
        else:
            targets = list(game._characters)
        for i in targets:
            if i in game._status:
                game._wound(i)
        return
        yield

    return effect


def exhaust_own(game, src, ctx):
    pool = [i for i in game._characters if game._status[i] == READY]
    i = yield from choose_card(game, "exhaust", "exhaust", pool, harm=True)
    if i >= 0:
        game._status[i] = EXHAUSTED


def return_own_to_hand(who=None):
    def effect(game, src, ctx):
        pool = [i for i in game._characters if who is None or who(game, i)]
        i = yield from choose_card(game, "to_hand", "return to hand", pool, harm=True)
        if i >= 0:
            game._leave_play(i, to="hand")
            if game.log is not None:
                game._event("to_hand", f"{game.card(i).title} returned to hand")

    return effect


def sacrifice_resource(game, src, ctx):
    pool = [i for d in game._domains for i in d]
    i = yield from choose_card(game, "sacrifice_resource", "sacrifice resource", pool, harm=True)
    if i >= 0:
        d = next(d for d, dom in enumerate(game._domains) if i in dom)
        game._detach_resource(i, d)
        game._discard.append(i)


# ------------------------------------------------------------------ filters
def is_character(game, i):
    return game.deck.ctype[game.deck.kind_of[i]] == CHARACTER


def is_conspiracy(game, i):
    return game.deck.ctype[game.deck.kind_of[i]] == CONSPIRACY


def anything(game, i):
    return True


def subtype(name, characters=True):
    key = name.lower()

    def who(game, i):
        k = game.deck.kind_of[i]
        return key in game.deck.subtypes[k] and (not characters or game.deck.ctype[k] == CHARACTER)

    return who


def faction_character(faction):
    from card_db.card import FACTIONS

    f = FACTIONS.index(faction)

    def who(game, i):
        k = game.deck.kind_of[i]
        return game.deck.faction[k] == f and game.deck.ctype[k] == CHARACTER

    return who


def character_cost_at_most(n):
    def who(game, i):
        k = game.deck.kind_of[i]
        return game.deck.ctype[k] == CHARACTER and game.deck.cost[k] <= n

    return who


def non_ancient_character(game, i):
    k = game.deck.kind_of[i]
    return game.deck.ctype[k] == CHARACTER and "ancient one" not in game.deck.subtypes[k]
