"""Issue 6 item 1 with the real shoe reader: synthetic shoe frames (vision.synthetic) read
by vision.reader.ShoeReader in the feed's own thread, the table's queue, the engine. A
whole hand of Aces, Straights and Flushes (seed 000 s05) driven only by camera frames and
tablet actions; a card dealt during betting becomes an irregularity."""

from __future__ import annotations

import asyncio
import json
import queue
from collections.abc import AsyncIterator, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.cards import Card
from controller.engine import event_from_dict
from controller.log import open_store
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.irregular import TableError
from controller.table.loop import TableLoop
from controller.table.shoe import ShoeFeed, parse_source
from vision.synthetic import SyntheticShoe

pytestmark = pytest.mark.anyio

STOP = None


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class LiveShoe:
    """Frames appear only when the dealer pulls a card, like a real shoe's camera."""

    def __init__(self) -> None:
        self.render = SyntheticShoe(seed=5, deck_style="jumbo")
        self.pulls: queue.Queue[Card | None] = queue.Queue()

    def frames(self) -> Iterator[tuple[int, float, Any]]:
        while (card := self.pulls.get()) is not STOP:
            yield from self.render.number(self.render.deal(card))


@pytest.fixture
async def table_loop(tmp_path: Path) -> AsyncIterator[TableLoop]:
    with open_store(tmp_path / "log.sqlite3") as store:
        loop = TableLoop(Table(store))
        await loop.start()
        for c in (cmd.OpenSession("t"), cmd.SeatPlayer(1, "Anna", 100),
                  cmd.SeatPlayer(2, "Ben", 100), cmd.MoveButton(2), cmd.StartHand()):
            await loop.submit(c)
        yield loop
        await loop.stop()


async def _until_seen(loop: TableLoop, feed: ShoeFeed, count: int) -> None:
    """Until the reader has reported ``count`` cards and the table has handled them."""
    async with asyncio.timeout(30):
        while feed.events < count:
            await asyncio.sleep(0.01)
    await loop.barrier()


async def test_seed000_s05_dealt_through_the_shoe_reader(table_loop: TableLoop,
                                                         tmp_path: Path) -> None:
    sc = json.loads((Path(__file__).parents[1] / "scenarios" /
                     "asf_anna_vs_ben.json").read_text())
    shoe = LiveShoe()
    feed = ShoeFeed(shoe.frames(), table_loop.camera).start()
    seen = 0
    try:
        for raw in sc["events"]:
            if "card" in raw:
                shoe.pulls.put(Card(raw["card"]))
                seen += 1
                await _until_seen(table_loop, feed, seen)
            else:
                await table_loop.submit(cmd.TabletAction(event_from_dict(raw)))  # type: ignore[arg-type]
        shoe.pulls.put(Card("2h"))  # one more card after the hand: not applied
        await _until_seen(table_loop, feed, seen + 1)
    finally:
        shoe.pulls.put(STOP)
        feed.join(10)
    table = table_loop.table
    assert table.state is not None and table.state.result is not None
    assert table.state.result.winners == (1,)
    assert {s: x.stack for s, x in table.seats.items()} == {1: 114, 2: 86}
    assert [i.code for i in table.irregularities] == ["card_not_expected"]
    assert feed.error == ""


def test_shoe_source_specs_are_checked() -> None:
    assert parse_source("folder:/x") == ("folder", "/x")
    with pytest.raises(TableError) as err:
        parse_source("webcam")
    assert err.value.code == "bad_source"
