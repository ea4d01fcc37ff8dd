"""Fixtures for the odds tests: hands dealt on a real :class:`Table` into a real SQLite
hand log (the replay reads what the table wrote), and a real uvicorn server."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
import uvicorn

from controller.api.local import LocalServer
from controller.cards import Card
from controller.engine import Act, PlayerAction, expected
from controller.log import open_store
from controller.table import commands as cmd
from controller.table.core import Table

PIN = "2468"


@dataclass
class Dealer:
    """Deals a hand on a real table: cards from ``shoe`` as camera reads; at each
    action the next scripted ``seat:action`` if it is that seat's turn, else check/call
    (bring-in when owed)."""

    table: Table

    def open(self, players: Sequence[str] = ("Ann", "Bo"), stack: int = 100) -> str:
        session = self.table.handle(cmd.OpenSession("Friday", "1", "1/2"))["session"]
        for seat, name in enumerate(players, start=1):
            self.table.handle(cmd.SeatPlayer(seat, name, stack))
        return str(session)

    def deal(self, game: str, shoe: str, script: Sequence[str] = (),
             finish: bool = True) -> int:
        hand = int(self.table.handle(cmd.StartHand(game))["hand"])
        self.resume(shoe, script, finish)
        return hand

    def resume(self, shoe: str, script: Sequence[str] = (), finish: bool = True) -> None:
        """Carry on dealing the hand in progress."""
        cards, plan = [Card(c) for c in shoe.split()], list(script)
        while self.table.state is not None and self.table.state.result is None:
            nxt = expected(self.table.state)
            if nxt.kind == "card":
                if not cards:
                    assert not finish, "the shoe ran out before the hand ended"
                    break
                self.table.handle(cmd.CameraCard(cards.pop(0)))
            elif nxt.kind == "action":
                self.table.handle(cmd.TabletAction(self._action(nxt, plan)))
            else:
                raise AssertionError(f"unscripted step {nxt.describe()}")

    @staticmethod
    def _action(nxt: Any, plan: list[str]) -> PlayerAction:
        if plan and int(plan[0].split(":")[0]) == nxt.seat:
            act = plan.pop(0).split(":")[1]
            return PlayerAction(nxt.seat, Act(act))
        legal = {a.action for a in nxt.legal}
        for act in (Act.CHECK, Act.CALL, Act.BRING_IN):
            if act in legal:
                return PlayerAction(nxt.seat, act)
        raise AssertionError(f"no passive action in {legal}")


@pytest.fixture
def dealer(tmp_path: Path) -> Iterator[Dealer]:
    store = open_store(tmp_path / "log.sqlite3")
    yield Dealer(Table(store))
    store.close()


@dataclass
class Served:
    url: str
    app: Any
    server: uvicorn.Server


@contextlib.contextmanager
def serving(app: Any) -> Iterator[Served]:
    """``app`` on a real uvicorn in a thread of this process, on a free loopback port."""
    with LocalServer(app) as local:
        assert local.server is not None
        yield Served(local.url, app, local.server)
