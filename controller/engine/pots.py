"""Main and side pots from what each player put in, and splitting a pot fairly.

The odd chip of a split goes to the first tied winner clockwise after the
dealer (seed 000 section 05); a high-low split gives the odd chip to high
(seed 003 "Seven Card Stud High-Low").

>>> build_pots([10, 10, 4], [True, True, True], [False, False, True])
[(12, (0, 1, 2)), (12, (0, 1))]
>>> build_pots([13, 21], [True, True], [False, False])  # fees are not side pots
[(34, (0, 1))]
>>> split(7, [2, 0], dealer=1, n=3)
[(2, 4), (0, 3)]
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["build_pots", "split"]


def build_pots(committed: Sequence[int], live: Sequence[bool],
               all_in: Sequence[bool] | None = None) -> list[tuple[int, tuple[int, ...]]]:
    """``(amount, eligible player indexes)`` per pot, main pot first.

    Each all-in level closes a pot; players who are not all-in are eligible
    for every pot (their totals differ only by fees, which are not bets).
    Chips of folded players count in every pot they reached but make nobody
    eligible. Chips above the last all-in level form the last pot.
    """
    flags = all_in if all_in is not None else [True] * len(committed)
    levels = sorted({c for c, alive, shove in zip(committed, live, flags, strict=True)
                     if alive and shove and c > 0})
    pots: list[tuple[int, tuple[int, ...]]] = []
    floor = 0
    for level in levels:
        amount = sum(min(c, level) - min(c, floor) for c in committed)
        eligible = tuple(i for i, c in enumerate(committed)
                         if live[i] and (c >= level or not flags[i]))
        _add(pots, amount, eligible)
        floor = level
    rest = sum(c - min(c, floor) for c in committed)
    eligible = tuple(i for i, c in enumerate(committed) if live[i] and (c > floor or not flags[i]))
    if rest and not eligible:  # only folded chips are left above the last level
        eligible = pots[-1][1] if pots else tuple(i for i, alive in enumerate(live) if alive)
    _add(pots, rest, eligible)
    return pots


def _add(pots: list[tuple[int, tuple[int, ...]]], amount: int, eligible: tuple[int, ...]) -> None:
    if not amount:
        return
    if pots and pots[-1][1] == eligible:
        pots[-1] = (pots[-1][0] + amount, eligible)
    else:
        pots.append((amount, eligible))


def split(amount: int, winners: Sequence[int], dealer: int, n: int,
          ranked: bool = False) -> list[tuple[int, int]]:
    """Share ``amount`` among ``winners`` (player indexes); odd chips go one by one to
    the tied winners in clockwise order starting after the dealer (or in the order
    given, when ``ranked``: e.g. by the suit of the highest card)."""
    order = list(winners) if ranked else sorted(winners, key=lambda i: (i - dealer - 1) % n)
    base, odd = divmod(amount, len(order))
    return [(i, base + (1 if k < odd else 0)) for k, i in enumerate(order)]
