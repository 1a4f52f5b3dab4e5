"""The goldfish board drawn from a ``Game``'s read-only views, and words for its actions."""

from __future__ import annotations

from rich.console import Group
from rich.table import Table
from rich.text import Text
from textual.widget import Widget

from deckbuilder.tui.widgets.card_detail import ICON_GLYPHS, icon_string
from deckbuilder.tui.widgets.card_table import FACTION_CODES, FACTION_SHORT, FACTION_STYLES

STATUS_STYLES = {"ready": "green", "exhausted": "yellow", "insane": "red"}


def card_label(game, instance: int) -> Text:
    card = game.card(instance)
    text = Text(card.title, style=FACTION_STYLES.get(card.faction, ""))
    if card.cost_label:
        text.append(f" ({card.cost_label})", style="dim")
    return text


def describe(game, action) -> str:
    """An action in a player's words."""
    if action.label:  # abilities and choices inside effects carry the card's words
        return action.label[0].upper() + action.label[1:]
    kind = action.kind
    if kind == "keep":
        return "Keep this hand"
    if kind == "mulligan":
        return "Mulligan: shuffle the 8 back and draw 8 (must keep)"
    if kind == "pass":
        return {
            "resource": "Pass: attach no resource",
            "operations": "Pass: end operations",
            "story": "Pass: resolve the stories",
        }.get(game.phase, "Pass")
    title = game.card(action.card).title
    if kind == "setup_resource":
        return f"Resource: {title} (setup)"
    if kind == "attach":
        return f"Attach {title} to domain {action.domain + 1}"
    if kind == "play":
        where = "no domain" if action.domain < 0 else f"drain domain {action.domain + 1}"
        x = f", X={action.x}" if game.card(action.card).cost_is_x else ""
        return f"Play {title} ({where}{x})"
    if kind == "commit":
        return f"Commit {title} to {game.stories[action.story].title}"
    return f"{kind} {title}"


# A domain column narrower than this wraps "Domain 3: 10 DRAINED" or cuts a resource's name.
_DOMAIN_COLUMN = 24


def _domain_cell(game, d: int, resources, sep: str, end: str) -> Text:
    drained = game.drained[d]
    cell = Text(
        f"Domain {d + 1}: {game.domain_value(d)}" + (" DRAINED" if drained else ""),
        style="bold red" if drained else "bold cyan",
    )
    for inst in resources:
        card = game.card(inst)
        cell.append(sep + f"{FACTION_SHORT.get(card.faction, card.faction)}", style="dim")
        cell.append(f" {card.title}")
    return cell.append(end)


def _domains(game, width: int | None):
    """One column per domain when each gets room; on a narrow board (or a game with a fourth
    domain), one line per domain, wrapping, so that no name is cut to "…"."""
    n = max(3, len(game.domains))
    if width is not None and width // n < _DOMAIN_COLUMN:
        lines = Text().append("Domains\n", style="italic")
        for d, resources in enumerate(game.domains):
            lines.append_text(_domain_cell(game, d, resources, " · ", "\n"))
        return lines
    domains = Table(title="Domains", title_justify="left", expand=True, box=None, padding=(0, 1))
    for _ in range(n):
        domains.add_column(ratio=1)
    domains.add_row(
        *(_domain_cell(game, d, res, "\n  ", "\n") for d, res in enumerate(game.domains))
    )
    return domains


def board(game, width: int | None = None) -> Group:
    """Stories, domains with their resources, characters, supports and the hand, laid out
    for a board ``width`` cells wide (None: as wide as the console)."""
    parts = []
    result = f" — {game.result.replace('_', ' ').upper()}" if game.result else ""
    head = Text(f"Turn {game.turn} · {game.phase}{result}", style="bold")
    head.append(
        f"   deck {game.deck_size} · won {len(game.won)}/3"
        + (f" ({', '.join(game.won)})" if game.won else ""),
        style="dim",
    )
    parts.append(head)

    stories = Table(title="Stories", title_justify="left", expand=True, box=None, padding=(0, 1))
    for _ in game.stories:
        stories.add_column(ratio=1)
    row = []
    for story in game.stories:
        cell = Text(story.title + "\n", style="bold magenta")
        cell.append("●" * story.tokens + "○" * max(5 - story.tokens, 0) + "\n", style="magenta")
        for inst in story.committed:
            cell.append("  ").append(card_label(game, inst)).append("\n")
        row.append(cell)
    if row:
        stories.add_row(*row)
    parts.append(stories)

    parts.append(_domains(game, width))

    in_play = Text("Characters\n", style="bold")
    for inst in game.characters:
        card = game.card(inst)
        status = game.status(inst)
        in_play.append("  ").append(card_label(game, inst))
        # What the character has now (passives, effects of the phase, insanity), not what is
        # printed: the numbers its commits count.
        counts = zip(ICON_GLYPHS, game.icons_of(inst), strict=True)
        icons = "".join(letter * n for (_, letter), n in counts)
        in_play.append(f" skill {game.skill_of(inst)} {icons} ")
        in_play.append(status, style=STATUS_STYLES.get(status, ""))
        in_play.append("\n")
    if not game.characters:
        in_play.append("  none\n", style="dim")
    in_play.append("Supports\n", style="bold")
    for inst in game.supports:
        in_play.append("  ").append(card_label(game, inst)).append("\n")
    if not game.supports:
        in_play.append("  none\n", style="dim")
    in_play.append(f"Hand ({len(game.hand)}): faction, cost, card\n", style="bold")
    for inst in sorted(game.hand, key=lambda i: (game.card(i).faction, game.card(i).title)):
        card = game.card(inst)
        faction = FACTION_CODES.get(card.faction, card.faction)
        in_play.append(f"  {faction:<4} ", style=FACTION_STYLES.get(card.faction, ""))
        in_play.append(f"{card.cost_label or '-':>2} ", style="bold")
        in_play.append(card.title, style=FACTION_STYLES.get(card.faction, ""))
        in_play.append(f"  {card.type} {icon_string(card)}\n", style="dim")
    parts.append(in_play)
    return Group(*parts)


class Board(Widget):
    """Set ``game`` and call ``refresh`` to redraw."""

    def __init__(self, **kwargs) -> None:
        super().__init__(**kwargs)
        self.game = None

    def show(self, game) -> None:
        self.game = game
        self.refresh(layout=True)

    def render(self):
        if self.game is None:
            return Text("No game yet: press n to draw a setup hand from the current deck.")
        return board(self.game, self.size.width or None)
