"""Property tests over every game in the catalogue (issue 3 "Done when").

Hypothesis drives random legal and illegal event sequences through each game:

* chips are conserved at every step (stacks + pots == chips bought in);
* a refused event raises ``RuleViolation`` and leaves the state equal to a
  deep copy taken before it;
* undoing an accepted event gives back the state before it;
* replaying the accepted events from scratch lands on the same final state;
* the public view never shows a down card before a showdown.
"""

from __future__ import annotations

import copy
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from controller.cards import DECK_53
from controller.engine import (
    Act,
    CardDealt,
    CardExposed,
    Declaration,
    Discard,
    Event,
    HandState,
    Misdeal,
    PlayerAction,
    Undo,
    Way,
    apply,
    chips_in_play,
    new_hand,
    public_view,
    replay,
    undo,
)
from controller.engine.randomplay import random_event
from controller.errors import RuleViolation
from controller.variants.catalogue import GAMES

PLAYABLE = [g for g in GAMES if g.playable]


def _junk(state: HandState, rng: random.Random) -> Event:
    """An event chosen without looking at the rules: usually refused, sometimes not."""
    seats = [p.seat for p in state.players] + [99]
    seat = rng.choice(seats)
    card = rng.choice(DECK_53)
    kind = rng.randrange(6)
    if kind == 0:
        return CardDealt(card)
    if kind == 1:
        return PlayerAction(seat, rng.choice(list(Act)), rng.choice([None, 0, 1, 5, 10, 17, 999]))
    if kind == 2:
        return Discard(seat, tuple(rng.sample(DECK_53, rng.randint(0, 5))))
    if kind == 3:
        return Declaration(seat, rng.choice(list(Way)))
    if kind == 4:
        return CardExposed(seat, card)
    return rng.choice([Misdeal(), Undo()]) if rng.random() < 0.2 else CardDealt(card)


def _no_leak(state: HandState) -> None:
    shown = state.result is not None and state.result.reason == "showdown"
    for view in public_view(state)["players"]:
        assert "down" not in view or shown


def _seats(rng: random.Random, game_min: int, game_max: int,
           reserve: int) -> list[tuple[int, str, int]]:
    n = rng.randint(game_min, game_max)
    low = max(reserve, 3)
    return [(s, f"P{s}", rng.choice([low, low + 7, 40, 150])) for s in range(1, n + 1)]


@pytest.mark.parametrize("game", PLAYABLE, ids=[g.id for g in PLAYABLE])
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32 - 1), junk_rate=st.sampled_from([0.0, 0.2, 0.5]))
def test_random_hands_keep_every_chip(game, seed: int, junk_rate: float) -> None:
    rng = random.Random(seed)
    reserve = int(game.defaults.get("reserve", 0))
    seats = _seats(rng, game.min_players, game.max_players, reserve)
    dealer = rng.choice(seats)[0]
    state = new_hand(game, seats, dealer)
    total = state.table.chips
    # Guts redeals until one player goes in alone (seed 004), so a hand may
    # legitimately run dozens of rounds: the budget is per round, not per hand.
    steps = 0
    while not state.complete and steps < 400 * (1 + state.rounds):
        steps += 1
        event = _junk(state, rng) if rng.random() < junk_rate else random_event(state, rng)
        before = copy.deepcopy(state)
        try:
            after = apply(state, event)
        except RuleViolation as err:
            assert err.code and err.message
            assert state == before
            continue
        assert chips_in_play(after) == total
        _no_leak(after)
        if rng.random() < 0.05 and not isinstance(event, Undo):
            assert undo(after) == state
        state = after
    assert state.complete
    assert sum(p.stack for p in state.players) == total
    assert replay(game, seats, dealer, {}, state.log) == state
