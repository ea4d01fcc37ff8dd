"""Fixtures for the hand-log tests: one store URL per backend, each test in a fresh database.

PostgreSQL: ``PITBOSS_TEST_PG`` (default
``postgresql://pitboss:pitboss@127.0.0.1:5432/pitboss_test``, the server that
``.ci/setup.d/postgres.sh`` starts). Each test gets its own schema (dropped
afterwards), so parallel workers never see each other's events. The tests
fail, saying how to start one, when no server answers.
"""

from __future__ import annotations

import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import quote

import psycopg
import pytest

from controller.log.postgres import redact
from controller.log.store import EventStore, open_store

PG_URL = os.environ.get("PITBOSS_TEST_PG",
                        "postgresql://pitboss:pitboss@127.0.0.1:5432/pitboss_test")
_pg_problem: list[str] = []


def _pg_unreachable() -> str | None:
    """Why PostgreSQL cannot be used, or None when it can (probed once per process)."""
    if not _pg_problem:
        try:
            psycopg.connect(PG_URL, connect_timeout=3).close()
            _pg_problem.append("")
        except psycopg.Error as exc:
            _pg_problem.append(f"no PostgreSQL server reachable at {redact(PG_URL)} "
                               f"({str(exc).strip().splitlines()[0]}); "
                               "`make test` starts one (.ci/setup.d/postgres.sh), "
                               "or set PITBOSS_TEST_PG")
    return _pg_problem[0] or None


def _with_search_path(url: str, schema: str) -> str:
    joiner = "&" if "?" in url else "?"
    return f"{url}{joiner}options={quote(f'-csearch_path={schema}')}"


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL naming an empty hand log on each backend."""
    if request.param == "sqlite":
        yield str(tmp_path / "pitboss.sqlite3")
        return
    problem = _pg_unreachable()
    if problem:
        pytest.fail(problem, pytrace=False)
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield _with_search_path(PG_URL, schema)
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


@pytest.fixture
def store(db_url: str) -> Iterator[EventStore]:
    """An open store on each backend."""
    with open_store(db_url) as s:
        yield s
