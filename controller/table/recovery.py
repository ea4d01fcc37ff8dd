"""Picking the table up after a restart: the hand log is the table's memory.

DESIGN.md "log first": every event is in the log before it is shown, so a
controller that crashed or was restarted rebuilds the evening from the log
and resumes the hand in progress exactly where it was (the engine is pure, so
replaying the hand's events lands in the same state; a ``replace`` correction
is replayed the same way it was made).

What the log holds and how it is read back:

* seats, names and stacks: each ``hand_start`` (who sat where with what),
  each ``hand_end`` (``net`` per seat), and the ledger in between (a rebuy adds
  chips, a cash-out frees the seat). A player who bought in after the last hand
  started is given the lowest free seat: the log records seat numbers only
  when a hand starts;
* the button: the last hand's dealer, moved on if that hand was won;
* a pause inside the hand in progress.

* the irregularities of the hand in progress the dealer has not dealt with, and
  the order earlier hands' cards came out in (the ``same_order`` shuffle check).

The game rotation is not in the log; after a restart the dealer chooses the
game again (the default is Aces, Straights and Flushes).
"""

from __future__ import annotations

from collections.abc import Iterable

from controller.cards import Card
from controller.engine import HandState, apply, event_from_dict, new_hand
from controller.log import HandEnd, HandStart, LogEvent, Source, TableLog
from controller.log.events import Kind
from controller.log.session import SessionInfo
from controller.table.core import Table, replace_card
from controller.table.irregular import Irregularity, TableError
from controller.table.seating import MAX_SEAT, Seat, next_seat
from controller.table.shuffle import ShuffleMemory

__all__ = ["latest_open_session", "resume_session"]


def latest_open_session(table: Table) -> str | None:
    """The newest session in the table's log if it was never closed."""
    sessions = table.store.sessions()
    if not sessions:
        return None
    info = SessionInfo.from_events(table.store.events(sessions[-1], 0))
    return sessions[-1] if info.closed is None else None


def _seat_of(seats: dict[int, Seat], player: str) -> int:
    key = player.casefold()
    return next((s for s, x in seats.items() if x.name.casefold() == key), 0)


class _Evening:
    """Seats and button folded from the session's events in time order."""

    def __init__(self) -> None:
        self.seats: dict[int, Seat] = {}
        self.button = 0
        self.start: HandStart | None = None

    def apply(self, e: LogEvent) -> None:
        p = e.payload
        if e.kind in (Kind.BUY_IN, Kind.REBUY, Kind.CASH_OUT):
            self._ledger(e.kind, str(p.get("player", "")), int(p.get("chips", 0)))
        elif e.kind == Kind.HAND_START:
            self._hand_start(HandStart.from_payload(p))
        elif e.kind == Kind.HAND_END and self.start is not None:
            self._hand_end(HandEnd.from_payload(p), self.start)

    def _ledger(self, kind: str, player: str, chips: int) -> None:
        seat = _seat_of(self.seats, player)
        if kind == Kind.CASH_OUT and seat:
            del self.seats[seat]
        elif kind == Kind.REBUY and seat:
            s = self.seats[seat]
            self.seats[seat] = Seat(seat, s.name, s.stack + chips, s.sitting_out)
        elif kind == Kind.BUY_IN and not seat:
            free = next((n for n in range(1, MAX_SEAT + 1) if n not in self.seats), 0)
            if free:
                self.seats[free] = Seat(free, player, chips)

    def _hand_start(self, hs: HandStart) -> None:
        for seat, name in hs.players.items():
            other = _seat_of(self.seats, name)
            if other and other != seat:
                del self.seats[other]
            self.seats[seat] = Seat(seat, name, hs.stacks[seat])
        self.button, self.start = hs.dealer, hs

    def _hand_end(self, end: HandEnd, start: HandStart) -> None:
        for seat, net in end.net.items():
            if seat in self.seats:
                s = self.seats[seat]
                self.seats[seat] = Seat(seat, s.name, start.stacks[seat] + net, s.sitting_out)
        if end.winners:  # a won hand moves the button; a misdeal is dealt again
            self.button = next_seat(self.seats, self.button)


def _replay_hand(events: Iterable[LogEvent]) -> tuple[HandState, HandState, bool]:
    """(the hand as dealt, the hand now, paused) from one hand's events."""
    first: list[HandState] = []
    paused = False

    def start(e: LogEvent) -> HandState:
        hs = HandStart.from_payload(e.payload)
        seats = [(s, hs.players[s], hs.stacks[s]) for s in sorted(hs.players)]
        first.append(new_hand(hs.variant, seats, hs.dealer, hs.options or None))
        return first[0]

    def step(state: HandState, e: LogEvent) -> HandState:
        nonlocal paused
        if e.kind == "engine":
            return apply(state, event_from_dict(e.payload))
        if e.kind == "replace":
            return replace_card(first[0], state, Card(e.payload["old"]), Card(e.payload["new"]))
        if e.kind in ("pause", "resume"):
            paused = e.kind == "pause"
        return state

    events = list(events)
    state = start(events[0])
    for e in events[1:]:
        state = step(state, e)
    return first[0], state, paused


def resume_session(table: Table, session: str) -> None:
    """Attach ``table`` to ``session`` and rebuild it from the log (hand in progress too)."""
    log = TableLog(table.store, session, table.clock)
    if log.closed:
        raise TableError("session_closed", f"Session {session!r} is closed; open a new one.")
    events = table.store.events(session)
    evening = _Evening()
    for e in sorted(events, key=lambda e: e.time):
        evening.apply(e)
    table.log, table.seats, table.button = log, evening.seats, evening.button
    table.state = table.start = None
    table.settled, table.paused = True, False
    table.memory = _shoe_memory(events, log.hand_in_progress)
    table._numbers = max((int(e.payload.get("number", 0)) for e in events
                          if e.kind == "irregularity"), default=0)
    table.irregularities = []
    if log.hand_in_progress is not None:
        hand = [e for e in events if e.hand == log.hand_in_progress]
        table.start, table.state, table.paused = _replay_hand(hand)
        table.irregularities = _open_irregularities(hand)
        table.feed.clear()
        table.settled = False
        if table.state.result is not None:
            table._settle()  # stopped between the hand's last event and its result
    table.version += 1


def _shoe_memory(events: list[LogEvent], skip: int | None) -> ShuffleMemory:
    """The order cards came out in each earlier hand (for the ``same_order`` check)."""
    memory = ShuffleMemory()
    by_hand: dict[int, list[Card]] = {}
    for e in events:
        if e.kind == "engine" and e.hand not in (0, skip) and "card" in e.payload \
                and "correction" not in e.payload:
            by_hand.setdefault(e.hand, []).append(Card(e.payload["card"]))
    for cards in by_hand.values():
        memory.remember(cards)
    return memory


def _open_irregularities(hand: list[LogEvent]) -> list[Irregularity]:
    """The hand's irregularities the dealer has not dealt with yet: not dismissed, and an
    unreadable card not since entered by hand."""
    found: list[Irregularity] = []
    for e in hand:
        p = e.payload
        if e.kind == "irregularity":
            found.append(Irregularity(int(p["number"]), str(p["code"]), str(p["message"]),
                                      str(p.get("card", "")), int(p.get("hand", 0))))
        elif e.kind == "dismiss":
            found = [i for i in found if i.number != p.get("number")]
        elif e.kind == "engine" and e.source is Source.CORRECTION and "card" in p:
            unreadable = [i for i in found if i.code == "card_unreadable"]
            if unreadable:
                found.remove(unreadable[0])
    return found
