"""The dealer's PIN, tokens for the dealer and for each seat, and a brake on guessing.

* The dealer's PIN (set when the server starts, or generated and printed; a
  session may set a new one) is exchanged for a random bearer token.
* Each seated player gets a token of their own, good for that seat only.
* Only digests of the tokens are held, and :meth:`Guard.snapshot` /
  :meth:`Guard.restore` carry them across a restart (the app keeps them in the
  hand log's settings), so the tablet and the players' phones keep working
  when the controller comes back.
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
>>> again = Guard("4321")
>>> again.restore(guard.snapshot())
>>> again.dealer(token, "10.0.0.5")
"""

from __future__ import annotations

import hashlib
import hmac
import json
import secrets
import time
from collections import deque
from collections.abc import Callable

from controller.api.errors import AuthError

__all__ = ["Guard", "generate_pin"]


def generate_pin(digits: int = 6) -> str:
    """A random numeric PIN to print on the server's console."""
    return "".join(secrets.choice("0123456789") for _ in range(digits))


MAX_DEALER_TOKENS = 32  # tablets logged in at once; the oldest login drops out first


def _same(a: str, b: str) -> bool:
    return hmac.compare_digest(a.encode(), b.encode())


def _digest(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Guard:
    """PIN, tokens and the per-client failure counter (one per app)."""

    def __init__(self, pin: str, max_failures: int = 5, window: float = 60.0,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.pin = pin
        self.max_failures, self.window, self.clock = max_failures, window, clock
        self._dealer_tokens: dict[str, None] = {}  # digests, oldest first
        self._seat_tokens: dict[int, str] = {}  # seat -> digest
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
        self._dealer_tokens[_digest(token)] = None
        while len(self._dealer_tokens) > MAX_DEALER_TOKENS:
            del self._dealer_tokens[next(iter(self._dealer_tokens))]
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
        digest = _digest(token)
        if not any(_same(digest, t) for t in self._dealer_tokens):
            if any(_same(digest, t) for t in self._seat_tokens.values()):
                raise AuthError("forbidden", "A player's token cannot change the table.")
            raise self._fail(client, "bad_token", "That dealer token is not valid; ask for a "
                             "new one with the PIN.")

    # ------------------------------------------------------------ seats
    def issue_seat(self, seat: int) -> str:
        """A fresh token for ``seat`` (any earlier one for that seat stops working)."""
        token = secrets.token_urlsafe(16)
        self._seat_tokens[seat] = _digest(token)
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
        digest, own = _digest(token), self._seat_tokens.get(seat)
        if (own is not None and _same(digest, own)) or any(_same(digest, t)
                                                           for t in self._dealer_tokens):
            return
        if any(_same(digest, t) for t in self._seat_tokens.values()):
            raise AuthError("forbidden", f"That token belongs to another seat, not seat {seat}.")
        raise self._fail(client, "bad_token", f"That token is not valid for seat {seat}.")

    # ------------------------------------------------------------ restart
    def snapshot(self) -> str:
        """The token digests as JSON text (no token itself: a stolen copy opens nothing)."""
        return json.dumps({"dealer": list(self._dealer_tokens),
                           "seats": {str(k): v for k, v in self._seat_tokens.items()}})

    def restore(self, snapshot: str | None) -> None:
        """Take back the digests of :meth:`snapshot` (None or unreadable text: none)."""
        try:
            data = json.loads(snapshot or "{}")
            dealer = [str(d) for d in data.get("dealer", [])]
            seats = {int(k): str(v) for k, v in data.get("seats", {}).items()}
        except (ValueError, TypeError, AttributeError):
            return  # a damaged setting costs a fresh login, never a crash at start-up
        self._dealer_tokens = dict.fromkeys(dealer[-MAX_DEALER_TOKENS:])
        self._seat_tokens = seats
