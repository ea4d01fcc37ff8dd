"""Pairs-or-high-cards hands of any size (seed 004 Acey Deucey, Guts).

Acey Deucey's showdown: "High hands are pairs or face value cards. Straights
and flushes do not count." Guts compares two-card hands the same way. Up to
five cards are played (the best five of more); quads beat trips beat two pair
beat a pair beat high cards, ranks in order of significance, aces high.

>>> r = PairsRanking()
>>> r.evaluate("As 2d").describe(), r.evaluate("3c 3d").describe()
('ace high', 'pair of threes')
>>> r.evaluate("3c 3d") > r.evaluate("As Kd")
True
>>> r.evaluate("5s 6s 7s 8s 9s").category  # no straights, no flushes
'high card'
"""

from __future__ import annotations

from itertools import combinations

from controller.hands.base import CardsIn, Ranking
from controller.hands.partial import exposed_key
from controller.hands.value import CATEGORY_NAMES, HandValue
from controller.hands.wild import WildSpec

__all__ = ["PairsRanking"]


class PairsRanking(Ranking):
    """Pairs or high cards, one to ten cards (the best five are played)."""

    name = "high-pairs"
    min_cards = 1
    max_cards = 10
    hand_size = 2

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        spec = wild if wild is not None else WildSpec.none()
        best = max(((exposed_key(list(five), "high", spec), five)
                    for five in combinations(cs, min(5, len(cs)))), key=lambda kv: kv[0])
        key, five = best
        ranks = tuple(r for r in key[1:] if r)
        return HandValue(key, CATEGORY_NAMES[key[0]], tuple(five), tuple(five), self.name,
                         True, ranks)
