"""Does the shoe look shuffled? A cheap statistic over the order cards leave the shoe.

A well-shuffled pack puts any two cards next to each other by chance. For two
neighbouring cards of a random pack, the second card is one of the 51 others
at random, so:

* same suit: 12 of 51 (``P_SUIT``);
* same rank (pairs gathered together): 3 of 51 (``P_PAIR``);
* neighbouring rank (one up or down, ace next to both king and two, as in a
  new pack's A-2-...-K order): 8 of 51 (``P_RANK``);
* both at once (a run of a new pack or of a gathered, unshuffled hand): 2 of 51
  (``P_RUN``).

:func:`shuffle_check` counts each kind among the ``n - 1`` neighbouring pairs
and asks how likely that many or more is by chance (binomial upper tail; the
pairs are nearly independent, which is close enough for an alarm). The shoe is
flagged when any of the four tails is below :data:`THRESHOLD` = 1e-5, so a
fair shuffle raises a false alarm in well under one hand in a thousand even
though the check runs after every card (a new pack's order is caught by its
fifth card) (``tests/table/test_table_shuffle.py``
measures it on thousands of seeded shuffles).

It is also flagged when five cards in a row come out in exactly the order of
five cards of an earlier hand (``same_order``): a pack that was only cut, or
put back unshuffled; by chance that happens about once in 3e8 windows.

>>> from controller.cards import parse_cards
>>> new_pack = parse_cards("As 2s 3s 4s 5s 6s 7s 8s")
>>> shuffle_check(new_pack).code
'unshuffled_runs'
>>> shuffle_check(parse_cards("7h Kc 2d 9s Td 4c Qh 3s")) is None
True
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from math import comb

from controller.cards import Card

__all__ = ["P_PAIR", "P_RANK", "P_RUN", "P_SUIT", "THRESHOLD", "WINDOW", "ShuffleAlarm",
           "ShuffleMemory", "binomial_tail", "shuffle_check"]

P_SUIT = 12 / 51
P_PAIR = 3 / 51
P_RANK = 8 / 51
P_RUN = 2 / 51
THRESHOLD = 1e-5
WINDOW = 5  # cards in a row that must match an earlier hand's order


@dataclass(frozen=True)
class ShuffleAlarm:
    """Why the shoe looks unshuffled: ``code`` is ``unshuffled_runs`` or ``same_order``."""

    code: str
    message: str
    p_value: float


@lru_cache(maxsize=4096)
def binomial_tail(k: int, n: int, p: float) -> float:
    """P(X >= k) for X ~ Binomial(n, p).

    >>> round(binomial_tail(1, 1, 0.25), 6), binomial_tail(0, 5, 0.1)
    (0.25, 1.0)
    """
    if k <= 0:
        return 1.0
    return sum(comb(n, i) * p**i * (1 - p) ** (n - i) for i in range(k, n + 1))


def _neighbours(a: Card, b: Card) -> tuple[bool, bool, bool]:
    """(same suit, neighbouring rank, same rank) for two ordinary cards."""
    if a.rank is None or b.rank is None:
        return False, False, False
    gap = abs(int(a.rank) - int(b.rank))
    return a.suit == b.suit, gap in (1, 12), gap == 0


def _runs_alarm(cards: Sequence[Card]) -> ShuffleAlarm | None:
    pairs = [_neighbours(a, b) for a, b in itertools.pairwise(cards)]
    n = len(pairs)
    suits = sum(s for s, _, _ in pairs)
    ranks = sum(r for _, r, _ in pairs)
    runs = sum(s and r for s, r, _ in pairs)
    same = sum(x for _, _, x in pairs)
    tests = ((runs, P_RUN, "in suit and rank order"), (suits, P_SUIT, "of the same suit"),
             (ranks, P_RANK, "of neighbouring ranks"), (same, P_PAIR, "of the same rank"))
    worst = min(((binomial_tail(k, n, p), k, what) for k, p, what in tests))
    p_value, k, what = worst
    if p_value >= THRESHOLD:
        return None
    return ShuffleAlarm("unshuffled_runs", f"The shoe looks unshuffled: {k} of the last {n} "
                        f"neighbouring cards were {what} (chance about {p_value:.0e}). "
                        "Check the shuffle; declare a misdeal if needed.", p_value)


def _windows(cards: Sequence[Card]) -> Iterable[tuple[int, ...]]:
    for i in range(len(cards) - WINDOW + 1):
        yield tuple(c.index for c in cards[i:i + WINDOW])


class ShuffleMemory:
    """The order cards came out in earlier hands of the session (for ``same_order``)."""

    def __init__(self) -> None:
        self._seen: set[tuple[int, ...]] = set()

    def remember(self, cards: Sequence[Card]) -> None:
        self._seen.update(_windows(cards))

    def repeats(self, cards: Sequence[Card]) -> bool:
        return any(w in self._seen for w in _windows(cards))


def shuffle_check(cards: Sequence[Card], memory: ShuffleMemory | None = None
                  ) -> ShuffleAlarm | None:
    """An alarm if the cards so far (in shoe order) look unshuffled, else None."""
    if memory is not None and memory.repeats(cards):
        return ShuffleAlarm("same_order", f"{WINDOW} cards in a row came out in the same "
                            "order as in an earlier hand: the pack was not shuffled.", 0.0)
    if len(cards) < 3:
        return None
    return _runs_alarm(cards)
