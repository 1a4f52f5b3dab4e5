"""Keywords from the start of card text ("Heroic. Willpower." -> Heroic, Willpower)."""

from __future__ import annotations

import re

# Keyword spellings seen in the data, typos included, mapped to their printed names.
_KEYWORD = re.compile(
    r"^(?:(?P<plain>fast|heroic|villainous|willpower|invulnerability|invulnerablity|loyal|"
    r"resilient|dormant|prophecy|day|night)"
    r"|(?P<num>toughness|fated)\s*\+?\s*(?P<n>\d+))\.?$",
    re.IGNORECASE,
)
_CANONICAL = {"invulnerablity": "Invulnerability"}


def parse_keywords(text: str | None) -> tuple[str, ...]:
    """Keywords the card's text states before anything else, in printed order: sentences
    that are each a keyword, line after line, up to the first that is not. An attachment's
    "Attach to ..." line comes first on some cards (their keywords follow it), so a first
    line of that kind is passed over."""
    if not text:
        return ()
    lines = [line.strip() for line in text.strip().split("\n")]
    if lines and lines[0].lower().startswith("attach to"):
        lines = lines[1:]
    found: list[str] = []
    for line in lines:
        for sentence in re.split(r"(?<=\.)\s+|\.(?=\S)", line):
            sentence = sentence.strip()
            if not sentence:
                continue
            match = _KEYWORD.match(sentence)
            if not match:
                return tuple(dict.fromkeys(found))
            if match["plain"]:
                word = match["plain"].lower()
                found.append(_CANONICAL.get(word, word.capitalize()))
            elif match["num"].lower() == "toughness":
                found.append(f"Toughness +{int(match['n'])}")
            else:
                found.append(f"Fated {int(match['n'])}")
    return tuple(dict.fromkeys(found))
