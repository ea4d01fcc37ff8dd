"""Who sits where, with how many chips, where the button is and which game comes next.

Plain data the table keeps between hands (the engine only sees one hand at a
time). Seats are numbered 1..10 clockwise, as on the LED display.

>>> seats = {2: Seat(2, "Ben", 100), 5: Seat(5, "Cy", 100), 7: Seat(7, "Di", 0)}
>>> next_seat(seats, 5), next_seat(seats, 7)
(7, 2)
>>> Rotation(("asf", "stud")).after_hand().current
'stud'
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from typing import Any

__all__ = ["MAX_SEAT", "Rotation", "Seat", "next_seat"]

MAX_SEAT = 10  # the display has one module per seat, seats 1..10


@dataclass(frozen=True)
class Seat:
    """A seated player between hands (during a hand the engine holds the live stack)."""

    seat: int
    name: str
    stack: int
    sitting_out: bool = False

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "name": self.name, "stack": self.stack,
                "sitting_out": self.sitting_out}


def next_seat(seats: Mapping[int, Seat], after: int, playing: bool = False) -> int:
    """The first occupied seat clockwise after ``after`` (``playing``: not sitting out);
    0 when there is none."""
    order = sorted(s for s, info in seats.items() if not (playing and info.sitting_out))
    if not order:
        return 0
    return next((s for s in order if s > after), order[0])


@dataclass(frozen=True)
class Rotation:
    """The games dealt in turn (dealer's choice rotation); one game: a fixed game."""

    games: tuple[str, ...] = ("aces-straights-flushes",)
    options: Mapping[str, Any] = field(default_factory=dict)
    index: int = 0

    @property
    def current(self) -> str:
        return self.games[self.index % len(self.games)]

    def after_hand(self) -> Rotation:
        return replace(self, index=(self.index + 1) % len(self.games))

    def as_dict(self) -> dict[str, Any]:
        return {"games": list(self.games), "next": self.current, "options": dict(self.options)}
