"""Runners for the players' card decisions of seed 004.

* :class:`ExposeRunner`: "When the dealer calls 'turn' each player turns a card of
  their choice face up" (Molly, Highest Flush); every live player answers once,
  in any order, with ``Choice(seat, "show", (card,))``.
"""

from __future__ import annotations

from typing import Any

from controller.engine.events import Choice, Event
from controller.engine.expect import Expected
from controller.engine.state import HandState, evolve
from controller.errors import RuleViolation

__all__ = ["ExposeRunner"]


def _live(state: HandState) -> tuple[int, ...]:
    from controller.engine.dealing import live_order

    return tuple(i for i in live_order(state) if state.players[i].down)


class ExposeRunner:
    """Expose: each live player turns one of their down cards face up."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, turn=_live(state))

    def expected(self, state: HandState, step: Any) -> Expected:
        return Expected("choice", seats=tuple(state.players[i].seat for i in state.turn),
                        choices=("show",))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        if not isinstance(event, Choice) or event.kind != "show":
            raise RuleViolation("illegal_action", "Each player turns one down card face up "
                                "now (show).")
        i = state.index_of(event.seat)
        if i not in state.turn:
            raise RuleViolation("out_of_turn", f"Seat {event.seat} has no card to turn now.")
        p = state.players[i]
        if len(event.cards) != 1 or event.cards[0] not in p.down:
            raise RuleViolation("card_not_held", f"Seat {event.seat} must turn exactly one of "
                                "their own down cards.")
        card = event.cards[0]
        p = evolve(p, down=tuple(c for c in p.down if c is not card), up=(*p.up, card))
        return evolve(state, players=(*state.players[:i], p, *state.players[i + 1:]),
                      turn=tuple(j for j in state.turn if j != i),
                      exposed=(*state.exposed, card))
