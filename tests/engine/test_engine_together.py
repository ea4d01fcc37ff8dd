"""Decisions every live player makes at once (seed 004: Guts' hold or drop, Pass 'Em,
Molly's and No Peek Simultaneous' "each player turns a card", Pass 'Em's play or drop)
and the steps that never wait (controller/engine/together.py)."""

from __future__ import annotations

import copy
import random

import pytest

from controller.engine import apply, expected, new_hand
from controller.engine.events import Choice
from controller.engine.randomplay import random_event
from controller.engine.runners import runner_for
from controller.errors import RuleViolation
from controller.variants.catalogue import find_game
from controller.variants.steps import Reveal, Roll, Unseen

AT_ONCE = ("guts", "pass-em", "molly", "no-peek-simultaneous", "highest-flush")
SEATS = [(1, "Anna", 500), (2, "Ben", 500), (3, "Cara", 500), (4, "Dev", 500)]


def _refused(state, event, code: str) -> None:
    before = copy.deepcopy(state)
    with pytest.raises(RuleViolation) as info:
        apply(state, event)
    assert info.value.code == code, info.value.message
    assert state == before


@pytest.mark.parametrize("game", AT_ONCE)
def test_each_seat_answers_once_and_only_with_the_choice_asked(game: str) -> None:
    """Whoever has answered cannot answer again (out_of_turn) until every seat has;
    another kind of answer is refused (illegal_action); neither changes anything."""
    rng = random.Random(7)
    checked = 0
    for _ in range(20):
        state = new_hand(find_game(game), SEATS, 4)
        while state.result is None and checked < 5:
            need = expected(state)
            event = random_event(state, rng)
            if need.kind == "choice" and len(need.seats) > 1 and isinstance(event, Choice):
                _refused(state, Choice(event.seat, "no-such-choice"), "illegal_action")
                after = apply(state, event)
                if expected(after).seats and event.seat not in expected(after).seats:
                    _refused(after, event, "out_of_turn")
                    checked += 1
                state = after
            else:
                state = apply(state, event)
    assert checked == 5, f"{game}: never reached a decision every player makes at once"


@pytest.mark.parametrize("step", [Unseen(), Reveal(), Roll()])
def test_a_step_that_never_waits_refuses_to_be_asked_or_answered(step: object) -> None:
    state = new_hand(find_game("seven-card-stud"), SEATS, 4)
    runner = runner_for(step)
    with pytest.raises(RuleViolation) as info:
        runner.expected(state, step)
    assert info.value.code == "illegal_action" and info.value.message
    with pytest.raises(RuleViolation):
        runner.accept(state, step, Choice(1, "show"))
