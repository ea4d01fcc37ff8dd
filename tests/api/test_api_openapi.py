"""Issue 6 "Done when": the OpenAPI document validates, and schemathesis (property-based
requests generated from that document) finds no 5xx on any endpoint of a real server.

Bounded: a few examples per operation, so the whole run stays well under a minute."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from openapi_spec_validator import validate

from controller.api import create_app
from controller.api.local import LocalServer

PIN = "1357"
SPEC = create_app(db=":memory:", pin=PIN).openapi()
schema = schemathesis.openapi.from_dict(SPEC)


def test_the_openapi_document_validates() -> None:
    validate(SPEC)
    paths = SPEC["paths"]
    assert "/api/hand/actions" in paths and "/api/state" in paths
    names = set(SPEC["components"]["schemas"])
    assert {"SessionCreate", "SeatPublic", "CommandPublic", "ErrorPublic"} <= names
    assert "HTTPBearer" in SPEC["components"]["securitySchemes"]


class Live:
    def __init__(self, url: str) -> None:
        self.url = url
        self.http = httpx.Client(base_url=url)
        token = self.http.post("/api/auth/token", json={"pin": PIN}).json()["token"]
        self.auth = {"Authorization": f"Bearer {token}"}

    def post(self, path: str, body: dict[str, Any] | None = None) -> httpx.Response:
        return self.http.post(path, json=body or {}, headers=self.auth)

    def ready(self) -> None:
        """A session, three seated players and a hand with the first cards dealt, so
        generated requests reach the table and the engine rather than stopping early."""
        view = self.http.get("/api/state/dealer", headers=self.auth).json()
        if view["session"] is None or not view["session"]["open"]:
            self.post("/api/session", {"table": "fuzz"})
            view = self.http.get("/api/state/dealer", headers=self.auth).json()
        self.post("/api/table/resume")
        for seat in (1, 2, 3):
            self.post("/api/seats", {"seat": seat, "name": f"P{seat}", "buy_in": 500})
            self.post(f"/api/seats/{seat}/sit-out", {"out": False})
        if view["hand"] is None or view["hand"]["status"] == "complete":
            self.post("/api/games", {"games": ["asf"]})
            self.post("/api/hands")
            for card in ("As", "Kd", "Qh", "Jc", "9s", "8d", "7h", "6c", "5s"):
                self.post("/api/shoe", {"card": card})


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    db: Path = tmp_path_factory.mktemp("fuzz") / "log.sqlite3"
    app = create_app(db=db, pin=PIN, max_failures=1_000_000)
    with LocalServer(app, log_level="error") as srv:
        yield Live(srv.url)


@pytest.fixture
def ready(live: Live) -> Live:
    live.ready()
    return live


@schema.parametrize()
@settings(max_examples=6, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_no_server_error_on_any_endpoint(case: Any, ready: Live) -> None:
    response = case.call(base_url=ready.url, headers=ready.auth)
    assert response.status_code < 500, (case.method, case.path, response.text)
    body = response.json()
    if response.status_code >= 400:
        assert set(body) == {"error"} and {"code", "message"} <= set(body["error"])
