"""Vectorised high hands with wild cards (seed 003 "Hand Rankings with Wild Cards").

Deuces wild, Low Hole (each player's lowest down card), the Man with the Axe
(deuces, jacks and the king of diamonds, and a natural pair of sevens on
top): the games whose showdown is ``high-wild``, without the house options
(double-ace flush, natural beats wild), which keep the card-by-card path.

A pool of 5..7 cards is split into its ``w`` wild cards and its naturals; the
best hand is the best of

* five of a kind: the highest rank held ``5 - w`` times (five aces with five
  wild cards), above any straight flush;
* the best non-flush hand when the wild cards stand for ranks: every multiset
  of ``w`` stand-in ranks (1..3 wild cards; four or more always make five of
  a kind) looked up in the plain table of :mod:`controller.odds.fast`;
* for each suit whose naturals plus the wild cards reach five, the best
  straight flush or flush with the wild cards filling its gaps (else the
  highest ranks missing): one lookup in a table per number of wild cards.

Strengths are plain high strengths (1..7462), five of a kind of rank ``r``
is ``7461 + r`` (7463..7475), and a top hand adds :data:`TOP_HAND`.
:func:`strength_key` turns one back into the ranking's key.

>>> import numpy as np
>>> from controller.cards import Rank, parse_cards
>>> from controller.hands import WildSpec
>>> wild = wild_mask(WildSpec(jokers=False, ranks=frozenset({Rank.TWO})))
>>> cards = np.array([[c.index for c in parse_cards("2c 2d Ah Ad Ac 7s 8s")]])
>>> k1, k2, k3 = (k.sum(axis=1) for k in pool_keys(cards, wild))
>>> strength_key(int(wild_evaluator(7)(k1, k2, k3)[0]))
(9, 14, 14, 14, 14, 14)
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from controller.hands import WildSpec, tables
from controller.hands.batch import RANK_WEIGHTS
from controller.odds import fast

__all__ = ["TOP_HAND", "WildEvaluator", "pool_keys", "strength_key", "warm", "wild_evaluator",
           "wild_mask"]

Keys = npt.NDArray[np.int64]
Strengths = npt.NDArray[np.int32]
WildEvaluator = Callable[[Keys, Keys, Keys], Strengths]

WILD_SHIFT = 44  # wild cards counted in the rank key's bits 44..47
FIVE_BASE = len(tables.HIGH_KEYS) - 3  # 7461: five of a kind of rank r is FIVE_BASE + r
TOP_HAND = 1 << 16
SEVEN = 7 - 2


def wild_mask(spec: WildSpec) -> npt.NDArray[np.bool_]:
    """Which of the 53 card indexes are wild for everyone under ``spec``."""
    out = np.zeros(53, np.bool_)
    for i in range(52):
        rank = i // 4 + 2
        out[i] = any(r == rank for r in spec.ranks) or any(c.index == i for c in spec.cards)
    out[52] = spec.jokers
    return out


def pool_keys(cards: npt.NDArray[np.int64], wild: npt.NDArray[np.bool_],
              wild_rank: npt.NDArray[np.int64] | None = None) -> tuple[Keys, Keys, Keys]:
    """Per-card keys ``(ranks, suited, counts)`` of ``(N, k)`` card indexes; a wild card
    counts only as a wild card. ``wild_rank`` (per row, 2..14, 0 for none) adds a rank
    that is wild in that row only (Low Hole)."""
    is_wild = wild[cards]
    if wild_rank is not None:
        is_wild = is_wild | ((cards // 4 + 2 == wild_rank[:, None]) & (cards < 52))
    ranks = np.where(is_wild, np.int64(1) << WILD_SHIFT, fast.KEY_RANKS[cards])
    suited = np.where(is_wild, 0, fast.KEY_SUITED[cards])
    counts = np.where(is_wild, 0, _COUNT_KEY[cards])
    return ranks, suited, counts


_COUNT_KEY = np.array([1 << 3 * (i >> 2) for i in range(52)] + [0], np.int64)


def strength_key(strength: int) -> tuple[int, ...]:
    """The ranking's key of a strength (the top-hand flag first when set)."""
    top, strength = divmod(strength, TOP_HAND)
    if strength > FIVE_BASE + 1:
        r = strength - FIVE_BASE
        key: tuple[int, ...] = (9, r, r, r, r, r)
    else:
        key = tables.high_key(strength)
    return (top, *key) if top else key


# ------------------------------------------------------------------ flush tables


def _flush_strength(mask: int, wilds: int) -> int:
    """Best straight flush or flush of one suit's naturals plus ``wilds`` fillers."""
    for top, window in tables._WINDOWS:  # royal first, the wheel last
        if (mask & window).bit_count() + wilds >= 5:
            return tables.high_strength((8, *tables._straight_key(top)[1:]))
    missing = [b for b in range(12, -1, -1) if not mask >> b & 1][:wilds]
    union = mask | sum(1 << b for b in missing)
    ranks = tuple(b + 2 for b in range(12, -1, -1) if union >> b & 1)[:5]
    return tables.high_strength((5, *ranks))


@cache
def _flush_table(wilds: int) -> Strengths:
    out = np.zeros(1 << 13, np.int32)
    for mask in range(1 << 13):
        if mask.bit_count() + wilds >= 5 and mask.bit_count() <= 7 - wilds:
            out[mask] = _flush_strength(mask, wilds)
    return out


@cache
def _stand_ins(wilds: int) -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int64]]:
    """Every multiset of ``wilds`` stand-in ranks: (weight sums, count keys)."""
    combos = list(combinations_with_replacement(range(13), wilds))
    weights = np.array([sum(RANK_WEIGHTS[r] for r in c) for c in combos], np.int64)
    counts = np.array([sum(1 << 3 * r for r in c) for c in combos], np.int64)
    return weights, counts


# ------------------------------------------------------------------ evaluation


def _counts(k3: Keys) -> list[Keys]:
    return [(k3 >> 3 * r) & 7 for r in range(13)]


def _five_of_a_kind(counts: list[Keys], wilds: Keys) -> Strengths:
    best = np.zeros(len(wilds), np.int32)
    for r, c in enumerate(counts):
        best = np.where(c + wilds >= 5, FIVE_BASE + r + 2, best)
    return best


def _plain_with_stand_ins(size: int, k1: Keys, wilds: Keys) -> Strengths:
    """Best non-flush hand, the wild cards standing for the best ranks (<= 3 wilds).

    Rows where a stand-in would make five of a rank are five of a kind, which beats
    anything found here; their lookups read 0 (or are clipped into the table) and are outranked.
    """
    nonflush = fast._multiset_table("high", size)
    weight = (k1 >> fast.SUIT_BITS) & fast.WEIGHT_MASK
    best = np.zeros(len(k1), np.int32)
    for w in range(0, 4):
        rows = np.flatnonzero(wilds == w)
        if not len(rows):
            continue
        if w == 0:
            best[rows] = nonflush[weight[rows]]
            continue
        add_weight, _ = _stand_ins(w)
        values = nonflush[weight[rows, None] + add_weight[None, :]]
        best[rows] = values.max(axis=1)
    return best


def _flushes(k1: Keys, k2: Keys, wilds: Keys) -> Strengths:
    best = np.zeros(len(k1), np.int32)
    for suit in range(4):
        count = (k1 >> 3 * suit) & 7
        rows = np.flatnonzero(count + wilds >= 5)
        if not len(rows):
            continue
        masks = (k2[rows] >> 13 * suit) & 0x1FFF
        w = np.minimum(wilds[rows], 4)
        values = np.zeros(len(rows), np.int32)
        for n in np.unique(w).tolist():
            sel = w == n
            values[sel] = _flush_table(int(n))[masks[sel]]
        best[rows] = np.maximum(best[rows], values)
    return best


@cache
def wild_evaluator(size: int, top_hand: str = "") -> WildEvaluator:
    """Strengths of ``size``-card pools from summed :func:`pool_keys` (5..7 cards)."""
    if not fast.MIN_POOL <= size <= fast.MAX_POOL:
        raise ValueError(f"no wild fast path for {size} cards")

    def run(k1: Keys, k2: Keys, k3: Keys) -> Strengths:
        wilds = (k1 >> WILD_SHIFT) & 0xF
        counts = _counts(k3)
        best = np.maximum(_plain_with_stand_ins(size, k1, wilds), _flushes(k1, k2, wilds))
        best = np.maximum(best, _five_of_a_kind(counts, wilds))
        if top_hand == "natural-pair-7":
            # seed 003, the Man with the Axe: a natural pair of sevens beats everything
            best = best + np.where(counts[SEVEN] >= 2, TOP_HAND, 0).astype(np.int32)
        return best

    return run


def warm(sizes: tuple[int, ...] = (7,)) -> None:
    """Build the tables now (the live table warms up before the first hand)."""
    for wilds in range(5):
        _flush_table(wilds)
    fast.warm("high", sizes)
