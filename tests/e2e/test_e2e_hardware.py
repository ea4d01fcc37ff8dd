"""Issue 9 item 1, the real-hardware path: ``--camera PATH`` and ``--serial PORT`` swap in
the real parts with one flag each. The camera is a folder of frames (what a camera
recorded: the synthetic shoe's frames saved as PNG), read by the same shoe reader; the
board is the display emulator on its own pty, as a USB board would be on /dev/ttyACM0,
and nothing else (no emulator of pitboss's own, no deal button)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import cv2
import httpx
import pytest

from controller.api import create_app
from controller.cards import Card
from controller.config import TableConfig
from controller.log import open_store
from controller.sim.evening import fast_shoe
from controller.sim.wiring import build_parts, install
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.display import display_state
from firmware_bridge.display import Layout, render
from firmware_bridge.emulator import Emulator
from vision.synthetic import SyntheticShoe

PIN = "2468"
THIRD_STREET = ["Kc", "4h", "9s", "Td", "7c", "Ah"]  # two down, one up, for two seats


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


def _record(folder: Path, cards: list[str]) -> None:
    """What a camera would have recorded while these cards were dealt."""
    shoe = SyntheticShoe(seed=11, deck_style="jumbo", degrade=fast_shoe())
    folder.mkdir()
    for frame_no, _, frame in shoe.stream([Card(c) for c in cards]):
        # JPEG, as many USB cameras send their frames (MJPEG)
        cv2.imwrite(str(folder / f"{frame_no:05d}.jpg"), frame, [cv2.IMWRITE_JPEG_QUALITY, 92])


def _deal_a_hand_to_be_resumed(db: Path) -> None:
    with open_store(db) as store:
        table = Table(store)
        for c in (cmd.OpenSession("Friday"), cmd.SeatPlayer(1, "Anna", 100),
                  cmd.SeatPlayer(2, "Ben", 100), cmd.MoveButton(2),
                  cmd.StartHand("seven-card-stud")):
            table.handle(c)


@pytest.mark.anyio
async def test_camera_and_serial_flags_drive_the_real_parts(tmp_path: Path) -> None:
    db = tmp_path / "log.sqlite3"
    _record(tmp_path / "frames", THIRD_STREET)
    _deal_a_hand_to_be_resumed(db)
    with Emulator(seed=4) as board:
        parts = build_parts(TableConfig(camera=str(tmp_path / "frames"), serial=board.tty,
                                        db=str(db)))
        try:
            assert parts.emulator is None and parts.sim is None
            assert parts.camera == f"folder:{tmp_path / 'frames'}"
            assert parts.describe()[1] == f"display: LED display on {board.tty}"
            app = install(create_app(db=db, pin=PIN, display=parts.display,
                                     display_status=parts.link.status), parts)
            async with app.router.lifespan_context(app):
                loop = app.state.table_loop
                async with asyncio.timeout(60):
                    while await loop.call(lambda t: len(t.state.log)) < len(THIRD_STREET):
                        await asyncio.sleep(0.05)
                dealt = await loop.call(lambda t: [str(e.card) for e in t.state.log])
                transport = httpx.ASGITransport(app=app)
                async with httpx.AsyncClient(transport=transport, base_url="http://t") as c:
                    assert (await c.get("/api/sim")).json()["simulation"] is False
                wanted = await loop.call(lambda t: _wanted_texts(t, parts.display.layout))
                for _ in range(200):
                    if _shown(board) == wanted:
                        break
                    await asyncio.sleep(0.05)
                assert _shown(board) == wanted, (parts.link.status(), _shown(board), wanted)
        finally:
            parts.close()
    assert dealt == THIRD_STREET  # read from the frames, in the order they left the shoe
    # the board shows the table after the deal: the antes in the pot, each seat's stack
    assert wanted[0] != "0" and wanted[2].endswith("99") and wanted[3].endswith("99"), wanted


def _wanted_texts(table: Table, layout: Layout) -> list[str]:
    picture = render(display_state(table), layout)
    return [" ".join(picture[("digits", m)].text.split()).upper() for m in range(layout.modules)]


def _shown(board: Emulator) -> list[str]:
    # seven segments cannot tell every lower case letter from its capital ("AnnA")
    return [" ".join(t.split()).upper() for t in board.module_texts()]
