"""Deck building, legality, collection and goldfish simulation for the Call of Cthulhu card game."""

__version__ = "0.1.0"
