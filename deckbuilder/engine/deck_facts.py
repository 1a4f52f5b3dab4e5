"""What the rules ask of a deck at every turn, play and commit: whether any of its cards
answers an event (card text on) or has a passive of a kind. These are facts of the compiled
deck, the same in every game: each is read once per deck here, and a game reads it from its
``facts`` (an attribute of a slotted object), which is several times cheaper than looking the
event up in ``CompiledDeck.any_trigger`` or the passive in ``static_kinds`` at each step."""

from __future__ import annotations

from deckbuilder.engine.abilities import (
    ABILITY_TRIGGERED,
    ACTION,
    AFTER_DRAW,
    AFTER_STRUGGLE,
    ANY_DOMAIN_DRAINED,
    BEFORE_STRUGGLE,
    BLANK,
    CANNOT_COMMIT,
    CARD_DRAWN,
    CARD_PLAYED,
    CARD_TO_DISCARD,
    CHARACTER_COMMITTED,
    CHARACTER_ENTERS,
    CHARACTER_EXHAUSTED,
    CHARACTER_LEAVES,
    CHARACTER_PUT,
    COMMIT_BARRED,
    COMMIT_COST,
    COMMIT_STEP_RULES,
    COMMITS_EXHAUSTED,
    COMMITS_EXHAUSTED_AT,
    COMMITS_HERE_ONLY,
    COMMITS_READY,
    COMMITTED,
    CONSPIRACY_ENTERS,
    DOMAIN_DRAINED,
    DRAW_PHASE,
    ENTERS_EXHAUSTED,
    ENTERS_INSANE,
    FORCED_TRIGGERED,
    HOST_BOUND,
    INSANE_WHEN,
    MATCH_AS,
    NO_ABILITIES,
    NOT_SUCCEEDED,
    PLAYED_CHARACTER,
    READIED,
    READIED_BY_STRUGGLE,
    READY_LIMIT,
    RESOURCE_DISCARD,
    RESOURCE_WINDOW,
    STAYS_UNTIL_WON,
    STORIES_RESOLVED,
    STORY_PHASE,
    STORY_RESOLVED,
    STORY_STATICS,
    STRUGGLE_WON,
    SUCCEEDED,
    SUPPORT_ENTERS,
    SUPPORT_LEAVES,
    TOKENS_PLACED,
    TOKENS_TO_WIN,
    TURN_END,
    TURN_START,
    UNCOMMITTED,
    WIN_RULES,
    WOULD_DISCARD,
    WOULD_DRAW,
    WOULD_LEAVE,
    WOULD_TOKEN,
)

# The passives ``may_commit_to`` reads: without them in the deck, it always says yes.
COMMIT_TO_RULES = frozenset((COMMITS_HERE_ONLY, COMMIT_BARRED, COMMITS_EXHAUSTED_AT))


def story_resolution_facts(cd) -> tuple:
    """What ``StoryMixin._resolve_stories`` asks of the deck ``cd``: whether a story
    resolves what it prints (no icon boosters in the deck),
    whether cards answer the events of a resolution (a success, a struggle won, a story
    resolved, a character readied by a struggle, tokens placed, the "would place tokens"
    window), the passives that change how stories resolve (``_story_changes``; effects of
    the turn that do are in ``_story_rules``), whether cards answer all stories resolved,
    the windows before a struggle and after its effect, whether cards answer a story not
    succeeded at, and whether nothing of those
    changes a Core story's resolution (but logging)."""
    text = cd.text
    trigger = cd.any_trigger
    plain_stories = not cd.any_boosters
    struggle_won = text and trigger[STRUGGLE_WON]
    story_statics = cd.static_kinds & STORY_STATICS
    before = text and trigger[BEFORE_STRUGGLE]
    after = text and trigger[AFTER_STRUGGLE]
    return (
        plain_stories,
        text and trigger[SUCCEEDED],
        struggle_won,
        text and trigger[STORY_RESOLVED],
        text and trigger[READIED_BY_STRUGGLE],
        text and trigger[TOKENS_PLACED],
        text and trigger[WOULD_TOKEN],
        story_statics,
        text and trigger[STORIES_RESOLVED],
        before,
        after,
        text and trigger[NOT_SUCCEEDED],
        plain_stories and not struggle_won and not story_statics and not before and not after,
    )


class DeckFacts:
    """Each attribute (but ``story_resolution``, see ``story_resolution_facts``): whether a
    card of the deck answers the event of that name (``text``
    and ``any_trigger``; ``*_any`` without asking for card text) or has a passive of that
    kind (``static_kinds``)."""

    __slots__ = (
        "readied",
        "plain_refresh",
        "ready_limit",
        "turn_start",
        "would_draw",
        "draw_phase",
        "card_drawn",
        "after_draw",
        "after_draw_any",
        "plain_draw",
        "resource_discard",
        "resource_actions",
        "drain_matters",
        "played_character",
        "card_played",
        "enters_exhausted",
        "enters_insane",
        "character_enters",
        "character_put",
        "support_enters",
        "conspiracy_enters",
        "insane_when",
        "story_phase",
        "cannot_commit",
        "commits_ready",
        "commit_cost",
        "commit_to_rules",
        "commit_step_rules",
        "plain_commits",
        "character_exhausted",
        "committed",
        "character_committed",
        "uncommit_all",
        "uncommitted",
        "turn_end",
        "tokens_to_win",
        "win_rules",
        "would_leave",
        "discard_memory",
        "card_to_discard",
        "discard_noted",
        "departure_memory",
        "character_leaves",
        "support_leaves",
        "ability_triggered",
        "forced_triggered",
        "no_abilities",
        "blank",
        "blanks_phase",
        "match_as",
        "host_bound",
        "story_resolution",
        "plain_game",
    )

    def __init__(self, cd) -> None:
        text, trigger, kinds = cd.text, cd.any_trigger, cd.static_kinds
        self.readied = bool(trigger[READIED] and text)
        self.ready_limit = READY_LIMIT in kinds
        # The refresh phase readies each exhausted character, and nothing answers it.
        self.plain_refresh = not self.readied and not self.ready_limit
        self.turn_start = bool(text and trigger[TURN_START])
        self.would_draw = bool(trigger[WOULD_DRAW])
        self.draw_phase = DRAW_PHASE in kinds
        self.card_drawn = bool(text and trigger[CARD_DRAWN])
        self.after_draw = bool(text and trigger[AFTER_DRAW])
        self.after_draw_any = bool(trigger[AFTER_DRAW])
        # The draw phase draws its cards, and nothing replaces nor answers them.
        self.plain_draw = not (self.draw_phase or self.card_drawn or self.after_draw_any)
        self.resource_discard = RESOURCE_DISCARD in kinds
        # An ability of the deck may be used instead of attaching a resource.
        self.resource_actions = any(
            ab.window & RESOURCE_WINDOW for per_kind in cd.by_trigger[ACTION] for ab in per_kind
        )
        # Draining a domain does more than mark it: Transient resources, "after drained".
        self.drain_matters = bool(
            cd.any_transient or trigger[DOMAIN_DRAINED] or trigger[ANY_DOMAIN_DRAINED]
        )
        self.played_character = bool(trigger[PLAYED_CHARACTER])
        self.card_played = bool(trigger[CARD_PLAYED])
        self.enters_exhausted = ENTERS_EXHAUSTED in kinds
        self.enters_insane = ENTERS_INSANE in kinds
        self.character_enters = bool(trigger[CHARACTER_ENTERS])
        self.character_put = bool(trigger[CHARACTER_PUT])
        self.support_enters = bool(trigger[SUPPORT_ENTERS])
        self.conspiracy_enters = bool(trigger[CONSPIRACY_ENTERS])
        self.insane_when = INSANE_WHEN in kinds
        self.story_phase = bool(text and trigger[STORY_PHASE])
        self.cannot_commit = CANNOT_COMMIT in kinds
        self.commits_ready = COMMITS_READY in kinds
        self.commit_cost = COMMIT_COST in kinds
        self.commit_to_rules = not COMMIT_TO_RULES.isdisjoint(kinds)
        self.commit_step_rules = not COMMIT_STEP_RULES.isdisjoint(kinds)
        self.character_exhausted = bool(trigger[CHARACTER_EXHAUSTED])
        self.committed = bool(trigger[COMMITTED])
        self.character_committed = bool(trigger[CHARACTER_COMMITTED])
        # Nothing in the deck changes who commits, where, at what cost, whether a commit
        # exhausts, nor answers it: a commit of the commit step is "ready, not committed yet:
        # exhaust and join the story" (but an effect of the turn, ``_story_rules``).
        self.plain_commits = not (
            self.cannot_commit
            or COMMITS_EXHAUSTED in kinds
            or self.commits_ready
            or self.commit_cost
            or self.commit_to_rules
            or self.character_exhausted
            or self.committed
            or self.character_committed
        )
        # The end of the story phase asks each committed character whether it stays.
        self.uncommit_all = STAYS_UNTIL_WON in kinds or bool(text and trigger[UNCOMMITTED])
        self.uncommitted = bool(text and trigger[UNCOMMITTED])
        self.turn_end = bool(text and trigger[TURN_END])
        self.tokens_to_win = TOKENS_TO_WIN in kinds
        self.win_rules = not WIN_RULES.isdisjoint(kinds)
        # A card may leave play otherwise than it was told ("would leave", "would discard").
        self.would_leave = bool(trigger[WOULD_LEAVE] or trigger[WOULD_DISCARD])
        # The cards that entered your discard pile / the characters that left play this
        # phase are remembered (``Game._discarded_this_phase``, ``_left_play_this_phase``).
        self.discard_memory = "discards" in cd.memories
        self.card_to_discard = bool(trigger[CARD_TO_DISCARD])
        # A card entering your discard pile is remembered or answered (``_discard_noted``).
        self.discard_noted = self.discard_memory or self.card_to_discard
        self.departure_memory = "departures" in cd.memories
        self.character_leaves = bool(trigger[CHARACTER_LEAVES])
        self.support_leaves = bool(trigger[SUPPORT_LEAVES])
        self.ability_triggered = bool(trigger[ABILITY_TRIGGERED])
        self.forced_triggered = bool(trigger[FORCED_TRIGGERED])
        self.no_abilities = NO_ABILITIES in kinds
        self.blank = BLANK in kinds
        # An effect blanks text boxes until the end of the phase (``abilities.BLANKED``).
        self.blanks_phase = "blanks" in cd.memories
        # A passive may make another faction's resources a match (``PayingMixin._match_in``).
        self.match_as = MATCH_AS in kinds
        # An attachment takes its host with it (``ZonesMixin._leave_play``, ``_enter``).
        self.host_bound = HOST_BOUND in kinds
        self.story_resolution = story_resolution_facts(cd)
        # Keywords only: no card answers anything, changes a rule or boosts a story, so a
        # batch plays the turn sequence written out for it (``PlainGameMixin``).
        self.plain_game = (
            not text
            and not cd.has_statics
            and self.story_resolution[-1]  # (no icon boosters either)
            and self.plain_refresh
            and self.plain_draw
            and self.plain_commits
            and not (self.resource_discard or self.resource_actions or self.would_draw)
            and not (self.commit_step_rules or self.uncommit_all or self.tokens_to_win)
            and not self.win_rules
        )


def deck_facts(cd) -> DeckFacts:
    """The facts of the compiled deck ``cd``, worked out once per deck."""
    facts = cd.kind_memo.get(DeckFacts)
    if facts is None:
        facts = cd.kind_memo[DeckFacts] = DeckFacts(cd)
    return facts
