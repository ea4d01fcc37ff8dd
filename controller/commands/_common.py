"""Shared plumbing for sub-commands: JSON output and the exit-2 error contract."""

from __future__ import annotations

import json
import sys
from typing import Any

from controller.errors import PitbossError

EXIT_BAD_INPUT = 2


def print_json(obj: Any) -> None:
    """Print one JSON document on stdout (compact, stable key order as given)."""
    sys.stdout.write(json.dumps(obj) + "\n")


def fail(err: PitbossError, **extra: Any) -> int:
    """Print ``{"error": {"code", "message", ...}}`` and return exit status 2."""
    body: dict[str, Any] = err.as_dict()
    body.update(extra)
    print_json({"error": body})
    return EXIT_BAD_INPUT
