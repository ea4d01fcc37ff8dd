"""``POST /api/auth/token``: the dealer's PIN for a bearer token."""

from __future__ import annotations

from fastapi import APIRouter, Request

from controller.api.deps import GuardDep, client_of
from controller.api.routes.common import ERRORS
from controller.api.schemas import TokenCreate, TokenPublic

router = APIRouter(prefix="/api/auth", tags=["auth"], responses=ERRORS)


@router.post("/token", response_model=TokenPublic)
async def create_token(body: TokenCreate, request: Request, guard: GuardDep) -> TokenPublic:
    """Exchange the dealer's PIN for a token (wrong PINs are counted and rate-limited)."""
    return TokenPublic(token=guard.login(body.pin, client_of(request)))
