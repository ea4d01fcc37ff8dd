"""A logged hand replayed street by street, with each player's equity at every street.

Issue 11 item 3 (the replay): the hand log holds the ``hand_start`` event and the
engine's events (plus ``replace`` corrections); the engine is pure, so folding
them from the start lands in the state the table ended in (as
:mod:`controller.table.recovery` does after a restart). Walking the final
state's accepted events again from the start (an undone event is gone, a
replaced card is the real one, as in :mod:`controller.table.record`) cuts the
hand into **streets**: a street is the cards dealt up to a betting round and
that round's actions; it closes when a betting round is over (or skipped, every
player being all in) or the hand ends.

Each street's equity is priced once all its cards are out and before its first
bet (:func:`~controller.odds.from_state.spec_from_state` with every card known:
the replay is read after the hand), and a last ``showdown`` (or ``result``) point says who
won. Monte Carlo is seeded (``seed``), so a replay prints the same numbers
every time.

>>> from controller.engine import new_hand
>>> s = new_hand("stud", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2)
>>> r = replay_states(s, _play(s, "As Ad 2c 3d Ah 7c", ["2:bring-in", "1:complete",
...                                                       "2:fold"]))
>>> [(st.name, st.pot) for st in r.streets]
[('third street', 9), ('result', 9)]
>>> [(o.seat, round(o.equity or 0, 2)) for o in r.streets[0].odds]  # Ann's aces
[(1, 0.81), (2, 0.19)]
>>> [o.equity for o in r.streets[-1].odds]
[1.0, 0.0]
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from controller.cards import Card
from controller.engine import (
    CardDealt,
    Declaration,
    Discard,
    Event,
    HandState,
    PlayerAction,
    apply,
    event_from_dict,
    event_to_dict,
    new_hand,
)
from controller.engine.state import BURN
from controller.odds.equity import equity
from controller.odds.errors import OddsError
from controller.odds.from_state import spec_from_state
from controller.variants.steps import Bet, Draw

__all__ = [
    "Dealt",
    "HandReplay",
    "Line",
    "SeatOdds",
    "StreetReplay",
    "price_state",
    "replay_events",
    "replay_logged",
    "replay_states",
    "street_name",
]

ORDINALS = {2: "second", 3: "third", 4: "fourth", 5: "fifth", 6: "sixth", 7: "seventh",
            8: "eighth", 9: "ninth"}
BOARD_STREETS = {0: "pre-flop", 3: "flop", 4: "turn", 5: "river"}


@dataclass(frozen=True)
class Dealt:
    """One card dealt in a street: to a seat (``None``: the board), face up or down."""

    seat: int | None
    card: str
    up: bool

    def as_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "card": self.card, "up": self.up}


@dataclass(frozen=True)
class Line:
    """One action in a street: a bet, call, fold, draw, declaration... ``amount`` is the
    chips of a bet (as entered), ``cards`` how many cards a draw took."""

    seat: int
    name: str
    action: str
    amount: int | None = None
    cards: int | None = None
    way: str | None = None

    def as_dict(self) -> dict[str, Any]:
        return {k: v for k, v in self.__dict__.items() if v is not None}

    def text(self) -> str:
        """``Ann raises 4`` style."""
        extra = (f" {self.amount}" if self.amount is not None else
                 f" {self.cards}" if self.cards is not None else
                 f" {self.way}" if self.way is not None else "")
        return f"{self.name} {self.action}{extra}"


@dataclass(frozen=True)
class SeatOdds:
    """One seat's equity at a street (``None`` when the hand cannot be priced);
    ``error`` is the 95% error bar (0 when exact); a folded seat has 0. Where the pot
    splits, ``high`` and ``low`` are the shares of each half and ``scoop`` the chance
    of taking the whole pot alone."""

    seat: int
    name: str
    equity: float | None
    error: float = 0.0
    folded: bool = False
    high: float | None = None
    low: float | None = None
    scoop: float | None = None

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"seat": self.seat, "name": self.name, "folded": self.folded,
                               "equity": _round(self.equity), "error": _round(self.error)}
        if self.high is not None:
            out["high"], out["low"] = _round(self.high), _round(self.low)
            out["scoop"] = _round(self.scoop)
        return out


@dataclass(frozen=True)
class StreetReplay:
    """One street: the cards dealt, each seat's cards after it, the actions, the pot
    at its end, and the equities when its cards were out (before its betting)."""

    name: str
    dealt: tuple[Dealt, ...]
    hands: tuple[tuple[int, tuple[str, ...], tuple[str, ...]], ...]  # (seat, down, up)
    board: tuple[str, ...]
    actions: tuple[Line, ...]
    pot: int
    odds: tuple[SeatOdds, ...]
    method: str = ""  # "exact" or "monte-carlo"
    note: str = ""  # why there are no odds (a game the odds engine cannot read)

    def as_dict(self) -> dict[str, Any]:
        return {"name": self.name, "dealt": [d.as_dict() for d in self.dealt],
                "hands": [{"seat": s, "down": list(d), "up": list(u)} for s, d, u in self.hands],
                "board": list(self.board), "actions": [a.as_dict() for a in self.actions],
                "pot": self.pot, "odds": [o.as_dict() for o in self.odds],
                "method": self.method, "note": self.note}


@dataclass(frozen=True)
class HandReplay:
    """A whole hand street by street (see the module docstring)."""

    game: str
    game_name: str
    seats: tuple[tuple[int, str, int], ...]  # (seat, name, stack at the start)
    streets: tuple[StreetReplay, ...]
    result: dict[str, Any] | None
    session: str = ""
    hand: int = 0

    def as_dict(self) -> dict[str, Any]:
        """The JSON form (the replay page's API and ``history show --odds --json``)."""
        return {"session": self.session, "hand": self.hand, "game": self.game,
                "name": self.game_name,
                "seats": [{"seat": s, "name": n, "stack": c} for s, n, c in self.seats],
                "streets": [s.as_dict() for s in self.streets], "result": self.result}

    def text(self) -> str:
        """Street by street for a terminal: cards, actions, pot, equities."""
        names = {s: n for s, n, _ in self.seats}
        lines = [f"hand {self.hand}: {self.game_name}" if self.hand else self.game_name]
        for st in self.streets:
            lines.append(f"*** {st.name} ***  pot {st.pot}")
            for seat, down, up in st.hands:
                cards = " ".join([*down, *(["/"] if up else []), *up]) or "-"
                lines.append(f"  {names.get(seat, seat):<12} {cards:<28}"
                             f"{_odds_text(st.odds, seat)}")
            if st.board:
                lines.append(f"  {'board':<12} {' '.join(st.board)}")
            if st.note:
                lines.append(f"  (no odds: {st.note})")
            lines.extend(f"  - {a.text()}" for a in st.actions)
        if self.result is not None:
            won = ", ".join(f"{names.get(int(s), s)} {c}" for s, c in
                            self.result.get("payouts", {}).items())
            lines.append(f"result: {self.result.get('reason', '')}: {won}")
        return "\n".join(lines)


def _round(x: float | None) -> float | None:
    return None if x is None else round(x, 4)


def _odds_text(odds: Sequence[SeatOdds], seat: int) -> str:
    found = next((o for o in odds if o.seat == seat), None)
    if found is None or found.equity is None:
        return ""
    if found.folded:
        return "folded"
    bar = f" ±{found.error * 100:.1f}" if found.error else ""
    return f"{found.equity * 100:5.1f}%{bar}"


# ---------------------------------------------------------------- rebuilding the hand
def final_state(start: HandState, events: Iterable[tuple[str, dict[str, Any]]]) -> HandState:
    """The hand's state after its logged events ``(kind, payload)``: engine events are
    applied, a ``replace`` replays the hand with the card read again (as the table did)."""
    from controller.table.core import replace_card  # the table's own correction rule

    state = start
    for kind, payload in events:
        if kind == "engine":
            state = apply(state, event_from_dict(payload))
        elif kind == "replace":
            state = replace_card(start, state, Card(payload["old"]), Card(payload["new"]))
    return state


def replay_events(start_payload: dict[str, Any], events: Iterable[tuple[str, dict[str, Any]]],
                  seed: int = 11, max_error: float = 0.005,
                  max_time: float | None = 2.0) -> HandReplay:
    """The replay of a logged hand: its ``hand_start`` payload and the ``(kind, payload)``
    of the events after it (other kinds, such as ``pause`` or ``hand_end``, are skipped)."""
    seats = {int(k): str(v) for k, v in start_payload.get("players", {}).items()}
    stacks = {int(k): int(v) for k, v in start_payload.get("stacks", {}).items()}
    start = new_hand(str(start_payload.get("variant", "")),
                     [(s, seats[s], stacks[s]) for s in sorted(seats)],
                     int(start_payload.get("dealer", 1)), start_payload.get("options") or None)
    return replay_states(start, final_state(start, events).log, seed, max_error, max_time)


# ---------------------------------------------------------------- streets
@dataclass
class _Street:
    dealt: list[Dealt] = field(default_factory=list)
    actions: list[Line] = field(default_factory=list)
    priced: HandState | None = None  # the state its equities are read from


def replay_states(start: HandState, log: Sequence[Event], seed: int = 11,
                  max_error: float = 0.005, max_time: float | None = 2.0) -> HandReplay:
    """The replay of the hand that went from ``start`` through the accepted events ``log``."""
    streets: list[StreetReplay] = []
    cur, state = _Street(), start
    for event in log:
        after = apply(state, event)
        if isinstance(event, PlayerAction) and cur.priced is None:
            cur.priced = state  # the street's cards are out, its betting starts
        _note(cur, state, event)
        if _closes(state, after):
            streets.append(_finish(cur, after, len(streets), seed, max_error, max_time))
            cur = _Street()
        state = after
    if cur.dealt or cur.actions:
        streets.append(_finish(cur, state, len(streets), seed, max_error, max_time))
    if state.result is not None and state.result.reason != "misdeal":
        streets.append(_showdown(state))
    streets = _unique_names(streets)
    seats = tuple((p.seat, p.name, p.stack) for p in start.players)
    result = _result(state)
    return HandReplay(start.game.id, start.game.name, seats, tuple(streets), result)


def _unique_names(streets: list[StreetReplay]) -> list[StreetReplay]:
    """A round of declarations is ``declare``; a name seen before gets a number (an
    exchange round in English Stud, the board turns of seed 004), so every point of the
    chart has its own label."""
    seen: dict[str, int] = {}
    out = []
    for st in streets:
        name = st.name
        if not st.dealt and st.actions and all(a.action == "declares" for a in st.actions):
            name = "declare"
        seen[name] = seen.get(name, 0) + 1
        if seen[name] > 1:
            name = f"{name} ({seen[name]})"
        out.append(replace(st, name=name) if name != st.name else st)
    return out


def _note(cur: _Street, state: HandState, event: Event) -> None:
    """Add ``event`` (applied to ``state``) to the street being built."""
    if isinstance(event, CardDealt) and state.queue:
        target, up = state.queue[0]
        if target != BURN:
            seat = state.players[target].seat if target >= 0 else None
            cur.dealt.append(Dealt(seat, str(event.card), up or seat is None))
        return
    name = {p.seat: p.name for p in state.players}
    if isinstance(event, PlayerAction):
        cur.actions.append(Line(event.seat, name[event.seat], event.action.value,
                                event.amount))
    elif isinstance(event, Discard):
        cur.actions.append(Line(event.seat, name[event.seat], "draws", cards=len(event.cards)))
    elif isinstance(event, Declaration):
        cur.actions.append(Line(event.seat, name[event.seat], "declares", way=event.way.value))
    elif not isinstance(event, CardDealt):
        raw = event_to_dict(event)
        seat = int(raw.get("seat", 0) or 0)
        cur.actions.append(Line(seat, name.get(seat, "dealer"),
                                " ".join(f"{k}={v}" for k, v in raw.items() if k != "seat")))


def _closes(before: HandState, after: HandState) -> bool:
    """True when ``after`` ends a street: a betting round finished or was skipped, or
    the hand is over."""
    if after.result is not None:
        return True
    steps = before.game.steps
    passed = range(max(before.step, 0), min(after.step, len(steps)))
    return any(isinstance(steps[i], Bet) for i in passed)


def _finish(cur: _Street, end: HandState, number: int, seed: int, max_error: float,
            max_time: float | None) -> StreetReplay:
    priced = cur.priced or end
    odds, method, note = price_state(priced, seed + number, max_error, max_time)
    hands = tuple((p.seat, tuple(map(str, p.down)), tuple(map(str, p.up)))
                  for p in end.players)
    return StreetReplay(street_name(priced), tuple(cur.dealt), hands,
                        tuple(map(str, end.board)), tuple(cur.actions),
                        sum(p.committed for p in end.players), odds, method, note)


def price_state(state: HandState, seed: int, max_error: float,
                max_time: float | None) -> tuple[tuple[SeatOdds, ...], str, str]:
    """Every seat's equity in ``state`` with all its cards known (the replay, the
    broadcast), the method, or why there is none (a game the odds engine cannot read)."""
    live = [p for p in state.players if p.live]
    try:
        answer = equity(spec_from_state(state), seed=seed, max_error=max_error,
                        max_time=max_time)
    except OddsError as err:
        return tuple(SeatOdds(p.seat, p.name, None, folded=not p.live)
                     for p in state.players), "", err.message
    by_seat = dict(zip((p.seat for p in live), answer.players, strict=True))
    odds = []
    for p in state.players:
        found = by_seat.get(p.seat)
        if found is None:
            odds.append(SeatOdds(p.seat, p.name, 0.0, 0.0, folded=True))
        else:
            odds.append(SeatOdds(p.seat, p.name, found.equity, found.error, False,
                                 found.high, found.low, found.scoop))
    return tuple(odds), answer.method, ""


def _showdown(state: HandState) -> StreetReplay:
    """The last point of the chart: the hand's result as shares of the pot won."""
    assert state.result is not None
    pot = sum(p.committed for p in state.players)
    won = {s: 0 for s in (p.seat for p in state.players)}
    for pr in state.result.pots:
        for seat, chips in pr.shares:
            won[seat] += chips
    total = sum(won.values()) or 1
    odds = tuple(SeatOdds(p.seat, p.name, won[p.seat] / total, 0.0, not p.live)
                 for p in state.players)
    hands = tuple((p.seat, tuple(map(str, p.down)), tuple(map(str, p.up)))
                  for p in state.players)
    return StreetReplay("showdown" if state.result.reason == "showdown" else "result", (),
                        hands, tuple(map(str, state.board)), (), pot, odds, "exact")


def _result(state: HandState) -> dict[str, Any] | None:
    r = state.result
    if r is None:
        return None
    return {"reason": r.reason, "winners": list(r.winners),
            "payouts": {str(s): c for s, c in r.payouts},
            "hands": [{"seat": s, "way": w, "hand": d} for s, w, d in r.hands]}


def street_name(state: HandState) -> str:
    """Stud streets by the cards each player holds (seed 003), board games by the board,
    draw games by the draws done (seed 002)."""
    steps = state.game.steps
    draws = [i for i, s in enumerate(steps) if isinstance(s, Draw)]
    if draws:
        done = sum(1 for i in draws if i < state.step)
        return "before the draw" if done == 0 else "after the draw" if len(draws) == 1 \
            else f"after draw {done}"
    if state.board and not any(p.up for p in state.players):
        return BOARD_STREETS.get(len(state.board), f"{len(state.board)} on the board")
    held = max((len(p.cards) for p in state.players if p.live), default=0)
    return f"{ORDINALS[held]} street" if held in ORDINALS else f"{held} cards"


def _play(start: HandState, cards: str, actions: Sequence[str]) -> tuple[Event, ...]:
    """Doctest helper: deal ``cards`` then take ``seat:action`` actions."""
    state = start
    for c in cards.split():
        state = apply(state, event_from_dict({"card": c}))
    for a in actions:
        seat, act = a.split(":")
        state = apply(state, event_from_dict({"seat": int(seat), "action": act}))
    return state.log


def replay_logged(events: Sequence[Any], seed: int = 11, max_error: float = 0.005,
                  max_time: float | None = 2.0) -> HandReplay:
    """The replay of one hand from its log events (:class:`~controller.log.LogEvent`,
    ``hand_start`` first). A hand still being dealt is refused: the replay shows every
    down card, which nobody may see before the hand is over (DESIGN.md)."""
    if not events or events[0].kind != "hand_start":
        raise OddsError("no such hand in the log", "unknown_hand")
    if events[-1].kind != "hand_end":
        raise OddsError(f"hand {events[0].hand} is still being dealt: its replay shows every "
                        "card, so it opens once the hand is over", "hand_in_progress")
    body = [(e.kind, e.payload) for e in events[1:]]
    r = replay_events(events[0].payload, body, seed, max_error, max_time)
    return HandReplay(r.game, r.game_name, r.seats, r.streets, r.result, events[0].session,
                      events[0].hand)
