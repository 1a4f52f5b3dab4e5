"""OCTGN ``.o8d`` decks: ``<deck game=…><section name="Draw Deck"><card qty=… id=GUID>Name``.

Cards resolve by GUID when the database knows it (after ``db import`` of the OCTGN sets),
else by the printing we wrote ourselves, else by name with OCTGN's markers stripped. XML
with a DTD or entities is refused (defusedxml), so entity bombs cannot expand.
"""

from __future__ import annotations

import uuid
from xml.etree.ElementTree import Element, SubElement, tostring

from deckbuilder.deck import MAX_COPIES, Deck
from deckbuilder.formats.reading import DeckFileError, EntryReader

# The Call of Cthulhu game definition's id in OCTGN.
OCTGN_GAME_ID = "43054c18-2362-43e0-a434-72f8d0e8477c"
# Namespace of the GUIDs written for printings OCTGN has no card for.
_UNKNOWN_TO_OCTGN = uuid.UUID("6b0f1c52-7d0e-4b8e-9c57-2f6a4c1d0e11")


def _parse_xml(data: bytes, source: str):
    from xml.etree.ElementTree import ParseError

    from defusedxml import DefusedXmlException
    from defusedxml.ElementTree import fromstring

    if b"\x00" in data and not data.startswith((b"\xff\xfe", b"\xfe\xff")):
        raise DeckFileError(f"{source}: binary data, not an OCTGN deck")
    try:
        return fromstring(data, forbid_dtd=True)
    except DefusedXmlException as exc:
        raise DeckFileError(f"{source}: refused XML feature ({type(exc).__name__})") from None
    except ParseError as exc:
        raise DeckFileError(f"{source}: broken XML: {exc}") from None
    except (ValueError, UnicodeError, LookupError) as exc:  # LookupError: unknown encoding=
        raise DeckFileError(f"{source}: unreadable XML: {exc}") from None


def parse(data: bytes, pool, *, name: str, source: str) -> Deck:
    root = _parse_xml(data, source)
    if root.tag != "deck":
        raise DeckFileError(f"{source}: not an OCTGN deck (root element <{root.tag}>)")
    deck = Deck(name=name)
    named, deck.notes = _split_notes(root.find("notes"))
    deck.name = named or name
    deck.origin = (".o8d", data)
    reader = EntryReader(deck, pool, source)
    # Cards are children of their section: reading only those keeps a file of thousands of
    # nested sections linear (each section's whole subtree would be read again otherwise).
    for section in root.iter("section"):
        section_name = section.get("name", "")
        where = "story" if "story" in section_name.lower() else "draw"
        for position, element in enumerate(section.findall("card"), start=1):
            label = f'section "{section_name}" card {position}'
            title = (element.text or "").strip()
            try:
                count = int(element.get("qty", "1"))
            except ValueError:
                reader.unknown.append(
                    (None, f"{label}: qty {element.get('qty')[:20]!r} is not a number", [])
                )
                continue
            if not 1 <= count <= MAX_COPIES:
                reader.unknown.append(
                    (None, f"{label}: qty {count} is not from 1 to {MAX_COPIES}", [])
                )
                continue
            guid = (element.get("id") or "").strip().lower()
            card = pool.by_octgn.get(guid) or pool.by_id.get(element.get("printing") or "")
            reader.add(card, title, count, section=where, label=label, ident=guid)
    reader.finish()
    if not deck.draw and not deck.story:
        raise DeckFileError(f"{source}: no cards found")
    return deck


def _guid(card) -> str:
    """The printing's OCTGN GUID; a printing OCTGN never had (CCG cards, the data's duplicate
    Bone Sculptor) gets a stable GUID of its own, never an empty id."""
    return card.octgn_id or str(uuid.uuid5(_UNKNOWN_TO_OCTGN, card.id))


def _section(root: Element, name: str, entries) -> None:
    # "printing": OCTGN ignores it; we read the printing back from it
    _add_cards(SubElement(root, "section", name=name), entries)


def _split_notes(notes) -> tuple[str | None, str]:
    """(the deck's name from a "Name:" line, the rest of the notes) of a <notes> element."""
    lines = (notes.text or "").splitlines() if notes is not None else []
    named = None
    rest = []
    for line in lines:
        if named is None and line.lower().startswith("name:") and line[5:].strip():
            named = line[5:].strip()
        else:
            rest.append(line)
    return named, "\n".join(rest).strip("\n")


def _notes_text(deck: Deck) -> str:
    return f"Name: {deck.name}" + (f"\n{deck.notes}" if deck.notes else "")


def dump(deck: Deck) -> str:
    if deck.origin is not None and deck.origin[0] == ".o8d":
        return _dump_over(deck, deck.origin[1])
    root = Element("deck", game=OCTGN_GAME_ID)
    _section(root, "Draw Deck", deck.draw)
    _section(root, "Story Deck", deck.story)
    SubElement(root, "notes").text = _notes_text(deck)
    body = tostring(root, encoding="unicode")
    return f'<?xml version="1.0" encoding="utf-8" standalone="yes"?>\n{body}\n'


def _dump_over(deck: Deck, original: bytes) -> str:
    """The deck written over the file it was read from: every element, attribute and name
    marker (``*``, ``}``, ``_``) the deck does not change stays as it was; a card whose count
    changed keeps its element with a new qty, a removed one loses it, an added one is
    appended to its section, and the notes change only when the deck's did."""
    from card_db.names import title_key

    root = _parse_xml(original, "deck")
    remaining = {
        "draw": {e.card.id: e for e in deck.draw},
        "story": {e.card.id: e for e in deck.story},
    }
    first_section: dict[str, Element] = {}
    for section in root.iter("section"):
        where = "story" if "story" in section.get("name", "").lower() else "draw"
        first_section.setdefault(where, section)
        entries = remaining[where]
        for element in list(section.findall("card")):
            entry = _entry_for(element, entries, title_key)
            if entry is None:
                section.remove(element)
                continue
            del entries[entry.card.id]
            if element.get("qty") != str(entry.count):
                element.set("qty", str(entry.count))
    for where, name in (("draw", "Draw Deck"), ("story", "Story Deck")):
        if remaining[where]:
            section = first_section.get(where)
            if section is None:
                section = SubElement(root, "section", name=name)
            _add_cards(section, remaining[where].values())
    named, notes = _split_notes(root.find("notes"))
    if (named or deck.name) != deck.name or notes != deck.notes:
        element = root.find("notes")
        if element is None:
            element = SubElement(root, "notes")
        element.text = _notes_text(deck)
    # What the file holds around its root element (its XML declaration, when it says UTF-8,
    # the encoding we write; line ends) stays as it was.
    text = original.lstrip(b"\xef\xbb\xbf")
    start, end = text.find(b"<deck"), text.rfind(b"</deck>")
    before = text[:start] if start >= 0 else b""
    after = text[end + len(b"</deck>") :] if end >= 0 else b"\n"
    if not (before.startswith(b"<?xml") and b"utf-8" in before.lower()):
        before = b'<?xml version="1.0" encoding="utf-8"?>\n'
    body = tostring(root, encoding="unicode")
    return before.decode("utf-8", "replace") + body + after.decode("utf-8", "replace")


def _entry_for(element, entries: dict, title_key):
    """The deck entry a card element of the original file stands for: by OCTGN GUID, by the
    printing we wrote, else by title (OCTGN's markers ignored)."""
    guid = (element.get("id") or "").strip().lower()
    printing = element.get("printing") or ""
    for entry in entries.values():
        if (guid and (entry.card.octgn_id or "").lower() == guid) or entry.card.id == printing:
            return entry
    wanted = title_key((element.text or "").strip().lstrip("*}_ ").strip())
    matches = [e for e in entries.values() if title_key(e.card.title) == wanted]
    return matches[0] if len(matches) == 1 else None


def _add_cards(section: Element, entries) -> None:
    for entry in entries:
        attributes = {"qty": str(entry.count), "id": _guid(entry.card)}
        if not entry.card.octgn_id:
            attributes["printing"] = entry.card.id
        SubElement(section, "card", attributes).text = entry.card.title
