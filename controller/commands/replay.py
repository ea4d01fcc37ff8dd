"""``pitboss replay FILE``: play a hand from its JSON event list and print the outcome.

FILE (or ``-`` for stdin) holds ``{"variant", "options", "seats", "dealer",
"events"}`` (issue 3). The output is one JSON object: ``status``, ``pots``,
``winners``, ``payouts``, ``stacks`` (keyed by seat number) and ``next``. A
refused event exits 2 with ``{"error": {"code", "message", "event_index"}}``.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from controller.commands._common import fail, print_json
from controller.errors import PitbossError, RuleViolation


def register(sub: argparse._SubParsersAction) -> None:  # type: ignore[type-arg]
    p = sub.add_parser("replay", help="replay a hand from a JSON event file and print the outcome")
    p.add_argument("file", help="hand JSON file, or - for stdin")
    p.add_argument("--load", metavar="TOML", action="append", default=[],
                   help="load house game definitions from this TOML file first")
    p.add_argument("--view", choices=("summary", "public"), default="summary",
                   help="print the replay summary (default) or the table screen's view")
    p.set_defaults(handler=_run)


def _load(path: str) -> dict[str, Any]:
    try:
        if path == "-":
            text = sys.stdin.read()
        else:
            with open(path, encoding="utf-8") as fh:
                text = fh.read()
    except OSError as err:
        raise RuleViolation("bad_file", f"cannot read {path}: {err.strerror}") from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as err:
        raise RuleViolation("bad_json", f"{path} is not valid JSON: {err}") from None
    if not isinstance(data, dict):
        raise RuleViolation("bad_json", f"{path} must hold a JSON object")
    for key in ("variant", "seats", "dealer"):
        if key not in data:
            raise RuleViolation("bad_json", f"{path} has no {key!r}")
    if not isinstance(data.get("events", []), list) or not isinstance(data["seats"], list):
        raise RuleViolation("bad_json", "'seats' and 'events' must be JSON lists")
    return data


def _run(args: argparse.Namespace) -> int:
    from controller.commands.games import load_files
    from controller.engine import apply, event_from_dict, new_hand, public_view, summary

    try:
        load_files(args.load)
        data = _load(args.file)
        state = new_hand(str(data["variant"]), data["seats"], data["dealer"],
                         data.get("options") or {})
    except PitbossError as err:
        return fail(err)
    for index, raw in enumerate(data.get("events", [])):
        try:
            state = apply(state, event_from_dict(raw))
        except PitbossError as err:
            return fail(err, event_index=index)
    print_json(summary(state) if args.view == "summary" else public_view(state))
    return 0
