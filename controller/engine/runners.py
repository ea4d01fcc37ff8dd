"""How the engine runs each step type: one small runner per named building block.

A step type (``controller.variants.steps``) is data; its runner is behaviour:
``enter`` sets the step up (queue cards, open a betting round, list who must
draw or declare), ``expected`` says what the step waits for once no card is
owed and no bet is open, and ``accept`` takes the step's own events (a draw,
a declaration). A new house step (seed 004: buy, pass, turn a board card...)
is a new step dataclass plus a runner given to :func:`register`; the flow in
``rules.py`` does not change.

>>> from controller.variants.steps import Draw
>>> type(runner_for(Draw())).__name__
'TurnRunner'
"""

from __future__ import annotations

from typing import Any, Protocol

from controller.engine.betting import start_round
from controller.engine.board import LayoutRunner, TurnBoardRunner
from controller.engine.choices import (
    ArrangeRunner,
    CoinsRunner,
    DecideRunner,
    ExposeRunner,
    MarketRunner,
    PassRunner,
    PushRunner,
    RepeatRunner,
    RevealRunner,
    RollRunner,
    UnseenRunner,
)
from controller.engine.dealing import (
    apply_discard,
    deal_queue,
    exchange_cost,
    live_order,
)
from controller.engine.events import Declaration, Discard, Event
from controller.engine.expect import Expected
from controller.engine.guts import GutsRunner
from controller.engine.nopeek import NoPeekRunner
from controller.engine.state import HandState, evolve
from controller.errors import RuleViolation, VariantError
from controller.variants.steps import (
    Arrange,
    Bet,
    Coins,
    Deal,
    Decide,
    Declare,
    Draw,
    Exchange,
    Expose,
    Guts,
    Layout,
    Market,
    NoPeek,
    Pass,
    Push,
    Repeat,
    Reveal,
    Roll,
    Turn,
    Unseen,
)

__all__ = ["StepRunner", "register", "runner_for"]


class StepRunner(Protocol):
    def enter(self, state: HandState, step: Any) -> HandState:
        """Set the step up; leaving the state idle (no queue, bet or turn) skips it."""

    def expected(self, state: HandState, step: Any) -> Expected:
        """What the step waits for (only asked while it has a turn list)."""

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        """Apply one of the step's own events, or raise ``RuleViolation``."""


class _NoOwnEvents:
    def expected(self, state: HandState, step: Any) -> Expected:
        raise VariantError(f"step {step!r} never waits on its own", "bad_variant")

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        raise RuleViolation("illegal_action", "Nobody is drawing, exchanging or declaring now.")


class DealRunner(_NoOwnEvents):
    """Deal: the shoe owes a card to every live player (see ``dealing.py``)."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return deal_queue(state, step)


class BetRunner(_NoOwnEvents):
    """Bet: a betting round (see ``betting.py``)."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, betting=start_round(state, step))


class TurnRunner:
    """Draw and exchange: each live player in turn from the dealer's left (seed 002,
    seed 003 English Stud)."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, turn=tuple(live_order(state)))

    def expected(self, state: HandState, step: Any) -> Expected:
        p = state.players[state.turn[0]]
        if isinstance(step, Draw):
            # The announced limit ("4-ace": four, when keeping an ace): the seat's own
            # cards must not show through the public view, so the ace is checked on the draw.
            limit = {"3": 3, "4-ace": 4, "5": 5}[state.rules.draw_limit]
            return Expected("draw", seat=p.seat, limit=limit)
        return Expected("exchange", seat=p.seat, limit=1, cost=exchange_cost(state))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        if not isinstance(event, Discard):
            raise RuleViolation("illegal_action", "Players are drawing or exchanging now.")
        return apply_discard(state, event)


class DeclareRunner:
    """Declare high, low or both (seed 003 "With Declare")."""

    def enter(self, state: HandState, step: Any) -> HandState:
        return evolve(state, turn=tuple(live_order(state)))

    def expected(self, state: HandState, step: Any) -> Expected:
        return Expected("declare", seats=tuple(state.players[i].seat for i in state.turn))

    def accept(self, state: HandState, step: Any, event: Event) -> HandState:
        if not isinstance(event, Declaration):
            raise RuleViolation("illegal_action", "Players are declaring now.")
        i = state.index_of(event.seat)
        if i not in state.turn:
            raise RuleViolation("out_of_turn", f"Seat {event.seat} has no declaration to "
                                "make now.")
        mode = state.rules.declare or step.mode
        if mode == "sequential" and state.turn[0] != i:
            raise RuleViolation("out_of_turn", f"Declarations go in turn: seat "
                                f"{state.players[state.turn[0]].seat} declares next.")
        p = evolve(state.players[i], declared=event.way.value)
        return evolve(state, players=(*state.players[:i], p, *state.players[i + 1:]),
                      turn=tuple(j for j in state.turn if j != i))


RUNNERS: dict[type, StepRunner] = {
    Deal: DealRunner(), Bet: BetRunner(), Draw: TurnRunner(), Exchange: TurnRunner(),
    Declare: DeclareRunner(), Layout: LayoutRunner(), Turn: TurnBoardRunner(),
    Expose: ExposeRunner(), Push: PushRunner(), Pass: PassRunner(), Unseen: UnseenRunner(),
    Reveal: RevealRunner(), Decide: DecideRunner(), Arrange: ArrangeRunner(),
    Roll: RollRunner(), Market: MarketRunner(), Coins: CoinsRunner(), Repeat: RepeatRunner(),
    Guts: GutsRunner(),
}


def register(step_type: type, runner: StepRunner) -> None:
    """Teach the engine a new step type."""
    RUNNERS[step_type] = runner


register(NoPeek, NoPeekRunner())


def runner_for(step: object) -> StepRunner:
    runner = RUNNERS.get(type(step))
    if runner is None:
        raise VariantError(f"no runner for step {step!r}: register one in "
                           "controller.engine.runners", "bad_variant")
    return runner

