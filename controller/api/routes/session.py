"""The evening: open and end the session, seats, buy-ins, the button, the games, pauses."""

from __future__ import annotations

from typing import Annotated

from fastapi import APIRouter, Path

from controller.api.deps import DealerAuth, GuardDep, LoopDep, keep_tokens
from controller.api.routes.common import ERRORS, run
from controller.api.schemas import (
    ButtonCreate,
    CommandPublic,
    GameChoiceCreate,
    PauseCreate,
    RebuyCreate,
    SeatCreate,
    SeatPublic,
    SessionCreate,
    SitOutCreate,
)
from controller.table import commands as cmd
from controller.table.seating import MAX_SEAT

router = APIRouter(prefix="/api", tags=["session"], dependencies=[DealerAuth],
                   responses=ERRORS)

SeatPath = Annotated[int, Path(ge=1, le=MAX_SEAT)]


@router.post("/session", response_model=CommandPublic)
async def open_session(body: SessionCreate, loop: LoopDep, guard: GuardDep) -> CommandPublic:
    """Open the evening (table name, money per chip, stakes; optionally a new PIN)."""
    reply = await run(loop, cmd.OpenSession(body.table, body.chip_unit, body.stakes,
                                            body.currency))
    if body.pin is not None:
        guard.set_pin(body.pin)
    guard.revoke_all_seats()
    await keep_tokens(loop, guard)
    return reply


@router.post("/session/end", response_model=CommandPublic)
async def end_session(loop: LoopDep, guard: GuardDep) -> CommandPublic:
    """End the evening: everyone cashes out, the session closes (the bank must balance)."""
    reply = await run(loop, cmd.EndSession())
    guard.revoke_all_seats()
    await keep_tokens(loop, guard)
    return reply


@router.post("/seats", response_model=SeatPublic)
async def seat_player(body: SeatCreate, loop: LoopDep, guard: GuardDep) -> SeatPublic:
    """Seat a player with a buy-in; the reply carries the player's own token."""
    reply = await loop.submit(cmd.SeatPlayer(body.seat, body.name, body.buy_in))
    token = guard.issue_seat(body.seat)
    await keep_tokens(loop, guard)
    return SeatPublic(**reply["seat"], token=token)


@router.delete("/seats/{seat}", response_model=CommandPublic)
async def unseat_player(seat: SeatPath, loop: LoopDep, guard: GuardDep) -> CommandPublic:
    """The player leaves and cashes out their stack."""
    reply = await run(loop, cmd.UnseatPlayer(seat))
    guard.revoke_seat(seat)
    await keep_tokens(loop, guard)
    return reply


@router.post("/seats/{seat}/rebuy", response_model=CommandPublic)
async def rebuy(seat: SeatPath, body: RebuyCreate, loop: LoopDep) -> CommandPublic:
    """More chips for a seated player, between hands."""
    return await run(loop, cmd.Rebuy(seat, body.chips))


@router.post("/seats/{seat}/sit-out", response_model=CommandPublic)
async def sit_out(seat: SeatPath, body: SitOutCreate, loop: LoopDep) -> CommandPublic:
    """Leave a seat out of the next hands (``out: false`` deals it back in)."""
    return await run(loop, cmd.SitOut(seat, body.out))


@router.post("/button", response_model=CommandPublic)
async def move_button(body: ButtonCreate, loop: LoopDep) -> CommandPublic:
    """Put the dealer button on a seat (between hands)."""
    return await run(loop, cmd.MoveButton(body.seat))


@router.post("/games", response_model=CommandPublic)
async def choose_games(body: GameChoiceCreate, loop: LoopDep) -> CommandPublic:
    """The next game: one id for a fixed game, several for a dealer's-choice rotation."""
    return await run(loop, cmd.ChooseGame(tuple(body.games), dict(body.options)))


@router.post("/table/pause", response_model=CommandPublic)
async def pause(body: PauseCreate, loop: LoopDep) -> CommandPublic:
    """Stop the action (cards and bets are refused until resumed)."""
    return await run(loop, cmd.Pause(body.reason))


@router.post("/table/resume", response_model=CommandPublic)
async def resume(loop: LoopDep) -> CommandPublic:
    return await run(loop, cmd.Resume())
