"""Dependencies the routes declare with ``Annotated``: the table loop, the guard, the tokens.

The loop and the guard are created in the app's lifespan and kept on
``app.state``; tests swap them with ``app.dependency_overrides``.

They are ``async def`` although they never wait: FastAPI runs a plain ``def``
dependency in a worker thread, and three thread hand-offs per command were the
largest avoidable cost on the tablet-to-picture path (benchmarks/bench_api.py).
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request
from fastapi.security import HTTPAuthorizationCredentials, HTTPBearer

from controller.api.security import Guard
from controller.table.loop import TableLoop

__all__ = ["GUARD_SETTING", "DealerAuth", "GuardDep", "LoopDep", "client_of", "get_guard",
           "get_loop", "keep_tokens", "require_dealer"]

GUARD_SETTING = "guard"  # the hand log's setting that holds the token digests

bearer = HTTPBearer(auto_error=False, description="the dealer's token (or a seat's token "
                                                   "for that seat's view)")


async def get_loop(request: Request) -> TableLoop:
    return request.app.state.table_loop  # type: ignore[no-any-return]


async def get_guard(request: Request) -> Guard:
    return request.app.state.guard  # type: ignore[no-any-return]


def client_of(request: Request) -> str:
    return request.client.host if request.client is not None else "unknown"


LoopDep = Annotated[TableLoop, Depends(get_loop)]
GuardDep = Annotated[Guard, Depends(get_guard)]
Credentials = Annotated[HTTPAuthorizationCredentials | None, Depends(bearer)]


def token_of(credentials: HTTPAuthorizationCredentials | None) -> str | None:
    return credentials.credentials if credentials is not None else None


def require_dealer(request: Request, guard: GuardDep, credentials: Credentials) -> None:
    """Every state-changing request: the dealer's token, or 401/403/429."""
    guard.dealer(token_of(credentials), client_of(request))


async def _dealer_dependency(request: Request, guard: GuardDep,
                             credentials: Credentials) -> None:
    require_dealer(request, guard, credentials)


DealerAuth = Depends(_dealer_dependency)


async def keep_tokens(loop: TableLoop, guard: Guard) -> None:
    """Write the guard's token digests to the hand log (on the table's thread, the
    store's one writer) before the new token is handed out, so a controller that is
    killed and restarted still knows the tablet and every player's phone."""
    snapshot = guard.snapshot()
    await loop.call(lambda table: table.store.save_setting(GUARD_SETTING, snapshot))
