"""DESIGN.md "log first": stopping the server mid-hand and starting it again on the same
hand log carries the hand on (the dealer logs in again; nothing is lost)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import httpx
import pytest

from controller.api import create_app
from controller.cards import Card

pytestmark = pytest.mark.anyio

PIN = "2468"


async def _run(db: Path, make_tablet: Any, body: Any) -> Any:
    app = create_app(db=db, pin=PIN)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://table") as client:
            loop = app.state.table_loop

            async def camera(card: str) -> dict[str, Any]:
                return await loop.camera_async(Card(card))  # type: ignore[no-any-return]

            tablet = make_tablet(client, camera=camera)
            await tablet.login()
            return await body(tablet)


def _without_feed(view: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in view.items() if k not in ("version", "feed")}


async def test_a_restart_mid_hand_carries_on(tmp_path: Path, make_tablet: Any) -> None:
    db = tmp_path / "log.sqlite3"

    async def first(tablet: Any) -> dict[str, Any]:
        await tablet.setup(players=2, button=2)
        await tablet.post("/api/hands", {})
        for c in ["As", "9c", "Ks", "9h", "7s", "5c"]:
            await tablet.camera(c)
        await tablet.post("/api/hand/actions", {"seat": 1, "action": "bet"})
        return await tablet.dealer()  # type: ignore[no-any-return]

    async def second(tablet: Any) -> dict[str, Any]:
        before = await tablet.dealer()
        await tablet.post("/api/hand/actions", {"seat": 2, "action": "call"})
        after = await tablet.dealer()
        return {"before": before, "after": after}

    seen = await _run(db, make_tablet, first)
    later = await _run(db, make_tablet, second)
    assert _without_feed(later["before"]) == _without_feed(seen)
    assert later["after"]["hand"]["pot_total"] == 4
    assert later["after"]["hand"]["next"]["kind"] == "card"


async def test_tokens_outlive_a_restart(tmp_path: Path, make_tablet: Any) -> None:
    """The tablet and the players' phones keep their links across a controller restart
    (the token digests are kept in the hand log); a seat's token still opens only its
    own seat, and an unseated player's token stays dead after the restart."""
    db = tmp_path / "log.sqlite3"
    kept: dict[str, Any] = {}

    async def first(tablet: Any) -> None:
        kept["seats"] = await tablet.setup(players=3, button=2)
        kept["dealer"] = tablet.token
        await tablet.call("DELETE", "/api/seats/3")

    async def second(tablet: Any) -> None:
        tablet.token = kept["dealer"]  # the tablet's old token, no new login
        assert (await tablet.dealer())["session"]
        one = {"Authorization": f"Bearer {kept['seats'][0]}"}
        assert (await tablet.call("GET", "/api/state/seats/1", headers=one))["you"] == 1
        out = await tablet.call("GET", "/api/state/seats/2", None, 403, headers=one)
        assert out["error"]["code"] == "forbidden"
        gone = {"Authorization": f"Bearer {kept['seats'][2]}"}
        out = await tablet.call("GET", "/api/state/seats/3", None, 401, headers=gone)
        assert out["error"]["code"] == "bad_token"

    await _run(db, make_tablet, first)
    await _run(db, make_tablet, second)
