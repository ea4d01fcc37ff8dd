"""Broadcast mode: live odds on the table screen, off the table loop, after a delay.

Issue 11 item 2 ("who may see it"). Equities say something about every down
card, so during a hand they are **off by default**: nothing is priced and the
streams carry no odds. The dealer turns broadcast mode on for a stream
(``POST /api/odds/broadcast``); then after every turn that changes what the
cards say (a card dealt, a fold, a declaration), :class:`OddsBroadcaster`:

1. takes the hand's frozen state (the engine's states are immutable, so another
   thread may read it) and prices it on its **own** worker thread with a time
   budget, never on the table's thread: the single writer is never delayed;
2. sends the answer, a ``{"type": "odds", ...}`` message, to the dealer's
   stream at once;
3. sends it to the public stream (``/ws/table``) only ``delay`` seconds later, if
   broadcast mode is still on then (a stream shows the table some seconds late;
   the odds must not run ahead of the pictures). Turning broadcast off drops
   every message still waiting. A player's stream never gets odds.

While it computes, newer states wait in a one-slot mailbox (the newest wins), so
a fast deal never builds a backlog. After a restart broadcast mode is off again.

>>> BroadcastSettings(on=True, delay=30).as_dict()
{'on': True, 'delay': 30.0}
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from controller.engine import CardDealt, HandState
from controller.table.core import Table
from controller.table.irregular import TableError
from controller.table.loop import DEALER, PUBLIC, Subscriber, TableLoop

__all__ = ["MAX_DELAY", "BroadcastSettings", "OddsBroadcaster", "broadcaster_of"]

log = logging.getLogger(__name__)

MAX_DELAY = 3600.0  # an hour: longer than any stream delay


@dataclass(frozen=True)
class BroadcastSettings:
    """Broadcast mode: ``on`` and the public ``delay`` in seconds."""

    on: bool = False
    delay: float = 0.0

    def __post_init__(self) -> None:
        if not 0 <= self.delay <= MAX_DELAY:
            raise TableError("bad_delay", f"The broadcast delay is 0 to {MAX_DELAY:.0f} "
                             f"seconds, not {self.delay}.")

    def as_dict(self) -> dict[str, Any]:
        return {"on": self.on, "delay": float(self.delay)}


@dataclass(frozen=True)
class _Snapshot:
    hand: int
    version: int
    state: HandState

    @property
    def key(self) -> tuple[Any, ...]:
        """What the equities depend on: the cards out, who is live, the declarations."""
        s = self.state
        cards = sum(1 for e in s.log if isinstance(e, CardDealt))
        return self.hand, cards, tuple((p.live, p.declared) for p in s.players)


def _push(sub: Subscriber, text: str) -> None:
    """Queue a message outside the versioned pictures (drop the oldest when full)."""
    if sub.queue.full():
        sub.queue.get_nowait()
        sub.dropped += 1
    sub.queue.put_nowait(text)


class OddsBroadcaster:
    """Prices the hand in progress off the table loop and sends odds to the streams.

    Create it inside the running event loop; it registers itself with ``loop``
    (:attr:`TableLoop.observers`) and is closed when the loop stops."""

    def __init__(self, loop: TableLoop, budget: float = 0.5, max_error: float = 0.01) -> None:
        self.loop, self.budget, self.max_error = loop, budget, max_error
        self.settings = BroadcastSettings()
        self.latest: dict[str, Any] | None = None  # the last odds released to the public
        self.latest_dealer: dict[str, Any] | None = None
        self.released = 0  # public messages sent (tests, the dealer's status)
        self._pool = ThreadPoolExecutor(max_workers=1, thread_name_prefix="odds")
        self._mailbox: _Snapshot | None = None
        self._task: asyncio.Task[None] | None = None
        self._key: tuple[Any, ...] | None = None
        self._generation = 0
        self._timers: list[asyncio.TimerHandle] = []
        loop.observers.append(self)

    # ------------------------------------------------------------ settings
    async def configure(self, on: bool, delay: float) -> BroadcastSettings:
        """Turn broadcast mode on or off; on, the hand in progress is priced at once."""
        self.settings = BroadcastSettings(on, delay)
        if not on:
            self._generation += 1  # odds waiting for their delay are never released
            for timer in self._timers:
                timer.cancel()
            self._timers.clear()
            self._mailbox, self._key, self.latest, self.latest_dealer = None, None, None, None
            return self.settings
        snap = await self.loop.call(_snapshot)
        self._offer(snap)
        return self.settings

    # ------------------------------------------------------------ the loop's hooks
    def after_turn(self, table: Table) -> None:
        """Called by the table loop after each turn (on the event loop, between turns)."""
        if self.settings.on:
            self._offer(_snapshot(table))

    def close(self) -> None:
        for timer in self._timers:
            timer.cancel()
        if self._task is not None:
            self._task.cancel()
        self._pool.shutdown(wait=True, cancel_futures=True)

    # ------------------------------------------------------------ pricing
    def _offer(self, snap: _Snapshot | None) -> None:
        if snap is None or snap.key == self._key:
            return
        self._key, self._mailbox = snap.key, snap
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._drain(),
                                                                name="odds-broadcast")

    async def _drain(self) -> None:
        running = asyncio.get_running_loop()
        while self._mailbox is not None:
            snap, self._mailbox = self._mailbox, None
            generation = self._generation
            try:
                message = await running.run_in_executor(self._pool, self._price, snap)
            except Exception:  # odds are a show: never let them trouble the table
                log.exception("odds for hand %s could not be priced", snap.hand)
                continue
            if generation == self._generation and self.settings.on:
                self._release(message)

    def _price(self, snap: _Snapshot) -> dict[str, Any]:
        """On the odds thread: the message for ``snap`` (every card known to the table)."""
        from controller.odds.replay import price_state, street_name

        s = snap.state
        odds, method, note = price_state(s, seed=snap.hand * 1000 + len(s.log),
                                         max_error=self.max_error, max_time=self.budget)
        return {"type": "odds", "hand": snap.hand, "version": snap.version,
                "street": street_name(s), "method": method, "note": note,
                "equities": [o.as_dict() for o in odds]}

    # ------------------------------------------------------------ sending
    def _release(self, message: dict[str, Any]) -> None:
        text = json.dumps(message, separators=(",", ":"))
        self.latest_dealer = message
        self._send(DEALER, text)
        generation, delay = self._generation, self.settings.delay
        if delay <= 0:
            self._public(message, text, generation)
            return
        running = asyncio.get_running_loop()
        self._timers = [t for t in self._timers if t.when() > running.time()]
        self._timers.append(running.call_later(delay, self._public, message, text, generation))

    def _public(self, message: dict[str, Any], text: str, generation: int) -> None:
        if generation != self._generation or not self.settings.on:
            return
        self.latest = message
        self.released += 1
        self._send(PUBLIC, text)

    def _send(self, audience: str, text: str) -> None:
        for sub in list(self.loop.subscribers):
            if sub.audience == audience:  # never a player's stream: odds reveal down cards
                with contextlib.suppress(asyncio.QueueEmpty, asyncio.QueueFull):
                    _push(sub, text)


def _snapshot(table: Table) -> _Snapshot | None:
    """The hand in progress (None between hands or once it is over)."""
    state = table.state
    if state is None or state.result is not None or not state.log:
        return None
    return _Snapshot(table.hand_no, table.version, state)


def broadcaster_of(loop: TableLoop) -> OddsBroadcaster:
    """The loop's broadcaster, created (off) the first time it is asked for."""
    found = next((o for o in loop.observers if isinstance(o, OddsBroadcaster)), None)
    return found if found is not None else OddsBroadcaster(loop)
