"""The hand record the table leaves in ``hand_end``, so the log can export PHH and text.

The hand log's exporters read a :class:`~controller.log.hand_record.HandRecord`
(seats in acting order, forced bets and limits, streets of deals and actions,
the showdown, the final stacks), not the engine's events. The table builds it
when a hand ends by replaying the hand's accepted events from the deal
(corrections already folded in: an undone event is gone, a replaced card is
the real one).

* A street starts with the cards dealt after a betting round; the cards each
  seat got in it are one ``Deal`` (the board's: ``seat=None``); burns are left out.
* Bets, raises and completions are ``cbr`` *to* the player's round total;
  checks and calls ``cc``; folds ``f``; the bring-in ``pb``; draws ``sd``.
* At a showdown every live hand is shown (``sm`` with all its cards), in the
  showdown order the engine decided.

>>> from controller.engine import new_hand, apply, event_from_dict
>>> s = new_hand("asf", [(1, "Anna", 100), (2, "Ben", 100)], dealer=2)
>>> start = s
>>> for raw in ["As", "9c", "Ks", "9h", "7s", "5c"]:
...     s = apply(s, event_from_dict({"card": raw}))
>>> s = apply(s, event_from_dict({"seat": 1, "action": "bet"}))
>>> s = apply(s, event_from_dict({"seat": 2, "action": "fold"}))
>>> r = hand_record(start, s)
>>> [x for st in r.streets for x in st.steps][:2]
[Deal(seat=1, cards=('As', 'Ks', '7s')), Deal(seat=2, cards=('9c', '9h', '5c'))]
>>> r.final_stacks, r.rules["centre"]
((101, 99), ['Jk'])
"""

from __future__ import annotations

from typing import Any

from controller.engine import (
    Act,
    CardDealt,
    Discard,
    HandState,
    PlayerAction,
    apply,
)
from controller.engine.firsts import clockwise
from controller.engine.state import BURN
from controller.log.hand_record import Action, Deal, HandRecord, SeatEntry, Street, Verb

__all__ = ["hand_record"]

_VERBS = {Act.FOLD: Verb.FOLD, Act.CHECK: Verb.CHECK_CALL, Act.CALL: Verb.CHECK_CALL,
          Act.BET: Verb.BET_RAISE_TO, Act.RAISE: Verb.BET_RAISE_TO,
          Act.COMPLETE: Verb.BET_RAISE_TO, Act.BRING_IN: Verb.BRING_IN}


class _Streets:
    """Deals and actions gathered street by street."""

    def __init__(self) -> None:
        self.done: list[Street] = []
        self.deals: dict[int | None, list[str]] = {}
        self.steps: list[Deal | Action] = []
        self.betting = False

    def card(self, seat: int | None, card: str) -> None:
        if self.betting:  # cards after a betting round: a new street
            self.close()
        self.deals.setdefault(seat, []).append(card)

    def action(self, step: Action) -> None:
        self._flush_deals()
        self.steps.append(step)
        self.betting = True

    def _flush_deals(self) -> None:
        self.steps.extend(Deal(seat, tuple(cards)) for seat, cards in self.deals.items())
        self.deals = {}

    def close(self) -> None:
        self._flush_deals()
        if self.steps:
            self.done.append(Street(f"street {len(self.done) + 1}", tuple(self.steps)))
        self.steps, self.betting = [], False


def _action(before: HandState, after: HandState, event: PlayerAction) -> Action:
    verb = _VERBS[event.action]
    amount = None
    if verb is Verb.BET_RAISE_TO:
        amount = event.amount
        if after.betting is not None and after.result is None:
            amount = after.players[after.index_of(event.seat)].bet  # the round total
        elif amount is None and before.betting is not None:  # fixed limit, round over
            amount = before.betting.current + before.betting.increment
    return Action(event.seat, verb, amount)


def _showdown(state: HandState) -> tuple[Action, ...]:
    result = state.result
    if result is None or result.reason != "showdown":
        return ()
    live = {p.seat: p for p in state.players if p.live}
    order = [s for s in result.order if s in live] or sorted(live)
    return tuple(Action(s, Verb.SHOW_MUCK, cards=tuple(str(c) for c in live[s].cards))
                 for s in order)


def _limits(state: HandState) -> dict[str, Any]:
    rules = state.rules
    fixed = state.game.limit != "pot"
    blinds = (rules.small_blind, rules.big_blind) if rules.big_blind else ()
    return {"ante": rules.ante, "blinds": blinds,
            "bring_in": rules.bring_in if rules.bring_in else None,
            "small_bet": rules.small_bet if fixed else None,
            "big_bet": rules.big_bet if fixed else None,
            "min_bet": None if fixed else rules.small_bet}


def hand_record(start: HandState, final: HandState, hand: int | None = None,
                table: str | None = None, time: str | None = None) -> HandRecord:
    """The record of the hand that went from ``start`` (as dealt) to ``final``."""
    order = clockwise(start, start.table.dealer + 1)
    seats = tuple(SeatEntry(start.table.start[i].seat, start.table.start[i].name,
                            start.table.start[i].stack) for i in order)
    streets, state = _Streets(), start
    for event in final.log:
        after = apply(state, event)
        if isinstance(event, CardDealt) and state.queue:
            target = state.queue[0][0]
            if target != BURN:  # a player index, or the board (BOARD or a named slot)
                streets.card(state.players[target].seat if target >= 0 else None,
                             str(event.card))
        elif isinstance(event, PlayerAction):
            streets.action(_action(state, after, event))
        elif isinstance(event, Discard):
            streets.action(Action(event.seat, Verb.DISCARD,
                                  cards=tuple(str(c) for c in event.cards)))
        state = after
    streets.close()
    stacks = {p.seat: p.stack for p in final.players}
    rules: dict[str, Any] = {"game": final.game.id}
    if final.table.centre:
        rules["centre"] = [str(c) for c in final.table.centre]
    return HandRecord(game=final.game.id, seats=seats, streets=tuple(streets.done),
                      showdown=_showdown(final), hand=hand, table=table, time=time,
                      final_stacks=tuple(stacks[s.seat] for s in seats), rules=rules,
                      **_limits(final))
