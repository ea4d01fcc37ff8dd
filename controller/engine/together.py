"""Steps the engine runs by itself, and decisions every live player makes at once.

* :class:`NeverWaits`: a step that does all its work in ``enter`` (deal the unseen
  cards, reveal them, roll a card up, repeat a round, lay out the board); asking
  what it waits for, or sending it an event, is refused with its own message.
* :func:`all_at_once` / :func:`answer_of`: a decision every live player answers once,
  in any order (turn a card, pass cards, play or drop, hold or drop). ``state.turn``
  holds the players still to answer; choices stay secret until all are in.
"""

from __future__ import annotations

from typing import Any

from controller.engine.events import Choice, Event
from controller.engine.expect import Expected
from controller.engine.state import HandState
from controller.errors import RuleViolation

__all__ = ["NeverWaits", "all_at_once", "answer_of"]


class NeverWaits:
    """Base of a runner whose step never waits for an event (``waiting`` says so)."""

    waiting = "This step never waits."

    def expected(self, state: HandState, step: Any) -> Expected:
        raise RuleViolation("illegal_action", self.waiting)

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        raise RuleViolation("illegal_action", self.waiting)


def all_at_once(state: HandState, choices: tuple[str, ...], limit: int = 0) -> Expected:
    """What the engine waits for: ``choices`` from every seat still to answer."""
    return Expected("choice", seats=tuple(state.players[i].seat for i in state.turn),
                    choices=choices, limit=limit)


def answer_of(state: HandState, event: Event, kinds: tuple[str, ...], ask: str,
              answered: str) -> tuple[int, tuple[int, ...]]:
    """The answering player's index and the players still to answer after ``event``;
    refuses another kind of event (``ask`` says what is wanted) and a seat that has
    nothing to answer (``answered``, with ``{seat}``)."""
    if not isinstance(event, Choice) or event.kind not in kinds:
        raise RuleViolation("illegal_action", ask)
    i = state.index_of(event.seat)
    if i not in state.turn:
        raise RuleViolation("out_of_turn", answered.format(seat=event.seat))
    return i, tuple(j for j in state.turn if j != i)
