"""The dealer's PIN, tokens for the dealer and for each seat, and a brake on guessing.

* The dealer's PIN (set when the server starts, or generated and printed; a
  session may set a new one) is exchanged for a random bearer token.
* Each seated player gets a token of their own, good for that seat only.
* Every wrong PIN or token counts against the client's address; after
  ``max_failures`` within ``window`` seconds the client is refused with
  ``too_many_attempts`` (HTTP 429) until the window has passed, right or wrong.

>>> guard = Guard("4321", clock=lambda: 0.0)
>>> token = guard.login("4321", "10.0.0.5")
>>> guard.dealer(token, "10.0.0.5")
>>> guard.dealer("nope", "10.0.0.5")
Traceback (most recent call last):
...
controller.api.errors.AuthError: That dealer token is not valid; ask for a new one with the PIN.
"""

from __future__ import annotations

import hmac
import secrets
import time
from collections import deque
from collections.abc import Callable

from controller.api.errors import AuthError

__all__ = ["Guard", "generate_pin"]


def generate_pin(digits: int = 6) -> str:
    """A random numeric PIN to print on the server's console."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


class Guard:
    """PIN, tokens and the per-client failure counter (one per app)."""

    def __init__(self, pin: str, max_failures: int = 5, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.pin = pin
        self.max_failures, self.window, self.clock = max_failures, window, clock
        self._dealer_tokens: set[str] = set()
        self._seat_tokens: dict[int, str] = {}
        self._failures: dict[str, deque[float]] = {}

    # ------------------------------------------------------------ rate limit
    def _recent(self, client: str) -> deque[float]:
        times = self._failures.setdefault(client, deque())
        while times and self.clock() - times[0] > self.window:
            times.popleft()
        return times

    def _gate(self, client: str) -> None:
        if len(self._recent(client)) >= self.max_failures:
            raise AuthError("too_many_attempts", f"Too many wrong PINs or tokens from this "
                            f"device: wait {int(self.window)} seconds and try again.")

    def _fail(self, client: str, code: str, message: str) -> AuthError:
        self._recent(client).append(self.clock())
        return AuthError(code, message)

    # ------------------------------------------------------------ dealer
    def login(self, pin: str, client: str) -> str:
        """A new dealer token for the right PIN."""
        self._gate(client)
        if not _same(pin, self.pin):
            raise self._fail(client, "bad_pin", "Wrong PIN.")
        token = secrets.token_urlsafe(24)
        self._dealer_tokens.add(token)
        return token

    def set_pin(self, pin: str) -> None:
        """A new PIN (tokens already given out stay valid)."""
        self.pin = pin

    def dealer(self, token: str | None, client: str) -> None:
        """Pass for a valid dealer token; raise AuthError otherwise."""
        self._gate(client)
        if not token:
            raise AuthError("token_required", "This needs the dealer's token: log in "
                            "with the PIN first.")
        if not any(_same(token, t) for t in self._dealer_tokens):
            if any(_same(token, t) for t in self._seat_tokens.values()):
                raise AuthError("forbidden", "A player's token cannot change the table.")
            raise self._fail(client, "bad_token", "That dealer token is not valid; ask for a "
                             "new one with the PIN.")

    # ------------------------------------------------------------ seats
    def issue_seat(self, seat: int) -> str:
        """A fresh token for ``seat`` (any earlier one for that seat stops working)."""
        token = secrets.token_urlsafe(16)
        self._seat_tokens[seat] = token
        return token

    def revoke_seat(self, seat: int) -> None:
        self._seat_tokens.pop(seat, None)

    def revoke_all_seats(self) -> None:
        self._seat_tokens.clear()

    def seat(self, seat: int, token: str | None, client: str) -> None:
        """Pass for ``seat``'s own token (or the dealer's); raise AuthError otherwise."""
        self._gate(client)
        if not token:
            raise AuthError("token_required", f"Seat {seat}'s view needs that seat's token.")
        own = self._seat_tokens.get(seat)
        if (own is not None and _same(token, own)) or any(_same(token, t)
                                                          for t in self._dealer_tokens):
            return
        if any(_same(token, t) for t in self._seat_tokens.values()):
            raise AuthError("forbidden", f"That token belongs to another seat, not seat {seat}.")
        raise self._fail(client, "bad_token", f"That token is not valid for seat {seat}.")
