"""Fast paths for high and bug hands (placeholder: plain search until the tables land)."""

from __future__ import annotations

from controller.cards import Card
from controller.hands.core import HIGH
from controller.hands.search import Best, search
from controller.hands.value import CATEGORY_NAMES, HandValue, describe_high
from controller.hands.wild import bug_candidates

__all__ = ["bug_value", "high_value"]


def _key(cat: int, ranks: tuple[int, ...], _w: int) -> tuple[int, ...]:
    return (cat, *ranks)


def _value(best: Best, ranking: str) -> HandValue:
    key, cat, ranks, cards, physical = best
    category = CATEGORY_NAMES[cat]
    return HandValue(key, category, cards, physical, ranking, True, ranks,
                     describe_high(category, ranks))


def high_value(cards: list[Card], ranking: str) -> HandValue:
    """Best standard high hand of ``cards``."""
    return _value(search(cards, 5, HIGH, _key, lambda c: False, lambda n, w: [[]]), ranking)


def bug_value(cards: list[Card], ranking: str) -> HandValue:
    """Best high hand with the joker as the bug."""
    best = search(cards, 5, HIGH, _key, lambda c: c.rank is None,
                  lambda nat, _n: bug_candidates(nat))
    return _value(best, ranking)
