"""Matching a query's bare words against card names: title and descriptor.

Two tiers, never mixed. When some names hold every word as a whole word or as the start of
one ("itin", "yog sothoth lord", "tormented psychic"), only they match, ranked by how
closely they fit; otherwise titles match fuzzily, typos tolerated ("itinrant scholr"), so
that "dagon" brings the Dagon cards and not Meat Wagon.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Collection, Iterable, Sequence
from functools import lru_cache

from card_db.names import word_forms

FUZZY_CUTOFF = 80.0  # WRatio score below which a name is not a match for the bare words
EXACT_SCORE = 300.0
WORD_SCORE = 121.0  # the floor of a word match: above any fuzzy score (at most 100.1)


class NameMatcher:
    """The names ((title, descriptor) pairs) once folded and indexed by word, then asked
    any number of queries; a name is known by its position in ``names``."""

    def __init__(self, names: Sequence[tuple[str, str | None]]):
        forms = word_forms([t for t, _ in names] + [d or "" for _, d in names])
        self.titles = forms[: len(names)]
        self.descriptors = forms[len(names) :]
        self.fulls = [
            f"{t} {d}" if d else t for t, d in zip(self.titles, self.descriptors, strict=True)
        ]
        self._ids_by_word: dict[str, list[int]] = {}
        for i, full in enumerate(self.fulls):
            for word in set(full.split()):
                self._ids_by_word.setdefault(word, []).append(i)
        self._words = sorted(self._ids_by_word)
        self._longest = max(map(len, self.fulls), default=0)
        self._ids_by_form: dict[str, list[int]] = {}
        for i, (title, full) in enumerate(zip(self.titles, self.fulls, strict=True)):
            self._ids_by_form.setdefault(title, []).append(i)
            if full != title:
                self._ids_by_form.setdefault(full, []).append(i)
        self._forms = tuple(self._ids_by_form)

    def match(
        self, words: Iterable[str], among: Collection[int] | None = None
    ) -> dict[int, float] | None:
        """Name -> score for the names among ``among`` (default all) that the words match,
        or None when the words hold no letter or digit (they ask nothing)."""
        wanted = " ".join(word_forms([" ".join(words)])[0].split())
        tokens = tuple(dict.fromkeys(wanted.split()))
        if not tokens:
            return None
        scores = self._word_scores(wanted, tokens, among)
        return scores if scores else self._fuzzy_scores(wanted, among)

    def _word_scores(
        self, wanted: str, tokens: tuple[str, ...], among: Collection[int] | None
    ) -> dict[int, float]:
        if len(tokens) > self._longest:  # more distinct words than any name has letters
            return {}
        found: set[int] | None = None
        for token in sorted(tokens, key=len, reverse=True):  # long words narrow most
            ids: set[int] = set()
            at = bisect_left(self._words, token)
            while at < len(self._words) and self._words[at].startswith(token):
                ids.update(self._ids_by_word[self._words[at]])
                at += 1
            found = ids if found is None else found & ids
            if not found:
                return {}
        assert found is not None
        if among is not None:
            found = found.intersection(among)
        return {i: self._word_score(i, wanted, tokens) for i in found}

    def _word_score(self, i: int, wanted: str, tokens: tuple[str, ...]) -> float:
        """Exact names first; then names holding every word in the title, whole words
        rather than starts of words, names starting with the words, and few other words."""
        title, full = self.titles[i], self.fulls[i]
        if wanted in (title, full):
            return EXACT_SCORE - len(title) / 1000
        title_words = title.split()
        all_words = full.split()
        in_title = all(any(w.startswith(t) for w in title_words) for t in tokens)
        whole = sum(t in all_words for t in tokens) / len(tokens)
        others = sum(not any(w.startswith(t) for t in tokens) for w in title_words)
        return (
            WORD_SCORE
            + 50 * in_title
            + 25 * whole
            + 10 * full.startswith(wanted)
            - 2 * min(others, 10)
            - len(title) / 1000
        )

    def _fuzzy_scores(self, wanted: str, among: Collection[int] | None) -> dict[int, float]:
        # WRatio scales a partial match of texts 8 times apart by 0.6: none reaches the cutoff
        if len(wanted) > 8 * self._longest:
            return {}
        from rapidfuzz import fuzz

        scores: dict[int, float] = {}
        for form, score in fuzzy_scores(self._forms, wanted).items():
            score += fuzz.ratio(wanted, form) / 1000  # the closer whole name first
            for i in self._ids_by_form[form]:
                if score > scores.get(i, 0.0):
                    scores[i] = score
        if among is not None:
            keep = among if isinstance(among, set | frozenset) else set(among)
            scores = {i: s for i, s in scores.items() if i in keep}
        return scores


def fuzzy_scores(forms: tuple[str, ...], wanted: str) -> dict[str, float]:
    """The forms (``word_forms``) that the words ``wanted`` match fuzzily, with their WRatio
    scores: a match needs FUZZY_CUTOFF and must echo every word, each query word of 3+ letters
    being in the form or close to one of its words (WRatio alone scores "ia ia" high for
    "yithian sentry" through a partial match inside a word)."""
    from rapidfuzz import fuzz, process

    tokens = tuple(dict.fromkeys(t for t in wanted.split() if len(t) >= 3))
    candidates = _echoing_forms(forms, tokens)
    hits = process.extract(
        wanted, candidates, scorer=fuzz.WRatio, processor=None, limit=None,
        score_cutoff=FUZZY_CUTOFF,
    )  # fmt: skip
    return {form: score for form, score, _ in hits}


def _echoing_forms(forms: tuple[str, ...], tokens: tuple[str, ...]) -> list[str]:
    """The forms in which every token is a substring or within ratio 70 of a word: looked up
    through the distinct words, so WRatio then scores only these."""
    if not tokens:
        return list(forms)
    from rapidfuzz import fuzz, process

    forms_by_word = _forms_by_word(forms)
    kept: set[str] | None = None
    for token in tokens:
        close = process.extract(
            token, list(forms_by_word), scorer=fuzz.ratio, processor=None, limit=None,
            score_cutoff=70,
        )  # fmt: skip
        found = {f for f in forms if token in f}
        for word, _score, _ in close:
            found.update(forms_by_word[word])
        kept = found if kept is None else kept & found
        if not kept:
            return []
    return [f for f in forms if f in kept]


@lru_cache(maxsize=8)
def _forms_by_word(forms: tuple[str, ...]) -> dict[str, list[str]]:
    index: dict[str, list[str]] = {}
    for form in forms:
        for word in set(form.split()):
            index.setdefault(word, []).append(form)
    return index
