"""Issue 6 "Done when": the same API on a real uvicorn server on a loopback port, with real
WebSocket clients: streams in order within one loop turn, WebSocket token checks, and
the secrecy test over several whole hands (DESIGN.md: down cards are never sent to the
table screen or to another player before showdown)."""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import re
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

pytestmark = pytest.mark.anyio

CARD = re.compile(r"(?<![A-Za-z0-9])([2-9TJQKA][shdc])(?![A-Za-z0-9])")


class Listener:
    """One WebSocket client collecting every message it is sent."""

    def __init__(self, name: str, ws: ClientConnection) -> None:
        self.name, self.ws = name, ws
        self.messages: list[dict[str, Any]] = []
        self.task = asyncio.create_task(self._collect())

    async def _collect(self) -> None:
        with contextlib.suppress(Exception):
            async for text in self.ws:
                self.messages.append(json.loads(text))

    async def wait_for(self, version: int, timeout: float = 5.0) -> None:
        async with asyncio.timeout(timeout):
            while not self.messages or self.messages[-1]["version"] < version:
                await asyncio.sleep(0.002)

    async def close(self) -> None:
        await self.ws.close()
        await self.task


async def _listen(server: Any, tokens: list[str], dealer_token: str) -> list[Listener]:
    out = [Listener("table", await connect(f"{server.ws_url}/ws/table")),
           Listener("dealer", await connect(f"{server.ws_url}/ws/dealer?token={dealer_token}"))]
    for seat, token in enumerate(tokens, start=1):
        ws = await connect(f"{server.ws_url}/ws/player/{seat}?token={token}")
        out.append(Listener(f"seat{seat}", ws))
    return out


@pytest.fixture
async def tablet_on_server(server: Any, make_tablet: Any, server_camera: Any) -> Any:
    async with httpx.AsyncClient(base_url=server.url) as client:
        tablet = make_tablet(client, camera=server_camera(server))
        await tablet.login()
        yield tablet


async def test_whole_asf_hand_streams_to_every_client_in_order(server: Any,
                                                               tablet_on_server: Any) -> None:
    """Seed 000 s05 again, on uvicorn: each change reaches every socket, versions rising."""
    from pathlib import Path

    tablet = tablet_on_server
    tokens = await tablet.setup(players=2, button=2)
    listeners = await _listen(server, tokens, tablet.token)
    await tablet.post("/api/hands", {})
    sc = json.loads((Path(__file__).parents[1] / "scenarios" /
                     "asf_anna_vs_ben.json").read_text())
    for raw in sc["events"]:
        if "card" in raw:
            await tablet.camera(raw["card"])
        else:
            await tablet.post("/api/hand/actions", raw)
        version = (await tablet.dealer())["version"]
        for listener in listeners:
            await listener.wait_for(version)  # already sent in the turn that made it
    for listener in listeners:
        versions = [m["version"] for m in listener.messages]
        assert versions == sorted(set(versions))
        final = listener.messages[-1]["view"]["hand"]
        assert final["result"]["winners"] == [1]
        await listener.close()


async def test_websocket_token_checks(server: Any, tablet_on_server: Any) -> None:
    tokens = await tablet_on_server.setup(players=2)
    refused = ["/ws/dealer", "/ws/dealer?token=guess", f"/ws/dealer?token={tokens[0]}",
               f"/ws/player/2?token={tokens[0]}", "/ws/player/1"]
    for path in refused:
        with pytest.raises(InvalidStatus) as err:
            await connect(f"{server.ws_url}{path}")
        assert err.value.response.status_code == 403, path
    ws = await connect(f"{server.ws_url}/ws/player/1",
                       additional_headers={"Authorization": f"Bearer {tokens[0]}"})
    first = json.loads(await ws.recv())
    assert first["audience"] == "seat" and first["seat"] == 1
    await ws.close()


def _down_cards(dealer_messages: list[dict[str, Any]]) -> dict[int, dict[str, int]]:
    """Every down card of every hand, with its owner: {hand_no: {card: seat}}."""
    out: dict[int, dict[str, int]] = {}
    for m in dealer_messages:
        hand = m["view"]["hand"]
        if hand is None:
            continue
        for p in hand["players"]:
            for card in p.get("down", []):
                out.setdefault(m["view"]["hand_no"], {})[card] = p["seat"]
    return out


def _leaks(message: dict[str, Any], down: dict[int, dict[str, int]],
           own_seat: int) -> list[str]:
    """Down cards of other seats in ``message`` that it may not show."""
    view = message["view"]
    hand = view["hand"]
    if hand is None:
        return []
    owners = down.get(view["hand_no"], {})
    shown: set[int] = set()
    if hand["status"] == "complete" and hand["result"]["reason"] == "showdown":
        shown = {p["seat"] for p in hand["players"] if not p["folded"]}
    found = set(CARD.findall(json.dumps(message)))
    return sorted(c for c in found if c in owners and owners[c] != own_seat
                  and owners[c] not in shown)


async def test_secrecy_no_down_card_before_showdown(server: Any, tablet_on_server: Any,
                                                    make_driver: Any) -> None:
    """Collect every public and every seat message over several whole hands of four
    players (some won uncontested, some at showdown): no down card reaches the table
    screen or another seat before it is shown at showdown; an uncontested hand never
    reveals one."""
    tablet = tablet_on_server
    tokens = await tablet.setup(players=4, stack=200)
    listeners = await _listen(server, tokens, tablet.token)
    public_reads: list[dict[str, Any]] = []

    async def read_public() -> None:
        r = await tablet.client.get("/api/state")
        public_reads.append({"version": -1, "view": r.json()})

    driver = make_driver(tablet, random.Random(2026))
    reasons = []
    for _ in range(6):
        view = await driver.play_hand(after_each=read_public)
        reasons.append(view["hand"]["result"]["reason"])
    for listener in listeners:
        await listener.wait_for(view["version"])
        await listener.close()
    assert {"showdown", "uncontested"} <= set(reasons), reasons
    by_name = {listener.name: listener.messages for listener in listeners}
    down = _down_cards(by_name["dealer"])
    assert sum(len(cards) for cards in down.values()) >= 6 * 8
    checked = 0
    for name, messages in by_name.items():
        if name == "dealer":
            continue
        own = int(name[4:]) if name.startswith("seat") else 0
        for m in messages + (public_reads if name == "table" else []):
            assert _leaks(m, down, own) == [], (name, m["version"])
            checked += 1
    assert checked > 200
    # and the test can fail: the dealer's stream does carry other seats' down cards
    assert any(_leaks(m, down, 0) for m in by_name["dealer"])
