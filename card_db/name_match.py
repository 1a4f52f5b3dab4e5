"""Matching a query's bare words against card names: title and descriptor.

Two tiers, never mixed. When some names hold every word as a whole word or as the start of
one ("itin", "yog sothoth lord", "tormented psychic"), only they match, ranked by how
closely they fit; otherwise titles match fuzzily, typos tolerated ("itinrant scholr"), so
that "dagon" brings the Dagon cards and not Meat Wagon.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from functools import lru_cache

from card_db.names import word_forms

FUZZY_CUTOFF = 80.0  # WRatio score below which a name is not a match for the bare words
EXACT_SCORE = 300.0
# Scoring the few names that usually echo the words in plain Python (card_db.fuzzy) is
# quicker than importing rapidfuzz; more (words too short to narrow anything) go to its C.
PLAIN_PYTHON_MOST = 50
# Scores are compared rounded to this many decimals (exact_score); their true values differ
# by far more than that (lengths are under 1,000).
SCORE_DECIMALS = 9
SCORE_SLACK = 1e-6
WORD_SCORE = 121.0  # the floor of a word match: above any fuzzy score (at most 100.1)


def query_tokens(words: Iterable[str]) -> tuple[str, tuple[str, ...]]:
    """The query's words as one search-word form, and its distinct words (letters and
    digits only: safe inside a LIKE pattern)."""
    wanted = " ".join(word_forms([" ".join(words)])[0].split())
    return wanted, tuple(dict.fromkeys(wanted.split()))


class NameMatcher:
    """The names ((title, descriptor) pairs) folded once, then asked any number of queries;
    a name is known by its position in ``names``."""

    def __init__(
        self,
        names: Sequence[tuple[str, str | None]],
        words: Sequence[tuple[str, str]] | None = None,
    ):
        """``words``: the names' search words (``names.name_words``) when the caller has
        them, as the database stores them; else the names are folded here."""
        if words is None:
            forms = word_forms([t for t, _ in names] + [d or "" for _, d in names])
            self.titles = forms[: len(names)]
            self.descriptors = forms[len(names) :]
        else:
            self.titles = [t for t, _ in words]
            self.descriptors = [d for _, d in words]
        self.fulls = [
            f"{t} {d}" if d else t for t, d in zip(self.titles, self.descriptors, strict=True)
        ]
        # " word word ": a token starts a word where " token" occurs, is one where " token "
        self._padded = [f" {full} " for full in self.fulls]
        self._longest = max(map(len, self.fulls), default=0)
        self._ids_by_form: dict[str, list[int]] | None = None  # for fuzzy matching, on demand

    def match(
        self, words: Iterable[str], keep: Callable[[set[int]], set[int]] | None = None
    ) -> dict[int, float] | None:
        """Name -> score for the names the words match, or None when the words hold no
        letter or digit (they ask nothing). ``keep`` takes the names a tier found and
        returns those still wanted (say, those with a printing the query's filters keep):
        a tier that keeps none gives way to the next."""
        wanted, tokens = query_tokens(words)
        if not tokens:
            return None
        scores = self._word_scores(wanted, tokens, keep)
        return scores if scores else self._fuzzy_scores(wanted, keep)

    def _word_scores(
        self, wanted: str, tokens: tuple[str, ...], keep: Callable[[set[int]], set[int]] | None
    ) -> dict[int, float]:
        if len(tokens) > self._longest:  # more distinct words than any name has letters
            return {}
        found = range(len(self._padded))
        for token in sorted(tokens, key=len, reverse=True):  # long words narrow most
            starts = " " + token
            found = [i for i in found if starts in self._padded[i]]
            if not found:
                return {}
        kept = set(found) if keep is None else keep(set(found))
        return {i: self._word_score(i, wanted, tokens) for i in kept}

    def _word_score(self, i: int, wanted: str, tokens: tuple[str, ...]) -> float:
        """Exact names first; then names holding every word in the title, whole words
        rather than starts of words, names starting with the words, and few other words."""
        title, full, padded = self.titles[i], self.fulls[i], self._padded[i]
        if wanted in (title, full):
            return EXACT_SCORE - len(title) / 1000
        title_padded = f" {title} "
        in_title = all(" " + t in title_padded for t in tokens)
        whole = sum(f" {t} " in padded for t in tokens) / len(tokens)
        others = sum(not w.startswith(tokens) for w in title.split())
        return (
            WORD_SCORE
            + 50 * in_title
            + 25 * whole
            + 10 * full.startswith(wanted)
            - 2 * min(others, 10)
            - len(title) / 1000
        )

    def _fuzzy_scores(
        self, wanted: str, keep: Callable[[set[int]], set[int]] | None
    ) -> dict[int, float]:
        # WRatio scales a partial match of texts 8 times apart by 0.6: none reaches the cutoff
        if len(wanted) > 8 * self._longest:
            return {}
        # Only a query no name holds word for word gets here: the scorer is imported then.
        from card_db.fuzzy import ratio

        if self._ids_by_form is None:
            self._ids_by_form = {}
            for i, (title, full) in enumerate(zip(self.titles, self.fulls, strict=True)):
                self._ids_by_form.setdefault(title, []).append(i)
                if full != title:
                    self._ids_by_form.setdefault(full, []).append(i)
        scores: dict[int, float] = {}
        for form, score in fuzzy_scores(tuple(self._ids_by_form), wanted).items():
            score += ratio(wanted, form) / 1000  # the closer whole name first
            for i in self._ids_by_form[form]:
                if score > scores.get(i, 0.0):
                    scores[i] = score
        if keep is not None:
            kept = keep(set(scores))
            scores = {i: s for i, s in scores.items() if i in kept}
        return scores


def fuzzy_scores(forms: tuple[str, ...], wanted: str) -> dict[str, float]:
    """The forms (``word_forms``) that the words ``wanted`` match fuzzily, with their WRatio
    scores: a match needs FUZZY_CUTOFF and must echo every word, each query word of 3+ letters
    being in the form or close to one of its words (WRatio alone scores "ia ia" high for
    "yithian sentry" through a partial match inside a word)."""
    from card_db.fuzzy import wratio

    tokens = tuple(dict.fromkeys(t for t in wanted.split() if len(t) >= 3))
    candidates = _echoing_forms(forms, tokens)
    if len(candidates) > PLAIN_PYTHON_MOST:
        from rapidfuzz import fuzz, process

        hits = process.extract(
            wanted, candidates, scorer=fuzz.WRatio, processor=None, limit=None,
            score_cutoff=FUZZY_CUTOFF - SCORE_SLACK,
        )  # fmt: skip
        scored = ((form, score) for form, score, _ in hits)
    else:
        scored = ((form, wratio(wanted, form)) for form in candidates)
    scores = {}
    for form, score in scored:
        score = exact_score(score)
        if score >= FUZZY_CUTOFF:
            scores[form] = score
    return scores


def exact_score(score: float) -> float:
    """A score with the last bits of floating-point error rounded off. A score is a ratio of
    small whole numbers (lengths), so two ways of computing it agree to many decimals, but
    not always to the last bit: 16/19 x 0.95 is 79.99999999999999 one way and 80.0 the
    other, and a name must not drop out at the cutoff for that."""
    return round(score, SCORE_DECIMALS)


def _echoing_forms(forms: tuple[str, ...], tokens: tuple[str, ...]) -> list[str]:
    """The forms in which every token is a substring or within ratio 70 of a word: looked up
    through the distinct words, so WRatio then scores only these."""
    if not tokens:
        return list(forms)
    index = _form_index(forms)
    kept: set[str] | None = None
    for token in tokens:
        found = {f for f in forms if token in f}
        for word in index.words.close_to(token, 70):
            found.update(index.forms_with(word))
        kept = found if kept is None else kept & found
        if not kept:
            return []
    return [f for f in forms if f in kept]


class _FormIndex:
    """The forms' distinct words, and the forms joined into one text in which a whole word
    is found as " word " (a form's words are single-spaced; forms are apart by " \n ")."""

    def __init__(self, forms: tuple[str, ...]):
        from itertools import accumulate

        from card_db.fuzzy import WordList

        self.forms = forms
        self.text = " " + " \n ".join(forms) + " "
        self.words = WordList(sorted(set(self.text.split())))
        self.starts = list(accumulate((len(f) + 3 for f in forms[:-1]), initial=0))
        self._forms_with: dict[str, list[str]] = {}

    def forms_with(self, word: str) -> list[str]:
        found = self._forms_with.get(word)
        if found is None:
            from bisect import bisect_right

            found, needle = [], f" {word} "
            at = self.text.find(needle)
            while at >= 0:
                found.append(self.forms[bisect_right(self.starts, at) - 1])
                at = self.text.find(needle, at + len(needle) - 1)
            self._forms_with[word] = found  # a long-lived process asks for common words again
        return found


@lru_cache(maxsize=8)
def _form_index(forms: tuple[str, ...]) -> _FormIndex:
    return _FormIndex(forms)
