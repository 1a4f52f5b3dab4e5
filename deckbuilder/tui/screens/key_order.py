"""The footer's key order: the app's F-keys first, then the screen's, then the focused
widget's. A narrow terminal cuts the footer's right end, so what is cut is the least needed
(F1 lists every key)."""

from __future__ import annotations


class FKeysFirst:
    """A Screen mixin: ``active_bindings`` (what the footer shows) in that order."""

    @property
    def active_bindings(self) -> dict:
        bindings = super().active_bindings
        rank = {self.app: 0, self: 1}
        return dict(sorted(bindings.items(), key=lambda item: rank.get(item[1].node, 2)))
