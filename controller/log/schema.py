"""The hand log's schema, as numbered migrations for SQLite and PostgreSQL.

A database records the migrations applied to it in ``schema_version``; opening
a store applies the missing ones in one transaction, in order. A database
written by a newer pitboss (a version we do not know) is refused rather than
guessed at. The events table is append-only at the database level: triggers
refuse UPDATE and DELETE, so no code path can rewrite history.

>>> [m.version for m in MIGRATIONS] == list(range(1, LATEST_VERSION + 1))
True
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["LATEST_VERSION", "MIGRATIONS", "Migration"]

_SOURCES = "('camera', 'tablet', 'correction', 'system')"


@dataclass(frozen=True)
class Migration:
    """One schema step: the statements for each dialect and what they are for."""

    version: int
    description: str
    sqlite: tuple[str, ...]
    postgres: tuple[str, ...]


def _events_table(id_column: str) -> str:
    return f"""
        CREATE TABLE events (
            id {id_column},
            session_id TEXT NOT NULL,
            hand_no INTEGER NOT NULL CHECK (hand_no >= 0),
            seq INTEGER NOT NULL CHECK (seq >= 1),
            time TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN {_SOURCES}),
            kind TEXT NOT NULL,
            payload TEXT NOT NULL,
            UNIQUE (session_id, hand_no, seq)
        )"""


_V1_COMMON = (
    "CREATE INDEX events_by_kind ON events (kind, session_id)",
)

_V1_SQLITE = (
    _events_table("INTEGER PRIMARY KEY AUTOINCREMENT"),
    *_V1_COMMON,
    """CREATE TRIGGER events_append_only_update BEFORE UPDATE ON events
       BEGIN SELECT RAISE(ABORT, 'the hand log is append-only'); END""",
    """CREATE TRIGGER events_append_only_delete BEFORE DELETE ON events
       BEGIN SELECT RAISE(ABORT, 'the hand log is append-only'); END""",
)

_V1_POSTGRES = (
    _events_table("BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY"),
    *_V1_COMMON,
    """CREATE FUNCTION events_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN RAISE EXCEPTION 'the hand log is append-only'; END $$""",
    """CREATE TRIGGER events_append_only BEFORE UPDATE OR DELETE ON events
       FOR EACH ROW EXECUTE FUNCTION events_append_only()""",
)

_V2_BOTH = (
    """CREATE TABLE aliases (
           alias TEXT PRIMARY KEY,
           player TEXT NOT NULL,
           time TEXT NOT NULL
       )""",
)

_V3_BOTH = (
    """CREATE TABLE settings (
           name TEXT PRIMARY KEY,
           value TEXT NOT NULL,
           time TEXT NOT NULL
       )""",
)

MIGRATIONS: tuple[Migration, ...] = (
    Migration(1, "append-only events table", _V1_SQLITE, _V1_POSTGRES),
    Migration(2, "player aliases (one person across sessions)", _V2_BOTH, _V2_BOTH),
    Migration(3, "table settings that outlive a restart (token digests)", _V3_BOTH, _V3_BOTH),
)

LATEST_VERSION = MIGRATIONS[-1].version

SCHEMA_VERSION_TABLE = """
    CREATE TABLE IF NOT EXISTS schema_version (
        version INTEGER PRIMARY KEY,
        description TEXT NOT NULL,
        applied_at TEXT NOT NULL
    )"""
