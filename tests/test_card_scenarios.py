"""Card scenarios, as data: one file per set in ``tests/scenarios/`` (``<set>.toml``), each
scenario a position, the steps a player takes, and what the position must then be. One
parametrised test runs them all.

    [[scenario]]
    card = "Core-022"                  # the card whose text is checked
    name = "draws a card when committed"
    hand = ["Core-029"]                # card ids; a character may be {card, status}
    characters = ["Core-022"]
    supports = []
    attach = [{ card = "FtGG-042", to = "story 1" }]   # on a character, a support or a story
    domains = [["Core-029", "Core-029"], ["Core-029"], []]
    discard = []
    top = ["Core-029"]                 # known cards on top of the deck, top first
    tokens = [0, 0, 0]
    stories = ["Core-158", "Core-156", "TSS-012"]    # the stories in the slots (a story
                                       # card other than a Core story joins the deck's
                                       # story section)
    won_stories = ["Core-160"]         # Core stories already in the won pile
    conspiracy = { card = "TiV-024", tokens = 2 }   # a conspiracy in play (story 4)
    wounds = { "AH-018" = 1 }          # wound tokens on characters in play
    counters = { "TMoM-025" = 8 }      # tokens a card in play holds for its own text
    facedown = [{ card = "TSB-015", to = "story 1" }]  # a Dormant card, from the deck
    phase = "operations"               # or "story"
    step_by_step = true                # "would" windows ask (else the automatic answer)
    steps = ["commit Core-022 1", "choose draw a card"]
    [scenario.expect]
    hand = 2                           # counts: hand, discard, characters, supports, deck
    tokens = [1, 0, 0]
    status = { "Core-022" = "exhausted" }
    skill = { "Core-022" = 2 }
    wounds = { "AH-018" = 0 }          # wound tokens on characters in play
    in_hand = ["Core-029"]             # card ids that must be in a zone
    in_play = [] ; in_discard = [] ; not_in_play = []
    on_top = ["Core-029"] ; on_bottom = []   # the known top cards (top first) and the
                                       # bottom cards (bottom-most first), exactly
    won = 1                            # stories won
    stories = ["Nowhere to Hide", "Opening Night"]   # the titles of the stories in play
    domains = 4
    not_offered = ["commit Core-029 2"]  # steps the position must not allow
    logged = ["arcane struggle won"] ; not_logged = []   # words of the game's log

A step is ``play ID`` (``play ID x=N``: with X paid as N; ``play ID d=N``: draining
domain N), ``use ID`` (its first usable
ability; ``use ID N`` the N-th action offered for it), ``commit ID STORY`` (story 1-3),
``choose TEXT`` (the choice whose label holds TEXT), ``yes`` / ``no`` (an optional
response or effect), or ``pass``. Every deck is
the cards the scenario names plus fillers (Laboratory Assistant), so the deck never runs out.
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

from deckbuilder.deck import Deck
from deckbuilder.engine.actions import CHOOSE, COMMIT, CONSPIRACY_BASE, PASS, PLAY, STORY_HOST, USE
from deckbuilder.engine.asking import StepRecord
from deckbuilder.engine.game import Game

FOLDER = Path(__file__).resolve().parent / "scenarios"
FILLER = "Core-029"


def _scenarios():
    out = []
    for path in sorted(FOLDER.glob("*.toml")):
        for n, scenario in enumerate(tomllib.loads(path.read_text("utf-8")).get("scenario", [])):
            out.append(pytest.param(scenario, id=f"{path.stem}-{scenario['card']}-{n}"))
    return out


def _ids(items):
    for item in items:
        yield item["card"] if isinstance(item, dict) else item


def build(pool, scenario) -> Game:
    """The scenario's position; with ``step_by_step = true`` a person plays it, asked
    inside the rules too ("would" windows: ``yes`` / ``no``), the position rebuilt the
    same way when a question rewinds the game (``deckbuilder.engine.asking``)."""
    game = _position(pool, scenario)
    if scenario.get("step_by_step"):
        game._steps = StepRecord(lambda: _position(pool, scenario))
    return game


def _position(pool, scenario) -> Game:
    card = pool.card
    used: list[str] = []
    for zone in ("hand", "characters", "supports", "discard", "top"):
        used += list(_ids(scenario.get(zone, ())))
    used += [c for d in scenario.get("domains", ()) for c in d]
    if "conspiracy" in scenario:
        used.append(scenario["conspiracy"]["card"])
    deck = Deck("scenario")
    used += [c for c in scenario.get("stories", ()) if not c.startswith("Core-")]
    for cid in sorted(set(used) | {scenario["card"]}):
        if card(cid).type != "Story":
            deck.add(card(cid), max(3, used.count(cid) + 1))
        elif not cid.startswith("Core-"):  # a story card: the story deck
            deck.add(card(cid), 1, section="story")
    deck.add(card(FILLER), 30)
    characters = [
        (card(c["card"]), c.get("status", "ready")) if isinstance(c, dict) else card(c)
        for c in scenario.get("characters", ())
    ]
    domains = [[card(c) for c in d] for d in scenario.get("domains", ([], [], []))]
    while len(domains) < 3:
        domains.append([])
    game = Game.arranged(
        deck,
        hand=[card(c) for c in scenario.get("hand", ())],
        domains=domains,
        characters=characters,
        supports=[card(c) for c in scenario.get("supports", ())],
        discard=[card(c) for c in scenario.get("discard", ())],
        tokens=tuple(scenario.get("tokens", (0, 0, 0))),
        phase=scenario.get("phase", "operations"),
        first_player=False,
    )
    if "stories" in scenario:  # the stories in the three slots, by card id
        cards = [game.deck.card_id[game.deck.kind_of[i]] for i in game.deck.story_instances]
        game._stories = [
            int(cid.split("-")[1]) - 156
            if cid.startswith("Core-")
            else CONSPIRACY_BASE + game.deck.story_instances[cards.index(cid)]
            for cid in scenario["stories"]
        ]
        game._story_deck = [s for s in game._story_deck + [0, 1, 2] if s not in game._stories]
    if "won_stories" in scenario:  # Core stories in the won pile, by card id
        game.you.won = [int(cid.split("-")[1]) - 156 for cid in scenario["won_stories"]]
        game._story_deck = [s for s in game._story_deck if s not in game.you.won]
    if "conspiracy" in scenario:  # a conspiracy in play from the start: story slot 4
        spec = scenario["conspiracy"]
        inst = next(i for i in game.you.deck_cards if game.card(i).card_id == spec["card"])
        game.you.deck_cards.remove(inst)
        game._place_in_play(inst)
        game.you.tokens[-1] = spec.get("tokens", 0)
    for sup in scenario.get("attach", ()):  # {card, to}: an attachment on a character or story
        # a copy not attached yet: two copies of a card may go on two hosts
        inst = next(
            i
            for i in game.you.supports
            if game.card(i).card_id == sup["card"] and i not in game.you.attached
        )
        if sup["to"].startswith("story "):  # "story N": the story in slot N (1-3)
            host = STORY_HOST + game._stories[int(sup["to"].split()[1]) - 1]
        else:
            hosts = game.you.characters + [i for i in game.you.supports if i != inst]
            host = next(i for i in hosts if game.card(i).card_id == sup["to"])
        game.you.attached[inst] = host
    for cid, n in scenario.get("wounds", {}).items():
        game.you.wounds[next(i for i in game.you.characters if game.card(i).card_id == cid)] = n
    for spec in scenario.get("facedown", ()):  # {card, to = "story N"}: attached as Dormant
        inst = next(i for i in game.you.deck_cards if game.card(i).card_id == spec["card"])
        game.you.deck_cards.remove(inst)
        game.you.facedown[inst] = STORY_HOST + game._stories[int(spec["to"].split()[1]) - 1]
    for cid, n in scenario.get("counters", {}).items():
        in_play = game.you.characters + game.you.supports
        inst = next(i for i in in_play if game.card(i).card_id == cid)
        game._uses[(inst, "counter")] = n  # vocab_marks' counter record
    for cid in reversed(scenario.get("top", ())):  # known cards on top of the deck, in order
        inst = next(i for i in game.you.deck_cards if game.card(i).card_id == cid)
        game.you.deck_cards.remove(inst)
        game.you.top.append(inst)
    game._statics_cache = None
    return game


def _find(game, cid):
    return [i for i in range(len(game.deck.kind_of)) if game.card(i).card_id == cid]


def step(game: Game, text: str) -> None:
    words = text.split()
    verb, rest = words[0], words[1:]
    actions = game.legal_actions()
    pick = None
    if verb in ("play", "use", "commit"):
        kind = {"play": PLAY, "use": USE, "commit": COMMIT}[verb]
        cid = rest[0]
        found = [a for a in actions if a.kind == kind and game.card(a.card).card_id == cid]
        if verb == "commit":
            found = [a for a in found if a.story == int(rest[1]) - 1]
        elif verb == "play" and len(rest) > 1 and rest[1].startswith("d="):
            # "play ID d=N": paid by draining domain N (1-3), not at a lowered cost of 0
            found = [a for a in found if a.domain == int(rest[1].removeprefix("d=")) - 1]
        elif verb == "play" and len(rest) > 1:  # "play ID x=N": an X cost paid as N
            found = [a for a in found if a.x == int(rest[1].removeprefix("x="))]
        elif verb == "use" and len(rest) > 1:
            found = found[int(rest[1]) - 1 : int(rest[1])]
        pick = found[0] if found else None
    elif verb == "choose":
        want = " ".join(rest).lower()
        found = [a for a in actions if a.kind == CHOOSE and want in game.describe(a).lower()]
        pick = found[0] if found else None
    elif verb in ("yes", "no"):
        found = [a for a in actions if a.kind == CHOOSE]
        pick = next((a for a in found if a.x == (1 if verb == "yes" else 0)), None)
    elif verb == "pass":
        pick = next((a for a in actions if a.kind == PASS), None)
    if pick is None:
        offered = [game.describe(a) for a in actions]
        raise AssertionError(f"step {text!r} is not offered; legal: {offered}")
    game.apply(pick)


def check(game: Game, expect: dict) -> None:
    zones = {
        "hand": game.you.hand,
        "discard": game.you.discard,
        "characters": game.you.characters,
        "supports": game.you.supports,
    }
    for zone, cards in zones.items():
        if zone in expect:
            assert len(cards) == expect[zone], (zone, [game.card(i).title for i in cards])
    if "deck" in expect:
        assert game.deck_size == expect["deck"]
    if "tokens" in expect:
        assert list(game.you.tokens[: len(expect["tokens"])]) == expect["tokens"]
    if "won" in expect:
        assert len(game.you.won) == expect["won"]
    if "stories" in expect:
        assert [s.title for s in game.stories] == expect["stories"]
    if "domains" in expect:
        assert len(game.you.domains) == expect["domains"]
    if "drained" in expect:
        assert sum(game.you.drained) == expect["drained"]
    ids = lambda zone: [game.card(i).card_id for i in zone]  # noqa: E731
    for key, zone in (
        ("in_hand", game.you.hand),
        ("in_discard", game.you.discard),
        ("in_play", game.you.characters + game.you.supports),
    ):
        for cid in expect.get(key, ()):
            assert cid in ids(zone), (key, cid, ids(zone))
    if "on_top" in expect:
        assert ids(reversed(game.you.top)) == expect["on_top"]
    if "on_bottom" in expect:
        assert ids(game.you.bottom) == expect["on_bottom"]
    for cid in expect.get("not_in_play", ()):
        assert cid not in ids(game.you.characters + game.you.supports), cid
    for cid, status in expect.get("status", {}).items():
        found = [i for i in game.you.characters if game.card(i).card_id == cid]
        assert found and game.status(found[0]) == status, (cid, status)
    for cid, skill in expect.get("skill", {}).items():
        found = [i for i in game.you.characters if game.card(i).card_id == cid]
        assert found and game.skill_of(found[0]) == skill, (cid, game.skill_of(found[0]))
    for cid, icons in expect.get("icons", {}).items():
        found = [i for i in game.you.characters if game.card(i).card_id == cid]
        assert found and game.icons_of(found[0]) == icons, (cid, game.icons_of(found[0]))
    for cid, n in expect.get("wounds", {}).items():
        found = [i for i in game.you.characters if game.card(i).card_id == cid]
        assert found and game.you.wounds.get(found[0], 0) == n, (cid, game.you.wounds)
    events = [e.text for e in game.log or ()]
    for text in expect.get("logged", ()):  # what happened before the turn moved on
        assert any(text in e for e in events), (text, events)
    for text in expect.get("not_logged", ()):
        assert not any(text in e for e in events), (text, events)
    for text in expect.get("not_offered", ()):  # steps a rule forbids in this position
        with pytest.raises(AssertionError, match="is not offered"):
            step(game, text)


@pytest.mark.parametrize("scenario", _scenarios())
def test_card_scenario(full_pool, scenario):
    game = build(full_pool, scenario)
    for text in scenario.get("steps", ()):
        step(game, text)
    check(game, scenario.get("expect", {}))


def test_every_core_card_with_simulated_text_has_a_scenario():
    from deckbuilder.engine.text.load import load_set

    scenarios = {s.values[0]["card"] for s in _scenarios()}
    missing = [
        key
        for key, entry in load_set("Core").items()
        if entry.simulated and entry.abilities and key not in scenarios
    ]
    assert not missing, missing


def test_every_hook_has_a_scenario():
    """A hook is a rule-bender: each one names its card in its docstring, and that card has
    a scenario that plays it."""
    import re

    import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
    from deckbuilder.engine.text.registry import HOOK

    scenarios = {s.values[0]["card"] for s in _scenarios()}
    missing = []
    for name, entry in HOOK.entries.items():
        cards = re.findall(r"\(([A-Za-z]+-\w+)\)", entry.doc)
        assert cards, f"hook {name!r} names no card in its docstring"
        if not any(c in scenarios for c in cards):
            missing.append(name)
    assert not missing, missing


def test_every_vocabulary_entry_is_played_by_a_tested_card():
    """A test per template, trigger, filter, condition, cost and constant: each registered
    entry is used by a card that a scenario names, or by a card a test module names, or is
    itself named by a test that drives it directly (the stories of sets whose stories never
    sit in the Core slots)."""
    import re

    import deckbuilder.engine  # noqa: F401 (registers the vocabulary)
    from deckbuilder.engine.text.load import compile_entry, set_files
    from deckbuilder.engine.text.registry import REGISTRIES

    users: dict[tuple[str, str], set[str]] = {}
    for path in set_files():
        for entry in tomllib.loads(path.read_text("utf-8")).get("card", []):
            before = {registry: registry.used for registry in REGISTRIES}
            for registry in REGISTRIES:
                registry.used = set()
            try:
                compile_entry(entry, path)
            finally:
                for registry in REGISTRIES:
                    for name in registry.used:
                        users.setdefault((registry.kind, name), set()).add(entry["key"])
                    registry.used = before[registry] | registry.used
    named = set()
    for path in sorted(FOLDER.glob("*.toml")):
        named |= set(re.findall(r"[A-Za-z]+-\d+\w*", path.read_text("utf-8")))
    tests = " ".join(p.read_text("utf-8") for p in Path(__file__).parent.glob("test_*.py"))
    untested = [
        f"{kind} {name!r} (used by {', '.join(sorted(cards)[:3])})"
        for (kind, name), cards in sorted(users.items())
        if not cards & named
        and not any(f'"{card}"' in tests for card in cards)
        and not re.search(rf"\b{re.escape(name)}\b", tests)
    ]
    assert not untested, untested
