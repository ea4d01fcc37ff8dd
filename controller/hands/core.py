"""The one five-card classifier every ranking family shares.

A *system* says how ranks behave: whether the ace plays low (rank 1), whether
A-2-3-4-5 is a straight for an ace-high system, and whether straights and
flushes count at all (seed 003 "Low Poker Hand Ranking"). ``classify`` sorts
the cards into order of significance and names the category; rankings turn
that into a key (high: as is; low: complemented, so the better low is bigger).

Cards here are plain ``(rank, suit)`` pairs of ints so wild-card stand-ins
(which may duplicate a real card, as in five of a kind) need no Card object.

>>> classify([(14, 3), (5, 2), (4, 1), (3, 0), (2, 0)], HIGH)
(4, (5, 4, 3, 2, 1), (1, 2, 3, 4, 0))
>>> classify([(14, 3), (5, 2), (4, 1), (3, 0), (2, 0)], DEUCE_SEVEN)[:2]
(0, (14, 5, 4, 3, 2))
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.hands.value import Category

__all__ = [
    "ACE_FIVE",
    "ACE_SIX",
    "DEUCE_SEVEN",
    "HIGH",
    "Classified",
    "Plain",
    "System",
    "classify",
    "low_key",
]

Plain = tuple[int, int]
"""A card as ``(rank, suit)``: rank 2..14 (1 = ace played low), suit 0..3 (clubs..spades)."""

Classified = tuple[int, tuple[int, ...], tuple[int, ...]]
"""``(category, ranks in order of significance, input positions in that order)``."""


@dataclass(frozen=True)
class System:
    """How one ranking family treats aces, straights and flushes."""

    name: str
    ace_low: bool
    wheel: bool
    straights: bool
    flushes: bool

    def rank_of(self, rank: int) -> int:
        """The rank value used in keys: the ace is 1 when it plays low."""
        return 1 if rank == 14 and self.ace_low else rank


HIGH = System("high", ace_low=False, wheel=True, straights=True, flushes=True)
DEUCE_SEVEN = System("low-27", ace_low=False, wheel=False, straights=True, flushes=True)
ACE_SIX = System("low-a6", ace_low=True, wheel=False, straights=True, flushes=True)
ACE_FIVE = System("low-a5", ace_low=True, wheel=False, straights=False, flushes=False)

_SHAPE_CATEGORY: dict[tuple[int, ...], Category] = {
    (5,): Category.FIVE_OF_A_KIND,
    (4, 1): Category.QUADS,
    (3, 2): Category.FULL_HOUSE,
    (3, 1, 1): Category.TRIPS,
    (2, 2, 1): Category.TWO_PAIR,
    (2, 1, 1, 1): Category.PAIR,
    (1, 1, 1, 1, 1): Category.HIGH_CARD,
    # incomplete hands (fewer than five cards: low hands of four, exposed cards)
    (4,): Category.QUADS,
    (3, 1): Category.TRIPS,
    (3,): Category.TRIPS,
    (2, 2): Category.TWO_PAIR,
    (2, 1, 1): Category.PAIR,
    (2, 1): Category.PAIR,
    (2,): Category.PAIR,
    (1, 1, 1, 1): Category.HIGH_CARD,
    (1, 1, 1): Category.HIGH_CARD,
    (1, 1): Category.HIGH_CARD,
    (1,): Category.HIGH_CARD,
}
_SHAPES: dict[tuple[int, ...], int] = {k: int(v) for k, v in _SHAPE_CATEGORY.items()}
_SF, _STRAIGHT, _FLUSH = int(Category.STRAIGHT_FLUSH), int(Category.STRAIGHT), int(Category.FLUSH)


def classify(cards: list[Plain], system: System) -> Classified:
    """Category and order of significance of up to five cards (ranks as dealt, ace 14).

    Straights and flushes need five cards. A flush may hold a duplicated ace
    (the double-ace flush house rule of seed 003); it then sorts by rank.
    """
    rs = [system.rank_of(r) for r, _ in cards]
    count: dict[int, int] = {}
    for r in rs:
        count[r] = count.get(r, 0) + 1
    order = sorted(range(len(rs)), key=lambda i: (count[rs[i]], rs[i]), reverse=True)
    ranks = tuple(rs[i] for i in order)
    cat = _SHAPES[tuple(sorted(count.values(), reverse=True))]
    if len(cards) != 5 or cat >= Category.FULL_HOUSE:
        return cat, ranks, tuple(order)
    flush = system.flushes and len({s for _, s in cards}) == 1
    straight = False
    if system.straights and cat == Category.HIGH_CARD:
        if ranks[0] - ranks[4] == 4:
            straight = True
        elif system.wheel and ranks == (14, 5, 4, 3, 2):
            straight, ranks, order = True, (5, 4, 3, 2, 1), order[1:] + order[:1]
    if straight:
        cat = _SF if flush else _STRAIGHT
    elif flush:
        cat = _FLUSH
        order = sorted(range(5), key=lambda i: rs[i], reverse=True)
        ranks = tuple(rs[i] for i in order)
    return cat, ranks, tuple(order)


def low_key(cat: int, ranks: tuple[int, ...]) -> tuple[int, ...]:
    """Complement a classified hand so that the better *low* hand has the bigger key.

    >>> low_key(0, (5, 4, 3, 2, 1)) > low_key(0, (6, 4, 3, 2, 1))
    True
    """
    return (9 - cat, *(15 - r for r in ranks))
