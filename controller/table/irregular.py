"""Irregularities: what the shoe did that the rules do not allow, shown to the dealer.

A card the engine does not expect (during betting, after the deal, a second
sighting, the joker in Aces Straights and Flushes), an unreadable card, two
cards at once, or an unshuffled-looking shoe is *not* applied: it becomes an
:class:`Irregularity` on the tablet until the dealer deals with it (enters the
card, replaces a misread, declares a misdeal, or dismisses it).

>>> Irregularity(1, "duplicate_card", "As has already been dealt.", "As").as_dict()["code"]
'duplicate_card'
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

__all__ = ["PROBLEM_MESSAGES", "Irregularity", "TableError"]

from controller.errors import PitbossError

PROBLEM_MESSAGES = {
    "unreadable": ("card_unreadable", "The shoe could not read a card: enter it by hand."),
    "together": ("cards_together", "Two cards came out of the shoe together: enter them by "
                 "hand in the order they were dealt, or declare a misdeal."),
}


class TableError(PitbossError):
    """A command the table refuses (no session, seat taken, paused...); nothing changes."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


@dataclass(frozen=True)
class Irregularity:
    """One problem waiting for the dealer; ``number`` counts from 1 in the session."""

    number: int
    code: str
    message: str
    card: str = ""
    hand: int = 0

    def as_dict(self) -> dict[str, Any]:
        return {"number": self.number, "code": self.code, "message": self.message,
                "card": self.card, "hand": self.hand}
