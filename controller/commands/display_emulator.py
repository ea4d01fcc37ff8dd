"""``pitboss display-emulator``: the LED display firmware on a pseudo-terminal.

Prints one JSON line ``{"tty": "/dev/pts/N", "link": ...}`` and serves until
interrupted (or ``--duration`` seconds). Point the table (or ``DisplayLink``) at the
tty path. Lines typed on stdin flip fault switches while it runs:
``reset``, ``hang [seconds]``, ``unplug``, ``replug``, ``drop RATE``, ``flip RATE``,
``png PATH``, ``show``, ``art``.
"""

from __future__ import annotations

import argparse
import contextlib
import signal
import sys
import threading
import time
from pathlib import Path
from types import FrameType
from typing import TextIO

from controller.commands._common import fail, print_json
from firmware_bridge.messages import DisplayError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser(
        "display-emulator",
        help="run the LED display firmware behind a pty (prints the tty path)",
        description=__doc__,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    p.add_argument("--chains", default="2,5,5", help="modules per chip-select chain")
    p.add_argument("--lamps", type=int, default=20, help="WS2812 lamps (2 per seat)")
    p.add_argument("--link", help="keep this symlink pointing at the current tty")
    p.add_argument("--png", help="write a PNG of the display here on exit")
    p.add_argument("--log", help="traffic log file ('-' = stderr)")
    p.add_argument("--show", action="store_true", help="print the display when it changes")
    p.add_argument("--art", action="store_true", help="with --show: 7-segment ASCII art")
    p.add_argument("--drop", type=float, default=0.0, help="drop each byte with this chance")
    p.add_argument("--flip", type=float, default=0.0, help="flip a bit with this chance")
    p.add_argument("--seed", type=int, help="seed for boot ids and faults")
    p.add_argument("--speed", type=float, default=1.0, help="firmware clock speed-up")
    p.add_argument("--duration", type=float, help="stop after this many seconds")
    p.set_defaults(handler=_run)


def _parse_chains(text: str) -> tuple[int, ...]:
    try:
        chains = tuple(int(part) for part in text.split(","))
    except ValueError:
        chains = ()
    if not chains or any(not 1 <= n <= 8 for n in chains) or sum(chains) > 40:
        raise DisplayError(
            f"--chains {text!r}: give modules per chain as numbers 1..8, e.g. 2,5,5",
            "bad_chains",
        )
    return chains


def _run(args: argparse.Namespace) -> int:
    from firmware_bridge.emulator import Emulator

    try:
        chains = _parse_chains(args.chains)
        if not 0 <= args.lamps <= 254:
            raise DisplayError("--lamps must be 0..254 (two per seat)", "bad_lamps")
        if args.speed <= 0:
            raise DisplayError("--speed must be above 0 (1 = real time)", "bad_speed")
        for rate in (args.drop, args.flip):
            if not 0 <= rate < 1:
                raise DisplayError("--drop and --flip are chances between 0 and 1", "bad_rate")
    except DisplayError as e:
        return fail(e)
    sink = _log_sink(args.log)
    emu = Emulator(chains, args.lamps, link=args.link, log=sink, seed=args.seed, speed=args.speed)
    emu.drop_rate, emu.flip_rate = args.drop, args.flip
    stop = threading.Event()

    def on_signal(signum: int, frame: FrameType | None) -> None:
        stop.set()

    signal.signal(signal.SIGTERM, on_signal)
    with emu:
        print_json({"tty": emu.tty, "link": args.link})
        sys.stdout.flush()
        threading.Thread(target=_commands, args=(emu, sys.stdin), daemon=True).start()
        with contextlib.suppress(KeyboardInterrupt):
            _serve(emu, args, stop)
        if args.png:
            emu.png(args.png)
    return 0


def _serve(emu: object, args: argparse.Namespace, stop: threading.Event) -> None:
    from firmware_bridge.emulator import Emulator

    assert isinstance(emu, Emulator)
    end = time.monotonic() + args.duration if args.duration else float("inf")
    shown = ""
    while not stop.is_set() and time.monotonic() < end:
        if args.show:
            text = emu.art() if args.art else emu.text()
            if text != shown:
                shown = text
                print(text + "\n", flush=True)
        stop.wait(0.1)


def _log_sink(target: str | None):  # type: ignore[no-untyped-def]
    if target is None:
        return None
    # The log file stays open for the life of the process, like stderr.
    stream = sys.stderr if target == "-" else Path(target).open("a", buffering=1)  # noqa: SIM115

    def write(line: str) -> None:
        stream.write(f"{time.strftime('%H:%M:%S')} {line}\n")

    return write


def _commands(emu: object, stdin: TextIO) -> None:
    """Fault switches typed while it runs (one per line)."""
    from firmware_bridge.emulator import Emulator

    assert isinstance(emu, Emulator)
    for raw in stdin:
        word, _, arg = raw.strip().partition(" ")
        try:
            if word == "reset":
                emu.reset()
            elif word == "hang":
                emu.hang(float(arg) if arg else None)
            elif word == "unplug":
                emu.unplug()
            elif word == "replug":
                emu.replug()
                print_json({"tty": emu.tty, "link": str(emu.link) if emu.link else None})
            elif word == "drop":
                emu.drop_rate = float(arg)
            elif word == "flip":
                emu.flip_rate = float(arg)
            elif word == "png":
                emu.png(arg or "display.png")
            elif word == "show":
                print(emu.text(), flush=True)
            elif word == "art":
                print(emu.art(), flush=True)
            elif word:
                print(f"unknown command {word!r}", file=sys.stderr)
        except ValueError:
            print(f"bad value in {raw.strip()!r}", file=sys.stderr)
        sys.stdout.flush()
