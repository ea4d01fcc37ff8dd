"""Fixtures for the API tests: the real app (real SQLite log) over real HTTP.

``tablet`` talks to the app through httpx's ASGI transport with the lifespan
running; ``server`` runs the same app on uvicorn on a loopback port (used with
real WebSocket clients). ``Driver`` plays whole hands the way the table does:
cards come from a shuffled shoe as camera events, actions are the dealer's
taps on one of the legal buttons the dealer view offers.
"""

from __future__ import annotations

import asyncio
import contextlib
import random
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
import uvicorn

from controller.api import create_app
from controller.api.local import LocalServer
from controller.cards import DECK_52, Card
from controller.table.loop import TableLoop

PIN = "2468"


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


@dataclass
class Tablet:
    """The dealer's tablet: an HTTP client holding the dealer token."""

    client: httpx.AsyncClient
    token: str = ""
    camera: Callable[[str], Awaitable[dict[str, Any]]] | None = None
    app: Any = None

    async def in_table(self, fn: Callable[[Any], Any]) -> Any:
        """``fn(table)`` on the table's own thread, from this test's event loop (the
        server may run its loop in another thread)."""
        loop: TableLoop = self.app.state.table_loop
        assert loop._loop is not None
        if loop._loop is asyncio.get_running_loop():
            return await loop.call(fn)
        future = asyncio.run_coroutine_threadsafe(loop.call(fn), loop._loop)
        return await asyncio.wrap_future(future)

    @property
    def auth(self) -> dict[str, str]:
        return {"Authorization": f"Bearer {self.token}"}

    async def login(self) -> None:
        r = await self.client.post("/api/auth/token", json={"pin": PIN})
        assert r.status_code == 200, r.text
        self.token = r.json()["token"]

    async def call(self, method: str, path: str, body: dict[str, Any] | None = None,
                   expect: int = 200, headers: dict[str, str] | None = None) -> Any:
        r = await self.client.request(method, path, json=body,
                                      headers=self.auth if headers is None else headers)
        assert r.status_code == expect, f"{method} {path} {body}: {r.status_code} {r.text}"
        return r.json()

    async def post(self, path: str, body: dict[str, Any] | None = None,
                   expect: int = 200) -> Any:
        return await self.call("POST", path, body if body is not None else {}, expect)

    async def refused(self, path: str, body: dict[str, Any] | None, status: int,
                      code: str, method: str = "POST") -> dict[str, Any]:
        """The request is refused with ``status`` and ``code``, and the table is unchanged."""
        before = await self.dealer()
        out = await self.call(method, path, body if body is not None else {}, status)
        assert set(out) == {"error"} and set(out["error"]) == {"code", "message"}
        assert out["error"]["code"] == code, out
        assert out["error"]["message"]
        assert await self.dealer() == before
        return out

    async def dealer(self) -> dict[str, Any]:
        return await self.call("GET", "/api/state/dealer")  # type: ignore[no-any-return]

    async def setup(self, players: int = 2, stack: int = 100, button: int = 0) -> list[str]:
        """Open a session and seat ``players`` players; returns their seat tokens."""
        await self.post("/api/session", {"table": "Friday", "chip_unit": "0.25",
                                         "stakes": "1/2"})
        tokens = []
        for seat in range(1, players + 1):
            out = await self.post("/api/seats", {"seat": seat, "name": f"P{seat}",
                                                 "buy_in": stack})
            tokens.append(out["token"])
        if button:
            await self.post("/api/button", {"seat": button})
        return tokens


@dataclass
class Driver:
    """Plays hands through the API: shoe cards as camera events, random legal taps."""

    tablet: Tablet
    rng: random.Random
    shoe: list[Card] = field(default_factory=list)

    def shuffle(self) -> None:
        self.shoe = list(DECK_52)
        self.rng.shuffle(self.shoe)

    async def step(self, view: dict[str, Any]) -> None:
        nxt = view["hand"]["next"]
        if nxt["kind"] == "card":
            assert self.tablet.camera is not None
            await self.tablet.camera(str(self.shoe.pop(0)))
            return
        assert nxt["kind"] == "action", nxt
        legal = nxt["legal"]
        weights = [1 if a["action"] == "fold" else 3 for a in legal]
        choice = self.rng.choices(legal, weights)[0]
        body: dict[str, Any] = {"seat": nxt["seat"], "action": choice["action"]}
        if choice.get("amounts"):
            body["amount"] = choice["amounts"][0]
        await self.tablet.post("/api/hand/actions", body)

    async def play_hand(self, after_each: Callable[[], Awaitable[None]] | None = None
                        ) -> dict[str, Any]:
        self.shuffle()
        await self.tablet.post("/api/hands", {})
        while True:
            view = await self.tablet.dealer()
            if view["hand"]["status"] == "complete":
                return view
            await self.step(view)
            if after_each is not None:
                await after_each()


def _camera_via_loop(loop: TableLoop) -> Callable[[str], Awaitable[dict[str, Any]]]:
    async def send(card: str) -> dict[str, Any]:
        return await loop.camera_async(Card(card))
    return send


@pytest.fixture(params=["asgi", "uvicorn"])
async def tablet(request: pytest.FixtureRequest, tmp_path: Path,
                 anyio_backend: str) -> AsyncIterator[Tablet]:
    """The dealer's tablet, logged in, on both transports: httpx's ASGI transport with
    the app's lifespan running, and a real uvicorn server on a loopback port. Camera
    cards go straight into the table loop, as the shoe's reader does."""
    app = create_app(db=tmp_path / "log.sqlite3", pin=PIN)
    if request.param == "asgi":
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport,
                                         base_url="http://table") as client:
                t = Tablet(client, camera=_camera_via_loop(app.state.table_loop), app=app)
                await t.login()
                yield t
        return
    with _serving(app) as srv:
        async with httpx.AsyncClient(base_url=srv.url) as client:
            t = Tablet(client, camera=camera_into(srv), app=app)
            await t.login()
            yield t


@dataclass
class Server:
    """A real uvicorn server on a loopback port, in a thread of this process."""

    url: str
    ws_url: str
    app: Any
    server: uvicorn.Server

    @property
    def loop(self) -> TableLoop:
        return self.app.state.table_loop  # type: ignore[no-any-return]


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    with _serving(create_app(db=tmp_path / "log.sqlite3", pin=PIN, max_failures=3)) as srv:
        yield srv


@contextlib.contextmanager
def _serving(app: Any) -> Iterator[Server]:
    """``app`` on uvicorn in a thread of this process, on a free loopback port."""
    with LocalServer(app) as local:
        assert local.server is not None
        yield Server(local.url, local.ws_url, app, local.server)


@pytest.fixture
def make_tablet() -> type[Tablet]:
    return Tablet


@pytest.fixture
def make_driver() -> type[Driver]:
    return Driver


def camera_into(server: Server) -> Callable[[str], Awaitable[dict[str, Any]]]:
    """Camera cards from this thread into the server's table loop (the shoe's path)."""
    loop = server.loop

    async def send(card: str) -> dict[str, Any]:
        assert loop._loop is not None
        future = asyncio.run_coroutine_threadsafe(loop.camera_async(Card(card)), loop._loop)
        return await asyncio.wrap_future(future)  # type: ignore[no-any-return]
    return send


@pytest.fixture
def server_camera() -> Callable[[Server], Callable[[str], Awaitable[dict[str, Any]]]]:
    return camera_into
