"""The hand: start it, actions, the shoe's cards, and the dealer's corrections."""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Path

from controller.api.deps import DealerAuth, LoopDep
from controller.api.routes.common import ERRORS, run
from controller.api.schemas import (
    ActionCreate,
    CardCreate,
    CardReplaceCreate,
    CommandPublic,
    ExposeCreate,
    HandCreate,
    ShoeCreate,
    TurnCreate,
)
from controller.cards import parse_card
from controller.engine import Declaration, Discard, PlayerAction, event_from_dict
from controller.engine.events import BoardTurn, Choice
from controller.table import commands as cmd
from controller.table.irregular import TableError

router = APIRouter(prefix="/api", tags=["hand"], dependencies=[DealerAuth], responses=ERRORS)


@router.post("/hands", response_model=CommandPublic)
async def start_hand(body: HandCreate, loop: LoopDep) -> CommandPublic:
    """Deal the next hand (the engine checks every stack covers the game's reserve)."""
    return await run(loop, cmd.StartHand(body.game))


@router.post("/hand/actions", response_model=CommandPublic)
async def act(body: ActionCreate, loop: LoopDep) -> CommandPublic:
    """A seat's bet, call, raise, fold, check, draw or declaration, entered by the dealer."""
    raw: dict[str, Any] = body.model_dump(exclude_none=True)
    event = event_from_dict(raw)
    if not isinstance(event, (PlayerAction, Discard, Declaration, Choice)):
        raise TableError("bad_request", "An action needs a seat and an action word.")
    return await run(loop, cmd.TabletAction(event))


@router.post("/hand/turn", response_model=CommandPublic)
async def turn_board_card(body: TurnCreate, loop: LoopDep) -> CommandPublic:
    """The dealer turns a board card face up (games with a board of named slots)."""
    return await run(loop, cmd.TabletAction(BoardTurn(body.slot)))


@router.post("/hand/cards", response_model=CommandPublic)
async def enter_card(body: CardCreate, loop: LoopDep) -> CommandPublic:
    """Enter a card by hand (the camera could not read it)."""
    return await run(loop, cmd.EnterCard(parse_card(body.card)))


@router.post("/hand/cards/replace", response_model=CommandPublic)
async def replace_card(body: CardReplaceCreate, loop: LoopDep) -> CommandPublic:
    """The camera misread a card: say what it really was and why (logged)."""
    return await run(loop, cmd.ReplaceCard(parse_card(body.old), parse_card(body.new),
                                           body.reason))


@router.post("/hand/cards/expose", response_model=CommandPublic)
async def expose_card(body: ExposeCreate, loop: LoopDep) -> CommandPublic:
    """A down card was shown by accident: it becomes an up card."""
    return await run(loop, cmd.ExposeCard(body.seat, parse_card(body.card)))


@router.post("/hand/undo", response_model=CommandPublic)
async def undo(loop: LoopDep) -> CommandPublic:
    """Take back the last accepted event of the hand."""
    return await run(loop, cmd.UndoLast())


@router.post("/hand/misdeal", response_model=CommandPublic)
async def misdeal(loop: LoopDep) -> CommandPublic:
    """Void the hand: every chip goes back to its owner."""
    return await run(loop, cmd.DeclareMisdeal())


@router.post("/irregularities/{number}/dismiss", response_model=CommandPublic)
async def dismiss(number: Annotated[int, Path(ge=1, le=1_000_000)],
                  loop: LoopDep) -> CommandPublic:
    """The dealer has dealt with an irregularity."""
    return await run(loop, cmd.DismissIrregularity(number))


@router.post("/shoe", response_model=CommandPublic)
async def shoe(body: ShoeCreate, loop: LoopDep) -> CommandPublic:
    """A reading from a shoe running in another process (same rules as the camera)."""
    if body.card is not None:
        return await run(loop, cmd.CameraCard(parse_card(body.card), body.confidence))
    if body.problem is None:
        raise TableError("bad_request", "Send a card or a problem (unreadable, together).")
    return await run(loop, cmd.CameraProblem(body.problem))
