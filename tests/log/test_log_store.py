"""The event store (issue 7, "Event store"): append-only, gapless, durable, on both backends."""

from __future__ import annotations

import sqlite3
from datetime import UTC, datetime, timedelta
from pathlib import Path

import pytest

from controller.log.errors import LogError
from controller.log.events import LogEvent, Source
from controller.log.schema import LATEST_VERSION
from controller.log.sqlite import SQLiteStore
from controller.log.store import EventStore, open_store

T0 = datetime(2026, 11, 29, 20, 0, tzinfo=UTC)


def ev(hand: int, seq: int, kind: str = "bet", session: str = "fri", **payload: object) -> LogEvent:
    return LogEvent(session, hand, seq, T0 + timedelta(seconds=seq), Source.TABLET, kind,
                    payload)


def test_events_round_trip_with_every_field(store: EventStore) -> None:
    sent = [LogEvent("fri", 1, 1, T0, Source.CAMERA, "card_seen", {"card": "As", "conf": 0.97}),
            LogEvent("fri", 1, 2, T0 + timedelta(microseconds=7), Source.CORRECTION, "fix",
                     {"nested": {"seats": [1, 2]}, "text": "é ♠"})]
    for e in sent:
        assert store.append(e) == e
    assert store.events("fri") == sent
    assert store.events("fri", 1)[1].time == T0 + timedelta(microseconds=7)


def test_sequence_numbers_start_at_one_and_have_no_gaps(store: EventStore) -> None:
    with pytest.raises(LogError) as gap:
        store.append(ev(1, 2))
    assert gap.value.code == "sequence_gap" and "must be 1, not 2" in gap.value.message
    store.append(ev(1, 1))
    with pytest.raises(LogError) as gap2:
        store.append(ev(1, 3))
    assert gap2.value.code == "sequence_gap"
    assert store.count() == 1 and store.last_seq("fri", 1) == 1


def test_duplicate_append_is_refused_and_changes_nothing(store: EventStore) -> None:
    store.append(ev(1, 1, chips=5))
    with pytest.raises(LogError) as dup:
        store.append(ev(1, 1, chips=999))
    assert dup.value.code == "duplicate_event" and "already in the log" in dup.value.message
    assert [e.payload for e in store.events("fri")] == [{"chips": 5}]


def test_sequences_are_per_session_and_hand(store: EventStore) -> None:
    for session in ("fri", "sat"):
        for hand in (0, 1, 2):
            store.append(ev(hand, 1, session=session))
    assert store.sessions() == ["fri", "sat"]
    assert store.hands("fri") == [1, 2]
    assert [(e.hand, e.seq) for e in store.events("sat")] == [(0, 1), (1, 1), (2, 1)]


def test_bad_events_are_refused_before_touching_the_store(store: EventStore) -> None:
    cases = [lambda: ev(1, 0), lambda: ev(-1, 1), lambda: ev(1, 1, pot=float("nan")),
             lambda: LogEvent("fri", 1, 1, T0, "phone", "bet", {}),  # type: ignore[arg-type]
             lambda: LogEvent("fri", 1, 1, T0.replace(tzinfo=None), Source.TABLET, "bet", {}),
             lambda: LogEvent("", 1, 1, T0, Source.TABLET, "bet", {}),
             lambda: ev(1, 1, blob=object())]
    for make in cases:
        with pytest.raises(LogError) as err:
            store.append(make())
        assert err.value.code == "bad_event" and err.value.message
    assert store.count() == 0


def test_the_log_is_append_only_in_the_database_itself(db_url: str) -> None:
    with open_store(db_url) as store:
        store.append(ev(1, 1))
        for sql in ("UPDATE events SET kind = 'forged'", "DELETE FROM events"):
            with pytest.raises(Exception, match="append-only"), store._write() as cur:
                cur.execute(sql)
        assert store.events("fri")[0].kind == "bet"


def test_schema_is_migrated_once_and_reopening_keeps_events(db_url: str) -> None:
    with open_store(db_url) as store:
        assert store.schema_version() == LATEST_VERSION
        store.append(ev(1, 1))
    with open_store(db_url) as again:
        assert again.schema_version() == LATEST_VERSION
        assert again._read("SELECT COUNT(*) FROM schema_version")[0][0] == LATEST_VERSION
        assert again.count() == 1


def test_a_log_from_a_newer_pitboss_is_refused(db_url: str) -> None:
    with open_store(db_url) as store, store._write() as cur:
        cur.execute("INSERT INTO schema_version VALUES (?, ?, ?)",
                    (LATEST_VERSION + 1, "from the future", "2030-01-01"))
    with pytest.raises(LogError) as err:
        open_store(db_url)
    assert err.value.code == "schema_too_new"


def test_old_schema_is_upgraded_in_place(tmp_path: Path) -> None:
    """A version-1 log (no aliases, no settings) gains the later versions on open and
    keeps its events."""
    path = tmp_path / "v1.sqlite3"
    with open_store(path) as store:
        store.append(ev(1, 1))
    conn = sqlite3.connect(path)
    conn.execute("DROP TABLE aliases")
    conn.execute("DROP TABLE settings")
    conn.execute("DELETE FROM schema_version WHERE version >= 2")
    conn.commit()
    conn.close()
    with open_store(path) as store:
        assert store.schema_version() == LATEST_VERSION and store.count() == 1
        store.set_alias("Bobby", "Robert")
        assert store.aliases() == {"bobby": "Robert"}
        store.save_setting("guard", "{}")
        assert store.setting("guard") == "{}"


def test_settings_keep_the_latest_value(store: EventStore) -> None:
    assert store.setting("guard") is None
    store.save_setting("guard", "a")
    store.save_setting("guard", "b")
    assert store.setting("guard") == "b"


def test_sqlite_is_wal_and_syncs_every_commit(tmp_path: Path) -> None:
    with open_store(tmp_path / "x.sqlite3") as store:
        assert isinstance(store, SQLiteStore)
        assert store.pragma("journal_mode") == "wal"
        assert store.pragma("synchronous") == 2  # FULL


def test_aliases_merge_and_refuse_cycles(store: EventStore) -> None:
    store.set_alias("Bobby", "Bob")
    store.set_alias("bob", "Robert")
    assert store.aliases() == {"bobby": "Bob", "bob": "Robert"}
    with pytest.raises(LogError) as err:
        store.set_alias("Robert", "Bobby")
    assert err.value.code == "alias_cycle"
    assert store.aliases() == {"bobby": "Bob", "bob": "Robert"}


def test_urls_pick_the_backend(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "xdg"))
    with open_store(None) as default:
        assert default.url == str(tmp_path / "xdg" / "pitboss" / "pitboss.sqlite3")
    with open_store(f"sqlite:///{tmp_path}/a.sqlite3") as s:
        assert s.url == f"{tmp_path}/a.sqlite3"
    with pytest.raises(LogError) as bad:
        open_store("mysql://x/y")
    assert bad.value.code == "bad_db_url"


def test_unreachable_postgres_is_a_clear_error() -> None:
    with pytest.raises(LogError) as err:
        open_store("postgresql://pitboss:secret@127.0.0.1:9/nowhere?connect_timeout=1")
    assert err.value.code == "db_unreachable"
    assert "secret" not in err.value.message and "127.0.0.1:9" in err.value.message


def test_two_writers_racing_for_one_sequence_number_cannot_both_win(db_url: str) -> None:
    """Two connections append the same (session, hand, seq) at once: one ack, one refusal."""
    import threading

    with open_store(db_url) as a, open_store(db_url) as b:
        a.append(ev(1, 1))
        outcomes: list[str] = []
        barrier = threading.Barrier(2)

        def write(store: EventStore, chips: int) -> None:
            barrier.wait()
            try:
                store.append(ev(1, 2, chips=chips))
                outcomes.append("ack")
            except LogError as err:
                outcomes.append(err.code)

        threads = [threading.Thread(target=write, args=(s, n)) for s, n in ((a, 1), (b, 2))]
        for t in threads:
            t.start()
        for t in threads:
            t.join(timeout=30)
        assert sorted(outcomes) == ["ack", "duplicate_event"]
        assert [e.seq for e in a.events("fri")] == [1, 2]


def test_a_locked_sqlite_log_is_a_clear_error_and_records_nothing(tmp_path: Path) -> None:
    path = tmp_path / "locked.sqlite3"
    impatient = SQLiteStore(path, timeout=0.05)
    impatient.append(ev(1, 1))
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("BEGIN IMMEDIATE")  # another process holds the write lock
    try:
        with pytest.raises(LogError) as err:
            impatient.append(ev(1, 2))
        assert err.value.code == "db_error" and "nothing was recorded" in err.value.message
        with pytest.raises(LogError) as opening:
            SQLiteStore(path, timeout=0.05)  # opening migrates, which needs the lock too
        assert opening.value.code == "db_error"
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert impatient.last_seq("fri", 1) == 1
    impatient.append(ev(1, 2))  # once the lock is gone, the same event goes in
    assert impatient.last_seq("fri", 1) == 2
    impatient.close()


@pytest.mark.postgres
@pytest.mark.parametrize("db_url", ["postgres"], indirect=True)
def test_losing_the_postgres_connection_is_a_clear_error(db_url: str) -> None:
    import psycopg

    with open_store(db_url) as store:
        store.append(ev(1, 1))
        pid = store._read("SELECT pg_backend_pid()")[0][0]
        with psycopg.connect(db_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (pid,))
        with pytest.raises(LogError) as err:
            store.append(ev(1, 2))
        assert err.value.code == "db_unreachable" and "nothing was recorded" in err.value.message
    with open_store(db_url) as again:
        assert again.last_seq("fri", 1) == 1
