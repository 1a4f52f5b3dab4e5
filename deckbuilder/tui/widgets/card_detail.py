"""The detail pane: everything printed on one card."""

from __future__ import annotations

from rich.text import Text
from textual.reactive import reactive
from textual.widget import Widget

from card_db.card import Card

ICON_GLYPHS = (("terror", "T"), ("combat", "C"), ("arcane", "A"), ("investigation", "I"))


def icon_string(card: Card) -> str:
    """Icons as players write them: T C A I letters, one per icon ("TTI")."""
    return "".join(letter * getattr(card, name) for name, letter in ICON_GLYPHS)


def _text_opens_with(text: str, keywords) -> bool:
    """Whether the printed text already starts with the keywords ("Heroic. Willpower.")."""
    return (text or "").lstrip().lower().startswith(". ".join(keywords).lower())


BADGE_WORDS = {"R": ("RESTRICTED", "bold black on yellow"), "B": ("BANNED", "bold white on red")}


def card_text(
    card: Card,
    *,
    owned: int | None = None,
    available: int | None = None,
    in_deck: int = 0,
    badge: str | None = None,
    list_name: str = "",
) -> Text:
    text = Text()
    if card.unique:
        text.append("* ", style="bold yellow")
    text.append(card.title, style="bold")
    if card.descriptor:
        text.append(f", {card.descriptor}", style="italic")
    text.append("\n")
    if badge in BADGE_WORDS:
        word, style = BADGE_WORDS[badge]
        text.append(f" {word} ", style=style).append(f" under {list_name}\n", style="dim")
    text.append(("Unique " if card.unique else "") + f"{card.faction} {card.type}", style="cyan")
    if card.subtypes:
        text.append(" — " + ". ".join(card.subtypes) + ".")
    text.append("\n")
    facts = []
    if card.cost_label:
        facts.append(f"Cost {card.cost_label}")
    if card.skill_label:
        facts.append(f"Skill {card.skill_label}")
    if icon_string(card):
        facts.append(f"Icons {icon_string(card)}")
    if card.steadfast:
        facts.append("Steadfast " + ", ".join(f"{f} {n}" for f, n in card.steadfast))
    if facts:
        text.append("  ".join(facts) + "\n")
    if card.keywords and not _text_opens_with(card.text, card.keywords):
        text.append(". ".join(card.keywords) + ".\n", style="bold yellow")
    if card.text:
        text.append("\n" + card.text.strip() + "\n")
    if card.flavor:
        text.append("\n" + card.flavor.strip() + "\n", style="dim italic")
    text.append(f"\n{card.set_name} #{card.number} ({card.era})", style="dim")
    if card.cycle and card.cycle != card.set_name:
        text.append(f" · {card.cycle}", style="dim")
    text.append(f"\nid {card.id} · limit {card.max_copies}", style="dim")
    if card.illustrator:
        text.append(f" · art {card.illustrator}", style="dim")
    if in_deck:
        text.append(f"\nIn deck: {in_deck}", style="green")
    if owned is not None:
        text.append(f"\nOwned: {owned}", style="magenta")
        if available is not None and available != owned:
            text.append(f" ({available} not in built decks)", style="magenta")
    return text


class CardDetail(Widget):
    """Shows ``card``; set it from the screen (attributes down)."""

    # A new card lays out again: the pane scrolls, and its height follows the card's text
    # (a stale height cut long texts off); the other facts only repaint.
    card: reactive[Card | None] = reactive(None, layout=True)
    in_deck: reactive[int] = reactive(0)
    owned: reactive[int | None] = reactive(None)  # None until the collection has loaded
    available: reactive[int | None] = reactive(None)
    badge: reactive[str | None] = reactive(None)  # "R" or "B" under ``list_name``
    list_name = ""

    def show(self, app, card_id: str | None) -> None:
        """Show a card with what the app knows of it: copies in the deck, owned, badge."""
        card = app.pool.by_id.get(card_id) if card_id and app.pool else None
        section = "story" if card is not None and card.type == "Story" else "draw"
        loaded = app.collection.summary is not None
        self.card = card
        self.in_deck = app.deck.count_of(card.id, section) if card else 0
        self.owned = app.collection.owned_of(card) if card and loaded else None
        self.available = app.collection.available_of(card) if card and loaded else None
        self.list_name = app.list_name()
        self.badge = app.badge(card) if card else None

    def render(self):
        if self.card is None:
            return Text("No card selected.", style="dim")
        return card_text(
            self.card,
            owned=self.owned,
            available=self.available,
            in_deck=self.in_deck,
            badge=self.badge,
            list_name=self.list_name,
        )
