"""What the pages need beyond the table's own API, each small and self-contained:

* ``GET /api/games``: the catalogue with each game's rules summary (the tablet's
  "next game" picker);
* ``GET /api/ledger``: the session's ledger and settle-up (dealer);
* ``POST /api/seats/{seat}/token``: a fresh join token for a seat (dealer);
  ``POST /api/qr``: a join link as a QR code, SVG (dealer);
* ``POST /api/shoe/unreadable``: the shoe could not read a card, with the crop
  image of its corner; ``GET /api/irregularities/{number}/crop``: that image (dealer);
* ``GET /api/state/actions``: the hand's actions so far, public (the table screen's
  "last action").
"""

from __future__ import annotations

import base64
import binascii
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Request
from fastapi.responses import Response
from pydantic import BaseModel, ConfigDict, Field

from controller.api.deps import DealerAuth, GuardDep, LoopDep, keep_tokens
from controller.api.routes.common import ERRORS
from controller.api.schemas import CommandPublic
from controller.log.report import ledger_dict
from controller.table import commands as cmd
from controller.table.core import Table
from controller.table.irregular import TableError
from controller.table.seating import MAX_SEAT
from controller.variants.catalogue import GAMES
from controller.web.actions import public_actions
from controller.web.qr import qr_svg
from controller.web.summary import game_summary

__all__ = ["report_unreadable", "router"]

router = APIRouter(tags=["pages"], responses=ERRORS)
dealer = APIRouter(dependencies=[DealerAuth])

SeatPath = Annotated[int, Path(ge=1, le=MAX_SEAT)]
CROPS_KEPT = 32  # unreadable-card images kept for the tablet (oldest dropped)
_IMAGE_SIGNATURES = {b"\x89PNG\r\n\x1a\n": "image/png", b"\xff\xd8\xff": "image/jpeg"}


class _Body(BaseModel):
    model_config = ConfigDict(extra="forbid")


class QrCreate(_Body):
    text: str = Field(min_length=1, max_length=512, description="the link to encode")


class QrPublic(BaseModel):
    svg: str


class SeatTokenPublic(BaseModel):
    seat: int
    token: str


class CropCreate(_Body):
    image: str = Field(min_length=8, max_length=400_000,
                       description="the card corner as a base64 PNG or JPEG")


@router.get("/api/games")
async def games() -> list[dict[str, Any]]:
    """Every game in the catalogue with its rules summary (streets, deck, limits)."""
    return [game_summary(g) for g in GAMES]


@router.get("/api/state/actions")
async def hand_actions(loop: LoopDep) -> dict[str, Any]:
    """The hand's betting actions, draws (how many cards) and declarations (not which way)."""
    def read(t: Table) -> dict[str, Any]:
        return {"version": t.version, "hand_no": t.hand_no,
                "step": t.state.step if t.state is not None else -1,
                "actions": public_actions(t.start, t.state)}
    return await loop.call(read)  # type: ignore[no-any-return]


@dealer.get("/api/ledger")
async def ledger(loop: LoopDep) -> dict[str, Any]:
    """Buy-ins, rebuys, cash-outs, the bank check and who pays whom (once it balances)."""
    def read(t: Table) -> dict[str, Any]:
        if t.log is None:
            raise TableError("no_session", "No session has been opened yet.")
        return ledger_dict(t.log.info, t.log.ledger)
    return await loop.call(read)  # type: ignore[no-any-return]


@dealer.post("/api/seats/{seat}/token", response_model=SeatTokenPublic)
async def new_seat_token(seat: SeatPath, loop: LoopDep, guard: GuardDep) -> SeatTokenPublic:
    """A new token for the player in ``seat`` (their earlier link stops working)."""
    seated = await loop.call(lambda t: seat in t.seats)
    if not seated:
        raise TableError("empty_seat", f"Nobody sits in seat {seat}.")
    token = guard.issue_seat(seat)
    await keep_tokens(loop, guard)
    return SeatTokenPublic(seat=seat, token=token)


@dealer.post("/api/qr", response_model=QrPublic)
async def qr(body: QrCreate) -> QrPublic:
    """``text`` (a player's join link) as a QR code, inline SVG."""
    return QrPublic(svg=qr_svg(body.text))


def _decode(image: str) -> tuple[bytes, str]:
    try:
        data = base64.b64decode(image, validate=True)
    except (binascii.Error, ValueError):
        raise TableError("bad_request", "The crop image is not valid base64.") from None
    kind = next((k for sig, k in _IMAGE_SIGNATURES.items() if data.startswith(sig)), None)
    if kind is None:
        raise TableError("bad_request", "The crop image must be a PNG or a JPEG.")
    return data, kind


async def report_unreadable(app: Any, image: bytes, kind: str = "image/png") -> dict[str, Any]:
    """The shoe could not read a card: raise the irregularity and keep its crop for the
    tablet. For a shoe in this process, with a vision ``CardUnreadable`` event::

        asyncio.run_coroutine_threadsafe(report_unreadable(app, event.crop_png()), loop)
    """
    reply: dict[str, Any] = await app.state.table_loop.submit(cmd.CameraProblem("unreadable"))
    crops = _crops(app)
    crops[int(reply["irregularity"]["number"])] = (image, kind)
    while len(crops) > CROPS_KEPT:
        crops.popitem(last=False)
    return reply


@dealer.post("/api/shoe/unreadable", response_model=CommandPublic)
async def unreadable(body: CropCreate, request: Request) -> CommandPublic:
    """The shoe saw a card it could not read; the crop is kept for the dealer to look at."""
    image, kind = _decode(body.image)
    return CommandPublic(result=await report_unreadable(request.app, image, kind))


@dealer.get("/api/irregularities/{number}/crop",
            responses={200: {"content": {"image/png": {}, "image/jpeg": {}}}})
async def crop(number: Annotated[int, Path(ge=1, le=1_000_000)], request: Request) -> Response:
    """The image of an unreadable card, as the shoe's camera saw it."""
    found = _crops(request.app).get(number)
    if found is None:
        raise TableError("unknown_irregularity", f"There is no image for irregularity {number}.")
    return Response(found[0], media_type=found[1], headers={"Cache-Control": "no-store"})


def _crops(app: Any) -> OrderedDict[int, tuple[bytes, str]]:
    state = app.state
    if not hasattr(state, "page_crops"):
        state.page_crops = OrderedDict()
    return state.page_crops  # type: ignore[no-any-return]


router.include_router(dealer)
