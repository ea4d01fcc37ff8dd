"""What each audience may see of the table, as JSON-ready dicts.

Three audiences (DESIGN.md "Tablet, table screen, player view"):

* ``public``: the table screen. Seats, stacks, up cards, pots, whose turn;
  never a down card before showdown, never an irregularity's card (it may be
  someone's hole card), never the dealer's card feed.
* ``seat``: a player's phone: the public view plus that seat's own down cards.
* ``dealer``: the tablet: everything, every down card included, the feed, the
  irregularities and the legal actions.

The hand part comes from the engine's own ``public_view``/``seat_view``, so
the engine's secrecy rule (a hand won without showdown reveals nothing) holds
here too.
"""

from __future__ import annotations

from typing import Any

from controller.engine import public_view, seat_view
from controller.table.core import Table

__all__ = ["dealer_view", "public_table_view", "seat_table_view"]


def _session(table: Table) -> dict[str, Any] | None:
    if table.log is None:
        return None
    info = table.log.info
    return {"id": info.session, "table": info.table, "chip_unit": str(info.chip_unit),
            "stakes": info.stakes, "currency": info.currency, "open": not table.log.closed}


def _base(table: Table) -> dict[str, Any]:
    return {
        "version": table.version,
        "session": _session(table),
        "seats": [s.as_dict() for s in sorted(table.seats.values(), key=lambda s: s.seat)],
        "button": table.button,
        "games": table.rotation.as_dict(),
        "paused": table.paused,
        "hand_no": table.hand_no,
        "hand": None,
    }


def public_table_view(table: Table) -> dict[str, Any]:
    """The table screen's picture."""
    view = _base(table)
    if table.state is not None:
        view["hand"] = public_view(table.state)
    view["irregularities"] = len(table.irregularities)
    return view


def seat_table_view(table: Table, seat: int) -> dict[str, Any]:
    """A player's phone: the public picture plus that seat's own down cards."""
    view = _base(table)
    view["you"] = seat
    if table.state is not None:
        view["hand"] = seat_view(table.state, seat)
    return view


def dealer_view(table: Table) -> dict[str, Any]:
    """The dealer's tablet: every card, the feed, the irregularities, the pause reason."""
    view = _base(table)
    state = table.state
    if state is not None:
        hand = public_view(state)
        for entry, p in zip(hand["players"], state.players, strict=True):
            entry["down"] = [str(c) for c in p.down]  # as seat_view shows each seat its own
        view["hand"] = hand
    view["pause_reason"] = table.pause_reason
    view["irregularities"] = [i.as_dict() for i in table.irregularities]
    view["feed"] = list(table.feed)
    view["display"] = dict(table.display)
    return view
