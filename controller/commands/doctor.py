"""``pitboss doctor``: is this machine ready to run the table? What is wrong, and the fix.

Checks, with the same flags and config file as ``pitboss run``: the shoe camera (opens
it and reads a frame; lists the cameras it can see), the LED display's serial port
(lists candidate ports; with ``--serial`` it says HELLO to the board over the real
link), the hand log's database (opens it, reports its events), the shoe calibration,
and the vision model. Prints one line per check and a fix for each problem; exit
status 0 when nothing is wrong, 1 otherwise (2 for a bad flag).
"""

from __future__ import annotations

import argparse
import glob
from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from controller.commands._common import fail, print_json
from controller.errors import PitbossError

OK, WARN, FAIL = "ok", "warn", "FAIL"


@dataclass(frozen=True)
class Check:
    """One finding: ``status`` ok / warn / FAIL, what was seen, and how to fix it."""

    name: str
    status: str
    detail: str
    fix: str = ""


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("doctor", help="check camera, serial port, database and calibration",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--camera", help="the shoe camera to check (0, /dev/videoN, a file)")
    p.add_argument("--serial", help="the display's port to check (a path, usb:VID:PID, auto)")
    p.add_argument("--db", help="the hand log to check (SQLite path or postgresql://...)")
    p.add_argument("--calibration", metavar="DECK", help="the shoe calibration to check")
    p.add_argument("--config", help="a TOML file with the same keys as `pitboss run`")
    p.add_argument("--timeout", type=float, default=3.0,
                   help="seconds to wait for the display board's HELLO (default 3)")
    p.add_argument("--json", action="store_true", help="print the findings as JSON")
    p.set_defaults(handler=_doctor)


# ---------------------------------------------------------------- camera
def _cameras() -> list[str]:
    return sorted(glob.glob("/dev/video*"))


def check_camera(camera: str | None) -> Check:
    from controller.config import camera_source

    seen = _cameras()
    listed = f" (cameras on this machine: {', '.join(seen)})" if seen else \
        " (no /dev/video* device on this machine)"
    if camera is None:
        return Check("camera", OK, "none configured: the synthetic shoe deals" + listed,
                     "" if not seen else "use a camera with `pitboss run --camera 0`")
    try:
        spec = camera_source(camera)
    except PitbossError as err:
        return Check("camera", FAIL, err.message, "give --camera 0, /dev/video0 or a file")
    return _read_one_frame(spec, listed)


def _read_one_frame(spec: str, listed: str) -> Check:
    from controller.table.shoe import open_source

    try:
        frames = open_source(spec)
        _, _, frame = next(iter(frames))
    except StopIteration:
        return Check("camera", FAIL, f"{spec} gave no frame" + listed,
                     "check the cable and that no other program uses the camera")
    except PitbossError as err:
        return Check("camera", FAIL, f"{spec}: {err.message}" + listed,
                     "check the device number (`ls /dev/video*`), the cable, and that "
                     "your user is in the 'video' group")
    height, width = frame.shape[:2]
    close = getattr(frames, "close", None)
    if callable(close):
        close()
    status, fix = OK, ""
    if (width, height) != (640, 480):
        status, fix = WARN, ("the reader expects 640x480 (hardware_docs/shoe-camera.md); "
                             "recalibrate with `pitboss calibrate` at this size")
    return Check("camera", status, f"{spec} reads {width}x{height} frames", fix)


# ---------------------------------------------------------------- serial
def check_serial(serial: str | None, timeout: float) -> list[Check]:
    from controller.config import find_display_ports, resolve_serial

    ports = find_display_ports()
    names = ", ".join(f"{p['device']} ({p['description'] or 'serial'}"
                      f"{', USB ' + p['usb'] if p['usb'] else ''}"
                      f"{', the display board' if p['display_board'] else ''})" for p in ports)
    if ports:
        found = Check("serial ports", OK, f"candidates: {names}")
    elif serial is None:
        found = Check("serial ports", OK, "no USB serial port: `pitboss run` drives the "
                      "display emulator")
    else:
        found = Check("serial ports", WARN, "no USB serial port found", "plug the display "
                      "in (with a data cable, not a charge-only one)")
    if serial is None:
        return [found]
    try:
        port = resolve_serial(serial)
    except PitbossError as err:
        return [found, Check("display", FAIL, err.message, "name the port with --serial")]
    return [found, _hello(port, timeout)]


def _hello(port: str, timeout: float) -> Check:
    from firmware_bridge.link import DisplayLink

    link = DisplayLink(port).start()
    try:
        synced = link.wait_synced(timeout)
        status = link.status()
    finally:
        link.close()
    if synced and status.board is not None:
        b = status.board
        return Check("display", OK, f"{status.device or port}: board answers HELLO "
                     f"({b.modules} modules, {b.lamps} lamps)")
    error = status.last_error or "no answer"
    if "ermission" in error:
        fix = "add yourself to the 'dialout' group (then log in again)"
    elif "No such file" in error:
        fix = "no such port: plug the board in, or pick one of the candidates above"
    else:
        fix = ("flash the firmware (hardware_docs/display-flashing.md), check the cable, "
               "and that no other program (another pitboss?) has the port")
    return Check("display", FAIL, f"{port}: {error}", fix)


# ---------------------------------------------------------------- database, calibration
def check_db(db: str | None) -> Check:
    from controller.log import open_store
    from controller.log.store import default_db_path

    where = db or str(default_db_path())
    try:
        with open_store(db) as store:
            count, sessions = store.count(), len(store.sessions())
    except PitbossError as err:
        return Check("database", FAIL, f"{where}: {err.message}", _db_fix(where))
    except Exception as err:  # a driver's own error (permissions, no server)
        return Check("database", FAIL, f"{where}: {err}", _db_fix(where))
    return Check("database", OK, f"{where}: {sessions} sessions, {count} events")


def _db_fix(where: str) -> str:
    if where.startswith("postgres"):
        return ("check the server runs and the URL's user, password and database "
                "(postgresql://user:password@host/db)")
    return "check the folder exists and is writable, or give --db PATH"


def check_calibration(name: str | None, camera: str | None) -> Check:
    from vision import calibration

    folder = calibration.home() / "decks"
    known = sorted(p.stem for p in folder.glob("*.json")) if folder.exists() else []
    listed = f"saved decks: {', '.join(known)}" if known else "no saved calibration"
    if name is None:
        if camera is None:
            return Check("calibration", OK, f"synthetic shoe: reference mount ({listed})")
        return Check("calibration", WARN, f"the camera uses the reference mount ({listed})",
                     "run a deck through the shoe once: `pitboss calibrate --camera 0 "
                     "--deck home`, then `pitboss run --calibration home`")
    try:
        cal = calibration.load(name)
    except PitbossError as err:
        return Check("calibration", FAIL, err.message, "calibrate it: `pitboss calibrate "
                     f"--camera 0 --deck {name}`")
    model = "with its own glyphs" if cal.deck_model is not None else "generic glyphs"
    return Check("calibration", OK, f"deck {name}: window {cal.window}, card "
                 f"{cal.card_height:.0f} px high, {model}")


def check_vision() -> Check:
    try:
        from vision.reader import ShoeReader

        ShoeReader()
    except Exception as err:
        return Check("vision model", FAIL, f"cannot load the reader: {err}",
                     "reinstall pitboss (`make clean && make run`)")
    return Check("vision model", OK, "the shoe reader's glyph model loads")


# ---------------------------------------------------------------- the command
def run_checks(config: Any, timeout: float) -> list[Check]:
    steps: list[Callable[[], Check | list[Check]]] = [
        lambda: check_camera(config.camera),
        lambda: check_serial(config.serial, timeout),
        lambda: check_db(config.db),
        lambda: check_calibration(config.calibration, config.camera),
        check_vision,
    ]
    out: list[Check] = []
    for step in steps:
        found = step()
        out.extend(found if isinstance(found, list) else [found])
    return out


def _doctor(args: argparse.Namespace) -> int:
    from controller.config import load_config

    flags = {k: getattr(args, k) for k in ("camera", "serial", "db", "calibration")}
    try:
        config = load_config(args.config, flags)
    except PitbossError as err:
        return fail(err)
    checks = run_checks(config, args.timeout)
    bad = [c for c in checks if c.status == FAIL]
    if args.json:
        print_json({"ok": not bad, "checks": [asdict(c) for c in checks]})
    else:
        for c in checks:
            print(f"{c.status:<4}  {c.name:<13} {c.detail}")
            if c.fix:
                print(f"{'':<19} fix: {c.fix}")
        print(f"\n{len(bad)} problem(s)" if bad else "\nall good: `pitboss run` is ready")
    return 1 if bad else 0
