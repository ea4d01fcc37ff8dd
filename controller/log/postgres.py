"""PostgreSQL backend (psycopg 3): the same rules as SQLite, for clubs with many tables.

Each append is its own transaction; PostgreSQL's default
``synchronous_commit=on`` flushes the WAL before the commit returns. A
transaction-scoped advisory lock per (session, hand) serialises writers of
the same hand so the gapless check and the insert happen as one step.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

import psycopg

from controller.log.errors import LogError
from controller.log.events import LogEvent
from controller.log.schema import MIGRATIONS
from controller.log.store import EventStore, Row

__all__ = ["PostgresStore", "redact"]

_MIGRATION_LOCK = 0x70697462  # "pitb": one schema migration at a time


def redact(url: str) -> str:
    """The URL with its password hidden, for messages.

    >>> redact("postgresql://pitboss:secret@127.0.0.1:5432/pitboss")
    'postgresql://pitboss:***@127.0.0.1:5432/pitboss'
    """
    return re.sub(r"(://[^:/@]+):[^@]*@", r"\1:***@", url)


class PostgresStore(EventStore):
    """A store in a PostgreSQL database (tables in the connection's search_path)."""

    def __init__(self, url: str, connect_timeout: int = 5) -> None:
        self.url = redact(url)
        try:
            self._conn = psycopg.connect(url, autocommit=True, connect_timeout=connect_timeout)
        except psycopg.Error as exc:
            first_line = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
            raise LogError("db_unreachable", f"cannot reach PostgreSQL at {self.url}: "
                           f"{first_line}") from None
        self._migrate()

    @contextmanager
    def _write(self) -> Iterator[Any]:
        with self._conn.transaction(), self._conn.cursor() as cur:
            yield _QmarkCursor(cur)

    def _migrate(self) -> None:
        with self._conn.transaction():
            self._conn.execute("SELECT pg_advisory_xact_lock(%s)", (_MIGRATION_LOCK,))
            super()._migrate()

    def _lock_hand(self, cur: Any, event: LogEvent) -> None:
        cur.execute("SELECT pg_advisory_xact_lock(hashtext(?), ?::int)",
                    (event.session, event.hand))

    def _read(self, sql: str, params: Sequence[Any] = ()) -> list[Row]:
        with self._conn.cursor() as cur:
            cur.execute(sql.replace("?", "%s"), tuple(params))
            return list(cur.fetchall())

    def _migration_statements(self, version: int) -> tuple[str, ...]:
        return MIGRATIONS[version - 1].postgres

    def _is_unique_violation(self, exc: BaseException) -> bool:
        return isinstance(exc, psycopg.errors.UniqueViolation)

    def _db_failure(self, exc: BaseException) -> LogError | None:
        if isinstance(exc, psycopg.OperationalError):
            reason = str(exc).strip().splitlines()[0] if str(exc).strip() else repr(exc)
            return LogError("db_unreachable", f"lost PostgreSQL at {self.url} ({reason}); "
                            "nothing was recorded")
        return None

    def close(self) -> None:
        self._conn.close()


class _QmarkCursor:
    """Lets the shared SQL (``?`` placeholders) run on psycopg (``%s``)."""

    def __init__(self, cur: psycopg.Cursor[Any]) -> None:
        self._cur = cur

    def execute(self, sql: str, params: Sequence[Any] = ()) -> None:
        if params:
            self._cur.execute(sql.replace("?", "%s"), tuple(params))
        else:
            # DDL may contain '%' or '?' literally; run it as is, unparametrised.
            self._cur.execute(sql)

    def fetchone(self) -> Any:
        return self._cur.fetchone()
