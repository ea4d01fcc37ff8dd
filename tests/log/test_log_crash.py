"""Recovery after SIGKILL (issue 7, "Done when" 1; DESIGN.md "log first").

A writer process plays a session of many hands against the store, printing an
ack after each append returns, and is killed with SIGKILL at random points
(between events and in the middle of appends). Each restart resumes from the
log. Afterwards: every acknowledged event is there, no event is half-written,
sequence numbers have no gaps, every hand is complete or resumed, the chips add
up at every step, and the finished log equals that of a run never killed.
"""

from __future__ import annotations

import importlib.util
import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path
from types import ModuleType

from controller.log.events import Kind
from controller.log.ledger import Ledger
from controller.log.replay import hand_logs, replay
from controller.log.session import HandEnd
from controller.log.store import open_store

WRITER = Path(__file__).with_name("log_crash_writer.py")
HANDS = 40
MAX_KILLS = 12
BANK = 400  # four players buy 100 chips each


def _writer_module() -> ModuleType:
    """The writer file as a module (it sits beside this test, outside any package)."""
    name = "pitboss_log_crash_writer"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, WRITER)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        sys.modules[name] = module  # dataclasses look their module up while building
        spec.loader.exec_module(module)
    return sys.modules[name]


def _run_once(url: str, rng: random.Random, kill: bool) -> tuple[list[str], bool]:
    """One writer process; SIGKILL it after a random number of acks (plus a few ms)."""
    proc = subprocess.Popen([sys.executable, str(WRITER), url, "night", str(HANDS)],
                            stdout=subprocess.PIPE, text=True, cwd=WRITER.parents[2],
                            env={**os.environ, "PYTHONPATH": str(WRITER.parents[2])})
    assert proc.stdout is not None
    lines: list[str] = []
    if kill:
        wanted = rng.randint(1, 45)
        while sum(1 for line in lines if line.startswith("ack")) < wanted:
            line = proc.stdout.readline()
            if not line:
                break
            lines.append(line.strip())
        time.sleep(rng.random() * 0.004)
        proc.send_signal(signal.SIGKILL)
    rest, _ = proc.communicate(timeout=60)
    lines += [line for line in rest.splitlines() if line]
    return lines, proc.returncode == 0 and "done" in lines


def _check_log(url: str, acked: set[tuple[int, int]]) -> None:
    """Everything acknowledged is there, gapless, and the chips add up in every hand."""
    writer = _writer_module()
    with open_store(url) as store:
        events = store.events("night")
        keys = [(e.hand, e.seq) for e in events]
        assert acked <= set(keys), f"lost acknowledged events: {sorted(acked - set(keys))}"
        for hand in {h for h, _ in keys}:
            seqs = [s for h, s in keys if h == hand]
            assert seqs == list(range(1, len(seqs) + 1)), f"gap in hand {hand}: {seqs}"
        for h in replay(store, "night", writer.standin_start, writer.standin_apply):
            assert sum(h.state.stacks.values()) + h.state.pot == BANK, f"hand {h.hand}"
            assert min(h.state.stacks.values()) >= 0
        for log in hand_logs(store, "night"):
            assert log.start.kind == Kind.HAND_START
            if log.end is not None:
                assert sum(HandEnd.from_payload(log.end.payload).net.values()) == 0


def test_sigkill_at_random_points_loses_no_acknowledged_event(db_url: str, tmp_path: Path) -> None:
    rng = random.Random(7)
    acked: set[tuple[int, int]] = set()
    resumed_mid_hand = kills = 0
    finished = False
    while not finished:
        lines, finished = _run_once(db_url, rng, kill=kills < MAX_KILLS)
        kills += not finished
        acked |= {(int(p[1]), int(p[2])) for p in (ln.split() for ln in lines) if p[0] == "ack"}
        resumed_mid_hand += sum(1 for ln in lines if ln.startswith("resume"))
        _check_log(db_url, acked)
    print(f"{kills} kills, {resumed_mid_hand} mid-hand resumes, {len(acked)} acked events")
    assert kills >= 5 and resumed_mid_hand >= 1, (kills, resumed_mid_hand)

    with open_store(db_url) as store:
        logs = list(hand_logs(store, "night"))
        assert [h.hand for h in logs] == list(range(1, HANDS + 1))
        assert all(h.complete for h in logs)
        stream = store.events("night", 0)
        assert stream[-1].kind == Kind.SESSION_CLOSE
        assert Ledger.from_events(stream).bank().balanced
        killed_run = [(e.hand, e.seq, e.kind, dict(e.payload)) for e in store.events("night")]

    clean_url = str(tmp_path / "never-killed.sqlite3")
    _writer_module().play(clean_url, "night", HANDS, lambda line: None)
    with open_store(clean_url) as clean:
        assert killed_run == [(e.hand, e.seq, e.kind, dict(e.payload))
                              for e in clean.events("night")]
