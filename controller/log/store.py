"""The append-only event store: one interface, SQLite and PostgreSQL behind it.

:func:`open_store` picks the backend from a URL (``--db``):

* nothing: SQLite at ``$XDG_DATA_HOME/pitboss/pitboss.sqlite3``;
* a file path or ``sqlite:///relative`` / ``sqlite:////absolute``: SQLite;
* ``postgresql://user:pass@host:port/db``: PostgreSQL (psycopg 3).

Both backends share the rules implemented here: an event is appended in its
own transaction and is durable when :meth:`EventStore.append` returns (that
return is the *ack*); sequence numbers per (session, hand) start at 1 and have
no gaps; appending a sequence number already used is refused
(``duplicate_event``) and one that skips ahead is refused (``sequence_gap``).

>>> import tempfile, os
>>> from datetime import datetime, timezone
>>> from controller.log.events import LogEvent, Source
>>> path = os.path.join(tempfile.mkdtemp(), "log.sqlite3")
>>> with open_store(path) as store:
...     t = datetime(2026, 11, 29, tzinfo=timezone.utc)
...     _ = store.append(LogEvent("fri", 0, 1, t, Source.SYSTEM, "session_open", {}))
...     store.last_seq("fri", 0), store.sessions()
(1, ['fri'])
"""

from __future__ import annotations

import json
import os
from abc import abstractmethod
from collections.abc import Iterator, Sequence
from contextlib import AbstractContextManager
from datetime import UTC, datetime
from pathlib import Path
from types import TracebackType
from typing import Any

from controller.log.errors import LogError
from controller.log.events import LogEvent, Source, dump_payload, parse_time
from controller.log.players import normalize_alias
from controller.log.schema import LATEST_VERSION, MIGRATIONS, SCHEMA_VERSION_TABLE

__all__ = ["EventStore", "default_db_path", "open_store"]

Row = Sequence[Any]

_EVENT_COLUMNS = "session_id, hand_no, seq, time, source, kind, payload"


def default_db_path() -> Path:
    """Where the log lives when no ``--db`` is given (XDG data folder)."""
    base = os.environ.get("XDG_DATA_HOME") or os.path.join(Path.home(), ".local", "share")
    return Path(base) / "pitboss" / "pitboss.sqlite3"


def open_store(url: str | os.PathLike[str] | None = None) -> EventStore:
    """Open (creating and migrating as needed) the store named by ``url``."""
    text = os.fspath(url) if url is not None else ""
    if text.startswith(("postgresql://", "postgres://")):
        from controller.log.postgres import PostgresStore

        return PostgresStore(text)
    if text.startswith("sqlite://"):
        text = text.removeprefix("sqlite://").removeprefix("/")
        if not text:
            raise LogError("bad_db_url", "sqlite:/// URL needs a file path after it")
    elif "://" in text:
        scheme = text.split("://", 1)[0]
        raise LogError("bad_db_url", f"unknown database kind {scheme!r}: use a file path, "
                       "sqlite:///path or postgresql://user:password@host/db")
    from controller.log.sqlite import SQLiteStore

    path = Path(text) if text else default_db_path()
    path.parent.mkdir(parents=True, exist_ok=True)
    return SQLiteStore(path)


class EventStore(AbstractContextManager["EventStore"]):
    """What every backend offers. SQL here uses ``?`` placeholders; backends adapt them."""

    url: str

    # -- backend hooks -----------------------------------------------------
    @abstractmethod
    def _write(self) -> AbstractContextManager[Any]:
        """A context manager around one write transaction; yields a cursor."""

    @abstractmethod
    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        """Run a query outside any write transaction and return all rows."""

    @abstractmethod
    def _migration_statements(self, version: int) -> tuple[str, ...]:
        """The DDL of one migration in this backend's dialect."""

    @abstractmethod
    def _is_unique_violation(self, exc: BaseException) -> bool:
        """True when ``exc`` is the database refusing a duplicate key."""

    @abstractmethod
    def close(self) -> None:
        """Close the connection; the store cannot be used afterwards."""

    def __exit__(self, exc_type: type[BaseException] | None, exc: BaseException | None,
                 tb: TracebackType | None) -> None:
        self.close()

    # -- schema ------------------------------------------------------------
    def _migrate(self) -> None:
        with self._write() as cur:
            cur.execute(SCHEMA_VERSION_TABLE)
            cur.execute("SELECT MAX(version) FROM schema_version")
            current = cur.fetchone()[0] or 0
            if current > LATEST_VERSION:
                raise LogError("schema_too_new", f"this hand log has schema version {current}, "
                               f"newer than this pitboss knows ({LATEST_VERSION}); upgrade "
                               "pitboss to read it")
            for m in MIGRATIONS[current:]:
                for statement in self._migration_statements(m.version):
                    cur.execute(statement)
                cur.execute("INSERT INTO schema_version VALUES (?, ?, ?)",
                            (m.version, m.description, _now_text()))

    def schema_version(self) -> int:
        """The newest migration applied to this database."""
        return int(self._read("SELECT MAX(version) FROM schema_version")[0][0] or 0)

    # -- events ------------------------------------------------------------
    def append(self, event: LogEvent) -> LogEvent:
        """Append one event durably (own transaction, synced); return it as the ack."""
        payload = dump_payload(event.payload)
        try:
            with self._write() as cur:
                self._lock_hand(cur, event)
                cur.execute("SELECT MAX(seq) FROM events WHERE session_id = ? AND hand_no = ?",
                            (event.session, event.hand))
                _check_next_seq(event, cur.fetchone()[0] or 0)
                cur.execute(f"INSERT INTO events ({_EVENT_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?, ?)",
                            (event.session, event.hand, event.seq, _time_text(event.time),
                             event.source.value, event.kind, payload))
        except Exception as exc:
            if self._is_unique_violation(exc):
                raise _duplicate(event) from None
            failure = self._db_failure(exc)
            if failure is not None:
                raise failure from exc
            raise
        return event

    def _db_failure(self, exc: BaseException) -> LogError | None:
        """The database itself failing (locked, disk, connection lost), as a LogError."""
        return None

    def _lock_hand(self, cur: Any, event: LogEvent) -> None:
        """Serialise writers of one hand (SQLite's BEGIN IMMEDIATE already does)."""

    def events(self, session: str, hand: int | None = None) -> list[LogEvent]:
        """A session's events (or one hand's) in hand order, then sequence order."""
        where, params = "session_id = ?", list[Any]([session])
        if hand is not None:
            where += " AND hand_no = ?"
            params.append(hand)
        rows = self._read(f"SELECT {_EVENT_COLUMNS} FROM events WHERE {where} "
                          "ORDER BY hand_no, seq", params)
        return [_event_from_row(r) for r in rows]

    def timeline(self, session: str) -> list[LogEvent]:
        """A session's events in the order they were appended, across its streams (the
        session's own and every hand's): what a restart folds to rebuild the table."""
        rows = self._read(f"SELECT {_EVENT_COLUMNS} FROM events WHERE session_id = ? "
                          "ORDER BY id", (session,))
        return [_event_from_row(r) for r in rows]

    def iter_events(self, session: str) -> Iterator[LogEvent]:
        """Like :meth:`events` for the whole session, as an iterator."""
        return iter(self.events(session))

    def last_seq(self, session: str, hand: int) -> int:
        """The sequence number of the hand's last event (0 when it has none)."""
        rows = self._read("SELECT MAX(seq) FROM events WHERE session_id = ? AND hand_no = ?",
                          (session, hand))
        return int(rows[0][0] or 0)

    def sessions(self) -> list[str]:
        """Every session id, oldest first."""
        rows = self._read("SELECT session_id FROM events GROUP BY session_id ORDER BY MIN(id)")
        return [r[0] for r in rows]

    def hands(self, session: str) -> list[int]:
        """The hand numbers (1 and up) that have events in ``session``."""
        rows = self._read("SELECT DISTINCT hand_no FROM events WHERE session_id = ? "
                          "AND hand_no > 0 ORDER BY hand_no", (session,))
        return [int(r[0]) for r in rows]

    def events_of_kind(self, kind: str, session: str | None = None) -> list[LogEvent]:
        """Every event of one kind (in one session, or all), in append order."""
        where, params = "kind = ?", [kind]
        if session is not None:
            where, params = where + " AND session_id = ?", [kind, session]
        rows = self._read(f"SELECT {_EVENT_COLUMNS} FROM events WHERE {where} ORDER BY id",
                          params)
        return [_event_from_row(r) for r in rows]

    def count(self) -> int:
        """How many events the store holds."""
        return int(self._read("SELECT COUNT(*) FROM events")[0][0])

    # -- players -----------------------------------------------------------
    def set_alias(self, alias: str, player: str) -> None:
        """Record that ``alias`` is the same person as ``player`` (latest wins)."""
        key, target = normalize_alias(alias), " ".join(player.split())
        if not key or not target:
            raise LogError("bad_ledger_entry", "a player name cannot be empty")
        chain = self.aliases()
        seen, cursor = {key}, normalize_alias(target)
        while cursor in chain:
            if cursor in seen:
                break
            seen.add(cursor)
            cursor = normalize_alias(chain[cursor])
        if cursor in seen:
            raise LogError("alias_cycle", f"{alias!r} and {player!r} would each be an alias "
                           "of the other; merge them the other way round or not at all")
        with self._write() as cur:
            cur.execute("INSERT INTO aliases (alias, player, time) VALUES (?, ?, ?) "
                        "ON CONFLICT (alias) DO UPDATE SET player = excluded.player, "
                        "time = excluded.time", (key, target, _now_text()))

    def aliases(self) -> dict[str, str]:
        """``{normalized alias: player name it points to}``."""
        return {r[0]: r[1] for r in self._read("SELECT alias, player FROM aliases")}

    # -- settings ----------------------------------------------------------
    def save_setting(self, name: str, value: str) -> None:
        """Keep ``value`` under ``name`` (latest wins): state a restart must find again."""
        with self._write() as cur:
            cur.execute("INSERT INTO settings (name, value, time) VALUES (?, ?, ?) "
                        "ON CONFLICT (name) DO UPDATE SET value = excluded.value, "
                        "time = excluded.time", (name, value, _now_text()))

    def setting(self, name: str) -> str | None:
        """The value kept under ``name``, or None."""
        rows = self._read("SELECT value FROM settings WHERE name = ?", (name,))
        return str(rows[0][0]) if rows else None


def _check_next_seq(event: LogEvent, last: int) -> None:
    if event.seq <= last:
        raise _duplicate(event)
    if event.seq != last + 1:
        raise LogError("sequence_gap", f"hand {event.hand} of session {event.session!r} ends "
                       f"at event {last}; the next event must be {last + 1}, not {event.seq}")


def _duplicate(event: LogEvent) -> LogError:
    return LogError("duplicate_event", f"event {event.seq} of hand {event.hand} in session "
                    f"{event.session!r} is already in the log; nothing was added")


def _time_text(t: datetime) -> str:
    return t.astimezone(UTC).isoformat(timespec="microseconds")


def _now_text() -> str:
    return _time_text(datetime.now(UTC))


def _event_from_row(row: Row) -> LogEvent:
    session, hand, seq, time, source, kind, payload = row
    return LogEvent(session, int(hand), int(seq), parse_time(time), Source(source), kind,
                    json.loads(payload))
