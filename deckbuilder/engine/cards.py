"""A deck compiled for the engine: each distinct card becomes a small integer ("kind"), each
copy an integer ("instance"), and every rule-relevant fact sits in a plain list indexed by
kind. The rules read these lists instead of ``Card`` attributes because list indexing is the
cheapest lookup Python has, and the batch runner plays thousands of games per second.
"""

from __future__ import annotations

import json
import re
from functools import cache
from pathlib import Path

from card_db.card import FACTIONS
from card_db.names import title_key
from deckbuilder.engine.abilities import BLANK, GAIN_KEYWORD, INVULNERABILITY

NEUTRAL = FACTIONS.index("Neutral")
N_FACTIONS = len(FACTIONS)

CHARACTER, SUPPORT, EVENT, CONSPIRACY, OTHER, STORY = range(6)
# A per-kind filter table's value for a kind of ``may_be_character`` under a filter on
# characters: it passes only for a copy in play as a character (filters.py).
MAYBE = 2
_TYPES = {
    "Character": CHARACTER,
    "Support": SUPPORT,
    "Event": EVENT,
    "Conspiracy": CONSPIRACY,
    "Story": STORY,
}

# The ten stories of the Core Set story deck (the rulebook fixes its contents).
CORE_STORIES = (
    "Nowhere to Hide",
    "The Shadow out of Time",
    "Opening Night",
    "Ancient Apocrypha",
    "The Call of Cthulhu",
    "Through the Gates",
    "Rotting Away",
    "Frozen in Time",
    "Dreamwalkers",
    "The Other Path",
)

STORIES_TO_WIN = 3
TOKENS_TO_WIN_STORY = 5
CORE_STORY_STRUGGLES = (0, 1, 2, 3)  # every Core story prints terror, combat, arcane, investigation
ICON_LETTERS = "TCAI"
TERROR, COMBAT, ARCANE, INVESTIGATION = range(4)

_DATA = Path(__file__).resolve().parent / "data"

# Where card text comes from, by role ("abilities": card id -> abilities or None, "win": card
# id -> a story's win effect or None): set by the engine package from the card-text files,
# so that the core rules never import the layers above them.
CARD_TEXT: dict = {}


@cache
def struggle_table() -> dict:
    """Printed struggle icons of conspiracies and icon boosters, by card id."""
    return json.loads((_DATA / "struggles.json").read_text(encoding="utf-8"))


def _letters(icons: str) -> tuple[int, ...]:
    return tuple(ICON_LETTERS.index(ch) for ch in icons)


_TO_WIN = re.compile(r"(\d+) success tokens (?:are required to win|to win)", re.IGNORECASE)
_ATTACH = re.compile(r"Attach to (an? |)([^.]*)\.")
_FACTION_TAG = re.compile(r"\[([^\]]+)\]")
_HOST_SKILL = re.compile(r"skill (\d+) or (?:less|lower)")


def tokens_to_win(card) -> int:
    """Success tokens that win this story: 5, or the number a conspiracy prints."""
    m = _TO_WIN.search(card.text)
    return int(m.group(1)) if m else TOKENS_TO_WIN_STORY


def attach_requirement(card):
    """What a support's "Attach to X." accepts: ``None`` (not an attachment), ``("story",)``,
    ``("character", insane, exhausted, faction, subtype, no_ancient, icon, skill_max)``
    (``icon``: 0-3 for "with a (T) icon", else -1; ``skill_max``: "with skill 2 or less",
    else -1), ``("support",
    subtype or None)`` (a support card of yours), ``("any",)`` (a character or a support),
    ``("domain",)`` (one of yours), ``("deck",)`` (a player's deck: yours, since the
    goldfish opponent's is empty) or ``("other",)`` for hosts a goldfish game never offers
    (an opponent's card, a discard pile).
    The host's icon and skill are its printed ones (rule choice: an attachment already in
    play stays when they change)."""
    if card.type != "Support":
        return None
    # A few cards print their own title: "Attach Bootlegging Operation to a Location ...".
    m = _ATTACH.search(card.text.replace(f"Attach {card.title} to", "Attach to"))
    if m is None:
        return None
    what = m.group(2).replace("you control", "").strip()
    if what.startswith("story"):
        return ("story",)
    if what.startswith("domain"):
        return ("domain",)
    if "opponent" in what:
        return ("other",)
    if what.endswith("deck"):  # "a player's deck"
        return ("deck",)
    if what == "Location":  # a support subtype, named alone
        return ("support", "location")
    if "support" in what:  # "a character or support card", "a Location support card"
        if "character" in what:
            return ("any",)
        subtype = what.split("support")[0].strip()
        return ("support", subtype.lower() or None)
    if "character" not in what:
        return ("other",)
    head, _, tail = what.partition("character")
    icon = next((n for n, t in enumerate(("(T)", "(C)", "(A)", "(I)")) if f"{t} icon" in tail), -1)
    skill = _HOST_SKILL.search(tail)
    skill_max = int(skill.group(1)) if skill else -1
    faction = None
    tag = _FACTION_TAG.search(head)
    if tag:
        name = tag.group(1)
        # "[Agency]" names The Agency
        faction = next((f for f in FACTIONS if f.startswith(name) or f == f"The {name}"), None)
        head = head.replace(tag.group(0), "")
    if head.strip().startswith("MU"):
        faction, head = "Miskatonic University", ""
    elif faction is None:
        # a faction written out, without its symbol: "a Silver Twilight character"
        written = next(
            (f for f in FACTIONS if head.strip().startswith(f.removeprefix("The "))), None
        )
        if written is not None:
            faction, head = written, head.replace(written.removeprefix("The "), "", 1)
    insane = "insane" in head
    exhausted = "exhausted" in head
    no_ancient = "non-Ancient One" in head
    subtype = head.replace("insane", "").replace("exhausted", "").replace("non-Ancient One", "")
    subtype = subtype.strip(" ,") or None
    f_index = FACTIONS.index(faction) if faction else -1
    return ("character", insane, exhausted, f_index, subtype, no_ancient, icon, skill_max)


class CompiledDeck:
    """Per-kind rule facts of a deck plus the kind of every instance (copy)."""

    __slots__ = (
        "cards",
        "kind_of",
        "instances",
        "story_instances",
        "counts",
        "ctype",
        "faction",
        "cost",
        "cost_is_x",
        "loyal",
        "steadfast",
        "transient",
        "unique_id",
        "heroic",
        "villainous",
        "side",
        "skill",
        "terror",
        "combat",
        "arcane",
        "investigation",
        "willpower",
        "invulnerable",
        "invulnerability",
        "factions",
        "text",
        "card_id",
        "subtypes",
        "toughness",
        "struggles",
        "boosters",
        "to_win",
        "attach",
        "abilities",
        "statics",
        "by_trigger",
        "has_statics",
        "any_trigger",
        "triggers_of",
        "hand_trigger",
        "top_trigger",
        "discard_trigger",
        "won_trigger",
        "any_boosters",
        "static_kinds",
        "stat_targets",
        "every_kind",
        "skill_of_instance",
        "any_transient",
        "investigation_of_instance",
        "has_cost_statics",
        "any_self_cost",
        "self_cost",
        "alt_paid",
        "playable_event",
        "play_checks",
        "any_play_check",
        "simulated",
        "match_need",
        "cost_passive",
        "cost_tables",
        "passive_sets",
        "passives_at_start",
        "plain_entry",
        "reads_context",
        "memories",
        "kind_memo",
        "may_be_character",
    )

    def __init__(self, deck, text: bool = True) -> None:
        cards = []
        counts = []
        index: dict[str, int] = {}
        # Story cards (of the deck's story section, or listed with the draw deck) join the
        # story deck; the Core stories are always there.
        entries = list(deck.draw) + [
            e for e in getattr(deck, "story", ()) if e.card.type == "Story"
        ]
        for entry in entries:
            if entry.count <= 0 or (entry.card.type == "Story" and _core_story(entry.card)):
                continue
            k = index.get(entry.card.id)
            if k is None:
                index[entry.card.id] = len(cards)
                cards.append(entry.card)
                counts.append(entry.count)
            else:
                counts[k] += entry.count
        self.cards = tuple(cards)
        # Facts derived once per deck when first needed: the filters of printed facts per
        # kind (filters.py), the zones that hold actions (runtime.py).
        self.kind_memo: dict[object, object] = {}
        self.counts = tuple(counts)
        self.kind_of = tuple(k for k, n in enumerate(counts) for _ in range(n))
        unique_titles: dict[str, int] = {}
        self.ctype = [_TYPES.get(c.type, OTHER) for c in cards]
        # Each game's deck starts as a copy; the story cards start in the story deck.
        self.instances = tuple(i for i, k in enumerate(self.kind_of) if self.ctype[k] != STORY)
        self.story_instances = tuple(
            i for i, k in enumerate(self.kind_of) if self.ctype[k] == STORY
        )
        self.faction = [
            FACTIONS.index(c.faction) if c.faction in FACTIONS else NEUTRAL for c in cards
        ]
        # Unknown costs (stories, data gaps) count as 0; X costs are chosen when playing.
        self.cost = [0 if c.cost_is_x or c.cost is None else c.cost for c in cards]
        self.cost_is_x = [c.cost_is_x or _x_cost_event(c) for c in cards]
        self.loyal = [c.has_keyword("Loyal") for c in cards]
        # Resources of its faction the drained domain must hold: 0 (neutral), 1, or -1 for
        # Loyal (as many as the cost paid).
        self.match_need = [
            0 if f == NEUTRAL else -1 if loyal else 1
            for f, loyal in zip(self.faction, self.loyal, strict=True)
        ]
        self.steadfast = [
            tuple((FACTIONS.index(f), n) for f, n in c.steadfast if f in FACTIONS) for c in cards
        ]
        self.transient = [c.transient for c in cards]
        self.any_transient = any(self.transient)
        self.unique_id = [
            unique_titles.setdefault(title_key(c.title), len(unique_titles)) if c.unique else -1
            for c in cards
        ]
        self.heroic = [c.has_keyword("Heroic") for c in cards]
        self.villainous = [c.has_keyword("Villainous") for c in cards]
        # Heroic/Villainous as bits (1 Heroic, 2 Villainous): one AND finds a clash.
        self.side = [h | v << 1 for h, v in zip(self.heroic, self.villainous, strict=True)]
        # An X skill is 0 unless card text defines it (FAQ): an X_SKILL static does.
        self.skill = [0 if c.skill_is_x or c.skill is None else max(c.skill, 0) for c in cards]
        self.terror = [c.terror for c in cards]
        self.combat = [c.combat for c in cards]
        self.arcane = [c.arcane for c in cards]
        self.investigation = [c.investigation for c in cards]
        self.willpower = [c.has_keyword("Willpower") for c in cards]
        self.invulnerable = [c.has_keyword("Invulnerability") for c in cards]
        weight: dict[int, int] = {}
        for k, n in enumerate(counts):
            f = self.faction[k]
            if f != NEUTRAL:
                weight[f] = weight.get(f, 0) + n
        # The deck's factions, most copies first.
        self.factions = tuple(sorted(weight, key=lambda f: (-weight[f], f)))
        self.card_id = [c.card_id for c in cards]
        self.subtypes = [frozenset(s.lower() for s in c.subtypes) for c in cards]
        self.toughness = [_toughness(c) for c in cards]
        table = struggle_table()
        self.struggles = [
            _letters(table["conspiracies"].get(c.card_id, "TCAI"))
            if self.ctype[k] == CONSPIRACY or self.ctype[k] == STORY
            else ()
            for k, c in enumerate(cards)
        ]
        self.boosters = [_letters(table["boosters"].get(c.card_id, "")) for c in cards]
        self.to_win = [
            tokens_to_win(c) if self.ctype[k] in (CONSPIRACY, STORY) else 5
            for k, c in enumerate(cards)
        ]
        self.attach = [attach_requirement(c) for c in cards]
        self._compile_text(text)

    def _compile_text(self, text: bool) -> None:
        from deckbuilder.engine.abilities import TRIGGERS, Ability

        abilities_of = CARD_TEXT["abilities"]
        self.text = text
        self.abilities = []
        self.statics = []
        self.simulated = []
        for c in self.cards:
            entries = abilities_of(c.card_id) if text else None
            self.simulated.append(entries is not None)
            entries = entries or ()
            self.abilities.append(tuple(e for e in entries if isinstance(e, Ability)))
            self.statics.append(tuple(e for e in entries if not isinstance(e, Ability)))
        # What of the phase the deck's text reads (``registry.remembers``): kept only then.
        memories_of = CARD_TEXT.get("memories")
        per_card = [
            memories_of(c.card_id) if text and memories_of is not None else frozenset()
            for c in self.cards
        ]
        self.memories = frozenset().union(*per_card)
        # The kinds that may be in play as a character though not printed as one: a card
        # that enters play as one or becomes one ("itself_character"), every support when a
        # card can make its host one ("host_character"). Empty for most decks: filters on
        # characters then read the printed type alone.
        hosts = "host_character" in self.memories
        self.may_be_character = frozenset(
            k
            for k, mem in enumerate(per_card)
            if self.ctype[k] != CHARACTER
            and ("itself_character" in mem or (hosts and self.ctype[k] == SUPPORT))
        )
        self.by_trigger = {
            t: [tuple(a for a in abs_ if a.trigger == t) for abs_ in self.abilities]
            for t in TRIGGERS
        }
        self.has_statics = any(self.statics)
        # The triggers each kind answers: registered as listeners when a copy enters play.
        self.triggers_of = [
            tuple(t for t in TRIGGERS if self.by_trigger[t][k]) for k in range(len(self.cards))
        ]
        self.any_trigger = {t: any(per_kind) for t, per_kind in self.by_trigger.items()}
        # Triggers a card in hand answers (a response event, "put this card into play"):
        # ``_fire_all`` then offers them to the hand too.
        self.hand_trigger = {
            t: any(a.zone == "hand" for abs_ in per_kind for a in abs_)
            for t, per_kind in self.by_trigger.items()
        }
        # Triggers the top card of the deck answers (a card placed there face up).
        self.top_trigger = {
            t: any(a.zone == "deck_top" for abs_ in per_kind for a in abs_)
            for t, per_kind in self.by_trigger.items()
        }
        # Triggers a card in the discard pile answers ("put this card into play from your
        # discard pile"), the actions aside.
        self.discard_trigger = {
            t: t != "action" and any(a.zone == "discard" for abs_ in per_kind for a in abs_)
            for t, per_kind in self.by_trigger.items()
        }
        # Triggers a conspiracy in the won pile answers.
        self.won_trigger = {
            t: any(a.zone == "won" for abs_ in per_kind for a in abs_)
            for t, per_kind in self.by_trigger.items()
        }
        self.any_boosters = any(self.boosters)
        self.static_kinds = frozenset(st.kind for sts in self.statics for st in sts)
        # Whether any character of the deck may have Invulnerability (printed, or from a
        # passive; an effect of the phase shows in ``Game._keywords``): ``_wound`` asks only then.
        self.invulnerability = any(self.invulnerable) or any(
            st.kind == GAIN_KEYWORD and st.amount[0] == INVULNERABILITY
            for sts in self.statics
            for st in sts
        )
        if "blanks" in self.memories:  # an effect blanks text boxes for a phase: the rules
            self.static_kinds |= {BLANK}  # that ask for a BLANK passive ask it too
        self.every_kind = frozenset(range(len(self.cards)))
        self.stat_targets = [self._stat_targets(k) for k in range(len(self.cards))]
        # Printed skill and investigation icons per instance (the policy's fast path).
        self.skill_of_instance = [self.skill[k] for k in self.kind_of]
        self.investigation_of_instance = [self.investigation[k] for k in self.kind_of]
        # Cost passives: a card's own (who None: it works from hand) and others'.
        self.self_cost = [
            tuple(st for st in sts if st.kind == "cost" and st.who is None) for sts in self.statics
        ]
        self.any_self_cost = any(self.self_cost)
        # A card's own cost lowered by paying something else (``Static.pay``).
        self.alt_paid = [tuple(st for st in sc if st.pay is not None) for sc in self.self_cost]
        # Kinds with a cost passive (their own or others'), and whether the deck has any.
        self.cost_passive = [any(st.kind == "cost" for st in sts) for sts in self.statics]
        self.has_cost_statics = any(self.cost_passive)
        # Remembered costs per set of fixed cost passives in play, shared by every game of
        # this deck (such a cost depends on those passives and the card's kind alone).
        self.cost_tables: dict[tuple, dict[int, int]] = {}
        # The passives in play per list of cards with passives in play (``_build_statics``).
        self.passive_sets: dict[tuple, tuple] = {}
        # The passives in play while nothing is in play (``Game.new`` fills it once).
        self.passives_at_start: tuple | None = None
        # An event is offered only when its text is simulated (otherwise it does nothing).
        self.playable_event = [bool(e) for e in self.by_trigger["event"]]
        # A character or support whose "When you play it, choose ..." needs a target now
        # (``Ability.play_check``); a deck without one never looks.
        self.play_checks = [
            tuple(a.play_check for a in enters if a.play_check is not None)
            for enters in self.by_trigger["enters"]
        ]
        self.any_play_check = any(self.play_checks)
        # Characters whose play only puts them into play: no passive or enters-play response
        # of their own, and nothing in the deck reacts to a character entering play.
        watched = {"enters_exhausted", "enters_insane", "insane_when"} & self.static_kinds
        reacting = (
            watched
            or self.any_trigger["played_character"]
            or self.any_trigger["character_enters"]
            or self.any_trigger["card_played"]
        )
        self.plain_entry = [
            t == CHARACTER and not reacting and not sts and not enters
            for t, sts, enters in zip(
                self.ctype, self.statics, self.by_trigger["enters"], strict=True
            )
        ]
        # Only an event, an attachment or an enters-play trigger reads how the card was paid.
        self.reads_context = [
            bool(text and (t == EVENT or attach is not None or enters))
            for t, attach, enters in zip(
                self.ctype, self.attach, self.by_trigger["enters"], strict=True
            )
        ]

    def _stat_targets(self, kind: int) -> frozenset[int]:
        """The kinds whose skill or icons the passives of ``kind`` may change (every kind when
        one of them may change any character): the others' stats need not look at them."""
        targets: set[int] = set()
        for st in self.statics[kind]:
            if st.kind not in ("skill", "icons", "x_skill"):
                continue
            if st.who is None or getattr(st.who, "itself", False):
                targets.add(kind)
            elif st.subtype:
                targets.update(k for k, subs in enumerate(self.subtypes) if st.subtype in subs)
            elif getattr(st.who, "printed_kinds", None) is not None:
                # A filter of printed facts: only the kinds it accepts.
                table = st.who.printed_kinds(self)
                targets.update(k for k in range(len(self.cards)) if table[k])
            else:
                return self.every_kind
        return frozenset(targets)

    @property
    def size(self) -> int:
        return len(self.kind_of)


def _core_story(card) -> bool:
    """One of the ten Core Set stories (Core-156..165), always in the story deck."""
    return card.card_id.startswith("Core-") and card.title in CORE_STORIES


def _x_cost_event(card) -> bool:
    """An event printed with cost X that the card data stores as 0 (Shotgun Blast, Unspeakable
    Resurrection: "X is the cost paid", rulebook): cost 0, and its text uses an X it does not
    define."""
    return (
        card.type == "Event"
        and card.cost == 0
        and re.search(r"\bX\b", card.text) is not None
        and re.search(r"\bX is\b", card.text) is None
    )


def _toughness(card) -> int:
    for k in card.keywords:
        m = re.match(r"Toughness \+(\d+)", k)
        if m:
            return int(m.group(1))
    return 0


def compile_deck(deck, text: bool = True) -> CompiledDeck:
    """``deck`` compiled (``text``: simulate card text); a ``CompiledDeck`` is returned as
    it is."""
    return deck if isinstance(deck, CompiledDeck) else CompiledDeck(deck, text)
