"""Text written by other programs, decoded: spreadsheet programs save CSV as UTF-8 (often
with a byte-order mark), UTF-16 ("Unicode text") or the Windows code page. The order of
the guesses: a byte-order mark says the encoding; else UTF-8, which text in another
encoding almost never passes for; else Windows-1252, which reads nearly any byte."""

from __future__ import annotations

import codecs

# (mark, codec, the name a user is told); UTF-32 is not written by spreadsheets
BYTE_ORDER_MARKS = (
    (codecs.BOM_UTF8, "utf-8", "UTF-8"),
    (codecs.BOM_UTF16_LE, "utf-16-le", "UTF-16"),
    (codecs.BOM_UTF16_BE, "utf-16-be", "UTF-16"),
)


class TextEncodingError(ValueError):
    """The bytes are no text this module reads; the message says why, in a few words."""


def decode(data: bytes) -> tuple[str, str]:
    """The text, and the name of the encoding it was read as."""
    for mark, codec, name in BYTE_ORDER_MARKS:
        if data.startswith(mark):
            try:
                return data[len(mark) :].decode(codec), name
            except UnicodeDecodeError as exc:
                raise TextEncodingError(
                    f"broken {name} text (byte {exc.start + len(mark)})"
                ) from None
    if b"\x00" in data:  # no text holds NUL; UTF-16 without a mark is a guess too far
        raise TextEncodingError("binary data, not text (or UTF-16 without a byte-order mark)")
    try:
        return data.decode("utf-8"), "UTF-8"
    except UnicodeDecodeError:
        pass
    try:
        return data.decode("cp1252"), "Windows-1252"
    except UnicodeDecodeError as exc:  # the five bytes Windows-1252 leaves undefined
        raise TextEncodingError(f"neither UTF-8 nor Windows-1252 text (byte {exc.start})") from None
