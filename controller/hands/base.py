"""What every ranking shares: input checks, best-hand selection by composition.

>>> check_distinct(as_cards("As Kd As"))
Traceback (most recent call last):
...
controller.errors.HandError: As appears twice: each card exists once in the deck
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from controller.cards import Card, parse_cards
from controller.errors import HandError
from controller.hands.compose import AnyFive, Composition
from controller.hands.value import HandValue
from controller.hands.wild import WildSpec

__all__ = ["CardsIn", "Ranking", "as_cards", "check_distinct"]

CardsIn = str | Iterable[Card | str]


def as_cards(cards: CardsIn) -> list[Card]:
    """Cards from text (``"As Kd"``) or an iterable of cards / tokens."""
    return parse_cards(cards)


def check_distinct(cards: Sequence[Card]) -> None:
    """Raise ``HandError('duplicate_card')`` if a card appears twice (DESIGN.md "Cards")."""
    seen: set[Card] = set()
    for card in cards:
        if card in seen:
            raise HandError(
                f"{card} appears twice: each card exists once in the deck", "duplicate_card")
        seen.add(card)


class Ranking:
    """A way to rank hands. Subclasses implement :meth:`evaluate`.

    ``best`` applies a composition rule (which hole and board cards may
    combine) and returns the best value over every allowed pool.
    """

    name: str = ""
    min_cards: int = 5
    max_cards: int = 10
    hand_size: int = 5

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        """The best hand from ``cards`` (5..10 for high rankings)."""
        raise NotImplementedError

    def best(
        self,
        hole: CardsIn,
        board: CardsIn = (),
        composition: Composition | None = None,
        wild: WildSpec | None = None,
    ) -> HandValue:
        """The best hand the composition allows from ``hole`` and ``board``."""
        comp = composition if composition is not None else AnyFive()
        h, b = as_cards(hole), as_cards(board)
        check_distinct([*h, *b])
        best: tuple[tuple[int, ...], list[Card]] | None = None
        for pool, _exact in comp.pools(h, b):
            if len(pool) < self.min_cards:
                continue
            score = self.score(pool, wild)
            if best is None or score > best[0]:
                best = (score, pool)
        if best is None:
            raise HandError(
                f"{self.name} needs at least {self.min_cards} cards the game lets this "
                "player combine", "too_few_cards")
        return self.evaluate(best[1], wild=wild)

    def score(self, cards: list[Card], wild: WildSpec | None = None) -> tuple[int, ...]:
        """A key that orders hands like :meth:`evaluate`'s (the fast paths return
        ``(table strength,)``; only the winning pool is built into a HandValue)."""
        return self.evaluate(cards, wild=wild).key

    def _checked(self, cards: CardsIn) -> list[Card]:
        """Parse, refuse duplicates, and check the number of cards."""
        cs = as_cards(cards)
        check_distinct(cs)
        if len(cs) < self.min_cards:
            raise HandError(
                f"{self.name} needs at least {self.min_cards} cards, got {len(cs)}",
                "too_few_cards")
        if len(cs) > self.max_cards:
            raise HandError(
                f"{self.name} takes at most {self.max_cards} cards, got {len(cs)}",
                "too_many_cards")
        return cs

    def __repr__(self) -> str:
        return f"get_ranking({self.name!r})"
