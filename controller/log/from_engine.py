"""Turn a hand the rules engine played into a :class:`HandRecord` for the exports.

The engine keeps every accepted event on the state (``state.log``) and knows, at
each moment, where the shoe's next card goes (``expected``). Replaying the log
from the hand's start with that knowledge gives the record: the cards each seat
received street by street (grouped per seat, as PHH deals them), the actions
with their *to* amounts as the engine settled them (fixed-limit amounts are
implied in events), discards, and the cards shown at showdown.

A new street starts with the first card dealt after an action; burned cards are
not part of the record; declarations and house rules go into ``rules``.

>>> from controller.engine import new_hand, apply, event_from_dict
>>> s = new_hand("seven-card-stud", [(1, "Ann", 50), (2, "Bo", 50)], dealer=2,
...              options={"ante": 1, "bring_in": 1, "small_bet": 2, "big_bet": 4})
>>> for raw in ["As", "Kd", "2c", "3d", "9h", "Tc"]:
...     s = apply(s, event_from_dict({"card": raw}))
>>> s = apply(s, event_from_dict({"seat": 1, "action": "bring-in"}))
>>> s = apply(s, event_from_dict({"seat": 2, "action": "fold"}))
>>> from controller.log.phh import phh_actions
>>> phh_actions(hand_record(s))
['d dh p1 As2c9h', 'd dh p2 Kd3dTc', 'p1 pb', 'p2 f']
>>> hand_record(s).final_stacks
(51, 49)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from typing import Any

from controller.engine import (
    Act,
    CardDealt,
    Declaration,
    Discard,
    HandState,
    PlayerAction,
    apply,
    expected,
    new_hand,
)
from controller.log.hand_record import Action, Deal, HandRecord, SeatEntry, Step, Street, Verb

__all__ = ["hand_record", "start_of"]

_VERBS = {Act.CHECK: Verb.CHECK_CALL, Act.CALL: Verb.CHECK_CALL, Act.FOLD: Verb.FOLD,
          Act.BRING_IN: Verb.BRING_IN, Act.BET: Verb.BET_RAISE_TO,
          Act.RAISE: Verb.BET_RAISE_TO, Act.COMPLETE: Verb.BET_RAISE_TO}


def start_of(state: HandState) -> HandState:
    """The same hand before its first event (antes and blinds posted)."""
    table = state.table
    seats = [(p.seat, p.name, p.stack) for p in table.start]
    rules = dataclasses.asdict(table.rules)
    options = {k: v for k, v in rules.items() if k in table.game.defaults}
    return new_hand(table.game, seats, dealer=table.start[table.dealer].seat, options=options)


class _Builder:
    """Collects deals per seat until the street's first action, then steps in order."""

    def __init__(self) -> None:
        self.streets: list[Street] = []
        self.steps: list[Step] = []
        self.dealt: dict[int | None, list[str]] = {}
        self.acted = False

    def card(self, seat: int | None, card: str) -> None:
        if self.acted:
            self.close_street()
        self.dealt.setdefault(seat, []).append(card)

    def step(self, step: Step) -> None:
        self._flush_deals()
        self.steps.append(step)
        self.acted = True

    def _flush_deals(self) -> None:
        self.steps.extend(Deal(seat, tuple(cards)) for seat, cards in self.dealt.items())
        self.dealt = {}

    def close_street(self) -> None:
        self._flush_deals()
        if self.steps:
            self.streets.append(Street(f"street {len(self.streets) + 1}", tuple(self.steps)))
        self.steps, self.acted = [], False


def hand_record(state: HandState, *, hand: int | None = None, table: str | None = None,
                time: str | None = None) -> HandRecord:
    """The export record of ``state``'s hand (finished or not), replayed from its log."""
    s = start_of(state)
    build = _Builder()
    declared: dict[str, str] = {}
    for event in state.log:
        before = s
        s = apply(s, event)
        _record(build, before, s, event, declared)
    build.close_street()
    rules = _rules(state, declared)
    r = state.rules
    return HandRecord(
        game=state.game.id, seats=tuple(SeatEntry(p.seat, p.name, p.stack)
                                        for p in _acting_order(state)),
        streets=tuple(build.streets), ante=r.ante,
        blinds=tuple(b for b in (r.small_blind, r.big_blind) if b),
        bring_in=r.bring_in or None, small_bet=r.small_bet, big_bet=r.big_bet,
        showdown=_showdown(state), final_stacks=_final_stacks(state) if state.complete else None,
        hand=hand, table=table, time=time, rules=rules)


def _record(build: _Builder, before: HandState, after: HandState, event: object,
            declared: dict[str, str]) -> None:
    if isinstance(event, CardDealt):
        where = expected(before)
        if where.target == "seat":
            build.card(where.seat, str(event.card))
        elif where.target == "board":
            build.card(None, str(event.card))
    elif isinstance(event, PlayerAction):
        amount = None
        if _VERBS[event.action] is Verb.BET_RAISE_TO:
            amount = after.players[after.index_of(event.seat)].bet
        build.step(Action(event.seat, _VERBS[event.action], amount))
    elif isinstance(event, Discard):
        build.step(Action(event.seat, Verb.DISCARD, None, tuple(str(c) for c in event.cards)))
    elif isinstance(event, Declaration):
        declared[str(event.seat)] = event.way.value


def _acting_order(state: HandState) -> list[Any]:
    """Seats clockwise from the dealer's left (PHH's p1, p2, ...), as they sat down."""
    start = state.table.start
    d = state.table.dealer
    return [start[(d + 1 + i) % len(start)] for i in range(len(start))]


def _showdown(state: HandState) -> tuple[Action, ...]:
    result = state.result
    if result is None or result.reason != "showdown":
        return ()
    live = {p.seat: p for p in state.players if p.live}
    order = [s for s in result.order if s in live] or [p.seat for p in _acting_order(state)
                                                      if p.seat in live]
    return tuple(Action(seat, Verb.SHOW_MUCK, None, tuple(str(c) for c in live[seat].cards))
                 for seat in order)


def _final_stacks(state: HandState) -> tuple[int, ...]:
    by_seat = {p.seat: p.stack for p in state.players}
    return tuple(by_seat[p.seat] for p in _acting_order(state))


def _rules(state: HandState, declared: Mapping[str, str]) -> dict[str, Any]:
    out: dict[str, Any] = {"options": {k: v for k, v in dataclasses.asdict(state.rules).items()
                                       if v not in (0, "", False)}}
    if state.table.centre:
        out["centre"] = [str(c) for c in state.table.centre]
    if declared:
        out["declared"] = dict(declared)
    if state.result is not None:
        out["result"] = state.result.reason
    return out
