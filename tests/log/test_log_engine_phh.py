"""Engine hands -> the table's hand records -> PHH that PokerKit replays (issue 7).

Every finished scenario of a game PHH has a code for (seven card stud, stud
eight-or-better, razz; seed 003) is played by the real engine, turned into a
hand record and exported; PokerKit's parser must accept every action and reach
the engine's final stacks. The other games export with their ``_pitboss``
fields and still load.
"""

from __future__ import annotations

import json
import warnings
from pathlib import Path
from typing import Any

import pytest
from pokerkit import HandHistory

from controller.engine import apply as engine_apply
from controller.engine import event_from_dict, new_hand
from controller.errors import PitbossError
from controller.log.phh import PHH_CODES, dumps_phh, phh_actions
from controller.table.record import hand_record

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def _play(doc: dict[str, Any]) -> Any:
    seats = [(s["seat"], s["name"], s["stack"]) for s in doc["seats"]]
    start = state = new_hand(doc["variant"], seats, doc["dealer"], doc.get("options"))
    for raw in doc["events"]:
        try:
            state = engine_apply(state, event_from_dict(raw))
        except PitbossError:
            return None  # a refusal scenario: not a whole hand
    return start, state


def _finished_hands() -> list[tuple[str, Any]]:
    out = []
    for path in sorted(SCENARIOS.glob("*.json")):
        doc = json.loads(path.read_text())
        try:
            state = _play(doc)
        except PitbossError:
            continue
        if state is not None and state[1].complete and state[1].result.reason != "misdeal":
            out.append((path.stem, state))
    return out


HANDS = _finished_hands()


def _load(text: str) -> HandHistory:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        return HandHistory.loads(text)


def test_there_are_phh_coded_hands_to_check() -> None:
    assert sum(_pokerkit_can_play(hand[1]) for _, hand in HANDS) >= 1


def _pokerkit_can_play(state: Any) -> bool:
    """PokerKit's stud always opens with a bring-in, never burns and knows no big bet on an
    open pair (seed 003 options it lacks)."""
    r = state.rules
    return (state.game.id in PHH_CODES and r.bring_in > 0 and not r.burns
            and not r.big_bet_on_pair)


@pytest.mark.parametrize(("name", "state"), [h for h in HANDS if _pokerkit_can_play(h[1][1])],
                         ids=lambda v: v if isinstance(v, str) else "")
def test_pokerkit_replays_engine_hands_to_the_engine_stacks(name: str, state: Any) -> None:
    record = hand_record(*state)
    history = _load(dumps_phh(record))
    applied = [a for _, a in history.state_actions if a is not None]
    assert applied == phh_actions(record), "PokerKit refused an exported action"
    *_, final = list(history)
    assert tuple(final.stacks) == record.final_stacks


@pytest.mark.parametrize(("name", "state"), HANDS, ids=lambda v: v if isinstance(v, str) else "")
def test_every_finished_hand_exports_and_loads(name: str, state: Any) -> None:
    record = hand_record(*state)
    history = _load(dumps_phh(record))
    assert history.players == [s.player for s in record.seats]
    assert sum(record.final_stacks or ()) == sum(s.stack for s in record.seats)
    dealt = [c for st in record.streets for step in st.steps
             if not hasattr(step, "verb") for c in step.cards]
    assert len(dealt) == len(set(dealt)), "a card recorded twice"


@pytest.mark.parametrize("game", ["seven-card-stud", "razz", "stud-hi-lo-8"])
@pytest.mark.parametrize("seed", range(8))
def test_pokerkit_replays_random_engine_hands(game: str, seed: int) -> None:
    """Random legal 6-handed hands (seed 003 fixed limit with a bring-in) replay in PokerKit
    to the same final stacks: the export carries every deal, action and show exactly."""
    import random

    from controller.engine.randomplay import play_hand

    seats = [(n, f"P{n}", 200) for n in range(1, 7)]
    options: dict[str, object] = {"ante": 1, "bring_in": 2, "small_bet": 5, "big_bet": 10}
    if game == "seven-card-stud":
        options["big_bet_on_pair"] = False  # a home option PokerKit does not have
    start = new_hand(game, seats, dealer=6, options=options)
    state = play_hand(start, random.Random(seed))
    assert state.complete
    record = hand_record(start, state)
    history = _load(dumps_phh(record))
    applied = [a for _, a in history.state_actions if a is not None]
    assert applied == phh_actions(record), "PokerKit refused an exported action"
    *_, final = list(history)
    assert tuple(final.stacks) == record.final_stacks
