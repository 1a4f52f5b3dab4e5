"""The greedy goldfish player: a competent player's choices worked out from per-deck tables
(``greedy_profile``), written for speed since batch games ask it at every decision."""

from __future__ import annotations

from deckbuilder.engine.abilities import ACTION, NO_CONTEXT, NO_ICONS_HERE
from deckbuilder.engine.actions import CONSPIRACY_BASE, play_action, use_action
from deckbuilder.engine.cards import (
    N_FACTIONS,
    NEUTRAL,
    TOKENS_TO_WIN_STORY,
)
from deckbuilder.engine.choices import YesNo
from deckbuilder.engine.game import (
    INSANE,
    OPERATIONS,
    PLAY,
    READY,
    RESOURCE,
    STORY,
    Action,
    Game,
)
from deckbuilder.engine.greedy_profile import GreedyProfile, greedy_profile
from deckbuilder.engine.policy import Policy

INFINITE = float("inf")
MAX_ACTIONS_PER_PHASE = 25  # a safety net against abilities that could loop
RESOURCES_ENOUGH = 4  # every domain has this many: an action instead of a resource, if any


class GreedyPolicy(Policy):
    """Keeps cheap characters and cards whose simulated text helps, resources the rest (in
    the deck's factions, one faction per domain first), mulligans a setup hand without a
    character playable by turn 2, attaches a resource every turn where it unlocks the best
    character in hand, plays the most valuable payable character, conspiracy or useful
    support (smallest domain that pays), then useful events and abilities (boosts after the
    commits), spreads committed characters over the stories closest to being won, accepts
    its responses and the story effects that help a lone player, and sacrifices or discards
    its least valuable cards when an effect asks."""

    name = "greedy"
    description = "faction-matching resources, early curve, spread commits"

    def __init__(self) -> None:
        self._deck = None
        self._profile_cache: tuple = ()
        self._split_cache: tuple = (None, (), [])
        self._actions_key: tuple = ()
        self._actions_used = 0

    def _profile(self, game: Game) -> GreedyProfile:
        cd = game.deck
        if cd is not self._deck:
            self._profile_cache = greedy_profile(cd)
            self._deck = cd
        return self._profile_cache

    def _split(self, game: Game) -> list[int]:
        # Asked twice per setup hand (mulligan, then the resources): compute it once.
        cached_game, cached_hand, cached = self._split_cache
        if cached_game is game and cached_hand == game.you.hand:
            return list(cached)
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        deck_faction, split_entry = profile.deck_faction, profile.split_entry_of_instance
        is_character = profile.is_character_instance
        # (instance, faction, score before factions); each pass adds a bonus per faction:
        # a deck faction's resource scores 10, 4 more while no chosen resource has its
        # faction, 20 more if a character in hand needs it (a chosen card's faction is
        # covered, so the whole hand's factions will do).
        entries = []
        bonus = {}
        for i in game.you.hand:
            entry = split_entry[i]
            entries.append(entry)
            f = entry[1]
            if is_character[i]:
                bonus[f] = 34 if deck_faction[f] else 0
            elif f not in bonus:
                bonus[f] = 14 if deck_faction[f] else 0
        chosen: list[int] = []
        for _ in range(3):
            best, best_score = None, None
            for entry in entries:
                _, f, score = entry
                score += bonus[f]
                if best_score is None or score > best_score:
                    best, best_score = entry, score
            entries.remove(best)
            chosen.append(best[0])
            f = best[1]
            if deck_faction[f]:
                bonus[f] = 10  # now covered
        self._split_cache = (game, list(game.you.hand), chosen)
        return list(chosen)

    def mulligan(self, game: Game) -> bool:
        """Mulligan a setup hand with no character playable by turn 2: by then the domains
        hold the 3 setup resources plus the 2 cards attached on turns 1 and 2, so a kept
        character is playable when it costs at most 3 (Loyal: at most 1 + its faction's other
        cards kept, up to 2 more), its faction is among the resources (or it is neutral or
        costs 0) and its Steadfast count can be met the same way."""
        if game.mulligan_taken:
            return False
        cd = game.deck
        kind_of, faction = cd.kind_of, cd.faction
        resources = self._split(game)
        faction_of = self._profile_cache.faction_of_instance  # (``_split`` set the profile)
        # Cards of each faction among the resources and among the cards kept.
        res_count = [0] * N_FACTIONS
        kept_count = [0] * N_FACTIONS
        for i in game.you.hand:
            kept_count[faction_of[i]] += 1
        for i in resources:
            f = faction_of[i]
            res_count[f] += 1
            kept_count[f] -= 1
        candidate = self._profile_cache.mulligan_candidate
        for i in game.you.hand:
            k = kind_of[i]
            if not candidate[k] or i in resources:
                continue
            c = game.cost_of(k) if cd.has_cost_statics else cd.cost[k]
            f = faction[k]
            # Resources of a faction the other kept cards can add by turn 2: up to 2.
            kept_count[f] -= 1
            steadfast_ok = True
            for g, n in cd.steadfast[k]:
                if res_count[g] + min(2, kept_count[g]) < n:
                    steadfast_ok = False
                    break
            more = min(2, kept_count[f])
            kept_count[f] += 1
            if not steadfast_ok:
                continue
            if c == 0:
                return False
            if c > 3:
                continue
            if f == NEUTRAL:
                return False
            if not res_count[f]:
                continue
            if not cd.loyal[k] or c <= 1 + more:
                return False
        return True

    def setup_resources(self, game: Game) -> list[int]:
        return self._split(game)

    def resource(self, game: Game) -> tuple[int, int] | Action | None:
        hand = game.you.hand
        if not hand:
            return None
        # An action instead, if any (none without such abilities in the deck: no look).
        if game.facts.resource_actions and min(game.you.dom_value) >= RESOURCES_ENOUGH:
            for a in game.resource_actions():
                if self._worth_using(game, a, RESOURCE):
                    return a
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        if len(hand) == 1 and profile.value_of_instance[hand[0]] > 0:
            # The last card is a character or conspiracy: attach it only if it cannot be paid.
            if game.pay_domain(game.deck.kind_of[hand[0]]) != -2:
                return None
        # The card to give up: least useful in hand, a deck-faction resource preferred, and
        # above all one whose faction no domain offers yet while a character in hand needs it.
        offered = game.you.fac_count  # resources of each faction over all domains
        for f in profile.character_factions:
            if not offered[f]:
                card = self._resource_card_unmatched(game, profile)
                break
        else:
            # Every faction of the deck's characters is offered: the first best score.
            score_of = profile.resource_score_of_instance
            card, best = -1, None
            for i in hand:
                score = score_of[i]
                if best is None or score > best:
                    card, best = i, score
        return card, self._resource_domain(game, card, profile)

    def _resource_card_unmatched(self, game: Game, profile: GreedyProfile) -> int:
        """``resource``'s card while some faction of the deck's characters is not offered."""
        cd = game.deck
        kind_of, faction = cd.kind_of, cd.faction
        offered = game.you.fac_count
        is_character, resource_score = profile.is_character, profile.resource_score
        unmatched = []
        for i in game.you.hand:
            k = kind_of[i]
            if is_character[k]:
                f = faction[k]
                if f != NEUTRAL and not offered[f]:
                    unmatched.append(f)
        card, best = -1, None
        for i in game.you.hand:
            k = kind_of[i]
            score = resource_score[k]
            if unmatched and faction[k] in unmatched:
                score += 20
            if best is None or score > best:
                card, best = i, score
        return card

    def _resource_domain(self, game: Game, card: int, profile: GreedyProfile) -> int:
        """The domain where the resource ``card`` unlocks the most valuable character (or
        conspiracy) in hand; else the smallest domain, one without a match first."""
        cd = game.deck
        kind_of, faction, cost, loyal = cd.kind_of, cd.faction, cd.cost, cd.loyal
        k_res = kind_of[card]
        f_res = faction[k_res]
        w = 2 if cd.transient[k_res] else 1
        dom_value, dom_fac = game.you.dom_value, game.you.dom_fac
        affordable = game.affordable_cost()
        # While no cost modifier applies (a finite ``affordable``), the printed cost is the
        # cost: whether a card can be paid now is looked up here, without ``pay_domain``.
        printed = affordable != INFINITE
        # Resources of another faction may match too: each domain is asked (``_match_in``).
        match_as = game.facts.match_as
        printed = printed and not match_as
        drained, steadfast, match_need = game.you.drained, cd.steadfast, cd.match_need
        unlock_value = profile.unlock_value_of_instance
        target, target_value = -1, -INFINITE
        for i in game.you.hand:
            v = unlock_value[i]
            if v <= target_value or i == card:
                continue  # nothing to unlock, or it could not become the target
            k = kind_of[i]
            c = cost[k]
            f = faction[k]
            if c <= affordable:
                if printed and not steadfast[k]:
                    need = match_need[k]
                    if need < 0:  # Loyal
                        need = c
                    paid = False
                    for d in game.you.domain_indices:
                        if dom_value[d] >= c and not drained[d] and dom_fac[d][f] >= need:
                            paid = True
                            break
                    if paid:
                        continue
                elif game.pay_domain(k) != -2:
                    continue
            # The resource on ``d`` adds ``w`` to its value (and to its match, if the same
            # faction): what ``d`` itself must hold.
            low = c - w
            need = (c if loyal[k] else 1) - (w if f == f_res else 0)
            neutral = f == NEUTRAL
            for d in game.you.domain_indices:
                if dom_value[d] >= low and (
                    neutral
                    or dom_fac[d][f] >= need
                    or (match_as and game._match_in(k, d, dom_fac[d][f]) >= need)
                ):
                    target, target_value = d, v
                    break
        if target < 0:
            # Nothing to unlock now: grow the smallest domain, preferring one without a match.
            best_key = None
            for d in game.you.domain_indices:
                # (value, has a match) in one number: value first, a match breaks ties.
                key = 2 * dom_value[d] + (f_res == NEUTRAL or dom_fac[d][f_res] > 0)
                if best_key is None or key < best_key:
                    target, best_key = d, key
        return target

    def play(self, game: Game) -> Action | None:
        """The most valuable payable character, conspiracy or useful support (smallest
        domain that pays), else a useful event, else a useful ability."""
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        if profile.first_actions is not None:
            first = self._first_action(game, profile)
            if first is not None:
                return first
        cd = game.deck
        kind_of = cd.kind_of
        if game._cost_sources or cd.has_cost_statics:
            affordable = game.affordable_cost()
        else:  # ``affordable_cost`` written out (at every operations decision)
            affordable = 0
            drained, dom_value = game.you.drained, game.you.dom_value
            for d in game.you.domain_indices:
                if not drained[d] and dom_value[d] > affordable:
                    affordable = dom_value[d]
        value_of, asks_may_play = profile.play_value_of_instance, profile.asks_may_play
        cost_of = profile.cost_of_instance
        pay_domain = game.pay_domain
        best, best_value, best_domain = -1, -1e9, -1
        for i in game.you.hand:
            v = value_of[i]
            if v <= best_value:  # also skips further copies of a card already chosen
                continue
            if cost_of[i] > affordable:
                continue
            k = kind_of[i]
            if asks_may_play[k] and not game.may_play(k):
                continue
            domain = pay_domain(k)
            if domain != -2:
                best, best_value, best_domain = i, v, domain
        if best >= 0:
            if profile.overpays is not None and profile.overpays[kind_of[best]]:
                best_domain = _overpaying_domain(game, kind_of[best], best_domain)
            return play_action(best, best_domain)
        if not game.deck.text:
            return None
        return self._extra_action(game, profile, profile.ops_events, OPERATIONS)

    def _first_action(self, game: Game, profile: GreedyProfile) -> Action | None:
        """A free action hinted ai = "first", worth using now, before any card is played
        from hand (operations only; the story phase keeps its order)."""
        if game.phase != OPERATIONS:
            return None
        for i, n, ab in _useful_uses(profile, game) or ():
            if ab.ai != "first" or ab.cost > 0 or ab.cost_x:
                continue
            if ab.ai_when is not None and not ab.ai_when(game, i, NO_CONTEXT):
                continue
            if ab.worthwhile is not None and not ab.worthwhile(game, i):
                continue
            action = use_action(i, -1, n * 100)
            if game._policy is None:  # step by step: the labelled action offered to a person
                useful = profile.first_actions
                action = next(a for a in game.ability_actions(useful) if a[:5] == action[:5])
            return self._within_cap(game, OPERATIONS, action)
        return None

    def pre_commit(self, game: Game) -> Action | None:
        """An event that helps the commits (one whose character may commit), if payable."""
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        events = profile.pre_commit_events
        return self._event_to_play(game, events, STORY) if events else None

    def _event_to_play(self, game: Game, events: set, phase: str) -> Action | None:
        """The first event of ``events`` in hand worth playing and payable (a safety cap per
        phase)."""
        kind_of = game.deck.kind_of
        for i in game.you.hand:
            k = kind_of[i]
            if k in events and game.may_play(k) and _event_worthwhile(game, k, i):
                d = game.pay_domain(k)
                if d != -2:
                    return self._within_cap(game, phase, Action(PLAY, i, d))
        return None

    def story_action(self, game: Game) -> Action | None:
        if not game.deck.text:
            return None
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        return self._extra_action(game, profile, profile.story_events, STORY)

    def _extra_action(
        self, game: Game, profile: GreedyProfile, events: set, phase: str
    ) -> Action | None:
        """An event of ``events`` or an ability worth using now (a safety cap per phase)."""
        if events:
            action = self._event_to_play(game, events, phase)
            if action is not None:
                return action
        useful = profile.useful_actions
        if not useful:
            return None
        if game._copies:  # a copied text box may bring actions: every action of the kinds
            if not _useful_card_present(profile, game):
                return None
            uses = game.usable_abilities(useful)
        else:
            uses = _useful_uses(profile, game)
            if uses is None:
                return None
        # ``min(uses, key=(pays a domain, its value))`` over the actions worth using,
        # without building the actions: the first cheapest domain of the first ability
        # (``_pay_domains`` written out). Whether an ability is worth using is asked only
        # when it would be cheaper than the best so far (the answer changes nothing else).
        best, best_key = None, None
        dom_value, drained = game.you.dom_value, game.you.drained
        for i, n, ab in uses:
            cost, x = ab.cost, 0
            if ab.cost_x:  # used only with an ``ai_when``: X as large as a domain allows
                if ab.ai_when is None:
                    continue
                d, x = _largest_x(game, ab, i)
                if d < 0 or (best_key is not None and 1 + dom_value[d] >= best_key):
                    continue
                key = 1 + dom_value[d]
            elif cost <= 0:
                d, key = -1, 0  # no domain needed
            else:
                d, key = -1, None
                for e in range(len(dom_value)):
                    v = dom_value[e]
                    if v >= cost and not drained[e] and (key is None or 1 + v < key):
                        d, key = e, 1 + v
                if key is None:
                    continue  # no domain pays for it
            if best_key is not None and key >= best_key:
                continue
            # ``_worth_using_ability`` written out (an X cost without ``ai_when`` skipped above).
            ai = ab.ai
            if ai:
                if ai == "avoid":
                    continue
                if ai == "story" and (
                    phase != STORY
                    or (not ab.exhaust and i in game.you.status and game.committed_story(i) < 0)
                ):
                    continue
            worthwhile, ai_when = ab.worthwhile, ab.ai_when
            if (worthwhile is None or worthwhile(game, i)) and (
                ai_when is None or ai_when(game, i, NO_CONTEXT)
            ):
                best, best_key = (i, d, n * 100 + x), key
        if best is None:
            return None
        action = use_action(*best)
        if game._policy is None:  # step by step: the labelled action offered to a person
            action = next(a for a in game.ability_actions(useful) if a[:5] == action[:5])
        return self._within_cap(game, phase, action)

    def _within_cap(self, game: Game, phase: str, action: Action) -> Action | None:
        """``action``, counted, unless the phase has had ``MAX_ACTIONS_PER_PHASE`` extra
        actions (counted here, when one is found: most action windows find none)."""
        key = (game, game.turn, phase)  # the game itself: an id could be reused by the next
        if self._actions_key != key:
            self._actions_key, self._actions_used = key, 0
        if self._actions_used >= MAX_ACTIONS_PER_PHASE:
            return None
        self._actions_used += 1
        return action

    def _worth_using(self, game: Game, a: Action, phase: str) -> bool:
        cd = game.deck
        if game._copies and a.card in game._copies:  # it has a copied text box too
            ab = game.text_of("action", a.card)[a.x // 100]
        else:
            ab = cd.by_trigger["action"][cd.kind_of[a.card]][a.x // 100]
        return not ab.cost_x and self._worth_using_ability(game, ab, a.card, phase)

    def _worth_using_ability(self, game: Game, ab, card: int, phase: str) -> bool:
        """Whether the greedy player uses the ability ``ab`` of ``card`` now (whatever the
        domain that pays for it; written out in ``_extra_action``, at every action window)."""
        ai = ab.ai
        if ai == "avoid" or ab.cost_x:
            return False
        # A boost waits for the commits (asked before its worth: cheaper). A character's
        # boost waits for it to be committed too, unless it exhausts the character: a
        # committed character is exhausted, so that boost is for another one.
        if ai == "story" and (
            phase != STORY
            or (not ab.exhaust and card in game.you.status and game.committed_story(card) < 0)
        ):
            return False
        if ab.ai_when is not None and not ab.ai_when(game, card, NO_CONTEXT):
            return False
        return ab.worthwhile is None or bool(ab.worthwhile(game, card))

    def decide(self, game: Game, choice) -> Action:
        options = choice.options
        kind = choice.kind
        if kind == "story_effect":  # declined when the card data marks it harmful
            return options[-1] if choice.harm else options[0]
        if kind == "response":  # declined when the card data marks it harmful
            return options[-1] if choice.harm else options[0]
        if choice.__class__ is YesNo:  # an optional effect: yes (no card to value)
            return options[0]
        return self._best_option(game, choice, options, kind)

    def choose_instance(self, game: Game, kind: str, prompt: str, cards: list, harm, optional):
        """``decide`` for a choice among instances, without its ``Choice``: the card of the
        best (harm: the least) value, as ``_best_option`` values it, the first of equals;
        "none" (-1) when it is worth more (harm: less) than every card."""
        if kind in _VALUED_BY_OPTION:
            return super().choose_instance(game, kind, prompt, cards, harm, optional)
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        status = game.you.status
        card_value = profile.value_of_instance
        changed = None
        best, best_value = -1, None
        for i in cards:
            if i not in status:
                v = card_value[i]
            else:
                if changed is None:
                    changed = game.kinds_with_changed_stats()
                v = _in_play_value(game, i, status, changed)
            if best_value is None or (v < best_value if harm else v > best_value):
                best, best_value = i, v
        if optional and (NONE_IF_HARM < best_value if harm else NONE_VALUE > best_value):
            return -1
        return best

    def _best_option(self, game: Game, choice, options, kind: str) -> Action:
        """``decide`` for targets and the rest: the option of the best (harm: the least)
        value (``_option_value``)."""
        profile = self._profile_cache if game.deck is self._deck else self._profile(game)
        harm = choice.harm
        if harm or kind == "token" or kind == "unwin":
            changed = game.kinds_with_changed_stats()
            pick = min if harm else max
            return pick(options, key=lambda a: _option_value(game, profile, a, kind, harm, changed))
        # ``max(options, key=_option_value)`` without a call per card out of play (worth its
        # keep value); one in play is worth its skill and investigation icons
        # (``_in_play_value``: the kinds whose stats may have changed are asked only when a
        # card in play is met).
        status = game.you.status
        card_value = profile.value_of_instance
        changed = None
        best, best_value = None, None
        for a in options:
            i = a.card
            if i < 0:  # "none", a story, a domain, yes or no: no stats read
                v = _option_value(game, profile, a, kind, harm, None)
            elif i not in status:
                v = card_value[i]
            else:
                if changed is None:
                    changed = game.kinds_with_changed_stats()
                v = _in_play_value(game, i, status, changed)
            if best is None or v > best_value:
                best, best_value = a, v
        return best

    def commit(self, game: Game) -> list[tuple[int, int]]:
        cd = game.deck
        status = game.you.status
        kinds = cd.static_kinds
        asks = not kinds.isdisjoint(_COMMIT_KINDS)  # (no set built, as ``&`` would)
        may_commit = game.may_commit if asks else None
        skill_of, inv_of = cd.skill_of_instance, cd.investigation_of_instance
        # The ready characters, sorted by skill and investigation in one pass; those of the
        # kinds whose stats may have changed are recounted (ready ones are never insane).
        # (Nothing changes stats without passives or effects of the phase: no call then.)
        changed = game.kinds_with_changed_stats() if game._temp or cd.has_statics else ()
        kind_of = cd.kind_of
        copied = False
        # Skilled characters with and without investigation icons, and investigators
        # without skill, each in play order.
        skilled_inv, skilled_plain, investigators = [], [], []
        for i in game.you.characters:
            if status[i] != READY if may_commit is None else not may_commit(i):
                continue
            if changed and kind_of[i] in changed:
                if not copied:
                    skill_of, inv_of = skill_of.copy(), inv_of.copy()  # the deck's are shared
                    copied = True
                skill, icons = game.stats_of(i)
                skill_of[i] = skill
                inv_of[i] = icons[3]
            if skill_of[i] >= 1:
                (skilled_inv if inv_of[i] else skilled_plain).append(i)
            elif inv_of[i]:
                investigators.append(i)
        if not skilled_inv and not skilled_plain:
            return []  # investigators alone only help where a skilled one is committed
        tokens, stories = game.you.tokens, game._stories
        # Most tokens first; the sort is stable, so ties keep the story order (no tokens
        # yet: the story order, without a sort).
        if any(tokens):
            order = sorted(range(len(tokens)), key=tokens.__getitem__, reverse=True)
        else:
            order = range(len(tokens))
        plan: list[tuple[int, int]] = []
        lacking_inv = []
        # A Core story may need other than 5 tokens (``_varying_to_win`` written out).
        varying = game._turn_rules or game.facts.tokens_to_win
        for s in order:
            # The first skilled character with investigation icons where a token is
            # needed, else the first one without.
            to_win = (
                TOKENS_TO_WIN_STORY
                if stories[s] < CONSPIRACY_BASE and not varying
                else game.story_to_win(s)
            )
            if to_win - tokens[s] >= 3:
                if skilled_inv:
                    pick = skilled_inv.pop(0)
                elif skilled_plain:
                    pick = skilled_plain.pop(0)
                    lacking_inv.append(s)
                else:
                    break
            elif skilled_plain:
                pick = skilled_plain.pop(0)
            elif skilled_inv:
                pick = skilled_inv.pop(0)
            else:
                break
            plan.append((pick, s))
        if lacking_inv:
            # Investigation icons alone still win the struggle: add them where a token is
            # missing.
            helpers = skilled_inv + investigators
            silencing = NO_ICONS_HERE in kinds
            for s in lacking_inv:
                if not helpers:
                    break
                if silencing:  # a helper whose icons would not count there stays back
                    here = [i for i, t in plan if t == s] + list(game.you.committed[s])
                    h = next((h for h in helpers if icons_count_with(game, here, h)), -1)
                    if h >= 0:
                        helpers.remove(h)
                        plan.append((h, s))
                    continue
                plan.append((helpers.pop(0), s))
        if asks:
            plan = [(i, s) for i, s in plan if game.may_commit_to(i, s)]
            if "no_lone_commits" in kinds:
                plan = _in_pairs(plan)
        return plan


def icons_count_with(game: Game, group: list[int], i: int) -> bool:
    """Whether character ``i``'s icons would count at a story where the characters of
    ``group`` are committed, and theirs still would with it (NO_ICONS_HERE passives)."""
    return game.icons_silenced([*group, i]) <= game.icons_silenced(group)


# Passives that change who may commit (and where): the plan asks the game about each one.
_COMMIT_KINDS = frozenset(
    (
        "cannot_commit",
        "commits_exhausted",
        "commits_exhausted_at",
        "commit_barred",
        "no_lone_commits",
    )
)


# Choices that ``decide`` answers by their options, not by the cards' values.
_VALUED_BY_OPTION = frozenset(("story_effect", "response", "token", "unwin"))
NONE_VALUE = -0.5  # "none", where a card is good to choose
NONE_IF_HARM = 1e9  # "none", where the chosen card suffers: taken whenever offered


def _in_play_value(game: Game, i: int, status: dict, changed) -> int:
    """What the greedy player thinks the card ``i`` in play is worth: its skill and
    investigation icons, printed for the kinds not in ``changed`` (those whose stats may
    differ from the printed ones now), unless insane."""
    cd = game.deck
    if cd.kind_of[i] not in changed and status[i] != INSANE:
        skill = cd.skill_of_instance[i]
        return (skill if skill > 0 else 0) + 2 * cd.investigation_of_instance[i] + 1
    skill, icons = game.stats_of(i)
    return skill + 2 * icons[3] + 1


def _option_value(game: Game, profile: GreedyProfile, a: Action, kind: str, harm, changed) -> float:
    """What the greedy player thinks an option of a choice of ``kind`` is worth: a card by
    its card (in play: skill and investigation icons; ``changed``: the kinds whose stats may
    differ from the printed ones), "none", a story by its tokens, a domain by its
    resources."""
    by_card = kind != "token" and kind != "unwin"
    cd = game.deck
    kind_of = cd.kind_of
    status = game.you.status
    i = a.card
    if i >= 0 and by_card:
        if i in status:
            return _in_play_value(game, i, status, changed)
        return profile.keep_value[kind_of[i]]
    if a.x == -1 and a.card < 0 and a.story < 0:  # "none"
        return NONE_VALUE if not harm else NONE_IF_HARM
    if not by_card or (a.card < 0 and a.story >= 0):
        return game.you.tokens[a.story] if a.story < len(game.you.tokens) else 0
    if a.card < 0 and a.domain >= 0:
        v = game.you.dom_value[a.domain]
        return v if kind == "refresh" else -v
    if i in status:
        skill, icons = game.stats_of(i)
        return skill + 2 * icons[3] + 1
    return profile.keep_value[kind_of[i]]


def _in_pairs(plan: list[tuple[int, int]]) -> list[tuple[int, int]]:
    """The plan's characters committed two (or three) to a story, on the stories it chose
    first: no one commits alone (one alone commits nowhere)."""
    chars = [i for i, _ in plan]
    stories = list(dict.fromkeys(s for _, s in plan))
    if len(chars) < 2:
        return []
    out = []
    for n in range(len(chars) // 2):
        out += [
            (chars[2 * n], stories[n % len(stories)]),
            (chars[2 * n + 1], stories[n % len(stories)]),
        ]
    if len(chars) % 2:
        out.append((chars[-1], out[-1][1]))
    return out


def _event_worthwhile(game: Game, k: int, inst: int) -> bool:
    """Whether playing the event ``k`` (the instance ``inst`` in hand) would change
    anything, by its effect's ``worthwhile`` (as for an action), and whether the card data's
    ``ai_when`` holds; a person may still play it."""
    ab = game.deck.by_trigger["event"][k][0]
    if ab.ai_when is not None and not ab.ai_when(game, inst, NO_CONTEXT):
        return False
    return ab.worthwhile is None or bool(ab.worthwhile(game, inst))


def _overpaying_domain(game: Game, kind: int, domain: int) -> int:
    """For a card whose text rewards overpaying (ai = "overpay"): the smallest ready domain
    that pays for it with more than its cost (the smallest wastes least), else ``domain``."""
    cost = game.cost_of(kind)
    value = game.you.dom_value
    best = -1
    for d in game.you.domain_indices:
        if value[d] > cost and game.can_pay(kind, d) and (best < 0 or value[d] < value[best]):
            best = d
    return domain if best < 0 else best


def _useful_uses(profile: GreedyProfile, game: Game) -> list[tuple] | None:
    """``game.usable_abilities(profile.useful_actions)`` less the actions never worth using
    now (``ai`` "avoid", an X cost, a boost in operations), looking only at the cards with
    such an action in the zone where it works (in play: among the action listeners, the
    cards in play with an action, in zone order); None when no such card is there, and the
    conspiracy's actions are looked at only when a card with a useful action of any window
    is there (``_useful_card_present``)."""
    ph = game.phase
    window = 1 if ph == OPERATIONS else 2 if ph == STORY else 4
    useful = profile.useful_by_window.get(window)
    if useful is None:  # not an action window of the greedy player's
        if not _useful_card_present(profile, game):
            return None
        return game.usable_abilities(profile.useful_actions)
    in_play, in_discard, in_hand, table = useful
    you = game.you
    cards = []
    if in_play is not None:
        for i in you.character_listeners.get(ACTION, ()):
            if in_play[i]:
                cards.append(i)
        for i in you.support_listeners.get(ACTION, ()):
            if in_play[i]:
                cards.append(i)
    outside = []
    if in_discard is not None:
        for i in you.discard:
            if in_discard[i]:
                outside.append(i)
    if in_hand is not None:
        for i in you.hand:
            if in_hand[i]:
                outside.append(i)
    c = you.conspiracy
    if c >= 0 and in_play is not None and in_play[c]:
        # Looked at beside another card with a useful action, of any window (as ever).
        if not cards and not outside and not _useful_card_present(profile, game):
            return None
        cards.append(c)
    elif not cards and not outside:
        return None
    if outside:
        cards += outside
    return game.usable_among(cards, table, window)


def _largest_x(game: Game, ab, i: int) -> tuple[int, int]:
    """The undrained domain of most resources and the X it pays for the X cost of ``ab``
    (capped by its ``x_max``); (-1, 0) when none pays X = 1."""
    you = game.you
    cap = ab.x_max(game, i, None) if ab.x_max is not None else None
    d, top = -1, 0
    for e, v in enumerate(you.dom_value):
        if not you.drained[e] and v > top:
            d, top = e, v
    if cap is not None:
        top = min(top, cap)
    return (d, top) if top >= 1 else (-1, 0)


def _useful_card_present(profile: GreedyProfile, game: Game) -> bool:
    """Whether a card with a useful action ability is in the zone where it works (plain
    loops: this runs at every action window of a batch game)."""
    in_play, in_discard, in_hand = profile.useful_instances
    if in_play is not None:
        for i in game.you.characters:
            if in_play[i]:
                return True
        for i in game.you.supports:
            if in_play[i]:
                return True
    if in_discard is not None:
        for i in game.you.discard:
            if in_discard[i]:
                return True
    if in_hand is not None:
        for i in game.you.hand:
            if in_hand[i]:
                return True
    return False
