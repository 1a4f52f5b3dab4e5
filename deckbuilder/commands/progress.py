"""Progress of long work on one line of stderr: a bar redrawn in place on a terminal, nothing
at all when stderr is a file or a pipe (a script reading the output wants only the result).

The card database reports progress as ``progress(label, done, total)``; the bar ends its
line when ``done`` reaches ``total``.
"""

from __future__ import annotations

import sys

BAR_WIDTH = 24


class ProgressLine:
    def __init__(self, prefix: str = "deckbuilder: ", stream=None):
        self.prefix = prefix
        self.stream = stream
        self._shown = 0  # characters on the line now

    def _out(self):
        return self.stream if self.stream is not None else sys.stderr

    def __call__(self, label: str, done: int, total: int) -> None:
        out = self._out()
        if not getattr(out, "isatty", lambda: False)():
            return
        total = max(total, 1)
        done = min(max(done, 0), total)
        filled = BAR_WIDTH * done // total
        bar = "#" * filled + "-" * (BAR_WIDTH - filled)
        text = f"{self.prefix}{label} [{bar}] {done}/{total}"
        out.write("\r" + text + " " * max(0, self._shown - len(text)))
        self._shown = len(text)
        if done >= total:
            out.write("\n")
            self._shown = 0
        out.flush()
