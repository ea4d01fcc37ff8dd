"""Scoring a deal by the engine's own showdown: the path for every game of the book.

A board of named slots where each game says which cards a player may combine
(seed 004: Cross's lines, the L game's arms, Judge Getz's piles, Railroad's
colours), wild cards decided during the deal (Follow the Queen, Low Card in
the Hole, Molly), 3-30's discards, Highest Flush's straight-flush exception:
the engine already scores all of these (:mod:`controller.engine.showdown`,
:mod:`controller.engine.layout`). So rather than a second copy of "the best
hand from this layout", a :class:`Completion` finishes the hand for each deal
of the unknown cards, through the engine's own ``place_card`` and
``turn_slot`` (the plan of :mod:`controller.odds.future`), and asks the
engine's ``evaluate`` for every live player's high and low keys. The keys
become small ints per deal (bigger is better, 0 is no qualifying hand), which
:func:`controller.odds.shares.pot_shares` turns into shares of the pot as for
every other game.

It is exact, and slow (a few milliseconds a deal where the vectorised tables
take microseconds): :func:`controller.odds.equity` enumerates at most
:data:`EXACT_LIMIT_ENGINE` deals this way (fewer when they would not fit the
time allowed), then samples with an error bar.

**Static layouts.** Where which cards combine depends only on where they lie
(every seed-004 layout but Railroad's colours and 3-30's discards; rankings with
vectorised tables; no wild card), the hand is finished once with stand-in
cards and the engine's :func:`~controller.engine.layout.compose_best` is asked
for each player's pools through a ranking that only records them. Each pool is
then five positions (a known card, or a column of the deal), and every deal is
scored in one numpy pass by :mod:`controller.odds.fast` (Cross, four players:
about 10,000 deals a second instead of about 100).

>>> from controller.engine import new_hand, apply, event_from_dict
>>> from controller.cards import parse_cards
>>> from controller.odds.future import read_plan
>>> s = new_hand("cross", [(1, "Ann", 900), (2, "Bo", 900)], dealer=2)
>>> for c in "As Kd 2c 3d 9h Tc 7s 7h 4c".split():
...     s = apply(s, event_from_dict({"card": c}))
>>> done = Completion(read_plan(s)).final_state(parse_cards("Ac Ad Ah 5c 5d 5h 6c 6d 6h"))
>>> sorted(done.turned), [str(c) for c in done.players[0].cards]
(['bottom', 'centre', 'left', 'right', 'top'], ['As', '6d', '2c', '5h'])
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import numpy.typing as npt

from controller.cards import Card, card_from_index
from controller.engine.board import turn_slot
from controller.engine.dealing import place_card
from controller.engine.layout import compose_best
from controller.engine.showdown import showdown_keys
from controller.engine.state import HandState, evolve
from controller.hands.base import CardsIn, Ranking
from controller.hands.value import HandValue
from controller.hands.wild import WildSpec
from controller.odds import fast
from controller.odds.future import Plan, TurnMove
from controller.variants.game import GameDef
from controller.variants.steps import NoPeek, Turn

__all__ = ["EXACT_LIMIT_ENGINE", "Completion"]

EXACT_LIMIT_ENGINE = 400
Key = tuple[int, ...]
Strengths = npt.NDArray[np.int32]


class _Recorder(Ranking):
    """A ranking that scores nothing and keeps every pool the engine's
    :func:`~controller.engine.layout.compose_best` offers it."""

    def __init__(self) -> None:
        self.pools: list[list[Card]] = []

    def evaluate(self, cards: CardsIn, wild: WildSpec | None = None) -> HandValue:
        self.pools.append(list(cards))  # type: ignore[arg-type]
        return HandValue((), "", (), (), "pool")


def _static(game: GameDef) -> bool:
    """True when which cards combine depends only on where they lie, not on what they
    are (every seed-004 layout but Railroad's colours and 3-30's discards), and both
    rankings have vectorised tables: then the pools are read once from the engine's
    composition and every deal is scored in one numpy pass."""
    sd = game.showdown
    uses = (*sd.compose, *sd.low_compose)
    names = [n for n in (sd.high, sd.low) if n]
    return bool(sd.compose) and not sd.wild.any and not sd.top_hand and all(
        n in fast.FAST_RANKINGS for n in names) and all(
        t.source not in ("red", "black") for use in uses for t in use) and not any(
        isinstance(s, NoPeek) or (isinstance(s, Turn) and s.discard_matches)
        for s in game.steps)


class Completion:
    """Finishes the hand of a :class:`~controller.odds.future.Plan` for a deal and scores
    it with the engine's showdown."""

    def __init__(self, plan: Plan, unseen: Sequence[Card] = ()) -> None:
        self.plan = plan
        self.live = tuple(i for i, p in enumerate(plan.base.players) if p.live)
        layout = plan.base.game.layout
        self.order = {name: k for k, name in enumerate(layout)}
        self.cards = len(plan.deliveries)
        self.pools: dict[str, list[npt.NDArray[np.int64]]] = {}
        if _static(plan.base.game) and len(unseen) >= self.cards:
            self.pools = self._read_pools(list(unseen[: self.cards]))

    def _read_pools(self, tokens: list[Card]) -> dict[str, list[npt.NDArray[np.int64]]]:
        """Per ranking and live player, ``(pools, 5)`` positions: a known card's index, or
        ``-1 - column`` for the deal's card in that column. The pools are the engine's
        own (:func:`~controller.engine.layout.compose_best` on the hand finished with
        stand-in cards), so the layout rule has one definition."""
        state = self.final_state(tokens)
        column = {c: k for k, c in enumerate(tokens)}
        sd = state.game.showdown
        out: dict[str, list[npt.NDArray[np.int64]]] = {}
        for half, name, uses in (("high", sd.high, sd.compose),
                                 ("low", sd.low, sd.low_compose or sd.compose)):
            if not name:
                continue
            per_player = []
            for i in self.live:
                recorder = _Recorder()
                compose_best(state, i, recorder, uses, None)
                rows = [[-1 - column[c] if c in column else c.index for c in pool]
                        for pool in recorder.pools if len(pool) == 5]
                per_player.append(np.array(rows, np.int64).reshape(-1, 5))
            out[half] = per_player
        return out

    def final_state(self, cards: Sequence[Card]) -> HandState:
        """The state once ``cards`` (one per delivery, in order) and the turns are out."""
        state = self.plan.base
        k = 0
        for move in self.plan.moves:
            if isinstance(move, TurnMove):
                state = turn_slot(state, move.slot, move.discard)
            else:
                state = place_card(state, cards[k])
                k += 1
        if state.slots:  # the engine deals slots in layout order; hidden ones came back last
            state = evolve(state, slots=tuple(sorted(state.slots,
                                                     key=lambda s: self.order[s[0]])))
        return state

    def keys(self, state: HandState) -> tuple[list[Key], list[Key]]:
        """Each live player's (high, low) showdown keys, as the engine compares them."""
        highs, lows = showdown_keys(state, self.live)
        return [highs[i] for i in self.live], [lows[i] for i in self.live]

    def score(self, deals: npt.NDArray[np.int64]) -> tuple[Strengths, Strengths]:
        """``(high, low)`` strengths, ``(N, players)`` each: dense per deal, 0 for none."""
        if self.pools:
            return self._score_pools(deals)
        n, players = len(deals), len(self.live)
        high = np.zeros((n, players), np.int32)
        low = np.zeros((n, players), np.int32)
        for row, indexes in enumerate(deals.tolist()):
            state = self.final_state([card_from_index(i) for i in indexes])
            h, lo = self.keys(state)
            high[row], low[row] = _dense(h), _dense(lo)
        return high, low


    def _score_pools(self, deals: npt.NDArray[np.int64]) -> tuple[Strengths, Strengths]:
        """The static layouts: the best pool per deal by the vectorised tables."""
        sd = self.plan.base.game.showdown
        out = []
        for half, name in (("high", sd.high), ("low", sd.low)):
            strengths = np.zeros((len(deals), len(self.live)), np.int32)
            for p, pools in enumerate(self.pools.get(half, ())):
                if not len(pools):
                    continue
                if deals.shape[1]:
                    cards = np.where(pools >= 0, pools, deals[:, np.maximum(-1 - pools, 0)])
                else:  # nothing to come: every card of every pool is known
                    cards = np.broadcast_to(pools, (len(deals), *pools.shape))
                if name in fast.MASK_RANKINGS:
                    bits = np.bitwise_or.reduce(fast.KEY_BITS[cards], axis=2)
                    values = fast.mask_evaluator(name)(bits.reshape(-1))
                else:
                    k1 = fast.KEY_RANKS[cards].sum(axis=2).reshape(-1)
                    k2 = fast.KEY_SUITED[cards].sum(axis=2).reshape(-1)
                    values = fast.evaluator(name, 5)(k1, k2)
                strengths[:, p] = values.reshape(len(deals), -1).max(axis=1)
            out.append(strengths)
        return out[0], out[1]


def _dense(keys: Sequence[Key]) -> list[int]:
    """Keys to small ints in the same order; an empty key (no hand) is 0."""
    order = {k: i + 1 for i, k in enumerate(sorted({k for k in keys if k}))}
    return [order[k] if k else 0 for k in keys]
