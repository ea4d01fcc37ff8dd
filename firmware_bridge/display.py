"""Table state -> what each LED module and lamp shows; sends only changes, rate-limited.

The input is a small, plain :class:`DisplayState` (the live table builds one from its
engine state after every event; ``DisplayState.from_dict`` takes the same as JSON).
:func:`render` is pure: state in, the full wanted picture out (one command per module
and lamp). :class:`Display` compares that with what it last handed to the link and
passes on only the differences, at most once per ``min_interval`` (a burst of events
collapses into its last state; the final state is always sent).

Layout (hardware_docs/display-hardware.md): module 0 = POT, module 1 = BET (to call), module
``seat + 1`` = seat ``seat`` (seats 1..10); lamps ``2*(seat-1)`` (status) and
``2*(seat-1)+1`` (dealer button).

>>> state = DisplayState(pot=1250, to_call=50, seat_to_act=2,
...     seats={1: SeatView("Anna", 985, "CALL"), 2: SeatView("Ben", 2400, button=True)})
>>> picture = render(state, Layout(modules=4, lamps=4))
>>> [picture[("digits", m)].text for m in range(4)]
['1,250', '50', 'CALL 985', 'Ben 2,400']
>>> picture[("lamp", 2)]
SetLamp(lamp=2, red=0, green=48, blue=0, blink=False)
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any, Protocol

from firmware_bridge.firmware import segments
from firmware_bridge.messages import Blink, BoardInfo, Command, DisplayError, SetLamp, SetText

POT_MODULE = 0
BET_MODULE = 1
HAND_OVER_BLINK_MS = 800

# Lamp colours, kept dim: a card room is dark and WS2812s are blinding at full power.
OFF = (0, 0, 0)
COLOURS = {
    "waiting": (6, 6, 6),
    "to-act": (0, 48, 0),
    "folded": OFF,
    "all-in": (48, 12, 0),
    "out": OFF,
    "winner": (48, 32, 0),
    "button": (24, 24, 24),
}


class SeatStatus(StrEnum):
    WAITING = "waiting"
    TO_ACT = "to-act"
    FOLDED = "folded"
    ALL_IN = "all-in"
    OUT = "out"  # sitting out: name and stack shown, lamp off


@dataclass(frozen=True)
class SeatView:
    """One occupied seat as the display shows it."""

    name: str = ""
    stack: int = 0
    action: str = ""  # last action word: CALL, RAISE, BET, CHECK, POST...
    status: SeatStatus = SeatStatus.WAITING
    button: bool = False

    def __post_init__(self) -> None:
        if self.stack < 0:
            raise DisplayError(f"stack {self.stack} is negative", "bad_stack")
        object.__setattr__(self, "status", SeatStatus(self.status))


@dataclass(frozen=True)
class DisplayState:
    """Everything the LED display shows; seats are keyed by seat number (1..10)."""

    pot: int = 0
    to_call: int = 0
    seat_to_act: int | None = None
    seats: Mapping[int, SeatView] = field(default_factory=dict)
    hand_over: bool = False
    winner_text: str = ""
    winners: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        if self.pot < 0 or self.to_call < 0:
            raise DisplayError("pot and bet to call cannot be negative", "bad_amount")

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> DisplayState:
        """Build from plain JSON-like data (seat numbers may be strings).

        >>> s = DisplayState.from_dict({"pot": 30, "seats": {"3": {"name": "Cy", "stack": 70}}})
        >>> s.seats[3].name, s.seats[3].status
        ('Cy', <SeatStatus.WAITING: 'waiting'>)
        """
        seats = {int(k): SeatView(**v) for k, v in dict(data.get("seats", {})).items()}
        rest = {k: v for k, v in data.items() if k != "seats"}
        if "winners" in rest:
            rest["winners"] = tuple(rest["winners"])
        return cls(seats=seats, **rest)


@dataclass(frozen=True)
class Layout:
    """How many modules, lamps and digits the board has (from its HELLO)."""

    modules: int = 12
    lamps: int = 20
    digits: int = 8

    @classmethod
    def for_board(cls, info: BoardInfo) -> Layout:
        return cls(info.modules, info.lamps, info.digits)

    @property
    def seats(self) -> int:
        return max(0, self.modules - 2)


def format_chips(amount: int, width: int = 8) -> str:
    """Chip counts with thousands separators (shown as decimal points on the chips).

    >>> format_chips(1250), format_chips(12345678), format_chips(123456789)
    ('1,250', '12,345,678', '123,456k')
    """
    text = f"{amount:,}"
    if segments.glyph_count(text) > width:
        text = f"{amount // 1000:,}k"
    return text


def clean_word(word: str) -> str:
    """Keep only characters the 7-segment font can show (no points: they are separators)."""
    return "".join(ch for ch in word if ch in segments.FONT).strip()


def fit(word: str, number: str, width: int) -> str:
    """``word`` then ``number`` right-aligned in ``width`` digits; the number wins space.

    >>> fit("RAISE", "1,250", 8), fit("Anna", "12,400", 8), fit("CALL", "", 8)
    ('RAI 1,250', 'An 12,400', 'CALL')
    """
    room = width - segments.glyph_count(number) - (1 if number else 0)
    word = clean_word(word)[: max(0, room)].strip()
    if not word:
        return number
    if not number:
        return word
    pad = width - segments.glyph_count(word) - segments.glyph_count(number)
    return word + " " * pad + number


def seat_text(view: SeatView, width: int) -> str:
    if view.status is SeatStatus.ALL_IN and view.stack == 0:
        return "ALL IN"
    word = "FOLD" if view.status is SeatStatus.FOLDED else (view.action or view.name)
    return fit(word, format_chips(view.stack, width), width)


def seat_lamp(state: DisplayState, seat: int, view: SeatView) -> SetLamp:
    lamp = 2 * (seat - 1)
    if state.hand_over and seat in state.winners:
        return SetLamp(lamp, *COLOURS["winner"], blink=True)
    status = view.status
    if status is SeatStatus.WAITING and seat == state.seat_to_act:
        status = SeatStatus.TO_ACT
    return SetLamp(lamp, *COLOURS[status.value])


def render(state: DisplayState, layout: Layout = Layout()) -> dict[tuple[str, int], Command]:
    """The whole wanted picture: text for every module, blink for POT, every lamp."""
    width = layout.digits
    picture: dict[tuple[str, int], Command] = {}

    def put(command: Command) -> None:
        key = command.key
        assert key is not None
        picture[key] = command

    if state.hand_over:
        put(SetText(POT_MODULE, fit(state.winner_text, "", width) or format_chips(state.pot)))
        put(SetText(BET_MODULE, ""))
    else:
        put(SetText(POT_MODULE, format_chips(state.pot, width)))
        put(SetText(BET_MODULE, format_chips(state.to_call, width) if state.to_call else ""))
    put(Blink(POT_MODULE, HAND_OVER_BLINK_MS if state.hand_over else 0))
    for seat in range(1, layout.seats + 1):
        view = state.seats.get(seat)
        put(SetText(seat + 1, seat_text(view, width) if view else ""))
        if 2 * seat <= layout.lamps:
            on = view is not None and view.button
            status = seat_lamp(state, seat, view) if view else SetLamp(2 * (seat - 1), *OFF)
            put(status)
            put(SetLamp(2 * seat - 1, *(COLOURS["button"] if on else OFF)))
    return picture


class Sink(Protocol):
    """What :class:`Display` needs from a link (DisplayLink has it)."""

    def set(self, *commands: Command) -> None: ...


class Display:
    """Feeds the link: only changed commands, at most once per ``min_interval`` seconds.

    ``update`` never blocks; a state that arrives too soon is held and sent when the
    interval is up (by a timer thread), replaced by any newer state meanwhile. With a
    :class:`~firmware_bridge.link.DisplayLink` it follows the board's size from its
    HELLO (a board with six seats gets six seats' worth of commands).
    """

    def __init__(
        self,
        link: Sink,
        layout: Layout = Layout(),
        min_interval: float = 0.05,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.link = link
        self.layout = layout
        self.min_interval = min_interval
        self.clock = clock
        self._lock = threading.Lock()
        self._sent: dict[tuple[str, int], Command] = {}
        self._pending: DisplayState | None = None
        self._last_push = float("-inf")
        self._timer: threading.Timer | None = None
        self.pushes = 0

    def update(self, state: DisplayState) -> None:
        with self._lock:
            self._pending = state
            wait = self._last_push + self.min_interval - self.clock()
            if wait <= 0:
                self._push_locked()
            elif self._timer is None:
                self._timer = threading.Timer(wait, self._deferred)
                self._timer.daemon = True
                self._timer.start()

    def set_layout(self, layout: Layout) -> None:
        """The board told us its size (HELLO): forget what was sent, render again."""
        with self._lock:
            self.layout = layout
            self._sent.clear()

    def flush(self) -> None:
        """Send a held state now (e.g. at shutdown or in tests)."""
        with self._lock:
            self._push_locked()

    def _board_layout(self) -> Layout | None:
        """The connected board's size, if the link knows it (DisplayLink does)."""
        status = getattr(self.link, "status", None)
        board = status().board if callable(status) else None
        return Layout.for_board(board) if isinstance(board, BoardInfo) else None

    def _deferred(self) -> None:
        with self._lock:
            self._timer = None
            self._push_locked()

    def _push_locked(self) -> None:
        state, self._pending = self._pending, None
        if state is None:
            return
        board = self._board_layout()
        if board is not None and board != self.layout:
            self.layout = board
            self._sent.clear()
        picture = render(state, self.layout)
        changes = [c for k, c in picture.items() if self._sent.get(k) != c]
        self._sent.update(picture)
        self._last_push = self.clock()
        if changes:
            self.pushes += 1
            self.link.set(*changes)
