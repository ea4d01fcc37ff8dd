"""Incomplete (exposed) hands and the bring-in card: who acts first in stud.

Seed 003 "Order of Betting" and "Incomplete Hands": with one to four cards
showing (five with the eight-player community card), quads beat trips beat
two pair beat a pair beat high cards; straights and flushes do not count.
Ranks compare in order of significance and a missing card is lower than any
card: 10-10-K beats 10-10-6-2, 10-10-6-2 beats 10-10-6, 9-6 beats 9-5-3.
Seed 000 section 02 counts pairs and trips the same way.

``exposed_key`` is bigger for the hand that acts first. For ``ranking="high"``
that is the highest exposed hand; for ``ranking="low"`` (Razz from fourth
street, seed 003 "Razz") the lowest, aces low. Equal keys are possible: the
positional tie-break (seed 000: clockwise after the dealer) is the engine's
job. ``suits=True`` appends the seed-003 suit tie-break (compare the suit of
the highest card; clubs < diamonds < hearts < spades; in Razz the lower suit
is the lower hand and acts first).

>>> exposed_key("Tc Td Kh") > exposed_key("Th Ts 6c 2d")
True
>>> exposed_key("Th Ts 6c") < exposed_key("Tc Td 6d 2h")
True
>>> exposed_key("9c 6d") > exposed_key("9h 5d 3s") > exposed_key("9s 5c") > exposed_key("9d")
True
>>> exposed_key("6c 2d", "low", suits=True) > exposed_key("6d 2c", "low", suits=True)
True
>>> bring_in_key("2c") > bring_in_key("2d") > bring_in_key("3c")
True
"""

from __future__ import annotations

from itertools import combinations_with_replacement

from controller.cards import Card
from controller.errors import HandError
from controller.hands.base import CardsIn, as_cards, check_distinct
from controller.hands.core import ACE_FIVE, Plain, System, classify, low_key
from controller.hands.search import plain
from controller.hands.wild import WildSpec

__all__ = ["bring_in_key", "exposed_key"]

EXPOSED_HIGH = System("exposed-high", ace_low=False, wheel=False, straights=False, flushes=False)
_PAD = 5


def _stand_in_options(naturals: list[Plain], wilds: int, ace_low: bool) -> list[list[Plain]]:
    if not wilds:
        return [[]]
    ranks = [14, *range(2, 14)] if ace_low else list(range(2, 15))
    return [[(r, 3) for r in combo] for combo in combinations_with_replacement(ranks, wilds)]


def exposed_key(
    cards: CardsIn,
    ranking: str = "high",
    wild: WildSpec | None = None,
    suits: bool = False,
) -> tuple[int, ...]:
    """Key of 1-5 exposed cards; bigger acts first (see the module docstring)."""
    if ranking not in ("high", "low"):
        raise HandError(f"exposed hands rank 'high' or 'low', not {ranking!r}", "unknown_rules")
    cs = as_cards(cards)
    check_distinct(cs)
    if not 1 <= len(cs) <= _PAD:
        raise HandError(f"an exposed hand has 1 to 5 cards, got {len(cs)}", "bad_exposed_hand")
    spec = wild if wild is not None else WildSpec()
    if any(c.rank is None and not spec.is_wild(c) for c in cs):
        raise HandError("the joker is not wild under these rules", "joker_not_allowed")
    low = ranking == "low"
    system = ACE_FIVE if low else EXPOSED_HIGH
    naturals = [plain(c) for c in cs if not spec.is_wild(c)]
    wilds = len(cs) - len(naturals)
    best: tuple[int, ...] | None = None
    for subs in _stand_in_options(naturals, wilds, low):
        cat, ranks, _ = classify(naturals + subs, system)
        padded = ranks + (0,) * (_PAD - len(ranks))
        key = low_key(cat, padded) if low else (cat, *padded)
        if best is None or key > best:
            best = key
    assert best is not None
    if suits:
        best = (*best, _top_suit(cs, spec, low))
    return best


def _top_suit(cards: list[Card], spec: WildSpec, low: bool) -> int:
    """Suit of the highest natural card (for Razz the lower suit sorts as 'lower')."""
    naturals = [c for c in cards if not spec.is_wild(c)] or [c for c in cards if c.suit is not None]
    if not naturals:
        return 0

    def order(c: Card) -> tuple[int, int]:
        assert c.rank is not None and c.suit is not None
        rank = 1 if low and c.rank == 14 else int(c.rank)
        return rank, int(c.suit)

    top = max(naturals, key=order)
    assert top.suit is not None
    return 3 - int(top.suit) if low else int(top.suit)


def bring_in_key(card: Card | str, ranking: str = "high") -> tuple[int, int]:
    """Bigger key must bring in (seed 003 "Order of Betting", "Razz").

    High stud: the lowest card, aces high, the lower suit (clubs) breaking ties.
    Razz (``ranking="low"``): the highest card, aces low, the higher suit
    (spades) breaking ties.

    >>> bring_in_key("Ks", "low") > bring_in_key("Kh", "low") > bring_in_key("Qs", "low")
    True
    """
    c = card if isinstance(card, Card) else as_cards(card)[0]
    if c.rank is None or c.suit is None:
        raise HandError("the joker cannot decide the bring-in", "joker_not_allowed")
    if ranking == "low":
        return (1 if c.rank == 14 else int(c.rank)), int(c.suit)
    if ranking != "high":
        raise HandError(f"bring-in ranks 'high' or 'low', not {ranking!r}", "unknown_rules")
    return 14 - int(c.rank), 3 - int(c.suit)
