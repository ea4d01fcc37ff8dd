"""The ``pitboss`` command line.

Each sub-command lives in its own module under :mod:`controller.commands` and
exposes ``register(subparsers)``; this file only discovers and dispatches them,
so independent features never edit the same file.
"""

from __future__ import annotations

import argparse
import importlib
import pkgutil
import sys
from collections.abc import Sequence

from controller import __version__, commands


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="pitboss",
        description="Run a real-card home poker table: shoe camera, dealer tablet, "
        "rules engine, LED chip display, hand log.",
    )
    parser.add_argument("--version", action="version", version=f"pitboss {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    for info in sorted(pkgutil.iter_modules(commands.__path__), key=lambda m: m.name):
        if info.name.startswith("_"):
            continue
        module = importlib.import_module(f"{commands.__name__}.{info.name}")
        module.register(sub)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    handler = getattr(args, "handler", None)
    if handler is None:
        parser.print_help()
        return 0
    result = handler(args)
    return int(result or 0)


if __name__ == "__main__":
    sys.exit(main())
