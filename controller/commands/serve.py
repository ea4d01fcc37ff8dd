"""``pitboss serve``: the table's API and WebSocket streams on uvicorn.

Binds 127.0.0.1 unless told otherwise (``--host 0.0.0.0`` for the table's LAN,
so the tablet and the players' phones can reach it). The dealer's PIN is
``--pin``, or ``$PITBOSS_PIN``, or generated and printed at start. ``--display``
and ``--shoe`` open the LED display's serial link and the shoe's camera in the
app's lifespan.
"""

from __future__ import annotations

import argparse
import os
import sys


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("serve", help="serve the live table's API (REST + WebSockets)")
    p.add_argument("--host", default="127.0.0.1",
                   help="address to bind (default 127.0.0.1; 0.0.0.0 for the table's LAN)")
    p.add_argument("--port", type=int, default=8000, help="TCP port (default 8000)")
    p.add_argument("--db", default=None, help="hand log: a SQLite path or postgresql://... "
                   "(default: the XDG data folder)")
    p.add_argument("--pin", default=None, help="the dealer's PIN (default: $PITBOSS_PIN, "
                   "or a generated one, printed)")
    p.add_argument("--display", default=None, metavar="PORT",
                   help="the LED display's serial port (a path, /dev/serial/by-id/..., "
                   "usb:VID:PID, or the tty printed by `pitboss display-emulator`)")
    p.add_argument("--shoe", default=None, metavar="SOURCE",
                   help="the shoe's camera: camera:0 (or camera:/dev/video0), video:PATH "
                   "or folder:PATH (cards can also come in by POST /api/shoe)")
    p.add_argument("--log-level", default="warning", help="uvicorn log level")
    p.set_defaults(handler=_serve)


def _serve(args: argparse.Namespace) -> int:
    import uvicorn

    from controller.api import create_app
    from controller.api.security import generate_pin

    pin = args.pin or os.environ.get("PITBOSS_PIN") or generate_pin()
    app = create_app(db=args.db, pin=pin, display_port=args.display, shoe=args.shoe)
    print(f"pitboss: table API on http://{args.host}:{args.port}  dealer PIN: {pin}",
          flush=True)
    if args.host not in ("127.0.0.1", "localhost", "::1"):
        print("pitboss: listening beyond this machine: keep the PIN to the dealer",
              file=sys.stderr, flush=True)
    # Views are small JSON pictures sent to ~20 sockets per event: compressing each costs
    # more latency than it saves on a LAN.
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_per_message_deflate=False)
    return 0
