"""``equity(spec)``: each live player's chance of winning, exact or by seeded Monte Carlo.

**Method.** When the number of distinct deals of the unknown cards is at most
``exact_limit`` (default :data:`EXACT_LIMIT` = 200,000 on the vectorised path,
:data:`EXACT_LIMIT_SLOW` = 3,000 when the general rankings score each hand,
:data:`~controller.odds.completion.EXACT_LIMIT_ENGINE` = 400 when the engine's own
showdown scores a house-book layout) every
deal is scored once and the answer is exact (error 0); ``method="exact"``
forces it up to :data:`EXACT_CAP` deals. Otherwise deals are
drawn at random with a seeded :class:`numpy.random.Generator` in batches until
the 95% error bar (1.96 standard errors) of every reported number is at most
``max_error``, or ``max_time`` seconds have passed (then ``stopped`` says so
and the error bar is the one reached; on the engine's showdown, which scores a few
hundred deals a second, sampling stops after :data:`ENGINE_MAX_TIME` seconds when
no ``max_time`` is given). A number whose samples are all equal
(a player who never wins) gets the "rule of three" bar ``3 / samples``.

**Numbers.** ``equity``: the expected fraction of the pot (ties split). In a
split game also ``high`` and ``low`` (the expected fraction of each half)
and ``scoop`` (the chance of taking the whole pot alone).

>>> from controller.odds.spec import OddsSpec
>>> r = equity(OddsSpec.build(["As Ks", "Qd Qc"], board="2c 7d 9h Jd", board_to_come=1))
>>> r.method, r.samples, [round(p.equity, 4) for p in r.players]
('exact', 44, [0.1364, 0.8636])
>>> r = equity(OddsSpec.build(["As Ks", "Qd Qc"], board_to_come=5), seed=7, max_error=0.01)
>>> r.method, r.max_error <= 0.01, abs(r.players[0].equity - 0.46) < 0.02
('monte-carlo', True, True)
"""

from __future__ import annotations

import secrets
import time
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from controller.odds.completion import EXACT_LIMIT_ENGINE
from controller.odds.deals import count_deals, exact_chunks, sample_deals
from controller.odds.errors import OddsError
from controller.odds.score import Scorer
from controller.odds.shares import pot_shares
from controller.odds.spec import OddsSpec

__all__ = ["EXACT_LIMIT", "EXACT_LIMIT_SLOW", "Equity", "PlayerEquity", "equity"]

EXACT_LIMIT = 200_000
EXACT_LIMIT_SLOW = 3_000
EXACT_CAP = 5_000_000  # even when asked for, no more deals than this are enumerated
Z95 = 1.96
FIRST_BATCH = 2_048
MAX_BATCH = 1 << 16
FIRST_BATCH_SLOW, MAX_BATCH_SLOW = 32, 2_048  # card-by-card scoring: ~10k hands a second
FIRST_BATCH_ENGINE, MAX_BATCH_ENGINE = 8, 256  # the engine's showdown: ~100-1000 deals a second
ENGINE_MAX_TIME = 3.0  # seconds of sampling on the engine's showdown when no max_time is given
METRICS = ("equity", "high", "low", "scoop")


@dataclass(frozen=True)
class PlayerEquity:
    """One player's numbers; ``*_error`` are 95% error bars (0 when exact).
    ``high``, ``low`` and ``scoop`` are None in a game with one way to win."""

    equity: float
    error: float
    high: float | None = None
    low: float | None = None
    scoop: float | None = None
    high_error: float | None = None
    low_error: float | None = None
    scoop_error: float | None = None

    def as_dict(self) -> dict[str, float]:
        """Rounded numbers for JSON (missing halves left out)."""
        return {k: round(v, 6) for k, v in self.__dict__.items() if v is not None}


@dataclass(frozen=True)
class Equity:
    """The answer: per player numbers, how they were found, and how sure they are."""

    players: tuple[PlayerEquity, ...]
    method: str  # "exact" or "monte-carlo"
    samples: int  # deals scored
    deals: int  # distinct deals of the unknown cards
    max_error: float  # the largest 95% error bar among the numbers reported
    seed: int | None
    stopped: str  # "exact", "error" (bar reached) or "max_time"

    def as_dict(self) -> dict[str, Any]:
        """The JSON form ``pitboss odds`` prints."""
        return {"method": self.method, "samples": self.samples, "deals": self.deals,
                "max_error": round(self.max_error, 6), "seed": self.seed,
                "stopped": self.stopped, "players": [p.as_dict() for p in self.players]}


class _Tally:
    """Running sums and sums of squares of the four numbers per player."""

    def __init__(self, players: int) -> None:
        self.n = 0
        self.sum = np.zeros((4, players))
        self.sq = np.zeros((4, players))
        self.lo = np.full((4, players), np.inf)
        self.hi = np.full((4, players), -np.inf)

    def add(self, values: npt.NDArray[np.float64]) -> None:
        """``values``: ``(4, N, players)``."""
        self.n += values.shape[1]
        self.sum += values.sum(axis=1)
        self.sq += (values * values).sum(axis=1)
        self.lo = np.minimum(self.lo, values.min(axis=1))
        self.hi = np.maximum(self.hi, values.max(axis=1))

    def mean(self) -> npt.NDArray[np.float64]:
        return self.sum / max(self.n, 1)

    def variance(self) -> npt.NDArray[np.float64]:
        n = max(self.n, 2)
        return np.maximum(self.sq - self.sum * self.sum / n, 0.0) / (n - 1)

    def error(self) -> npt.NDArray[np.float64]:
        """95% error bars; the rule of three where every sample was the same."""
        n = max(self.n, 1)
        bar = Z95 * np.sqrt(self.variance() / n)
        return np.where(self.lo == self.hi, np.maximum(bar, 3.0 / n), bar)


def _metrics(scorer: Scorer, deals: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    high, low = scorer.score(deals)
    ways = [h.declared for h in scorer.spec.players]
    pot, h, lo = pot_shares(high, low, scorer.spec.rule.pot, ways)
    return np.stack([pot, h, lo, (pot > 1 - 1e-9).astype(np.float64)])


def equity(spec: OddsSpec, seed: int | None = None, max_error: float = 0.005,
           max_time: float | None = None, exact_limit: int | None = None,
           method: str = "auto") -> Equity:
    """Each live player's equity for ``spec`` (see the module docstring).

    ``method``: ``"auto"`` (exact when the deals are few), ``"exact"`` or
    ``"monte-carlo"``. Without a ``seed`` one is drawn and reported in the
    answer, so any Monte Carlo answer can be reproduced.
    """
    if not max_error > 0:
        raise OddsError("max_error must be above 0 (for example 0.005)", "bad_max_error")
    if method not in ("auto", "exact", "monte-carlo"):
        raise OddsError(f"unknown method {method!r}: auto, exact or monte-carlo", "bad_method")
    scorer = Scorer(spec)
    lay = scorer.layout
    deals = count_deals(len(lay.unseen), scorer.groups)
    limit = exact_limit if exact_limit is not None else (
        EXACT_LIMIT_ENGINE if scorer.finisher is not None else
        EXACT_LIMIT if scorer.fast else EXACT_LIMIT_SLOW)
    tally = _Tally(len(spec.players))
    if method == "exact" and deals > EXACT_CAP:
        raise OddsError(f"{deals:,} deals are too many to enumerate (at most {EXACT_CAP:,}): "
                        "use Monte Carlo", "too_many_deals")
    budget = max_time if max_time is not None else ENGINE_MAX_TIME
    if not scorer.fast and method == "auto" and deals <= limit:
        # card-by-card scoring costs up to milliseconds a deal: enumerate what fits the time
        limit = min(limit, int(budget / _cost_per_deal(scorer)))
    if method == "exact" or (method == "auto" and deals <= limit):
        for chunk in exact_chunks(lay.unseen, scorer.groups):
            tally.add(_metrics(scorer, chunk))
        return _result(spec, tally, "exact", deals, seed, "exact")
    if seed is None:
        seed = secrets.randbits(32)
    if scorer.finisher is not None:
        max_time = budget
    stopped = _monte_carlo(scorer, tally, seed, max_error, max_time)
    return _result(spec, tally, "monte-carlo", deals, seed, stopped)


def _monte_carlo(scorer: Scorer, tally: _Tally, seed: int, max_error: float,
                 max_time: float | None) -> str:
    rng = np.random.default_rng(seed)
    lay = scorer.layout
    n = sum(scorer.groups)
    split = scorer.spec.rule.split
    start = time.perf_counter()
    batch, most = (FIRST_BATCH, MAX_BATCH) if scorer.fast else (
        (FIRST_BATCH_SLOW, MAX_BATCH_SLOW) if getattr(scorer.finisher, "pools", None)
        else (FIRST_BATCH_ENGINE, MAX_BATCH_ENGINE) if scorer.finisher is not None
        else (FIRST_BATCH_SLOW, MAX_BATCH_SLOW))
    # many pools per deal (Omaha's 60): smaller batches keep the arrays in memory small
    most = max(batch, most // max(1, scorer.pools // 4))
    while True:
        if not scorer.fast and max_time is not None and tally.n:
            # slow scoring: a batch must not run far past the time allowed
            per_deal = (time.perf_counter() - start) / tally.n
            left = max_time - (time.perf_counter() - start)
            batch = max(1, min(batch, int(left / per_deal)))
        tally.add(_metrics(scorer, sample_deals(rng, lay.unseen, n, batch)))
        errors = tally.error() if split else tally.error()[:1]
        worst = float(errors.max())
        if worst <= max_error:
            return "error"
        if max_time is not None and time.perf_counter() - start >= max_time:
            return "max_time"
        variance = float((tally.variance() if split else tally.variance()[:1]).max())
        needed = int(1.1 * (Z95 * Z95 * variance) / (max_error * max_error)) - tally.n
        batch = min(max(needed, most // 64), most)


def _cost_per_deal(scorer: Scorer) -> float:
    """Seconds the scorer takes per deal, timed on a few deals."""
    lay = scorer.layout
    sample = next(exact_chunks(lay.unseen, scorer.groups, chunk=4))[:4]
    start = time.perf_counter()
    _metrics(scorer, sample)
    return max((time.perf_counter() - start) / max(len(sample), 1), 1e-6)


def _result(spec: OddsSpec, tally: _Tally, method: str, deals: int, seed: int | None,
            stopped: str) -> Equity:
    mean = tally.mean()
    err = np.zeros_like(mean) if method == "exact" else tally.error()
    split = spec.rule.split
    players = []
    for p in range(len(spec.players)):
        if split:
            players.append(PlayerEquity(
                float(mean[0, p]), float(err[0, p]), float(mean[1, p]), float(mean[2, p]),
                float(mean[3, p]), float(err[1, p]), float(err[2, p]), float(err[3, p])))
        else:
            players.append(PlayerEquity(float(mean[0, p]), float(err[0, p])))
    shown = err if split else err[:1]
    return Equity(tuple(players), method, tally.n, deals, float(shown.max()), seed, stopped)
