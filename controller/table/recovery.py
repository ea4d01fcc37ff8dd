"""Picking the table up after a restart: the hand log is the table's memory.

DESIGN.md "log first": every event is in the log before it is shown, so a
controller that crashed or was restarted rebuilds the evening from the log
and resumes the hand in progress exactly where it was (the engine is pure, so
replaying the hand's events lands in the same state; a ``replace`` correction
is replayed the same way it was made).

The session's events are folded in the order they were appended
(:meth:`EventStore.timeline <controller.log.store.EventStore.timeline>`),
across the session's own stream and every hand, with the same rules the table
applied when it made them:

* seats, names and stacks: ``buy_in`` / ``rebuy`` / ``cash_out`` (each carries
  its ``seat``; a log written before seats were logged gets the lowest free
  seat), ``sit_out``, each ``hand_start`` and the replayed hand's end;
* the button: ``button`` moves, each hand's dealer, moved on after a won hand;
* the games: ``games`` (a fixed game or a dealer's-choice rotation), moved on
  after a won hand;
* ``pause`` / ``resume`` (with the reason), in a hand or between hands;
* the irregularities the dealer has not dealt with (raised, dismissed, an
  unreadable card since entered by hand), their numbering, whether this hand's
  shuffle alarm has gone off, and the dealer's feed of the last hand;
* every hand is replayed through the engine: the hand in progress resumes, and
  the order earlier hands' cards came out in feeds the ``same_order`` check.

What is not in the log is not a table event: the display link's status (the
link reports it again) and the picture's ``version`` counter.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Mapping
from typing import Any

from controller.cards import Card
from controller.engine import CardDealt, HandState, apply, event_from_dict, new_hand
from controller.log import HandStart, LogEvent, Source, TableLog
from controller.log.events import Kind
from controller.log.session import SessionInfo
from controller.table.core import (
    FEED_LENGTH,
    SHUFFLE_CODES,
    Table,
    feed_text,
    hand_time,
    replace_card,
    shoe_order,
)
from controller.table.irregular import Irregularity, TableError
from controller.table.seating import MAX_SEAT, Rotation, Seat, next_seat
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
    """The table's session picture, folded from the session's events in append order."""

    def __init__(self) -> None:
        self.seats: dict[int, Seat] = {}
        self.button = 0
        self.rotation = Rotation()
        self.paused, self.pause_reason = False, ""
        self.irregularities: list[Irregularity] = []
        self.numbers = 0
        self.alarmed = False
        self.feed: deque[dict[str, Any]] = deque(maxlen=FEED_LENGTH)
        self.memory = ShuffleMemory()
        self.hand_no = 0
        self.hand_started: LogEvent | None = None
        self.first: HandState | None = None  # the hand as dealt
        self.state: HandState | None = None  # the hand now
        self.ended = True  # the last hand's hand_end is in the log

    @property
    def hand_live(self) -> bool:
        return self.state is not None and self.state.result is None

    def apply(self, e: LogEvent) -> None:
        p = e.payload
        if e.kind in (Kind.BUY_IN, Kind.REBUY, Kind.CASH_OUT):
            self._ledger(e.kind, str(p.get("player", "")), int(p.get("chips", 0)),
                         int(p.get("seat", 0)))
        elif e.kind == Kind.HAND_START:
            self._hand_start(e)
        elif e.kind == Kind.HAND_END:
            self._hand_end()
        elif e.kind == "engine" and self.state is not None:
            self._engine(e)
        elif e.kind == "replace" and self.state is not None:
            self._replace(e)
        else:
            self._table_event(e.kind, p)

    # -- the session's own events
    def _ledger(self, kind: str, player: str, chips: int, seat: int) -> None:
        seat = seat or _seat_of(self.seats, player) or (
            0 if kind != Kind.BUY_IN else
            next((n for n in range(1, MAX_SEAT + 1) if n not in self.seats), 0))
        if not seat:
            return
        if kind == Kind.CASH_OUT:
            self.seats.pop(seat, None)
        elif kind == Kind.REBUY and seat in self.seats:
            s = self.seats[seat]
            self.seats[seat] = Seat(seat, s.name, s.stack + chips, s.sitting_out)
        elif kind == Kind.BUY_IN:
            self.seats[seat] = Seat(seat, player, chips)
            self.button = self.button or seat

    def _table_event(self, kind: str, p: Mapping[str, Any]) -> None:
        if kind == "sit_out" and int(p["seat"]) in self.seats:
            s = self.seats[int(p["seat"])]
            self.seats[s.seat] = Seat(s.seat, s.name, s.stack, bool(p["out"]))
        elif kind == "button":
            self.button = int(p["seat"])
        elif kind == "games":
            self.rotation = Rotation(tuple(p["games"]), dict(p.get("options", {})))
        elif kind in ("pause", "resume"):
            self.paused = kind == "pause"
            self.pause_reason = str(p.get("reason", "")) if self.paused else ""
        elif kind == "irregularity":
            self._irregularity(Irregularity(int(p["number"]), str(p["code"]),
                                            str(p["message"]), str(p.get("card", "")),
                                            int(p.get("hand", 0))))
        elif kind == "dismiss":
            self.irregularities = [i for i in self.irregularities if i.number != p["number"]]

    def _irregularity(self, found: Irregularity) -> None:
        self.irregularities.append(found)
        self.numbers = max(self.numbers, found.number)
        self.alarmed = self.alarmed or (found.code in SHUFFLE_CODES and self.hand_live)
        self._note(Source.CAMERA, found.message)

    def _note(self, source: Source, text: str, event: Mapping[str, Any] | None = None) -> None:
        entry: dict[str, Any] = {"hand": self.hand_no, "source": source.value, "text": text}
        if event is not None:
            entry["event"] = dict(event)
        self.feed.append(entry)

    # -- hands
    def _hand_start(self, e: LogEvent) -> None:
        hs = HandStart.from_payload(e.payload)
        for seat, name in hs.players.items():
            other = _seat_of(self.seats, name)
            if other and other != seat:  # only in logs written before seats were logged
                del self.seats[other]
            self.seats[seat] = Seat(seat, name, hs.stacks[seat])
        seats = [(s, hs.players[s], hs.stacks[s]) for s in sorted(hs.players)]
        self.first = self.state = new_hand(hs.variant, seats, hs.dealer, hs.options or None)
        self.button, self.hand_no, self.hand_started, self.ended = hs.dealer, e.hand, e, False
        self.irregularities, self.alarmed = [], False
        self.feed.clear()

    def _engine(self, e: LogEvent) -> None:
        assert self.state is not None
        event = event_from_dict(e.payload)
        before, self.state = self.state, apply(self.state, event)
        self._note(e.source, feed_text(event, e.source, before), e.payload)
        if e.source is Source.CORRECTION and isinstance(event, CardDealt):
            waiting = [i for i in self.irregularities
                       if i.code in ("card_unreadable", "cards_together")]
            if waiting and waiting[0].code == "card_unreadable":
                self.irregularities.remove(waiting[0])  # as the table does for a card entered

    def _replace(self, e: LogEvent) -> None:
        assert self.state is not None and self.first is not None
        p = e.payload
        self.state = replace_card(self.first, self.state, Card(p["old"]), Card(p["new"]))
        self._note(Source.CORRECTION, f"{p['old']} replaced by {p['new']}: {p['reason']}")

    def _hand_end(self) -> None:
        """The table's settle: stacks from the replayed hand, the button and the games move
        on after a won hand, the hand's order joins the shuffle memory."""
        state = self.state
        if state is None or state.result is None:
            return
        for p in state.players:
            if p.seat in self.seats:
                s = self.seats[p.seat]
                self.seats[p.seat] = Seat(s.seat, s.name, p.stack, s.sitting_out)
        self.memory.remember(shoe_order(state))
        if state.result.reason in ("showdown", "uncontested"):
            self.button = next_seat(self.seats, self.button)
            self.rotation = self.rotation.after_hand()
        self.ended = True

    def attach(self, table: Table) -> None:
        """Give ``table`` this picture (the hand in progress too)."""
        table.seats, table.button, table.rotation = self.seats, self.button, self.rotation
        table.paused, table.pause_reason = self.paused, self.pause_reason
        table.irregularities, table._numbers, table._alarmed = \
            self.irregularities, self.numbers, self.alarmed
        table.memory, table.feed = self.memory, self.feed
        table.start, table.state = self.first, self.state
        table.settled = self.ended
        table._hand_time = hand_time(self.hand_started) if self.hand_started else None


def resume_session(table: Table, session: str) -> None:
    """Attach ``table`` to ``session`` and rebuild it from the log (hand in progress too)."""
    log = TableLog(table.store, session, table.clock)
    if log.closed:
        raise TableError("session_closed", f"Session {session!r} is closed; open a new one.")
    evening = _Evening()
    for e in table.store.timeline(session):
        evening.apply(e)
    table.log = log
    evening.attach(table)
    if table.state is not None and table.state.result is not None and not table.settled:
        table._settle()  # stopped between the hand's last event and its result
    table.version += 1
