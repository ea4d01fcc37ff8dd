"""Hand rankings: every ranking in the rulebook, one module per family.

The public API (everything else in the package is internal)::

    from controller.hands import (HandValue, Ranking, WildSpec, get_ranking, showdown,
                                  exposed_key, AnyFive, HoleAndBoard, BoardGroups)

``get_ranking(name, **options)`` names: ``high``, ``high-bug``, ``high-wild``,
``low-a5``, ``low-a5-8``, ``low-27``, ``low-a6``, ``points-3-30``, ``points-7-27``.
``ranking.evaluate(cards, wild=None)`` returns the best :class:`HandValue` of
5..10 cards (lows: at least ``hand_size``; points: any number) and raises
:class:`~controller.errors.HandError` (``too_few_cards``, ``too_many_cards``,
``duplicate_card``, ``joker_not_allowed``, ...) on bad input.

A value's ``key`` is a tuple of ints, bigger is better *under its ranking*
(the better low has the bigger key); values compare by key. ``category``,
``describe()``, ``cards`` (five cards as played: a wild card or the bug shown
as the card it stands for), ``physical`` (the real cards in the same order:
``Jk`` where the joker stands in) and ``substitutes`` (positions played by a
stand-in). ``qualifies`` is False only when a qualifier (eight or better) fails.

Seed 000 section 05, Anna against Ben, with the shared joker as the bug:

>>> bug = get_ranking("high-bug")
>>> anna = bug.evaluate("As Ks Qs 7s 9d 2c Jk")
>>> ben = bug.evaluate("9c 9h 5c 5d Kd 3h Jk")
>>> anna.describe(), [str(c) for c in anna.cards], anna.substitutes
('flush, ace high', ['As', 'Ks', 'Qs', 'Js', '7s'], (3,))
>>> ben.describe(), ben.category, str(ben.cards[-1])
('two pair, nines and fives', 'two pair', 'As')
>>> anna > ben
True

Four aces and the bug are five aces, above a royal flush (seed 002 article 5):

>>> bug.evaluate("As Ah Ad Ac Jk") > bug.evaluate("Ks Qs Js Ts 9s")
True

Wild cards, with the house options of seed 003 and a per-call wild set (Low Hole):

>>> from controller.cards import Card, Rank
>>> w = get_ranking("high-wild", wild=WildSpec(jokers=True, ranks=frozenset({Rank.TWO})))
>>> w.evaluate("Jk 2c Kh Kd Ks 7c 8d").describe()
'five kings'
>>> w.evaluate("4c 4d Kh Kd 9s 7c 2d", wild=WildSpec(ranks=frozenset({Rank.FOUR}))).describe()
'four kings'

Lows: ace-to-five with the eight-or-better qualifier, deuce-to-seven:

>>> low = get_ranking("low-a5-8")
>>> v = low.evaluate("Ah 2d 3c 4s 5h Kc Kd")
>>> v.category, v.qualifies, v.describe()
('five low', True, 'five low: 5-4-3-2-A')
>>> get_ranking("low-27").evaluate("7c 5d 4h 3s 2c").key > get_ranking("low-27").evaluate(
...     "Ac 2d 3h 4s 5c").key
True

Composition (Omaha: exactly two hole cards and three from the board):

>>> omaha = get_ranking("high").best("As Ah Kd Qc", "Ac Ad 7h 8h 9h", HoleAndBoard(2, 3))
>>> omaha.describe()
'four aces'

Showdowns and who acts first in stud:

>>> showdown(["Ah Kh", "Ac Kc"], "high", board="2d 7s 9c Jd 3h").winners
[0, 1]
>>> exposed_key("Kc Kd 3h") > exposed_key("Ac Qd 9h")
True

The fast paths for the odds engine work on card indexes (0..51, joker 52):
:func:`eval_high7`, :func:`eval_high`, :func:`eval_bug7`, :func:`eval_bug` return
strengths (bigger is better; :func:`high_key` turns one back into a key),
:func:`eval_low_a5_7` / :func:`eval_low_a5` a packed low (bigger is the better
low), and :func:`eval_high_batch` takes an ``(N, 7)`` numpy array (numpy is
imported on first use). See :mod:`controller.hands.tables`.

>>> eval_high7([51, 47, 43, 39, 35, 0, 5]), high_key(7462)
(7462, (8, 14, 13, 12, 11, 10))
>>> from controller.hands import eval_high_batch
>>> int(eval_high_batch([[51, 47, 43, 39, 35, 0, 5]])[0])
7462
"""

from __future__ import annotations

from typing import Any

from controller.hands.base import Ranking, check_distinct
from controller.hands.compose import AnyFive, BoardGroups, Composition, HoleAndBoard
from controller.hands.partial import bring_in_key, exposed_key
from controller.hands.registry import RANKING_NAMES, get_ranking
from controller.hands.showdown import Showdown, showdown
from controller.hands.tables import (
    eval_bug,
    eval_bug7,
    eval_high,
    eval_high7,
    eval_low_a5,
    eval_low_a5_7,
    high_key,
)
from controller.hands.value import CATEGORY_NAMES, Category, HandValue
from controller.hands.wild import WildSpec, parse_wild

__all__ = [
    "CATEGORY_NAMES",
    "RANKING_NAMES",
    "AnyFive",
    "BoardGroups",
    "Category",
    "Composition",
    "HandValue",
    "HoleAndBoard",
    "Ranking",
    "Showdown",
    "WildSpec",
    "bring_in_key",
    "check_distinct",
    "eval_bug",
    "eval_bug7",
    "eval_high",
    "eval_high7",
    "eval_high_batch",
    "eval_low_a5",
    "eval_low_a5_7",
    "exposed_key",
    "get_ranking",
    "high_key",
    "parse_wild",
    "showdown",
]


def __getattr__(name: str) -> Any:
    """``eval_high_batch`` imports numpy, so it loads on first use."""
    if name == "eval_high_batch":
        from controller.hands.batch import eval_high_batch

        return eval_high_batch
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
