"""Vocabulary of paying: a card's cost lowered by paying something else (sacrificing,
driving insane, returning to hand, draining more domains), triggers on a card played and
on an ability overpaid, costs counted in tokens or icons, paying a chosen card's printed
cost."""

from __future__ import annotations

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.actions import INSANE
from deckbuilder.engine.effects import choose_card, choose_domain, log_event
from deckbuilder.engine.text.filters import compile_filter
from deckbuilder.engine.text.registry import CONSTANT, FILTER, INT, TRIGGER, param
from deckbuilder.engine.text.triggers import subject_condition

_BY = ("sacrifice", "insane", "return_to_hand", "drain_domains")


def _own_characters(game, src, pred, sane):
    out = []
    for i in game._characters:
        if sane and game._status[i] == INSANE:
            continue
        if pred(game, src, i):
            out.append(i)
    return out


def _other_domains(game, d):
    return [e for e in game._domain_indices if e != d and not game._drained[e]]


@CONSTANT.register(
    "cost_paid_by",
    by=param(_BY, required=True),
    filter=FILTER,
    per=param(INT, 1),
    most=param(INT, 0),
)
def cost_paid_by(where, committed, by, filter, per, most):
    """You may lower the card's cost by paying something else when you play it: ``per``
    less for each of your characters the filter accepts that you sacrifice, drive insane
    or return to hand (at most ``most`` of them; 0: any number), or by draining more of
    your domains (their resources pay too; the first domain still gives the match)."""
    pred = compile_filter(filter, where)

    if by == "drain_domains":

        def amount(game, src, kind, d=-1):
            return -sum(game._dom_value[e] for e in _other_domains(game, d))

        def pay(game, inst, need, d):
            while need > 0:
                doms = [e for e in _other_domains(game, d) if game._dom_value[e] > 0]
                e = yield from choose_domain(game, "pay", "also drain", doms)
                if e < 0:
                    return
                need -= game._dom_value[e]
                log_event(game, "pay", f"domain {e + 1} drained to pay too")
                game._drain(e)

        return ab.Static(ab.COST, None, amount, minimum=1, pay=pay)

    sane = by == "insane"

    def amount(game, src, kind, d=-1):
        n = len(_own_characters(game, src, pred, sane))
        if most and n > most:
            n = most
        return -per * n

    prompts = {"sacrifice": "sacrifice", "insane": "drive insane", "return_to_hand": "return"}

    def pay(game, inst, need, d):
        while need > 0:
            pool = _own_characters(game, inst, pred, sane)
            i = yield from choose_card(game, "pay", prompts[by], pool, harm=True)
            if i < 0:
                return
            need -= per
            log_event(game, "pay", f"{game.card(i).title}: {prompts[by]} to pay")
            if by == "sacrifice":
                game._sacrifice(i)
            elif by == "insane":
                game._go_insane(i)
            else:
                game._leave_play(i, to="hand")

    return ab.Static(ab.COST, None, amount, pay=pay)


@TRIGGER.register("card_played", subject=FILTER)
def card_played(where, subject):
    """After you play a card, from hand or as if from hand (subject: that card; an event
    once it has resolved; the goldfish opponent plays none)."""
    return ab.CARD_PLAYED, subject_condition(where, subject)


@TRIGGER.register("ability_overpaid")
def ability_overpaid(where):
    """After you overpay for a triggered ability (pay for an action or a response from a
    domain with more resources than its cost; ctx.x: by how many)."""
    return ab.ABILITY_OVERPAID, None
