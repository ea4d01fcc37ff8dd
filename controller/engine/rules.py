"""The engine's public face: ``new_hand``, ``check``, ``apply``, ``expected``, ``replay``.

Pure: a state plus an event gives a new state or a ``RuleViolation``; nothing
else is touched, so a refused event changes nothing and every hand replays
from its event list to the same state.

>>> from controller.cards import Card
>>> state = new_hand("asf", [(1, "Anna", 100), (2, "Ben", 100)], dealer=2)
>>> expected(state).describe()
'a card face down for seat 1'
>>> state = apply(state, CardDealt(Card("As")))
>>> apply(state, PlayerAction(1, BET))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
controller.errors.RuleViolation: A card is due from the shoe (a card face down for seat 2), ...
>>> chips_in_play(state) == 200
True
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import MISSING
from dataclasses import fields as dataclass_fields

from controller.cards import JOKER
from controller.engine.betting import apply_action, legal_actions
from controller.engine.dealing import apply_exposed, place_card
from controller.engine.events import (
    BET,
    BRING_IN,
    COMPLETE,
    FOLD,
    RAISE,
    CardDealt,
    CardExposed,
    Event,
    Misdeal,
    PlayerAction,
    Undo,
)
from controller.engine.expect import Expected
from controller.engine.firsts import clockwise
from controller.engine.runners import runner_for
from controller.engine.showdown import award_uncontested, ranking, return_chips, showdown
from controller.engine.state import (
    BOARD,
    BURN,
    MARKET_BASE,
    OFFER,
    SLOT_BASE,
    UNSEEN_BASE,
    Betting,
    HandState,
    Player,
    Table,
    chips_in_play,
    evolve,
    memo,
    remake,
)
from controller.errors import RuleViolation
from controller.variants.catalogue import find_game
from controller.variants.game import Deck, GameDef, resolve_options

__all__ = [
    "Expected",
    "apply",
    "check",
    "chips_in_play",
    "expected",
    "legal_actions",
    "new_hand",
    "replay",
    "undo",
]

SeatIn = tuple[int, str, int] | Mapping[str, object]


# ---------------------------------------------------------------- new hand

def _seat(raw: SeatIn) -> Player:
    seat: object
    name: object
    stack: object
    if isinstance(raw, tuple):
        seat, name, stack = raw
    else:
        seat, name, stack = raw.get("seat"), raw.get("name", ""), raw.get("stack")
    if isinstance(seat, bool) or not isinstance(seat, int):
        raise RuleViolation("bad_seat", f"A seat needs a seat number, got {seat!r}.")
    if isinstance(stack, bool) or not isinstance(stack, int) or stack < 0:
        raise RuleViolation("bad_seat", f"Seat {seat}'s stack must be a whole number of "
                            f"chips, got {stack!r}.")
    d = _BLANK_PLAYER.copy()
    d["seat"], d["name"], d["stack"] = seat, str(name or f"Seat {seat}"), stack
    return remake(Player, d)


# Every field at its default (all immutable): a new record is a copy plus a few values.
_BLANK_PLAYER = Player(seat=0, name="", stack=0).__dict__
_BLANK_STATE = {f.name: f.default for f in dataclass_fields(HandState)
                if f.default is not MISSING}


def _check_table(game: GameDef, players: Sequence[Player], dealer: int, reserve: int) -> None:
    n = len(players)
    if n < game.min_players or n > game.max_players:
        raise RuleViolation("wrong_player_count", f"{game.name} is for {game.players} "
                            f"players, not {n}.")
    if len({p.seat for p in players}) != n:
        raise RuleViolation("bad_seat", "Two players are given the same seat number.")
    if dealer < 0:
        raise RuleViolation("unknown_seat", "The dealer's seat is not at the table.")
    for p in players:
        if p.stack < max(reserve, 1):
            if reserve:
                raise RuleViolation("insufficient_reserve", f"Seat {p.seat} ({p.name}) has "
                                    f"{p.stack} chips; a new deal needs {reserve} "
                                    f"(seed 000: ante plus the most a player can bet).")
            raise RuleViolation("empty_stack", f"Seat {p.seat} ({p.name}) has no chips.")


def _post(p: Player, chips: int, as_bet: bool) -> Player:
    paid = min(chips, p.stack)
    if not paid:
        return p
    d = p.__dict__.copy()
    d["stack"] = p.stack - paid
    d["committed"] = p.committed + paid
    if as_bet:
        d["bet"] = p.bet + paid
    return remake(Player, d)


def _forced_bets(state: HandState) -> HandState:
    rules = state.rules
    players = [_post(p, rules.ante, False) for p in state.players]
    if rules.big_blind:
        order = clockwise(state, state.table.dealer + 1)
        sb, bb = (order[1], order[0]) if len(order) == 2 else (order[0], order[1])
        players[sb] = _post(players[sb], rules.small_blind, True)
        players[bb] = _post(players[bb], rules.big_blind, True)
    return evolve(state, players=tuple(players))


def new_hand(game: GameDef | str, seats: Iterable[SeatIn], dealer: int,
             options: Mapping[str, object] | None = None) -> HandState:
    """Start a hand: seats as ``(seat, name, stack)`` or dicts, ``dealer`` a seat
    number. Seat numbers run clockwise round the table, so play goes in seat order.
    Antes and blinds are posted; the state then waits for the first card."""
    game = find_game(game) if isinstance(game, str) else game
    if not game.playable:
        raise RuleViolation("not_playable", f"{game.name} cannot be dealt: {game.note}")
    rules = resolve_options(game, options)
    players = tuple(sorted((_seat(s) for s in seats), key=lambda p: p.seat))
    dealer_i = next((i for i, p in enumerate(players) if p.seat == dealer), -1)
    _check_table(game, players, dealer_i, rules.reserve)
    if rules.seventh_card and len(players) > 5:
        raise RuleViolation("wrong_player_count", f"{game.name} deals a seventh card only "
                            f"with five or fewer players, not {len(players)} (seed 003).")
    centre = (JOKER,) if game.deck is Deck.CENTRE_JOKER else ()
    table = Table(game, rules, dealer_i, players, 53 if game.deck is Deck.WITH_JOKER else 52,
                  centre)
    return _start(table)


def _start(table: Table) -> HandState:
    d = _BLANK_STATE.copy()
    d["table"], d["players"] = table, table.start
    return _advance(_forced_bets(remake(HandState, d)))


# ---------------------------------------------------------------- flow

def _advance(state: HandState) -> HandState:
    """Run steps until the engine needs something from outside."""
    steps = state.table.game.steps
    while state.result is None:
        if state.queue or state.betting is not None or state.turn:
            return state  # (nobody folds while cards, draws or declarations are due)
        if _live_count(state.players) == 1:
            return award_uncontested(state)
        state = evolve(state, step=state.step + 1)
        if state.step >= len(steps):
            return showdown(state)
        step = steps[state.step]
        if step.when and not state.rules.flag(step.when):
            continue
        state = runner_for(step).enter(state, step)
    return state


def _end_round(state: HandState, b: Betting) -> HandState:
    if state.rules.jacks_or_better and not b.opened and state.opener < 0:
        return return_chips(state, "no_opener")
    players = []
    for p in state.players:
        players.append(p if p.bet == 0 and p.acted < 0 else _reset_round(p))
    return evolve(state, players=tuple(players), betting=None, aggressor=b.aggressor,
                   last_opener=b.opener)


def _reset_round(p: Player) -> Player:
    d = p.__dict__.copy()
    d["bet"] = 0
    d["acted"] = -1
    return remake(Player, d)


def _check_openers(state: HandState, action: PlayerAction) -> None:
    """Jacks or better (seed 002): only a pair of jacks or better opens; ace + bug is aces."""
    b = state.betting
    if not state.rules.jacks_or_better or b is None or b.opened or action.action is not BET:
        return
    p = state.players[b.to_act]
    value = ranking(state.game.showdown.high or "high").evaluate(list(p.cards))
    if value.category == "pair" and value.ranks and value.ranks[0] < 11:
        qualifies = False
    else:
        qualifies = value.category != "high card"
    if not qualifies:
        # The message names no cards: it may reach a screen the other players see.
        raise RuleViolation("no_openers", f"Seat {p.seat} cannot open: a pair of jacks or "
                            "better is needed to open.")


_OPENING = (BET, RAISE, BRING_IN, COMPLETE)


def _action(state: HandState, action: PlayerAction) -> HandState:
    b = state.betting
    if b is None:
        need = expected(state)
        raise RuleViolation("card_expected" if need.kind == "card" else "illegal_action",
                            f"No betting now: the engine expects {need.describe()}.")
    if state.table.rules.jacks_or_better:
        _check_openers(state, action)
    actor = b.to_act
    players, b = apply_action(state, action)
    d = state.__dict__.copy()
    d.pop("_memo", None)
    d["players"] = players
    d["betting"] = b
    if state.opener < 0 and action.action in _OPENING:
        d["opener"] = actor
    state = remake(HandState, d)
    if b.to_act < 0 or (action.action is FOLD and _live_count(players) == 1):
        state = _end_round(state, b)
    return state


def _live_count(players: tuple[Player, ...]) -> int:
    count = 0
    for p in players:
        if not p.folded:
            count += 1
    return count


def _transition(state: HandState, event: Event) -> HandState:
    if isinstance(event, Undo):
        return undo(state)
    if state.result is not None:
        raise RuleViolation("hand_complete", f"The hand is over ({state.result.reason}); "
                            "start a new hand.")
    if isinstance(event, Misdeal):
        return return_chips(state, "misdeal")
    if isinstance(event, CardExposed):
        return apply_exposed(state, event)
    if isinstance(event, CardDealt):
        if not state.queue:
            need = expected(state)
            raise RuleViolation("card_not_expected", f"No card is due from the shoe: the "
                                f"engine expects {need.describe()}.")
        return place_card(state, event.card)
    if state.queue:
        raise RuleViolation("card_expected", f"A card is due from the shoe "
                            f"({expected(state).describe()}), not an action.")
    if isinstance(event, PlayerAction):
        return _action(state, event)
    if state.betting is not None or not 0 <= state.step < len(state.game.steps):
        raise RuleViolation("illegal_action", "Nobody is drawing, exchanging or declaring "
                            f"now: the engine expects {expected(state).describe()}.")
    step = state.game.steps[state.step]
    return runner_for(step).accept(state, step, event)


def apply(state: HandState, event: Event) -> HandState:
    """The state after ``event``, or ``RuleViolation`` (and ``state`` is unchanged)."""
    if type(event) is CardDealt and state.queue and state.result is None:
        # The commonest event: a card that is due (place_card makes every check).
        new = place_card(state, event.card)
        if not new.queue:
            new = _advance(new)
        new.__dict__["log"] = (*state.log, event)
        return new
    if type(event) is PlayerAction and state.betting is not None and not state.queue:
        new = _action(state, event)  # the next commonest: an action in an open round
        if new.betting is None:
            new = _advance(new)
        new.__dict__["log"] = (*state.log, event)
        return new
    new = _advance(_transition(state, event))
    if isinstance(event, Undo):
        return new
    if new is state:  # never alter a state someone else holds
        new = evolve(new)
    new.__dict__["log"] = (*state.log, event)  # a fresh object nobody else has seen yet
    return new


def check(state: HandState, event: Event) -> None:
    """Raise ``RuleViolation`` if ``event`` is not acceptable now; change nothing."""
    apply(state, event)


def replay(game: GameDef | str, seats: Iterable[SeatIn], dealer: int,
           options: Mapping[str, object] | None, events: Iterable[Event]) -> HandState:
    """Start a hand and apply every event in order."""
    state = new_hand(game, seats, dealer, options)
    for event in events:
        state = apply(state, event)
    return state


def undo(state: HandState) -> HandState:
    """The state before the last accepted event (the engine is pure, so replay all but it)."""
    if not state.log:
        raise RuleViolation("nothing_to_undo", "There is no event to undo in this hand.")
    start = _start(state.table)
    for event in state.log[:-1]:
        start = apply(start, event)
    return start


# ---------------------------------------------------------------- what next

def expected(state: HandState) -> Expected:
    """What the engine needs now (drives the tablet and the replay CLI's ``next``)."""
    return memo(state, "expected", lambda: _expected(state))


def _expected(state: HandState) -> Expected:
    if state.result is not None:
        return Expected("complete", reason=state.result.reason)
    if state.queue:
        target, face_up = state.queue[0]
        if target <= UNSEEN_BASE:
            return Expected("card", target="seat", face_up=False,
                            seat=state.players[UNSEEN_BASE - target].seat)
        if target <= SLOT_BASE:
            return Expected("card", target="board", face_up=face_up,
                            slot=state.game.layout[SLOT_BASE - target])
        if target == BOARD:
            return Expected("card", target="board", face_up=True)
        if SLOT_BASE < target <= MARKET_BASE:
            return Expected("card", target="market", face_up=True,
                            slot=f"market {MARKET_BASE - target + 1}")
        if target == OFFER:
            return Expected("card", target="offer", face_up=True,
                            seat=state.players[state.turn[0]].seat)
        if target == BURN:
            return Expected("card", target="burn")
        return Expected("card", seat=state.players[target].seat, target="seat", face_up=face_up)
    if state.betting is not None:
        return Expected("action", seat=state.players[state.betting.to_act].seat,
                        legal=legal_actions(state))
    step = state.game.steps[state.step]
    return runner_for(step).expected(state, step)
