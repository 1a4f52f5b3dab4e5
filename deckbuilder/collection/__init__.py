"""The collection: products and single cards the player owns, and the decks they have built.

Owned copies of a card = Σ products owned × copies of the card in that product + the player's
per-card adjustment (singles bought, cards lost, CCG cards); printings of one card share them
(SPEC §8). A built deck reserves a snapshot of its cards: available = owned − reserved.

One module per job: ``products`` (what a product holds), ``cards`` (which card an entry is),
``ownership`` (the counting rules), ``changes`` and ``reservations`` (storage), ``summary``,
``csv_backup``; ``sql`` says how they reach the database.
"""

from deckbuilder.collection.cards import (
    MAX_COUNT,
    CardName,
    card_names,
    check_count,
    parse_count,
    resolve_card,
)
from deckbuilder.collection.changes import CardChange, add_card, add_product, set_copies
from deckbuilder.collection.csv_backup import (
    CSV_HEADER,
    CsvRow,
    export_rows,
    format_csv,
    parse_csv,
    read_csv,
    replace_all,
    write_csv,
)
from deckbuilder.collection.errors import (
    AmbiguousCardError,
    CollectionError,
    UnknownProductError,
)
from deckbuilder.collection.ownership import (
    BuildCheck,
    MissingCard,
    available_counts,
    deck_needs,
    missing_for,
    owned_counts,
    reserved_counts,
)
from deckbuilder.collection.products import PRODUCTS, find_product, printed_copies
from deckbuilder.collection.reservations import BuiltDeckInfo, build, list_built, unbuild
from deckbuilder.collection.summary import CollectionSummary, summary

__all__ = [
    "CSV_HEADER",
    "MAX_COUNT",
    "PRODUCTS",
    "AmbiguousCardError",
    "BuildCheck",
    "BuiltDeckInfo",
    "CardChange",
    "CardName",
    "CollectionError",
    "CollectionSummary",
    "CsvRow",
    "MissingCard",
    "UnknownProductError",
    "add_card",
    "add_product",
    "available_counts",
    "build",
    "card_names",
    "check_count",
    "deck_needs",
    "export_rows",
    "find_product",
    "format_csv",
    "list_built",
    "missing_for",
    "owned_counts",
    "parse_count",
    "parse_csv",
    "printed_copies",
    "read_csv",
    "replace_all",
    "reserved_counts",
    "resolve_card",
    "set_copies",
    "summary",
    "unbuild",
    "write_csv",
]
