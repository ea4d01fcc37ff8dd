"""SIGKILL of the real controller (issue 7 "Done when" 1; DESIGN.md "log first").

``pitboss serve`` runs as a subprocess on the hand log (SQLite, and a real
PostgreSQL); a dealer client plays Aces, Straights and Flushes hands through the
HTTP API (cards entered at the tablet, random legal actions) and the process is
killed with SIGKILL at random points, half the time with a request in flight.
After every restart the table must show exactly the state of the last
acknowledged request (or, when a request was in flight, the state one event on),
chips must add up to the buy-ins, and play carries on from there. At the end
every hand in the log is complete and the stacks are what the last view said.
"""

from __future__ import annotations

import contextlib
import os
import random
import signal
import socket
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx

from controller.cards import DECK_52
from controller.log.store import open_store

PIN = "2468"
PLAYERS = 3
BUY_IN = 100
HANDS = 6
ROOT = Path(__file__).resolve().parents[2]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextlib.contextmanager
def _controller(db: str, tmp: Path) -> Iterator[tuple[subprocess.Popen[bytes], httpx.Client]]:
    port = _free_port()
    env = dict(os.environ, XDG_DATA_HOME=str(tmp / "data"), PYTHONPATH=str(ROOT))
    proc = subprocess.Popen(
        [sys.executable, "-m", "controller.cli", "serve", "--db", db, "--port", str(port),
         "--pin", PIN], env=env, cwd=ROOT, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    client = httpx.Client(base_url=f"http://127.0.0.1:{port}", timeout=10)
    try:
        deadline = time.monotonic() + 30
        while True:
            assert proc.poll() is None, proc.stderr.read().decode() if proc.stderr else ""
            with contextlib.suppress(httpx.TransportError):
                if client.get("/openapi.json").status_code == 200:
                    break
            assert time.monotonic() < deadline, "the controller did not come up"
            time.sleep(0.05)
        token = client.post("/api/auth/token", json={"pin": PIN}).json()["token"]
        client.headers["Authorization"] = f"Bearer {token}"
        yield proc, client
    finally:
        client.close()
        if proc.poll() is None:
            proc.kill()
        proc.wait(10)
        if proc.stderr:
            proc.stderr.close()


def _picture(client: httpx.Client) -> dict[str, Any]:
    """What must survive a crash: the seats and the hand (not the feed or versions)."""
    view = client.get("/api/state/dealer").json()
    return {"seats": view.get("seats"), "hand": view.get("hand")}


def _chips(picture: dict[str, Any]) -> int:
    hand = picture["hand"]
    if not hand or hand.get("status") == "complete":
        return sum(int(s["stack"]) for s in picture["seats"] or [])
    return sum(int(p["stack"]) for p in hand["players"]) + int(hand["pot_total"])


def _next_request(picture: dict[str, Any], rng: random.Random,
                  shoe: list[str]) -> tuple[str, dict[str, Any]]:
    hand = picture["hand"]
    if not hand or hand.get("status") == "complete":
        return "/api/hands", {}
    nxt = hand["next"]
    if nxt["kind"] == "card":
        dealt = {str(c) for p in hand["players"] for c in p["up"] + p["down"]}
        card = next(c for c in shoe if c not in dealt)
        return "/api/hand/cards", {"card": card}
    legal = nxt["legal"]
    choice = rng.choices(legal, [1 if a["action"] == "fold" else 4 for a in legal])[0]
    body: dict[str, Any] = {"seat": nxt["seat"], "action": choice["action"]}
    if choice.get("amounts"):
        body["amount"] = choice["amounts"][0]
    return "/api/hand/actions", body


def test_sigkill_of_the_real_controller_loses_no_acknowledged_event(
        db_url: str, tmp_path: Path) -> None:
    rng = random.Random(2026)
    shoe = [str(c) for c in DECK_52]
    rng.shuffle(shoe)
    last: dict[str, Any] | None = None
    in_flight = False
    hands_started = kills = 0
    while True:
        with _controller(db_url, tmp_path) as (proc, client):
            picture = _picture(client)
            if last is None:
                client.post("/api/session", json={"table": "Kill", "chip_unit": "1",
                                                  "stakes": "1/2"}).raise_for_status()
                for seat in range(1, PLAYERS + 1):
                    client.post("/api/seats", json={"seat": seat, "name": f"P{seat}",
                                                    "buy_in": BUY_IN}).raise_for_status()
                picture = _picture(client)
            elif not in_flight:
                assert picture == last, "an acknowledged event was lost in the crash"
            assert _chips(picture) == PLAYERS * BUY_IN
            last, in_flight = picture, False
            steps = rng.randint(2, 30)
            for _ in range(steps):
                path, body = _next_request(last, rng, shoe)
                if path == "/api/hands":
                    if hands_started == HANDS:
                        break
                    hands_started += 1
                    rng.shuffle(shoe)
                r = client.post(path, json=body)
                assert r.status_code == 200, r.text
                last = _picture(client)
                assert _chips(last) == PLAYERS * BUY_IN
            else:
                in_flight = rng.random() < 0.5
                if in_flight:  # the kill lands while a request is being handled
                    path, body = _next_request(last, rng, shoe)
                    threading.Thread(target=_fire, args=(client, path, body),
                                     daemon=True).start()
                    time.sleep(rng.uniform(0, 0.01))
                os.kill(proc.pid, signal.SIGKILL)
                proc.wait(10)
                kills += 1
                continue
            break
    assert kills >= 3
    with open_store(db_url) as store:
        sessions = store.sessions()
        assert len(sessions) == 1
        started = store.events_of_kind("hand_start", sessions[0])
        ended = store.events_of_kind("hand_end", sessions[0])
    assert len(started) == HANDS
    assert sorted(e.hand for e in ended) == sorted(e.hand for e in started), \
        "a hand in the log never finished"


def _fire(client: httpx.Client, path: str, body: dict[str, Any]) -> None:
    with contextlib.suppress(httpx.HTTPError, RuntimeError):
        client.post(path, json=body)
