"""The showdown helper: who wins, ties included, and what each player holds.

Seed 000 section 05: "Equal five-card hands share it"; the odd chip and the
order of showing are the engine's business. A ranking with a qualifier
(``low-a5-8``) lets only qualifying hands win: when none qualifies,
``winners`` is empty (the high hand then takes the whole pot, seed 003 "Eight
or Better").

>>> s = showdown(["As Ks Qs 7s 9d 2c", "9c 9h 5c 5d Kd 3h"], "high-bug", board="Jk")
>>> s.winners, [v.describe() for v in s.values]
([0], ['flush, ace high', 'two pair, nines and fives'])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from controller.errors import HandError
from controller.hands.base import CardsIn, Ranking, as_cards, check_distinct
from controller.hands.compose import Composition
from controller.hands.registry import get_ranking
from controller.hands.value import HandValue
from controller.hands.wild import WildSpec

__all__ = ["Showdown", "showdown"]


@dataclass(frozen=True)
class Showdown:
    """``winners``: indexes into the hands given (ties included); ``values``: one per hand."""

    winners: list[int]
    values: list[HandValue]

    def as_dict(self) -> dict[str, object]:
        """The JSON form ``pitboss showdown`` prints."""
        return {"winners": self.winners, "hands": [v.as_dict() for v in self.values]}


def showdown(
    hands: Sequence[CardsIn],
    ranking: Ranking | str,
    board: CardsIn = (),
    composition: Composition | None = None,
    wild: WildSpec | None = None,
) -> Showdown:
    """Evaluate every hand (with the shared ``board``) and name the winners."""
    if not hands:
        raise HandError("a showdown needs at least one hand", "no_hands")
    rank = get_ranking(ranking) if isinstance(ranking, str) else ranking
    parsed = [as_cards(h) for h in hands]
    shared = as_cards(board)
    check_distinct([c for h in parsed for c in h] + shared)
    values = [rank.best(h, shared, composition, wild=wild) for h in parsed]
    eligible = [i for i, v in enumerate(values) if v.qualifies]
    if not eligible:
        return Showdown([], values)
    top = max(values[i].key for i in eligible)
    return Showdown([i for i in eligible if values[i].key == top], values)
