"""Every game the engine deals can be replayed street by street (issue 11 item 3:
"for every game in the book"), with odds at every street, seed 004's board layouts
included."""

from __future__ import annotations

import random

import pytest

from controller.engine import new_hand
from controller.engine.randomplay import play_hand
from controller.odds.replay import replay_states
from controller.variants.catalogue import GAMES

PLAYABLE = [g for g in GAMES if g.playable]
# Steps that move a dealt card to another seat (seed 004: Pass 'Em, Push 'Em, Garbage Pie)
# or deal a card to the market before a seat buys it (Buy Happiness).
CARD_MOVES = {"Pass", "Push", "Market"}


@pytest.mark.parametrize("game", PLAYABLE, ids=[g.id for g in PLAYABLE])
def test_random_hand_replays_with_consistent_odds(game: object) -> None:
    """Seeds 000-004: a random hand of the game, replayed. Each seat's final cards were
    all dealt to it in some street; a street's equities share the whole pot; a folded
    seat stays folded; the last point pays what the engine paid; every street has its
    own name."""
    seats = [(i, f"P{i}", 400) for i in range(1, 5)]
    start = new_hand(game, seats, dealer=4)  # type: ignore[arg-type]
    final = play_hand(start, random.Random(7))
    r = replay_states(start, final.log, seed=1, max_error=0.05, max_time=0.05)
    names = [st.name for st in r.streets]
    assert names and len(set(names)) == len(names)  # one label per point of the chart
    moves = any(type(step).__name__ in CARD_MOVES for step in game.steps)  # type: ignore[attr-defined]
    for p in final.players:
        dealt = {d.card for st in r.streets for d in st.dealt
                 if d.seat == p.seat or moves}
        assert {str(c) for c in p.cards} <= dealt, p.seat
    folded: set[int] = set()
    for st in r.streets:
        now = {o.seat for o in st.odds if o.folded}
        assert folded <= now, st.name
        folded = now
        assert not st.note, (st.name, st.note)  # every game is priced
        assert sum(o.equity or 0 for o in st.odds) == pytest.approx(1.0, abs=1e-6), st.name
    if final.result is not None and final.result.reason != "misdeal":
        won = {s for s, c in final.result.payouts if c > 0}
        last = {o.seat for o in r.streets[-1].odds if (o.equity or 0) > 0}
        assert last <= won
