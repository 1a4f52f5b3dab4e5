"""Keywords from the first line of card text ("Heroic. Willpower." -> Heroic, Willpower)."""

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
    """Keywords the card's first line states, in printed order; stops at the first non-keyword."""
    if not text:
        return ()
    first_line = text.strip().split("\n", 1)[0]
    found: list[str] = []
    for sentence in re.split(r"(?<=\.)\s+|\.(?=\S)", first_line.strip()):
        sentence = sentence.strip()
        if not sentence:
            continue
        match = _KEYWORD.match(sentence)
        if not match:
            break
        if match["plain"]:
            word = match["plain"].lower()
            found.append(_CANONICAL.get(word, word.capitalize()))
        elif match["num"].lower() == "toughness":
            found.append(f"Toughness +{int(match['n'])}")
        else:
            found.append(f"Fated {int(match['n'])}")
    return tuple(dict.fromkeys(found))
