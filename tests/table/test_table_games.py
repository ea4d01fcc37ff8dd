"""Every playable game in the catalogue can be dealt at the live table: a random legal hand
of each (cards from the camera, the rest from the tablet) settles with every chip, and
leaves a hand record the log exports as PHH and as text (docs/hand-log.md)."""

from __future__ import annotations

import logging
import random

import pytest

from controller.engine import CardDealt
from controller.engine.randomplay import random_event
from controller.log.export import export
from controller.log.store import EventStore
from controller.table import commands as cmd
from controller.table.core import Table
from controller.variants.catalogue import GAMES

PLAYABLE = [g.id for g in GAMES if g.playable]


@pytest.mark.parametrize("game", PLAYABLE)
def test_a_hand_of_every_game_settles_and_exports(store: EventStore, game: str,
                                                  caplog: pytest.LogCaptureFixture) -> None:
    caplog.set_level(logging.ERROR)  # a hand record that cannot be built is logged
    t = Table(store)
    for c in (cmd.OpenSession("t"), cmd.SeatPlayer(1, "A", 100_000),
              cmd.SeatPlayer(2, "B", 100_000), cmd.SeatPlayer(3, "C", 100_000)):
        t.handle(c)
    rng = random.Random(game)
    t.handle(cmd.StartHand(game))
    while t.hand_live:
        assert t.state is not None
        event = random_event(t.state, rng)
        t.handle(cmd.CameraCard(event.card) if isinstance(event, CardDealt)
                 else cmd.TabletAction(event))  # type: ignore[arg-type]
    assert sum(s.stack for s in t.seats.values()) == 300_000
    assert t.log is not None
    phh = export(store, t.log.session, 1, "phh")
    text = export(store, t.log.session, 1, "text")
    assert "finishing_stacks" in phh and "Seat 1: A" in text
    assert not caplog.records
