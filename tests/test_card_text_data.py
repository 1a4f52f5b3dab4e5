"""The card-text files as a linter sees them: every LCG card once in its set's file, with its
printed text and a class; every ability built from the registered vocabulary; every entry of
the vocabulary used. And the loader's errors, each naming the file and the card."""

from __future__ import annotations

import pytest

import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
from deckbuilder.engine.text.load import forced_marker_problem, lint, load_file
from deckbuilder.engine.text.registry import TextError


def test_the_card_text_files_pass_the_linter(full_pool):
    cards = [c for c in full_pool.cards if c.era == "LCG" and c.card_id == c.id]
    assert lint(cards) == []


CARD = """
[[card]]
key = "Zz-001"
title = "A Card"
text = 'Action: Draw a card.'
class = "solo"
"""


def write(tmp_path, body: str):
    path = tmp_path / "zz.toml"
    path.write_text('set = "Zz"\n' + body, encoding="utf-8")
    return path


@pytest.mark.parametrize(
    ("ability", "message"),
    [
        ('kind = "action"\neffect = [{ do = "drow", n = 1 }]', "unknown effect 'drow'"),
        ('kind = "action"\neffect = [{ do = "draw", m = 1 }]', "has no parameter 'm'"),
        ('kind = "action"\neffect = [{ do = "draw", n = true }]', "parameter 'n' must be"),
        ('kind = "action"\neffect = [{ do = "draw" }]', "needs parameter 'n'"),
        ('kind = "reaction"\neffect = [{ do = "draw", n = 1 }]', "kind 'reaction'"),
        ('kind = "response"\neffect = [{ do = "draw", n = 1 }]', "needs when"),
        (
            'kind = "response"\nwhen = { event = "sunrise" }\neffect = [{ do = "draw", n = 1 }]',
            "unknown trigger 'sunrise'",
        ),
        (
            'kind = "action"\neffect = [{ do = "ready", filter = { colour = "red" } }]',
            "unknown filter 'colour'",
        ),
        ('kind = "action"\nhook = "no_such_hook"', "unknown hook 'no_such_hook'"),
        (
            'kind = "forced"\nwhen = { event = "enters_play" }\ncost = { pay = 1 }\n'
            'effect = [{ do = "draw", n = 1 }]',
            "a forced response has no cost",
        ),
        (
            'kind = "response"\nwhen = { event = "committed" }\nneeds_target = true\n'
            'effect = [{ do = "draw", n = 1 }]',
            "needs_target is for an enters_play ability",
        ),
        (
            'kind = "forced"\nwhen = { event = "enters_play" }\nneeds_target = 1\n'
            'effect = [{ do = "draw", n = 1 }]',
            "needs_target is true or false",
        ),
    ],
)
def test_a_bad_ability_is_an_error_naming_file_and_card(tmp_path, ability, message):
    path = write(tmp_path, CARD + "[[card.ability]]\n" + ability + "\n")
    with pytest.raises(TextError) as caught:
        load_file(path)
    assert "zz.toml Zz-001" in str(caught.value)
    assert message in str(caught.value)


def test_a_card_listed_twice_is_an_error(tmp_path):
    with pytest.raises(TextError, match="zz.toml Zz-001: listed twice"):
        load_file(write(tmp_path, CARD + CARD))


def test_a_card_in_another_sets_file_is_an_error(tmp_path):
    with pytest.raises(TextError, match="belongs to another set's file"):
        load_file(write(tmp_path, CARD.replace("Zz-001", "Core-001")))


def test_a_good_card_loads_and_its_text_is_simulated(tmp_path):
    body = CARD + '[[card.ability]]\nkind = "action"\ncost = { pay = 1 }\n'
    body += 'effect = [{ do = "draw", n = 1 }]\nlabel = "pay 1: draw a card"\n'
    entry = load_file(write(tmp_path, body))["Zz-001"]
    assert entry.simulated and entry.abilities[0].cost == 1
    assert entry.abilities[0].text == "pay 1: draw a card"


def test_lint_names_a_missing_card_and_a_changed_text(full_pool):
    from deckbuilder.engine.text import load

    core = full_pool.card("Core-001")
    problems = lint([core, full_pool.card("Core-002")])
    assert not any("Core-001" in p and "missing" in p for p in problems)

    class Changed:
        card_id = "Core-001"
        title = core.title
        text = core.text + " Draw a card."

    assert any("Core-001: text differs" in p for p in lint([Changed]))
    assert load.set_code_of("AtMoM-019b") == "AtMoM"


def test_every_hook_lives_in_the_hooks_module_with_its_card_text():
    """One module of rule-benders: a hook written anywhere else is a template in disguise or
    a hook nobody reviews; its docstring quotes the card it serves."""
    from deckbuilder.engine.text.registry import HOOK

    assert HOOK.entries
    for name, entry in HOOK.entries.items():
        assert entry.build.__module__ == "deckbuilder.engine.text.hooks", name
        assert '"' in entry.doc and "(" in entry.doc, f"{name}: no card text in its docstring"


def test_only_an_ability_reading_overpaid_chooses_its_paying_domain():
    """``reads_overpaid`` (the payer chooses the domain, the effect sees what it overpaid)
    is set by an effect that reads "if you overpaid", at any depth, and by no other."""
    from deckbuilder.engine.text.compile import compile_ability

    reads = {"do": "if", "condition": {"overpaid": True}, "effects": [{"do": "draw", "n": 1}]}
    for kind, when in (("action", None), ("response", {"event": "would_be_wounded"})):
        record = {"kind": kind, "cost": {"pay": 1}, "effect": [reads]}
        if when:
            record["when"] = when
        assert compile_ability(record, "test")[0].reads_overpaid
        record["effect"] = [{"do": "draw", "n": 1}]
        assert not compile_ability(record, "test")[0].reads_overpaid


def test_a_forced_response_harms_its_controller_by_the_mark_of_its_effect_template():
    """``Ability.harms`` (the automatic player cancels such a forced response) comes from
    the ``harms`` mark of the effect templates it uses, unless the effect names the
    opponent; a template without the mark never harms."""
    from deckbuilder.engine.text.compile import compile_ability
    from deckbuilder.engine.text.registry import EFFECT

    def harms(effect: dict) -> bool:
        record = {"kind": "forced", "when": {"event": "draw_phase"}, "effect": [effect]}
        return compile_ability(record, "test")[0].harms

    assert EFFECT.entries["wound"].harms and not EFFECT.entries["draw"].harms
    assert harms({"do": "wound"})
    assert harms({"do": "discard_from_hand"})
    assert not harms({"do": "discard_from_hand", "player": "opponent"})
    assert not harms({"do": "wound", "filter": {"controller": "opponent"}})
    assert not harms({"do": "draw", "n": 1})
    assert not harms({"do": "destroy", "filter": {"keyword": "Night"}})


def test_an_event_played_only_in_the_story_phase_must_say_when_the_automatic_player_plays_it():
    """With no ``ai`` hint the automatic player looks at an event in operations only, so a
    story-phase event without one would never be played: loading refuses it."""
    from deckbuilder.engine.text.compile import compile_ability

    record = {"kind": "play", "window": "story", "effect": [{"do": "draw", "n": 1}]}
    with pytest.raises(TextError, match="needs ai 'story'"):
        compile_ability(record, "zz.toml Zz-001")
    for ai in ("story", "before_commits", "avoid"):
        assert compile_ability({**record, "ai": ai}, "zz.toml Zz-001")


@pytest.mark.parametrize(
    ("text", "rule", "problem"),
    [
        ("Forced Response: After you draw, draw a card.", "", ""),
        ("After you draw, draw a card.", "rule = true\n", ""),
        ("After you draw, draw a card.", "", "needs rule = true"),
        ("Forced Response: After you draw, draw a card.", "rule = true\n", "every forced record"),
    ],
)
def test_a_forced_record_is_a_rule_exactly_when_its_card_prints_no_forced_response(
    tmp_path, text, rule, problem
):
    """``rule = true`` marks a forced record that is no printed Forced Response (no
    triggered effect: nothing forbidding triggers bars it); the linter checks the mark
    against the printed text, so it cannot rot."""
    body = (
        f'\n[[card]]\nkey = "Zz-001"\ntitle = "A Card"\ntext = {text!r}\nclass = "solo"\n'
        f'[[card.ability]]\nkind = "forced"\n{rule}when = {{ event = "draw_phase" }}\n'
        'effect = [{ do = "draw", n = 1 }]\n'
    )
    entry = load_file(write(tmp_path, body))["Zz-001"]
    found = forced_marker_problem(entry)
    assert (problem in found) if problem else found == ""


def test_only_a_forced_record_may_be_a_rule(tmp_path):
    body = (
        CARD
        + '[[card.ability]]\nkind = "response"\nrule = true\n'
        + 'when = { event = "draw_phase" }\neffect = [{ do = "draw", n = 1 }]\n'
    )
    with pytest.raises(TextError, match="rule = true is for a forced record"):
        load_file(write(tmp_path, body))
