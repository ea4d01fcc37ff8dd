"""Live odds: each live player's equity for a hand in progress (issue 11).

The public API::

    from controller.odds import (OddsSpec, Holding, ShowdownRule, equity, Equity,
                                 PlayerEquity, OddsError, centre_joker)

Describe the hand as the table knows it (:class:`OddsSpec`: known cards,
cards still to come per player and on the board, dead cards, the deck, the
showdown rule) and call :func:`equity`. The answer is exact when the unknown
deals are few, else seeded Monte Carlo with a 95% error bar of at most
``max_error``. The engine is not needed; :mod:`controller.odds.from_state`
builds a spec from a rules-engine hand state.

Seed 000 section 05, Anna against Ben, on sixth street with the bug in the
centre (one down card each to come):

>>> rule = ShowdownRule(high="high-bug")
>>> spec = OddsSpec.build(["As Ks Qs 7s 9d 2c", "9c 9h 5c 5d Kd 3h"],
...                       board=centre_joker(), deck=53, rule=rule)
>>> equity(spec).players[0].equity
1.0
>>> spec = OddsSpec.build(["As Ks Qs 7s 9d", "9c 9h 5c 5d Kd"], to_come=1,
...                       board=centre_joker(), deck=53, rule=rule)
>>> r = equity(spec)
>>> r.method, r.deals, round(r.players[0].equity, 3)
('exact', 1722, 0.932)

Omaha high-low eight or better on the turn (seed 004 "Omaha"):

>>> from controller.hands import HoleAndBoard
>>> from controller.variants.game import PotRule
>>> rule = ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8, composition=HoleAndBoard(2, 3))
>>> r = equity(OddsSpec.build(["As 2s Kd Qd", "3h 4h Jc Jh"], board="5c 9d Jd 8s ?",
...                           rule=rule))
>>> [(round(p.high, 3), round(p.low, 3)) for p in r.players]
[(0.25, 0.35), (0.75, 0.15)]
"""

from __future__ import annotations

from controller.odds.equity import EXACT_LIMIT, EXACT_LIMIT_SLOW, Equity, PlayerEquity, equity
from controller.odds.errors import OddsError
from controller.odds.spec import (
    Holding,
    OddsSpec,
    ShowdownRule,
    centre_joker,
    parse_board,
    parse_holding,
)

__all__ = [
    "EXACT_LIMIT",
    "EXACT_LIMIT_SLOW",
    "Equity",
    "Holding",
    "OddsError",
    "OddsSpec",
    "PlayerEquity",
    "ShowdownRule",
    "centre_joker",
    "equity",
    "parse_board",
    "parse_holding",
]
