"""Games of every shape through the API (issue 6 item 4: REST for every command): random
legal hands where cards come from the camera and everything else is a tablet request:
bring-ins (razz), draws (the bug, seed 002), declarations and exchanges (seed 004),
board cards turned over (3-30). tests/table/test_table_games.py deals every game."""

from __future__ import annotations

import random
from typing import Any

import pytest

from controller.engine import CardDealt, event_to_dict
from controller.engine.events import BoardTurn
from controller.engine.randomplay import random_event
from controller.variants.catalogue import find_game

pytestmark = pytest.mark.anyio

SHAPES = ["aces-straights-flushes", "razz", "five-card-draw-bug", "three-thirty",
          "acey-deucey", "judge-getz"]


async def test_a_hand_of_every_game_through_the_api(tablet: Any) -> None:
    await tablet.setup(players=3, stack=100_000)
    for n, game in enumerate(SHAPES, start=1):
        rng = random.Random(game)
        started = await tablet.post("/api/hands", {"game": game})
        assert started["result"]["game"] == find_game(game).id
        while True:
            state = await tablet.in_table(lambda t: t.state)
            if state.result is not None:
                break
            event = random_event(state, rng)
            if isinstance(event, CardDealt):
                await tablet.camera(str(event.card))
            elif isinstance(event, BoardTurn):
                await tablet.post("/api/hand/turn", {"slot": event.slot})
            else:
                await tablet.post("/api/hand/actions", event_to_dict(event))
        view = await tablet.dealer()
        assert view["hand_no"] == n and view["hand"]["status"] == "complete"
        assert sum(s["stack"] for s in view["seats"]) == 300_000
