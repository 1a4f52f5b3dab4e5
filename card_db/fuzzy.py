"""Fuzzy string scores in plain Python: the Indel ratio, its best partial alignment, the
weighted ratio (WRatio) and the OSA edit distance, giving the same numbers as rapidfuzz's
functions of those names; and ``WordList``, which scores one word against thousands at once.

Why not rapidfuzz itself: importing it costs a search more than matching a few thousand
short names here, and `deckbuilder search` starts against cthulhucli. The bulk scorers
(suggestions over every title, the deck reader's spelling check) still use rapidfuzz;
tests check these functions against it.

Scores are 0-100. The longest common subsequence is counted bit-parallel (Allison-Dix,
Hyyrö): one integer's bits stand for the pattern's characters, one step per text character.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from itertools import groupby

UNBASE_SCALE = 0.95  # a score from rearranged words counts a little less than a plain one


def char_masks(pattern: str) -> dict[str, int]:
    """Character -> the bits of its positions in ``pattern``; reused for many texts."""
    masks: dict[str, int] = {}
    bit = 1
    for ch in pattern:
        masks[ch] = masks.get(ch, 0) | bit
        bit <<= 1
    return masks


def lcs_length(masks: dict[str, int], pattern_length: int, text: str) -> int:
    """The longest common subsequence of the pattern (given by its ``char_masks``) and
    ``text``: the zero bits left in the row vector."""
    full = (1 << pattern_length) - 1
    row = full
    get = masks.get
    for ch in text:
        matched = row & get(ch, 0)
        row = ((row + matched) | (row - matched)) & full
    return pattern_length - row.bit_count()


def similarity(common: int, total_length: int) -> float:
    """The Indel similarity as a percentage: 100 less the share of insertions and deletions
    that turn one string into the other (total length less twice the common part)."""
    if not total_length:
        return 100.0
    return 100.0 * (1.0 - (total_length - 2 * common) / total_length)


def distance_similarity(distance: int, total_length: int) -> float:
    """The same percentage from the edit count, computed as 100 less the edits' share:
    the word-set scores are computed this way, and the two ways can differ in the last bit
    (32/38 is 84.21052631578947 one way, 84.21052631578948 the other), which at a cutoff
    is the difference between a match and none."""
    if not total_length:
        return 100.0
    return 100.0 - 100.0 * distance / total_length


def ratio(a: str, b: str) -> float:
    return similarity(lcs_length(char_masks(a), len(a), b), len(a) + len(b))


def partial_ratio(a: str, b: str) -> float:
    """The ratio of the shorter string and the part of the longer it aligns with best:
    windows of the shorter's length, and at either end the shorter windows that only
    overlap it. Strings of one length are aligned both ways round."""
    if len(a) > len(b):
        return _aligned(b, a)
    best = _aligned(a, b)
    if len(a) == len(b) and best < 100.0:
        best = max(best, _aligned(b, a))
    return best


def _aligned(short: str, long: str) -> float:
    if not short:
        return 0.0 if long else 100.0
    size, long_size = len(short), len(long)
    masks = char_masks(short)
    best = 0.0
    # A window whose first (or, at the start, last) character is not in the shorter scores
    # no better than the window one step on: only windows with a useful edge are scored.
    for end in range(1, size):
        if long[end - 1] in masks:
            best = max(best, similarity(lcs_length(masks, size, long[:end]), size + end))
    for start in range(long_size - size + 1):
        if long[start] in masks:
            window = long[start : start + size]
            best = max(best, similarity(lcs_length(masks, size, window), 2 * size))
            if best == 100.0:
                return best
    for start in range(long_size - size + 1, long_size):
        if long[start] in masks:
            tail = long_size - start
            best = max(best, similarity(lcs_length(masks, size, long[start:]), size + tail))
    return best


def token_ratio(a: str, b: str) -> float:
    """The better of the sorted-words ratio and the word-set ratio: the words shared, then
    each side's other words."""
    words_a, words_b = a.split(), b.split()
    set_a, set_b = set(words_a), set(words_b)
    shared = set_a & set_b
    only_a, only_b = set_a - set_b, set_b - set_a
    if shared and (not only_a or not only_b):
        return 100.0
    best = ratio(" ".join(sorted(words_a)), " ".join(sorted(words_b)))
    if not set_a or not set_b:
        return best
    rest_a, rest_b = " ".join(sorted(only_a)), " ".join(sorted(only_b))
    shared_length = len(" ".join(shared))
    # "shared rest_a" against "shared rest_b": only the rests differ
    with_a = shared_length + bool(shared_length) + len(rest_a)
    with_b = shared_length + bool(shared_length) + len(rest_b)
    rests_common = lcs_length(char_masks(rest_a), len(rest_a), rest_b)
    rests_distance = len(rest_a) + len(rest_b) - 2 * rests_common
    best = max(best, distance_similarity(rests_distance, with_a + with_b))
    if shared_length:
        # "shared" against "shared rest": the rest is all that is inserted
        best = max(
            best,
            distance_similarity(with_a - shared_length, shared_length + with_a),
            distance_similarity(with_b - shared_length, shared_length + with_b),
        )
    return best


def partial_token_ratio(a: str, b: str) -> float:
    words_a, words_b = a.split(), b.split()
    set_a, set_b = set(words_a), set(words_b)
    if set_a & set_b:
        return 100.0
    best = partial_ratio(" ".join(sorted(words_a)), " ".join(sorted(words_b)))
    only_a, only_b = set_a - set_b, set_b - set_a
    if len(words_a) == len(only_a) and len(words_b) == len(only_b):
        return best  # the sets differ from the word lists by nothing: the same strings
    return max(best, partial_ratio(" ".join(sorted(only_a)), " ".join(sorted(only_b))))


def wratio(a: str, b: str) -> float:
    """The weighted ratio: the plain ratio, or for strings of unlike lengths the best
    partial alignment scaled down the more the lengths differ; word-rearranged forms count
    at UNBASE_SCALE."""
    if not a or not b:
        return 0.0
    longer, shorter = max(len(a), len(b)), min(len(a), len(b))
    length_ratio = longer / shorter
    best = ratio(a, b)
    if length_ratio < 1.5:
        return max(best, token_ratio(a, b) * UNBASE_SCALE)
    partial_scale = 0.9 if length_ratio <= 8.0 else 0.6
    best = max(best, partial_ratio(a, b) * partial_scale)
    return max(best, partial_token_ratio(a, b) * UNBASE_SCALE * partial_scale)


def osa_distance(a: str, b: str) -> int:
    """Edits (insert, delete, substitute, swap two neighbours) from ``a`` to ``b``, no
    substring edited twice: the optimal string alignment distance. Plain dynamic
    programming, for a pair or a few; rapidfuzz's OSA scores many."""
    before, row = None, list(range(len(b) + 1))
    for i, ca in enumerate(a, start=1):
        current = [i] + [0] * len(b)
        for j, cb in enumerate(b, start=1):
            cost = ca != cb
            best = min(row[j] + 1, current[j - 1] + 1, row[j - 1] + cost)
            if before is not None and j > 1 and ca == b[j - 2] and a[i - 2] == cb:
                best = min(best, before[j - 2] + 1)
            current[j] = best
        before, row = row, current
    return row[-1]


class WordList:
    """Many words scored against one word at once. Each word is a run of bits in one big
    integer, with a zero guard bit between runs, so the LCS rows of all words advance
    together: a carry out of one run stops in the guard, and the matched bits are a subset
    of the row, so the subtraction never borrows. The words are sorted by length, so the
    words of one length are runs of one stride: their LCS counts are summed in place, at
    each run's first bit, and compared with the count the ratio needs, all at once.
    Words must not hold ``SEPARATOR``; empty words are dropped."""

    SEPARATOR = " "

    def __init__(self, words: Iterable[str]):
        self.words = sorted((w for w in words if w), key=len)
        joined = self.SEPARATOR.join(self.words)
        self._ascii = joined.isascii()  # then byte i is character i
        self._bytes = joined.encode("ascii") if self._ascii else b""
        # (length, index of its first word, bit of that word's first character, its words)
        self._groups: list[tuple[int, int, int, int]] = []
        index = bit = 0
        for length, group in groupby(self.words, key=len):
            count = sum(1 for _ in group)
            self._groups.append((length, index, bit, count))
            index += count
            bit += count * (length + 1)
        not_separator = b"1" * ord(self.SEPARATOR) + b"0" + b"1" * (255 - ord(self.SEPARATOR))
        self._word_bits = self._bits_where(not_separator)
        self._char_bits: dict[str, int] = {}

    def _bits_where(self, digits: bytes) -> int:
        """The integer whose bit i is set where ``digits`` (a translation table from bytes
        to b"0" or b"1") maps byte i of the joined words to b"1"."""
        if not self._bytes:
            return 0
        return int(self._bytes.translate(digits)[::-1], 2)

    def _bits_of(self, ch: str) -> int:
        bits = self._char_bits.get(ch)
        if bits is None:
            code = ord(ch)
            bits = self._bits_where(b"0" * code + b"1" + b"0" * (255 - code))
            self._char_bits[ch] = bits
        return bits

    def close_to(self, token: str, min_ratio: float) -> list[str]:
        """The words whose ratio to ``token`` is at least ``min_ratio``."""
        if not self._ascii or not token.isascii():
            return [w for w in self.words if ratio(token, w) >= min_ratio]
        row = full = self._word_bits
        for ch in token:
            matched = row & self._bits_of(ch)  # none for the separator: the guards are never set
            row = ((row + matched) | (row ^ matched)) & full
        marks = full & ~row  # a set bit for each character of a word's LCS
        close = []
        for length, first, bit, count in self._groups:
            need = _least_common(len(token), length, min_ratio)
            if need is None:
                continue
            stride = length + 1
            starts = _run_starts(stride, count)
            runs = (marks >> bit) & ((1 << stride * count) - 1)
            counts = 0
            for offset in range(length):  # each count fits its run: it is at most length
                counts += (runs >> offset) & starts
            # count + 2**k - need reaches bit k exactly when count >= need (need <= length < 2**k)
            k = length.bit_length()
            hits = (counts + ((1 << k) - need) * starts) & (starts << k)
            while hits:
                lowest = hits & -hits
                close.append(self.words[first + (lowest.bit_length() - 1 - k) // stride])
                hits ^= lowest
        return close


@lru_cache(maxsize=256)
def _run_starts(stride: int, count: int) -> int:
    """The integer with a bit at the start of each of ``count`` runs ``stride`` bits apart."""
    return int(("0" * (stride - 1) + "1") * count, 2)


def _least_common(size: int, length: int, min_ratio: float) -> int | None:
    """The fewest characters in common that give two strings of these lengths
    ``min_ratio``, or None when even the whole shorter one would not."""
    for common in range(min(size, length) + 1):
        if similarity(common, size + length) >= min_ratio:
            return common
    return None
