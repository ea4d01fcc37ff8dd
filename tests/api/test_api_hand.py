"""Issue 6 "Done when": a whole hand of Aces, Straights and Flushes through real HTTP
(httpx against the app, and against uvicorn on a loopback port: the ``tablet`` fixture
runs every API test on both), driven only by card events and tablet actions."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.anyio

SCENARIO = Path(__file__).parents[1] / "scenarios" / "asf_anna_vs_ben.json"


async def test_seed000_s05_anna_beats_ben_through_the_api(tablet: Any) -> None:
    """Seed 000 s05 worked example: Anna's A-K-Q-J-7 bug flush beats Ben's two pair."""
    sc = json.loads(SCENARIO.read_text())
    await tablet.setup(players=2, button=2)
    started = await tablet.post("/api/hands", {})
    assert started["result"]["game"] == "aces-straights-flushes"
    for raw in sc["events"]:
        if "card" in raw:
            reply = await tablet.camera(raw["card"])
            assert "irregularity" not in reply
        else:
            await tablet.post("/api/hand/actions", raw)
    public = await tablet.call("GET", "/api/state", headers={})
    hand = public["hand"]
    assert hand["status"] == "complete" and hand["result"]["winners"] == [1]
    assert hand["result"]["payouts"] == {"1": 28}
    assert [h["hand"] for h in hand["result"]["hands"]] == ["flush, ace high",
                                                             "two pair, nines and fives"]
    assert hand["centre"] == ["Jk"]  # seed 000 s01: the joker exposed in the centre
    assert [s["stack"] for s in public["seats"]] == [114, 86]
    assert public["button"] == 1


async def test_random_hands_keep_every_chip(tablet: Any, make_driver: Any) -> None:
    """Several whole ASF hands (3 players) of random legal taps: chips add up after each."""
    import random

    await tablet.setup(players=3)
    driver = make_driver(tablet, random.Random(11))
    for _ in range(4):
        view = await driver.play_hand()
        assert sum(s["stack"] for s in view["seats"]) == 300
        assert view["hand"]["result"]["reason"] in ("showdown", "uncontested")
    assert (await tablet.dealer())["hand_no"] == 4
