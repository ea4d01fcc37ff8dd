"""Fixtures for the live-table tests: a Table on a real SQLite hand log."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from controller.cards import Card
from controller.engine import event_from_dict
from controller.log import open_store
from controller.log.store import EventStore
from controller.table import commands as cmd
from controller.table.core import Table

SCENARIOS = Path(__file__).parents[1] / "scenarios"


@pytest.fixture
def store(tmp_path: Path) -> Iterator[EventStore]:
    with open_store(tmp_path / "log.sqlite3") as s:
        yield s


@pytest.fixture
def table(store: EventStore) -> Table:
    """A table with a session open and Anna (seat 1) and Ben (seat 2) seated, button on 2."""
    t = Table(store)
    for c in (cmd.OpenSession("Friday", "0.25", "1/2"), cmd.SeatPlayer(1, "Anna", 100),
              cmd.SeatPlayer(2, "Ben", 100), cmd.MoveButton(2)):
        t.handle(c)
    return t


@pytest.fixture
def anna_vs_ben() -> dict[str, Any]:
    """Seed 000 section 05's worked example as a scenario (tests/scenarios)."""
    return json.loads((SCENARIOS / "asf_anna_vs_ben.json").read_text())


def command_for(raw: dict[str, Any]) -> cmd.Command:
    """A scenario event as the table receives it: cards from the camera, the rest from
    the tablet."""
    if "card" in raw and "correction" not in raw:
        return cmd.CameraCard(Card(raw["card"]))
    return cmd.TabletAction(event_from_dict(raw))  # type: ignore[arg-type]


@pytest.fixture
def feed() -> Callable[[Table, list[dict[str, Any]]], list[dict[str, Any]]]:
    def run(t: Table, events: list[dict[str, Any]]) -> list[dict[str, Any]]:
        return [t.handle(command_for(raw)) for raw in events]
    return run
