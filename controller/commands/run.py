"""``pitboss run``: start the whole table (placeholder until the live-table issue lands)."""

from __future__ import annotations

import argparse


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("run", help="start the table: shoe, display, hand log, web pages")
    p.set_defaults(handler=_run)


def _run(args: argparse.Namespace) -> int:
    from controller.cli import build_parser

    print("pitboss run: the live table is not built yet; available commands:\n")
    build_parser().print_help()
    return 0
