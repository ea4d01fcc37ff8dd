"""Issue 9 item 1: the simulated shoe (seeded deck per hand, frames through the real shoe
reader into the table) and the simulation API (``/api/sim``, deal, the LED picture)."""

from __future__ import annotations

from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from controller.api import create_app
from controller.cards import JOKER, Card
from controller.config import TableConfig
from controller.log import open_store
from controller.sim import SimError, SimShoe, hand_deck
from controller.sim.wiring import build_parts, install
from controller.table import commands as cmd
from controller.table.core import Table

PIN = "2468"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@pytest.fixture
def table(tmp_path: Path) -> Iterator[Table]:
    with open_store(tmp_path / "log.sqlite3") as store:
        t = Table(store)
        for c in (cmd.OpenSession("sim"), cmd.SeatPlayer(1, "Anna", 100),
                  cmd.SeatPlayer(2, "Ben", 100)):
            t.handle(c)
        yield t


def test_the_shoe_deals_the_seeded_order_skipping_cards_already_out(table: Table) -> None:
    """DESIGN.md "Cards": each card exists once per deck; a card entered by hand or
    already pushed out of the shoe is never dealt again in the hand."""
    shoe = SimShoe(seed=5)
    with pytest.raises(SimError) as err:
        shoe.choose(table)
    assert err.value.code == "no_hand"
    table.handle(cmd.StartHand("seven-card-stud"))
    assert table.log is not None
    order = hand_deck(5, table.hand_no)
    assert shoe.choose(table) == order[0]  # pushed out, even before the table hears of it
    table.handle(cmd.EnterCard(order[1]))  # the dealer typed the next one in
    assert shoe.choose(table) == order[2]
    shoe.close()


def test_a_joker_game_shuffles_the_joker_in(table: Table) -> None:
    """Seed 002: Five Card Draw with a Bug plays with 53 cards."""
    table.handle(cmd.StartHand("five-card-draw-bug"))
    shoe = SimShoe(seed=1)
    assert table.log is not None
    dealt = {shoe.choose(table) for _ in range(53)}
    assert JOKER in dealt and len(dealt) == 53
    with pytest.raises(SimError) as err:
        shoe.choose(table)
    assert err.value.code == "shoe_empty"
    shoe.close()


def test_deal_renders_frames_the_real_reader_reads() -> None:
    """Vision: one CardSeen per physical card, read from the synthetic frames."""
    seen: list[Any] = []
    shoe = SimShoe(seed=3).start(seen.append)
    try:
        for text in ("Qh", "7c"):
            result = shoe.deal(Card(text))
            assert result.read == text and result.frames > 5
            assert result.seen_at is not None and result.as_dict()["card"] == text
        assert [str(e.card) for e in seen] == ["Qh", "7c"]
    finally:
        shoe.close()


@pytest.fixture
async def sim_app(tmp_path: Path, anyio_backend: str) -> AsyncIterator[tuple[Any, Any]]:
    parts = build_parts(TableConfig(db=str(tmp_path / "log.sqlite3"), seed=2))
    try:
        app = install(create_app(db=tmp_path / "log.sqlite3", pin=PIN, display=parts.display,
                                 display_status=parts.link.status), parts)
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                yield client, parts
    finally:
        parts.close()


@pytest.mark.anyio
async def test_sim_api_deals_through_the_table_and_refuses_without_a_token(
        sim_app: tuple[Any, Any]) -> None:
    """Only the dealer changes the table (DESIGN.md "Tablet"): deal needs the dealer's
    token; a deal with no hand changes nothing and says why."""
    client, parts = sim_app
    info = (await client.get("/api/sim")).json()
    assert info["simulation"] is True and info["tty"] == parts.emulator.tty
    refused = await client.post("/api/sim/deal")
    assert refused.status_code == 401
    token = (await client.post("/api/auth/token", json={"pin": PIN})).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    for path, body in (("/api/session", {"table": "t"}),
                       ("/api/seats", {"seat": 1, "name": "Anna", "buy_in": 50}),
                       ("/api/seats", {"seat": 2, "name": "Ben", "buy_in": 50})):
        assert (await client.post(path, json=body, headers=auth)).status_code == 200
    no_hand = await client.post("/api/sim/deal", headers=auth)
    assert no_hand.status_code == 409 and no_hand.json()["error"]["code"] == "no_hand"
    await client.post("/api/hands", json={"game": "razz"}, headers=auth)
    out = (await client.post("/api/sim/deal", headers=auth)).json()
    assert out["read"] == out["card"]
    view = (await client.get("/api/state/dealer", headers=auth)).json()
    feed_cards = [str(f) for f in view["feed"]]
    assert any(out["card"] in f for f in feed_cards), feed_cards
    shown = (await client.get("/api/sim/display")).json()
    assert [m["label"] for m in shown["modules"][:3]] == ["POT", "BET", "SEAT 1"]
    png = await client.get("/api/sim/display.png")
    assert png.content.startswith(b"\x89PNG")


@pytest.mark.anyio
async def test_a_table_with_real_parts_has_no_sim(tmp_path: Path, anyio_backend: str) -> None:
    """With a camera and a board, the sim routes say so instead of pretending."""
    from controller.api.routes import sim

    app = create_app(db=tmp_path / "log.sqlite3", pin=PIN)
    app.include_router(sim.router)
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            assert (await client.get("/api/sim")).json()["simulation"] is False
            out = await client.get("/api/sim/display")
            assert out.json()["error"]["code"] == "no_emulator"
            token = (await client.post("/api/auth/token", json={"pin": PIN})).json()["token"]
            out = await client.post("/api/sim/deal",
                                    headers={"Authorization": f"Bearer {token}"})
            assert out.json()["error"]["code"] == "no_simulation"
