"""A shoe with no camera: the next card of a seeded shuffled deck, as frames, read for real.

Each hand gets its own shuffled deck, seeded by the shoe's seed and the hand
number, so a demo or a test with the same seed deals the same cards (and the
renderer, seeded too, the same frames). :meth:`SimShoe.deal`
renders the card sliding past the shoe window (:class:`vision.synthetic.SyntheticShoe`)
and queues the frames for the shoe's reader thread
(:class:`controller.table.shoe.ShoeFeed` running the real
:class:`vision.reader.ShoeReader`), which hands what it reads to the table's queue
exactly as a camera would. The shoe never tells the table which card it dealt: the
table only learns what the vision pipeline read.

The next card skips every card the hand has already seen (a card the dealer entered
by hand) and every card this shoe already pushed out in the hand (a card the table
refused still left the shoe).

>>> deck = hand_deck(7, 3)
>>> len(deck), len(set(deck)), deck == hand_deck(7, 3), deck == hand_deck(7, 4)
(52, 52, True, False)
>>> len(hand_deck(7, 3, with_joker=True))
53
"""

from __future__ import annotations

import asyncio
import queue
import random
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any

from controller.cards import DECK_52, DECK_53, Card
from controller.errors import PitbossError
from controller.table.core import Table
from controller.table.shoe import ShoeFeed
from controller.variants.game import Deck

__all__ = ["DealResult", "SimError", "SimShoe", "deal_next", "hand_deck"]

DEFAULT_STYLE = "jumbo"  # the project's own deck: always installed, has a joker


class SimError(PitbossError):
    """The simulated shoe cannot deal now (no hand, no cards left, reader stuck)."""

    code = "sim_error"

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


def hand_deck(seed: int, hand: int, with_joker: bool = False, pack: int = 0) -> list[Card]:
    """The shoe's order for one hand: a shuffle seeded by (seed, hand); ``pack``: the
    fresh packs a hand dealt again is dealt from (Guts, a suicide king), each its own
    shuffle.

    >>> hand_deck(1, 2) == hand_deck(1, 2), hand_deck(1, 2) == hand_deck(1, 2, pack=1)
    (True, False)
    """
    deck = list(DECK_53 if with_joker else DECK_52)
    random.Random(f"{seed}/{hand}" + (f"/{pack}" if pack else "")).shuffle(deck)
    return deck


@dataclass(frozen=True)
class DealResult:
    """One card out of the simulated shoe: what left it and what the reader made of it."""

    card: Card
    events: tuple[Any, ...]
    frames: int
    seconds: float
    seen_at: float | None = None  # perf_counter when the reader got the deciding frame

    @property
    def read(self) -> str:
        """What the table was told: the card read, ``unreadable`` or ``together``."""
        if not self.events:
            return "nothing"
        first = self.events[0]
        card = getattr(first, "card", None)
        if isinstance(card, Card):
            return str(card)
        return "together" if type(first).__name__ == "CardsTogether" else "unreadable"

    def as_dict(self) -> dict[str, Any]:
        confidence = getattr(self.events[0], "confidence", None) if self.events else None
        return {"card": str(self.card), "read": self.read, "confidence": confidence,
                "frames": self.frames, "seconds": round(self.seconds, 4)}


_MARK = object()


class SimShoe:
    """The synthetic shoe feeding a reader thread; :meth:`start` it with the table's
    ``camera`` callback, then :meth:`choose` (on the table's thread) and :meth:`deal`."""

    def __init__(self, seed: int = 0, deck_style: str = DEFAULT_STYLE,
                 degrade: Any = None, fps: float = 60.0, realtime: bool = False) -> None:
        from vision.synthetic import SyntheticShoe

        self.seed = seed
        self.realtime, self.fps = realtime, fps  # realtime: frames at the camera's rate
        self.fed: dict[int, float] = {}  # frame number -> when the reader was handed it
        self._due = 0.0
        self.synthetic = SyntheticShoe(seed=seed, deck_style=deck_style, fps=fps,
                                       degrade=degrade)
        self.has_joker = bool(self.synthetic.style.has_joker)
        self.turn = asyncio.Lock()  # one card at a time: choose, then deal
        self.dealt_total = 0
        self.feed: ShoeFeed | None = None
        self._frames: queue.Queue[Any] = queue.Queue()
        self._events: list[Any] = []
        self._emit: Callable[[object], None] = lambda event: None
        self._hand: tuple[str, int] | None = None
        self._out: set[Card] = set()
        self._packs = 0  # fresh packs this hand has been dealt again from
        self._last_seen = 0  # the engine's seen cards at the last choice
        self._lock = threading.Lock()
        # One render thread, always in the same order (the renderer's random draws stay
        # seeded): while the reader reads a card, the next card of the deck is drawn.
        self._render = ThreadPoolExecutor(max_workers=1, thread_name_prefix="shoe-render")
        self._ahead: dict[Card, Future[list[Any]]] = {}

    # ------------------------------------------------------------ life
    def start(self, emit: Callable[[object], None], reader: Any = None) -> SimShoe:
        """Start the reader thread; every event it reads goes to ``emit`` (thread-safe)."""
        self._emit = emit
        self.feed = ShoeFeed(self._stream(), self._seen, reader).start()
        return self

    def close(self) -> None:
        self._frames.put(None)
        if self.feed is not None:
            self.feed.join(5.0)
        self._render.shutdown(wait=False, cancel_futures=True)

    def _stream(self) -> Iterator[Any]:
        while True:
            item = self._frames.get()
            if item is None:
                return
            if isinstance(item, tuple) and item[0] is _MARK:
                item[1].set()  # every frame before it has been read and reported
                continue
            if self.realtime:
                now = time.perf_counter()
                if self._due > now:
                    time.sleep(self._due - now)
                self._due = max(now, self._due) + 1.0 / self.fps
            if len(self.fed) > 4096:
                self.fed.clear()
            self.fed[item[0]] = time.perf_counter()
            yield item

    def _seen(self, event: object) -> None:
        self._events.append(event)
        self._emit(event)

    # ------------------------------------------------------------ dealing
    def choose(self, table: Table) -> Card:
        """The next card out of the shoe for the hand in progress (call on the table's
        thread, e.g. ``await loop.call(shoe.choose)``)."""
        state = table.state
        if state is None or state.result is not None or table.log is None:
            raise SimError("no_hand", "No hand is being dealt: start a hand, then deal.")
        key = (table.log.info.session, table.hand_no)
        if key != self._hand:
            self._hand, self._out, self._packs = key, set(), 0
            self._ahead.clear()
        elif state.seen == 0 and self._last_seen:
            # the hand is dealt again from a fresh pack (Guts' redeal, a suicide king):
            # every card is back in the shoe, shuffled anew
            self._out, self._packs = set(), self._packs + 1
            self._ahead.clear()
        self._last_seen = state.seen
        joker = state.game.deck is Deck.WITH_JOKER and self.has_joker
        left = [c for c in hand_deck(self.seed, key[1], joker, self._packs)
                if c not in self._out and not state.seen >> c.index & 1]
        if not left:
            raise SimError("shoe_empty", "The shoe is empty: every card of this hand is out.")
        self._out.add(left[0])
        for card in left[:2]:  # this card, and the likely next one, rendered ahead
            if card not in self._ahead:
                self._ahead[card] = self._render.submit(self.synthetic.deal, card)
        return left[0]

    def deal(self, card: Card, timeout: float = 20.0) -> DealResult:
        """Render ``card`` leaving the shoe, have the reader read it, and return what it
        reported (blocking: run it in a worker thread from async code)."""
        with self._lock:
            started = time.perf_counter()
            ahead = self._ahead.pop(card, None)
            frames = (ahead or self._render.submit(self.synthetic.deal, card)).result()
            self._events.clear()  # the last pass is over: its events were all reported
            first = 0
            done = threading.Event()
            for frame in self.synthetic.number(frames):
                self._frames.put(frame)
            self._frames.put((_MARK, done))
            if not done.wait(timeout):
                raise SimError("shoe_stuck", "The shoe's reader did not finish reading the "
                               f"card in {timeout:g} s.")
            self.dealt_total += 1
            events = tuple(self._events[first:])
            frame_no = getattr(events[0], "frame_no", None) if events else None
            return DealResult(card, events, len(frames), time.perf_counter() - started,
                              self.fed.get(frame_no) if frame_no is not None else None)


async def deal_next(loop: Any, sim: SimShoe) -> DealResult:
    """From the event loop: the next card out of ``sim`` into the table of ``loop`` (a
    :class:`~controller.table.loop.TableLoop`); returns once the table has handled what
    the reader reported."""
    async with sim.turn:
        card = await loop.call(sim.choose)
        result = await asyncio.to_thread(sim.deal, card)
        await loop.barrier()  # the reader's event is already queued: wait for its turn
    return result
