"""Settle-up: who pays whom, in as few transfers as can be found.

Everyone who is not square must take part in at least one transfer, and a
group of players whose results sum to zero can settle among themselves in one
transfer fewer than its size. So the fewest transfers is (players not square)
minus (the largest number of disjoint zero-sum groups they split into). For up
to :data:`EXACT_LIMIT` players not square, that split is found exactly (dynamic
programming over subsets); beyond, a greedy match of the biggest debtor with
the biggest creditor is used, which never needs more than (players not square)
- 1 transfers.

>>> settle({"Anna": 30, "Ben": -30, "Chloé": 10, "Dev": -10})
[Transfer(payer='Ben', payee='Anna', chips=30), Transfer(payer='Dev', payee='Chloé', chips=10)]
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from controller.log.errors import LogError

__all__ = ["EXACT_LIMIT", "Transfer", "settle"]

EXACT_LIMIT = 14
"""Largest number of players not square settled by exact search (2^14 subsets)."""


@dataclass(frozen=True)
class Transfer:
    """``payer`` hands ``chips`` worth of money to ``payee``."""

    payer: str
    payee: str
    chips: int


def settle(nets: Mapping[str, int], exact_limit: int = EXACT_LIMIT) -> list[Transfer]:
    """Transfers that square every player; ``nets`` must sum to zero."""
    total = sum(nets.values())
    if total != 0:
        raise LogError("bank_unbalanced", f"results add up to {total:+d} chips, not 0: "
                       "the bank does not balance, so there is nothing fair to settle")
    players = sorted((p for p, n in nets.items() if n), key=lambda p: (-abs(nets[p]), p))
    groups = _zero_sum_groups(players, nets) if len(players) <= exact_limit else [players]
    transfers = [t for group in groups for t in _greedy(group, nets)]
    return sorted(transfers, key=lambda t: (-t.chips, t.payer, t.payee))


def _zero_sum_groups(players: list[str], nets: Mapping[str, int]) -> list[list[str]]:
    """Split players into the most disjoint groups that each sum to zero (exact)."""
    n = len(players)
    size = 1 << n
    sums = [0] * size
    for mask in range(1, size):
        low = mask & -mask
        sums[mask] = sums[mask ^ low] + nets[players[low.bit_length() - 1]]
    best = [0] * size
    for mask in range(1, size):
        bits = mask
        top = 0
        while bits:
            low = bits & -bits
            top = max(top, best[mask ^ low])
            bits ^= low
        best[mask] = top + (sums[mask] == 0)
    return _peel_groups(players, sums, best)


def _peel_groups(players: list[str], sums: list[int], best: list[int]) -> list[list[str]]:
    """Walk the table back from everyone: each zero-sum prefix closes a group."""
    mask = (1 << len(players)) - 1
    order: list[int] = []
    while mask:
        want = best[mask] - (sums[mask] == 0)
        i = next(i for i in range(len(players))
                 if mask >> i & 1 and best[mask ^ (1 << i)] == want)
        order.append(i)
        mask ^= 1 << i
    groups: list[list[str]] = []
    current: list[str] = []
    running = 0
    for i in reversed(order):
        current.append(players[i])
        running += sums[1 << i]
        if running == 0:
            groups.append(current)
            current = []
    return groups


def _greedy(group: list[str], nets: Mapping[str, int]) -> list[Transfer]:
    """Biggest debtor pays biggest creditor until the group is square (size - 1 at most)."""
    owed = {p: nets[p] for p in group}
    transfers: list[Transfer] = []
    while any(owed.values()):
        payer = min(owed, key=lambda p: (owed[p], p))
        payee = max(owed, key=lambda p: (owed[p], p))
        chips = min(-owed[payer], owed[payee])
        transfers.append(Transfer(payer, payee, chips))
        owed[payer] += chips
        owed[payee] -= chips
    return transfers
