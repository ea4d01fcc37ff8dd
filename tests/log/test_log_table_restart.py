"""DESIGN.md "log first" and issue 6 (session management): every session-level change is an
event in the hand log, so a restart at any point of an evening rebuilds exactly the dealer's
picture it had. A scripted evening (seat changes between hands, a button move, a game
rotation, a rebuy, sit-outs, pauses in and between hands, irregularities, corrections, a
misdeal) is restarted after every command, on SQLite and PostgreSQL.

The hand is seed 000 section 05's worked example (Aces, Straights and Flushes,
tests/scenarios/asf_anna_vs_ben.json); the second hand is seven-card stud (seed 002),
dealt from the game rotation and declared a misdeal.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from controller.cards import Card
from controller.engine import event_from_dict
from controller.log.store import EventStore, open_store
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.recovery import latest_open_session, resume_session
from controller.table.views import dealer_view

SCENARIO = Path(__file__).parents[1] / "scenarios" / "asf_anna_vs_ben.json"


def _hand_command(raw: dict[str, Any]) -> cmd.Command:
    if "card" in raw and "correction" not in raw:
        return cmd.CameraCard(Card(raw["card"]))
    return cmd.TabletAction(event_from_dict(raw))  # type: ignore[arg-type]


def evening() -> list[cmd.Command]:
    """The scripted evening: every kind of session-level change, in and between hands."""
    hand = [_hand_command(raw) for raw in json.loads(SCENARIO.read_text())["events"]]
    return [
        cmd.OpenSession("Friday", "0.25", "1/2", "EUR"),
        cmd.SeatPlayer(2, "Ben", 100), cmd.SeatPlayer(1, "Anna", 100),  # button on 2
        cmd.SeatPlayer(7, "Cleo", 80), cmd.SitOut(7, True),
        cmd.ChooseGame(("aces-straights-flushes", "seven-card-stud")),
        cmd.Pause("drinks"), cmd.Resume(),
        cmd.CameraCard(Card("Jk")),  # no hand yet: an irregularity between hands
        cmd.MoveButton(1), cmd.MoveButton(2), cmd.DismissIrregularity(1),
        cmd.StartHand("aces-straights-flushes"),
        *hand[:3],
        cmd.ReplaceCard(Card("Ks"), Card("Kh"), "misread"),
        cmd.ReplaceCard(Card("Kh"), Card("Ks"), "it was the spade after all"),
        *hand[3:6], cmd.Pause("phone call"), cmd.Resume(),
        cmd.CameraProblem("together"), cmd.CameraProblem("unreadable"),
        *hand[6:10], cmd.UndoLast(), *hand[9:12],
        cmd.DismissIrregularity(2),
        *hand[12:],  # Anna wins at showdown: the button and the rotation move on
        cmd.Rebuy(2, 30),
        cmd.SeatPlayer(4, "Dan", 50),  # not the lowest free seat (3)
        cmd.SitOut(4, True), cmd.UnseatPlayer(7), cmd.MoveButton(1),
        cmd.StartHand(),  # seven-card stud, the rotation's next game
        *(cmd.CameraCard(Card(c)) for c in ("Qd", "3c", "8h", "Ts", "Jd", "2h")),
        cmd.DeclareMisdeal(),  # every chip returned; the button stays
        cmd.CameraCard(Card("Ah")),  # no hand: an irregularity between hands
        cmd.SitOut(4, False), cmd.Pause("break"),
    ]


def picture(table: Table) -> dict[str, Any]:
    """Everything the dealer sees and the table remembers, except what is not a table event:
    the display link's status (the link reports it again) and the version counter."""
    view = dealer_view(table)
    del view["version"], view["display"]
    return {"view": view, "state": table.state, "start": table.start,
            "settled": table.settled, "numbers": table._numbers, "alarmed": table._alarmed,
            "memory": table.memory._seen, "hand_time": table._hand_time}


def _timeless(p: dict[str, Any]) -> dict[str, Any]:
    """Two runs of one evening differ only in the session id and the clock."""
    del p["view"]["session"]["id"], p["hand_time"]
    return p


def restart(store: EventStore) -> Table:
    again = Table(store)
    session = latest_open_session(again)
    assert session is not None
    resume_session(again, session)
    return again


def test_restart_after_every_command_rebuilds_the_dealer_picture(db_url: str) -> None:
    with open_store(db_url) as store:
        table = Table(store)
        for n, command in enumerate(evening()):
            table.handle(command)
            assert picture(restart(store)) == picture(table), f"after command {n}: {command}"
        assert table.seats[4].name == "Dan" and table.paused and table.button == 1
        assert table.rotation.current == "seven-card-stud"  # a misdeal does not move it
        assert [i.code for i in table.irregularities] == ["card_not_expected"]


def test_an_evening_restarted_at_every_command_ends_as_one_never_restarted(
        db_url: str, tmp_path: Path) -> None:
    with open_store(tmp_path / "steady.sqlite3") as steady_store:
        steady = Table(steady_store)
        for command in evening():
            steady.handle(command)
        with open_store(db_url) as store:
            table = Table(store)
            for command in evening():
                table.handle(command)
                table = restart(store)
            assert _timeless(picture(table)) == _timeless(picture(steady))
            kinds = [e.kind for e in store.timeline(table.log.session)]  # type: ignore[union-attr]
            assert kinds == [e.kind for e in steady_store.timeline(
                steady.log.session)]  # type: ignore[union-attr]


def test_session_events_are_in_the_sessions_own_stream(db_url: str) -> None:
    """hand-log.md: ledger entries carry their seat; sit-outs, button moves, game choices and
    pauses between hands are session events (hand 0), each one appended once."""
    with open_store(db_url) as store:
        table = Table(store)
        for command in evening()[:12]:
            table.handle(command)
        stream = store.events(table.log.session, 0)  # type: ignore[union-attr]
        assert [(e.kind, dict(e.payload)) for e in stream[1:]] == [
            ("buy_in", {"player": "Ben", "chips": 100, "seat": 2}),
            ("buy_in", {"player": "Anna", "chips": 100, "seat": 1}),
            ("buy_in", {"player": "Cleo", "chips": 80, "seat": 7}),
            ("sit_out", {"seat": 7, "out": True}),
            ("games", {"games": ["aces-straights-flushes", "seven-card-stud"], "options": {}}),
            ("pause", {"reason": "drinks"}), ("resume", {}),
            ("irregularity", {"number": 1, "code": "card_not_expected", "card": "Jk",
                              "hand": 0, "message": stream[8].payload["message"]}),
            ("button", {"seat": 1}), ("button", {"seat": 2}),
            ("dismiss", {"number": 1, "code": "card_not_expected"}),
        ]
