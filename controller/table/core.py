"""The table itself: one object, one writer, that turns commands into logged events.

:class:`Table` is synchronous and owned by exactly one thread at a time (the
:class:`~controller.table.loop.TableLoop` runs it on its own worker). For
every command it follows DESIGN.md's order:

1. **check**: the engine (``apply`` is pure) or the table's own rules decide;
   a refusal raises a :class:`~controller.errors.PitbossError` and changes nothing;
2. **log**: the event is appended to the hand log and is durable (fsynced);
3. **apply**: only then does the table's state move on.

The caller broadcasts the new views afterwards, so nothing is ever shown
that is not already in the log. A camera card the engine refuses is not an
error for whoever sent it: it becomes an :class:`~controller.table.irregular.Irregularity`
for the dealer (and is logged when a hand is in progress).

>>> import tempfile, os
>>> from controller.log import open_store
>>> from controller.cards import Card
>>> from controller.table.commands import OpenSession, SeatPlayer, StartHand, CameraCard
>>> table = Table(open_store(os.path.join(tempfile.mkdtemp(), "t.sqlite3")))
>>> _ = table.handle(OpenSession("Friday", "0.25", "1/2"))
>>> _ = table.handle(SeatPlayer(1, "Anna", 100)); _ = table.handle(SeatPlayer(2, "Ben", 100))
>>> table.handle(StartHand())["hand"]
1
>>> table.handle(CameraCard(Card("Jk")))["irregularity"]["code"]
'joker_not_in_pack'
"""

from __future__ import annotations

import logging
from collections import deque
from collections.abc import Callable
from datetime import UTC
from typing import Any

from controller.cards import Card
from controller.engine import (
    CardDealt,
    CardExposed,
    Event,
    HandState,
    Misdeal,
    Undo,
    apply,
    event_to_dict,
    expected,
    new_hand,
)
from controller.errors import PitbossError
from controller.log import HandEnd, HandStart, LogEvent, Source, TableLog
from controller.log.session import Clock, utc_now
from controller.log.store import EventStore
from controller.table import commands as cmd
from controller.table.irregular import PROBLEM_MESSAGES, Irregularity, TableError
from controller.table.record import hand_record
from controller.table.seating import MAX_SEAT, Rotation, Seat, next_seat
from controller.table.shuffle import ShuffleMemory, shuffle_check
from controller.variants.catalogue import find_game
from controller.variants.game import resolve_options

__all__ = ["FEED_LENGTH", "SHUFFLE_CODES", "Table", "feed_text", "hand_time",
           "replace_card", "shoe_order"]

logger = logging.getLogger(__name__)

FEED_LENGTH = 40  # entries of the dealer's card-and-action feed kept for the tablet
SHUFFLE_CODES = frozenset({"unshuffled_runs", "same_order"})  # one shuffle alarm per hand


def hand_time(start: LogEvent) -> str:
    """A hand's start time for its record, read from its logged ``hand_start``."""
    return start.time.astimezone(UTC).isoformat(timespec="seconds")


def feed_text(event: Event, source: Source, before: HandState) -> str:
    """The dealer's feed line for an engine event (shared with recovery, which rebuilds the
    feed from the log: the line depends only on the logged event and the state before)."""
    if source is Source.CAMERA and isinstance(event, CardDealt):
        return f"{event.card}: {expected(before).describe()}"
    if source is Source.CORRECTION:
        if isinstance(event, CardDealt):
            return f"{event.card} entered by hand"
        if isinstance(event, CardExposed):
            return f"seat {event.seat}'s {event.card} exposed"
        if isinstance(event, Undo):
            return "undo the last event"
        if isinstance(event, Misdeal):
            return "misdeal: every chip returned"
    return expected(before).describe()


def shoe_order(state: HandState) -> list[Card]:
    """The cards in the order they left the shoe this hand."""
    return [e.card for e in state.log if isinstance(e, CardDealt)]


def replace_card(start: HandState, state: HandState, old: Card, new: Card) -> HandState:
    """The hand replayed from ``start`` with ``old`` read as ``new`` (engine refusals pass
    through, so an impossible replacement changes nothing)."""
    events = list(state.log)
    k = next((i for i, e in enumerate(events) if e == CardDealt(old)), -1)
    if k < 0:
        raise TableError("card_not_dealt", f"{old} has not been dealt in this hand, so it "
                         "cannot be replaced.")
    events[k] = CardDealt(new)
    for event in events:
        start = apply(start, event)
    return start


class Table:
    """The live table: session, seats, the hand in progress, irregularities, the log."""

    def __init__(self, store: EventStore, clock: Clock = utc_now) -> None:
        self.store, self.clock = store, clock
        self.log: TableLog | None = None
        self.seats: dict[int, Seat] = {}
        self.button = 0
        self.rotation = Rotation()
        self.state: HandState | None = None
        self.start: HandState | None = None  # the hand as dealt (replays after a replace)
        self.settled = True
        self.paused, self.pause_reason = False, ""
        self.irregularities: list[Irregularity] = []
        self.feed: deque[dict[str, Any]] = deque(maxlen=FEED_LENGTH)
        self.memory = ShuffleMemory()
        self._alarmed = False
        self._hand_time: str | None = None
        self._numbers = 0
        self.version = 0
        self.display: dict[str, Any] = {"connected": False, "device": "", "resets": 0,
                                        "error": "", "attached": False}
        self._handlers: dict[type, Callable[[Any], dict[str, Any]]] = {
            cmd.OpenSession: self._open, cmd.SeatPlayer: self._seat, cmd.UnseatPlayer:
            self._unseat, cmd.Rebuy: self._rebuy, cmd.SitOut: self._sit_out,
            cmd.MoveButton: self._move_button, cmd.ChooseGame: self._choose,
            cmd.StartHand: self._start_hand, cmd.EndSession: self._end_session,
            cmd.TabletAction: self._tablet, cmd.CameraCard: self._camera,
            cmd.CameraProblem: self._camera_problem, cmd.EnterCard: self._enter,
            cmd.ReplaceCard: self._replace, cmd.ExposeCard: self._expose,
            cmd.UndoLast: self._undo, cmd.DeclareMisdeal: self._misdeal,
            cmd.Pause: self._pause, cmd.Resume: self._resume,
            cmd.DismissIrregularity: self._dismiss, cmd.DisplayReport: self._display,
        }

    # ------------------------------------------------------------ entry point
    def handle(self, command: cmd.Command) -> dict[str, Any]:
        """Carry out one command; a refusal raises a PitbossError and changes nothing."""
        handler = self._handlers.get(type(command))
        if handler is None:
            raise TableError("unknown_command", f"The table does not know {command!r}.")
        reply = handler(command)
        self.version += 1
        return reply

    # ------------------------------------------------------------ state questions
    @property
    def session_open(self) -> bool:
        return self.log is not None and not self.log.closed

    @property
    def hand_no(self) -> int:
        return self.log.hand if self.log is not None else 0

    @property
    def hand_live(self) -> bool:
        return self.state is not None and self.state.result is None

    def _session(self) -> TableLog:
        if self.log is None or self.log.closed:
            raise TableError("no_session", "No session is open: open one first.")
        return self.log

    def _occupied(self, seat: int) -> Seat:
        if seat not in self.seats:
            raise TableError("empty_seat", f"Nobody sits in seat {seat}.")
        return self.seats[seat]

    def _live(self) -> HandState:
        if self.state is None or self.state.result is not None:
            raise TableError("no_hand", "No hand is being dealt: start a hand first.")
        return self.state

    def _not_paused(self) -> None:
        if self.paused:
            raise TableError("table_paused", "The table is paused: resume it first.")

    def _not_in_hand(self, seat: int) -> None:
        if self.hand_live and self.state is not None and self.state.index_of(seat) >= 0:
            raise TableError("in_hand", f"Seat {seat} is playing this hand: wait until it ends.")

    # ------------------------------------------------------------ the session
    def _open(self, c: cmd.OpenSession) -> dict[str, Any]:
        if self.session_open:
            raise TableError("session_open", "A session is already open: end it first.")
        self.log = TableLog.open_session(self.store, c.table, c.chip_unit, c.stakes,
                                         c.currency, clock=self.clock)
        self.seats, self.button, self.state, self.start = {}, 0, None, None
        self.settled, self.paused, self.pause_reason, self.irregularities = True, False, "", []
        self.memory, self.rotation, self._numbers = ShuffleMemory(), Rotation(), 0
        self.feed.clear()  # the picture of a new session comes from its own log only
        return {"session": self.log.session}

    def _seat(self, c: cmd.SeatPlayer) -> dict[str, Any]:
        log = self._session()
        name = " ".join(str(c.name).split())
        if not 1 <= c.seat <= MAX_SEAT:
            raise TableError("bad_seat", f"Seats are numbered 1 to {MAX_SEAT}, not {c.seat}.")
        if c.seat in self.seats:
            raise TableError("seat_taken", f"Seat {c.seat} is taken by "
                             f"{self.seats[c.seat].name}.")
        if not name:
            raise TableError("bad_name", "A player needs a name.")
        if any(s.name.casefold() == name.casefold() for s in self.seats.values()):
            raise TableError("player_seated", f"{name} already has a seat.")
        if c.buy_in <= 0:
            raise TableError("bad_amount", "A buy-in must be at least 1 chip.")
        log.buy_in(name, c.buy_in, seat=c.seat)
        self.seats[c.seat] = Seat(c.seat, name, c.buy_in)
        if not self.button:
            self.button = c.seat
        return {"seat": self.seats[c.seat].as_dict()}

    def _unseat(self, c: cmd.UnseatPlayer) -> dict[str, Any]:
        log = self._session()
        self._settle()  # the stacks must include the last hand
        seat = self._occupied(c.seat)
        self._not_in_hand(c.seat)
        log.cash_out(seat.name, seat.stack, seat=c.seat)
        del self.seats[c.seat]
        return {"seat": seat.as_dict(), "cashed_out": seat.stack}

    def _rebuy(self, c: cmd.Rebuy) -> dict[str, Any]:
        log = self._session()
        self._settle()  # the stacks must include the last hand
        seat = self._occupied(c.seat)
        self._not_in_hand(c.seat)
        if c.chips <= 0:
            raise TableError("bad_amount", "A rebuy must be at least 1 chip.")
        log.rebuy(seat.name, c.chips, seat=c.seat)
        self.seats[c.seat] = Seat(seat.seat, seat.name, seat.stack + c.chips, seat.sitting_out)
        return {"seat": self.seats[c.seat].as_dict()}

    def _sit_out(self, c: cmd.SitOut) -> dict[str, Any]:
        log = self._session()
        seat = self._occupied(c.seat)
        log.note("sit_out", {"seat": c.seat, "out": bool(c.out)})
        self.seats[c.seat] = Seat(seat.seat, seat.name, seat.stack, c.out)
        return {"seat": self.seats[c.seat].as_dict()}

    def _move_button(self, c: cmd.MoveButton) -> dict[str, Any]:
        log = self._session()
        self._occupied(c.seat)
        if self.hand_live:
            raise TableError("hand_in_progress", "The button moves between hands only.")
        log.note("button", {"seat": c.seat})
        self.button = c.seat
        return {"button": c.seat}

    def _choose(self, c: cmd.ChooseGame) -> dict[str, Any]:
        log = self._session()
        if not c.games:
            raise TableError("no_game", "Choose at least one game.")
        ids = []
        for name in c.games:
            game = find_game(name)
            if not game.playable:
                raise TableError("not_playable", f"{game.name} cannot be dealt: {game.note}")
            resolve_options(game, c.options)
            ids.append(game.id)
        log.note("games", {"games": ids, "options": dict(c.options)})
        self.rotation = Rotation(tuple(ids), dict(c.options))
        return {"games": self.rotation.as_dict()}

    def _start_hand(self, c: cmd.StartHand) -> dict[str, Any]:
        log = self._session()
        self._settle()  # a result the log could not take earlier must be in before a new hand
        if self.hand_live:
            raise TableError("hand_in_progress", "A hand is being dealt: finish it first.")
        self._not_paused()
        playing = [s for s in sorted(self.seats.values(), key=lambda s: s.seat)
                   if not s.sitting_out]
        button = self.button
        if button not in {s.seat for s in playing}:
            button = next_seat(self.seats, button, playing=True)
        game = find_game(c.game) if c.game else find_game(self.rotation.current)
        options = dict(self.rotation.options) if game.id in self.rotation.games else {}
        state = new_hand(game, [(s.seat, s.name, s.stack) for s in playing], button, options)
        started = log.start_hand(HandStart(game.id, {s.seat: s.name for s in playing},
                                           {s.seat: s.stack for s in playing}, button,
                                           options))
        self.button, self.state, self.start, self.settled = button, state, state, False
        self._hand_time = hand_time(started)
        self.irregularities, self._alarmed = [], False
        self.feed.clear()
        return {"hand": log.hand, "game": game.id, "dealer": button,
                "next": expected(state).as_dict()}

    def _end_session(self, c: cmd.EndSession) -> dict[str, Any]:
        log = self._session()
        self._settle()
        if self.hand_live:
            raise TableError("hand_in_progress", "A hand is being dealt: finish it first.")
        for seat in sorted(self.seats.values(), key=lambda s: s.seat):
            log.cash_out(seat.name, seat.stack, seat=seat.seat)
            del self.seats[seat.seat]
        log.close_session()
        return {"session": log.session, "closed": True,
                "results": [{"player": r.player, "net": r.net} for r in log.ledger.results()]}

    # ------------------------------------------------------------ the hand
    def _apply(self, event: Event, source: Source) -> dict[str, Any]:
        log = self._session()
        before = self._live()
        after = apply(before, event)  # the check: a refusal raises and changes nothing
        log.record("engine", event_to_dict(event), source)  # durable before it is shown
        self.state = after
        self._note(source, feed_text(event, source, before), event)
        if isinstance(event, CardDealt):
            self._check_shuffle(after)
        if after.result is not None:
            self._try_settle()
        return {"hand": log.hand, "event": event_to_dict(event), "next": expected(after).as_dict()}

    def _note(self, source: Source, what: str, event: Event | None = None) -> None:
        entry: dict[str, Any] = {"hand": self.hand_no, "source": source.value, "text": what}
        if event is not None:
            entry["event"] = event_to_dict(event)
        self.feed.append(entry)

    def _tablet(self, c: cmd.TabletAction) -> dict[str, Any]:
        self._not_paused()
        return self._apply(c.event, Source.TABLET)

    def _camera(self, c: cmd.CameraCard) -> dict[str, Any]:
        event = CardDealt(c.card)
        try:
            self._not_paused()
            before = self._live()
            apply(before, event)
        except PitbossError as err:
            code = "card_not_expected" if err.code == "no_hand" else err.code
            text = f"The shoe dealt {c.card}, which was not expected: {err.message}"
            return self._irregular(code, text, str(c.card))
        return self._apply(event, Source.CAMERA)

    def _camera_problem(self, c: cmd.CameraProblem) -> dict[str, Any]:
        code, text = PROBLEM_MESSAGES.get(c.kind, PROBLEM_MESSAGES["unreadable"])
        return self._irregular(code, text, "")

    def _irregular(self, code: str, message: str, card: str) -> dict[str, Any]:
        """Record a problem for the dealer; logged too when a hand is being dealt."""
        number = self._numbers + 1
        found = Irregularity(number, code, message, card, self.hand_no if self.hand_live else 0)
        if self.log is not None and not self.log.closed:
            self._record_event("irregularity", found.as_dict(), Source.CAMERA)
        self._numbers = number
        self.irregularities.append(found)
        self._note(Source.CAMERA, message)
        return {"irregularity": found.as_dict()}

    def _check_shuffle(self, state: HandState) -> None:
        if self._alarmed:
            return
        alarm = shuffle_check(shoe_order(state), self.memory)
        if alarm is None:
            return
        try:
            self._irregular(alarm.code, alarm.message, "")
        except PitbossError as err:  # the card is logged and applied: its reply stands
            self._note(Source.SYSTEM, f"The shuffle alarm could not be logged yet (it is "
                       f"raised again at the next card): {err.message}")
            return
        self._alarmed = True

    def _enter(self, c: cmd.EnterCard) -> dict[str, Any]:
        self._not_paused()
        reply = self._apply(CardDealt(c.card), Source.CORRECTION)
        waiting = [i for i in self.irregularities
                   if i.code in ("card_unreadable", "cards_together")]
        if waiting and waiting[0].code == "card_unreadable":
            self.irregularities.remove(waiting[0])
        return reply

    def _replace(self, c: cmd.ReplaceCard) -> dict[str, Any]:
        log = self._session()
        state = self._live()
        reason = " ".join(c.reason.split())
        if not reason:
            raise TableError("reason_required", "Say why the card is replaced (it is logged).")
        assert self.start is not None
        after = replace_card(self.start, state, c.old, c.new)
        log.record("replace", {"old": str(c.old), "new": str(c.new), "reason": reason},
                   Source.CORRECTION)
        self.state = after
        self._note(Source.CORRECTION, f"{c.old} replaced by {c.new}: {reason}")
        if after.result is not None:
            self._try_settle()
        return {"hand": log.hand, "next": expected(after).as_dict()}

    def _expose(self, c: cmd.ExposeCard) -> dict[str, Any]:
        return self._apply(CardExposed(c.seat, c.card), Source.CORRECTION)

    def _undo(self, c: cmd.UndoLast) -> dict[str, Any]:
        return self._apply(Undo(), Source.CORRECTION)

    def _misdeal(self, c: cmd.DeclareMisdeal) -> dict[str, Any]:
        return self._apply(Misdeal(), Source.CORRECTION)

    def _pause(self, c: cmd.Pause) -> dict[str, Any]:
        self._session()
        if self.paused:
            raise TableError("already_paused", "The table is already paused.")
        self._record_event("pause", {"reason": c.reason})
        self.paused, self.pause_reason = True, c.reason
        return {"paused": True}

    def _resume(self, c: cmd.Resume) -> dict[str, Any]:
        self._session()
        if not self.paused:
            raise TableError("not_paused", "The table is not paused.")
        self._record_event("resume", {})
        self.paused, self.pause_reason = False, ""
        return {"paused": False}

    def _dismiss(self, c: cmd.DismissIrregularity) -> dict[str, Any]:
        self._session()
        found = next((i for i in self.irregularities if i.number == c.number), None)
        if found is None:
            raise TableError("unknown_irregularity", f"There is no open irregularity "
                             f"number {c.number}.")
        self._record_event("dismiss", {"number": c.number, "code": found.code})
        self.irregularities.remove(found)
        return {"dismissed": c.number}

    def _display(self, c: cmd.DisplayReport) -> dict[str, Any]:
        """Hardware status for the dealer's tablet (not a table event: not logged)."""
        self.display = {"connected": c.connected, "device": c.device, "resets": c.resets,
                        "error": c.error, "attached": True}
        return {"display": dict(self.display)}

    def _record_event(self, kind: str, payload: dict[str, Any],
                      source: Source = Source.CORRECTION) -> None:
        """Log a table event: in the hand while one is being dealt, else in the session's
        own stream (so a pause or an irregularity between hands survives a restart)."""
        log = self._session()
        if self.hand_live:
            log.record(kind, payload, source)
        else:
            log.note(kind, payload, source)

    # ------------------------------------------------------------ the end of a hand
    def _record(self, state: HandState) -> dict[str, Any] | None:
        """The hand record for the log's PHH and text exports (None if it cannot be built:
        the result is what matters, the export is a convenience)."""
        if self.start is None or self.log is None:
            return None
        try:
            return hand_record(self.start, state, self.log.hand, self.log.info.table,
                               self._hand_time).to_dict()
        except Exception:  # never let an export detail stop a hand from settling
            logger.exception("could not build the hand record of hand %s", self.log.hand)
            return None

    def _try_settle(self) -> None:
        """Settle now; if the log refuses the result (disk full...), the event that ended
        the hand is already logged and applied, so say so and settle before the next hand."""
        try:
            self._settle()
        except PitbossError as err:
            self._note(Source.SYSTEM, f"The hand's result could not be logged yet: "
                       f"{err.message}")

    def _settle(self) -> None:
        """Write the hand's result, bank the stacks, move the button and the rotation."""
        state, log = self.state, self._session()
        if state is None or state.result is None or self.settled:
            return
        start = {p.seat: p.stack for p in state.table.start}
        net = {p.seat: p.stack - start[p.seat] for p in state.players}
        result = state.result
        log.end_hand(HandEnd(net, tuple(result.winners), result.reason == "showdown",
                             sum(p.amount for p in result.pots), self._record(state)))
        for p in state.players:
            if p.seat in self.seats:
                s = self.seats[p.seat]
                self.seats[p.seat] = Seat(s.seat, s.name, p.stack, s.sitting_out)
        self.settled = True
        self.memory.remember(shoe_order(state))
        if result.reason in ("showdown", "uncontested"):
            self.button = next_seat(self.seats, self.button)
            self.rotation = self.rotation.after_hand()
