"""The collection: products and single cards the player owns, and the decks they have built.

Owned copies of a card = Σ products owned × copies of the card in that product + the player's
per-card adjustment (singles bought, cards lost, CCG cards); printings of one card share them
(SPEC §8). A built deck reserves a snapshot of its cards: available = owned − reserved.

One module per job: ``products`` (what a product holds), ``cards`` (which card an entry is),
``ownership`` (the counting rules), ``changes`` and ``reservations`` (storage), ``overview``,
``csv_backup``; ``sql`` says how they reach the database.

Names are imported from their module on first use: `deckbuilder card` reads ownership and
need not pay for the CSV, reservation and summary code.
"""

from __future__ import annotations

import importlib

_NAMES_BY_MODULE = {
    "cards": ("CardName", "MAX_COUNT", "card_names", "check_count", "parse_count", "resolve_card"),
    "changes": ("CardChange", "add_card", "add_product", "set_copies"),
    "csv_backup": (
        "CSV_HEADER",
        "CsvRow",
        "export_rows",
        "format_csv",
        "parse_csv",
        "read_csv",
        "read_csv_text",
        "replace_all",
        "write_csv",
    ),
    "errors": ("AmbiguousCardError", "CollectionError", "UnknownProductError"),
    "ownership": (
        "BuildCheck",
        "MissingCard",
        "available_counts",
        "deck_needs",
        "missing_for",
        "owned_counts",
        "reserved_counts",
    ),
    "products": ("PRODUCTS", "find_product", "printed_copies"),
    "reservations": ("BuiltDeckInfo", "build", "list_built", "unbuild"),
    "overview": ("CollectionSummary", "summary"),
}
_MODULE_OF = {name: module for module, names in _NAMES_BY_MODULE.items() for name in names}
__all__ = sorted(_MODULE_OF)


def __getattr__(name: str):
    module = _MODULE_OF.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *__all__])
