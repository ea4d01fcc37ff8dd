"""Which cards a player may combine into a hand (DESIGN.md "Variants are data").

* :class:`AnyFive` - the best five of all hole and board cards (stud, hold'em).
* :class:`HoleAndBoard` - exactly ``k`` hole cards and ``m`` board cards (Omaha 2 + 3).
* :class:`BoardGroups` - the board is split into groups the player may combine
  (Cross: a line; 42nd Street: two of the row of four and one of the row of
  two). Each group is a tuple of board indexes; the player uses one group
  together with the hole cards, either freely or with exactly ``from_hole``
  hole cards.

Each composition yields *pools*: ``(cards, exact)`` where ``exact`` is True
when all the cards of the pool must be played (then the pool has five cards)
and False when the ranking picks the best five (or fewer, for short lows).

>>> from controller.cards import parse_cards
>>> hole, board = parse_cards("As Ks Qd Jd"), parse_cards("Ts 9s 2c 3c 4c")
>>> len(list(HoleAndBoard(2, 3).pools(hole, board)))
60
>>> [len(p) for p, _ in BoardGroups(((0, 1, 2), (2, 3, 4))).pools(hole, board)]
[7, 7]
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from itertools import combinations

from controller.cards import Card
from controller.errors import HandError

__all__ = ["AnyFive", "BoardGroups", "Composition", "HoleAndBoard"]

Pool = tuple[list[Card], bool]


@dataclass(frozen=True)
class AnyFive:
    """Any five of the hole and board cards together."""

    def pools(self, hole: Sequence[Card], board: Sequence[Card]) -> Iterator[Pool]:
        yield [*hole, *board], False


@dataclass(frozen=True)
class HoleAndBoard:
    """Exactly ``hole`` cards from the hand and ``board`` from the board (Omaha: 2 + 3)."""

    hole: int = 2
    board: int = 3

    def __post_init__(self) -> None:
        if self.hole < 0 or self.board < 0 or self.hole + self.board != 5:
            raise HandError(
                f"a hand is five cards: {self.hole} from the hand + {self.board} from the "
                "board is not five", "bad_composition")

    def pools(self, hole: Sequence[Card], board: Sequence[Card]) -> Iterator[Pool]:
        _need(hole, self.hole, "hole")
        _need(board, self.board, "board")
        for h in combinations(hole, self.hole):
            for b in combinations(board, self.board):
                yield [*h, *b], True


@dataclass(frozen=True)
class BoardGroups:
    """The hole cards with one allowed group of board cards (lines, arms, piles).

    ``from_hole=None`` plays the best five of hole + group; an int plays exactly
    that many hole cards and ``5 - from_hole`` cards of the group.
    """

    groups: tuple[tuple[int, ...], ...]
    from_hole: int | None = None

    def __post_init__(self) -> None:
        if not self.groups:
            raise HandError("a board-groups rule needs at least one group", "bad_composition")
        if self.from_hole is not None and not 0 <= self.from_hole <= 5:
            raise HandError("from_hole must be between 0 and 5", "bad_composition")

    def pools(self, hole: Sequence[Card], board: Sequence[Card]) -> Iterator[Pool]:
        for group in self.groups:
            if any(not 0 <= i < len(board) for i in group):
                raise HandError(
                    f"board group {group} names a card the board ({len(board)} cards) lacks",
                    "bad_composition")
            cards = [board[i] for i in group]
            if self.from_hole is None:
                yield [*hole, *cards], False
                continue
            _need(hole, self.from_hole, "hole")
            if len(cards) < 5 - self.from_hole:
                continue
            for h in combinations(hole, self.from_hole):
                for b in combinations(cards, 5 - self.from_hole):
                    yield [*h, *b], True


Composition = AnyFive | HoleAndBoard | BoardGroups


def _need(cards: Sequence[Card], n: int, where: str) -> None:
    if len(cards) < n:
        raise HandError(
            f"this game plays {n} {where} cards but only {len(cards)} are there", "too_few_cards")
