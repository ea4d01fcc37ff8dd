"""Issue 6 items 1 and 6: the table drives the LED display through the real host link
(pyserial on a pty) to the emulator running the real firmware; the link's state reaches
the dealer's tablet through the table's queue. DESIGN.md "the display is a projection"."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest

from controller.api import create_app
from controller.cards import Card
from firmware_bridge.emulator import Emulator

pytestmark = pytest.mark.anyio

PIN = "2468"
DEAL = ["As", "9c", "Ks", "9h", "7s", "5c"]  # seed 000 s05's first round


async def _until(check: Any, timeout: float = 5.0) -> None:
    async with asyncio.timeout(timeout):
        while not check():
            await asyncio.sleep(0.02)


async def test_the_led_display_follows_the_table(tmp_path: Path, make_tablet: Any) -> None:
    with Emulator(seed=6) as emu:
        # the app's lifespan opens the link on the emulator's tty (DESIGN.md practice 12)
        app = create_app(db=tmp_path / "log.sqlite3", pin=PIN, display_port=emu.tty)
        async with app.router.lifespan_context(app):
            loop = app.state.table_loop
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
                tablet = make_tablet(client)
                await tablet.login()
                await tablet.setup(players=2, button=2)
                await tablet.post("/api/hands", {})
                for c in DEAL:
                    await loop.camera_async(Card(c))
                await tablet.post("/api/hand/actions", {"seat": 1, "action": "bet"})

                def shows() -> bool:
                    texts = [" ".join(t.split()) for t in emu.module_texts()]
                    return texts[:4] == ["3", "1", "BET 98", "P2 99"]

                # antes 2 + Anna's bet 1, Ben has 1 to call (seed 000 s01); module 2 is
                # seat 1 (Anna: BET, 98 left), module 3 seat 2
                await _until(shows)
                view = await tablet.dealer()
                for _ in range(100):
                    view = await tablet.dealer()
                    if view["display"]["connected"]:
                        break
                    await asyncio.sleep(0.02)
                assert view["display"]["connected"] and view["display"]["attached"]
                resets = view["display"]["resets"]
                emu.reset()  # a brown-out: the board reboots blank; the link repaints it
                await _until(shows)
                for _ in range(200):
                    view = await tablet.dealer()
                    if view["display"]["resets"] > resets:
                        break
                    await asyncio.sleep(0.02)
                assert view["display"]["resets"] > resets


async def test_the_shoe_camera_opened_by_the_app_reaches_the_dealer(tmp_path: Path,
                                                                     make_tablet: Any) -> None:
    """``create_app(shoe=...)`` reads frames in the lifespan; a card with no hand being
    dealt is an irregularity on the dealer's view (issue 6 item 1)."""
    import cv2

    from vision.synthetic import SyntheticShoe

    folder = tmp_path / "frames"
    folder.mkdir()
    shoe = SyntheticShoe(seed=4, deck_style="jumbo")
    for n, _, frame in shoe.stream([Card("Qd")]):
        cv2.imwrite(str(folder / f"{n:05d}.png"), frame)
    app = create_app(db=tmp_path / "log.sqlite3", pin=PIN, shoe=f"folder:{folder}")
    async with app.router.lifespan_context(app):
        transport = httpx.ASGITransport(app=app)
        async with httpx.AsyncClient(transport=transport, base_url="http://t") as client:
            tablet = make_tablet(client)
            await tablet.login()
            for _ in range(500):
                view = await tablet.dealer()
                if view["irregularities"]:
                    break
                await asyncio.sleep(0.02)
            assert [(i["code"], i["card"]) for i in view["irregularities"]] == [
                ("card_not_expected", "Qd")]
