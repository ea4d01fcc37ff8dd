"""Low hands: ace-to-five, deuce-to-seven, ace-to-six, and eight-or-better.

Seed 003 "Low Poker Hand Ranking":

* ace-to-five: the ace is low, straights and flushes do not count; the best
  hand is 5-4-3-2-A (``low-a5``; with the eight-or-better qualifier ``low-a5-8``);
* deuce-to-seven: the ace is high, straights and flushes count, A-2-3-4-5 is
  not a straight; the best hand is 7-5-4-3-2 (``low-27``);
* ace-to-six: the ace is low, straights and flushes count; the best hand is
  6-4-3-2-A and A-K-Q-J-T is king low (``low-a6``).

The key complements the high-style classification so the *better low has
the bigger key*. A wild card (the joker, unless told otherwise) is the best
"fitter" for the system (seed 003 "Wild Cards - Low Poker").

>>> r = LowRanking("low-a5-8")
>>> v = r.evaluate("8h 6c 4d 3s Ah Kc Kd")
>>> v.describe(), v.qualifies
('eight low: 8-6-4-3-A', True)
>>> r.evaluate("9h 6c 4d 3s Ah Kc Kd").qualifies
False
>>> r27 = LowRanking("low-27")
>>> r27.evaluate("7c 5d 4h 3s 2c") > r27.evaluate("8c 5d 4h 3s 2c")
True
"""

from __future__ import annotations

from controller.cards import Card, card_from_index
from controller.errors import HandError
from controller.hands.base import CardsIn, Ranking
from controller.hands.core import ACE_FIVE, ACE_SIX, DEUCE_SEVEN, System, low_key
from controller.hands.search import Best, search
from controller.hands.tables import eval_low_a5, unpack
from controller.hands.value import (
    CATEGORY_NAMES,
    Category,
    HandValue,
    describe_high,
    rank_char,
    rank_word,
)
from controller.hands.wild import WildSpec, low_wild_candidates

__all__ = ["LOW_SYSTEMS", "LowRanking"]

LOW_SYSTEMS: dict[str, tuple[System, int | None]] = {
    "low-a5": (ACE_FIVE, None),
    "low-a5-8": (ACE_FIVE, 8),
    "low-27": (DEUCE_SEVEN, None),
    "low-a6": (ACE_SIX, None),
}


def _low_key(cat: int, ranks: tuple[int, ...], _wilds: int) -> tuple[int, ...]:
    return low_key(cat, ranks)


def low_category(cat: int, ranks: tuple[int, ...]) -> str:
    """``'eight low'`` for an unpaired hand, else the high-style category name."""
    if cat == Category.HIGH_CARD:
        return f"{rank_word(ranks[0])} low"
    return CATEGORY_NAMES[cat]


def _fast_a5(cards: list[Card]) -> Best:
    """Ace-to-five through the rank-multiset table; the joker (a fitter) fills the gap."""
    key = unpack(eval_low_a5([c.index for c in cards]))
    cat, ranks = 9 - key[0], tuple(15 - k for k in key[1:])
    naturals = sorted((c for c in cards if c.rank is not None), reverse=True)
    joker = next((c for c in cards if c.rank is None), None)
    played: list[Card] = []
    physical: list[Card] = []
    for r in ranks:
        rank = 14 if r == 1 else r
        pick = next((c for c in naturals if c.rank == rank and c not in physical), None)
        if pick is None:
            assert joker is not None, "an ace-to-five value the cards cannot make"
            used = {c.suit for c in played if c.rank == rank}
            suit = next(s for s in (3, 2, 1, 0) if s not in used)
            played.append(card_from_index((rank - 2) * 4 + suit))
            physical.append(joker)
        else:
            played.append(pick)
            physical.append(pick)
    return key, cat, ranks, tuple(played), tuple(physical)


class LowRanking(Ranking):
    """One low system; ``hand_size`` may be 4 for games that play four-card lows
    (seed 004 "5-4 Buy 2": "the best four card low hand")."""

    min_cards = 5

    def __init__(self, name: str, wild: WildSpec | None = None, hand_size: int = 5) -> None:
        if name not in LOW_SYSTEMS:
            raise HandError(f"unknown low rules {name!r}", "unknown_rules")
        if not 1 <= hand_size <= 5:
            raise HandError("a low hand has 1 to 5 cards", "bad_option")
        self.name = name
        self.system, self.qualifier = LOW_SYSTEMS[name]
        self.wild = wild if wild is not None else WildSpec()
        self.hand_size = self.min_cards = hand_size

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        spec = wild if wild is not None else self.wild
        if not spec.jokers and any(c.rank is None for c in cs):
            raise HandError("the joker is not wild here, so it has no place in a low hand",
                            "joker_not_allowed")
        sysm = self.system
        if sysm is ACE_FIVE and self.hand_size == 5 and not spec.ranks and not spec.cards:
            return self._value(_fast_a5(cs))
        best = search(cs, self.hand_size, sysm, _low_key, spec.is_wild,
                      lambda nat, n: low_wild_candidates(nat, n, sysm.ace_low, sysm.flushes))
        return self._value(best)

    def _value(self, best: Best) -> HandValue:
        key, cat, ranks, cards, physical = best
        qualifies = self.qualifier is None or (
            cat == Category.HIGH_CARD and len(ranks) == 5 and ranks[0] <= self.qualifier)
        category = low_category(cat, ranks)
        shape = "-".join(rank_char(r) for r in ranks)
        head = category if cat == Category.HIGH_CARD else describe_high(CATEGORY_NAMES[cat], ranks)
        return HandValue(key, category, cards, physical, self.name, qualifies, ranks,
                         f"{head}: {shape}")

