"""Splitting a search query into tokens, the way players type them.

"Double quotes" group words anywhere (``x:"go insane"``; an unclosed one runs to the end).
A 'single quote' groups words only where it opens a token or a field's value and a later
one ends a word (``x:'go insane'``); every other apostrophe belongs to its word, so
``R'lyeh``, ``O'Donnell`` and ``Dagon's`` are words. A token quoted whole reads like one
shell argument (below), so ``'t:char f:yog'`` is two terms. Nothing here raises.
"""

from __future__ import annotations

import re
from collections.abc import Iterable

# Patterns as text, compiled (and cached by ``re``) on first use: a query without quotes
# needs none of them, and compiling costs the CLI's start-up.
# A token that so far is a field and its operator ("x:", "!st=") opens a value.
_FIELD_OPENER = r"!?[A-Za-z]+(?:<=|>=|!=|!|:|=|<|>)"
_CLOSING_APOSTROPHE = r"'(?=\s|$)"
_PLAIN = r"[^\s\"']+"
# Fields whose values hold spaces: one shell argument "x:go insane" or "f:the agency" is
# one term.
PHRASE_FIELDS = frozenset(
    {"x", "text", "st", "subtype", "k", "keyword", "set", "cycle", "f", "faction"}
)
_PHRASE_TERM = r"!?(?P<field>[A-Za-z]+)(?:!|:|=)"


def tokenize(query: str | Iterable[str]) -> list[str]:
    """Tokens of a query line, or of shell arguments; linear in the query's length."""
    if isinstance(query, str):
        return split_query(query)
    tokens: list[str] = []
    for argument in query:
        tokens += argument_tokens(argument)
    return tokens


def split_query(text: str) -> list[str]:
    """The tokens of one line of query text, quotes removed."""
    if "'" not in text and '"' not in text:  # the usual query: no pattern to compile
        return text.split()
    tokens: list[str] = []
    for token, quoted_whole in _split(text):
        tokens += argument_tokens(token, nested=True) if quoted_whole else [token]
    return tokens


def argument_tokens(argument: str, *, nested: bool = False) -> list[str]:
    """The tokens of one shell argument: split like a line ('t:char f:yog' is two terms),
    except that one text-like field followed by plain words ("x:go insane", the shell
    having removed the quotes) stays one term."""
    parts = [token for token, _ in _split(argument)] if nested else split_query(argument)
    head = re.match(_PHRASE_TERM, parts[0]) if len(parts) > 1 else None
    if (
        head
        and head["field"].lower() in PHRASE_FIELDS
        and not any(re.match(_FIELD_OPENER, p) or p.startswith("!") for p in parts[1:])
    ):
        return [" ".join(parts)]
    return parts


def _split(text: str) -> list[tuple[str, bool]]:
    """(token, whether one pair of quotes enclosed all of it) for each token of ``text``."""
    closers = [m.start() for m in re.finditer(_CLOSING_APOSTROPHE, text)]
    next_closer = 0  # positions only grow: the first closer after one is found by walking
    plain_run, field_opener = re.compile(_PLAIN), re.compile(_FIELD_OPENER)
    tokens: list[tuple[str, bool]] = []
    i, end = 0, len(text)
    while i < end:
        if text[i].isspace():
            i += 1
            continue
        parts: list[str] = []
        quoted = 0  # how many parts came from quotes
        while i < end and not text[i].isspace():
            char = text[i]
            close = -1
            if char == '"':
                close = text.find('"', i + 1)
                close = end if close < 0 else close
            elif char == "'" and (
                not parts or (len(parts) == 1 and field_opener.fullmatch(parts[0]))
            ):
                while next_closer < len(closers) and closers[next_closer] <= i:
                    next_closer += 1
                close = closers[next_closer] if next_closer < len(closers) else -1
            if close >= 0:
                parts.append(text[i + 1 : close])
                quoted += 1
                i = close + 1
            elif char == "'":
                parts.append(char)
                i += 1
            else:
                plain = plain_run.match(text, i)
                parts.append(plain.group())
                i = plain.end()
        token = "".join(parts)
        if token.strip():
            tokens.append((token, quoted == len(parts) == 1))
    return tokens
