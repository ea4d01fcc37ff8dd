"""SQLite backend: WAL journal, ``synchronous=FULL``, one transaction per event.

With WAL and ``synchronous=FULL`` SQLite syncs the write-ahead log at every
commit, so an event acknowledged by :meth:`EventStore.append` survives a
SIGKILL or a power cut. ``BEGIN IMMEDIATE`` takes the write lock up front, so
two writers cannot both see the same last sequence number.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from controller.log.errors import LogError
from controller.log.schema import MIGRATIONS
from controller.log.store import EventStore, Row

__all__ = ["SQLiteStore"]


class SQLiteStore(EventStore):
    """The default store: one file, safe against crashes."""

    def __init__(self, path: Path, timeout: float = 30.0) -> None:
        """Open (creating) the file; ``timeout`` is how long to wait for another writer."""
        self.path = path
        self.url = str(path)
        self._conn = sqlite3.connect(path, isolation_level=None, timeout=timeout,
                                     check_same_thread=False)
        self._conn.execute("PRAGMA journal_mode=WAL")
        self._conn.execute("PRAGMA synchronous=FULL")
        self._migrate()

    @contextmanager
    def _write(self) -> Iterator[Any]:
        cur = self._conn.cursor()
        try:
            cur.execute("BEGIN IMMEDIATE")
        except sqlite3.OperationalError as exc:
            raise self._failure(exc) from exc
        try:
            yield cur
            cur.execute("COMMIT")
        except BaseException as exc:
            if self._conn.in_transaction:
                cur.execute("ROLLBACK")
            if isinstance(exc, sqlite3.OperationalError):
                raise self._failure(exc) from exc
            raise

    def _failure(self, exc: sqlite3.OperationalError) -> LogError:
        return LogError("db_error", f"the hand log {self.path} could not be written ({exc}); "
                        "nothing was recorded")

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        return self._conn.execute(sql, tuple(params)).fetchall()

    def _migration_statements(self, version: int) -> tuple[str, ...]:
        return MIGRATIONS[version - 1].sqlite

    def _is_unique_violation(self, exc: BaseException) -> bool:
        return isinstance(exc, sqlite3.IntegrityError) and "UNIQUE" in str(exc)


    def close(self) -> None:
        self._conn.close()

    def pragma(self, name: str) -> Any:
        """Read one PRAGMA (tests check the journal and sync settings)."""
        return self._conn.execute(f"PRAGMA {name}").fetchone()[0]
