"""The pages (``/tablet``, ``/table``, ``/player/{seat}``), their static files, and the
small reads and helpers the pages need beyond the table's own API.

The app includes this one router; it carries the pages' API routers with it
(games catalogue, ledger, join codes, unreadable-card crops, the hand's
actions), so the rest of the API stays as the live table defines it.
"""

from __future__ import annotations

import mimetypes
from typing import Annotated

from fastapi import APIRouter, Path
from fastapi.responses import FileResponse, HTMLResponse, Response

from controller.api.routes import page_api
from controller.web import PAGES, STATIC

__all__ = ["router"]

router = APIRouter()
router.include_router(page_api.router)

# Pages change with a deploy, not during an evening; the files are small, so revalidate.
_CACHE = {"Cache-Control": "no-cache"}
_TYPES = {".js": "text/javascript", ".css": "text/css", ".svg": "image/svg+xml",
          ".html": "text/html", ".png": "image/png", ".json": "application/json"}


def _page(name: str) -> HTMLResponse:
    return HTMLResponse((STATIC / PAGES[name]).read_text(encoding="utf-8"), headers=_CACHE)


@router.get("/", include_in_schema=False)
async def index() -> HTMLResponse:
    return _page("")


@router.get("/tablet", include_in_schema=False)
async def tablet() -> HTMLResponse:
    return _page("tablet")


@router.get("/table", include_in_schema=False)
async def table_screen() -> HTMLResponse:
    return _page("table")


@router.get("/player/{seat}", include_in_schema=False)
async def player(seat: Annotated[int, Path(ge=1, le=10)]) -> HTMLResponse:
    return _page("player")


@router.get("/static/{path:path}", include_in_schema=False)
async def static(path: str) -> Response:
    """A file under ``controller/web/static`` (never outside it)."""
    root = STATIC.resolve()
    target = (root / path).resolve()
    if not target.is_relative_to(root) or not target.is_file():
        return Response(status_code=404, content='{"error":{"code":"not_found","message":'
                        '"No such file."}}', media_type="application/json")
    kind = _TYPES.get(target.suffix) or mimetypes.guess_type(target.name)[0]
    return FileResponse(target, media_type=kind or "application/octet-stream", headers=_CACHE)
