"""Card abilities as data: what triggers them, what they cost, what they do.

An ``Ability`` is a triggered effect (an event's text, "Action:", "Response:", "Forced
Response:"); a ``Static`` is a passive one (skill, icons, cost, restrictions). Both are compiled
from the card-text files (``text/``), once per card: the engine's records, with plain
functions inside.

An effect is a generator function ``effect(game, src, ctx)``: ``src`` is the instance whose
ability it is, ``ctx`` an ``AbilityContext`` (X, overpay, story). It asks for each decision by
yielding a ``Choice`` and receives the chosen ``Action``; the game routes choices to the
policy (``Game.run``) or to ``legal_actions()``/``apply()`` (step by step), so both drive the
same code.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import NamedTuple

# Action windows (bits): the operations phase, the story phase (commit window); the
# resource phase (an action taken instead of attaching a resource: it ends the phase).
OPS, STORY, ANY = 1, 2, 3
RESOURCE_WINDOW = 4

# Triggers of ``Ability``.
EVENT = "event"  # the event card is played: its effect
ENTERS = "enters"  # after this card enters play
ACTION = "action"  # an action of this card (in play, or in the zone of ``Ability.zone``)
COMMITTED = "committed"  # after this character is committed to a story (ctx.story)
RESTORED = "restored"  # after this character is restored
AFTER_DRAW = "after_draw"  # after the draw phase's draw
TURN_START = "turn_start"  # at the start of your turn (after refresh)
DISCARDED = "discarded"  # after this card enters the discard pile from play
PLAYED_CHARACTER = "played_character"  # after you play a character from hand (ctx.target)
SUCCEEDED = "succeeded"  # after you succeed at a story (ctx.story)
NOT_SUCCEEDED = "not_succeeded"  # after a story you have characters at resolves without your
# success (ctx.story)
WON = "won"  # after you win this conspiracy (its own win effect)
STORY_WON = "story_won"  # after you win any story (ctx.story_id)
STORY_PHASE = "story_phase"  # at the beginning of your story phase
TURN_END = "turn_end"  # at the end of your turn
CHARACTER_ENTERS = "character_enters"  # after any character of yours enters play (ctx.target)
CHARACTER_LEAVES = "character_leaves"  # after any character of yours leaves play (ctx.target;
# ctx.story: the story slot it was committed to, or -1)
CHARACTER_INSANE = "character_insane"  # after any character of yours goes insane (ctx.target)
CHARACTER_COMMITTED = "character_committed"  # after any character of yours commits (ctx.target)
STORY_RESOLVED = "story_resolved"  # after a story with your characters resolves (ctx.story)
STRUGGLE_WON = "struggle_won"  # after you win a struggle (ctx.story; ctx.x: the icon, 0..3)
CHARACTER_WOUNDED = "character_wounded"  # after a character of yours gets a wound (ctx.target)
DOMAIN_DRAINED = "domain_drained"  # after the domain this resource is attached to is drained
ANY_DOMAIN_DRAINED = "any_domain_drained"  # after a player drains any domain (ctx.x: it)
READIED_BY_STRUGGLE = "readied_by_struggle"  # after an arcane struggle readies this character
STORIES_RESOLVED = "stories_resolved"  # after every story of the phase has resolved (ctx.x:
# how many characters were committed when the resolution began)
DISCARD_ABILITY_USED = "discard_ability_used"  # after you use an action from your discard pile
AWAKENS = "awakens"  # this Dormant card's story was won (it waits in the discard pile)
EVENT_PLAYED = "event_played"  # after an event card is played (ctx.target: the event)
CARD_DRAWN = "card_drawn"  # after a card effect draws a card (ctx.target: the card drawn)
CARDS_DRAWN = "cards_drawn"  # after a card effect draws 1 or more cards (ctx.x: how many)
READIED = "readied"  # after this character readies
HAND_DISCARDED = "hand_discarded"  # after 1 or more cards are discarded from hand (ctx.x)
SUPPORT_ENTERS = "support_enters"  # after a support of yours enters play (ctx.target)
SUPPORT_LEAVES = "support_leaves"  # after a support of yours leaves play (ctx.target)
SACRIFICED = "sacrificed"  # after a card of yours is sacrificed (ctx.target)
TOKENS_PLACED = "tokens_placed"  # after you place success tokens at a story (ctx.story)
CONSPIRACY_ENTERS = "conspiracy_enters"  # after a conspiracy enters play (ctx.target)
# "Would" windows (``AbilityMixin._would``): offered at once, before the move; an effect may
# set ``ctx.instead`` to say where the card goes instead (see ``text/vocab_replace.py``).
WOULD_LEAVE = "would_leave"  # a card of yours would leave play (ctx.target; ctx.x 1: for
# the discard pile, sacrificed; 2: for the discard pile, destroyed)
WOULD_DISCARD = "would_discard"  # a card would go to your discard pile (ctx.target; ctx.x 1:
# from play)
WOULD_INSANE = "would_insane"  # a character of yours would go insane (ctx.target)
WOULD_WOUND = "would_wound"  # a character of yours would be wounded (ctx.target; ctx.instead
# "cancel", or "wound N": character N takes it instead)
WOULD_DRAW = "would_draw"  # you would draw ctx.x cards (ctx.by_effect: by a card effect)
WOULD_TOKEN = "would_token"  # you would place ctx.x success tokens at story slot ctx.story
WOULD_SACRIFICE = "would_sacrifice"  # a card of yours would be sacrificed (ctx.target)
WOULD_REVEAL = "would_reveal"  # the top card of your deck would be revealed (ctx.target)
WOULD_ARCANE_READY = "would_arcane_ready"  # a won arcane struggle would ready a committed
# character at story slot ctx.story (ctx.instead: something else happens instead)
RETURNED_TO_HAND = "returned_to_hand"  # after a card of yours returns from play to hand
# (ctx.target)
CHARACTER_RESTORED = "character_restored"  # after a character of yours is restored (ctx.target)
CHARACTER_PUT = "character_put"  # after a character of yours is put into play by a card
# effect, not played (ctx.target)
CHARACTER_TARGETED = "character_targeted"  # after a card effect chooses (targets) a character
# of yours (ctx.target; ctx.story: the story slot it is committed to, or -1)
EFFECT_WOULD_SACRIFICE = "effect_would_sacrifice"  # an effect would sacrifice characters of
# yours (asked inside the effect, ``_would_asking``; ctx.target: the first; an answer may
# cancel the effect: ctx.instead = "cancel")
CARD_PLAYED = "card_played"  # after you play a card, from hand or as if (ctx.target: it)
ABILITY_OVERPAID = "ability_overpaid"  # after you pay for an ability with more than its cost
CHARACTER_EXHAUSTED = "character_exhausted"  # after a character of yours is exhausted (a
# commit, a cost, an effect; ctx.target)
ABILITY_TRIGGERED = "ability_triggered"  # after a card's action or response resolved
# (ctx.target: the card whose ability it was)
FORCED_TRIGGERED = "forced_triggered"  # after a forced response resolved (a ``ReplayContext``)
BEFORE_STRUGGLE = "before_struggle"  # before a struggle resolves at a story (ctx.story; ctx.x:
# its icon, 0..3), whoever has icons for it
AFTER_STRUGGLE = "after_struggle"  # after a won struggle's effect resolved (ctx.story, ctx.x)
UNCOMMITTED = "uncommitted"  # after characters uncommit from a story (ctx.story: a won story
# or one an effect removed them from; -1: the end of the story phase, when all uncommit)
CARD_TO_DISCARD = "card_to_discard"  # after a card enters your discard pile, from any zone
# (ctx.target)
SKILL_LOWERED = "skill_lowered"  # after an effect gives a character of yours minus skill
# (ctx.target)
DECK_DISCARDED = "deck_discarded"  # after a card is discarded from your deck (ctx.x: how many
# this phase, this one included)
WOULD_TRIGGER = "would_trigger"  # a response or forced response would resolve (a
# ``TriggeredContext``; an answer may cancel it: ctx.instead = "cancel")

TRIGGERS = (
    EVENT,
    ENTERS,
    ACTION,
    COMMITTED,
    RESTORED,
    AFTER_DRAW,
    TURN_START,
    DISCARDED,
    PLAYED_CHARACTER,
    SUCCEEDED,
    NOT_SUCCEEDED,
    WON,
    STORY_WON,
    STORY_PHASE,
    TURN_END,
    CHARACTER_ENTERS,
    CHARACTER_LEAVES,
    CHARACTER_INSANE,
    CHARACTER_COMMITTED,
    STORY_RESOLVED,
    STRUGGLE_WON,
    CHARACTER_WOUNDED,
    DOMAIN_DRAINED,
    ANY_DOMAIN_DRAINED,
    READIED_BY_STRUGGLE,
    STORIES_RESOLVED,
    DISCARD_ABILITY_USED,
    AWAKENS,
    EVENT_PLAYED,
    CARD_DRAWN,
    CARDS_DRAWN,
    READIED,
    HAND_DISCARDED,
    SUPPORT_ENTERS,
    SUPPORT_LEAVES,
    SACRIFICED,
    TOKENS_PLACED,
    CONSPIRACY_ENTERS,
    WOULD_LEAVE,
    WOULD_DISCARD,
    WOULD_INSANE,
    WOULD_WOUND,
    WOULD_DRAW,
    WOULD_TOKEN,
    WOULD_SACRIFICE,
    WOULD_REVEAL,
    WOULD_ARCANE_READY,
    RETURNED_TO_HAND,
    CHARACTER_RESTORED,
    CHARACTER_PUT,
    CHARACTER_TARGETED,
    EFFECT_WOULD_SACRIFICE,
    CARD_PLAYED,
    ABILITY_OVERPAID,
    CHARACTER_EXHAUSTED,
    ABILITY_TRIGGERED,
    FORCED_TRIGGERED,
    BEFORE_STRUGGLE,
    AFTER_STRUGGLE,
    UNCOMMITTED,
    CARD_TO_DISCARD,
    DECK_DISCARDED,
    SKILL_LOWERED,
    WOULD_TRIGGER,
)

# Zones an ability works from.
IN_PLAY, HAND, DISCARD_PILE, RESOURCE = "play", "hand", "discard", "resource"
WON_PILE = "won"  # a won story (a conspiracy) in your won pile
DECK_TOP = "deck_top"  # the top card of the deck (placed there face up)


class Ability(NamedTuple):
    trigger: str
    effect: Callable  # generator function (game, src, ctx)
    text: str = ""  # the card's words, shown with the action
    cost: int = 0  # "pay N": drain a domain with at least N resources (no match needed)
    exhaust: bool = False  # exhaust the card as part of the cost
    sacrifice: bool = False  # sacrifice the card as part of the cost
    condition: Callable | None = None  # (game, src, ctx) -> bool: may it trigger now
    forced: bool = False  # a Forced Response (or a printed "must")
    window: int = ANY  # action windows (OPS, STORY or both)
    zone: str = IN_PLAY  # where the card must be for it to work
    committed: bool = False  # only while this character is committed
    cost_x: bool = False  # "pay X": the player picks X up to the domain's value
    ai: str = ""  # a hint for the automatic player: "" use when able, "story" after
    # commits, "avoid" only a person chooses it (it costs more than it gives in a goldfish)
    limit: tuple | None = None  # (times, "turn" | "phase" | "game")
    can_pay: Callable | None = None  # (game, src) -> bool: the costs beyond pay/exhaust
    extra_cost: Callable | None = None  # generator (game, src): pays those costs
    # (game, src) -> bool: whether using it now would change anything (a search with a card
    # left to find, a cost cut with a card in hand it applies to); None: it always would.
    # Only the automatic player reads it: a person may still use it.
    worthwhile: Callable | None = None
    kind: str = ""  # the printed trigger word: "action", "response", "disrupt", "forced", "play"
    # (game, src, ctx) -> int: the largest X offered for a "pay X" action (the cards its
    # effect can act on: a larger X pays for nothing); None: the domain's value.
    x_max: Callable | None = None
    # (game, src, ctx) -> bool: whether the automatic player uses it (a response it declines,
    # an action or an event it does not use or play when false, as for ai "avoid"); a
    # person is offered it whenever it is legal.
    ai_when: Callable | None = None
    # The effect drives insane, wounds, sacrifices or discards cards of its
    # controller's (``compile.py``): the automatic player cancels such a forced response.
    harms: bool = False
    # The effect reads "if you overpaid" (``compile.py``): its payer chooses the domain
    # (``Game._paying_domain``) and the effect's context holds what it paid beyond the cost.
    reads_overpaid: bool = False
    # (game, src) -> bool: for an enters-play "When you play X, choose ...", whether its
    # choice has a target now (src -1: the card is still in hand); the card is offered for
    # play only then (FAQ 1.5: an effect that chooses needs a legal target). None: always.
    play_check: Callable | None = None


class Static(NamedTuple):
    """A passive effect while the card is in play (sane, and committed when ``committed``)."""

    kind: str  # see STATIC_KINDS
    who: Callable | None = None  # (game, src, target) -> bool; None: the card itself
    amount: int | Callable = 0  # an int, or a function (SKILL: (game, src, target, icons);
    # COST: (game, src, kind, domain); X_SKILL, INSANE_WHEN: (game, src))
    icons: tuple[int, int, int, int] | Callable = (0, 0, 0, 0)  # terror, combat, arcane,
    # investigation; or (game, src) -> that tuple, for icons that vary with the game
    minimum: int = 0  # floor of a cost reduction
    committed: bool = False  # only while the source is committed to a story
    zone: str = IN_PLAY
    subtype: str = ""  # ICONS: only characters with this subtype (lower case) are affected,
    # known before play, so others skip the passive; checked before ``who`` is asked
    host_only: bool = False  # COST: only for an attachment played on the source
    pay: Callable | None = None  # COST of the card itself lowered by paying something else
    # (sacrificing, draining more domains...): generator (game, inst, need, domain drained)
    # paying ``need`` of the cost, at most what ``amount`` (minus the most it lowers) said


SKILL, ICONS, COST, CANNOT_COMMIT, ENTERS_EXHAUSTED, NO_RESTORE, X_SKILL, INSANE_WHEN = (
    "skill",
    "icons",
    "cost",
    "cannot_commit",
    "enters_exhausted",
    "no_restore",
    "x_skill",
    "insane_when",
)
ENTERS_INSANE = "enters_insane"  # enters play insane (not "made insane": no Willpower, no
# response to a character going insane)
DAY, NIGHT = "day", "night"  # "It is Day." / "It is Night."
DRAW_PHASE = "draw_phase"  # the draw phase's 2 cards replaced: ``amount`` = (draw, discard
# from the top of the deck)
RESOURCE_DISCARD = "resource_discard"  # attaching a resource in the resource phase costs
# discarding a card from hand
COMMITS_READY = "commits_ready"  # does not exhaust to commit to stories
COMMITS_EXHAUSTED = "commits_exhausted"  # may commit to stories while exhausted
NO_ATTACH = "no_attach"  # cards cannot be attached to it (amount: (game, kind) -> bool,
# the cards it keeps off; 0: all)
# Story resolution (``StoryMixin._story_changes``): ``who(game, src, s)`` asks about story
# slot ``s``. COUNTS_AT: the instance it returns (-1: none) counts at that story too,
# ``amount`` 1 its skill, 2 its icons, 3 both; STORY_COUNT: struggles there are counted as
# ``amount`` = (struggle type or -1 for all, column 0..3 or 4 for skill, added or instead);
# SKILL_FIRST: the skill comparison there comes before the struggles.
COUNTS_AT, STORY_COUNT, SKILL_FIRST = "counts_at", "story_count", "skill_first"
# NO_INVESTIGATION_TOKEN (read by the investigation struggle, not ``_story_changes``): an
# investigation struggle won there places no success token.
NO_INVESTIGATION_TOKEN = "no_investigation_token"
# NO_ICONS_HERE: at the story the card is committed to, the characters committed there that
# ``who(game, src, i)`` accepts do not count their icons.
NO_ICONS_HERE = "no_icons_here"
# "If X would be wounded, ... instead": ``amount(game, src, target)`` does the other thing
# and returns True when it replaced the wound.
WOUND_INSTEAD = "wound_instead"
STORY_STATICS = frozenset(
    (COUNTS_AT, STORY_COUNT, SKILL_FIRST, NO_INVESTIGATION_TOKEN, NO_ICONS_HERE)
)
# Rules of winning (``StoryMixin``): TOKENS_TO_WIN: ``amount`` more success tokens win the
# stories ``who(game, src, s)`` accepts (None: every story); MORE_STORIES: ``amount`` more
# stories win the game; NO_GAME_WIN: no game is won while ``who(game, src, src)`` holds;
# NO_REPLACEMENT: a won story is not replaced while ``who`` holds and another non-conspiracy
# story is in play; MUST_RESOLVE: the effect of the story this card is attached to resolves
# when it is won (no choice).
TOKENS_TO_WIN, MORE_STORIES, NO_GAME_WIN = "tokens_to_win", "stories_to_win", "no_game_win"
NO_REPLACEMENT, MUST_RESOLVE = "no_replacement", "must_resolve"
WIN_RULES = frozenset((MORE_STORIES, NO_GAME_WIN))
# Commits and abilities: COMMITS_HERE_ONLY: the characters ``who`` accepts commit only to the
# story this card is; NO_ABILITIES: the characters ``who`` accepts trigger no ability;
# STAYS_COMMITTED: the characters ``who`` accepts cannot be uncommitted by an effect.
COMMITS_HERE_ONLY, NO_ABILITIES = "commits_here_only", "no_abilities"
STAYS_COMMITTED = "stays_committed"
# Commit rules (``StoryMixin``), each ``amount(game, src, inst, s) -> bool`` about committing
# ``inst`` to story slot ``s``: COMMIT_BARRED forbids it, COMMITS_EXHAUSTED_AT lets an
# exhausted character do it. MUST_COMMIT (who): the character commits when able;
# NO_LONE_COMMITS: a character committed alone is taken back when the commit step closes;
# COMMIT_COST: ``amount(game, src)`` (a generator) is paid once per turn before committing;
# STAYS_UNTIL_WON (who): the character does not uncommit at the end of the story phase (an
# effect may still uncommit it; STAYS_COMMITTED above: no effect may).
COMMIT_BARRED, COMMITS_EXHAUSTED_AT = "commit_barred", "commits_exhausted_at"
MUST_COMMIT, NO_LONE_COMMITS, COMMIT_COST = "must_commit", "no_lone_commits", "commit_cost"
STAYS_UNTIL_WON = "stays_until_won"
COMMIT_STEP_RULES = frozenset((MUST_COMMIT, NO_LONE_COMMITS))
# Rule-benders: READY_LIMIT (amount: at most this many characters ready in the refresh
# phase); NO_TRIGGERS (who: the cards whose abilities cannot be triggered; amount: the
# frozenset of ability kinds barred, "play" for events); NO_PUT_INTO_PLAY (who: printed-facts
# ``(game, src, kind)``: such cards cannot be put into play by an effect); NO_CLASH (Heroic
# and Villainous characters may sit side by side); STAYS_ON_INSANE (this attachment is not
# discarded when its host goes insane); BLANK (who: cards whose text boxes are blank).
READY_LIMIT, NO_TRIGGERS, NO_PUT_INTO_PLAY = "ready_limit", "no_triggers", "no_put_into_play"
NO_CLASH, STAYS_ON_INSANE, BLANK = "no_clash", "stays_on_insane", "blank"
# ``Game._uses`` key (BLANKED, instance) -> (turn, phase): an effect blanked its text box
# until the end of that phase (a deck with such an effect counts BLANK among its passives).
BLANKED = "blanked"
# GAIN_KEYWORD (who): the characters accepted gain ``amount`` = (keyword, n): Willpower,
# Invulnerability, or Toughness +n (``ZonesMixin.has_willpower``, ``toughness_of``).
GAIN_KEYWORD = "gain_keyword"
# LOSE_KEYWORD (who): the characters accepted lose all of keyword ``amount`` (Toughness,
# Invulnerability), printed or gained: the loss wins over any gain.
LOSE_KEYWORD = "lose_keyword"
INVULNERABILITY = "Invulnerability"
# ATTACHED_TO_HAND (the card itself): when it leaves play, the cards attached to it go to
# their owner's hand instead of the discard pile (``ZonesMixin._leave_play``).
ATTACHED_TO_HAND = "attached_to_hand"
# MATCH_AS: resources of faction ``amount`` count as a resource match for the cards of kind
# ``who(game, src, kind)`` accepts (``PayingMixin._match_in``).
MATCH_AS = "match_as"
# HOST_BOUND (the card itself, an attachment): when it leaves play its host is sacrificed,
# and so it is when ``amount(game, src)`` holds, asked after a card enters play and after
# an effect of the turn changes the time of day (``TurnMixin._check_host_bound``).
HOST_BOUND = "host_bound"
STATIC_KINDS = (
    SKILL,
    ICONS,
    COST,
    CANNOT_COMMIT,
    ENTERS_EXHAUSTED,
    NO_RESTORE,
    X_SKILL,
    INSANE_WHEN,
    ENTERS_INSANE,
    DAY,
    NIGHT,
    DRAW_PHASE,
    RESOURCE_DISCARD,
    COMMITS_READY,
    COMMITS_EXHAUSTED,
    NO_ATTACH,
    COUNTS_AT,
    STORY_COUNT,
    SKILL_FIRST,
    NO_INVESTIGATION_TOKEN,
    NO_ICONS_HERE,
    TOKENS_TO_WIN,
    MORE_STORIES,
    NO_GAME_WIN,
    NO_REPLACEMENT,
    MUST_RESOLVE,
    COMMITS_HERE_ONLY,
    NO_ABILITIES,
    STAYS_COMMITTED,
    WOUND_INSTEAD,
    COMMIT_BARRED,
    COMMITS_EXHAUSTED_AT,
    MUST_COMMIT,
    NO_LONE_COMMITS,
    COMMIT_COST,
    STAYS_UNTIL_WON,
    READY_LIMIT,
    NO_TRIGGERS,
    NO_PUT_INTO_PLAY,
    NO_CLASH,
    STAYS_ON_INSANE,
    BLANK,
    GAIN_KEYWORD,
    ATTACHED_TO_HAND,
    MATCH_AS,
    HOST_BOUND,
)


class Choice(NamedTuple):
    """A decision inside an effect: ``options`` are ``Action``s (kind ``choose``).

    ``harm`` tells a policy the chosen card suffers (sacrifice, insanity, discard), so it
    should pick the least valuable; otherwise the most valuable is best.
    """

    kind: str
    prompt: str
    options: tuple
    harm: bool = False


class AbilityContext:
    """What an effect knows about how it was triggered. ``target``: the card concerned (the
    character that entered, left, was wounded...); inside an effect list that ends "at the
    end of the phase", the card the previous effects put into play (see ``compile.py``).
    Built ~20 times a game: a hot path passes its fields by position, as keywords to a
    class call cost ~1,100 more interpreter instructions (~3,600 against ~2,500)."""

    __slots__ = ("x", "overpaid", "story", "target", "story_id", "margin", "instead", "by_effect")
    # ``x``: the X paid or chosen; for a won struggle, its icon (0 terror .. 3 investigation)
    # ``margin``: for a won struggle, by how much (what the player counted; the goldfish
    # opponent counts nothing), -1 when unknown
    # ``instead``: in a "would" window, where the card goes instead ("" : no replacement)
    # ``by_effect``: a draw of a "would draw" window is caused by a card effect

    def __init__(
        self,
        x=0,
        overpaid=0,
        story=-1,
        target=-1,
        story_id=-1,
        margin=-1,
        instead="",
        by_effect=False,
    ) -> None:
        self.x = x
        self.overpaid = overpaid
        self.story = story
        self.target = target
        self.story_id = story_id
        self.margin = margin
        self.instead = instead
        self.by_effect = by_effect


# The context a condition is asked with when nothing triggered it (an action offered, an
# answer looked at before it is offered): conditions only read their context, and this one
# saves building one for each (an effect gets a fresh one, which it may change).
NO_CONTEXT = AbilityContext()


class TriggeredContext(AbilityContext):
    """The context of the window before a response or forced response resolves
    (``WOULD_TRIGGER``): ``target`` the card whose ability it is, ``ability`` that ability,
    ``of`` the context it resolves with, ``x`` 1 for a forced one; ``harms``: cancelling it
    is worth a card to the automatic player (its effect harms its controller)."""

    __slots__ = ("ability", "of", "harms")

    def __init__(self, target: int, ability, of, harms: bool) -> None:
        super().__init__(x=int(ability.forced), target=target)
        self.ability = ability
        self.of = of
        self.harms = harms


class LeftStoryContext(AbilityContext):
    """The context of a success that won its story at once (rulebook: five tokens win it
    immediately, so it has left its slot before "after you succeed" answers): ``story`` is
    -1 (no slot holds it: an effect on "that story" finds none), ``story_id`` the story and
    ``was_committed`` the characters committed there at the moment of the success, which
    a "succeeded here" answer reads (``story_committed``); ``after`` the first slot still
    to resolve (``first_unresolved``)."""

    __slots__ = ("was_committed", "after")

    def __init__(self, story_id: int, was_committed: tuple, after: int) -> None:
        super().__init__(story_id=story_id)
        self.was_committed = was_committed
        self.after = after


def first_unresolved(ctx) -> int:
    """The first story slot after the story of the trigger (still to resolve this phase):
    after a story its success has just won, the slot after its replacement (or, a won
    conspiracy having left its slot, the one that now holds the next story); -1 when the
    trigger names no story."""
    if ctx.story >= 0:
        return ctx.story + 1
    return ctx.after if ctx.__class__ is LeftStoryContext else -1


def story_committed(game, ctx) -> tuple | list:
    """The characters committed at the story of the trigger: those there now, or, for a
    story its success has just won (``LeftStoryContext``), those there at that moment."""
    s = ctx.story
    if s < 0:
        return ctx.was_committed if ctx.__class__ is LeftStoryContext else ()
    return game.you.committed[s] if s < len(game.you.committed) else ()


class ReplayContext(AbilityContext):
    """The context of "after a forced response is triggered": ``target`` the card whose
    response it was, ``ability`` that response and ``of`` the context it resolved with."""

    __slots__ = ("ability", "of")

    def __init__(self, target: int, ability, of) -> None:
        super().__init__(target=target)
        self.ability = ability
        self.of = of
