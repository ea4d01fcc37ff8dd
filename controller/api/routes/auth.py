"""``POST /api/auth/token``: the dealer's PIN for a bearer token."""

from __future__ import annotations

from fastapi import APIRouter, Request

from controller.api.deps import GuardDep, LoopDep, client_of, keep_tokens
from controller.api.routes.common import ERRORS
from controller.api.schemas import TokenCreate, TokenPublic

router = APIRouter(prefix="/api/auth", tags=["auth"], responses=ERRORS)


@router.post("/token", response_model=TokenPublic)
async def create_token(body: TokenCreate, request: Request, guard: GuardDep,
                       loop: LoopDep) -> TokenPublic:
    """Exchange the dealer's PIN for a token (wrong PINs are counted and rate-limited)."""
    token = guard.login(body.pin, client_of(request))
    await keep_tokens(loop, guard)
    return TokenPublic(token=token)
