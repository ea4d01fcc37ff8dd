"""The table's parts around the app: the shoe (synthetic or a camera) and the LED display
(the emulator on a pty, or a real board), started and stopped with the app.

:func:`build_parts` opens what the config names; :func:`install` hooks the parts into an
app made by :func:`controller.api.create_app` without changing it: the shoe starts once
the table loop runs (it feeds :meth:`TableLoop.camera
<controller.table.loop.TableLoop.camera>`) and stops before it; the simulation routes
(:mod:`controller.api.routes.sim`) are mounted. The display is always driven through
the real host link (pyserial), the emulator's pty included.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI

from controller.config import TableConfig, camera_source, resolve_serial
from controller.sim.shoe import SimShoe

__all__ = ["Parts", "build_parts", "install"]


@dataclass
class Parts:
    """What one table runs on. ``emulator`` and ``sim`` are None with real hardware."""

    link: Any
    display: Any
    emulator: Any = None
    sim: SimShoe | None = None
    camera: str | None = None
    feed: Any = None
    calibration: str | None = None

    @property
    def port(self) -> str:
        return str(self.link.port_spec)

    def describe(self) -> list[str]:
        """Start-up lines: what the shoe and the display are."""
        shoe = f"camera {self.camera}" if self.camera else \
            f"synthetic shoe (--seed {self.sim.seed if self.sim else 0}; deal from the tablet)"
        display = f"LED display emulator on {self.port}" if self.emulator is not None else \
            f"LED display on {self.port}"
        return [f"shoe: {shoe}", f"display: {display}"]

    def close(self) -> None:
        if self.sim is not None:
            self.sim.close()
        if self.feed is not None:
            self.feed.stop()
        self.link.close()
        if self.emulator is not None:
            self.emulator.close()


def build_parts(config: TableConfig, degrade: Any = None, min_interval: float = 0.05,
                emulator_log: Any = None) -> Parts:
    """Open the display link (starting the emulator first when no port is named) and
    make the shoe; the shoe's reader starts with the app (see :func:`install`)."""
    import secrets

    from firmware_bridge.display import Display
    from firmware_bridge.emulator import Emulator
    from firmware_bridge.link import DisplayLink

    camera = camera_source(config.camera) if config.camera is not None else None
    seed = config.seed if config.seed is not None else secrets.randbelow(1_000_000)
    port = resolve_serial(config.serial) if config.serial is not None else None
    emulator = None
    if port is None:
        emulator = Emulator(seed=seed, log=emulator_log).start()
        port = emulator.tty
    link = DisplayLink(port).start()
    sim = SimShoe(seed, config.deck, degrade) if camera is None else None
    if camera is not None and config.calibration is not None:
        from vision import calibration

        calibration.load(config.calibration)  # a missing deck is refused before the start
    return Parts(link, Display(link, min_interval=min_interval), emulator, sim, camera,
                 calibration=config.calibration)


def install(app: FastAPI, parts: Parts) -> FastAPI:
    """Mount the simulation routes and run the shoe for as long as the app's lifespan."""
    from controller.api.routes import sim as sim_routes

    app.state.sim, app.state.emulator = parts.sim, parts.emulator
    app.include_router(sim_routes.router)
    inner = app.router.lifespan_context

    @asynccontextmanager
    async def lifespan(a: FastAPI) -> AsyncIterator[Any]:
        async with inner(a) as state:
            await _start_shoe(parts, a.state.table_loop)
            try:
                yield state
            finally:
                await asyncio.to_thread(_stop_shoe, parts)

    app.router.lifespan_context = lifespan
    return app


async def _start_shoe(parts: Parts, loop: Any) -> None:
    from vision import calibration
    from vision.reader import ShoeReader

    # the shoe's calibration belongs to the real camera; the synthetic shoe is the reference
    cal = calibration.load(parts.calibration) if parts.camera and parts.calibration else None
    reader = await asyncio.to_thread(ShoeReader, cal)  # loads the glyph model: off the loop
    if parts.sim is not None:
        parts.sim.start(loop.camera, reader)
    elif parts.camera is not None:
        from controller.table.shoe import ShoeFeed, open_source

        parts.feed = ShoeFeed(open_source(parts.camera), loop.camera, reader).start()


def _stop_shoe(parts: Parts) -> None:
    if parts.sim is not None:
        parts.sim.close()
    if parts.feed is not None:
        with contextlib.suppress(Exception):
            parts.feed.stop()
