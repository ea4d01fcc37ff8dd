"""HandValue: the comparable result of evaluating a hand under one ranking.

A value carries a ``key`` (a tuple of ints, lexicographic, bigger is better
under *its* ranking), the category name, the five cards as played (a wild card
or the bug shown as the card it stands for) and the physical cards in the same
order, so ``substitutes`` can say which positions are stand-ins.

>>> from controller.cards import parse_cards
>>> v = HandValue((5, 14, 13, 12, 11, 7), "flush", tuple(parse_cards("As Ks Qs Js 7s")),
...               tuple(parse_cards("As Ks Qs Jk 7s")), "high-bug")
>>> v.substitutes, v.describe()
((3,), 'flush, ace high')
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import IntEnum

from controller.cards import Card, Rank

__all__ = ["CATEGORY_NAMES", "Category", "HandValue", "rank_word", "rank_words"]


class Category(IntEnum):
    """High-hand categories, seed 003 "Standard Poker Rankings", plus five of a kind."""

    HIGH_CARD = 0
    PAIR = 1
    TWO_PAIR = 2
    TRIPS = 3
    STRAIGHT = 4
    FLUSH = 5
    FULL_HOUSE = 6
    QUADS = 7
    STRAIGHT_FLUSH = 8
    FIVE_OF_A_KIND = 9

    @property
    def label(self) -> str:
        """The category's name: ``Category.QUADS.label == 'four of a kind'``."""
        return CATEGORY_NAMES[self]


CATEGORY_NAMES: tuple[str, ...] = (
    "high card",
    "pair",
    "two pair",
    "three of a kind",
    "straight",
    "flush",
    "full house",
    "four of a kind",
    "straight flush",
    "five of a kind",
)


def rank_word(rank: int) -> str:
    """Noun for a rank value; 1 is the ace played low. ``rank_word(1) == 'ace'``."""
    return Rank(14 if rank == 1 else rank).noun


def rank_words(rank: int) -> str:
    """Plural noun for a rank value: ``rank_words(6) == 'sixes'``."""
    return Rank(14 if rank == 1 else rank).plural


def rank_char(rank: int) -> str:
    """One-letter form of a rank value (1 and 14 are both ``A``)."""
    return Rank(14 if rank == 1 else rank).char


@dataclass(frozen=True, eq=False)
class HandValue:
    """One evaluated hand. Compares (``<``, ``==``, ``max``) by ``key`` only.

    ``cards`` are the cards as played, in order of significance (the pair before
    its kickers, a straight from its top card); ``physical`` are the real cards
    in the same order (``Jk`` or the wild card itself where one stands in).
    ``ranks`` are the rank values used for the key (1 is an ace played low), so
    descriptions need not re-derive them. ``qualifies`` is False when a
    qualifier (eight or better) fails.
    """

    key: tuple[int, ...]
    category: str
    cards: tuple[Card, ...]
    physical: tuple[Card, ...]
    ranking: str
    qualifies: bool = True
    ranks: tuple[int, ...] = ()
    text: str = field(default="")

    @property
    def substitutes(self) -> tuple[int, ...]:
        """Positions in ``cards`` played by a wild card or the bug."""
        pairs = zip(self.cards, self.physical, strict=True)
        return tuple(i for i, (a, b) in enumerate(pairs) if a is not b)

    def describe(self) -> str:
        """Words a dealer would say: ``'two pair, nines and fives'``."""
        if self.text:
            return self.text
        return describe_high(self.category, self.ranks or _ranks_of(self.cards))

    def __lt__(self, other: HandValue) -> bool:
        return self.key < other.key

    def __le__(self, other: HandValue) -> bool:
        return self.key <= other.key

    def __gt__(self, other: HandValue) -> bool:
        return self.key > other.key

    def __ge__(self, other: HandValue) -> bool:
        return self.key >= other.key

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, HandValue):
            return NotImplemented
        return self.key == other.key

    def __hash__(self) -> int:
        return hash(self.key)

    def __repr__(self) -> str:
        cards = " ".join(str(c) for c in self.cards)
        return f"<HandValue {self.ranking} {self.describe()!r} [{cards}] key={self.key}>"

    def as_dict(self) -> dict[str, object]:
        """The JSON form the CLI prints (``qualifies`` only where a qualifier applies)."""
        return {
            "category": self.category,
            "cards": [str(c) for c in self.cards],
            "value": list(self.key),
            "description": self.describe(),
        }


def _ranks_of(cards: tuple[Card, ...]) -> tuple[int, ...]:
    return tuple(int(c.rank) if c.rank is not None else 0 for c in cards)


def describe_high(category: str, ranks: tuple[int, ...]) -> str:
    """Describe a hand from its category and ranks in order of significance.

    >>> describe_high("full house", (12, 12, 12, 3, 3))
    'full house, queens full of threes'
    >>> describe_high("straight flush", (14, 13, 12, 11, 10))
    'royal flush'
    """
    if not ranks:
        return category
    top = ranks[0]
    if category == "five of a kind":
        return f"five {rank_words(top)}"
    if category == "straight flush":
        return "royal flush" if top == 14 else f"straight flush, {rank_word(top)} high"
    if category == "four of a kind":
        return f"four {rank_words(top)}"
    if category == "full house":
        return f"full house, {rank_words(top)} full of {rank_words(ranks[3])}"
    if category in ("flush", "straight"):
        return f"{category}, {rank_word(top)} high"
    if category == "three of a kind":
        return f"three {rank_words(top)}"
    if category == "two pair":
        return f"two pair, {rank_words(top)} and {rank_words(ranks[2])}"
    if category == "pair":
        return f"pair of {rank_words(top)}"
    return f"{rank_word(top)} high"
