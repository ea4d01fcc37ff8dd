"""Wild cards and the bug: which cards a stand-in may become.

Each function returns *candidate* stand-in lists for the wild cards of one
five-card selection; the ranking classifies every candidate and keeps the
best. The candidates are few and chosen by the rules of seed 003 ("Hand
Rankings with Wild Cards", "The Bug", "Wild Cards - Low Poker", "Double Ace
Flush") and seeds 000 section 04 / 002 article 2 (the bug):

* a wild card may be any card; five of a kind beats a straight flush; a wild
  card in a flush is the highest card of the suit not already held, or an
  ace even if held when the double-ace flush house rule is on;
* the bug may be an ace (four aces and the bug are five aces) or the missing
  card of a straight, flush or straight flush (in a flush the highest card of
  the suit not held; in a straight the rank making the highest straight); it
  never pairs anything but aces;
* in a low hand a wild card is the best "fitter": the rank that makes the best
  low under that system.

>>> spec = WildSpec(jokers=True, ranks=frozenset({Rank.TWO}))
>>> spec.is_wild(Card("2h")), spec.is_wild(Card("Jk")), spec.is_wild(Card("3h"))
(True, True, False)
>>> bug_candidates([(14, 3), (13, 3), (12, 3), (7, 3)])[-1]
[(11, 3)]
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from itertools import combinations

from controller.cards import Card, Rank, parse_card
from controller.hands.core import Plain

__all__ = [
    "WildSpec",
    "bug_candidates",
    "high_wild_candidates",
    "low_wild_candidates",
    "parse_wild",
]


@dataclass(frozen=True)
class WildSpec:
    """Which cards are wild: the joker, whole ranks (deuces), named cards (Kd).

    ``WildSpec()`` makes the joker wild and nothing else; ``WildSpec.none()``
    makes nothing wild. A per-player wild (Low Hole's lowest hole card, seed
    003) is just a WildSpec passed to one ``evaluate`` call.
    """

    jokers: bool = True
    ranks: frozenset[Rank] = field(default_factory=frozenset)
    cards: frozenset[Card] = field(default_factory=frozenset)

    @classmethod
    def none(cls) -> WildSpec:
        """Nothing is wild."""
        return cls(jokers=False)

    def is_wild(self, card: Card) -> bool:
        """True when ``card`` is wild under this spec."""
        if card.rank is None:
            return self.jokers
        return card.rank in self.ranks or card in self.cards


def parse_wild(text: str) -> WildSpec:
    """Parse ``--wild`` text: ``Jk`` (jokers), a rank (``2``, ``J``), or a card (``Kd``).

    >>> w = parse_wild("Jk,2,Kd")
    >>> w.jokers, sorted(r.char for r in w.ranks), sorted(str(c) for c in w.cards)
    (True, ['2'], ['Kd'])
    >>> parse_wild("").jokers
    False
    """
    jokers = False
    ranks: set[Rank] = set()
    cards: set[Card] = set()
    for token in (t for t in text.replace(",", " ").split() if t):
        if len(token) == 1 or token == "10":
            ranks.add(Rank.from_char(token))
            continue
        card = parse_card(token)
        if card.rank is None:
            jokers = True
        else:
            cards.add(card)
    return WildSpec(jokers=jokers, ranks=frozenset(ranks), cards=frozenset(cards))


def _free_suit(rank: int, taken: Iterable[Plain], prefer: int = 3) -> int:
    """A suit for a stand-in of ``rank`` that no natural card of that rank uses."""
    used = {s for r, s in taken if r == rank}
    for s in (prefer, 3, 2, 1, 0):
        if s not in used:
            return s
    return prefer  # five of a kind: the fifth card must repeat a suit


def _copies(rank: int, n: int, naturals: list[Plain]) -> list[Plain]:
    """``n`` stand-ins of ``rank`` in suits the naturals (and each other) leave free."""
    taken = list(naturals)
    out: list[Plain] = []
    for _ in range(n):
        card = (rank, _free_suit(rank, taken))
        taken.append(card)
        out.append(card)
    return out


def _window_fill(naturals: list[Plain]) -> list[int] | None:
    """Ranks missing from the highest straight containing all naturals, or None."""
    ranks = [r for r, _ in naturals]
    if len(set(ranks)) != len(ranks):
        return None
    for top in range(14, 4, -1):
        window = set(range(top - 4, top + 1)) if top > 5 else {14, 2, 3, 4, 5}
        if window.issuperset(ranks):
            return sorted(window - set(ranks), reverse=True)
    return None


def _suited(naturals: list[Plain]) -> int | None:
    suits = {s for _, s in naturals}
    if len(suits) > 1:
        return None
    return suits.pop() if suits else 3


def high_wild_candidates(
    naturals: list[Plain], wilds: int, double_ace_flush: bool
) -> list[list[Plain]]:
    """Stand-in lists for ``wilds`` fully wild cards beside ``naturals`` (five in all)."""
    out: list[list[Plain]] = []
    suit = _suited(naturals)
    fill = _window_fill(naturals)
    if fill is not None:  # the highest straight, a straight flush when the naturals are suited
        out.append([(r, _free_suit(r, naturals) if suit is None else suit) for r in fill])
    if suit is not None:
        held = {r for r, _ in naturals}
        if double_ace_flush:
            out.append([(14, suit)] * wilds)
        else:
            free = [r for r in range(14, 1, -1) if r not in held]
            out.append([(r, suit) for r in free[:wilds]])
    targets = {r for r, _ in naturals} or {14}
    for r in targets:
        out.append(_copies(r, wilds, naturals))
    return out


def bug_candidates(naturals: list[Plain]) -> list[list[Plain]]:
    """Stand-ins for the bug (seed 002 article 2) beside four natural cards.

    >>> bug_candidates([(9, 0), (9, 2), (5, 0), (5, 1)])
    [[(14, 3)]]
    """
    out: list[list[Plain]] = [[(14, _free_suit(14, naturals))]]
    fill = _window_fill(naturals)
    suit = _suited(naturals)
    if fill is not None:
        (r,) = fill
        out.append([(r, _free_suit(r, naturals))])
        if suit is not None:
            out.append([(r, suit)])
    if suit is not None and len(naturals) == 4:
        held = {r for r, _ in naturals}
        top = next(r for r in range(14, 1, -1) if r not in held)
        out.append([(top, suit)])
    return out


def low_wild_candidates(
    naturals: list[Plain], wilds: int, ace_low: bool, flushes: bool
) -> list[list[Plain]]:
    """Stand-ins making the best low ("fitter", seed 003 "Wild Cards - Low Poker").

    A wild never pairs when a free rank exists (any unpaired low beats any pair
    in every low system), so the candidates are the lowest free ranks, a few
    spare to step around a straight; suits are chosen to break a flush.
    """
    order = [14, *range(2, 14)] if ace_low else list(range(2, 15))
    held = {r for r, _ in naturals}
    free = [r for r in order if r not in held][: wilds + 5]
    suits = {s for _, s in naturals}
    off = next((s for s in range(4) if s not in suits), 0) if flushes and len(suits) == 1 else 0
    return [[(r, (off + i) % 4) for i, r in enumerate(rs)] for rs in combinations(free, wilds)]

