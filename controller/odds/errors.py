"""The odds engine's error: bad input to :func:`controller.odds.equity`.

>>> e = OddsError("As appears twice: each card exists once in the deck", "duplicate_card")
>>> e.as_dict()["code"]
'duplicate_card'
"""

from __future__ import annotations

from controller.errors import PitbossError

__all__ = ["OddsError"]


class OddsError(PitbossError, ValueError):
    """A hand state the equity engine cannot price (duplicate card, deck too small, ...)."""

    code = "bad_odds_spec"
