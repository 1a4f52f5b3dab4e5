"""How much card text the goldfish plays: per card, its class (solo / opponent / none, read
card by card in the set files) and whether its solo text is simulated; per set, the counts.
"""

from __future__ import annotations

from deckbuilder.engine.text.load import card_text_entry, set_code_of

SIMULATED, NOT_SIMULATED, OPPONENT_ONLY, NO_TEXT = (
    "simulated",
    "not_simulated",
    "opponent_only",
    "no_text",
)


def status_of(card_id: str) -> tuple[str, str]:
    """(class, status) of a card; a card missing from the files counts as solo text that is
    not simulated."""
    entry = card_text_entry(card_id)
    if entry is None:
        return "solo", NOT_SIMULATED
    if entry.cls == "opponent":
        return entry.cls, OPPONENT_ONLY
    if entry.cls == "none":
        return entry.cls, NO_TEXT
    return entry.cls, SIMULATED if entry.simulated else NOT_SIMULATED


def coverage(cards, set_code: str | None = None) -> dict:
    """``{"cards": [...], "sets": {CODE: {solo, simulated, not_simulated, opponent, none}}}``
    for ``cards`` (one printing per card, its own), only the set ``set_code`` if given."""
    rows = []
    sets: dict[str, dict] = {}
    for card in cards:
        if card.era != "LCG" or card.card_id != card.id:
            continue
        code = set_code_of(card.card_id)
        if set_code is not None and code.lower() != set_code.lower():
            continue
        cls, status = status_of(card.card_id)
        entry = card_text_entry(card.card_id)
        rows.append(
            {
                "id": card.card_id,
                "title": card.title,
                "descriptor": card.descriptor or "",
                "set": code,
                "class": cls,
                "status": status,
                "reason": entry.reason if entry is not None and status != SIMULATED else "",
            }
        )
        counts = sets.setdefault(
            code, {"solo": 0, "simulated": 0, "not_simulated": 0, "opponent": 0, "none": 0}
        )
        if cls == "solo":
            counts["solo"] += 1
            counts[status] += 1
        else:
            counts[cls] += 1
    return {"cards": rows, "sets": sets}


def totals(sets: dict) -> dict:
    out = {"solo": 0, "simulated": 0, "not_simulated": 0, "opponent": 0, "none": 0}
    for counts in sets.values():
        for k in out:
            out[k] += counts[k]
    return out


def deck_report(cards, text: bool = True) -> dict[str, list[str]]:
    """For the distinct cards of a deck: card ids whose solo text is simulated, not
    simulated (all of them with ``text`` off), and whose text is inert against an empty
    opponent."""
    report: dict[str, list[str]] = {"simulated": [], "not_simulated": [], "inert": []}
    seen = set()
    for card in cards:
        cid = card.card_id
        if cid in seen:
            continue
        seen.add(cid)
        cls, status = status_of(cid)
        if cls == "solo":
            report["simulated" if text and status == SIMULATED else "not_simulated"].append(cid)
        elif cls == "opponent":
            report["inert"].append(cid)
    return report
