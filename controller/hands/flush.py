"""Highest Flush (seed 004): the longest flush wins, suits breaking ties.

"the 'Longest Flush' is the hand with the most cards of the same suit";
"If two or more players have the same number of cards in the same suit then
the regular flush tie-breakers apply (who has the highest card, next highest,
etc. through the lowest card, then Hoyle for suit)". Any number of cards counts
(a seven-card flush beats a six-card one). The straight-flush exception
compares players with each other, so the engine applies it
(:func:`straight_flush_length` gives what it needs).

>>> r = LongestFlushRanking()
>>> r.evaluate("2h 5h 9h Jh As Ks").describe()
'four-card flush in hearts, jack high'
>>> r.evaluate("2h 5h 9h Jh") > r.evaluate("As Ks Qs 3d")
True
>>> from controller.cards import parse_cards
>>> straight_flush_length(parse_cards("5h 6h 7h 8h 9h Th 2c"))
6
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.cards import Card
from controller.hands.base import CardsIn, Ranking
from controller.hands.value import HandValue, rank_word
from controller.hands.wild import WildSpec

__all__ = ["LongestFlushRanking", "straight_flush_length"]

_WORDS = ("no", "one-card", "two-card", "three-card", "four-card", "five-card", "six-card",
          "seven-card", "eight-card", "nine-card", "ten-card")


class LongestFlushRanking(Ranking):
    """Most cards of one suit; then highest cards; then the suit (spades highest)."""

    name = "longest-flush"
    min_cards = 1
    max_cards = 10
    hand_size = 7

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        best: tuple[tuple[int, ...], list[Card]] | None = None
        for suit in {c.suit for c in cs if c.suit is not None}:
            same = sorted((c for c in cs if c.suit == suit), key=lambda c: -c.index)
            ranks = [int(c.rank) for c in same if c.rank is not None]
            key = (len(same), *ranks, *(0,) * (10 - len(ranks)), int(suit))
            if best is None or key > best[0]:
                best = (key, same)
        if best is None:
            return HandValue((0,), "no flush", (), (), self.name, True, (), "no flush")
        key, same = best
        top = same[0].suit
        assert top is not None
        text = f"{_WORDS[len(same)]} flush in {top.noun}, {rank_word(key[1])} high"
        return HandValue(key, "flush", tuple(same), tuple(same), self.name, True,
                         tuple(key[1:1 + len(same)]), text)


def straight_flush_length(cards: Sequence[Card]) -> int:
    """The longest run of consecutive ranks in one suit (aces high or low); 0 if under 5."""
    longest = 0
    for suit in {c.suit for c in cards if c.suit is not None}:
        ranks = {int(c.rank) for c in cards if c.suit == suit and c.rank is not None}
        if 14 in ranks:
            ranks.add(1)
        run = 0
        for r in range(1, 15):
            run = run + 1 if r in ranks else 0
            longest = max(longest, run)
    return longest if longest >= 5 else 0
