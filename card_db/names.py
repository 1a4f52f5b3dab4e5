"""Title normalisation: how players, OCTGN and the card data spell the same card.

"Paul LeMond", "Paul Lemond" and OCTGN's "* Paul Lemond" are one card; so are
"Doppelgänger" and "Doppelganger", "Andrew-Chapman" and "Andrew Chapman".
"""

from __future__ import annotations

import re

# OCTGN prefixes a title with "*" for unique cards and with faction symbols for steadfast
# and transient requirements ("}} * Tommy Malloy", "[[ Pulled Under", ">>> Ambush").
_OCTGN_MARKER_TOKEN = re.compile(r"^(?:[*_{}\[\]<>?^]+|Z+)$")
_NOT_ALNUM = re.compile(r"[^0-9a-z]+")
_SPACES = re.compile(r"\s+")


def strip_octgn_markers(name: str) -> str:
    """Drop OCTGN's leading unique/faction marker tokens from a card name."""
    tokens = name.strip().split()
    while len(tokens) > 1 and _OCTGN_MARKER_TOKEN.match(tokens[0]):
        tokens.pop(0)
    if tokens and tokens[0].startswith("*") and len(tokens[0]) > 1:
        tokens[0] = tokens[0].lstrip("*")
    return " ".join(tokens)


def fold(text: str) -> str:
    """Lower case, accents removed, typographic quotes made plain."""
    if text.isascii():  # most titles and texts: nothing to decompose
        return text.lower()
    text = text.replace("\u2019", "'").replace("\u2018", "'").replace("\u2026", "...")
    if text.isascii():  # typographic quotes were all: card texts are mostly like that
        return text.lower()
    import unicodedata  # here: most searches never get this far

    decomposed = unicodedata.normalize("NFKD", text)
    if decomposed.isascii():  # combining marks are not ASCII: none to drop
        return decomposed.lower()
    return "".join(ch for ch in decomposed if not unicodedata.combining(ch)).lower()


def title_key(name: str) -> str:
    """The exact-match key: markers, case, accents, spaces and punctuation all ignored."""
    return _NOT_ALNUM.sub("", fold(strip_octgn_markers(name)))


def search_text(name: str) -> str:
    """The fuzzy-match form: folded words separated by single spaces."""
    return _SPACES.sub(" ", _NOT_ALNUM.sub(" ", fold(strip_octgn_markers(name)))).strip()


# A possessive "'s" goes (Dagon's is the word dagon); other apostrophes join (R'lyeh: rlyeh).
_APOSTROPHES = re.compile(r"['\u2018\u2019`](?:s\b)?")
_NOT_ASCII = re.compile(r"[^\x00-\x7f]+")
# Every ASCII character but letters and digits is a word break; NUL is kept, as separator.
_BREAKS = str.maketrans({i: " " for i in range(1, 128) if not chr(i).isalnum()})


def word_forms(texts: list[str]) -> list[str]:
    """The search-word form of each text: folded words separated by single spaces, with
    apostrophes dropped so that "R'lyeh" is the word "rlyeh" and "Dagon's" is "dagon".
    The folded texts are joined into one string for the rest: a few passes over the whole
    card pool, not a few per title."""
    if not texts:
        return []
    joined = _APOSTROPHES.sub("", "\0".join(fold(text).replace("\0", " ") for text in texts))
    if not joined.isascii():  # what folding left of other scripts breaks words too
        joined = _NOT_ASCII.sub(" ", joined)
    spaced = " ".join(joined.translate(_BREAKS).split())
    return [form.strip(" ") for form in spaced.split("\0")]


def name_words(title: str, descriptor: str | None) -> tuple[str, str]:
    """The search-word forms (``word_forms``) of a card's title and descriptor, as the
    database stores them beside the names, so that a search matches words without folding
    the whole pool first."""
    title_words, descriptor_words = word_forms([title, descriptor or ""])
    return title_words, descriptor_words
