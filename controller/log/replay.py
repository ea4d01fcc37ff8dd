"""Recovery: walk a session's hands and rebuild state by folding an apply function.

The log does not import the rules engine: the caller passes ``start`` (build
the state a hand begins in, from its ``hand_start`` event) and ``apply`` (one
event onto a state). Replay is then plain iteration, and resuming after a
crash is "replay, and keep the last hand if it has no ``hand_end``".

>>> import tempfile, os
>>> from controller.log.store import open_store
>>> from controller.log.session import HandEnd, HandStart, TableLog
>>> store = open_store(os.path.join(tempfile.mkdtemp(), "log.sqlite3"))
>>> log = TableLog.open_session(store, "t", session_id="s")
>>> _ = log.start_hand(HandStart("razz", {1: "A", 2: "B"}, {1: 10, 2: 10}))
>>> _ = log.record("bet", {"chips": 2}); _ = log.record("bet", {"chips": 3})
>>> start = lambda e: 0
>>> apply = lambda pot, e: pot + e.payload.get("chips", 0)
>>> resume(store, "s", start, apply)
Resume(session='s', hand=1, state=5, next_seq=4)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Generic, TypeVar

from controller.log.errors import LogError
from controller.log.events import Kind, LogEvent
from controller.log.store import EventStore

__all__ = ["HandLog", "ReplayedHand", "Resume", "hand_logs", "replay", "resume"]

S = TypeVar("S")


@dataclass(frozen=True)
class HandLog:
    """One hand's events as stored, in sequence order."""

    session: str
    hand: int
    events: tuple[LogEvent, ...]

    @property
    def start(self) -> LogEvent:
        """The ``hand_start`` event."""
        return self.events[0]

    @property
    def end(self) -> LogEvent | None:
        """The ``hand_end`` event, or None while the hand is in progress."""
        return self.events[-1] if self.events[-1].kind == Kind.HAND_END else None

    @property
    def complete(self) -> bool:
        """True once the hand has its result."""
        return self.end is not None

    @property
    def body(self) -> tuple[LogEvent, ...]:
        """The events between the start and the end."""
        return self.events[1:-1] if self.complete else self.events[1:]


@dataclass(frozen=True)
class ReplayedHand(Generic[S]):
    """A hand folded to its final (or current) state."""

    hand: int
    state: S
    complete: bool
    events: int


@dataclass(frozen=True)
class Resume(Generic[S]):
    """Where the table picks up: the hand in progress and its state."""

    session: str
    hand: int
    state: S
    next_seq: int


def hand_logs(store: EventStore, session: str) -> Iterator[HandLog]:
    """Every hand of the session (hand 1 first) with its events."""
    current: list[LogEvent] = []
    for event in store.iter_events(session):
        if event.hand == 0:
            continue
        if current and event.hand != current[0].hand:
            yield _hand_log(current)
            current = []
        current.append(event)
    if current:
        yield _hand_log(current)


def _hand_log(events: list[LogEvent]) -> HandLog:
    first = events[0]
    if first.kind != Kind.HAND_START:
        raise LogError("bad_event", f"hand {first.hand} of session {first.session!r} does "
                       f"not begin with hand_start (found {first.kind!r})")
    return HandLog(first.session, first.hand, tuple(events))


def replay(store: EventStore, session: str, start: Callable[[LogEvent], S],
           apply: Callable[[S, LogEvent], S]) -> Iterator[ReplayedHand[S]]:
    """Fold every hand: ``start(hand_start)``, then ``apply`` each later event (end included)."""
    for log in hand_logs(store, session):
        state = start(log.start)
        for event in log.events[1:]:
            state = apply(state, event)
        yield ReplayedHand(log.hand, state, log.complete, len(log.events))


def resume(store: EventStore, session: str, start: Callable[[LogEvent], S],
           apply: Callable[[S, LogEvent], S]) -> Resume[S] | None:
    """The hand in progress, rebuilt; None when every hand is complete."""
    logs = list(hand_logs(store, session))
    if not logs or logs[-1].complete:
        return None
    last = logs[-1]
    state = start(last.start)
    for event in last.events[1:]:
        state = apply(state, event)
    return Resume(session, last.hand, state, last.events[-1].seq + 1)
