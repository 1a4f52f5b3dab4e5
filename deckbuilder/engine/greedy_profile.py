"""What the greedy player (``greedy_policy.GreedyPolicy``) thinks of each kind of a deck: how much
a card is worth keeping, what ``play`` must check before playing it, which events and
abilities are worth using, the per-kind scores of the setup split and the resource phase.
Worked out once per compiled deck, so that the decisions of a batch game only index lists.
"""

from __future__ import annotations

import math

from deckbuilder.engine.abilities import DISCARD_PILE, HAND, IN_PLAY
from deckbuilder.engine.cards import CHARACTER, CONSPIRACY, EVENT, N_FACTIONS, NEUTRAL, SUPPORT
from deckbuilder.engine.runtime import action_entry


class GreedyProfile:
    """What the greedy player thinks of each kind of a deck, worked out once per deck."""

    __slots__ = (
        "keep_value",
        "deck_faction",
        "play_value_of_instance",
        "asks_may_play",
        "cost_of_instance",
        "ops_events",
        "pre_commit_events",
        "story_events",
        "useful_actions",
        "useful_instances",
        "useful_by_window",
        "split_entry_of_instance",
        "faction_of_instance",
        "is_character_instance",
        "resource_score",
        "resource_score_of_instance",
        "character_factions",
        "is_character",
        "unlock_value_of_instance",
        "mulligan_candidate",
        "value_of_instance",
        "overpays",
        "first_actions",
    )

    def __init__(self, cd) -> None:
        kinds = range(len(cd.cards))
        keep_value = []
        for k in kinds:
            t = cd.ctype[k]
            if t == CHARACTER:
                icons = cd.terror[k] + cd.combat[k] + cd.arcane[k]
                v = 20 - 2 * cd.cost[k] + cd.skill[k] + 2 * cd.investigation[k] + 0.5 * icons
                if cd.cost_is_x[k]:
                    v = -1
            elif t == CONSPIRACY:
                v = 10 - cd.cost[k]
            elif t == SUPPORT and (cd.statics[k] or cd.abilities[k]) and _helps(cd, k):
                v = 8 - cd.cost[k]
            elif t == EVENT and (
                (cd.playable_event[k] and _helps(cd, k))
                # a response or disrupt from hand whose trigger the goldfish makes most
                # turns ("keep"): held for it rather than attached as a resource
                or any(a.ai == "keep" for a in cd.abilities[k])
            ):
                v = 6 - cd.cost[k]
            else:  # text that does nothing here: a resource
                v = -cd.cost[k] * 0.1
            keep_value.append(v)
        self.keep_value = keep_value
        deck_factions = set(cd.factions)
        # Per faction: one of the deck's own (never Neutral).
        self.deck_faction = [f != NEUTRAL and f in deck_factions for f in range(N_FACTIONS)]
        # What ``play`` must check: 0 never played, 1 a character nothing but its cost
        # restricts, 2 ask ``may_play``.
        play_check = []
        for k in kinds:
            t = cd.ctype[k]
            if keep_value[k] <= 0 or cd.cost_is_x[k] or t == EVENT:
                play_check.append(0)
            elif t == SUPPORT and _helps_from_hand_only(cd, k):
                # Played as a plain support its text does nothing: kept for its action.
                play_check.append(0)
            elif (
                t == CHARACTER
                and cd.unique_id[k] < 0
                and not (cd.heroic[k] or cd.villainous[k])
                and not cd.play_checks[k]  # "When you play it, choose ...": a target needed
            ):
                play_check.append(1)
            else:
                play_check.append(2)
        # Per instance, what ``play`` reads first: the keep value of a card it may play
        # (-inf for one it never plays, so that the best-value test skips it).
        self.play_value_of_instance = [
            keep_value[k] if play_check[k] else -math.inf for k in cd.kind_of
        ]
        # Per kind, whether ``play`` must ask ``may_play`` (check 2).
        self.asks_may_play = [check == 2 for check in play_check]
        self.cost_of_instance = [cd.cost[k] for k in cd.kind_of]  # printed
        # Events played by ``play`` (operations), by ``pre_commit`` (in the story phase,
        # before the commits) and by ``story_action`` (after them).
        self.ops_events, self.pre_commit_events, self.story_events = set(), set(), set()
        by_hint = {"story": self.story_events, "before_commits": self.pre_commit_events}
        for k in kinds:
            if cd.ctype[k] == EVENT and keep_value[k] > 0 and cd.playable_event[k]:
                ab = cd.by_trigger["event"][k][0]
                by_hint.get(ab.ai, self.ops_events).add(k)
        # Kinds with an action ability the automatic player may use, and the same by the
        # zone the card must be in for it (a card elsewhere costs no look at its abilities).
        useful = {IN_PLAY: set(), DISCARD_PILE: set(), HAND: set()}
        for k in kinds:
            for a in cd.by_trigger["action"][k]:
                if a.ai != "avoid" and _x_cost_judged(a):
                    useful[a.zone].add(k)
        self.useful_actions = frozenset(useful[IN_PLAY] | useful[DISCARD_PILE] | useful[HAND])
        # Kinds with a free action used before cards are played from hand (ai = "first":
        # what it reveals may be played with the domains still ready); None: no such card.
        first = frozenset(
            k
            for k in kinds
            if any(a.ai == "first" and not a.cost_x for a in cd.by_trigger["action"][k])
        )
        self.first_actions = first or None
        # The same per instance, for the zones in play, discard pile, hand (None: no such
        # card), so that a zone is searched without looking up kinds.
        self.useful_instances = tuple(
            [k in useful[zone] for k in cd.kind_of] if useful[zone] else None
            for zone in (IN_PLAY, DISCARD_PILE, HAND)
        )
        # Per action window (operations 1, story 2): (in play, in the discard pile, in hand:
        # per instance, whether it has such an action working from there, None for no such
        # card; per instance, the ``action_entry`` of those actions), for the actions open then
        # that the automatic player may use (``GreedyPolicy._extra_action``). A boost ("story"
        # hint) waits for the story phase: never one in operations.
        self.useful_by_window = {}
        for window in (1, 2):
            by_kind = [
                tuple(
                    action_entry(n, a)
                    for n, a in enumerate(abilities)
                    if a.window & window
                    and a.ai != "avoid"
                    and _x_cost_judged(a)
                    and (window != 1 or a.ai != "story")
                )
                for abilities in cd.by_trigger["action"]
            ]
            zones = tuple(
                [any(entry[1].zone == zone for entry in by_kind[k]) for k in cd.kind_of]
                for zone in (IN_PLAY, DISCARD_PILE, HAND)
            )
            self.useful_by_window[window] = (
                *(flags if any(flags) else None for flags in zones),
                [by_kind[k] for k in cd.kind_of],
            )
        # Kinds whose text rewards overpaying for them (ai = "overpay"): paid for with a
        # domain holding more than the cost when there is one (None: no such card).
        overpays = [any(a.ai == "overpay" for a in cd.abilities[k]) for k in kinds]
        self.overpays = overpays if any(overpays) else None
        self.faction_of_instance = [cd.faction[k] for k in cd.kind_of]
        # Scores of a card as a resource before the factions already offered count: the
        # setup split (a deck faction adds its own bonus there; per instance, the split's
        # entry: instance, faction, score) and the resource phase.
        self.split_entry_of_instance = [
            (i, cd.faction[k], -keep_value[k]) for i, k in enumerate(cd.kind_of)
        ]
        self.resource_score = [
            -keep_value[k] + (3 if self.deck_faction[cd.faction[k]] else 0) for k in kinds
        ]
        self.resource_score_of_instance = [self.resource_score[k] for k in cd.kind_of]
        self.is_character = [t == CHARACTER for t in cd.ctype]
        self.is_character_instance = [self.is_character[k] for k in cd.kind_of]
        # The factions (not Neutral) of the deck's characters: while each is offered by a
        # resource, no character in hand lacks its match.
        self.character_factions = sorted(
            {cd.faction[k] for k in kinds if self.is_character[k]} - {NEUTRAL}
        )
        # Per instance, the keep value of a card a resource may unlock (a character or a
        # conspiracy that costs something), -inf for the others.
        self.unlock_value_of_instance = [
            keep_value[k]
            if (cd.ctype[k] == CHARACTER or cd.ctype[k] == CONSPIRACY) and cd.cost[k]
            else -math.inf
            for k in cd.kind_of
        ]
        # The keep value of each instance (a choice among cards reads it).
        self.value_of_instance = [keep_value[k] for k in cd.kind_of]
        # Characters the mulligan rule looks at (an X cost is never counted playable).
        self.mulligan_candidate = [cd.ctype[k] == CHARACTER and not cd.cost_is_x[k] for k in kinds]


def greedy_profile(cd) -> GreedyProfile:
    """The profile of the compiled deck ``cd``, worked out once per deck (every policy and
    chunk of a batch reads the same one)."""
    profile = cd.kind_memo.get(GreedyProfile)
    if profile is None:
        profile = cd.kind_memo[GreedyProfile] = GreedyProfile(cd)
    return profile


def _helps(cd, k: int) -> bool:
    """Whether a card's simulated text is worth paying for in a goldfish (no "avoid" hint,
    no self-harm passive only)."""
    abilities = cd.abilities[k]
    if any(a.ai != "avoid" for a in abilities):
        return True
    return any(st.kind in ("skill", "icons", "cost") for st in cd.statics[k])


def _helps_from_hand_only(cd, k: int) -> bool:
    """Whether all a support's useful text works from hand ("Action: pay 1 to attach it from
    your hand to a story"): played as a plain support it would do nothing."""
    useful = [a for a in cd.abilities[k] if a.ai != "avoid"]
    return (
        bool(useful)
        and all(a.zone == HAND for a in useful)
        and not any(st.kind in ("skill", "icons", "cost") for st in cd.statics[k])
    )


def _x_cost_judged(a) -> bool:
    """Whether the automatic player may use an action for its cost: an X cost only with an
    ``ai_when`` (the data says when it is worth it; X is then its largest domain's value)."""
    return not a.cost_x or a.ai_when is not None
