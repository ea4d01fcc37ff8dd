"""``GET /api/hand/decision`` (dealer): the card decision the engine waits on, one row
per seat that owes an answer, each option with the request its button sends (see
:mod:`controller.api.decisions`). The tablet draws its house-book controls from it."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from controller.api.decisions import decision
from controller.api.deps import DealerAuth, LoopDep
from controller.api.routes.common import ERRORS
from controller.table.core import Table

__all__ = ["router"]

router = APIRouter(prefix="/api/hand", tags=["hand"], dependencies=[DealerAuth],
                   responses=ERRORS)


@router.get("/decision")
async def read_decision(loop: LoopDep) -> dict[str, Any]:
    """The decision the hand waits on (rows of options), with the table's version."""
    def read(t: Table) -> dict[str, Any]:
        out = decision(t.state) if t.state is not None else {"kind": "none", "rows": []}
        return {"version": t.version, "hand_no": t.hand_no, **out}
    return await loop.call(read)  # type: ignore[no-any-return]
