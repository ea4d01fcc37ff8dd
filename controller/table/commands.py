"""What can reach the table: frozen command records from the tablet, the shoe and the display.

Each record is one thing a person or a device asked for; :class:`~controller.table.core.Table`
decides whether it may happen. The tablet's commands come through the API, the
shoe's through :func:`camera_command` (which turns a vision event into one).

>>> from controller.cards import Card
>>> SeatPlayer(3, "Anna", 100)
SeatPlayer(seat=3, name='Anna', buy_in=100)
>>> camera_command(Card("As"))
CameraCard(card=Card('As'), confidence=1.0)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from controller.cards import Card
from controller.engine.events import BoardTurn, Choice, Declaration, Discard, PlayerAction

__all__ = [
    "CameraCard",
    "CameraProblem",
    "ChooseGame",
    "Command",
    "DeclareMisdeal",
    "DismissIrregularity",
    "DisplayReport",
    "EndSession",
    "EnterCard",
    "ExposeCard",
    "MoveButton",
    "OpenSession",
    "Pause",
    "Rebuy",
    "ReplaceCard",
    "Resume",
    "SeatPlayer",
    "SitOut",
    "StartHand",
    "TabletAction",
    "UndoLast",
    "UnseatPlayer",
    "camera_command",
]


# ---------------------------------------------------------------- the session

@dataclass(frozen=True)
class OpenSession:
    """Open the evening: table name, money per chip, stakes text."""

    table: str
    chip_unit: str = "1"
    stakes: str = ""
    currency: str = ""


@dataclass(frozen=True)
class SeatPlayer:
    """Sit a player down with a buy-in (chips bought from the bank)."""

    seat: int
    name: str
    buy_in: int


@dataclass(frozen=True)
class UnseatPlayer:
    """A player leaves: their stack is cashed out."""

    seat: int


@dataclass(frozen=True)
class Rebuy:
    seat: int
    chips: int


@dataclass(frozen=True)
class SitOut:
    """Keep a seat (and its chips) but leave it out of the next hands (``out=False``: back in)."""

    seat: int
    out: bool = True


@dataclass(frozen=True)
class MoveButton:
    seat: int


@dataclass(frozen=True)
class ChooseGame:
    """The next game(s): one id for a fixed game, several for a dealer's-choice rotation."""

    games: tuple[str, ...]
    options: dict[str, Any] = field(default_factory=dict, hash=False)


@dataclass(frozen=True)
class StartHand:
    """Deal the next hand (of the next game in the rotation unless ``game`` is given)."""

    game: str | None = None


@dataclass(frozen=True)
class EndSession:
    """End the evening: every seated player cashes out and the session closes."""


# ---------------------------------------------------------------- the hand

@dataclass(frozen=True)
class TabletAction:
    """What the dealer entered: a seat's betting action, draw, declaration or card choice
    (seed 004 games), or a board card turned over."""

    event: PlayerAction | Discard | Declaration | Choice | BoardTurn


@dataclass(frozen=True)
class CameraCard:
    """The shoe read a card."""

    card: Card
    confidence: float = 1.0


@dataclass(frozen=True)
class CameraProblem:
    """The shoe saw a card it could not read (``unreadable``) or two at once (``together``)."""

    kind: str


@dataclass(frozen=True)
class EnterCard:
    """Dealer correction: the card the camera could not read, entered by hand."""

    card: Card


@dataclass(frozen=True)
class ReplaceCard:
    """Dealer correction: the camera read ``old`` but the card was ``new``."""

    old: Card
    new: Card
    reason: str


@dataclass(frozen=True)
class ExposeCard:
    """Dealer correction: a down card was shown by accident."""

    seat: int
    card: Card


@dataclass(frozen=True)
class UndoLast:
    """Dealer correction: take back the last accepted event of the hand."""


@dataclass(frozen=True)
class DeclareMisdeal:
    """Dealer correction: void the hand; every chip goes back where it came from."""


@dataclass(frozen=True)
class Pause:
    reason: str = ""


@dataclass(frozen=True)
class Resume:
    pass


@dataclass(frozen=True)
class DismissIrregularity:
    """The dealer has dealt with irregularity ``number``."""

    number: int


@dataclass(frozen=True)
class DisplayReport:
    """The LED display link's state changed (connected, a board reset seen, an error)."""

    connected: bool
    device: str = ""
    resets: int = 0
    error: str = ""


Command = (OpenSession | SeatPlayer | UnseatPlayer | Rebuy | SitOut | MoveButton | ChooseGame
           | StartHand | EndSession | TabletAction | CameraCard | CameraProblem | EnterCard
           | ReplaceCard | ExposeCard | UndoLast | DeclareMisdeal | Pause | Resume
           | DismissIrregularity | DisplayReport)


def camera_command(event: object) -> CameraCard | CameraProblem:
    """A command for what the shoe reported: a :class:`~controller.cards.Card`, or a
    vision event (``CardSeen``, ``CardUnreadable``, ``CardsTogether``)."""
    if isinstance(event, Card):
        return CameraCard(event)
    card = getattr(event, "card", None)
    if isinstance(card, Card):
        return CameraCard(card, float(getattr(event, "confidence", 1.0)))
    name = type(event).__name__
    return CameraProblem("together" if name == "CardsTogether" else "unreadable")
