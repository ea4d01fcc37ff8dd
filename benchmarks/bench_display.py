"""Host-to-display latency and bytes per update for the LED display link.

The real firmware runs in the emulator behind a pty; the host uses the real
``DisplayLink`` over pyserial. Latency is measured from ``Display.update(state)`` to
the moment the emulated MAX7219 chips show the new state (read from their registers).
A pty moves bytes instantly, so the table also gives the time those same bytes take on
a 115200-baud 8N1 line (10 bits per byte, both directions: the link is stop-and-wait)
and the sum, which is what a real board on a UART would see (plus its loop time).

    .venv/bin/python benchmarks/bench_display.py [--updates 200] [--refreshes 20]
"""

from __future__ import annotations

import argparse
import logging
import statistics
import time

from firmware_bridge.display import Display, DisplayState, Layout, SeatView, render
from firmware_bridge.emulator import Emulator
from firmware_bridge.firmware import segments
from firmware_bridge.link import DisplayLink

BAUD = 115200


def table_states(count: int) -> list[DisplayState]:
    """A ten-handed table where each state is one action: one seat's stack moves."""
    seats = {s: SeatView(f"P{s}", 1000 + s, button=s == 1) for s in range(1, 11)}
    states = []
    pot = 0
    for i in range(count):
        seat = 1 + i % 10
        bet = 5 + i % 7
        old = seats[seat]
        seats[seat] = SeatView(
            old.name, old.stack - bet, "CALL" if i % 3 else "RAISE", button=old.button
        )
        pot += bet
        to_act = 1 + (i + 1) % 10
        states.append(DisplayState(pot=pot, to_call=bet, seat_to_act=to_act, seats=dict(seats)))
    return states


def expected_patterns(state: DisplayState) -> list[bytes]:
    picture = render(state, Layout())
    return [segments.render(picture[("digits", m)].text, 8) for m in range(12)]


def wait_showing(emu: Emulator, want: list[bytes], timeout: float = 5.0) -> float:
    end = time.perf_counter() + timeout
    while time.perf_counter() < end:
        if emu.module_patterns() == want:
            return time.perf_counter()
        time.sleep(0.0002)
    raise TimeoutError("display never showed the state")


def measure(
    label: str, samples: list[float], sent: int, received: int, frames: int, n: int
) -> list[str]:
    ms = sorted(s * 1000 for s in samples)
    p99 = ms[min(len(ms) - 1, round(0.99 * (len(ms) - 1)))]
    wire = (sent + received) / n * 10 / BAUD * 1000
    return [
        label,
        str(len(ms)),
        f"{statistics.median(ms):.2f}",
        f"{p99:.2f}",
        f"{frames / n:.1f}",
        f"{sent / n:.0f}",
        f"{received / n:.0f}",
        f"{wire:.2f}",
        f"{statistics.median(ms) + wire:.2f}",
    ]


def run(updates: int, refreshes: int) -> list[list[str]]:
    rows = []
    with Emulator(seed=1) as emu, DisplayLink(emu.tty, keepalive=60) as link:
        display = Display(link, min_interval=0.0)
        states = table_states(updates + 1)
        display.update(states[0])
        wait_showing(emu, expected_patterns(states[0]))
        link.wait_synced(5)
        before = link.status()
        samples = []
        for state in states[1:]:
            start = time.perf_counter()
            display.update(state)
            samples.append(wait_showing(emu, expected_patterns(state)) - start)
            link.wait_synced(5)  # lamps and all acks in, before the next action
        after = link.status()
        rows.append(
            measure(
                "action update",
                samples,
                after.bytes_sent - before.bytes_sent,
                after.bytes_received - before.bytes_received,
                after.frames_sent - before.frames_sent,
                updates,
            )
        )
        final = expected_patterns(states[-1])
        samples = []
        before = link.status()
        for _ in range(refreshes):
            start = time.perf_counter()
            emu.reset()  # brown-out: blank chips, new boot id -> the link repaints all
            samples.append(wait_showing(emu, final) - start)
            link.wait_synced(5)
        after = link.status()
        rows.append(
            measure(
                "full refresh (after reset)",
                samples,
                after.bytes_sent - before.bytes_sent,
                after.bytes_received - before.bytes_received,
                after.frames_sent - before.frames_sent,
                refreshes,
            )
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--updates", type=int, default=200)
    parser.add_argument("--refreshes", type=int, default=20)
    args = parser.parse_args()
    logging.disable(logging.WARNING)  # the repaint notices would interleave the table
    head = [
        "scenario",
        "n",
        "median ms",
        "p99 ms",
        "frames",
        "host B",
        "board B",
        "wire ms @115200",
        "est. ms @115200",
    ]
    rows = [head, *run(args.updates, args.refreshes)]
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    for n, row in enumerate(rows):
        print(
            "  ".join(
                cell.rjust(w) if i else cell.ljust(w)
                for i, (cell, w) in enumerate(zip(row, widths, strict=True))
            )
        )
        if n == 0:
            print("  ".join("-" * w for w in widths))
    print("\nLatency: Display.update() -> emulated chips show the state (pty: no baud pacing).")
    print("Bytes per update on the wire; 'est.' adds 115200-baud 8N1 time for those bytes.")


if __name__ == "__main__":
    main()
