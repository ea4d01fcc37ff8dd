"""The single writer (issue 6 items 1 and 6): commands from several sources reach the
table through one queue; each accepted one is logged before any subscriber or the
display sees it; a refusal changes nothing and broadcasts nothing."""

from __future__ import annotations

import asyncio
import json
import threading
from collections.abc import AsyncIterator
from pathlib import Path
from typing import Any

import pytest

from controller.cards import Card
from controller.engine import Act, PlayerAction
from controller.errors import RuleViolation
from controller.log import open_store
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.loop import DEALER, PUBLIC, SEAT, TableLoop
from firmware_bridge.display import DisplayState

pytestmark = pytest.mark.anyio


@pytest.fixture
def anyio_backend() -> str:
    return "asyncio"


class RecordingDisplay:
    """A display sink that also checks the log already holds what it is shown."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.pictures: list[tuple[DisplayState, int]] = []

    def update(self, state: DisplayState) -> None:
        self.pictures.append((state, self.table.store.count()))


@pytest.fixture
async def loop(tmp_path: Path) -> AsyncIterator[TableLoop]:
    with open_store(tmp_path / "log.sqlite3") as store:
        table = Table(store)
        running = TableLoop(table, RecordingDisplay(table))
        await running.start()
        for c in (cmd.OpenSession("t"), cmd.SeatPlayer(1, "Anna", 100),
                  cmd.SeatPlayer(2, "Ben", 100), cmd.MoveButton(2), cmd.StartHand()):
            await running.submit(c)
        yield running
        await running.stop()


def _drain(q: asyncio.Queue[str]) -> list[dict[str, Any]]:
    out = []
    while not q.empty():
        out.append(json.loads(q.get_nowait()))
    return out


async def test_every_audience_gets_the_change_in_the_same_turn(loop: TableLoop) -> None:
    public = await loop.subscribe(PUBLIC)
    dealer = await loop.subscribe(DEALER)
    seat1 = await loop.subscribe(SEAT, 1)
    seat2 = await loop.subscribe(SEAT, 2)
    for q in (public, dealer, seat1, seat2):
        assert len(_drain(q.queue)) == 1  # the current picture first
    await loop.camera_async(Card("As"))  # seat 1's first down card
    msgs = {name: _drain(s.queue) for name, s in
            (("public", public), ("dealer", dealer), ("seat1", seat1), ("seat2", seat2))}
    assert all(len(m) == 1 for m in msgs.values())  # delivered before submit returned
    assert '"As"' in json.dumps(msgs["dealer"]) and '"As"' in json.dumps(msgs["seat1"])
    assert '"As"' not in json.dumps(msgs["public"]) and '"As"' not in json.dumps(msgs["seat2"])


async def test_a_refusal_broadcasts_nothing(loop: TableLoop) -> None:
    public = await loop.subscribe(PUBLIC)
    _drain(public.queue)
    turns = loop.turns
    with pytest.raises(RuleViolation) as err:
        await loop.submit(cmd.TabletAction(PlayerAction(1, Act.BET)))
    assert err.value.code == "card_expected"
    assert public.queue.empty() and loop.turns == turns


async def test_camera_thread_and_tablet_are_serialised_in_arrival_order(
        loop: TableLoop) -> None:
    """Cards from the shoe's own thread and commands from HTTP share one queue."""
    cards = ["As", "9c", "Ks", "9h", "7s", "5c"]

    def shoe() -> None:
        for c in cards:
            loop.camera(Card(c))

    t = threading.Thread(target=shoe)
    t.start()
    t.join()
    await asyncio.sleep(0)  # the thread's hand-offs reach the queue on the loop's next pass
    await loop.submit(cmd.TabletAction(PlayerAction(1, Act.BET)))  # queued after the cards
    state = loop.table.state
    assert state is not None and state.players[0].bet == 1
    assert [str(c) for c in state.players[0].cards] == ["As", "Ks", "7s"]


async def test_display_is_shown_only_what_is_already_logged(loop: TableLoop) -> None:
    display = loop.display
    assert isinstance(display, RecordingDisplay)
    for c in ["As", "9c", "Ks", "9h", "7s", "5c"]:
        await loop.camera_async(Card(c))
    await loop.submit(cmd.TabletAction(PlayerAction(1, Act.BET)))
    picture, logged = display.pictures[-1]
    assert logged == loop.table.store.count()
    assert picture.pot == 3 and picture.seat_to_act == 2 and picture.to_call == 1
    assert picture.seats[1].action == "BET"


async def test_a_slow_subscriber_keeps_only_the_newest_pictures(loop: TableLoop) -> None:
    slow = await loop.subscribe(PUBLIC)
    for c in ["As", "9c", "Ks", "9h", "7s", "5c"]:
        await loop.camera_async(Card(c))
    for _ in range(30):
        await loop.submit(cmd.Pause())
        await loop.submit(cmd.Resume())
    msgs = _drain(slow.queue)
    versions = [m["version"] for m in msgs]
    assert versions == sorted(versions) and versions[-1] == loop.table.version
    assert slow.dropped > 0


async def test_a_turn_renders_only_the_pictures_someone_watches(tmp_path: Path) -> None:
    """Issue 6 item 6 (latency): each watched picture is rendered once per turn and shared
    by its subscribers; nobody watching the dealer's or seat 2's picture, it is not made."""
    with open_store(tmp_path / "log.sqlite3") as store:
        loop = TableLoop(Table(store))
        await loop.start()
        screens = [await loop.subscribe(PUBLIC) for _ in range(3)]
        phone = await loop.subscribe(SEAT, 1)
        for c in (cmd.OpenSession("Friday"), cmd.SeatPlayer(1, "Anna", 100)):
            await loop.submit(c)
        reply, rendered = await loop.call(
            lambda t: loop._turn(cmd.SeatPlayer(2, "Ben", 100), loop._watched()))
        assert set(rendered) == {(PUBLIC, 0), (SEAT, 1)}
        assert json.loads(rendered[(SEAT, 1)][1])["view"]["you"] == 1
        assert rendered[(PUBLIC, 0)][0] == reply["version"]
        loop._publish(rendered)
        newest = [[s.queue.get_nowait() for _ in range(s.queue.qsize())][-1] for s in screens]
        assert all(t is rendered[(PUBLIC, 0)][1] for t in newest)  # one JSON text for all
        assert phone.version == reply["version"]
        await loop.stop()
