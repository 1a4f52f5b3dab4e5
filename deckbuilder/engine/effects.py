"""Choosing inside an effect: a card, a story or a domain. Each chooser is a generator that
yields a ``Choice`` (see ``abilities``) and returns what was chosen; with a policy, the choice
is answered at once. The effect templates that use them are in ``text/``; a label is built
only while a person reads it."""

from __future__ import annotations

from deckbuilder.engine.abilities import Choice
from deckbuilder.engine.actions import (
    CHOOSE,
    DOMAIN_HOST,
    OVER,
    STORY_HOST,
    Action,
    choose_action,
    choose_actions,
)


def log_event(game, kind: str, text: str) -> None:
    """Record a move in the game's log, when one is kept (a person reads it)."""
    if game.log is not None:
        game._event(kind, text)


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
        if game.phase != OVER and (not story_hosts or max(options) < STORY_HOST):
            # Instances only, answered at once, as ``Game._drive`` would: no yield.
            return game._policy.choose_instance(game, kind, prompt, options, harm, optional)
        if story_hosts:
            acts = [
                choose_action(i)
                if i < STORY_HOST
                else Action(CHOOSE, domain=i - DOMAIN_HOST, x=i)
                if i >= DOMAIN_HOST
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
        if story_hosts and i >= DOMAIN_HOST:
            d = i - DOMAIN_HOST
            acts.append(Action(CHOOSE, domain=d, x=i, label=f"{prompt} domain {d + 1}"))
        elif story_hosts and i >= STORY_HOST:
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


def choose_any(game, kind, prompt, options):
    """Generator: "any number of" ``options``, chosen one at a time until "none" (a list,
    in the order chosen). The automatic player (a policy) takes them all, in their order:
    the text lets it, and it is what it did before a person could choose."""
    if game._policy is not None:
        return list(options)
    left, chosen = list(options), []
    while left:
        i = yield from choose_card(game, kind, prompt, left, optional=True)
        if i < 0:
            break
        left.remove(i)
        chosen.append(i)
    return chosen


def stay_attached(game, inst, host) -> None:
    """An event card (out of every zone: resolving, or taken from hand) stays in play as a
    support attached to ``host`` ("Counts as an Attachment Support card")."""
    game._add_support(inst)
    game.you.attached[inst] = host
    k = game.deck.kind_of[inst]
    if game.deck.statics[k]:
        game._passives_changed(k)
    game._statics_cache = None
    if game.log is not None:
        game._event("attach", f"{game.card(inst).title} stays in play attached")


def choose_host(game, inst, hosts, harm=False):
    """Generator: where the attachment ``inst``, between zones, goes among ``hosts``
    (characters, supports, stories, domains; -1: none). It is held as resolving meanwhile, so
    that no card is lost from every zone while its player chooses."""
    game._resolving.append(inst)
    host = yield from choose_card(
        game, "attach", f"attach {game.card(inst).title} to", hosts, harm=harm, story_hosts=True
    )
    game._resolving.remove(inst)
    return host


def chosen_now(game, kind, prompt, options: list, harm=False, optional=False):
    """``choose_card`` for a list of instances when it asks nothing (no option, a single
    forced one, a policy answering at once): the chosen instance (-1 when none or declined),
    or None when the question is to be asked (``yield from choose_card``). For the hottest
    effects: no generator is built for the choices a batch game answers at once."""
    if not options:
        return -1
    if len(options) == 1 and not optional:
        return options[0]
    if game._policy is not None and game.phase != OVER:
        return game._policy.choose_instance(game, kind, prompt, list(options), harm, optional)
    return None


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
