"""The live table on PostgreSQL (DESIGN.md: ``--db postgresql://...`` when a club runs
many tables): seed 000 s05's hand through the API, a restart mid-hand, the same result.
Skips, saying why, only when no PostgreSQL server answers (.ci/setup.d/postgres.sh)."""

from __future__ import annotations

import json
import os
import uuid
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import httpx
import psycopg
import pytest

from controller.api import create_app
from controller.cards import Card

pytestmark = [pytest.mark.anyio, pytest.mark.postgres]

PG_URL = os.environ.get("PITBOSS_TEST_PG",
                        "postgresql://pitboss:pitboss@127.0.0.1:5432/pitboss_test")
SCENARIO = Path(__file__).parents[1] / "scenarios" / "asf_anna_vs_ben.json"
PIN = "2468"


@pytest.fixture
def pg_url() -> Iterator[str]:
    try:
        psycopg.connect(PG_URL, connect_timeout=3).close()
    except psycopg.Error as exc:
        pytest.fail(f"no PostgreSQL server at {PG_URL.split('@')[-1]} ({exc}); `make test` "
                    "starts one (.ci/setup.d/postgres.sh), or set PITBOSS_TEST_PG",
                    pytrace=False)
    schema = f"t_{uuid.uuid4().hex[:16]}"
    with psycopg.connect(PG_URL, autocommit=True) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        yield f"{PG_URL}?options={quote(f'-csearch_path={schema}')}"
    finally:
        with psycopg.connect(PG_URL, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


async def _session(url: str, make_tablet: Any, events: list[dict[str, Any]],
                   first: bool) -> dict[str, Any]:
    app = create_app(db=url, pin=PIN)
    async with app.router.lifespan_context(app):
        loop = app.state.table_loop
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            tablet = make_tablet(client)
            await tablet.login()
            if first:
                await tablet.setup(players=2, button=2)
                await tablet.post("/api/hands", {})
            for raw in events:
                if "card" in raw:
                    await loop.camera_async(Card(raw["card"]))
                else:
                    await tablet.post("/api/hand/actions", raw)
            return await tablet.dealer()  # type: ignore[no-any-return]


async def test_seed000_s05_on_postgresql_with_a_restart(pg_url: str, make_tablet: Any) -> None:
    events = json.loads(SCENARIO.read_text())["events"]
    await _session(pg_url, make_tablet, events[:11], first=True)
    view = await _session(pg_url, make_tablet, events[11:], first=False)
    assert view["hand"]["result"]["winners"] == [1]
    assert [s["stack"] for s in view["seats"]] == [114, 86]
