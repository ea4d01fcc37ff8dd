"""Vectorised showdown strengths: one numpy pass scores a whole batch of deals.

Every card has two additive int64 keys (cards are distinct, so sums never
carry between fields):

* ``KEY_RANKS``: the rank weight of :data:`controller.hands.batch.RANK_WEIGHTS`
  above four 3-bit suit counters (bits 0..11), and bit 40 for the joker;
* ``KEY_SUITED``: bit ``13 * suit + (rank - 2)``, the suited-rank mask.

A pool's keys are the sums of its cards' keys. For a fixed pool size the
weight sum names the rank multiset uniquely (the weights are chosen so that
any seven ranks, at most four alike, have a distinct sum; fewer cards are a
sub-case), so a dense table per size gives the best non-flush hand. The suit
counters flag the (rare) flush rows, whose suited mask goes through the flush
tables of :mod:`controller.hands.tables`. The strengths are the same numbers
:mod:`controller.hands.tables` returns (``eval_high7``, ``eval_bug7``,
``eval_low_a5``), so they agree with the rankings by construction; 0 means "no
qualifying hand" (eight-or-better).

Pools of 5 to 7 cards take this path (stud, hold'em, Omaha's 2 + 3, Aces,
Straights and Flushes' six cards and the bug); anything else is priced by the
general rankings (:mod:`controller.odds.slow`).

>>> from controller.cards import parse_cards
>>> from controller.hands import tables
>>> idx = np.array([[c.index for c in parse_cards("As Ks Qs 7s 9d 2c Jk")]])
>>> k1, k2 = KEY_RANKS[idx].sum(axis=1), KEY_SUITED[idx].sum(axis=1)
>>> tables.high_key(int(evaluator("high-bug", 7)(k1, k2)[0]))
(5, 14, 13, 12, 11, 7)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from controller.hands import tables
from controller.hands.batch import RANK_WEIGHTS

__all__ = [
    "FAST_RANKINGS",
    "KEY_BITS",
    "KEY_RANKS",
    "KEY_SUITED",
    "MASK_RANKINGS",
    "Evaluator",
    "evaluator",
    "mask_evaluator",
    "warm",
]

Keys = npt.NDArray[np.int64]
Strengths = npt.NDArray[np.int32]
Evaluator = Callable[[Keys, Keys], Strengths]

SUIT_BITS = 12
JOKER_BIT = 40
WEIGHT_MASK = (1 << 28) - 1
MIN_POOL, MAX_POOL = 5, 7
FAST_RANKINGS = frozenset({"high", "high-bug", "low-a5", "low-a5-8"})


def _bits() -> npt.NDArray[np.int32]:
    return np.array([1 << (i >> 2) for i in range(52)] + [1 << 13], np.int32)


KEY_BITS = _bits()
"""Per card: bit ``rank - 2`` (bit 13 for the joker). A pool's bits are or-ed, not summed:
the set of ranks present, which is all an eight-or-better low depends on."""


def _keys() -> tuple[Keys, Keys]:
    ranks = [RANK_WEIGHTS[i >> 2] << SUIT_BITS | 1 << 3 * (i & 3) for i in range(52)]
    suited = [1 << (13 * (i & 3) + (i >> 2)) for i in range(52)]
    return (np.array([*ranks, 1 << JOKER_BIT], np.int64),
            np.array([*suited, 0], np.int64))


KEY_RANKS, KEY_SUITED = _keys()

# ------------------------------------------------------------------ tables (built once)

_LAZY = {"high": tables.HIGH_NF, "bug": tables.BUG_NF, "low": tables.LOW_A5,
         "low-wild": tables.LOW_A5_WILD}


class MultisetTable:
    """Best hand of every ``size``-card rank multiset, indexed by its weight sum, filled
    on first use of each entry: one showdown touches a handful of entries, a Monte
    Carlo run most of them, and :meth:`fill` builds the lot (the live table warms up).

    Entries are filled from :mod:`controller.hands.tables` (the same numbers
    ``eval_high7`` returns); an index no multiset of at most four alike has
    (five of a rank, which the wild-card path looks up and then outranks) reads 0.
    """

    def __init__(self, kind: str, size: int) -> None:
        self.lazy = _LAZY[kind]
        combos = np.array(list(combinations_with_replacement(range(13), size)), np.int64)
        alike = np.stack([(combos == r).sum(axis=1) for r in range(13)], axis=1)
        combos = combos[alike.max(axis=1) <= 4]
        weights = np.array(RANK_WEIGHTS, np.int64)[combos].sum(axis=1)
        order = np.argsort(weights)
        self.weights = weights[order]
        self.rank_keys = (np.int64(5) ** combos).sum(axis=1)[order]
        self.values = np.full(int(self.weights[-1]) + 1, -1, np.int32)

    def __getitem__(self, index: Keys) -> Strengths:
        index = np.minimum(index, len(self.values) - 1)
        values: Strengths = self.values[index]
        if (values < 0).any():
            self._fill(np.unique(index[values < 0]))
            values = self.values[index]
        return values

    def _fill(self, wanted: Keys) -> None:
        pos = np.minimum(np.searchsorted(self.weights, wanted), len(self.weights) - 1)
        for w, p, real in zip(wanted.tolist(), pos.tolist(),
                              (self.weights[pos] == wanted).tolist(), strict=True):
            self.values[w] = self.lazy[int(self.rank_keys[p])] if real else 0

    def fill(self) -> None:
        """Compute every entry now."""
        self._fill(self.weights[self.values[self.weights] < 0])


@cache
def _multiset_table(kind: str, size: int) -> MultisetTable:
    return MultisetTable(kind, size)


@cache
def _flush_suit(at_least: int) -> npt.NDArray[np.int8]:
    """Suit (0..3) holding ``at_least`` cards for each 12-bit suit-counter code, else -1."""
    out = np.full(1 << SUIT_BITS, -1, np.int8)
    for code in range(1 << SUIT_BITS):
        for suit in range(4):
            if (code >> 3 * suit) & 7 >= at_least:
                out[code] = suit
    return out


FLUSH_TOP = np.array(tables.FLUSH_TOP, np.int32)
BUG_FLUSH_TOP = np.array(tables.BUG_FLUSH_TOP, np.int32)


@cache
def _low8_table() -> Strengths:
    """Eight-or-better lows by the (ace-low) set of ranks present, without / with the joker.

    Only five different ranks of eight or lower qualify (seed 003 "Eight or
    Better"), so the set of ranks present decides; the joker is the lowest rank
    missing (seed 003 "Wild Cards - Low Poker").
    """
    out = np.zeros(2 << 13, np.int32)
    for joker in (0, 1):
        for present in range(1 << 13):
            if present.bit_count() + joker < 5:
                continue
            counts = [0, 0, *((present >> b) & 1 for b in range(13))]
            key = tables.best_a5_key(counts, joker)
            if key[0] == 9 and 15 - key[1] <= 8:  # unpaired, eight or lower
                out[joker << 13 | present] = tables.pack(key)
    return out

# ------------------------------------------------------------------ evaluators


def _high(size: int) -> Evaluator:
    nonflush, suit_of = _multiset_table("high", size), _flush_suit(5)

    def run(k1: Keys, k2: Keys) -> Strengths:
        values: Strengths = nonflush[(k1 >> SUIT_BITS) & WEIGHT_MASK]
        suit = suit_of[k1 & 0xFFF]
        rows = np.flatnonzero(suit >= 0)
        if len(rows):
            masks = (k2[rows] >> (13 * suit[rows].astype(np.int64))) & 0x1FFF
            values[rows] = np.maximum(values[rows], FLUSH_TOP[masks])
        return values

    return run


def _bug(size: int) -> Evaluator:
    """Seed 000 section 04: the bug is an ace or fills a straight, flush or straight flush."""
    plain = _high(size)
    nonflush, suit_of = _multiset_table("bug", size - 1), _flush_suit(4)

    def run(k1: Keys, k2: Keys) -> Strengths:
        joker = np.flatnonzero(k1 >> JOKER_BIT)
        if not len(joker):
            return plain(k1, k2)
        values = plain(k1, k2) if len(joker) < len(k1) else np.zeros(len(k1), np.int32)
        j1, j2 = k1[joker], k2[joker]
        bug = nonflush[(j1 >> SUIT_BITS) & WEIGHT_MASK]
        suit = suit_of[j1 & 0xFFF]
        rows = np.flatnonzero(suit >= 0)
        if len(rows):
            masks = (j2[rows] >> (13 * suit[rows].astype(np.int64))) & 0x1FFF
            bug[rows] = np.maximum(bug[rows], BUG_FLUSH_TOP[masks])
        values[joker] = bug
        return values

    return run


def _low(size: int) -> Evaluator:
    """Ace-to-five low, no qualifier (razz); the joker is the best fitter."""
    plain, wild = _multiset_table("low", size), _multiset_table("low-wild", size - 1)

    def run(k1: Keys, k2: Keys) -> Strengths:
        weight = (k1 >> SUIT_BITS) & WEIGHT_MASK
        joker = np.flatnonzero(k1 >> JOKER_BIT)
        if not len(joker):
            natural_only: Strengths = plain[weight]
            return natural_only
        values = np.zeros(len(k1), np.int32)
        natural = np.flatnonzero((k1 >> JOKER_BIT) == 0)
        values[natural] = plain[weight[natural]]
        values[joker] = wild[weight[joker]]
        return values

    return run


def _low8(size: int) -> Evaluator:
    table = _low8_table()

    def run(k1: Keys, k2: Keys) -> Strengths:
        present = (k2 | k2 >> 13 | k2 >> 26 | k2 >> 39) & 0x1FFF
        values: Strengths = table[((k1 >> JOKER_BIT) & 1) << 13 | present]
        return values

    return run


MaskEvaluator = Callable[[npt.NDArray[np.int32]], Strengths]
MASK_RANKINGS = frozenset({"low-a5-8"})


def mask_evaluator(ranking: str) -> MaskEvaluator:
    """Eight-or-better from or-ed :data:`KEY_BITS` (any pool size): one small-table lookup.

    >>> from controller.cards import parse_cards
    >>> bits = np.bitwise_or.reduce(KEY_BITS[[c.index for c in parse_cards("8h 6c 4d 3s Ah")]])
    >>> tables.unpack(int(mask_evaluator("low-a5-8")(np.array([bits]))[0]))
    (9, 7, 9, 11, 12, 14)
    """
    if ranking not in MASK_RANKINGS:
        raise ValueError(f"no rank-set path for {ranking}")
    table = _low8_table()

    def run(bits: npt.NDArray[np.int32]) -> Strengths:
        values: Strengths = table[bits]
        return values

    return run


_BUILDERS: dict[str, Callable[[int], Evaluator]] = {
    "high": _high, "high-bug": _bug, "low-a5": _low, "low-a5-8": _low8}


@cache
def evaluator(ranking: str, size: int) -> Evaluator:
    """The vectorised evaluator of ``ranking`` for pools of ``size`` cards (5..7)."""
    if ranking not in _BUILDERS or not MIN_POOL <= size <= MAX_POOL:
        raise ValueError(f"no fast path for {ranking} with {size} cards")
    return _BUILDERS[ranking](size)


_TABLE_KINDS = {"high": ("high",), "high-bug": ("high", "bug"), "low-a5": ("low", "low-wild"),
                "low-a5-8": ()}


def warm(ranking: str, sizes: tuple[int, ...] = (7,)) -> None:
    """Build the tables now (the live table warms up before the first hand)."""
    for size in sizes:
        evaluator(ranking, size)
        for kind in _TABLE_KINDS[ranking]:
            _multiset_table(kind, size - 1 if kind in ("bug", "low-wild") else size).fill()
