"""Issue 6 item 5: the dealer's PIN gives a token; every state-changing request needs it;
wrong tokens are refused (401/403 with codes) and rate-limited (429)."""

from __future__ import annotations

from typing import Any

import pytest

from controller.api import create_app

pytestmark = pytest.mark.anyio


def _changing_routes() -> list[tuple[str, str]]:
    spec = create_app(db=":memory:", pin="0000").openapi()
    return [(method.upper(), path.replace("{seat}", "1").replace("{number}", "1"))
            for path, ops in spec["paths"].items() for method in ops
            if method in ("post", "put", "patch", "delete") and path != "/api/auth/token"]


async def test_every_state_changing_route_needs_the_dealer_token(tablet: Any) -> None:
    routes = _changing_routes()
    assert len(routes) >= 15
    await tablet.setup(players=2)
    before = await tablet.dealer()
    for method, path in routes:
        r = await tablet.client.request(method, path, json={})
        assert r.status_code == 401, (method, path, r.text)
        assert r.json()["error"]["code"] == "token_required"
        assert r.headers["www-authenticate"] == "Bearer"
    assert await tablet.dealer() == before


async def test_wrong_and_misused_tokens(tablet: Any) -> None:
    tokens = await tablet.setup(players=2)
    bad = {"Authorization": "Bearer not-a-token"}
    out = await tablet.call("POST", "/api/hands", {}, 401, headers=bad)
    assert out["error"]["code"] == "bad_token"
    seat = {"Authorization": f"Bearer {tokens[0]}"}
    out = await tablet.call("POST", "/api/hands", {}, 403, headers=seat)
    assert out["error"]["code"] == "forbidden"
    out = await tablet.call("GET", "/api/state/dealer", None, 403, headers=seat)
    assert out["error"]["code"] == "forbidden"
    # a seat's own view with its own token; another seat's is refused
    assert (await tablet.call("GET", "/api/state/seats/1", headers=seat))["you"] == 1
    out = await tablet.call("GET", "/api/state/seats/2", None, 403, headers=seat)
    assert out["error"]["code"] == "forbidden"
    out = await tablet.call("GET", "/api/state/seats/2", None, 401, headers={})
    assert out["error"]["code"] == "token_required"
    # unseating a player revokes their token
    await tablet.call("DELETE", "/api/seats/1")
    out = await tablet.call("GET", "/api/state/seats/1", None, 401, headers=seat)
    assert out["error"]["code"] == "bad_token"


async def test_wrong_pins_are_rate_limited_per_client(tablet: Any) -> None:
    for _ in range(5):
        out = await tablet.call("POST", "/api/auth/token", {"pin": "1111"}, 401, headers={})
        assert out["error"]["code"] == "bad_pin"
    out = await tablet.call("POST", "/api/auth/token", {"pin": "2468"}, 429, headers={})
    assert out["error"]["code"] == "too_many_attempts"
    out = await tablet.call("POST", "/api/hands", {}, 429)  # even the good token waits
    assert out["error"]["code"] == "too_many_attempts"
    guard = tablet.app.state.guard
    guard.clock = lambda: 1e9  # the window has passed
    assert (await tablet.call("POST", "/api/auth/token", {"pin": "2468"}, headers={}))["token"]


async def test_wrong_tokens_count_towards_the_limit(tablet: Any) -> None:
    bad = {"Authorization": "Bearer guess"}
    for _ in range(5):
        await tablet.call("GET", "/api/state/dealer", None, 401, headers=bad)
    out = await tablet.call("GET", "/api/state/dealer", None, 429, headers=bad)
    assert out["error"]["code"] == "too_many_attempts"


async def test_a_session_can_set_a_new_pin(tablet: Any) -> None:
    await tablet.post("/api/session", {"table": "Friday", "pin": "97531"})
    out = await tablet.call("POST", "/api/auth/token", {"pin": "2468"}, 401, headers={})
    assert out["error"]["code"] == "bad_pin"
    assert (await tablet.call("POST", "/api/auth/token", {"pin": "97531"}, headers={}))["token"]


async def test_reading_the_public_state_needs_no_token(tablet: Any) -> None:
    await tablet.setup(players=2)
    public = await tablet.call("GET", "/api/state", headers={})
    assert [s["name"] for s in public["seats"]] == ["P1", "P2"]
    assert "feed" not in public and public["irregularities"] == 0
