"""WebSocket streams of the table's views: ``/ws/table``, ``/ws/dealer``, ``/ws/player/{seat}``.

Each message is one whole picture, ``{"type": "state", "audience", "version",
"view"}``; the first is the current picture, then one per change, in order.
``/ws/dealer`` needs the dealer's token and ``/ws/player/{seat}`` that seat's
token, as ``?token=`` (browsers cannot set headers on a WebSocket) or an
``Authorization: Bearer`` header. A refused socket is closed before it is
accepted (the client sees HTTP 403) with close code 4401 (no or wrong token),
4403 (another seat's token) or 4429 (too many attempts).
"""

from __future__ import annotations

import asyncio
import contextlib

from fastapi import APIRouter, WebSocket, WebSocketDisconnect

from controller.api.errors import AuthError
from controller.api.security import Guard
from controller.table.loop import DEALER, PUBLIC, SEAT, Subscriber, TableLoop

__all__ = ["router"]

router = APIRouter()

_CLOSE_CODES = {"forbidden": 4403, "too_many_attempts": 4429}


def _token(ws: WebSocket) -> str | None:
    token = ws.query_params.get("token")
    header = ws.headers.get("authorization", "")
    if not token and header.lower().startswith("bearer "):
        token = header[7:].strip()
    return token or None


def _client(ws: WebSocket) -> str:
    return ws.client.host if ws.client is not None else "unknown"


async def _pump(ws: WebSocket, sub: Subscriber) -> None:
    while True:
        await ws.send_text(await sub.queue.get())


async def _stream(ws: WebSocket, audience: str, seat: int = 0) -> None:
    loop: TableLoop = ws.app.state.table_loop
    await ws.accept()
    sub = await loop.subscribe(audience, seat)
    pump = asyncio.create_task(_pump(ws, sub))
    try:
        while True:
            await ws.receive_text()  # clients need not speak; this notices them leaving
    except WebSocketDisconnect:
        pass
    finally:
        loop.unsubscribe(sub)
        pump.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await pump


async def _refuse(ws: WebSocket, err: AuthError) -> None:
    await ws.close(code=_CLOSE_CODES.get(err.code, 4401), reason=err.code)


@router.websocket("/ws/table")
async def table_stream(ws: WebSocket) -> None:
    """The public picture (the table screen)."""
    await _stream(ws, PUBLIC)


@router.websocket("/ws/dealer")
async def dealer_stream(ws: WebSocket) -> None:
    """Everything (the dealer's tablet); dealer token."""
    guard: Guard = ws.app.state.guard
    try:
        guard.dealer(_token(ws), _client(ws))
    except AuthError as err:
        await _refuse(ws, err)
        return
    await _stream(ws, DEALER)


@router.websocket("/ws/player/{seat}")
async def player_stream(ws: WebSocket, seat: int) -> None:
    """One seat's picture (their phone); that seat's token."""
    guard: Guard = ws.app.state.guard
    try:
        guard.seat(seat, _token(ws), _client(ws))
    except AuthError as err:
        await _refuse(ws, err)
        return
    await _stream(ws, SEAT, seat)
