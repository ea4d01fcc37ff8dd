"""Each player's share of the pot in every deal, from the showdown strengths.

Seed 000 section 05: "Equal five-card hands share it" (ties split evenly;
the odd chip is a matter of chips, not of equity). Seed 003 "Seven Card Stud
High-Low": the best high and the best low share the pot; with eight or
better, when no low qualifies the high hand takes the whole pot.

``pot_shares(high, low, pot)`` returns ``(pot, high_half, low_half)``, each
``(N, players)`` floats: the fraction of the whole pot, of the high half and
of the low half each player wins in each deal.

>>> high = np.array([[5, 5, 1]]); low = np.array([[0, 0, 0]])
>>> [r.tolist() for r in pot_shares(high, low, PotRule.SPLIT_8)]
[[[0.5, 0.5, 0.0]], [[0.5, 0.5, 0.0]], [[0.0, 0.0, 0.0]]]
>>> low = np.array([[0, 3, 7]])
>>> pot_shares(high, low, PotRule.SPLIT_8)[0].tolist()
[[0.25, 0.25, 0.5]]
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from controller.variants.game import PotRule

__all__ = ["pot_shares", "winners_share"]

Shares = npt.NDArray[np.float64]


def winners_share(strengths: npt.NDArray[np.integer]) -> Shares:
    """Equal shares among the best (non-zero) strengths of each row; a row where
    nobody has a hand shares nothing."""
    best = strengths.max(axis=1, keepdims=True)
    won = (strengths == best) & (best > 0)
    count = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(count, 1), 0.0)


def pot_shares(high: npt.NDArray[np.integer], low: npt.NDArray[np.integer],
               pot: PotRule) -> tuple[Shares, Shares, Shares]:
    """``(pot, high half, low half)`` shares per deal and player."""
    zero = np.zeros(high.shape, np.float64)
    if pot is PotRule.HIGH:
        h = winners_share(high)
        return h, h, zero
    if pot is PotRule.LOW:
        lo = winners_share(low)
        return lo, zero, lo
    h, lo = winners_share(high), winners_share(low)
    has_low = lo.sum(axis=1, keepdims=True) > 0
    return np.where(has_low, 0.5 * (h + lo), h), h, lo
