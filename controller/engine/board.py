"""Runners for the board steps of seed 004: deal to named slots, turn slots.

* :class:`LayoutRunner`: the shoe owes one card per slot, in the order the
  definition names them (42nd Street step 1: "a row of four and a row of two").
* :class:`TurnRunner`: named slots are turned at once; for "any one of the
  center cards is turned over" (3-30 step 3, Colinoscopy, Cross) the dealer
  names the slot with a :class:`~controller.engine.events.BoardTurn` event;
  3-30's matching discards follow each turn.
"""

from __future__ import annotations

from typing import Any

from controller.engine.events import BoardTurn, Event
from controller.engine.expect import Expected
from controller.engine.layout import slot_card
from controller.engine.state import SLOT_BASE, Delivery, HandState, evolve
from controller.errors import RuleViolation
from controller.variants.steps import Layout, Turn

__all__ = ["LayoutRunner", "TurnBoardRunner", "turn_slot"]


class LayoutRunner:
    """Layout: queue a card for each named slot."""

    def enter(self, state: HandState, step: Any) -> HandState:
        assert isinstance(step, Layout)
        layout = state.game.layout
        face_up = step.face == "up"
        need = len(step.slots)
        if state.pack_left < need:
            return state  # (never with 52 cards and the book's player counts)
        queue: tuple[Delivery, ...] = tuple((SLOT_BASE - layout.index(n), face_up)
                                            for n in step.slots)
        return evolve(state, queue=(*state.queue, *queue))

    def expected(self, state: HandState, step: Any) -> Expected:
        raise RuleViolation("illegal_action", "A layout never waits on its own.")

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        raise RuleViolation("illegal_action", "The board is being dealt now.")


def _discard_matches(state: HandState, rank: object) -> HandState:
    """3-30 step 3: "Each player must discard all cards in their hand matching the
    turned center card" (the engine knows every card, so it does the discarding)."""
    players = list(state.players)
    thrown = []
    for i, p in enumerate(players):
        if not p.live:
            continue
        gone = [c for c in p.cards if c.rank == rank]
        if gone:
            thrown.extend(gone)
            players[i] = evolve(p, down=tuple(c for c in p.down if c.rank != rank),
                                up=tuple(c for c in p.up if c.rank != rank))
    return evolve(state, players=tuple(players), discards=(*state.discards, *thrown))


def turn_slot(state: HandState, name: str, discard: bool) -> HandState:
    """Turn slot ``name`` face up (and discard matching cards when the game says so)."""
    card = slot_card(state, name)
    if card is None or name in state.turned:
        return state
    state = evolve(state, turned=(*state.turned, name), exposed=(*state.exposed, card))
    return _discard_matches(state, card.rank) if discard else state


class TurnBoardRunner:
    """Turn: fixed slots at once, then ``choose`` slots named by the dealer."""

    def enter(self, state: HandState, step: Any) -> HandState:
        assert isinstance(step, Turn)
        for name in step.slots:
            state = turn_slot(state, name, step.discard_matches)
        picks = min(step.choose, len(_choices(state, step)))
        state = evolve(state, turns=state.turns + 1)
        if picks:
            state = evolve(state, turn=(state.table.dealer,) * picks)
        return state

    def expected(self, state: HandState, step: Any) -> Expected:
        return Expected("turn", seat=state.players[state.table.dealer].seat,
                        choices=_choices(state, step))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        if not isinstance(event, BoardTurn):
            raise RuleViolation("illegal_action", "The dealer turns a board card now: "
                                f"one of {', '.join(_choices(state, step))}.")
        if event.slot not in _choices(state, step):
            raise RuleViolation("bad_slot", f"Board slot {event.slot!r} cannot be turned "
                                f"now; choose one of {', '.join(_choices(state, step))}.")
        state = turn_slot(state, event.slot, step.discard_matches)
        return evolve(state, turn=state.turn[1:])


def _choices(state: HandState, step: Turn) -> tuple[str, ...]:
    dealt = {n for n, _ in state.slots}
    return tuple(n for n in step.among if n in dealt and n not in state.turned)
