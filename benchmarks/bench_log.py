"""Hand log speed: events appended per second (each durable: fsync on commit) and replay time.

For SQLite (WAL, synchronous=FULL) and PostgreSQL (synchronous_commit on),
appends go through ``EventStore.append``, one transaction per event, exactly
as the table writes them; the ack comes back only once the commit is on disk.
Replay reads a 500-hand session and folds every hand with a small chip-moving
``apply`` (the rules engine's will cost more, but the log's part is this).

    .venv/bin/python benchmarks/bench_log.py [--events 500] [--hands 500] [--pg URL]

PostgreSQL rows are skipped (with the reason) when no server answers; the
default URL is the test server that ``.ci/setup.d/postgres.sh`` starts.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
import uuid
from collections.abc import Callable, Iterator
from contextlib import AbstractContextManager, contextmanager
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import quote

import psycopg

from controller.log.events import LogEvent, Source
from controller.log.replay import replay
from controller.log.session import HandEnd, HandStart, TableLog
from controller.log.store import EventStore, open_store

PG_DEFAULT = os.environ.get("PITBOSS_TEST_PG",
                            "postgresql://pitboss:pitboss@127.0.0.1:5432/pitboss_test")
EVENTS_PER_HAND = 12  # start, ~10 cards and actions, end: a short stud hand
SEATS = {1: "Anna", 2: "Ben", 3: "Chloé", 4: "Dev"}


@contextmanager
def sqlite_store() -> Iterator[EventStore]:
    """A fresh SQLite log on disk (beside this script: /tmp may be RAM-backed)."""
    with tempfile.TemporaryDirectory(dir=Path(__file__).parent) as folder, \
            open_store(Path(folder) / "bench.sqlite3") as store:
        yield store


@contextmanager
def postgres_store(url: str) -> Iterator[EventStore]:
    """A fresh schema in the PostgreSQL database, dropped afterwards."""
    schema = f"bench_{uuid.uuid4().hex[:12]}"
    with psycopg.connect(url, autocommit=True, connect_timeout=3) as admin:
        admin.execute(f"CREATE SCHEMA {schema}")
    try:
        joiner = "&" if "?" in url else "?"
        with open_store(f"{url}{joiner}options={quote(f'-csearch_path={schema}')}") as store:
            yield store
    finally:
        with psycopg.connect(url, autocommit=True) as admin:
            admin.execute(f"DROP SCHEMA {schema} CASCADE")


def append_rate(store: EventStore, count: int) -> tuple[float, float]:
    """Events per second and median ack latency (ms) for ``count`` durable appends."""
    now = datetime.now(UTC)
    latencies = []
    start = time.perf_counter()
    for seq in range(1, count + 1):
        t0 = time.perf_counter()
        store.append(LogEvent("bench", 1, seq, now, Source.CAMERA, "card_seen",
                              {"card": "As", "seat": seq % 8 + 1, "confidence": 0.98}))
        latencies.append(time.perf_counter() - t0)
    elapsed = time.perf_counter() - start
    return count / elapsed, statistics.median(latencies) * 1000


def write_session(store: EventStore, hands: int) -> int:
    """A session of ``hands`` hands, each EVENTS_PER_HAND events; returns the event count."""
    log = TableLog.open_session(store, "bench", session_id="night")
    stacks = {s: 1000 for s in SEATS}
    for hand in range(1, hands + 1):
        log.start_hand(HandStart("seven-card-stud", SEATS, stacks))
        for i in range(EVENTS_PER_HAND - 2):
            log.record("bet", {"seat": (hand + i) % 4 + 1, "chips": 1 + i % 3})
        log.end_hand(HandEnd({s: 0 for s in SEATS}))
    return store.count()


def _start(event: LogEvent) -> dict[str, int]:
    return {"pot": 0}


def _apply(state: dict[str, int], event: LogEvent) -> dict[str, int]:
    return {"pot": state["pot"] + int(event.payload.get("chips", 0))}


def replay_time(store: EventStore, repeats: int = 3) -> tuple[float, int]:
    """Best-of wall time (s) to replay the session, and the hands replayed."""
    best, hands = float("inf"), 0
    for _ in range(repeats):
        t0 = time.perf_counter()
        hands = sum(1 for _ in replay(store, "night", _start, _apply))
        best = min(best, time.perf_counter() - t0)
    return best, hands


def resume_time(store: EventStore) -> float:
    """Time for a restarted table to attach its writer to the session."""
    t0 = time.perf_counter()
    TableLog(store, "night")
    return time.perf_counter() - t0


def bench(name: str, opener: Callable[[], AbstractContextManager[EventStore]], events: int,
          hands: int) -> list[str]:
    rows = []
    with opener() as store:
        rate, ack = append_rate(store, events)
        rows.append(f"{name:<11} {'append (fsync)':<22} {rate:>10,.0f} events/s   "
                    f"median ack {ack:.2f} ms  ({events} events)")
    with opener() as store:
        t0 = time.perf_counter()
        total = write_session(store, hands)
        written = time.perf_counter() - t0
        seconds, replayed = replay_time(store)
        label = f"replay {hands}-hand session"
        rows.append(f"{name:<11} {label:<22} {seconds * 1000:>10,.1f} ms"
                    f"         {replayed} hands, {total} events "
                    f"({total / seconds:,.0f} events/s; writing took {written:.1f} s)")
        rows.append(f"{name:<11} {'resume writer':<22} {resume_time(store) * 1000:>10,.1f} ms")
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--events", type=int, default=500, help="appends timed per backend")
    parser.add_argument("--hands", type=int, default=500, help="hands in the replayed session")
    parser.add_argument("--pg", default=PG_DEFAULT, help="PostgreSQL URL (a schema is made)")
    args = parser.parse_args()
    print(f"{'backend':<11} {'measure':<22} {'result':>10}")
    for row in bench("sqlite", sqlite_store, args.events, args.hands):
        print(row)
    try:
        psycopg.connect(args.pg, connect_timeout=3).close()
    except psycopg.Error as exc:
        print(f"{'postgresql':<11} skipped: no server ({str(exc).strip().splitlines()[0]})")
        return
    for row in bench("postgresql", lambda: postgres_store(args.pg), args.events, args.hands):
        print(row)


if __name__ == "__main__":
    main()
