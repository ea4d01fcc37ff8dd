"""Hand replays (issue 11 item 3): a finished hand street by street with the equities.

* ``GET /replay/{session}/{hand}``: the replay page (``controller/web/static/replay.html``);
* ``GET /api/history/{session}/{hand}/replay``: its JSON: streets with the cards dealt,
  each seat's cards, the actions, the pot and every seat's equity (see
  :class:`controller.odds.replay.HandReplay`);
* ``GET /api/history/{session}/{hand}/chart.svg``: the equity chart as an SVG image
  (``?download=1`` asks the browser to save it).

A hand still being dealt is refused (409 ``hand_in_progress``): the replay shows
every down card. The log is read on the table's thread; the equities are priced on
a worker thread, never on the table's, and kept for the hands asked for last.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict
from typing import Annotated, Any

from fastapi import APIRouter, Path, Query, Request
from fastapi.responses import HTMLResponse, JSONResponse, Response

from controller.api.deps import LoopDep
from controller.api.errors import error_body
from controller.api.routes.common import ERRORS
from controller.errors import PitbossError
from controller.log.export import session_info
from controller.odds.chart import equity_svg
from controller.odds.replay import HandReplay, replay_logged
from controller.table.core import Table
from controller.web import STATIC

__all__ = ["router"]

router = APIRouter(tags=["replay"], responses=ERRORS)

KEPT = 32  # replays kept in memory (a finished hand never changes)
SessionPath = Annotated[str, Path(min_length=1, max_length=80, pattern=r"^[\w.:-]+$")]
HandPath = Annotated[int, Path(ge=1, le=1_000_000)]
_NOT_FOUND = {"unknown_session", "unknown_hand"}


async def _replay(request: Request, loop: Any, session: str, hand: int) -> HandReplay:
    cache: OrderedDict[tuple[str, int], HandReplay] = _cache(request.app)
    found = cache.get((session, hand))
    if found is not None:
        cache.move_to_end((session, hand))
        return found

    def read(t: Table) -> list[Any]:
        session_info(t.store, session)  # an unknown session: a clear error
        return t.store.events(session, hand)

    events = await loop.call(read)
    replay = await asyncio.to_thread(replay_logged, events, 11, 0.005, 1.0)
    cache[(session, hand)] = replay
    while len(cache) > KEPT:
        cache.popitem(last=False)
    return replay


def _cache(app: Any) -> OrderedDict[tuple[str, int], HandReplay]:
    if not hasattr(app.state, "replays"):
        app.state.replays = OrderedDict()
    return app.state.replays  # type: ignore[no-any-return]


def _not_found(err: PitbossError) -> JSONResponse:
    return JSONResponse(error_body(err.code, err.message), 404)


@router.get("/api/history/{session}/{hand}/replay", responses={404: ERRORS[404]})
async def replay_json(session: SessionPath, hand: HandPath, request: Request,
                      loop: LoopDep) -> Any:
    """A finished hand street by street: cards, actions, pot, each seat's equity."""
    try:
        return (await _replay(request, loop, session, hand)).as_dict()
    except PitbossError as err:
        if err.code in _NOT_FOUND:
            return _not_found(err)
        raise


@router.get("/api/history/{session}/{hand}/chart.svg",
            responses={200: {"content": {"image/svg+xml": {}}}, 404: ERRORS[404]})
async def replay_chart(session: SessionPath, hand: HandPath, request: Request, loop: LoopDep,
                       download: Annotated[bool, Query()] = False) -> Response:
    """The equity chart of a finished hand, one line per player (SVG)."""
    try:
        replay = await _replay(request, loop, session, hand)
    except PitbossError as err:
        if err.code in _NOT_FOUND:
            return _not_found(err)
        raise
    headers = {"Cache-Control": "no-cache"}
    if download:
        headers["Content-Disposition"] = f'attachment; filename="hand-{hand}-equity.svg"'
    return Response(equity_svg(replay), media_type="image/svg+xml", headers=headers)


@router.get("/replay/{session}/{hand}", include_in_schema=False)
async def replay_page(session: SessionPath, hand: HandPath) -> HTMLResponse:
    """The replay page; it reads the JSON above."""
    return HTMLResponse((STATIC / "replay.html").read_text(encoding="utf-8"),
                        headers={"Cache-Control": "no-cache"})
