"""Deck legality: formats and restricted/banned lists are data; the rules turn a deck into
violations, each with its SPEC §6 rule id, a sentence naming the cards and the limit, and
the rule's source.

Formats come from ``card_db/lists/formats.json``; lists from the ``card_db/lists/*.json``
files shipped with the package, the CardGameDB flags in the card data, and lists users add
to the database (``deckbuilder db add-list``). A list is resolved against a card pool once
(title spellings, per-printing entries) and cached, so ``check_deck`` costs well under a
millisecond per deck.

Split by job: ``lists`` (list data, files and storage), ``play_formats`` (formats),
``resolution`` (a list against a pool) and ``rules`` (``check_deck``).
"""

from deckbuilder.legality.list_store import add_user_list
from deckbuilder.legality.lists import (
    CGDB_LIST_ID,
    DEFAULT_LIST_ID,
    LIST_KIND,
    MAX_ENTRY_CHARS,
    MAX_LIST_ENTRIES,
    MAX_UNKNOWN_ENTRIES,
    LegalityError,
    LegalityList,
    ListEntry,
    builtin_lists,
    get_list,
    list_from_document,
    load_lists,
    parse_list_file,
    user_lists,
)
from deckbuilder.legality.play_formats import DEFAULT_FORMAT_ID, Format, get_format, load_formats
from deckbuilder.legality.resolution import (
    ResolvedList,
    default_list_check,
    pool_for,
    resolve_entries,
    resolve_list,
)
from deckbuilder.legality.rules import CheckResult, Violation, check_deck

__all__ = [
    "CGDB_LIST_ID", "DEFAULT_FORMAT_ID", "DEFAULT_LIST_ID", "LIST_KIND", "MAX_ENTRY_CHARS",
    "MAX_LIST_ENTRIES", "MAX_UNKNOWN_ENTRIES", "CheckResult", "Format", "LegalityError",
    "LegalityList", "ListEntry", "ResolvedList", "Violation", "add_user_list", "builtin_lists",
    "check_deck", "default_list_check", "get_format", "get_list", "list_from_document",
    "load_formats", "load_lists", "parse_list_file", "pool_for", "resolve_entries",
    "resolve_list", "user_lists",
]  # fmt: skip
