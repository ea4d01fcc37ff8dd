"""``pitboss run`` (what ``make run`` starts): the whole table, real parts or simulated ones.

With no flags nothing needs to be plugged in: the synthetic shoe is the camera (the
tablet's "deal" button sends the next card through the real vision reader), the LED
display is the real firmware running in an emulator behind a pty (driven over real
pyserial), the hand log is SQLite in ``$XDG_DATA_HOME/pitboss/``, and the pages are on
http://127.0.0.1:8000 with the dealer's PIN printed. Flags swap in the real parts:
``--camera 0|PATH``, ``--serial PORT|auto``, ``--db URL``; ``--config FILE`` holds the
same keys in TOML (see :mod:`controller.config`).
"""

from __future__ import annotations

import argparse
import os
import sys

from controller.commands._common import fail
from controller.errors import PitbossError


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("run", help="start the table: shoe, display, hand log, web pages",
                       description=__doc__,
                       formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--camera", help="the shoe camera: 0 (first camera), /dev/videoN, a video "
                   "file or a folder of frames (default: the synthetic shoe)")
    p.add_argument("--serial", help="the LED display's port: /dev/ttyACM0, "
                   "/dev/serial/by-id/..., usb:VID:PID, or auto (default: the emulator)")
    p.add_argument("--db", help="hand log: a SQLite path or postgresql://... "
                   "(default: $XDG_DATA_HOME/pitboss/pitboss.sqlite3)")
    p.add_argument("--host", help="address to bind (default 127.0.0.1; 0.0.0.0 for the "
                   "table's LAN, so the tablet and phones can reach it)")
    p.add_argument("--port", type=int, help="TCP port (default 8000)")
    p.add_argument("--config", help="a TOML file with the same keys as these flags")
    p.add_argument("--pin", help="the dealer's PIN (default: $PITBOSS_PIN or a generated one)")
    p.add_argument("--calibration", metavar="DECK", help="the shoe calibration saved by "
                   "`pitboss calibrate` (with --camera; default: the reference mount)")
    p.add_argument("--seed", type=int, help="the synthetic shoe's shuffle seed "
                   "(default: a new one each start, printed)")
    p.add_argument("--deck", help="the synthetic shoe's card faces (default jumbo)")
    p.add_argument("--log-level", default="warning", help="uvicorn log level")
    p.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    import uvicorn

    from controller.api import create_app
    from controller.api.security import generate_pin
    from controller.config import load_config
    from controller.log.store import default_db_path
    from controller.sim.wiring import build_parts, install

    flags = {k: getattr(args, k) for k in ("camera", "serial", "db", "host", "port", "pin",
                                           "seed", "deck", "calibration")}
    try:
        config = load_config(args.config, flags)
        _check_port_free(config.host, config.port)
        parts = build_parts(config)
    except PitbossError as err:
        return fail(err)
    pin = config.pin or os.environ.get("PITBOSS_PIN") or generate_pin()
    try:
        app = install(create_app(db=config.db, pin=pin, display=parts.display,
                                 display_status=parts.link.status), parts)
        url = f"http://{config.host}:{config.port}"
        print(f"pitboss: the table is open on {url}  dealer PIN: {pin}", flush=True)
        for line in [f"tablet {url}/tablet   table screen {url}/table",
                     *parts.describe(),
                     f"hand log: {config.db or default_db_path()}"]:
            print(f"  {line}", flush=True)
        if config.host not in ("127.0.0.1", "localhost", "::1"):
            print("pitboss: listening beyond this machine: keep the PIN to the dealer",
                  file=sys.stderr, flush=True)
        uvicorn.run(app, host=config.host, port=config.port, log_level=args.log_level,
                    ws_per_message_deflate=False)
    finally:
        parts.close()
    return 0


def _check_port_free(host: str, port: int) -> None:
    """Refuse early, with a fix, when another program (another pitboss?) has the port."""
    import socket

    from controller.config import ConfigError

    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    with socket.socket(family) as s:
        s.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            s.bind((host, port))
        except OSError as err:
            raise ConfigError(f"cannot listen on {host}:{port} ({err.strerror}): another "
                              "program (another pitboss?) has it; stop it or use --port",
                              "port_in_use") from None
