"""Compile a card's ability records (as read from its set file) into the engine's
``Ability`` and ``Static`` records: plain functions, built once per card.

An ability record::

    kind = "play" | "action" | "response" | "forced" | "disrupt" | "constant" | "win"
    when = { event = NAME, ...its parameters }      # response, forced, disrupt
    rule = true                                      # forced: a rule of the card that is
                                                     # not a printed "Forced Response"
                                                     # ("If it is Day, sacrifice X", "After
                                                     # X comes into play, ..."): not a
                                                     # triggered effect, so nothing that
                                                     # forbids triggering abilities bars it
    window = "operations" | "story" | "any"         # action, play (default any); an
                                                     # action may be "resource" (instead
                                                     # of attaching a resource)
    zone = "play" | "hand" | "discard" | "resource" | "won" | "deck_top"  # where the card
                                                     # must be (default play)
    limit = { times = 1, per = "turn" | "phase" | "game" }
    condition = { ...condition atoms }
    cost = { pay = N | "X", exhaust = true, sacrifice = true, ...costs }
    effect = [{ do = TEMPLATE, ...parameters }, ...]   # or hook = NAME
    while = "committed"                              # constant: only while committed
    label = "..."                                    # words shown with the action
    ai = "story" | "before_commits" | "avoid"        # a hint for the automatic player:
         | "overpay" | "first" | "keep"              # after the commits, before them (an
                                                     # event), never; overpay for the card
                                                     # (its "if you overpaid" rewards it);
                                                     # a free action used before cards are
                                                     # played from hand (operations); an
                                                     # event's response or disrupt from hand
                                                     # worth holding (not a resource)
"""

from __future__ import annotations

from importlib import import_module
from pathlib import Path

from deckbuilder.engine import abilities as ab
from deckbuilder.engine.text import (  # noqa: F401 (their entries register themselves)
    constants,
    costs,
    hooks,
    templates_board,
    templates_cards,
    templates_characters,
    triggers,
)
from deckbuilder.engine.text.effect_list import compile_effects
from deckbuilder.engine.text.registry import (
    CONSTANT,
    COST,
    EFFECT,
    HOOK,
    TRIGGER,
    TextError,
    remembers,
)
from deckbuilder.engine.text.values import compile_amount, compile_condition

# More vocabulary, one module per job (``vocab_<job>.py``): each registers its own entries.
for _path in sorted(Path(__file__).parent.glob("vocab_*.py")):
    import_module(f"deckbuilder.engine.text.{_path.stem}")

KINDS = ("play", "action", "response", "forced", "disrupt", "constant", "win")
_KEYS = {
    "kind",
    "when",
    "window",
    "zone",
    "limit",
    "condition",
    "cost",
    "effect",
    "hook",
    "while",
    "label",
    "ai",
    "ai_when",
    "needs_target",
    "rule",
}
_WINDOWS = {
    "operations": ab.OPS,
    "story": ab.STORY,
    "any": ab.ANY,
    "resource": ab.RESOURCE_WINDOW,  # instead of attaching a resource
}
_ZONES = {
    "play": ab.IN_PLAY,
    "hand": ab.HAND,
    "discard": ab.DISCARD_PILE,
    "resource": ab.RESOURCE,  # attached to a domain as a resource
    "won": ab.WON_PILE,  # a conspiracy in your won pile
    "deck_top": ab.DECK_TOP,  # the top card of the deck (placed there face up)
}
_PERS = ("turn", "phase", "game")


def _hook(name: str, role: str, where: str):
    entry = HOOK.check(name, {}, where)
    if entry.build.role != role:
        raise TextError(f"{where}: hook {name!r} is a {entry.build.role}, not an {role}")
    if entry.build.remembers:
        remembers(entry.build.remembers)
    return entry.build


def _constants(record: dict, where: str) -> list:
    committed = record.get("while") == "committed"
    if "while" in record and record["while"] not in ("committed", "in_play"):
        raise TextError(f"{where}: while is 'committed' or 'in_play'")
    for key in ("cost", "limit", "when", "window"):
        if key in record:
            raise TextError(f"{where}: a constant has no {key}")
    if "hook" in record:
        return list(_hook(record["hook"], "constant", where)())
    items = record.get("effect")
    if items is None:
        raise TextError(f"{where}: a constant needs an effect or a hook")
    items = [items] if isinstance(items, dict) else items
    out = []
    for item in items:
        if not isinstance(item, dict) or "do" not in item:
            raise TextError(f"{where}: a constant effect is a table with 'do'")
        params = {k: v for k, v in item.items() if k != "do"}
        if "condition" in record and "condition" not in params:  # the record's, for each
            params["condition"] = record["condition"]
        built = CONSTANT.build(item["do"], params, where, where, committed)
        out.extend(built) if isinstance(built, list) else out.append(built)  # a few give two
    return out


def _effect_list(spec, where: str):
    """The effect of a record's list. A list holding an ``at_end_of_phase`` tells it which
    card the previous effects put into play: after each effect, the last card that entered
    play (``Game._entered``, set by ``_enter``) becomes ``ctx.target`` of a copy of the
    context (the original may be shared by several listeners)."""
    items = [spec] if isinstance(spec, dict) else spec
    if not isinstance(items, list) or not any(
        isinstance(i, dict) and i.get("do") == "at_end_of_phase" for i in items
    ):
        return compile_effects(spec, where)
    effects = [compile_effects(item, where) for item in items]

    def tracking(game, src, ctx):
        c = ab.AbilityContext(ctx.x, ctx.overpaid, ctx.story, ctx.target, ctx.story_id)
        for e in effects:
            game._entered = -1
            yield from e(game, src, c)
            if game._entered >= 0:
                c.target = game._entered
        if c.instead:  # a "would" window reads what happens instead on its own context
            ctx.instead = c.instead

    # Worth it as the effects before the delayed one are (what they put into play).
    checks = [
        getattr(e, "worthwhile", None)
        for e, item in zip(effects, items, strict=True)
        if item.get("do") != "at_end_of_phase"
    ]
    if checks and all(checks):
        tracking.worthwhile = lambda game, src: any(check(game, src) for check in checks)
    return tracking


def _costs(spec: dict | None, where: str):
    """(pay, pay_x, x_max, exhaust, sacrifice, extra costs as (can_pay, pay) pairs);
    ``x_max``: an amount X may not exceed (cards the effect can act on), or None."""
    spec = dict(spec or {})
    pay = spec.pop("pay", 0)
    x_max = spec.pop("x_max", None)
    if x_max is not None:
        if pay != "X":
            raise TextError(f'{where}: cost x_max is for pay = "X"')
        x_max = compile_amount(x_max, where)
    if not (pay == "X" or (isinstance(pay, int) and not isinstance(pay, bool) and pay >= 0)):
        raise TextError(f'{where}: cost pay is a number of resources or "X"')
    exhaust = spec.pop("exhaust", False)
    sacrifice = spec.pop("sacrifice", False)
    if not isinstance(exhaust, bool) or not isinstance(sacrifice, bool):
        raise TextError(f"{where}: cost exhaust and sacrifice are true or false")
    extra = []
    for name, value in spec.items():
        extra.append(COST.build(name, {"value": value}, where, where))
    return (0 if pay == "X" else pay), pay == "X", x_max, exhaust, sacrifice, tuple(extra)


def _extra_cost(extra):
    if not extra:
        return None, None
    checks = [c for c, _ in extra]
    pays = [p for _, p in extra]

    def can_pay(game, src):  # (a plain loop: no generator, asked at most action windows)
        for c in checks:
            if not c(game, src):
                return False
        return True

    def pay(game, src):
        for p in pays:
            yield from p(game, src)

    return can_pay, pay


def _limit(spec, where):
    if spec is None:
        return None
    if (
        not isinstance(spec, dict)
        or set(spec) - {"times", "per"}
        or spec.get("per", "turn") not in _PERS
        or not isinstance(spec.get("times", 1), int)
    ):
        raise TextError(f"{where}: limit is {{times = N, per = 'turn' | 'phase' | 'game'}}")
    return (spec.get("times", 1), spec.get("per", "turn"))


def _harms(effects) -> bool:
    """An effect list using a template marked ``harms`` (registry ``Entry.harms``) not aimed
    at the opponent. "Destroy" is not marked: it is mostly aimed at the opponent's cards
    (Hermetic Seal's "destroy all Night cards")."""
    items = [effects] if isinstance(effects, dict) else effects or ()
    harmful = EFFECT.entries
    return any(
        isinstance(e, dict)
        and e.get("do") in harmful
        and harmful[e["do"]].harms
        and "opponent" not in (e.get("player"), e.get("whose"))
        and not (isinstance(e.get("filter"), dict) and e["filter"].get("controller") == "opponent")
        for e in items
    )


def _reads_overpaid(effects) -> bool:
    """An effect list that reads whether it was overpaid (a condition or a parameter named
    ``overpaid``/``overpaid_*``/``*_if_overpaid``, at any depth)."""
    if isinstance(effects, dict):
        return any("overpaid" in k or _reads_overpaid(v) for k, v in effects.items())
    if isinstance(effects, list):
        return any(_reads_overpaid(e) for e in effects)
    return False


def compile_ability(record: dict, where: str, printed: str = ""):
    """The ``Ability``/``Static`` records of one ability record (a constant may give
    several passives), and for a story's win effect ``("win", label, effect)``."""
    if not isinstance(record, dict):
        raise TextError(f"{where}: an ability is a table")
    unknown = set(record) - _KEYS
    if unknown:
        raise TextError(f"{where}: an ability has no {', '.join(sorted(unknown))}")
    kind = record.get("kind")
    if kind not in KINDS:
        raise TextError(f"{where}: ability kind {kind!r} is not one of {', '.join(KINDS)}")
    if kind == "constant":
        return _constants(record, where)
    label = record.get("label") or printed
    if "hook" in record:
        if "effect" in record:
            raise TextError(f"{where}: an ability has an effect or a hook, not both")
        effect = _hook(record["hook"], "effect", where)
    elif "effect" in record:
        effect = _effect_list(record["effect"], where)
    else:
        raise TextError(f"{where}: an ability needs an effect or a hook")
    condition = compile_condition(record.get("condition"), where)
    window = _WINDOWS.get(record.get("window", "any"))
    zone = _ZONES.get(record.get("zone", "play"))
    if window is None or zone is None:
        raise TextError(
            f"{where}: window is operations/story/any/resource, zone is "
            "play/hand/discard/resource/won/deck_top"
        )
    ai = record.get("ai", "")
    if ai not in ("", "story", "before_commits", "avoid", "overpay", "first", "keep"):
        raise TextError(
            f"{where}: ai is 'story', 'before_commits', 'avoid', 'overpay', 'first' or 'keep'"
        )
    if "ai_when" in record and kind not in ("response", "disrupt", "action", "play"):
        raise TextError(f"{where}: ai_when is for a response, a disrupt, an action or a play")
    # The automatic player's judgement, apart from the text's condition: a person is
    # offered the ability whenever the text allows it.
    ai_when = compile_condition(record.get("ai_when"), where)
    if ai == "before_commits" and kind != "play":
        raise TextError(f"{where}: ai 'before_commits' is for an event's play")
    if kind == "play" and record.get("window") == "story" and not ai:
        # The automatic player looks at an event with no hint in operations only: one
        # playable only in the story phase would never be played (Expert Testimony was not).
        raise TextError(
            f"{where}: an event played only in the story phase needs ai 'story', "
            "'before_commits' or 'avoid'"
        )
    if ai == "first" and kind != "action":
        raise TextError(f"{where}: ai 'first' is for an action")
    if ai == "keep" and (kind not in ("response", "disrupt") or zone != ab.HAND):
        raise TextError(f"{where}: ai 'keep' is for a response or disrupt played from hand")
    if ai == "overpay" and kind not in ("response", "forced"):
        raise TextError(f"{where}: ai 'overpay' is for the answer to the card's own play")
    limit = _limit(record.get("limit"), where)
    pay, pay_x, x_max, exhaust, sacrifice, extra = _costs(record.get("cost"), where)
    can_pay, extra_cost = _extra_cost(extra)
    committed = record.get("while") == "committed"
    if kind == "win":
        # A story's effect is offered by the story phase; a conspiracy's is its response to
        # being won.
        won = ab.Ability(ab.WON, effect, label, condition=condition, ai=ai)
        return [("win", label, effect, condition, ai), won]
    if kind == "play":
        return [
            ab.Ability(
                ab.EVENT,
                effect,
                label,
                window=window,
                condition=condition,
                ai=ai,
                limit=limit,
                can_pay=can_pay,
                extra_cost=extra_cost,
                worthwhile=getattr(effect, "worthwhile", None),
                kind="play",
                ai_when=ai_when,
            )
        ]
    if kind == "action":
        plays = getattr(effect, "plays_card", False)
        if plays:  # a card playing itself is offered only when it can be paid for
            able, test = effect.worthwhile, condition
            condition = (
                (lambda g, s, c: able(g, s))
                if test is None
                else (lambda g, s, c: test(g, s, c) and able(g, s))
            )
        return [
            ab.Ability(
                ab.ACTION,
                effect,
                label,
                pay,
                exhaust,
                sacrifice,
                condition,
                False,
                window,
                zone,
                committed,
                pay_x,
                ai,
                limit,
                can_pay,
                extra_cost,
                getattr(effect, "worthwhile", None),
                # A card playing itself (from the discard pile) is a play, not an effect
                # triggered.
                "play" if plays else "action",
                x_max,
                ai_when,
                reads_overpaid=_reads_overpaid(record.get("effect")),
            )
        ]
    when = record.get("when")
    if not isinstance(when, dict) or "event" not in when:
        raise TextError(f"{where}: a {kind} needs when = {{event = ...}}")
    params = {k: v for k, v in when.items() if k != "event"}
    trigger, subject = TRIGGER.build(when["event"], params, where, where)
    if subject is not None and condition is not None:
        test = condition
        condition = lambda g, s, c: subject(g, s, c) and test(g, s, c)  # noqa: E731
    elif subject is not None:
        condition = subject
    if kind == "forced" and (pay or exhaust or sacrifice or extra):
        raise TextError(f"{where}: a forced response has no cost")
    rule = record.get("rule", False)
    if not isinstance(rule, bool) or (rule and kind != "forced"):
        raise TextError(f"{where}: rule = true is for a forced record")
    play_check = None
    needs_target = record.get("needs_target", False)
    if not isinstance(needs_target, bool):
        raise TextError(f"{where}: needs_target is true or false")
    if needs_target:
        # "When you play X from your hand, choose ...": X is played only with a target for
        # that choice (FAQ 1.5), which its effect's ``worthwhile`` tells.
        play_check = getattr(effect, "worthwhile", None)
        if when["event"] != "enters_play" or play_check is None:
            raise TextError(
                f"{where}: needs_target is for an enters_play ability whose effect can tell "
                "whether it has a target"
            )
    return [
        ab.Ability(
            trigger,
            effect,
            label,
            pay,
            exhaust,
            sacrifice,
            condition,
            kind == "forced",
            window,
            zone,
            committed,
            pay_x,
            ai,
            limit,
            can_pay,
            extra_cost,
            # A rule is not a triggered effect: it has no trigger word (``_barred``).
            kind="" if rule else kind,
            ai_when=ai_when,
            harms=_harms(record.get("effect")),
            reads_overpaid=_reads_overpaid(record.get("effect")),
            play_check=play_check,
        )
    ]
