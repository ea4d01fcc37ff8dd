"""Never lose a chip or an event (DESIGN.md quality bar), whatever the tablet and the shoe
send: random command streams on a real SQLite log, and a log that fails at a bad moment."""

from __future__ import annotations

import random
from pathlib import Path
from typing import ClassVar

import pytest

from controller.cards import DECK_52, JOKER, Card
from controller.engine import Act, Discard, PlayerAction, chips_in_play, expected
from controller.errors import PitbossError
from controller.log import LogEvent, open_store
from controller.log.errors import LogError
from controller.log.sqlite import SQLiteStore
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.recovery import resume_session


class FlakyStore(SQLiteStore):
    """The real SQLite store, refusing chosen appends the way a full disk would."""

    fail_kinds: ClassVar[set[str]] = set()

    def append(self, event: LogEvent) -> LogEvent:
        if event.kind in self.fail_kinds:
            self.fail_kinds.discard(event.kind)
            raise LogError("db_error", "the hand log could not be written (disk full)")
        return super().append(event)


def test_a_result_the_log_refuses_is_settled_before_the_next_hand(tmp_path: Path) -> None:
    from controller.engine import event_from_dict

    store = FlakyStore(tmp_path / "log.sqlite3")
    t = Table(store)
    for c in (cmd.OpenSession("t"), cmd.SeatPlayer(1, "Anna", 100),
              cmd.SeatPlayer(2, "Ben", 100), cmd.MoveButton(2), cmd.StartHand()):
        t.handle(c)
    for c in ["As", "9c", "Ks", "9h", "7s", "5c"]:
        t.handle(cmd.CameraCard(Card(c)))
    t.handle(cmd.TabletAction(event_from_dict({"seat": 1, "action": "bet"})))
    store.fail_kinds = {"hand_end"}
    t.handle(cmd.TabletAction(event_from_dict({"seat": 2, "action": "fold"})))
    assert t.state is not None and t.state.result is not None and not t.settled
    assert "could not be logged" in t.feed[-1]["text"]
    assert {s: x.stack for s, x in t.seats.items()} == {1: 100, 2: 100}
    assert t.handle(cmd.StartHand())["hand"] == 2
    # antes 1 + 1 and Anna's bet: Anna takes Ben's ante (seed 000 s01, s03)
    assert {s: x.stack for s, x in t.seats.items()} == {1: 101, 2: 99}
    assert [e.kind for e in store.events(t.log.session, 1)][-1] == "hand_end"  # type: ignore[union-attr]


def _random_command(t: Table, rng: random.Random) -> cmd.Command:
    """Mostly what the engine wants next, sometimes anything at all."""
    state = t.state
    roll = rng.random()
    if state is None or state.result is not None or roll < 0.04:
        return rng.choice([cmd.StartHand(), cmd.Rebuy(rng.randint(1, 4), rng.randint(1, 30)),
                           cmd.SeatPlayer(rng.randint(1, 5), rng.choice("ABCDE"), 40),
                           cmd.UnseatPlayer(rng.randint(1, 5)), cmd.MoveButton(3)])
    if roll < 0.10:
        return rng.choice([cmd.UndoLast(), cmd.DeclareMisdeal(), cmd.Pause(), cmd.Resume(),
                           cmd.CameraCard(JOKER), cmd.CameraProblem("unreadable"),
                           cmd.ReplaceCard(rng.choice(DECK_52), rng.choice(DECK_52), "x")])
    if roll < 0.16:
        return cmd.TabletAction(PlayerAction(rng.randint(1, 5), rng.choice(list(Act)),
                                             rng.choice([None, 1, 2, 3])))
    need = expected(state)
    if need.kind == "card" or roll < 0.2:
        card = rng.choice(DECK_52)
        return cmd.CameraCard(card) if rng.random() < 0.8 else cmd.EnterCard(card)
    if need.kind == "action":
        option = rng.choice(need.legal)
        amount = option.amounts[0] if option.amounts else None
        return cmd.TabletAction(PlayerAction(need.seat, option.action, amount))
    return cmd.TabletAction(Discard(need.seat, ()))


@pytest.mark.parametrize("seed", range(6))
def test_random_command_streams_never_lose_a_chip_or_an_event(tmp_path: Path,
                                                              seed: int) -> None:
    rng = random.Random(seed)
    with open_store(tmp_path / "log.sqlite3") as store:
        t = Table(store)
        for c in (cmd.OpenSession("t"), cmd.SeatPlayer(1, "A", 60), cmd.SeatPlayer(2, "B", 60),
                  cmd.SeatPlayer(3, "C", 60)):
            t.handle(c)
        accepted = refused = 0
        for _ in range(400):
            command = _random_command(t, rng)
            before = (t.version, t.state, dict(t.seats), store.count())
            try:
                t.handle(command)
                accepted += 1
            except PitbossError:
                refused += 1
                assert (t.version, t.state, dict(t.seats), store.count()) == before
            on_table = sum(s.stack for s in t.seats.values())
            if t.state is not None and not t.settled:
                in_hand = {p.seat for p in t.state.players}
                on_table = sum(s.stack for n, s in t.seats.items() if n not in in_hand)
                on_table += chips_in_play(t.state)
            results = t.log.ledger.results()  # type: ignore[union-attr]
            sold = sum(r.bought + r.rebuys for r in results)
            assert on_table == sold - sum(r.cashed_out for r in results)
        assert accepted > 100 and refused > 20
        again = Table(store)
        resume_session(again, t.log.session)  # type: ignore[union-attr]
        # every session-level change is in the log: the restart is exact (seat numbers,
        # sit-outs, button, games, pause, irregularities, the last hand as it ended)
        assert again.state == t.state and again.seats == t.seats
        assert (again.button, again.rotation, again.paused) == (t.button, t.rotation, t.paused)
        assert again.irregularities == t.irregularities


def test_a_shuffle_alarm_the_log_refuses_does_not_refuse_the_card(tmp_path: Path) -> None:
    """Never lose an event (DESIGN.md quality bar): the card that trips the shuffle alarm is
    already logged and applied, so a log that refuses the alarm must not turn the card's
    reply into a refusal (the tablet would resend it); the alarm is raised at the next card
    (live-table.md, Irregularities: a new pack's order is caught by its fifth card)."""
    store = FlakyStore(tmp_path / "log.sqlite3")
    t = Table(store)
    for c in (cmd.OpenSession("t"), cmd.SeatPlayer(1, "Anna", 100),
              cmd.SeatPlayer(2, "Ben", 100), cmd.MoveButton(2), cmd.StartHand()):
        t.handle(c)
    for c in ["2c", "3c", "4c", "5c"]:
        t.handle(cmd.CameraCard(Card(c)))
    store.fail_kinds = {"irregularity"}
    assert t.handle(cmd.CameraCard(Card("6c")))["event"] == {"card": "6c"}
    assert t.irregularities == [] and "could not be logged" in t.feed[-1]["text"]
    t.handle(cmd.CameraCard(Card("7c")))
    assert [i.code for i in t.irregularities] == ["unshuffled_runs"]
    logged = [e for e in store.events(t.log.session, 1) if e.kind == "irregularity"]  # type: ignore[union-attr]
    assert len(logged) == 1
    again = Table(store)
    resume_session(again, t.log.session)  # type: ignore[union-attr]
    assert again.irregularities == t.irregularities and again._alarmed
