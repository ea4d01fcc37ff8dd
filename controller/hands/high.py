"""High hands: standard, with the bug, and with wild cards.

Keys are ``(category, r1, r2, r3, r4, r5)``: the category number of
:class:`~controller.hands.value.Category` then the five ranks in order of
significance (A-2-3-4-5 is the five-high straight ``(4, 5, 4, 3, 2, 1)``).
Seed 003 "Standard Poker Rankings"; seed 000 section 05 (comparisons).

>>> r = HighRanking()
>>> r.evaluate("Ah Kh Qh Jh Th 2c 3d").describe()
'royal flush'
>>> r.evaluate("9c 9h 5c 5d Kd 3h Ah").key
(2, 9, 9, 5, 5, 14)
"""

from __future__ import annotations

from controller.cards import Card, card_from_index
from controller.errors import HandError
from controller.hands import tables
from controller.hands.base import CardsIn, Ranking
from controller.hands.core import HIGH
from controller.hands.search import Best, search
from controller.hands.value import CATEGORY_NAMES, HandValue, describe_high
from controller.hands.wild import WildSpec, bug_candidates, high_wild_candidates

__all__ = ["BugRanking", "HighRanking", "WildRanking", "plain_key"]


def plain_key(cat: int, ranks: tuple[int, ...], _wilds: int = 0) -> tuple[int, ...]:
    """The high key: category first, then ranks in order of significance."""
    return (cat, *ranks)


def _value(best: Best, ranking: str) -> HandValue:
    key, cat, ranks, cards, physical = best
    category = CATEGORY_NAMES[cat]
    return HandValue(key, category, cards, physical, ranking, True, ranks,
                     describe_high(category, ranks))


def from_strength(cards: list[Card], strength: int, ranking: str) -> HandValue:
    """Rebuild the five cards as played from a table strength (the bug fills the gap)."""
    key = tables.high_key(strength)
    cat, ranks = key[0], key[1:]
    by_rank: dict[int, list[Card]] = {}  # highest suit first
    joker = None
    for c in sorted(cards, key=_index, reverse=True):
        if c.rank is None:
            joker = c
        else:
            by_rank.setdefault(c.rank, []).append(c)
    suit = _flush_suit(by_rank, ranks) if cat in (5, 8) else None
    played: list[Card] = []
    physical: list[Card] = []
    for r in ranks:
        rank = 14 if r == 1 else r
        pool = by_rank.get(rank, [])
        pick = next((c for c in pool if suit is None or c.suit == suit), None)
        if pick is None:
            assert joker is not None, "a table strength the cards cannot make"
            pick_suit = suit if suit is not None else _free_suit(rank, played)
            played.append(card_from_index((rank - 2) * 4 + pick_suit))
            physical.append(joker)
        else:
            pool.remove(pick)
            played.append(pick)
            physical.append(pick)
    return HandValue(key, CATEGORY_NAMES[cat], tuple(played), tuple(physical), ranking, True,
                     ranks)


def _index(card: Card) -> int:
    return card.index


def _flush_suit(by_rank: dict[int, list[Card]], ranks: tuple[int, ...]) -> int:
    """The suit holding (all, or all but the bug's one of) the flush's ranks."""
    held = [int(c.suit) for r in ranks for c in by_rank.get(14 if r == 1 else r, [])
            if c.suit is not None]
    return max(range(4), key=held.count)


def _free_suit(rank: int, played: list[Card]) -> int:
    used = {c.suit for c in played if c.rank == rank}
    return next((s for s in (3, 2, 1, 0) if s not in used), 3)


def _no_joker(card: Card) -> bool:
    if card.rank is None:
        raise HandError(
            "the joker is not a card in plain high poker: use rules high-bug or high-wild",
            "joker_not_allowed")
    return False


class HighRanking(Ranking):
    """Standard high poker: best five of 5..10 cards (seed 003 "Standard Poker Rankings")."""

    name = "high"

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        for c in cs:
            _no_joker(c)
        if wild is not None and (wild.ranks or wild.cards):
            raise HandError("rules 'high' has no wild cards: use high-wild", "wild_not_allowed")
        return from_strength(cs, tables.eval_high([c.index for c in cs]), self.name)

    def score(self, cards: list[Card], wild: WildSpec | None = None) -> tuple[int, ...]:
        if wild is not None and (wild.ranks or wild.cards):
            return self.evaluate(cards, wild=wild).key  # raises wild_not_allowed
        if any(c.rank is None for c in cards) or len(cards) > self.max_cards:
            return self.evaluate(cards).key  # raises the input error
        return (tables.eval_high([c.index for c in cards]),)


class BugRanking(Ranking):
    """High poker with the joker as the bug (seed 000 section 04, seed 002 article 2).

    The bug is an ace, or the missing card of a straight, flush or straight
    flush; four aces and the bug are five aces, above a royal flush.

    >>> BugRanking().evaluate("As Ks Qs 7s 9d 2c Jk").describe()
    'flush, ace high'
    """

    name = "high-bug"

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        if wild is not None and (wild.ranks or wild.cards):
            raise HandError("the bug game has no other wild cards: use high-wild",
                            "wild_not_allowed")
        return from_strength(cs, tables.eval_bug([c.index for c in cs]), self.name)

    def score(self, cards: list[Card], wild: WildSpec | None = None) -> tuple[int, ...]:
        if (wild is not None and (wild.ranks or wild.cards)) or len(cards) > self.max_cards:
            return self.evaluate(cards, wild=wild).key  # raises the input error
        return (tables.eval_bug([c.index for c in cards]),)

    def evaluate_slow(self, cards: CardsIn) -> HandValue:
        """The same answer by plain search (the reference the tables are tested against)."""
        cs = self._checked(cards)
        best = search(cs, 5, HIGH, plain_key, lambda c: c.rank is None,
                      lambda nat, _n: bug_candidates(nat))
        return _value(best, self.name)


class WildRanking(Ranking):
    """High poker with wild cards (seed 003 "Hand Rankings with Wild Cards").

    Five of a kind ranks above a straight flush. House options (seed 003):
    ``double_ace_flush`` lets a wild card be an ace the hand already holds in
    a flush; ``natural_beats_wild`` appends ``-wild cards used`` to the key so
    that of two otherwise equal hands the one with fewer wild cards wins (a
    wild card always counts as wild, even when it stands for itself).

    >>> from controller.cards import Rank
    >>> w = WildRanking(wild=WildSpec(ranks=frozenset({Rank.TWO})))
    >>> w.evaluate("2c 2d Ah Ad Ac 7s 8s").describe()
    'five aces'
    """

    name = "high-wild"

    def __init__(
        self,
        wild: WildSpec | None = None,
        double_ace_flush: bool = False,
        natural_beats_wild: bool = False,
    ) -> None:
        self.wild = wild if wild is not None else WildSpec()
        self.double_ace_flush = double_ace_flush
        self.natural_beats_wild = natural_beats_wild

    def _key(self, cat: int, ranks: tuple[int, ...], wilds: int) -> tuple[int, ...]:
        return (cat, *ranks, -wilds) if self.natural_beats_wild else (cat, *ranks)

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        spec = wild if wild is not None else self.wild
        dbl = self.double_ace_flush
        best = search(cs, 5, HIGH, self._key, spec.is_wild,
                      lambda nat, n: high_wild_candidates(nat, n, dbl))
        return _value(best, self.name)

