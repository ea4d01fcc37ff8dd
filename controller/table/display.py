"""The table as the LED display shows it: a :class:`~firmware_bridge.display.DisplayState`.

The display is a projection (DESIGN.md): after every event the loop hands the
whole picture to a :class:`DisplaySink` (``firmware_bridge.display.Display``,
which sends only the changes and never blocks), so a display that was reset
or unplugged catches up with the next event.

>>> import tempfile, os
>>> from controller.log import open_store
>>> from controller.table.commands import OpenSession, SeatPlayer, StartHand
>>> from controller.table.core import Table
>>> table = Table(open_store(os.path.join(tempfile.mkdtemp(), "t.sqlite3")))
>>> for c in (OpenSession("t"), SeatPlayer(1, "Anna", 100), SeatPlayer(2, "Ben", 100),
...           StartHand()):
...     _ = table.handle(c)
>>> d = display_state(table)
>>> d.pot, d.seats[1].stack, d.seats[1].button
(2, 99, True)
"""

from __future__ import annotations

from typing import Protocol

from controller.engine import Act, CardDealt, PlayerAction, expected
from controller.engine.state import HandState, Player
from controller.table.core import Table
from firmware_bridge.display import DisplayState, SeatStatus, SeatView

__all__ = ["DisplaySink", "display_state"]


class DisplaySink(Protocol):
    """Anything that takes the display picture without blocking (``Display`` does)."""

    def update(self, state: DisplayState) -> None: ...


def _round_actions(state: HandState) -> dict[int, str]:
    """Each seat's last action word in the current betting round."""
    words: dict[int, str] = {}
    for event in reversed(state.log):
        if isinstance(event, CardDealt):
            break
        if isinstance(event, PlayerAction) and event.seat not in words:
            words[event.seat] = "POST" if event.action is Act.BRING_IN else \
                event.action.value.upper()
    return words


def _status(p: Player) -> SeatStatus:
    if p.folded:
        return SeatStatus.FOLDED
    return SeatStatus.ALL_IN if p.all_in else SeatStatus.WAITING


def _hand_seats(table: Table, state: HandState) -> dict[int, SeatView]:
    words = {} if state.result is not None else _round_actions(state)
    dealer = state.players[state.table.dealer].seat
    seats = {s.seat: SeatView(s.name, s.stack, status=SeatStatus.OUT, button=s.seat == dealer)
             for s in table.seats.values()}
    for p in state.players:
        seats[p.seat] = SeatView(p.name, p.stack, words.get(p.seat, ""), _status(p),
                                 p.seat == dealer)
    return seats


def display_state(table: Table) -> DisplayState:
    """The LED display's picture of the table now."""
    state = table.state
    if state is None:
        return DisplayState(seats={s.seat: SeatView(s.name, s.stack, button=s.seat ==
                                                    table.button)
                                   for s in table.seats.values()})
    seats = _hand_seats(table, state)
    if state.result is not None:
        winners = tuple(state.result.winners)
        text = "WIN " + " ".join(str(s) for s in winners) if winners else state.result.reason
        return DisplayState(pot=sum(p.amount for p in state.result.pots), seats=seats,
                            hand_over=True, winner_text=text.upper(), winners=winners)
    nxt = expected(state)
    to_call = next((a.chips for a in nxt.legal if a.action is Act.CALL), 0)
    return DisplayState(pot=state.pot_total, to_call=to_call,
                        seat_to_act=nxt.seat if nxt.kind == "action" else None, seats=seats)
