"""One notification per burst of deck edits: each add or remove while the last edit's
toast is still up replaces that toast with a summary, so a run of + keys never stacks a
column of toasts over the screen."""

from __future__ import annotations

from textual.notifications import Notification, Notify

TIMEOUT = 3.0  # seconds a burst's toast stays; an edit within it joins the burst
SHOWN_TITLES = 3  # the burst's most recent cards named in the toast


class EditNotice:
    def __init__(self, app) -> None:
        self.app = app
        self.note: Notification | None = None
        self.counts: dict[str, str] = {}  # card title → "2 in deck", latest edit last
        self.edits = 0

    def edited(self, title: str, count_text: str) -> None:
        """Say that ``title`` now has ``count_text`` ("2 in deck")."""
        if self.note is None or self.note.has_expired:
            self.counts, self.edits = {}, 0
        elif self.note in self.app._notifications:
            # Textual has no public way to withdraw one notification
            self.app._unnotify(self.note, refresh=False)
        self.counts.pop(title, None)
        self.counts[title] = count_text
        self.edits += 1
        self.note = Notification(self._message(), timeout=TIMEOUT, markup=False)
        self.app.post_message(Notify(self.note))

    def _message(self) -> str:
        latest = list(self.counts.items())[-SHOWN_TITLES:]
        lines = [f"{title}: {count}" for title, count in latest]
        others = len(self.counts) - len(latest)
        if others:
            lines.append(f"…and {others} more card{'s' if others > 1 else ''}")
        if self.edits > 1:
            lines.insert(0, f"{self.edits} edits")
        return "\n".join(lines)
