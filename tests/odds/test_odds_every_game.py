"""Issue 11 "for every game in the book": a random hand of every game the engine can deal
(seeds 000-004, ``controller.variants.catalogue.GAMES``) asks for odds at every street,
as the table screen's broadcast does, and always gets them."""

from __future__ import annotations

import random

import pytest

from controller.engine import apply, new_hand
from controller.engine.randomplay import random_event
from controller.odds import equity
from controller.odds.from_state import spec_from_state
from controller.variants.catalogue import GAMES

DEALABLE = [g for g in GAMES if g.playable]


@pytest.mark.parametrize("game", DEALABLE, ids=[g.id for g in DEALABLE])
def test_odds_at_every_street_of_a_random_hand(game: object) -> None:
    """Seed 004's dealer's-choice book and seeds 000-003: at the start of every betting
    round the odds answer (no OddsError), for the table (and every third round for the
    audience, who sees no down card), and each
    pot half is shared out: the equities add up to the whole pot, the high half to at
    most all of it, the low half (which may go unclaimed under eight-or-better) too."""
    seats = [(i, f"P{i}", 4000) for i in range(1, 5)]
    state = new_hand(game, seats, dealer=4)  # type: ignore[arg-type]
    rng = random.Random(5)
    priced = 0
    while state.result is not None or state.betting is None or state.queue:
        if state.result is not None:
            break
        state = apply(state, random_event(state, rng))
    while state.result is None:
        opening = state.betting is not None and not state.queue and all(
            p.acted < 0 for p in state.players if p.live)
        if opening:
            for public in (False, True) if priced % 3 == 0 else (False,):
                r = equity(spec_from_state(state, public=public), seed=priced,
                           max_error=0.05, max_time=0.03)
                assert sum(p.equity for p in r.players) == pytest.approx(1.0), public
                if r.players[0].high is not None:
                    for half in ("high", "low", "scoop"):
                        total = sum(getattr(p, half) for p in r.players)
                        assert -1e-9 <= total <= 1 + 1e-9, half
            priced += 1
        state = apply(state, random_event(state, rng))
    final = spec_from_state(state)
    assert equity(final).deals == 1  # the hand is over: nothing is unknown
