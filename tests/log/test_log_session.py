"""Sessions and hands as events (issue 7, "Sessions and hands", "Recovery")."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from decimal import Decimal

import pytest

from controller.log.errors import LogError
from controller.log.events import Kind
from controller.log.replay import hand_logs, replay, resume
from controller.log.session import HandEnd, HandStart, SessionInfo, TableLog
from controller.log.store import EventStore, open_store

SEATS = {1: "Anna", 3: "Ben"}


class Ticker:
    """A clock that moves one second per reading (the writer takes its clock as a parameter)."""

    def __init__(self) -> None:
        self.now = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)

    def __call__(self) -> datetime:
        self.now += timedelta(seconds=1)
        return self.now


def _start(log: TableLog) -> None:
    log.start_hand(HandStart("seven-card-stud", SEATS, {1: 100, 3: 100}, dealer=3,
                             options={"ante": 1}))


def test_a_session_is_a_stream_of_events(store: EventStore) -> None:
    log = TableLog.open_session(store, "Friday game", chip_unit="0.25", stakes="1/2",
                                currency="EUR", session_id="fri", clock=Ticker())
    log.buy_in("Anna", 100)
    _start(log)
    log.record("bet", {"seat": 1, "chips": 2})
    log.end_hand(HandEnd({1: -2, 3: 2}, winners=(3,), pot=4))
    kinds = [(e.hand, e.seq, e.kind) for e in store.events("fri")]
    assert kinds == [(0, 1, Kind.SESSION_OPEN), (0, 2, Kind.BUY_IN), (1, 1, Kind.HAND_START),
                     (1, 2, "bet"), (1, 3, Kind.HAND_END)]
    info = SessionInfo.from_events(store.events("fri", 0))
    assert (info.table, info.chip_unit, info.stakes, info.currency) == \
        ("Friday game", Decimal("0.25"), "1/2", "EUR")
    assert info.money(100) == Decimal("25.00")
    start = HandStart.from_payload(store.events("fri", 1)[0].payload)
    assert start.players == SEATS and start.dealer == 3 and start.options == {"ante": 1}


def test_the_writer_keeps_hands_in_shape(store: EventStore) -> None:
    log = TableLog.open_session(store, "t", session_id="s")
    for action, code in [(lambda: log.record("bet", {}), "no_hand_in_progress"),
                         (lambda: log.end_hand(HandEnd({})), "no_hand_in_progress")]:
        with pytest.raises(LogError) as err:
            action()
        assert err.value.code == code
    _start(log)
    for kind in ("session_close", "hand_end", "buy_in"):
        with pytest.raises(LogError) as sneaky:
            log.record(kind, {})
        assert sneaky.value.code == "bad_event"
    with pytest.raises(LogError) as again:
        _start(log)
    assert again.value.code == "hand_in_progress"
    with pytest.raises(LogError) as unbalanced:
        log.end_hand(HandEnd({1: 5, 3: -4}))
    assert unbalanced.value.code == "bad_event" and "add up to 0" in unbalanced.value.message
    with pytest.raises(LogError) as early_close:
        log.close_session()
    assert early_close.value.code == "hand_in_progress"
    assert [e.kind for e in store.events("s")] == [Kind.SESSION_OPEN, Kind.HAND_START]


def test_a_closed_session_takes_nothing_more(store: EventStore) -> None:
    log = TableLog.open_session(store, "t", session_id="s")
    log.buy_in("Anna", 10)
    log.cash_out("Anna", 10)
    log.close_session()
    with pytest.raises(LogError) as err:
        _start(log)
    assert err.value.code == "session_closed"
    assert TableLog(store, "s").closed


def test_unknown_session_is_a_clear_error(store: EventStore) -> None:
    with pytest.raises(LogError) as err:
        TableLog(store, "nope")
    assert err.value.code == "unknown_session"


def test_a_restarted_writer_resumes_the_hand_in_progress(db_url: str) -> None:
    """DESIGN.md "log first": a restart replays the log and resumes mid-hand."""
    with open_store(db_url) as store:
        log = TableLog.open_session(store, "t", session_id="s")
        _start(log)
        log.end_hand(HandEnd({1: 0, 3: 0}))
        _start(log)
        log.record("bet", {"seat": 1, "chips": 2})
        log.record("bet", {"seat": 3, "chips": 4})
    with open_store(db_url) as store:
        again = TableLog(store, "s")
        assert again.hand_in_progress == 2
        point = resume(store, "s", lambda e: 0, lambda pot, e: pot + e.payload.get("chips", 0))
        assert point is not None and (point.hand, point.state, point.next_seq) == (2, 6, 4)
        again.record("bet", {"seat": 1, "chips": 2})  # continues at seq 4, no gap
        assert store.last_seq("s", 2) == 4
        again.end_hand(HandEnd({1: -4, 3: 4}, winners=(3,), pot=8))
        assert resume(store, "s", lambda e: 0, lambda s, e: s) is None
        hands = list(replay(store, "s", lambda e: [], lambda s, e: [*s, e.kind]))
        assert [(h.hand, h.complete, h.events) for h in hands] == [(1, True, 2), (2, True, 5)]
        assert [len(h.body) for h in hand_logs(store, "s")] == [0, 3]


def test_opening_a_session_id_twice_is_refused(store: EventStore) -> None:
    TableLog.open_session(store, "t", session_id="s")
    with pytest.raises(LogError) as err:
        TableLog.open_session(store, "other", session_id="s")
    assert err.value.code == "session_exists"
    assert len(store.events("s")) == 1
