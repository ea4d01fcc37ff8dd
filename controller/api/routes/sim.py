"""Simulation: the synthetic shoe's "deal" button and the emulated LED display's picture.

Mounted by ``pitboss run`` when it runs without hardware (``app.state.sim`` holds the
:class:`~controller.sim.shoe.SimShoe`, ``app.state.emulator`` the display emulator):

* ``GET /api/sim``: whether simulation is on (the tablet shows its deal button);
* ``POST /api/sim/deal`` (dealer): the next card of the hand's seeded shuffled deck
  leaves the synthetic shoe as frames, the real shoe reader reads them and the table
  gets what it read, as from a camera; the reply says what was dealt and read;
* ``GET /api/sim/display``: what the emulated LED display shows, read back from its
  emulated chips (each module's text and the lamps), and ``/api/sim/display.png``.
"""

from __future__ import annotations

import asyncio
import tempfile
from pathlib import Path
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import Response

from controller.api.deps import DealerAuth, LoopDep
from controller.api.routes.common import ERRORS
from controller.sim.shoe import SimError, SimShoe, deal_next

__all__ = ["router"]

router = APIRouter(prefix="/api/sim", tags=["simulation"], responses=ERRORS)


def _sim(request: Request) -> SimShoe | None:
    return getattr(request.app.state, "sim", None)


def _emulator(request: Request) -> Any:
    emulator = getattr(request.app.state, "emulator", None)
    if emulator is None:
        raise SimError("no_emulator", "No display emulator is running: this table drives "
                       "a real LED display.")
    return emulator


@router.get("")
async def simulation(request: Request) -> dict[str, Any]:
    """Whether the table runs on simulated parts (the tablet then offers "deal")."""
    sim, emulator = _sim(request), getattr(request.app.state, "emulator", None)
    return {"simulation": sim is not None, "shoe": "synthetic" if sim is not None else
            "camera", "display": "emulator" if emulator is not None else "serial",
            "tty": getattr(emulator, "tty", None), "seed": getattr(sim, "seed", None),
            "dealt": getattr(sim, "dealt_total", 0)}


@router.post("/deal", dependencies=[DealerAuth])
async def deal(request: Request, loop: LoopDep) -> dict[str, Any]:
    """Deal the next card from the synthetic shoe through the real vision pipeline;
    waits until the table has handled what the reader reported."""
    sim = _sim(request)
    if sim is None:
        raise SimError("no_simulation", "This table reads a real shoe camera: deal the "
                       "card from the shoe.")
    result = await deal_next(loop, sim)
    return {**result.as_dict(), "version": await loop.call(lambda t: t.version)}


@router.get("/display")
async def display(request: Request) -> dict[str, Any]:
    """The emulated LED display as its chips show it: module labels and texts, lamps."""
    emu = _emulator(request)
    texts, labels = emu.module_texts(), emu.labels()
    return {"tty": emu.tty, "boot_id": emu.boot_id,
            "modules": [{"label": label, "text": " ".join(text.split())}
                        for label, text in zip(labels, texts, strict=True)],
            "lamps": [list(rgb) for rgb in emu.lamps()], "text": emu.text()}


@router.get("/display.png", response_class=Response)
async def display_png(request: Request) -> Response:
    """A picture of the emulated LED display (PNG)."""
    emu = _emulator(request)
    with tempfile.TemporaryDirectory() as folder:
        path = await asyncio.to_thread(emu.png, Path(folder) / "display.png")
        return Response(path.read_bytes(), media_type="image/png")
