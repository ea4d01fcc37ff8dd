"""Typed errors, one base per layer, each with a stable machine-readable ``code``.

Every error pitboss raises on bad input carries ``code`` (stable, snake_case,
for programs and tests) and ``message`` (a sentence a dealer understands).
They are translated to HTTP / CLI / tablet output in exactly one place per edge.

>>> e = RuleViolation("out_of_turn", "It is seat 3's turn, not seat 5's.")
>>> e.code, str(e)
('out_of_turn', "It is seat 3's turn, not seat 5's.")
"""

from __future__ import annotations


class PitbossError(Exception):
    """Base of every error pitboss raises on purpose."""

    code: str = "error"

    def __init__(self, message: str, code: str | None = None) -> None:
        super().__init__(message)
        self.message = message
        if code is not None:
            self.code = code

    def as_dict(self) -> dict[str, str]:
        """The wire form used by the CLI and the API: ``{"code": ..., "message": ...}``."""
        return {"code": self.code, "message": self.message}


class CardError(PitbossError, ValueError):
    """Text that is not a card, or a card list that breaks deck rules."""

    code = "bad_card"


class HandError(PitbossError, ValueError):
    """A hand that cannot be evaluated (too few cards, duplicate cards, unknown rules)."""

    code = "bad_hand"


class RuleViolation(PitbossError):
    """An event the rules engine refuses. The state is unchanged.

    Argument order is ``(code, message)`` to read like the rulebook:
    ``RuleViolation("raise_cap_reached", "...")``.
    """

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message, code)


class VariantError(PitbossError, ValueError):
    """A game definition (built in or loaded from a file) that is not valid."""

    code = "bad_variant"
