"""The FastAPI app: ``create_app`` builds it; its lifespan opens the log and starts the table.

>>> app = create_app(db=":memory:", pin="2468")
>>> app.title, "/api/hand/actions" in app.openapi()["paths"]
('pitboss', True)
"""

from __future__ import annotations

import asyncio
import contextlib
import os
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

from fastapi import FastAPI

from controller import __version__
from controller.api import ws
from controller.api.deps import GUARD_SETTING
from controller.api.errors import install_error_handlers
from controller.api.routes import ROUTERS, odds, pages, replay
from controller.api.security import Guard, generate_pin
from controller.log import open_store
from controller.table.core import Table
from controller.table.display import DisplaySink
from controller.table.loop import TableLoop
from controller.table.recovery import latest_open_session, resume_session
from controller.table.shoe import ShoeFeed, open_source, parse_source
from firmware_bridge.display import Display
from firmware_bridge.link import DisplayLink

__all__ = ["create_app"]


def create_app(db: str | os.PathLike[str] | None = None, pin: str | None = None,
               display: DisplaySink | None = None, max_failures: int = 5,
               window: float = 60.0, resume: bool = True,
               display_status: Callable[[], Any] | None = None,
               display_port: str | None = None, shoe: str | None = None) -> FastAPI:
    """The app for one table. ``db``: the hand log (see ``open_store``); ``pin``: the
    dealer's PIN (generated when None: read it from ``app.state.guard.pin``);
    ``display``: where the LED display's picture goes; ``resume``: pick up the log's
    last session if it was never closed (a restart mid-hand carries on);
    ``display_status``: the display link's ``status`` (connection shown on the tablet);
    ``display_port``: open the LED display's serial link here (in the lifespan);
    ``shoe``: read the shoe's camera (``camera:0``, ``video:PATH``, ``folder:PATH``)."""
    guard = Guard(pin or generate_pin(), max_failures=max_failures, window=window)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        store = await asyncio.to_thread(open_store, db)
        link = await asyncio.to_thread(_open_link, display_port) if display_port else None
        sink, status = (Display(link), link.status) if link is not None else \
            (display, display_status)
        loop = TableLoop(Table(store), sink)
        await loop.start()
        if resume:
            await loop.call(_resume_latest)
            guard.restore(await loop.call(lambda t: t.store.setting(GUARD_SETTING)))
        app.state.table_loop = loop
        watcher = asyncio.create_task(loop.watch_display(status)) \
            if status is not None else None
        # A live camera that is unplugged is reopened; a video or a folder just ends.
        reopen = (lambda: open_source(shoe)) if shoe and parse_source(shoe)[0] == "camera" \
            else None
        feed = ShoeFeed(open_source(shoe), loop.camera, reopen=reopen).start() \
            if shoe else None
        try:
            yield
        finally:
            if feed is not None:
                await asyncio.to_thread(feed.stop)
            if watcher is not None:
                watcher.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await watcher
            await loop.stop()
            if link is not None:
                await asyncio.to_thread(link.close)
            store.close()

    app = FastAPI(title="pitboss", version=__version__, lifespan=lifespan,
                  description="The live table: session, seats, hands, the shoe's cards, "
                              "the dealer's corrections; WebSocket streams at /ws/table, "
                              "/ws/dealer and /ws/player/{seat}.")
    app.state.guard = guard
    install_error_handlers(app)
    for router in ROUTERS:
        app.include_router(router)
    app.include_router(ws.router)
    app.include_router(pages.router)  # the pages and their helpers (controller/web)
    app.include_router(odds.router)  # broadcast mode: live odds (issue 11)
    app.include_router(replay.router)  # hand replays with equities (issue 11)
    return app


def _resume_latest(table: Table) -> None:
    session = latest_open_session(table)
    if session is not None:
        resume_session(table, session)


def _open_link(port: str) -> DisplayLink:
    """The display's serial link; its own thread owns the port from here on."""
    return DisplayLink(port).start()
