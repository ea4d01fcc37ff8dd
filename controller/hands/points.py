"""Point-count hands for 3-30 and 7-27 (seed 004, "3 30" and "7 27" showdowns).

* 3-30: aces count 1 or 11, face cards 10, two through ten face value; low
  aims at 3, high at 30.
* 7-27: aces count 1 or 11, face cards one half, two through ten face value;
  low aims at 7, high at 27.

"The player ... closest to [the target] wins"; "equally close ... share ...
it does not matter whether they are higher or lower"; the number of cards is
no tie-break. Totals are kept in half points so 7-27 stays in integers. The
key is ``(-distance in half points,)``: the closer hand has the bigger key,
and equal distances tie. Every card counts (no best five), so ``cards`` holds
all of them; each ace is counted 1 or 11, whichever lands closest.

>>> r = PointsRanking("points-7-27", side="high")
>>> v = r.evaluate("Ah Kd 5c 9s Jh")
>>> v.describe(), v.key
('26 points, 1 from 27', (-2,))
>>> PointsRanking("points-7-27", side="low").evaluate("Ah Kd 5c").describe()
'6½ points, ½ from 7'
"""

from __future__ import annotations

from controller.errors import HandError
from controller.hands.base import CardsIn, Ranking, as_cards
from controller.hands.value import HandValue
from controller.hands.wild import WildSpec

__all__ = ["POINTS_GAMES", "PointsRanking", "half_text"]

# name -> (low target, high target, face card value), all in half points
POINTS_GAMES: dict[str, tuple[int, int, int]] = {
    "points-3-30": (6, 60, 20),
    "points-7-27": (14, 54, 1),
}


def half_text(halves: int) -> str:
    """``half_text(13) == '6½'``, ``half_text(1) == '½'``, ``half_text(4) == '2'``."""
    whole, half = divmod(halves, 2)
    if not half:
        return str(whole)
    return f"{whole}½" if whole else "½"


class PointsRanking(Ranking):
    """Closest to the target wins, over or under alike; ``side`` is "high" or "low"."""

    min_cards = 0
    max_cards = 53

    def __init__(self, name: str, side: str = "high") -> None:
        if name not in POINTS_GAMES:
            raise HandError(f"unknown points rules {name!r}", "unknown_rules")
        if side not in ("high", "low"):
            raise HandError(f"side must be 'high' or 'low', not {side!r}", "bad_option")
        self.name = name
        self.side = side
        low, high, self.face = POINTS_GAMES[name]
        self.target = high if side == "high" else low

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        cs = self._checked(cards)
        base, aces = 0, 0
        for c in cs:
            if c.rank is None:
                raise HandError("the joker has no point value in this game", "joker_not_allowed")
            if c.rank == 14:
                aces += 1
                base += 2
            else:
                base += self.face if c.rank > 10 else 2 * int(c.rank)
        # each ace counted 11 instead of 1 adds 20 half points
        total = min((base + 20 * k for k in range(aces + 1)),
                    key=lambda t: (abs(t - self.target), t))
        dist = abs(total - self.target)
        text = f"{half_text(total)} points, {half_text(dist)} from {half_text(self.target)}"
        return HandValue((-dist,), "points", tuple(cs), tuple(cs), self.name, True,
                         (total,), text)

    def best(self, hole: CardsIn, board: CardsIn = (), composition: object = None,
             wild: WildSpec | None = None) -> HandValue:
        """Every card counts: hole and board together."""
        return self.evaluate([*as_cards(hole), *as_cards(board)])
