"""The unknown cards: every possible deal (exact) or seeded random ones (Monte Carlo).

A *deal* hands the ``n`` cards still to come to their recipients: ``groups``
gives how many each recipient gets (one group per live player, then the
board). A deal is a row of ``n`` unseen-card indexes; columns are taken by
the groups in order. Cards the table does not know are exchangeable: which
card goes to whom does not depend on the order they come out of the shoe, so
every assignment of unseen cards to the groups is equally likely.

>>> count_deals(44, [0, 0, 1])
44
>>> count_deals(5, [1, 1])
20
>>> exact_deals(np.array([7, 8, 9]), [1, 1]).tolist()
[[7, 8], [8, 7], [7, 9], [9, 7], [8, 9], [9, 8]]
>>> rows = sample_deals(np.random.default_rng(1), np.arange(10), 3, 4)
>>> rows.shape, all(len(set(r)) == 3 for r in rows.tolist())
((4, 3), True)
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations
from math import comb, factorial

import numpy as np
import numpy.typing as npt

__all__ = ["count_deals", "exact_chunks", "exact_deals", "sample_deals"]

Deals = npt.NDArray[np.int64]


def count_deals(unseen: int, groups: Sequence[int]) -> int:
    """Distinct deals: choose the cards, then split them among the groups."""
    n = sum(groups)
    ways = factorial(n)
    for k in groups:
        ways //= factorial(k)
    return comb(unseen, n) * ways


def _splits(groups: Sequence[int]) -> npt.NDArray[np.int64]:
    """Every way to give positions ``0..n-1`` to the groups (ascending within a group)."""
    out: list[tuple[int, ...]] = [()]
    free_all = tuple(range(sum(groups)))
    for k in groups:
        grown: list[tuple[int, ...]] = []
        for prefix in out:
            free = [p for p in free_all if p not in prefix]
            grown.extend(prefix + c for c in combinations(free, k))
        out = grown
    return np.array(out, np.int64).reshape(len(out), sum(groups))


def exact_chunks(unseen: npt.NDArray[np.int64], groups: Sequence[int],
                 chunk: int = 1 << 15) -> Iterator[Deals]:
    """Every deal, a block of rows at a time (each deal exactly once)."""
    n = sum(groups)
    if n == 0:  # nothing to come: the one deal is the hands as they stand
        yield np.zeros((1, 0), np.int64)
        return
    splits = _splits(groups)
    per_chunk = max(1, chunk // len(splits))
    combos = combinations(range(len(unseen)), n)
    while True:
        block = np.array([c for _, c in zip(range(per_chunk), combos, strict=False)],
                         np.int64).reshape(-1, n)
        if not len(block):
            return
        cards = unseen[block]  # (C, n)
        yield cards[:, splits].reshape(-1, n)


def exact_deals(unseen: npt.NDArray[np.int64], groups: Sequence[int]) -> Deals:
    """All deals at once (small cases; :func:`exact_chunks` for big ones)."""
    n = sum(groups)
    return np.concatenate([*exact_chunks(unseen, groups), np.zeros((0, n), np.int64)])


def sample_deals(rng: np.random.Generator, unseen: npt.NDArray[np.int64], n: int,
                 rows: int) -> Deals:
    """``rows`` random deals of ``n`` distinct unseen cards: each row is a uniformly
    shuffled copy of the unseen cards, cut to its first ``n``."""
    decks = rng.permuted(np.tile(unseen.astype(np.int64), (rows, 1)), axis=1)
    return decks[:, :n]
