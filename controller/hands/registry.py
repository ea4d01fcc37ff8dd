"""Look rankings up by name: ``get_ranking("high-bug")``.

>>> sorted(RANKING_NAMES)[:3]
['high', 'high-bug', 'high-pairs']
>>> get_ranking("high-stud")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
controller.errors.HandError: unknown rules 'high-stud': choose one of high, high-bug, ...
"""

from __future__ import annotations

from typing import Any

from controller.errors import HandError
from controller.hands.base import Ranking
from controller.hands.flush import LongestFlushRanking
from controller.hands.high import BugRanking, HighRanking, WildRanking
from controller.hands.low import LOW_SYSTEMS, LowRanking
from controller.hands.pairs import PairsRanking
from controller.hands.points import POINTS_GAMES, PointsRanking

__all__ = ["RANKING_NAMES", "get_ranking"]

RANKING_NAMES: tuple[str, ...] = (
    "high", "high-bug", "high-wild", "high-pairs", "longest-flush",
    *sorted(LOW_SYSTEMS), *sorted(POINTS_GAMES))

_OPTIONS: dict[str, frozenset[str]] = {
    "high": frozenset(),
    "high-bug": frozenset(),
    "high-wild": frozenset({"wild", "double_ace_flush", "natural_beats_wild"}),
    "high-pairs": frozenset(),
    "longest-flush": frozenset(),
    **{name: frozenset({"wild", "hand_size"}) for name in LOW_SYSTEMS},
    **{name: frozenset({"side"}) for name in POINTS_GAMES},
}


def get_ranking(name: str, **options: Any) -> Ranking:
    """The ranking called ``name`` with its house options.

    ``high-wild``: ``wild`` (WildSpec; default the joker), ``double_ace_flush``,
    ``natural_beats_wild``. Lows: ``wild`` (default the joker), ``hand_size``
    (default 5). Points: ``side`` ("high", default, or "low").
    """
    allowed = _OPTIONS.get(name)
    if allowed is None:
        raise HandError(
            f"unknown rules {name!r}: choose one of {', '.join(sorted(RANKING_NAMES))}",
            "unknown_rules")
    extra = set(options) - allowed
    if extra:
        raise HandError(
            f"rules {name!r} take no option {', '.join(sorted(extra))}", "bad_option")
    if name == "high":
        return HighRanking()
    if name == "high-bug":
        return BugRanking()
    if name == "high-wild":
        return WildRanking(**options)
    if name == "high-pairs":
        return PairsRanking()
    if name == "longest-flush":
        return LongestFlushRanking()
    if name in LOW_SYSTEMS:
        return LowRanking(name, **options)
    return PointsRanking(name, **options)
