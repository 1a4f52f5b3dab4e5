"""The Textual app: a thin shell over card_db and deckbuilder (no game or legality logic here)."""
