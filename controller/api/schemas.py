"""Request and response bodies: ``...Create`` comes in, ``...Public`` goes out.

Field bounds are declared here so the OpenAPI document states them and bad
input is refused (422, ``bad_request``) before it reaches the table.
"""

from __future__ import annotations

from typing import Any, Literal

from pydantic import BaseModel, ConfigDict, Field

from controller.engine.events import CHOICES
from controller.table.seating import MAX_SEAT

__all__ = [
    "ActionCreate",
    "ButtonCreate",
    "CardCreate",
    "CardReplaceCreate",
    "CommandPublic",
    "ErrorPublic",
    "ExposeCreate",
    "GameChoiceCreate",
    "HandCreate",
    "PauseCreate",
    "RebuyCreate",
    "SeatCreate",
    "SeatPublic",
    "SessionCreate",
    "ShoeCreate",
    "SitOutCreate",
    "TokenCreate",
    "TokenPublic",
    "TurnCreate",
]

MAX_CHIPS = 1_000_000_000
SeatNo = Field(ge=1, le=MAX_SEAT, description="seat number, 1..10 clockwise")
Chips = Field(ge=1, le=MAX_CHIPS, description="whole chips")
CardText = Field(min_length=1, max_length=8, description="a card such as 'As', 'Td' or 'Jk'")
OptionValue = int | bool | str


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class TokenCreate(_Body):
    pin: str = Field(min_length=1, max_length=64)


class TokenPublic(BaseModel):
    token: str
    role: Literal["dealer"] = "dealer"


class SessionCreate(_Body):
    table: str = Field(min_length=1, max_length=64, description="the table's name")
    chip_unit: str = Field("1", pattern=r"^[0-9]{1,9}(\.[0-9]{1,6})?$",
                           description="money per chip, e.g. 0.25")
    stakes: str = Field("", max_length=64)
    currency: str = Field("", max_length=8)
    pin: str | None = Field(None, min_length=4, max_length=64,
                            description="a new dealer PIN for the evening")


class SeatCreate(_Body):
    seat: int = SeatNo
    name: str = Field(min_length=1, max_length=40)
    buy_in: int = Chips


class SeatPublic(BaseModel):
    seat: int
    name: str
    stack: int
    sitting_out: bool
    token: str | None = Field(None, description="the player's own token (seating only)")


class RebuyCreate(_Body):
    chips: int = Chips


class SitOutCreate(_Body):
    out: bool = True


class ButtonCreate(_Body):
    seat: int = SeatNo


class GameChoiceCreate(_Body):
    games: list[str] = Field(min_length=1, max_length=40,
                             description="one game (fixed) or several (dealer's choice "
                                         "rotation), by id or alias")
    options: dict[str, OptionValue] = Field(default_factory=dict)


class HandCreate(_Body):
    game: str | None = Field(None, max_length=64,
                             description="deal this game instead of the rotation's next")


ACTION_WORDS = ("check", "bet", "call", "raise", "fold", "complete", "bring-in", "draw",
                "exchange", "stand-pat", "declare", *CHOICES)


class ActionCreate(_Body):
    seat: int = SeatNo
    action: str = Field(pattern="^(" + "|".join(ACTION_WORDS) + ")$",
                        description="a betting action, draw, declaration, or a card choice "
                                    "of the seed-004 games (buy, push, keep, pass, ...)")
    amount: int | None = Field(None, ge=0, le=MAX_CHIPS,
                               description="round total after a bet or raise")
    discard: list[str] | None = Field(None, max_length=7)
    way: Literal["high", "low", "both"] | None = None
    cards: list[str] | None = Field(None, max_length=7, description="cards a choice names")
    value: str | None = Field(None, max_length=32,
                              description="the rest of a choice (a market position, coins)")


class TurnCreate(_Body):
    slot: str = Field(min_length=1, max_length=32, description="the board slot to turn up")


class CardCreate(_Body):
    card: str = CardText


class ShoeCreate(_Body):
    card: str | None = Field(None, min_length=1, max_length=8, description="the card read")
    problem: Literal["unreadable", "together"] | None = None
    confidence: float = Field(1.0, ge=0, le=1)


class CardReplaceCreate(_Body):
    old: str = CardText
    new: str = CardText
    reason: str = Field(min_length=1, max_length=200)


class ExposeCreate(_Body):
    seat: int = SeatNo
    card: str = CardText


class PauseCreate(_Body):
    reason: str = Field("", max_length=200)


class CommandPublic(BaseModel):
    ok: bool = True
    result: dict[str, Any]


class ErrorDetail(BaseModel):
    code: str
    message: str


class ErrorPublic(BaseModel):
    error: ErrorDetail
