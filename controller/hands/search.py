"""Best-hand search: try every selection of cards and every stand-in, keep the best.

This is the general path every ranking can fall back on (wild cards, the bug,
low hands, short hands); the table-driven fast paths in :mod:`.tables` must
agree with it, and the tests hold them to that.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from itertools import combinations

from controller.cards import Card, card_from_index
from controller.errors import HandError
from controller.hands.core import Plain, System, classify

__all__ = ["Best", "KeyFn", "StandIns", "plain", "search", "to_card"]

StandIns = Callable[[list[Plain], int], list[list[Plain]]]
"""``(naturals, number of wild cards) -> candidate stand-in lists``."""

KeyFn = Callable[[int, tuple[int, ...], int], tuple[int, ...]]
"""``(category, ranks, wild cards used) -> key``."""

Best = tuple[tuple[int, ...], int, tuple[int, ...], tuple[Card, ...], tuple[Card, ...]]
"""``(key, category, ranks, cards as played, physical cards)`` in order of significance."""


def plain(card: Card) -> Plain:
    """``(rank, suit)`` of a natural card."""
    assert card.rank is not None and card.suit is not None
    return int(card.rank), int(card.suit)


def to_card(p: Plain) -> Card:
    """The card a stand-in represents (rank 1 is the ace played low)."""
    rank = 14 if p[0] == 1 else p[0]
    return card_from_index((rank - 2) * 4 + p[1])


def search(
    cards: Sequence[Card],
    size: int,
    system: System,
    key_fn: KeyFn,
    is_wild: Callable[[Card], bool],
    stand_ins: StandIns,
) -> Best:
    """The best ``size``-card selection of ``cards`` under ``system`` (``size`` <= len)."""
    for card in cards:
        if card.rank is None and not is_wild(card):
            raise HandError("the joker is not wild under these rules", "joker_not_allowed")
    best: Best | None = None
    for combo in combinations(cards, size):
        naturals = [c for c in combo if not is_wild(c)]
        wilds = [c for c in combo if is_wild(c)]
        nat = [plain(c) for c in naturals]
        options = stand_ins(nat, len(wilds)) if wilds else [[]]
        for subs in options:
            cat, ranks, order = classify(nat + subs, system)
            key = key_fn(cat, ranks, len(wilds))
            if best is None or key > best[0]:
                played = [*naturals, *(to_card(p) for p in subs)]
                physical = [*naturals, *wilds]
                best = (key, cat, ranks, tuple(played[i] for i in order),
                        tuple(physical[i] for i in order))
    assert best is not None
    return best
