"""The single writer: one asyncio task that owns the table.

Camera readings (from the shoe's thread, :meth:`TableLoop.camera`), tablet
commands (HTTP handlers, :meth:`TableLoop.submit`) and dealer corrections all
go through one :class:`asyncio.Queue`; each request carries a future for its
reply. The task takes one command at a time and, in one turn:

1. runs :meth:`Table.handle <controller.table.core.Table.handle>` (check, log
   with fsync, apply) on the table's own worker thread, so the fsync never
   blocks the event loop and the table is only ever touched by one thread;
2. renders every audience's view once (public, dealer, each watched seat) as
   JSON text, and hands the LED display its new picture;
3. puts that text in every subscriber's queue and answers the future.

Views are whole pictures stamped with the table's ``version``, so a slow
subscriber only ever needs the newest one: its queue keeps the latest few and
drops the oldest (a table screen that falls behind catches up, it never
replays history).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, Protocol

from controller.errors import PitbossError
from controller.table.commands import Command, DisplayReport, camera_command
from controller.table.core import Table
from controller.table.display import DisplaySink, display_state
from controller.table.irregular import TableError
from controller.table.views import dealer_view, public_table_view, seat_table_view

__all__ = ["DEALER", "PUBLIC", "SEAT", "Subscriber", "TableLoop", "TurnObserver"]

log = logging.getLogger(__name__)

PUBLIC, DEALER, SEAT = "table", "dealer", "seat"
QUEUE_DEPTH = 16


@dataclass(eq=False)
class Subscriber:
    """One WebSocket (or test) listening to an audience's stream of views."""

    audience: str
    seat: int = 0
    queue: asyncio.Queue[str] = field(default_factory=lambda: asyncio.Queue(QUEUE_DEPTH))
    version: int = -1
    dropped: int = 0

    def offer(self, version: int, text: str) -> None:
        """Queue a view newer than any already queued; drop the oldest when full."""
        if version <= self.version:
            return
        self.version = version
        if self.queue.full():
            self.queue.get_nowait()
            self.dropped += 1
        self.queue.put_nowait(text)


class TurnObserver(Protocol):
    """Something told after every turn (it must return at once: heavy work goes to its
    own thread), and closed when the loop stops."""

    def after_turn(self, table: Table) -> None: ...

    def close(self) -> None: ...


Rendered = dict[tuple[str, int], tuple[int, str]]
_BARRIER: Any = object()  # a queue entry that only marks a point in the queue


class TableLoop:
    """Owns a :class:`Table`; start it inside a running event loop (the app's lifespan)."""

    def __init__(self, table: Table, display: DisplaySink | None = None) -> None:
        self.table = table
        self.display = display
        self.subscribers: set[Subscriber] = set()
        self.turns = 0
        self.observers: list[TurnObserver] = []  # e.g. the odds broadcast (broadcast.py)
        self._worker = ThreadPoolExecutor(max_workers=1, thread_name_prefix="table")
        self._queue: asyncio.Queue[tuple[Command | None, asyncio.Future[Any] | None]] | None \
            = None
        self._loop: asyncio.AbstractEventLoop | None = None
        self._task: asyncio.Task[None] | None = None

    # ------------------------------------------------------------ life
    async def start(self) -> None:
        self._loop = asyncio.get_running_loop()
        self._queue = asyncio.Queue()
        self._task = asyncio.create_task(self._run(), name="table-loop")

    async def stop(self) -> None:
        if self._queue is not None and self._task is not None:
            self._queue.put_nowait((None, None))
            await self._task
        for observer in self.observers:
            observer.close()
        self._worker.shutdown(wait=True)

    async def call(self, fn: Callable[[Table], Any]) -> Any:
        """Run ``fn(table)`` on the table's thread, between turns (reads, setup)."""
        assert self._loop is not None
        return await self._loop.run_in_executor(self._worker, fn, self.table)

    # ------------------------------------------------------------ input
    async def submit(self, command: Command) -> dict[str, Any]:
        """Queue a command and wait for its reply (a refusal raises its PitbossError)."""
        assert self._loop is not None and self._queue is not None
        future: asyncio.Future[dict[str, Any]] = self._loop.create_future()
        self._queue.put_nowait((command, future))
        return await future

    def camera(self, event: object) -> None:
        """From any thread: the shoe reported ``event`` (a Card or a vision event)."""
        assert self._loop is not None and self._queue is not None
        self._loop.call_soon_threadsafe(self._queue.put_nowait, (camera_command(event), None))

    async def barrier(self) -> None:
        """Wait until everything queued before this call has been handled (all sources:
        the queue is first in, first out)."""
        assert self._loop is not None and self._queue is not None
        await asyncio.sleep(0)  # let hand-offs from other threads reach the queue first
        future: asyncio.Future[Any] = self._loop.create_future()
        self._queue.put_nowait((_BARRIER, future))
        await future

    async def camera_async(self, event: object) -> dict[str, Any]:
        """From the event loop: the shoe reported ``event``; wait until it is handled."""
        return await self.submit(camera_command(event))

    # ------------------------------------------------------------ output
    async def subscribe(self, audience: str, seat: int = 0) -> Subscriber:
        """A new listener; its queue starts with the current picture."""
        sub = Subscriber(audience, seat)
        self.subscribers.add(sub)
        version, text = await self.call(lambda t: self._render_one(t, audience, seat))
        sub.offer(version, text)
        return sub

    def unsubscribe(self, sub: Subscriber) -> None:
        self.subscribers.discard(sub)

    async def view(self, audience: str, seat: int = 0) -> dict[str, Any]:
        """The audience's current picture, as a dict (the REST reads)."""
        _, text = await self.call(lambda t: self._render_one(t, audience, seat))
        return json.loads(text)["view"]  # type: ignore[no-any-return]

    async def watch_display(self, status: Callable[[], Any], interval: float = 0.5) -> None:
        """Poll the display link's ``status()`` and queue a :class:`DisplayReport` when it
        changes (connected, device, resets seen, last error): the link's own thread does
        the acks and retransmits; the table hears about them through its queue."""
        last: DisplayReport | None = None
        while True:
            s = status()
            report = DisplayReport(bool(s.connected), str(s.device or ""),
                                   int(s.resets_seen), str(s.last_error or ""))
            if report != last:
                with contextlib.suppress(PitbossError):
                    await self.submit(report)
                last = report
            await asyncio.sleep(interval)

    # ------------------------------------------------------------ the turn
    async def _run(self) -> None:
        assert self._loop is not None and self._queue is not None
        while True:
            command, future = await self._queue.get()
            if command is None:
                break
            if command is _BARRIER:
                _answer(future, reply={})
                continue
            try:
                reply, rendered = await self._loop.run_in_executor(
                    self._worker, self._turn, command, self._watched())
            except PitbossError as err:
                _answer(future, error=err)
                continue
            except Exception as err:  # a bug must not stop the table
                log.exception("table: %r failed", command)
                _answer(future, error=err)
                continue
            self.turns += 1
            self._publish(rendered)
            _answer(future, reply=reply)
            self._observe()
        while not self._queue.empty():
            _, future = self._queue.get_nowait()
            _answer(future, error=TableError("shutting_down", "The table is shutting down."))

    def _watched(self) -> set[tuple[str, int]]:
        """The pictures someone is subscribed to: (audience, seat); seat 0 but for SEAT."""
        return {(s.audience, s.seat if s.audience == SEAT else 0) for s in self.subscribers}

    def _turn(self, command: Command, watched: set[tuple[str, int]]
              ) -> tuple[dict[str, Any], Rendered]:
        """On the table's thread: handle, then render each watched picture once (JSON text
        shared by all its subscribers; nobody watching, nothing rendered) and the display.
        A subscriber that joins meanwhile gets its first picture from :meth:`subscribe`."""
        reply = {**self.table.handle(command), "version": self.table.version}
        rendered = {key: self._render_one(self.table, *key) for key in watched}
        if self.display is not None:
            try:
                self.display.update(display_state(self.table))
            except Exception:  # the display is a projection: never let it stop the table
                log.exception("display update failed")
        return reply, rendered

    @staticmethod
    def _render_one(table: Table, audience: str, seat: int) -> tuple[int, str]:
        if audience == DEALER:
            view = dealer_view(table)
        elif audience == SEAT:
            view = seat_table_view(table, seat)
        else:
            view = public_table_view(table)
        message = {"type": "state", "audience": audience, "version": table.version,
                   "view": view}
        if audience == SEAT:
            message["seat"] = seat
        return table.version, json.dumps(message, separators=(",", ":"))

    def _observe(self) -> None:
        """Tell the observers a turn is done (on the event loop, before the next turn)."""
        for observer in list(self.observers):
            try:
                observer.after_turn(self.table)
            except Exception:  # an observer is a show: never let it stop the table
                log.exception("table observer %r failed", observer)

    def _publish(self, rendered: Rendered) -> None:
        for sub in list(self.subscribers):
            found = rendered.get((sub.audience, sub.seat if sub.audience == SEAT else 0))
            if found is not None:
                sub.offer(*found)


def _answer(future: asyncio.Future[Any] | None, reply: dict[str, Any] | None = None,
            error: BaseException | None = None) -> None:
    if future is None and error is not None:
        log.warning("table: a camera event was not handled: %s", error)
    if future is None or future.done():
        return
    with contextlib.suppress(asyncio.InvalidStateError):
        if error is not None:
            future.set_exception(error)
        else:
            future.set_result(reply)
