"""Policies: who makes the goldfish player's decisions.

A policy answers five questions (each gets the ``Game`` and reads it through its public
views and ``can_pay``/``may_play``):

- ``mulligan(game) -> bool``: take the one mulligan of the setup hand?
- ``setup_resources(game) -> [i, i, i]``: the 3 setup-hand cards to attach, domain 1 to 3;
- ``resource(game) -> (instance, domain) | None``: the resource phase attachment;
- ``play(game) -> (instance, domain, x) | None``: the next card to play (domain -1: no drain);
- ``commit(game) -> [(instance, story_index), ...]``: the story phase commitments.

``Game.run(policy)`` asks these directly (the batch path); ``policy.choose(game)`` turns the
same answers into the next ``Action`` for step-by-step play, so both give the same game.
Policies are looked up by name with ``get_policy(name)``; ``POLICIES`` is the registry.
"""

from __future__ import annotations

from deckbuilder.engine.cards import (
    CHARACTER,
    CONSPIRACY,
    N_FACTIONS,
    NEUTRAL,
    TOKENS_TO_WIN_STORY,
)
from deckbuilder.engine.game import (
    ATTACH,
    COMMIT,
    KEEP,
    MULLIGAN,
    MULLIGAN_PHASE,
    OPERATIONS,
    OVER,
    PASS,
    PLAY,
    READY,
    RESOURCE,
    SETUP_PHASE,
    SETUP_RESOURCE,
    Action,
    Game,
)


class Policy:
    name = "base"
    description = ""

    def mulligan(self, game: Game) -> bool:
        raise NotImplementedError

    def setup_resources(self, game: Game) -> list[int]:
        raise NotImplementedError

    def resource(self, game: Game) -> tuple[int, int] | None:
        raise NotImplementedError

    def play(self, game: Game) -> tuple[int, int, int] | None:
        raise NotImplementedError

    def commit(self, game: Game) -> list[tuple[int, int]]:
        raise NotImplementedError

    def choose(self, game: Game) -> Action | None:
        """The next action this policy takes (None when the game is over)."""
        pending = game._pending
        if pending:
            return pending[0]
        ph = game.phase
        if ph == OVER:
            return None
        if ph == OPERATIONS:  # one card at a time, exactly as ``Game.run`` asks
            p = self.play(game)
            return Action(PASS) if p is None else Action(PLAY, p[0], p[1], x=p[2])
        if ph == RESOURCE:
            r = self.resource(game)
            return Action(PASS) if r is None else Action(ATTACH, r[0], r[1])
        if ph == MULLIGAN_PHASE:
            plan = [Action(MULLIGAN if self.mulligan(game) else KEEP)]
        elif ph == SETUP_PHASE:
            plan = [Action(SETUP_RESOURCE, i) for i in self.setup_resources(game)]
        else:
            plan = [Action(COMMIT, i, story=s) for i, s in self.commit(game)] + [Action(PASS)]
        pending.extend(plan)
        return pending[0]


class GreedyPolicy(Policy):
    """Keeps cheap characters, resources events, supports and expensive cards (in the deck's
    factions, one faction per domain first), mulligans a setup hand without an early
    character, attaches a resource every turn where it unlocks the best character in hand,
    plays the most valuable payable character (or conspiracy) from the smallest domain that
    pays, and spreads committed characters over the stories closest to being won."""

    name = "greedy"
    description = "faction-matching resources, early curve, spread commits"

    def __init__(self) -> None:
        self._deck = None
        self._profile_cache: tuple = ()
        self._split_cache: tuple = (None, (), [])

    def _profile(self, game: Game) -> tuple:
        cd = game.deck
        if cd is self._deck:
            return self._profile_cache
        keep_value = []
        for k in range(len(cd.cards)):
            t = cd.ctype[k]
            if t == CHARACTER:
                icons = cd.terror[k] + cd.combat[k] + cd.arcane[k]
                v = 20 - 2 * cd.cost[k] + cd.skill[k] + 2 * cd.investigation[k] + 0.5 * icons
            elif t == CONSPIRACY:
                v = 10 - cd.cost[k]
            else:  # supports and events do nothing without their text
                v = -cd.cost[k] * 0.1
            keep_value.append(v)
        deck_factions = set(cd.factions)
        in_deck = [f in deck_factions for f in range(N_FACTIONS)]
        # What ``play`` must check: 0 never played (supports and events do nothing, X costs
        # would be 0), 1 a character nothing but its cost restricts, 2 ask ``may_play``.
        play_check = []
        for k in range(len(cd.cards)):
            t = cd.ctype[k]
            if (t != CHARACTER and t != CONSPIRACY) or cd.cost_is_x[k]:
                play_check.append(0)
            elif t == CHARACTER and cd.unique_id[k] < 0 and not (cd.heroic[k] or cd.villainous[k]):
                play_check.append(1)
            else:
                play_check.append(2)
        self._deck = cd
        self._profile_cache = (keep_value, in_deck, play_check)
        return self._profile_cache

    def _split(self, game: Game) -> list[int]:
        # Asked twice per setup hand (mulligan, then the resources): compute it once.
        cached_game, cached_hand, cached = self._split_cache
        if cached_game is game and cached_hand == game._hand:
            return list(cached)
        keep_value, in_deck, _ = self._profile(game)
        cd = game.deck
        kind_of, faction = cd.kind_of, cd.faction
        hand = list(game._hand)
        chosen: list[int] = []
        covered: set[int] = set()
        ctype = cd.ctype
        for _ in range(3):
            # Factions of the characters still in hand that no chosen resource matches yet.
            wanted = {faction[kind_of[i]] for i in hand if ctype[kind_of[i]] == CHARACTER}
            wanted -= covered
            best, best_score = -1, None
            for i in hand:
                k = kind_of[i]
                f = faction[k]
                score = -keep_value[k]
                if f != NEUTRAL and in_deck[f]:
                    score += 10 + (4 if f not in covered else 0)
                    if f in wanted:
                        score += 20
                if best_score is None or score > best_score:
                    best, best_score = i, score
            hand.remove(best)
            chosen.append(best)
            covered.add(faction[kind_of[best]])
        self._split_cache = (game, list(game._hand), chosen)
        return list(chosen)

    def mulligan(self, game: Game) -> bool:
        if game.mulligan_taken:
            return False
        cd = game.deck
        resources = self._split(game)
        factions = {cd.faction[cd.kind_of[i]] for i in resources}
        for i in game._hand:
            if i in resources:
                continue
            k = cd.kind_of[i]
            if cd.ctype[k] != CHARACTER or cd.cost[k] > 3:
                continue
            f = cd.faction[k]
            if cd.cost[k] == 0 or f == NEUTRAL or (f in factions and not cd.loyal[k]):
                return False
        return True

    def setup_resources(self, game: Game) -> list[int]:
        return self._split(game)

    def resource(self, game: Game) -> tuple[int, int] | None:
        hand = game._hand
        if not hand:
            return None
        keep_value, in_deck, _ = self._profile(game)
        cd = game.deck
        kind_of, faction, cost, ctype = cd.kind_of, cd.faction, cd.cost, cd.ctype
        if len(hand) == 1 and keep_value[kind_of[hand[0]]] > 0:
            # The last card is a character or conspiracy: attach it only if it cannot be paid.
            k = kind_of[hand[0]]
            if game.pay_domain(k) != -2:
                return None
        # The card to give up: least useful in hand, a deck-faction resource preferred, and
        # above all one whose faction no domain offers yet while a character in hand needs it.
        dom_fac = game._dom_fac
        unmatched = {
            f
            for f in (faction[kind_of[i]] for i in hand if ctype[kind_of[i]] == CHARACTER)
            if f != NEUTRAL and not (dom_fac[0][f] or dom_fac[1][f] or dom_fac[2][f])
        }
        card, best = -1, None
        for i in hand:
            k = kind_of[i]
            f = faction[k]
            score = -keep_value[k] + (3 if f != NEUTRAL and in_deck[f] else 0)
            if f in unmatched:
                score += 20
            if best is None or score > best:
                card, best = i, score
        k_res = kind_of[card]
        f_res = faction[k_res]
        w = 2 if cd.transient[k_res] else 1
        dom_value = game._dom_value
        # The domain where it unlocks the most valuable character (or conspiracy) in hand.
        target, target_value = -1, None
        for i in hand:
            if i == card:
                continue
            k = kind_of[i]
            if ctype[k] != CHARACTER and ctype[k] != CONSPIRACY:
                continue
            c = cost[k]
            if c == 0 or game.pay_domain(k) != -2:
                continue
            f = faction[k]
            need = c if cd.loyal[k] else 1
            for d in range(3):
                fac = dom_fac[d][f] + (w if f == f_res else 0)
                if dom_value[d] + w >= c and (f == NEUTRAL or fac >= need):
                    if target_value is None or keep_value[k] > target_value:
                        target, target_value = d, keep_value[k]
                    break
        if target < 0:
            # Nothing to unlock now: grow the smallest domain, preferring one without a match.
            target = min(
                range(3),
                key=lambda d: (dom_value[d], f_res == NEUTRAL or dom_fac[d][f_res] > 0, d),
            )
        return card, target

    def play(self, game: Game) -> tuple[int, int, int] | None:
        keep_value, _, play_check = self._profile(game)
        kind_of = game.deck.kind_of
        pay_domain = game.pay_domain
        best, best_value, best_domain = -1, -1e9, -1
        for i in game._hand:
            k = kind_of[i]
            check = play_check[k]
            if not check:
                continue
            v = keep_value[k]
            if v <= best_value:  # also skips further copies of a card already chosen
                continue
            if check == 2 and not game.may_play(k):
                continue
            domain = pay_domain(k)
            if domain != -2:
                best, best_value, best_domain = i, v, domain
        if best < 0:
            return None
        return best, best_domain, 0

    def commit(self, game: Game) -> list[tuple[int, int]]:
        cd = game.deck
        kind_of, skill, inv = cd.kind_of, cd.skill, cd.investigation
        status = game._status
        ready = [i for i in game._characters if status[i] == READY]
        if not ready:
            return []
        tokens = game._tokens
        order = sorted(range(len(tokens)), key=lambda s: (-tokens[s], s))
        skilled = [i for i in ready if skill[kind_of[i]] >= 1]
        investigators = [i for i in ready if skill[kind_of[i]] < 1 and inv[kind_of[i]]]
        plan: list[tuple[int, int]] = []
        lacking_inv = []
        for s in order:
            if not skilled:
                break
            need = TOKENS_TO_WIN_STORY - tokens[s]
            with_inv = [i for i in skilled if inv[kind_of[i]]]
            without = [i for i in skilled if not inv[kind_of[i]]]
            if need >= 3 and with_inv:
                pick = with_inv[0]
            elif without:
                pick = without[0]
            else:
                pick = with_inv[0]
            skilled.remove(pick)
            plan.append((pick, s))
            if need >= 3 and not inv[kind_of[pick]]:
                lacking_inv.append(s)
        # Investigation icons alone still win the struggle: add them where a token is missing.
        helpers = [i for i in skilled if inv[kind_of[i]]] + investigators
        for s in lacking_inv:
            if not helpers:
                break
            plan.append((helpers.pop(0), s))
        return plan


class RandomPolicy(Policy):
    """Uniformly random legal choices (from the game's own random stream): a baseline, and
    the driver of the invariant tests."""

    name = "random"
    description = "random legal choices (baseline)"

    def mulligan(self, game: Game) -> bool:
        return not game.mulligan_taken and game.rng.random() < 0.5

    def setup_resources(self, game: Game) -> list[int]:
        return game.rng.sample(list(game._hand), 3)

    def resource(self, game: Game) -> tuple[int, int] | None:
        if not game._hand or game.rng.random() < 0.2:
            return None
        return game.rng.choice(game._hand), game.rng.randrange(3)

    def play(self, game: Game) -> tuple[int, int, int] | None:
        plays = [a for a in game.legal_actions() if a.kind == PLAY]
        if not plays or game.rng.random() < 0.2:
            return None
        a = game.rng.choice(plays)
        return a.card, a.domain, a.x

    def commit(self, game: Game) -> list[tuple[int, int]]:
        stories = len(game._stories)
        return [
            (i, game.rng.randrange(stories))
            for i in game._characters
            if game._status[i] == READY and game.rng.random() < 0.8
        ]


POLICIES: dict[str, type[Policy]] = {p.name: p for p in (GreedyPolicy, RandomPolicy)}


def get_policy(name: str) -> Policy:
    """A new policy by registry name; ``KeyError`` names the known ones."""
    try:
        return POLICIES[name]()
    except KeyError:
        raise KeyError(f"unknown policy {name!r} (known: {', '.join(sorted(POLICIES))})") from None
