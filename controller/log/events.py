"""The generic record the hand log keeps: one :class:`LogEvent` per change.

The log does not need to understand an event to keep it safely: it stores
*who* (session, hand, sequence number), *when*, *from where* (the
:class:`Source`) and *what* (``kind`` plus a JSON ``payload``). The rules
engine's events travel as payloads (its own JSON codec); the log adds its own
structural kinds for sessions, hands and the ledger (see :class:`Kind`).

Hand number 0 is the session's own stream (open, ledger entries, close);
hands are numbered from 1. Sequence numbers start at 1 in every hand and
have no gaps.

>>> from datetime import datetime, timezone
>>> t = datetime(2026, 11, 29, 21, 0, tzinfo=timezone.utc)
>>> e = LogEvent("fri", 3, 1, t, Source.TABLET, Kind.HAND_START, {"variant": "7stud"})
>>> e
LogEvent('fri', hand=3, seq=1, tablet, 'hand_start')
>>> LogEvent.from_dict(e.to_dict()) == e
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from enum import StrEnum
from typing import Any

from controller.log.errors import LogError

__all__ = ["SESSION_STREAM", "Kind", "LogEvent", "Source", "dump_payload", "parse_time"]

SESSION_STREAM = 0
"""The hand number of a session's own events (open, ledger, close)."""


class Source(StrEnum):
    """Where an event came from: the shoe, the dealer, a fix-up, or pitboss itself."""

    CAMERA = "camera"
    TABLET = "tablet"
    CORRECTION = "correction"
    SYSTEM = "system"


class Kind:
    """The structural event kinds the log itself reads. Engine events use their own kinds."""

    SESSION_OPEN = "session_open"
    SESSION_CLOSE = "session_close"
    BUY_IN = "buy_in"
    REBUY = "rebuy"
    CASH_OUT = "cash_out"
    HAND_START = "hand_start"
    HAND_END = "hand_end"

    LEDGER = frozenset({BUY_IN, REBUY, CASH_OUT})
    STRUCTURAL = LEDGER | {SESSION_OPEN, SESSION_CLOSE, HAND_START, HAND_END}


@dataclass(frozen=True)
class LogEvent:
    """One appended event. Frozen; ``payload`` is a JSON object (treat it as read-only)."""

    session: str
    hand: int
    seq: int
    time: datetime
    source: Source
    kind: str
    payload: Mapping[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        _check_field(isinstance(self.session, str) and 0 < len(self.session) <= 64,
                     f"session id must be 1-64 characters, got {self.session!r}")
        _check_field(_is_int(self.hand) and self.hand >= 0,
                     f"hand number must be 0 or more, got {self.hand!r}")
        _check_field(_is_int(self.seq) and self.seq >= 1,
                     f"sequence number must be 1 or more, got {self.seq!r}")
        _check_field(isinstance(self.time, datetime) and self.time.tzinfo is not None,
                     "event time must be a timezone-aware datetime")
        _check_field(isinstance(self.kind, str) and 0 < len(self.kind) <= 64,
                     f"event kind must be 1-64 characters, got {self.kind!r}")
        try:
            object.__setattr__(self, "source", Source(self.source))
        except ValueError:
            names = ", ".join(s.value for s in Source)
            raise LogError("bad_event", f"event source must be one of {names}, "
                           f"got {self.source!r}") from None
        dump_payload(self.payload)  # refuse what could not be stored, before storing

    def __repr__(self) -> str:
        return (f"LogEvent({self.session!r}, hand={self.hand}, seq={self.seq}, "
                f"{self.source.value}, {self.kind!r})")

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form (time as ISO 8601 UTC)."""
        return {"session": self.session, "hand": self.hand, "seq": self.seq,
                "time": self.time.astimezone(UTC).isoformat(),
                "source": self.source.value, "kind": self.kind, "payload": dict(self.payload)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> LogEvent:
        """Inverse of :meth:`to_dict`; bad input raises ``LogError('bad_event')``."""
        try:
            return cls(d["session"], d["hand"], d["seq"], parse_time(d["time"]),
                       Source(d["source"]), d["kind"], dict(d.get("payload") or {}))
        except (KeyError, TypeError, ValueError) as exc:
            raise LogError("bad_event", f"not a log event: {exc!r}") from None


def dump_payload(payload: Mapping[str, Any]) -> str:
    """Canonical JSON text of a payload; refuses anything JSON cannot hold exactly.

    >>> dump_payload({"b": 1, "a": [2, "x"]})
    '{"a":[2,"x"],"b":1}'
    >>> dump_payload({"pot": float("nan")})
    Traceback (most recent call last):
    ...
    controller.log.errors.LogError: event payload is not plain JSON: Out of range float values are not JSON compliant
    """  # noqa: E501
    if not isinstance(payload, Mapping):
        raise LogError("bad_event", f"event payload must be a JSON object, got {payload!r}")
    try:
        return json.dumps(payload, sort_keys=True, separators=(",", ":"), allow_nan=False)
    except (TypeError, ValueError) as exc:
        raise LogError("bad_event", f"event payload is not plain JSON: {exc}") from None


def parse_time(text: str) -> datetime:
    """Read an ISO 8601 time back; naive times are taken as UTC."""
    t = datetime.fromisoformat(text)
    return t if t.tzinfo else t.replace(tzinfo=UTC)


def _is_int(x: object) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _check_field(ok: bool, message: str) -> None:
    if not ok:
        raise LogError("bad_event", message)

