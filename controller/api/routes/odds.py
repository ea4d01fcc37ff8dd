"""Broadcast mode (issue 11 item 2): the dealer turns live odds on for the table screen.

* ``POST /api/odds/broadcast`` ``{"on": true, "delay": 30}`` (dealer): odds go to the
  dealer's stream at once and to ``/ws/table`` ``delay`` seconds later, as
  ``{"type": "odds", "hand", "street", "equities": [...]}`` messages; ``{"on": false}``
  stops them and drops any still waiting for their delay;
* ``GET /api/odds/broadcast``: whether it is on, and the delay;
* ``GET /api/odds``: the last odds released to the public (a table screen that
  reloads shows them again; ``null`` when broadcast mode is off).

Off by default, and off again after a restart: equities reveal down cards.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter
from pydantic import BaseModel, ConfigDict, Field

from controller.api.deps import DealerAuth, LoopDep
from controller.api.routes.common import ERRORS
from controller.table.broadcast import MAX_DELAY, broadcaster_of

__all__ = ["router"]

router = APIRouter(prefix="/api/odds", tags=["odds"], responses=ERRORS)


class BroadcastCreate(BaseModel):
    model_config = ConfigDict(extra="forbid")

    on: bool = Field(description="show live odds on the table screen")
    delay: float = Field(0.0, ge=0, le=MAX_DELAY,
                         description="seconds the table screen's odds lag behind the table "
                                     "(a stream's delay); the dealer's stream gets them at once")


class BroadcastPublic(BaseModel):
    on: bool
    delay: float


@router.post("/broadcast", response_model=BroadcastPublic, dependencies=[DealerAuth])
async def set_broadcast(body: BroadcastCreate, loop: LoopDep) -> BroadcastPublic:
    """Turn broadcast mode on (with a delay) or off (dealer)."""
    settings = await broadcaster_of(loop).configure(body.on, body.delay)
    return BroadcastPublic(**settings.as_dict())


@router.get("/broadcast", response_model=BroadcastPublic)
async def get_broadcast(loop: LoopDep) -> BroadcastPublic:
    """Whether broadcast mode is on, and its delay."""
    return BroadcastPublic(**broadcaster_of(loop).settings.as_dict())


@router.get("")
async def latest_odds(loop: LoopDep) -> dict[str, Any]:
    """The last odds the table screen was sent (after the delay), or ``null``."""
    b = broadcaster_of(loop)
    return {"broadcast": b.settings.as_dict(), "odds": b.latest if b.settings.on else None}
