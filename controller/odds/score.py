"""Showdown strengths of every live player for a batch of deals.

``Scorer(spec)`` picks, once per spec, how to score: the vectorised tables of
:mod:`controller.odds.fast` (high, the bug, ace-to-five lows with or without
the eight qualifier) and :mod:`controller.odds.wild` (high with wild cards,
Low Hole, the Man with the Axe) when every pool the composition allows has 5
to 7 cards; otherwise the general rankings of :mod:`controller.hands` card by
card (deuce-to-seven and ace-to-six lows, short lows, points, pairs, house
options, bigger pools). Either way the result is two ``(N, players)`` int
arrays, ``high`` and ``low``: within a row bigger is better, and 0 means no
(qualifying) hand.

>>> from controller.odds.spec import OddsSpec
>>> s = Scorer(OddsSpec.build(["Ah Kh", "Ac Kc", "2c 2h"], board="2d 7s 9c Jd 3h"))
>>> high, low = s.score(np.zeros((1, 0), np.int64))  # nothing to come: one deal
>>> s.fast, high.tolist(), low.tolist()
(True, [[1224, 1224, 5030]], [[0, 0, 0]])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations
from math import comb

import numpy as np
import numpy.typing as npt

from controller.cards import JOKER, Card, Rank, card_from_index
from controller.hands import AnyFive, BoardGroups, HoleAndBoard, WildSpec, get_ranking
from controller.hands.base import Ranking
from controller.odds import fast, wild
from controller.odds.errors import OddsError
from controller.odds.layout import Cards, Layout
from controller.odds.spec import OddsSpec

__all__ = ["Recipe", "Scorer", "recipes"]

Strengths = npt.NDArray[np.int32]


@dataclass(frozen=True)
class Recipe:
    """One way to make a pool: ``hole`` cards chosen from the hand (None: all of them)
    with ``pick`` cards chosen from the board ``slots`` (None: all of them)."""

    hole: int | None
    slots: tuple[int, ...]
    pick: int | None

    def size(self, hand: int) -> int:
        """Cards in each pool for a hand of ``hand`` cards."""
        return (hand if self.hole is None else self.hole) + (
            len(self.slots) if self.pick is None else self.pick)


def recipes(spec: OddsSpec) -> list[Recipe]:
    """The composition rule as pool recipes (see :mod:`controller.hands.compose`)."""
    comp, every = spec.rule.composition, tuple(range(len(spec.board)))
    if isinstance(comp, AnyFive):
        return [Recipe(None, every, None)]
    if isinstance(comp, HoleAndBoard):
        return [Recipe(comp.hole, every, comp.board)]
    assert isinstance(comp, BoardGroups)
    fh = comp.from_hole
    return [Recipe(fh, tuple(g), None if fh is None else 5 - fh) for g in comp.groups]


@cache
def _combos(n: int, k: int) -> npt.NDArray[np.int64]:
    return np.array(list(combinations(range(n), k)), np.int64).reshape(-1, k)


def _subset_sums(keys: npt.NDArray[np.int64], pick: int | None) -> npt.NDArray[np.int64]:
    """``(N, A)`` sums of the keys of every allowed subset of the columns."""
    sums: npt.NDArray[np.int64]
    if pick is None or pick == keys.shape[1]:
        sums = keys.sum(axis=1)[:, None]
    else:
        sums = keys[:, _combos(keys.shape[1], pick)].sum(axis=2)
    return sums


def _subset_ors(bits: npt.NDArray[np.int32], pick: int | None) -> npt.NDArray[np.int32]:
    """``(N, A)`` or of the rank bits of every allowed subset of the columns."""
    ors: npt.NDArray[np.int32]
    if pick is None or pick == bits.shape[1]:
        ors = np.bitwise_or.reduce(bits, axis=1)[:, None]
    else:
        ors = np.bitwise_or.reduce(bits[:, _combos(bits.shape[1], pick)], axis=2)
    return ors


def _pool_count(recipe: Recipe, hand: int) -> int:
    """How many pools one player has per deal under ``recipe`` (Omaha: 6 x 10)."""
    holes = 1 if recipe.hole is None else comb(hand, recipe.hole)
    boards = 1 if recipe.pick is None else comb(len(recipe.slots), recipe.pick)
    return holes * boards


def _natural(rule_ranking: str) -> bool:
    return rule_ranking in fast.FAST_RANKINGS


class Scorer:
    """Scores deals of one spec (fast tables when possible, else the rankings)."""

    def __init__(self, spec: OddsSpec) -> None:
        self.spec = spec
        self.layout = Layout.of(spec)
        self.finisher = spec.finisher
        # the engine's showdown deals every unknown card to its own place, one by one
        self.groups = ([1] * spec.cards_to_come if self.finisher is not None
                       else self.layout.groups)
        if self.finisher is not None:
            self.names, self.fast, self.wild_path, self.pools = [], False, False, 1
            return
        self.recipes = recipes(spec)
        rule = spec.rule
        self.names = [n for n in (rule.high, rule.low) if n]
        sizes = {r.size(h.size) for r in self.recipes for h in spec.players}
        tables_fit = all(fast.MIN_POOL <= s <= fast.MAX_POOL for s in sizes)
        natural = (all(_natural(n) for n in self.names) and rule.wild is None
                   and not rule.low_hole and not rule.top_hand)
        self.wild_path = (self.names == ["high-wild"]
                          and rule.top_hand in ("", "natural-pair-7"))
        self.fast = tables_fit and (natural or self.wild_path)
        self.pools = max(sum(_pool_count(r, h.size) for r in self.recipes)
                         for h in spec.players)
        self.check_one_deal()

    def check_one_deal(self) -> None:
        """Score one deal the slow way so bad input fails with the rankings' own error
        (a joker under plain high rules, a composition the board cannot make, ...)."""
        lay = self.layout
        deal = lay.unseen[: sum(lay.groups)].copy()
        if len(deal) and lay.unseen[-1] == JOKER.index:
            deal[-1] = JOKER.index  # the joker may be dealt: make sure the rules allow it
        _SlowScorer(self).score(deal[None, :])

    def score(self, deals: Cards) -> tuple[Strengths, Strengths]:
        """``(high, low)`` strengths, ``(N, players)`` each (zeros for a missing half)."""
        if self.finisher is not None:
            return self.finisher.score(deals)
        if self.fast:
            return self._score_fast(deals)
        return _SlowScorer(self).score(deals)

    def _score_fast(self, deals: Cards) -> tuple[Strengths, Strengths]:
        if self.wild_path:
            return self._score_wild(deals)
        n, players = len(deals), len(self.spec.players)
        rule = self.spec.rule
        out = {rule.high: np.zeros((n, players), np.int32),
               rule.low: np.zeros((n, players), np.int32)}
        names = [name for name in (rule.high, rule.low) if name]
        sums = any(name not in fast.MASK_RANKINGS for name in names)
        bits = any(name in fast.MASK_RANKINGS for name in names)
        board = self.layout.board(deals)
        boards = [_Side.of(board[:, list(r.slots)], r.pick, sums, bits) for r in self.recipes]
        for p in range(players):
            hole = self.layout.hole(p, deals)
            for recipe, board_side in zip(self.recipes, boards, strict=True):
                hole_side = _Side.of(hole, recipe.hole, sums, bits)
                size = recipe.size(hole.shape[1])
                for name in names:
                    values = _pools(name, size, hole_side, board_side)
                    np.maximum(out[name][:, p], values, out=out[name][:, p])
        return out[rule.high], out[rule.low]


    def _score_wild(self, deals: Cards) -> tuple[Strengths, Strengths]:
        """High with wild cards (:mod:`controller.odds.wild`); Low Hole's wild rank is
        worked out per deal and player, and applies to the board cards too."""
        rule = self.spec.rule
        mask = wild.wild_mask(rule.wild if rule.wild is not None else WildSpec())
        high = np.zeros((len(deals), len(self.spec.players)), np.int32)
        board = self.layout.board(deals)
        for p in range(len(self.spec.players)):
            hole = self.layout.hole(p, deals)
            rank = self._low_hole_rank(p, hole) if rule.low_hole else None
            hole_keys = wild.pool_keys(hole, mask, rank)
            board_keys = wild.pool_keys(board, mask, rank)
            for recipe in self.recipes:
                h = [_subset_sums(k, recipe.hole) for k in hole_keys]
                b = [_subset_sums(k[:, list(recipe.slots)], recipe.pick) for k in board_keys]
                k1, k2, k3 = ((x[:, :, None] + y[:, None, :]).reshape(-1)
                              for x, y in zip(h, b, strict=True))
                size = recipe.size(hole.shape[1])
                values = wild.wild_evaluator(size, rule.top_hand)(k1, k2, k3)
                best = values.reshape(len(deals), -1).max(axis=1)
                np.maximum(high[:, p], best, out=high[:, p])
        return high, np.zeros_like(high)

    def _low_hole_rank(self, p: int, hole: Cards) -> npt.NDArray[np.int64]:
        """Seed 003 "Low Hole": per deal, the rank (ace high) of the lowest down card."""
        holding = self.spec.players[p]
        known = len(holding.cards)
        cols = [*range(len(holding.down)), *range(known, known + holding.to_come_down)]
        down = hole[:, cols]
        ranks = np.where(down < 52, down // 4 + 2, 99)
        lowest: npt.NDArray[np.int64] = ranks.min(axis=1, initial=99)
        return np.where(lowest == 99, 0, lowest)


@dataclass(frozen=True)
class _Side:
    """One side of a pool (the hand's cards or the board's) for every allowed subset:
    the additive keys summed and the rank bits or-ed, ``(N, subsets)`` each."""

    ranks: npt.NDArray[np.int64] | None
    suited: npt.NDArray[np.int64] | None
    bits: npt.NDArray[np.int32] | None

    @classmethod
    def of(cls, cards: Cards, pick: int | None, sums: bool, bits: bool) -> _Side:
        ranks = _subset_sums(fast.KEY_RANKS[cards], pick) if sums else None
        suited = _subset_sums(fast.KEY_SUITED[cards], pick) if sums else None
        ors = _subset_ors(fast.KEY_BITS[cards], pick) if bits else None
        return cls(ranks, suited, ors)


def _pools(name: str, size: int, hole: _Side, board: _Side) -> Strengths:
    """Best strength per deal over every (hole subset, board subset) pair."""
    if name in fast.MASK_RANKINGS:
        assert hole.bits is not None and board.bits is not None
        masks = hole.bits[:, :, None] | board.bits[:, None, :]
        values = fast.mask_evaluator(name)(masks.reshape(len(masks), -1))
    else:
        assert hole.ranks is not None and board.ranks is not None
        assert hole.suited is not None and board.suited is not None
        k1 = (hole.ranks[:, :, None] + board.ranks[:, None, :]).reshape(-1)
        k2 = (hole.suited[:, :, None] + board.suited[:, None, :]).reshape(-1)
        values = fast.evaluator(name, size)(k1, k2).reshape(len(hole.ranks), -1)
    best: Strengths = values.max(axis=1)
    return best


class _SlowScorer:
    """The general path: :meth:`Ranking.best` per player per deal."""

    def __init__(self, scorer: Scorer) -> None:
        self.spec, self.layout = scorer.spec, scorer.layout
        rule = self.spec.rule
        self.high = _ranking(rule.high) if rule.high else None
        self.low = _ranking(rule.low) if rule.low else None

    def score(self, deals: Cards) -> tuple[Strengths, Strengths]:
        players = len(self.spec.players)
        boards = self.layout.board(deals).tolist()
        holes = [self.layout.hole(p, deals).tolist() for p in range(players)]
        high = np.zeros((len(deals), players), np.int32)
        low = np.zeros((len(deals), players), np.int32)
        for row in range(len(deals)):
            board = [card_from_index(i) for i in boards[row]]
            hands = [[card_from_index(i) for i in holes[p][row]] for p in range(players)]
            for ranking, out, is_low in ((self.high, high, False), (self.low, low, True)):
                if ranking is not None:
                    keys = [self._key(ranking, p, hand, board, is_low)
                            for p, hand in enumerate(hands)]
                    out[row] = _dense(keys)
        return high, low

    def _key(self, ranking: Ranking, p: int, hand: list[Card], board: list[Card],
             is_low: bool) -> tuple[int, ...] | None:
        rule = self.spec.rule
        wild = self._wild(p, hand)
        value = ranking.best(hand, board, rule.composition, wild=wild)
        if is_low and not value.qualifies:
            return None
        if rule.top_hand == "natural-pair-7" and not is_low:
            sevens = [c for c in [*hand, *board] if c.rank == Rank.SEVEN
                      and (wild is None or not wild.is_wild(c))]
            return (int(len(sevens) >= 2), *value.key)
        return value.key

    def _wild(self, p: int, hand: list[Card]) -> WildSpec | None:
        rule = self.spec.rule
        if not rule.low_hole:
            return rule.wild
        holding = self.spec.players[p]
        # Seed 003 "Low Hole": the lowest down card's rank (ace high) is wild for this
        # player; the first ``to_come_down`` new cards are the down ones.
        known = len(holding.cards)
        down = [*hand[: len(holding.down)], *hand[known: known + holding.to_come_down]]
        base = rule.wild if rule.wild is not None else WildSpec.none()
        ranks = [c.rank for c in down if c.rank is not None]
        if not ranks:
            return base
        return WildSpec(base.jokers, base.ranks | {min(ranks)}, base.cards)


def _dense(keys: Sequence[tuple[int, ...] | None]) -> list[int]:
    """Keys to small ints in the same order (None -> 0)."""
    order = {k: i + 1 for i, k in enumerate(sorted({k for k in keys if k is not None}))}
    return [0 if k is None else order[k] for k in keys]


@cache
def ranking_for(name: str) -> Ranking:
    """The named ranking; a suffix sets its option as in the game catalogue:
    ``"low-a5:4"`` is a four-card low, ``"points-3-30:low"`` the low side of 3-30;
    ``"high-wild:double-ace-flush"``, ``"high-wild:natural-beats-wild"`` (or both,
    joined by ``+``) are seed 003's house options for wild cards. Those two keep the
    card-by-card path: a double-ace flush (A-A-x-x-x) is a hand the tables' 7,462
    strengths have no place for, and natural-beats-wild orders equal hands by the wild
    cards they use, which a strength computed from summed card keys does not see.

    >>> ranking_for("low-a5:4").hand_size, ranking_for("points-3-30:low").name
    (4, 'points-3-30')
    >>> ranking_for("high-wild:double-ace-flush+natural-beats-wild").natural_beats_wild
    True
    """
    base, _, option = name.partition(":")
    if not option:
        return get_ranking(base)
    if option.isdigit():
        return get_ranking(base, hand_size=int(option))
    if base == "high-wild":
        flags = set(option.split("+"))
        unknown = flags - {"double-ace-flush", "natural-beats-wild"}
        if unknown:
            raise OddsError(f"high-wild has no option {', '.join(sorted(unknown))}: "
                            "double-ace-flush, natural-beats-wild", "bad_option")
        return get_ranking(base, double_ace_flush="double-ace-flush" in flags,
                           natural_beats_wild="natural-beats-wild" in flags)
    return get_ranking(base, side=option)


_ranking: Callable[[str], Ranking] = ranking_for
