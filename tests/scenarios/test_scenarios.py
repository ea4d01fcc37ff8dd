"""Whole hands as data (DESIGN.md practice 8): every ``*.json`` here is played out.

A scenario is the replay format of issue 3 plus ``rule`` (the seed section it
proves) and either ``expect`` (final status, reason, winners, payouts, stacks,
pot amounts, showdown order, hand descriptions) or ``expect_error`` (the code
the last event, or the table setup, is refused with). At every step the chips
in stacks and pots add up to the chips bought in; no down card is ever in the
public view unless its owner went to a showdown; replaying the accepted events
from scratch lands on the same state; a refused event leaves the state equal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from controller.engine import (
    HandState,
    apply,
    chips_in_play,
    event_from_dict,
    new_hand,
    public_view,
    replay,
    summary,
)
from controller.errors import PitbossError

HERE = Path(__file__).parent
FILES = sorted(HERE.glob("*.json"))


def _no_hidden_cards(state: HandState) -> None:
    view = public_view(state)
    shown = state.result is not None and state.result.reason == "showdown"
    for p, seat in zip(view["players"], state.players, strict=True):
        if "down" in p:
            assert shown and seat.live, f"seat {p['seat']}'s down cards leaked"


def _setup(data: dict[str, Any]) -> HandState:
    return new_hand(data["variant"], data["seats"], data["dealer"], data.get("options") or {})


def _check_expect(state: HandState, expect: dict[str, Any]) -> None:
    out = summary(state)
    for key in ("status", "reason", "winners", "payouts", "stacks"):
        if key in expect:
            assert out[key] == expect[key], (key, out[key])
    if "pots" in expect:
        assert [p["amount"] for p in out["pots"]] == expect["pots"]
    if "next" in expect:
        for key, value in expect["next"].items():
            assert out["next"][key] == value, (key, out["next"])
    if "order" in expect:
        assert state.result is not None and list(state.result.order) == expect["order"]
    if "hands" in expect:
        assert state.result is not None
        got = {f"{s}:{w}": d for s, w, d in state.result.hands}
        for key, desc in expect["hands"].items():
            assert got[key] == desc, (key, got[key])


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_scenario(path: Path) -> None:
    data = json.loads(path.read_text())
    assert data.get("rule"), "every scenario cites the rule it proves"
    error = data.get("expect_error")
    raws = data.get("events", [])
    if error and "event_index" not in error:
        with pytest.raises(PitbossError) as info:
            _setup(data)
        assert info.value.code == error["code"]
        return
    state = _setup(data)
    total = state.table.chips
    for index, raw in enumerate(raws):
        if error and index == error["event_index"]:
            with pytest.raises(PitbossError) as info:
                apply(state, event_from_dict(raw))  # decoding is part of the refusal
            assert info.value.code == error["code"], info.value.message
            assert index == len(raws) - 1, "the refused event is the last one"
            break
        state = apply(state, event_from_dict(raw))
        assert chips_in_play(state) == total, f"chips lost after event {index}"
        _no_hidden_cards(state)
    else:
        assert not error, "the refusal never happened"
    _check_expect(state, data.get("expect", {}))
    again = replay(data["variant"], data["seats"], data["dealer"], data.get("options") or {},
                   state.log)
    assert again == state
