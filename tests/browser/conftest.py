"""Fixtures for the browser tests: a real uvicorn server on a loopback port, Debian's
headless Chromium driven by Playwright, and the shoe feeding the server's table loop.

Screenshots and timings go to ``test-artifacts/browser/`` (gitignored) for review.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import pytest
from playwright.sync_api import Browser, BrowserContext, Page, WebSocketRoute, sync_playwright

from controller.api import create_app
from controller.api.local import LocalServer, free_port
from controller.cards import Card
from controller.table.loop import TableLoop
from vision.events import CardSeen

PIN = "2468"
CHROMIUM = "/usr/bin/chromium"
ARTIFACTS = Path(__file__).resolve().parents[2] / "test-artifacts" / "browser"
TABLET = {"width": 1280, "height": 800}  # a 10-inch tablet, landscape
TV = {"width": 1920, "height": 1080}
PHONE = {"width": 390, "height": 844}


@dataclass
class Server:
    """The app on a real uvicorn in a thread of this process; ``restart`` stops it and
    serves the same app again on the same port (the pages must reconnect)."""

    app: Any
    port: int
    local: LocalServer | None = None
    frames: int = 0
    token: str = field(default="", repr=False)
    # a fresh connection per call: uvicorn closes an idle kept-alive one after 5 s, and
    # on a loaded machine a call reusing it as it closed was reset (CI, no-peek)
    http: httpx.Client = field(default_factory=lambda: httpx.Client(
        trust_env=False, limits=httpx.Limits(max_keepalive_connections=0)))

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def loop(self) -> TableLoop:
        return self.app.state.table_loop  # type: ignore[no-any-return]

    def start(self) -> None:
        self.local = LocalServer(self.app, self.port).start()

    def stop(self) -> None:
        assert self.local is not None
        self.local.stop()

    def restart(self) -> None:
        self.stop()
        self.token = ""
        self.start()

    # ------------------------------------------------------------ the shoe and the API
    def shoe(self, card: str) -> None:
        """The shoe's camera thread reports a card, exactly as vision does in the table."""
        self.frames += 30
        self.loop.camera(CardSeen(Card(card), 0.99, self.frames, self.frames / 30))

    def dealer_token(self) -> str:
        if not self.token:
            r = self.http.post(f"{self.url}/api/auth/token", json={"pin": PIN})
            self.token = r.json()["token"]
        return self.token

    def call(self, method: str, path: str, body: Any = None, expect: int = 200) -> Any:
        r = self.http.request(method, f"{self.url}{path}", json=body,
                          headers={"Authorization": f"Bearer {self.dealer_token()}"})
        assert r.status_code == expect, f"{method} {path}: {r.status_code} {r.text}"
        return r.json()

    def version(self) -> int:
        return int(self.http.get(f"{self.url}/api/state").json()["version"])


@pytest.fixture
def server(tmp_path: Path) -> Iterator[Server]:
    srv = Server(create_app(db=tmp_path / "log.sqlite3", pin=PIN), free_port())
    srv.start()
    yield srv
    srv.stop()
    srv.http.close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """One Chromium per test module: module scope, so no Playwright is left running when
    another module's test starts its own (two sync Playwrights cannot share a thread)."""
    if not Path(CHROMIUM).exists():
        pytest.fail(f"{CHROMIUM} is missing: install Debian's chromium package "
                    "(`make test` does; .ci/apt-packages.txt lists it)", pytrace=False)
    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=[
            "--no-sandbox", "--disable-gpu", "--disable-background-networking",
            "--disable-component-update", "--disable-sync"])
        yield b
        b.close()


@dataclass
class Pages:
    """Browser contexts (each its own device: tablet, TV, phones) for one test."""

    browser: Browser
    server: Server
    contexts: list[BrowserContext] = field(default_factory=list)
    errors: list[str] = field(default_factory=list)

    def open(self, path: str, viewport: dict[str, int], lang: str = "en-GB") -> Page:
        ctx = self.browser.new_context(viewport=viewport, locale=lang)
        self.contexts.append(ctx)
        page = ctx.new_page()
        page.on("pageerror", lambda err: self.errors.append(f"{path}: {err}"))
        page.goto(self.server.url + path if path.startswith("/") else path)
        return page

    def tablet(self, socket: Callable[[WebSocketRoute], None] | None = None) -> Page:
        """The dealer's tablet, logged in with the PIN typed on the page. ``socket``, when
        given, stands between the page and the server's /ws/dealer (to delay a picture)."""
        page = self.open("/tablet", TABLET)
        if socket is not None:
            page.route_web_socket("**/ws/dealer*", socket)
        page.fill("#pin", PIN)
        page.press("#pin", "Enter")
        page.wait_for_selector("#app:not([hidden])")
        page.wait_for_selector('#conn[data-status="live"]')
        if socket is None:  # live means the socket is open; the first picture comes after
            page.wait_for_selector("body[data-version]", state="attached")
        return page

    def close(self) -> None:
        for ctx in self.contexts:
            ctx.close()

    @staticmethod
    def caught_up(page: Page, version: int, timeout: float = 5000) -> None:
        """Wait until ``page`` has drawn the picture of table version ``version``."""
        page.wait_for_function("v => Number(document.body.dataset.version ?? -1) >= v",
                               arg=version, timeout=timeout)

    @staticmethod
    def cards_shown(page: Page) -> list[str]:
        """Every card face the page holds in its DOM (visible or not)."""
        return page.eval_on_selector_all("[data-card]", "els => els.map(e => e.dataset.card)")


@pytest.fixture
def pages(browser: Browser, server: Server) -> Iterator[Pages]:
    p = Pages(browser, server)
    yield p
    p.close()
    assert not p.errors, p.errors


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS

