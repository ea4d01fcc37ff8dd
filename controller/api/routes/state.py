"""Reading the table: the public picture, the dealer's, one seat's."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path, Request

from controller.api.deps import Credentials, GuardDep, LoopDep, client_of, require_dealer, token_of
from controller.api.routes.common import ERRORS
from controller.table.loop import DEALER, PUBLIC, SEAT
from controller.table.seating import MAX_SEAT

router = APIRouter(prefix="/api/state", tags=["state"], responses=ERRORS)

SeatPath = Annotated[int, Path(ge=1, le=MAX_SEAT)]


@router.get("")
async def read_public(loop: LoopDep) -> dict[str, Any]:
    """What the table screen shows: no down card before showdown."""
    return await loop.view(PUBLIC)


@router.get("/dealer")
async def read_dealer(loop: LoopDep, request: Request, guard: GuardDep,
                      credentials: Credentials) -> dict[str, Any]:
    """Everything, for the dealer's tablet (dealer token)."""
    require_dealer(request, guard, credentials)
    return await loop.view(DEALER)


@router.get("/seats/{seat}")
async def read_seat(seat: SeatPath, loop: LoopDep, request: Request, guard: GuardDep,
                    credentials: Credentials) -> dict[str, Any]:
    """One player's view: the public picture plus their own down cards (seat token)."""
    guard.seat(seat, token_of(credentials), client_of(request))
    return await loop.view(SEAT, seat)
