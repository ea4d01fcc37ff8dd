"""The real rules engine folded over the log (DESIGN.md "log first": a restart replays the
log and resumes mid-hand; "engine is pure": every hand replays to the same state).

Each accepted whole-hand scenario in tests/scenarios is written through
:class:`TableLog` (engine events stored with the engine's own JSON codec), then
rebuilt from the store with :func:`replay`/:func:`resume` and the engine's
``new_hand``/``apply``; the rebuilt state must equal the state of playing the
events directly, for the whole hand and for a hand cut off part-way.
"""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from controller.engine.events import event_from_dict, event_to_dict
from controller.engine.rules import apply, new_hand
from controller.engine.state import HandState
from controller.errors import RuleViolation
from controller.log.events import LogEvent
from controller.log.replay import replay, resume
from controller.log.session import HandStart, TableLog
from controller.log.store import open_store

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def _playable() -> list[Path]:
    out = []
    for path in sorted(SCENARIOS.glob("*.json")):
        sc = json.loads(path.read_text())
        try:
            _direct(sc, len(sc["events"]))
        except RuleViolation:
            continue  # scenarios that prove a refusal are not whole hands to log
        out.append(path)
    return out


def _direct(sc: dict[str, Any], upto: int) -> HandState:
    state = new_hand(sc["variant"], sc["seats"], sc["dealer"], sc.get("options"))
    for raw in sc["events"][:upto]:
        state = apply(state, event_from_dict(raw))
    return state


def _start(event: LogEvent) -> HandState:
    hs = HandStart.from_payload(event.payload)
    seats = [{"seat": s, "name": hs.players[s], "stack": hs.stacks[s]} for s in hs.players]
    return new_hand(hs.variant, seats, hs.dealer, hs.options or None)


def _apply(state: HandState, event: LogEvent) -> HandState:
    return apply(state, event_from_dict(event.payload)) if event.kind == "engine" else state


@pytest.mark.parametrize("path", _playable(), ids=lambda p: p.stem)
def test_a_logged_hand_replays_and_resumes_to_the_engine_state(path: Path,
                                                               tmp_path: Path) -> None:
    sc = json.loads(path.read_text())
    cut = random.Random(path.stem).randint(1, len(sc["events"]))
    with open_store(tmp_path / "log.sqlite3") as store:
        log = TableLog.open_session(store, "t", session_id="s")
        log.start_hand(HandStart(sc["variant"], {s["seat"]: s["name"] for s in sc["seats"]},
                                 {s["seat"]: s["stack"] for s in sc["seats"]}, sc["dealer"],
                                 sc.get("options") or {}))
        for raw in sc["events"][:cut]:
            log.record("engine", event_to_dict(event_from_dict(raw)))
        point = resume(store, "s", _start, _apply)
        assert point is not None and point.state == _direct(sc, cut)
        for raw in sc["events"][cut:]:
            log.record("engine", event_to_dict(event_from_dict(raw)))
        (hand,) = replay(store, "s", _start, _apply)
        assert hand.state == _direct(sc, len(sc["events"]))
