"""Live table API speed: action-to-broadcast latency with 20 WebSocket clients, and
sustained actions per second.

Starts ``pitboss serve`` (uvicorn) in its own process on a loopback port with a
fresh SQLite hand log (every event fsynced before it is shown), connects 20
WebSocket clients (the dealer's tablet, 2 player phones, 17 table screens),
then plays Aces, Straights and Flushes hands: cards as shoe readings
(``POST /api/shoe``) and check/call actions (``POST /api/hand/actions``).

* **latency**: from sending a command to the moment the *last* of the 20
  clients has received the picture it produced (median, p99, max); also the
  first client, and the HTTP reply alone.
* **sustained**: commands back to back for ``--seconds``; actions per second
  with every one logged and broadcast to all 20 clients.
* **server CPU per command**: the server process's user + system time over the
  latency run, per command (the machine is shared: this moves far less with load).
* **table turn alone**: the same commands straight into a ``TableLoop`` in this
  process with 20 subscriber queues (check, fsynced log append, apply, render,
  fan-out; no HTTP, no sockets), to separate the table's cost from the
  network's and the machine's.

    .venv/bin/python benchmarks/bench_api.py [--commands 400] [--seconds 5] [--db PATH]

Target (issue 6): p99 under 20 ms.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

from controller.cards import DECK_52
from controller.engine import event_from_dict
from controller.log import open_store
from controller.table import commands as cmd
from controller.table.core import Table as LiveTable
from controller.table.loop import TableLoop

PIN = "8642"
CLIENTS = 20


class Client:
    """One WebSocket client noting when each version arrives."""

    def __init__(self, ws: ClientConnection, news: asyncio.Event) -> None:
        self.ws, self.news = ws, news
        self.arrived: dict[int, float] = {}
        self.latest = -1
        self.task = asyncio.create_task(self._run())

    async def _run(self) -> None:
        try:
            async for text in self.ws:
                version = json.loads(text)["version"]
                self.arrived[version] = time.perf_counter()
                self.latest = max(self.latest, version)
                self.news.set()
        except Exception:
            pass


class Table:
    """The dealer's side: HTTP client, the shoe, a check/call policy."""

    def __init__(self, http: httpx.AsyncClient, token: str) -> None:
        self.http, self.auth = http, {"Authorization": f"Bearer {token}"}
        self.rng = random.Random(6)
        self.shoe: list[str] = []
        self.next: dict[str, Any] = {"kind": "complete"}

    async def post(self, path: str, body: dict[str, Any] | None = None) -> dict[str, Any]:
        r = await self.http.post(path, json=body or {}, headers=self.auth)
        if r.status_code != 200:
            raise RuntimeError(f"{path}: {r.status_code} {r.text}")
        return r.json()  # type: ignore[no-any-return]

    async def command(self) -> int:
        """Send the next command of the game; return the version it produced."""
        nxt = self.next
        if nxt["kind"] == "complete":
            deck = [str(c) for c in DECK_52]
            self.rng.shuffle(deck)
            self.shoe = deck
            out = await self.post("/api/hands")
        elif nxt["kind"] == "card":
            out = await self.post("/api/shoe", {"card": self.shoe.pop()})
        else:
            legal = [a["action"] for a in nxt["legal"]]
            action = "check" if "check" in legal else "call"
            out = await self.post("/api/hand/actions", {"seat": nxt["seat"], "action": action})
        self.next = out["result"]["next"]
        return int(out["result"]["version"])


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _cpu_seconds(pid: int) -> float:
    """CPU time the server process has used (user + system), from /proc: unlike latency,
    it barely moves with the load other programs put on the machine."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def _start_server(port: int, db: Path) -> subprocess.Popen[bytes]:
    cmd = [sys.executable, "-m", "controller.cli", "serve", "--port", str(port),
           "--pin", PIN, "--db", str(db)]
    return subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                            cwd=Path(__file__).resolve().parents[1])


async def _wait_up(url: str) -> None:
    async with httpx.AsyncClient(base_url=url) as http:
        for _ in range(200):
            try:
                await http.get("/api/state")
                return
            except httpx.TransportError:
                await asyncio.sleep(0.05)
    raise RuntimeError("the server did not start")


async def _setup(url: str, http: httpx.AsyncClient) -> tuple[Table, list[str]]:
    token = (await http.post("/api/auth/token", json={"pin": PIN})).json()["token"]
    table = Table(http, token)
    await table.post("/api/session", {"table": "bench"})
    seats = [(await table.post("/api/seats", {"seat": s, "name": f"P{s}",
                                              "buy_in": 10_000_000}))["token"]
             for s in (1, 2)]
    ws = url.replace("http", "ws")
    paths = [f"{ws}/ws/dealer?token={token}", f"{ws}/ws/player/1?token={seats[0]}",
             f"{ws}/ws/player/2?token={seats[1]}"]
    paths += [f"{ws}/ws/table"] * (CLIENTS - len(paths))
    return table, paths


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def _all_have(clients: list[Client], version: int) -> None:
    """Wait (without spinning: the CPU belongs to the server) until every client has it."""
    news = clients[0].news
    while any(c.latest < version for c in clients):
        news.clear()
        await news.wait()


async def _latency(table: Table, clients: list[Client], n: int) -> dict[str, list[float]]:
    out: dict[str, list[float]] = {"reply": [], "first": [], "last": []}
    for _ in range(n):
        t0 = time.perf_counter()
        version = await table.command()
        t1 = time.perf_counter()
        await asyncio.wait_for(_all_have(clients, version), 5)
        times = [c.arrived[version] for c in clients]
        out["reply"].append((t1 - t0) * 1000)
        out["first"].append((min(times) - t0) * 1000)
        out["last"].append((max(times) - t0) * 1000)
    return out


async def _sustained(table: Table, clients: list[Client], seconds: float) -> tuple[int, float]:
    count, start = 0, time.perf_counter()
    version = -1
    while time.perf_counter() - start < seconds:
        version = await table.command()
        count += 1
    await asyncio.wait_for(_all_have(clients, version), 10)
    return count, time.perf_counter() - start


def _next_command(nxt: dict[str, Any], shoe: list[Any], rng: random.Random) -> cmd.Command:
    if nxt["kind"] == "complete":
        shoe[:] = list(DECK_52)
        rng.shuffle(shoe)
        return cmd.StartHand()
    if nxt["kind"] == "card":
        return cmd.CameraCard(shoe.pop())
    legal = [a["action"] for a in nxt["legal"]]
    action = "check" if "check" in legal else "call"
    return cmd.TabletAction(event_from_dict({"seat": nxt["seat"], "action": action}))  # type: ignore[arg-type]


async def _turns_in_process(db: Path, n: int) -> list[float]:
    with open_store(db) as store:
        loop = TableLoop(LiveTable(store))
        await loop.start()
        for c in (cmd.OpenSession("bench"), cmd.SeatPlayer(1, "P1", 10_000_000),
                  cmd.SeatPlayer(2, "P2", 10_000_000)):
            await loop.submit(c)
        subs = [await loop.subscribe("table") for _ in range(CLIENTS - 3)]
        subs += [await loop.subscribe("dealer"), await loop.subscribe("seat", 1),
                 await loop.subscribe("seat", 2)]
        rng, shoe, nxt, out = random.Random(6), [], {"kind": "complete"}, []
        for _ in range(n):
            command = _next_command(nxt, shoe, rng)
            t0 = time.perf_counter()
            reply = await loop.submit(command)
            out.append((time.perf_counter() - t0) * 1000)
            for sub in subs:
                while not sub.queue.empty():
                    sub.queue.get_nowait()
            nxt = reply["next"]
        await loop.stop()
    return out


async def run(commands: int, seconds: float, db: Path) -> None:
    port = _port()
    url = f"http://127.0.0.1:{port}"
    server = _start_server(port, db)
    try:
        await _wait_up(url)
        async with httpx.AsyncClient(base_url=url) as http:
            table, paths = await _setup(url, http)
            news = asyncio.Event()
            clients = [Client(await connect(p), news) for p in paths]
            for _ in range(20):  # warm up
                await table.command()
            cpu0 = _cpu_seconds(server.pid)
            lat = await _latency(table, clients, commands)
            cpu = (_cpu_seconds(server.pid) - cpu0) / commands * 1000
            count, elapsed = await _sustained(table, clients, seconds)
            for c in clients:
                await c.ws.close()
    finally:
        server.terminate()
        server.wait(10)
    print(f"pitboss API: {CLIENTS} WebSocket clients, SQLite log at {db.parent} "
          f"(fsync per event), {commands} commands")
    print(f"{'measure':<34}{'median ms':>10}{'p99 ms':>10}{'max ms':>10}")
    for key, label in (("reply", "HTTP reply"), ("first", "first client has the picture"),
                       ("last", "all 20 clients have it")):
        v = lat[key]
        print(f"{label:<34}{statistics.median(v):>10.2f}{_pct(v, 0.99):>10.2f}"
              f"{max(v):>10.2f}")
    print(f"{'sustained':<34}{count / elapsed:>10.0f} actions/s "
          f"({count} in {elapsed:.1f} s, each logged and sent to all 20)")
    print(f"{'server CPU per command':<34}{cpu:>10.2f} ms (user + system; what a loaded "
          "machine cannot hide)")
    alone = await _turns_in_process(db.with_name("inproc.sqlite3"), commands)
    print(f"{'table turn alone (no HTTP)':<34}{statistics.median(alone):>10.2f}"
          f"{_pct(alone, 0.99):>10.2f}{max(alone):>10.2f}")
    print(f"machine load average: {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores")
    p99 = _pct(lat["last"], 0.99)
    print(f"target p99 < 20 ms: {'met' if p99 < 20 else 'NOT met'} ({p99:.2f} ms)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--commands", type=int, default=400)
    parser.add_argument("--seconds", type=float, default=5.0)
    parser.add_argument("--db", type=Path, default=None, help="SQLite file (default: a "
                        "temporary folder)")
    args = parser.parse_args()
    if args.db is not None:
        os.makedirs(args.db.parent, exist_ok=True)
        asyncio.run(run(args.commands, args.seconds, args.db))
        return
    with tempfile.TemporaryDirectory(prefix="pitboss-bench-") as folder:
        asyncio.run(run(args.commands, args.seconds, Path(folder) / "log.sqlite3"))


if __name__ == "__main__":
    main()
