"""Issue 9, "Done when" 1: ``pitboss run`` as a subprocess with nothing plugged in deals a
whole hand: frames in, chips and LEDs out.

The test is the tablet: it logs in with the PIN ``pitboss run`` printed, opens the
evening, seats two players and deals Five Card Draw (seed 002) by pressing the
simulated shoe's deal button (``POST /api/sim/deal``: the synthetic shoe renders the
card as frames, the real shoe reader reads them, the table gets what it read). It
then checks the three outputs DESIGN.md names:

* the LED display, read back from the emulated chips of the real firmware that the
  server drives over real pyserial on a pty (``GET /api/sim/display``): the pot
  module shows the winner, the winner's lamp blinks, each seat shows its final stack;
* the table screen's stream (``/ws/table``): the final pot and the winner;
* the hand log (the SQLite file in the XDG data folder): every card the shoe dealt,
  in order, every action the dealer entered, and the hand's start and end.
"""

from __future__ import annotations

import json
import threading
import time
from typing import Any

import pytest
from websockets.sync.client import connect

from controller.log import open_store

WINNER_LAMP = [48, 32, 0]  # firmware_bridge.display.COLOURS["winner"]


class Stream:
    """The table screen's WebSocket, read in a thread (every picture kept)."""

    def __init__(self, ws: Any) -> None:
        self.ws = ws
        self.pictures: list[dict[str, Any]] = []
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        try:
            for text in self.ws:
                self.pictures.append(json.loads(text))
        except Exception:  # closed at the end of the test
            return

    def wait_for(self, check: Any, timeout: float = 10.0) -> dict[str, Any]:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for picture in reversed(self.pictures):
                if check(picture["view"]):
                    return picture
            time.sleep(0.05)
        raise AssertionError(f"no such picture on /ws/table; last: {self.pictures[-1:]}")


def _tap(next_: dict[str, Any], view: dict[str, Any]) -> dict[str, Any]:
    """The dealer's tap: seat 1 throws away one card at the draw; otherwise check or call."""
    seat = next_["seat"]
    if next_["kind"] == "draw":
        if seat == 1:
            held = next(p for p in view["hand"]["players"] if p["seat"] == seat)["down"]
            return {"seat": seat, "action": "draw", "discard": [held[0]]}
        return {"seat": seat, "action": "stand-pat"}
    words = [a["action"] for a in next_["legal"]]
    return {"seat": seat, "action": "check" if "check" in words else "call"}


def _led(run: Any, want: Any, timeout: float = 10.0) -> dict[str, Any]:
    deadline = time.monotonic() + timeout
    while True:
        shown = run.call("GET", "/api/sim/display")
        if want(shown) or time.monotonic() > deadline:
            return shown  # type: ignore[no-any-return]
        time.sleep(0.05)


@pytest.mark.slow
def test_run_deals_a_hand_from_frames_to_leds_screen_and_log(pitboss_run: Any) -> None:
    """Issue 9: a whole Five Card Draw hand (seed 002) through `pitboss run`."""
    run = pitboss_run
    assert any("emulator on /dev/" in line for line in run.banner), run.banner
    assert run.http.get("/api/sim").json()["simulation"] is True
    run.token = run.post("/api/auth/token", {"pin": run.pin})["token"]
    run.post("/api/session", {"table": "e2e", "chip_unit": "1", "stakes": "2/4"})
    for seat, name in ((1, "Anna"), (2, "Ben")):
        run.post("/api/seats", {"seat": seat, "name": name, "buy_in": 100})
    run.post("/api/games", {"games": ["five-card-draw"]})
    with connect(run.url.replace("http://", "ws://") + "/ws/table") as ws:
        _deal_and_check(run, Stream(ws))


def _deal_and_check(run: Any, stream: Stream) -> None:
    run.post("/api/hands", {})

    dealt: list[str] = []
    taps: list[dict[str, Any]] = []
    for _ in range(60):
        view = run.dealer()
        next_ = view["hand"]["next"]
        if view["hand"]["status"] == "complete":
            break
        if next_["kind"] == "card":
            out = run.post("/api/sim/deal")
            assert out["read"] == out["card"], out  # the reader read what left the shoe
            assert out["frames"] > 5
            dealt.append(out["card"])
        else:
            taps.append(_tap(next_, view))
            run.post("/api/hand/actions", taps[-1])
    final = run.dealer()
    hand = final["hand"]
    assert hand["status"] == "complete" and hand["result"]["reason"] == "showdown"
    assert len(dealt) == 11  # five each, then one card for the one seat 1 threw away
    winners = hand["result"]["winners"]
    pot = sum(p["amount"] for p in hand["pots"])
    stacks = {s["seat"]: s["stack"] for s in final["seats"]}
    assert sum(stacks.values()) == 200  # no chip lost
    assert pot > 0 and all(stacks[w] > 100 for w in winners)

    # the LED display, as the emulated chips show it
    win_text = "WIN " + " ".join(str(w) for w in winners)
    # one frame per module: the winner's module may show before the seats' stacks do
    shown = _led(run, lambda d: d["modules"][0]["text"] == win_text and all(
        d["modules"][seat + 1]["text"].endswith(str(stack)) for seat, stack in stacks.items()))
    texts = [m["text"] for m in shown["modules"]]
    assert texts[0] == win_text, shown["text"]
    for seat, stack in stacks.items():
        assert texts[seat + 1].endswith(str(stack)), (seat, texts)
    # the winner's lamp blinks in the winner's colour: catch it in its lit phase
    lit = _led(run, lambda d: all(d["lamps"][2 * (w - 1)] == WINNER_LAMP for w in winners))
    assert all(lit["lamps"][2 * (w - 1)] == WINNER_LAMP for w in winners), lit["lamps"]
    png = run.http.get("/api/sim/display.png")
    assert png.status_code == 200 and png.content.startswith(b"\x89PNG")

    # the table screen's stream
    picture = stream.wait_for(lambda v: v["hand"] and v["hand"]["status"] == "complete")
    screen = picture["view"]["hand"]
    assert screen["result"]["winners"] == winners
    assert sum(p["amount"] for p in screen["pots"]) == pot

    # the hand log holds every event, in order
    with open_store(run.data / "pitboss" / "pitboss.sqlite3") as store:
        session = final["session"]["id"]
        events = store.events(session, final["hand_no"])
    kinds = [e.kind for e in events]
    assert kinds[0] == "hand_start" and kinds[-1] == "hand_end", kinds
    logged_cards = [e.payload["card"] for e in events if "card" in e.payload]
    assert logged_cards == dealt
    assert all(e.source == "camera" for e in events if "card" in e.payload)
    logged_taps = [e for e in events if e.source == "tablet" and "card" not in e.payload
                   and e.kind not in ("hand_start", "hand_end")]
    assert len(logged_taps) == len(taps), [e.payload for e in logged_taps]
    assert [e.seq for e in events] == list(range(1, len(events) + 1))
