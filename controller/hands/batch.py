"""Vectorised seven-card high evaluation with numpy, for the odds engine.

Each rank has a small additive weight such that the weights of any seven
ranks (at most four alike) sum to a number no other seven-rank multiset
gives. The weights are the greedy smallest such set, found once by checking
the difference sets of all partial sums (an FFT correlation per rank):
0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181;
the largest seven-card sum is 7,825,759. So one gather-and-sum per hand and
one lookup in a 7.8M-entry ``int16`` table give the best non-flush hand; a
second small sum of 3-bit suit counters finds the (rare) flush rows, whose
suited-rank masks go through :data:`~controller.hands.tables.FLUSH_TOP`.

Results equal :func:`~controller.hands.tables.eval_high7` strengths.

>>> import numpy as np
>>> from controller.cards import parse_cards
>>> hands = np.array([[c.index for c in parse_cards(t)] for t in
...                   ("Ah Kh Qh Jh Th 2c 3d", "9c 9h 5c 5d Kd 3h 2s")])
>>> [int(v) for v in eval_high_batch(hands)] == [tables.eval_high7(h) for h in hands.tolist()]
True
>>> tables.high_key(int(eval_high_batch(hands)[0]))
(8, 14, 13, 12, 11, 10)
"""

from __future__ import annotations

from functools import cache
from itertools import combinations_with_replacement

import numpy as np
import numpy.typing as npt

from controller.hands import tables

__all__ = ["RANK_WEIGHTS", "eval_high_batch"]

RANK_WEIGHTS: tuple[int, ...] = (
    0, 1, 5, 22, 98, 453, 2031, 8698, 22854, 83661, 262349, 636345, 1479181)
_SUIT_BITS = 12  # four 3-bit suit counters below the rank sum
_CHUNK = 1 << 16


@cache
def _tables() -> tuple[npt.NDArray[np.int64], npt.NDArray[np.int16], npt.NDArray[np.int8],
                       npt.NDArray[np.int16]]:
    """Card keys, the non-flush table, the flush-suit table, the flush table (built once)."""
    card_key = np.array(
        [RANK_WEIGHTS[i >> 2] << _SUIT_BITS | 1 << 3 * (i & 3) for i in range(52)], np.int64)
    nonflush = np.zeros(4 * RANK_WEIGHTS[12] + 3 * RANK_WEIGHTS[11] + 1, np.int16)
    for ranks in combinations_with_replacement(range(13), 7):
        if max(ranks.count(r) for r in set(ranks)) <= 4:
            weight = sum(RANK_WEIGHTS[r] for r in ranks)
            nonflush[weight] = tables.HIGH_NF[sum(5**r for r in ranks)]
    flush_suit = np.full(1 << _SUIT_BITS, -1, np.int8)
    for code in range(1 << _SUIT_BITS):
        for suit in range(4):
            if (code >> 3 * suit) & 7 >= 5:
                flush_suit[code] = suit
    flush_top = np.array(tables.FLUSH_TOP, np.int16)
    return card_key, nonflush, flush_suit, flush_top


def eval_high_batch(hands: npt.ArrayLike) -> npt.NDArray[np.int16]:
    """Strengths of ``N`` seven-card hands given as an ``(N, 7)`` array of card indexes."""
    arr = np.asarray(hands)
    if arr.ndim != 2 or arr.shape[1] != 7:
        raise ValueError(f"expected an (N, 7) array of card indexes, got shape {arr.shape}")
    out = np.empty(len(arr), np.int16)
    for start in range(0, len(arr), _CHUNK):
        block = arr[start:start + _CHUNK]
        out[start:start + len(block)] = _eval_block(block)
    return out


def _eval_block(block: npt.NDArray[np.integer]) -> npt.NDArray[np.int16]:
    card_key, nonflush, flush_suit, flush_top = _tables()
    keys = card_key[block]
    total = keys[:, 0] + keys[:, 1] + keys[:, 2] + keys[:, 3] + keys[:, 4] + keys[:, 5] \
        + keys[:, 6]
    values: npt.NDArray[np.int16] = nonflush[total >> _SUIT_BITS]
    suit = flush_suit[total & ((1 << _SUIT_BITS) - 1)]
    rows = np.flatnonzero(suit >= 0)
    if len(rows):
        cards = block[rows].astype(np.int64)
        in_suit = (cards & 3) == suit[rows, None]
        masks = np.where(in_suit, 1 << (cards >> 2), 0).sum(axis=1)
        values[rows] = flush_top[masks]
    return values
