"""Products (the LCG sets) and how many copies of each card one copy of a product holds."""

from __future__ import annotations

import json
import os
from functools import cache

from card_db.names import title_key
from card_db.sets import SETS, SetInfo, find_set
from deckbuilder.collection.errors import CollectionError, UnknownProductError

# Products are the LCG sets; CCG cards were sold in random boosters, so they come in as
# per-card adjustments.
PRODUCTS: tuple[SetInfo, ...] = tuple(s for s in SETS if s.era == "LCG")
PRODUCT_BY_CODE = {s.code: s for s in PRODUCTS}
_PRODUCT_BY_KEY = {title_key(k): s for s in PRODUCTS for k in (s.code, s.name)}


def find_product(text: str) -> SetInfo:
    """An LCG product by code or name, ignoring case and punctuation."""
    found = _PRODUCT_BY_KEY.get(title_key(text))
    if found:
        return found
    ccg = find_set(text, era="CCG")
    if ccg:
        raise CollectionError(
            f"{ccg.name} is a CCG set sold in random boosters; add its cards one title at a "
            "time with `deckbuilder collection add-card TITLE --count N`"
        )
    from rapidfuzz import fuzz, process

    choices = {s.code: f"{s.name} ({s.code})" for s in PRODUCTS}
    found_names = process.extract(
        text, choices, scorer=fuzz.WRatio, limit=3, score_cutoff=60, processor=str.lower
    )
    suggestions = [name for name, _score, _code in found_names]
    hint = f"; did you mean: {', '.join(suggestions)}?" if suggestions else ""
    raise UnknownProductError(f"unknown product {text!r}{hint}", suggestions)


@cache
def _quantities() -> dict:
    import card_db

    path = os.path.join(os.path.dirname(card_db.__file__), "data", "product_quantities.json")
    with open(path, encoding="utf-8") as file:
        return json.load(file)


def printed_copies(product_code: str) -> int:
    """Copies of each card in one copy of the product, as printed (before user overrides)."""
    data = _quantities()
    return data["products"].get(product_code, data["default"])
