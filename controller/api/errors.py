"""Every error the API returns, in one shape: ``{"error": {"code": ..., "message": ...}}``.

Typed errors are raised everywhere below the API (``RuleViolation``, ``TableError``,
``LogError``, ``CardError``...); this module is the one place they become HTTP
statuses (DESIGN.md practice 5). FastAPI's own errors (validation, unknown
route, wrong method) are reshaped the same way, so a client needs one parser.

>>> status_for(AuthError("bad_token", "That token is not valid."))
401
>>> from controller.errors import RuleViolation
>>> status_for(RuleViolation("out_of_turn", "It is seat 3's turn."))
409
"""

from __future__ import annotations

import logging
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from controller.errors import CardError, PitbossError, VariantError

__all__ = ["AuthError", "error_body", "install_error_handlers", "status_for"]

log = logging.getLogger(__name__)

_STATUS_BY_CODE = {
    "token_required": 401, "bad_token": 401, "bad_pin": 401,
    "forbidden": 403,
    "too_many_attempts": 429,
    "empty_seat": 404, "unknown_irregularity": 404,
    "bad_request": 422, "bad_event": 422, "bad_amount": 422, "bad_seat": 422,
    "bad_name": 422, "reason_required": 422, "no_game": 422, "bad_ledger_entry": 422,
    # not the request's fault: the hand log cannot be written, or the table is stopping;
    # nothing was recorded or changed, so the tablet may simply try again
    "db_error": 503, "db_unreachable": 503, "shutting_down": 503,
}


class AuthError(PitbossError):
    """A request without the right token or PIN (``token_required``, ``bad_token``,
    ``bad_pin``, ``forbidden``, ``too_many_attempts``)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


def status_for(err: PitbossError) -> int:
    """The HTTP status of a typed error: bad input 422, not found 404, auth 401/403/429,
    anything the table's state refuses 409; a hand log that cannot be written 503."""
    if err.code in _STATUS_BY_CODE:
        return _STATUS_BY_CODE[err.code]
    if isinstance(err, (CardError, VariantError)):
        return 422
    return 409


def error_body(code: str, message: str) -> dict[str, Any]:
    return {"error": {"code": code, "message": message}}


def _validation_message(exc: RequestValidationError) -> str:
    parts = []
    for e in exc.errors()[:3]:
        where = ".".join(str(p) for p in e.get("loc", ()) if p != "body") or "request"
        parts.append(f"{where}: {e.get('msg', 'invalid')}")
    return "Bad request: " + "; ".join(parts)


def install_error_handlers(app: FastAPI) -> None:
    """Register the translations on ``app``."""

    @app.exception_handler(PitbossError)
    async def _pitboss(request: Request, exc: PitbossError) -> JSONResponse:
        headers = {"WWW-Authenticate": "Bearer"} if status_for(exc) == 401 else None
        return JSONResponse(error_body(exc.code, exc.message), status_for(exc), headers)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, exc: RequestValidationError) -> JSONResponse:
        return JSONResponse(error_body("bad_request", _validation_message(exc)), 422)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not_found", 405: "method_not_allowed"}.get(exc.status_code,
                                                                 f"http_{exc.status_code}")
        return JSONResponse(error_body(code, str(exc.detail)), exc.status_code,
                            getattr(exc, "headers", None))

    @app.exception_handler(Exception)
    async def _bug(request: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error in %s %s", request.method, request.url.path)
        return JSONResponse(error_body("internal_error", "Something went wrong inside "
                                       "pitboss; the table is unchanged. See the log."), 500)
