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

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from controller.variants.game import PotRule

__all__ = ["declared_shares", "pot_shares", "winners_share"]

Shares = npt.NDArray[np.float64]


def winners_share(strengths: npt.NDArray[np.integer]) -> Shares:
    """Equal shares among the best (non-zero) strengths of each row; a row where
    nobody has a hand shares nothing."""
    best = strengths.max(axis=1, keepdims=True)
    won = (strengths == best) & (best > 0)
    count = won.sum(axis=1, keepdims=True)
    return np.where(won, 1.0 / np.maximum(count, 1), 0.0)


def pot_shares(high: npt.NDArray[np.integer], low: npt.NDArray[np.integer],
               pot: PotRule, ways: Sequence[str] = ()) -> tuple[Shares, Shares, Shares]:
    """``(pot, high half, low half)`` shares per deal and player; ``ways`` are the
    declarations of a declare game (used once every player has declared)."""
    zero = np.zeros(high.shape, np.float64)
    if pot is PotRule.DECLARE and ways and all(ways):
        return declared_shares(high, low, list(ways))
    if pot is PotRule.HIGH:
        h = winners_share(high)
        return h, h, zero
    if pot is PotRule.LOW:
        lo = winners_share(low)
        return lo, zero, lo
    h, lo = winners_share(high), winners_share(low)
    has_low = lo.sum(axis=1, keepdims=True) > 0
    return np.where(has_low, 0.5 * (h + lo), h), h, lo


def _among(strengths: npt.NDArray[np.integer], who: list[bool]) -> Shares:
    return winners_share(np.where(np.array(who)[None, :], strengths, 0))


def declared_shares(high: npt.NDArray[np.integer], low: npt.NDArray[np.integer],
                    ways: list[str]) -> tuple[Shares, Shares, Shares]:
    """Seed 003 "With Declare": the best "high" and the best "low" share; a "both"
    player must win both ways outright to scoop, and otherwise wins nothing. When
    every claimant fails, the cards speak among all (the engine's house ruling).

    >>> high, low = np.array([[9, 5, 1]]), np.array([[2, 8, 7]])
    >>> declared_shares(high, low, ["both", "low", "high"])[0].tolist()  # 0 loses low
    [[0.0, 0.5, 0.5]]
    >>> declared_shares(high, low, ["both", "high", "high"])[0].tolist()  # 0 wins both
    [[1.0, 0.0, 0.0]]
    """
    h_side = [w in ("high", "both") for w in ways]
    l_side = [w in ("low", "both") for w in ways]
    both = np.array([w == "both" for w in ways])[None, :]
    best_h, best_l = _among(high, h_side), _among(low, l_side)
    scoop = both & (best_h == 1.0) & (best_l == 1.0)
    high_only = [w == "high" for w in ways]
    low_only = [w == "low" for w in ways]
    if any(high_only) or any(low_only):
        h, lo = _among(high, high_only), _among(low, low_only)
    else:
        h, lo = winners_share(high), winners_share(low)
    split = (h.sum(axis=1, keepdims=True) > 0) & (lo.sum(axis=1, keepdims=True) > 0)
    pot = np.where(split, 0.5 * (h + lo), h + lo)
    # Every claim failed (no qualifying low, nobody went high): the pot cannot stay on
    # the table, so the best high hand of all takes it (the engine's ruling, seed 004).
    unclaimed = pot.sum(axis=1, keepdims=True) == 0
    if unclaimed.any():
        fallback = winners_share(high)
        fallback = np.where(fallback.sum(axis=1, keepdims=True) > 0, fallback,
                            winners_share(low))
        pot = np.where(unclaimed, fallback, pot)
    scooped = scoop.any(axis=1, keepdims=True)
    scoop_f = scoop.astype(np.float64)
    return (np.where(scooped, scoop_f, pot), np.where(scooped, scoop_f, h),
            np.where(scooped, scoop_f, lo))
