"""Sessions and hands as events, and :class:`TableLog`, the one writer of a table's log.

A session is opened (table name, chip unit, stakes), holds ledger entries and
hands, and is closed once its bank balances. A hand is a ``hand_start`` event
(variant, seats with players and stacks, dealer, options), the engine's
events, and a ``hand_end`` event carrying a result summary (see
:class:`HandEnd`). The writer enforces that shape: at most one hand in
progress, nothing after the close. Every method appends exactly one event and
returns it once it is durable, or raises a :class:`LogError` and appends
nothing.

>>> import tempfile, os
>>> from controller.log.store import open_store
>>> store = open_store(os.path.join(tempfile.mkdtemp(), "log.sqlite3"))
>>> log = TableLog.open_session(store, "Friday game", chip_unit="0.25", stakes="1/2",
...                             session_id="fri")
>>> _ = log.buy_in("Anna", 100); _ = log.buy_in("Ben", 100)
>>> _ = log.start_hand(HandStart("7stud", {1: "Anna", 2: "Ben"}, {1: 100, 2: 100}, dealer=1))
>>> _ = log.record("bet", {"seat": 1, "chips": 5})
>>> log.hand_in_progress
1
>>> _ = log.end_hand(HandEnd({1: -5, 2: 5}, winners=(2,), showdown=False, pot=10))
>>> log.close_session()  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
controller.log.errors.LogError: bank does not balance: 200 chips sold but 0 paid back; ...
>>> _ = log.cash_out("Anna", 95); _ = log.cash_out("Ben", 105)
>>> log.close_session().kind
'session_close'
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from decimal import Decimal, InvalidOperation
from typing import Any

from controller.log.errors import LogError
from controller.log.events import SESSION_STREAM, Kind, LogEvent, Source
from controller.log.ledger import BUY_IN, CASH_OUT, REBUY, Ledger, LedgerEntry
from controller.log.store import EventStore

__all__ = ["Clock", "HandEnd", "HandStart", "SessionInfo", "TableLog", "utc_now"]

Clock = Callable[[], datetime]


def utc_now() -> datetime:
    """The wall clock, in UTC (the default :data:`Clock`)."""
    return datetime.now(UTC)


def _seat_map(d: Mapping[Any, Any], what: str) -> dict[int, Any]:
    try:
        return {int(k): v for k, v in d.items()}
    except (TypeError, ValueError):
        raise LogError("bad_event", f"{what} must be keyed by seat number") from None


@dataclass(frozen=True)
class SessionInfo:
    """What a ``session_open`` event says, plus when the session closed."""

    session: str
    table: str
    chip_unit: Decimal
    stakes: str = ""
    currency: str = ""
    opened: datetime | None = None
    closed: datetime | None = None

    def payload(self) -> dict[str, Any]:
        """The ``session_open`` payload."""
        return {"table": self.table, "chip_unit": str(self.chip_unit), "stakes": self.stakes,
                "currency": self.currency}

    @classmethod
    def from_events(cls, events: list[LogEvent]) -> SessionInfo:
        """Read from the session stream (first event must be the open)."""
        if not events or events[0].kind != Kind.SESSION_OPEN:
            raise LogError("unknown_session", "no such session in this log")
        first, p = events[0], events[0].payload
        closed = next((e.time for e in events if e.kind == Kind.SESSION_CLOSE), None)
        return cls(first.session, str(p.get("table", "")), Decimal(str(p.get("chip_unit", 1))),
                   str(p.get("stakes", "")), str(p.get("currency", "")), first.time, closed)

    def money(self, chips: int) -> Decimal:
        """Chips in money at this session's chip unit."""
        return chips * self.chip_unit


@dataclass(frozen=True)
class HandStart:
    """How a hand begins: the game, who sits where with how many chips, the button."""

    variant: str
    players: Mapping[int, str]
    stacks: Mapping[int, int]
    dealer: int = 1
    options: Mapping[str, Any] = field(default_factory=dict)

    def payload(self) -> dict[str, Any]:
        """The ``hand_start`` payload (seat numbers become JSON object keys)."""
        return {"variant": self.variant, "dealer": self.dealer, "options": dict(self.options),
                "players": {str(s): p for s, p in sorted(self.players.items())},
                "stacks": {str(s): c for s, c in sorted(self.stacks.items())}}

    @classmethod
    def from_payload(cls, p: Mapping[str, Any]) -> HandStart:
        """Inverse of :meth:`payload`."""
        return cls(str(p.get("variant", "")), _seat_map(p.get("players", {}), "players"),
                   _seat_map(p.get("stacks", {}), "stacks"), int(p.get("dealer", 1)),
                   dict(p.get("options", {})))


@dataclass(frozen=True)
class HandEnd:
    """A hand's result summary: what the statistics and the history list read.

    ``net`` is chips won (+) or lost (-) per seat and must sum to zero;
    ``winners`` are the seats that took chips from the pot; ``pot`` is the
    total pot. ``record`` may carry the hand record used for PHH/text exports
    (see :mod:`controller.log.hand_record`).
    """

    net: Mapping[int, int]
    winners: tuple[int, ...] = ()
    showdown: bool = False
    pot: int = 0
    record: Mapping[str, Any] | None = None

    def payload(self) -> dict[str, Any]:
        """The ``hand_end`` payload."""
        body: dict[str, Any] = {"net": {str(s): n for s, n in sorted(self.net.items())},
                                "winners": list(self.winners), "showdown": self.showdown,
                                "pot": self.pot}
        if self.record is not None:
            body["record"] = dict(self.record)
        return body

    @classmethod
    def from_payload(cls, p: Mapping[str, Any]) -> HandEnd:
        """Inverse of :meth:`payload`."""
        return cls(_seat_map(p.get("net", {}), "net"), tuple(int(s) for s in p.get("winners", ())),
                   bool(p.get("showdown", False)), int(p.get("pot", 0)), p.get("record"))


class TableLog:
    """Appends one table's session to a store, keeping its shape valid."""

    def __init__(self, store: EventStore, session: str, clock: Clock = utc_now) -> None:
        """Attach to an existing session (use :meth:`open_session` to start one)."""
        self.store, self.session, self.clock = store, session, clock
        stream = store.events(session, SESSION_STREAM)
        self.info = SessionInfo.from_events(stream)
        self.closed = self.info.closed is not None
        self.ledger = Ledger.from_events(stream, store.aliases())
        self._next_seq = {SESSION_STREAM: len(stream) + 1}
        hands = store.hands(session)
        self.hand = hands[-1] if hands else 0
        self.hand_in_progress: int | None = None
        if hands:
            last = store.events(session, self.hand)
            self._next_seq[self.hand] = last[-1].seq + 1
            if last[-1].kind != Kind.HAND_END:
                self.hand_in_progress = self.hand

    @classmethod
    def open_session(cls, store: EventStore, table: str, chip_unit: str | Decimal = "1",
                     stakes: str = "", currency: str = "", session_id: str | None = None,
                     clock: Clock = utc_now, source: Source = Source.TABLET) -> TableLog:
        """Open a new session and return its writer."""
        now = clock()
        sid = session_id or f"{now:%Y%m%d-%H%M}-{secrets.token_hex(3)}"
        if store.last_seq(sid, SESSION_STREAM):
            raise LogError("session_exists", f"session {sid!r} is already in the log; "
                           "choose another id or carry on with that session")
        info = SessionInfo(sid, table.strip() or "table", _chip_unit(chip_unit), stakes, currency)
        store.append(LogEvent(sid, SESSION_STREAM, 1, now, source, Kind.SESSION_OPEN,
                              info.payload()))
        return cls(store, sid, clock)

    # -- appending ---------------------------------------------------------
    def _append(self, hand: int, kind: str, payload: Mapping[str, Any],
                source: Source) -> LogEvent:
        if self.closed:
            raise LogError("session_closed", f"session {self.session!r} is closed; open a "
                           "new session to play on")
        seq = self._next_seq.get(hand, 1)
        event = self.store.append(LogEvent(self.session, hand, seq, self.clock(), source,
                                           kind, payload))
        self._next_seq[hand] = seq + 1
        return event

    def start_hand(self, start: HandStart, source: Source = Source.TABLET) -> LogEvent:
        """Begin the next hand (refused while another is in progress)."""
        if self.hand_in_progress is not None:
            raise LogError("hand_in_progress", f"hand {self.hand_in_progress} is still in "
                           "progress; finish it before starting another")
        event = self._append(self.hand + 1, Kind.HAND_START, start.payload(), source)
        self.hand = self.hand_in_progress = event.hand
        return event

    def record(self, kind: str, payload: Mapping[str, Any],
               source: Source = Source.TABLET) -> LogEvent:
        """Append one event (an engine event, a card seen, a correction) to the hand."""
        if kind in Kind.STRUCTURAL:
            raise LogError("bad_event", f"use the TableLog method for {kind!r} events")
        return self._append(self._current_hand(), kind, payload, source)

    def note(self, kind: str, payload: Mapping[str, Any],
             source: Source = Source.TABLET) -> LogEvent:
        """Append a session-level event (a seat sitting out, the button moved, the games
        chosen, a pause between hands) to the session's own stream, so a restart rebuilds
        the session exactly; the log stores it and does not read it."""
        if kind in Kind.STRUCTURAL:
            raise LogError("bad_event", f"use the TableLog method for {kind!r} events")
        return self._append(SESSION_STREAM, kind, payload, source)

    def end_hand(self, end: HandEnd, source: Source = Source.SYSTEM) -> LogEvent:
        """Close the hand in progress with its result summary."""
        if sum(end.net.values()) != 0:
            raise LogError("bad_event", f"a hand's net results must add up to 0, not "
                           f"{sum(end.net.values())}: chips cannot appear or vanish")
        event = self._append(self._current_hand(), Kind.HAND_END, end.payload(), source)
        self.hand_in_progress = None
        return event

    def _current_hand(self) -> int:
        if self.hand_in_progress is None:
            raise LogError("no_hand_in_progress", "no hand is in progress; start one first")
        return self.hand_in_progress

    # -- the ledger --------------------------------------------------------
    def buy_in(self, player: str, chips: int, source: Source = Source.TABLET,
               seat: int = 0) -> LogEvent:
        """Sell ``chips`` to ``player`` (first purchase of the session)."""
        return self._ledger_entry(LedgerEntry(player, BUY_IN, chips), source, seat)

    def rebuy(self, player: str, chips: int, source: Source = Source.TABLET,
              seat: int = 0) -> LogEvent:
        """Sell more chips to a player who already bought in."""
        return self._ledger_entry(LedgerEntry(player, REBUY, chips), source, seat)

    def cash_out(self, player: str, chips: int, source: Source = Source.TABLET,
                 seat: int = 0) -> LogEvent:
        """Buy back a player's chips."""
        return self._ledger_entry(LedgerEntry(player, CASH_OUT, chips), source, seat)

    def _ledger_entry(self, entry: LedgerEntry, source: Source, seat: int) -> LogEvent:
        """One ledger event; ``seat`` (when the table knows it) rides in the same event, so
        the seat and the chips can never be logged apart."""
        ledger = self.ledger.with_entry(entry)  # raises, changing nothing, when refused
        payload = {**entry.payload(), "seat": seat} if seat else entry.payload()
        event = self._append(SESSION_STREAM, entry.kind, payload, source)
        self.ledger = ledger
        return event

    def close_session(self, source: Source = Source.TABLET) -> LogEvent:
        """Close the session; refused while a hand is open or the bank does not balance."""
        if self.hand_in_progress is not None:
            raise LogError("hand_in_progress", f"hand {self.hand_in_progress} is still "
                           "in progress; finish it before closing the session")
        bank = self.ledger.check_bank()
        event = self._append(SESSION_STREAM, Kind.SESSION_CLOSE,
                             {"chips_sold": bank.chips_sold}, source)
        self.closed = True
        return event


def _chip_unit(value: str | Decimal) -> Decimal:
    try:
        unit = Decimal(str(value))
    except InvalidOperation:
        raise LogError("bad_event", f"chip unit must be a number like 0.25, not {value!r}") \
            from None
    if not unit.is_finite() or unit <= 0:
        raise LogError("bad_event", f"chip unit must be more than 0, not {value!r}")
    return unit
