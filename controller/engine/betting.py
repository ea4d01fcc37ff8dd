"""Betting rounds: who may do what for how much, and what an action changes.

Fixed limit (small / big bets, the big bet on an open pair as an option, the
bring-in and its completion: seed 003 "Size of Bets"), pot limit (London
Lowball), one bet plus three raises (no cap heads-up where the game says so),
check-raise, blinds, and all-ins for less in the games that allow them.

An ``amount`` is always the player's *round total* after the action.

>>> LegalAction(BET, amounts=(1,)).as_dict()
{'action': 'bet', 'amounts': [1]}
"""

from __future__ import annotations

from typing import NamedTuple

from controller.cards import Card
from controller.engine.events import (
    BET,
    BRING_IN,
    CALL,
    CHECK,
    COMPLETE,
    FOLD,
    RAISE,
    Act,
    PlayerAction,
)
from controller.engine.firsts import clockwise, first_to_act
from controller.engine.state import Betting, HandState, Player, build, remake
from controller.errors import RuleViolation
from controller.variants.steps import Bet, FirstToAct

__all__ = ["LegalAction", "apply_action", "legal_actions", "next_to_act", "start_round"]


class LegalAction(NamedTuple):
    """One button on the tablet: the action and the round totals it allows.

    ``amounts`` lists fixed choices; ``low``..``high`` a range (pot limit);
    ``chips`` is what a call costs. (A named tuple: immutable, and cheap enough
    to build for every state.)
    """

    action: Act
    amounts: tuple[int, ...] = ()
    low: int = 0
    high: int = 0
    chips: int = 0

    def allows(self, amount: int) -> bool:
        if self.amounts:
            return amount in self.amounts
        return self.low <= amount <= self.high

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"action": self.action.value}
        if self.amounts:
            out["amounts"] = list(self.amounts)
        elif self.high:
            out["min"], out["max"] = self.low, self.high
        if self.action is CALL:
            out["chips"] = self.chips
        return out


_CHECK = LegalAction(CHECK)
_FOLD = LegalAction(FOLD)


def _others_can_act(state: HandState, i: int) -> bool:
    for j, q in enumerate(state.players):  # noqa: SIM110 (no generator frame per action)
        if j != i and q.stack > 0 and not q.folded:
            return True
    return False


def _fixed_totals(state: HandState, b: Betting, p: Player) -> tuple[int, ...]:
    room = p.bet + p.stack
    if not b.big:  # one bet size (the usual case)
        total = b.current + b.increment
        if total <= room:
            return (total,)
        return (room,) if state.table.game.all_in else ()
    sizes = (b.big,) if b.locked_big else (b.increment, b.big)
    totals = []
    for size in sizes:
        total = b.current + size
        if total > room:
            if not state.table.game.all_in:
                continue
            total = room
        if total not in totals:
            totals.append(total)
    return tuple(totals)


def _pot_limit_range(state: HandState, b: Betting, p: Player) -> tuple[int, int]:
    to_call = b.current - p.bet
    room = p.bet + p.stack
    pot_after_call = state.pot_total + to_call
    low = b.current + max(b.last_raise, b.increment)
    high = max(b.current + pot_after_call, low)
    return min(low, room), min(high, room)


def _spread_range(b: Betting, p: Player) -> tuple[int, int]:
    """Spread limit: from the small bet (at least the last raise) up to the round's
    top size (the big bet on big-bet rounds or once the pair trigger holds)."""
    room = p.bet + p.stack
    low = b.current + max(b.last_raise, b.increment)
    high = max(b.current + max(b.big, b.increment), low)
    return min(low, room), min(high, room)


def _wager(state: HandState, b: Betting, p: Player, act: Act) -> LegalAction | None:
    limit = state.table.game.limit
    if limit == "fixed" and not b.big and b.current + b.increment <= p.bet + p.stack:
        return _fixed(act, (b.current + b.increment,))  # one size, and the chips for it
    if limit != "fixed":
        low, high = _pot_limit_range(state, b, p) if limit == "pot" else _spread_range(b, p)
        if low < b.current + b.increment and not state.game.all_in:
            return None
        return LegalAction(act, low=low, high=high) if high > p.bet else None
    totals = _fixed_totals(state, b, p)
    return _fixed(act, totals) if totals else None


_FIXED: dict[tuple[int, tuple[int, ...]], LegalAction] = {}


def _fixed(act: Act, amounts: tuple[int, ...]) -> LegalAction:
    """The button for a fixed-limit choice of round totals (the same few recur)."""
    key = (id(act), amounts)  # (an Enum member lives for good; it hashes in Python)
    option = _FIXED.get(key)
    if option is None:
        option = LegalAction(act, amounts=amounts)
        if len(_FIXED) < 4096:
            _FIXED[key] = option
    return option


def legal_actions(state: HandState) -> tuple[LegalAction, ...]:
    """What the player to act may do now, with amounts (empty when nobody is to act)."""
    # memo() spelled out: asked twice on every action (the tablet or chooser, then apply)
    d = state.__dict__
    store = d.get("_memo")
    if store is None:
        store = d["_memo"] = {}
    else:
        known: tuple[LegalAction, ...] | None = store.get("legal")
        if known is not None:
            return known
    legal = store["legal"] = _legal_actions(state)
    return legal


_CALLS: dict[int, LegalAction] = {}  # call options by chips: the same few recur all night


def _call(chips: int) -> LegalAction:
    option = _CALLS.get(chips)
    if option is None:
        option = LegalAction(CALL, chips=chips)
        if len(_CALLS) < 1024:
            _CALLS[chips] = option
    return option


def _legal_actions(state: HandState) -> tuple[LegalAction, ...]:
    b = state.betting
    if b is None or state.result is not None:
        return ()
    i = b.to_act
    p = state.players[i]
    room = p.bet + p.stack
    if b.bring_in and b.current == 0:
        bring = _fixed(BRING_IN, (min(state.rules.bring_in, room),))
        if room <= state.rules.bring_in:
            return (bring,)
        return bring, _fixed(COMPLETE, (min(b.increment, room),))
    to_call = b.current - p.bet
    # A bet or raise needs room under the cap, action re-opened since this player last
    # acted (a short all-in does not re-open it), chips beyond a call, and someone to call.
    may_raise = ((not b.cap or b.raises < b.cap) and (p.acted < 0 or b.full_level > p.acted)
                 and (to_call <= 0 or p.stack > to_call) and _others_can_act(state, i))
    if to_call <= 0:
        if may_raise:
            wager = _wager(state, b, p, BET if b.current == 0 else RAISE)
            if wager is not None:
                return _CHECK, wager
        return (_CHECK,)
    call = _call(min(to_call, p.stack))
    if may_raise:
        if b.bring_in:
            return _FOLD, call, _fixed(COMPLETE, (min(b.increment, room),))
        wager = _wager(state, b, p, RAISE)
        if wager is not None:
            return _FOLD, call, wager
    return _FOLD, call


def _refuse(state: HandState, b: Betting, action: PlayerAction) -> RuleViolation:
    """Why ``action`` is not among the legal actions, in the dealer's words."""
    p = state.players[b.to_act]
    word = action.action.value
    words = [a.action.value for a in legal_actions(state)]
    legal = ", ".join(words[:-1]) + " or " + words[-1] if len(words) > 1 else "".join(words)
    if action.action in (BET, RAISE, COMPLETE) and b.cap and b.raises >= b.cap:
        return RuleViolation("raise_cap_reached", f"Betting is capped at one bet and "
                             f"{b.cap - 1} raises; seat {p.seat} may {legal}.")
    return RuleViolation("illegal_action", f"Seat {p.seat} cannot {word} now; they may {legal}.")


def _choose_amount(option: LegalAction, action: PlayerAction, seat: int) -> int:
    if action.amount is None:
        if option.amounts:
            return option.amounts[0]
        if option.low == option.high:
            return option.low
        raise RuleViolation("wrong_amount", f"Seat {seat} must say how much to "
                            f"{action.action.value}: from {option.low} to {option.high}.")
    if not option.allows(action.amount):
        allowed = (" or ".join(str(a) for a in option.amounts) if option.amounts
                   else f"from {option.low} to {option.high}")
        raise RuleViolation("wrong_amount", f"Seat {seat} cannot {action.action.value} to "
                            f"{action.amount}: the round total must be {allowed}.")
    return action.amount


def next_to_act(players: tuple[Player, ...], current: int, after: int) -> int:
    """The next player clockwise after ``after`` who still owes an action (-1: round over)."""
    n = len(players)
    for k in range(1, n + 1):
        j = (after + k) % n
        q = players[j]
        if q.stack > 0 and not q.folded and (q.acted < 0 or q.bet < current):
            return j
    return -1


def _pay(p: Player, total: int, acted: bool = True) -> Player:
    chips = total - p.bet
    d = p.__dict__.copy()
    d["stack"] = p.stack - chips
    d["committed"] = p.committed + chips
    d["bet"] = total
    if acted:
        d["acted"] = total
    return remake(Player, d)


def _wager_effect(b: Betting, act: Act, total: int, i: int) -> dict[str, object]:
    """The round's changes after a bet, raise or completion to ``total``."""
    if act is BRING_IN:
        return {"current": total}
    raised_by = total - b.current
    full = raised_by >= (b.last_raise if act is RAISE else 0) and raised_by >= b.increment
    if act is COMPLETE:
        full = True
    if not full:  # an all-in for less: it does not re-open the action
        return {"current": max(b.current, total), "aggressor": i, "opened": True}
    big = bool(b.big) and raised_by >= b.big > b.increment
    return {"current": total, "full_level": total, "last_raise": raised_by,
            "raises": b.raises + 1, "aggressor": i, "bring_in": False, "opened": True,
            "locked_big": b.locked_big or big}


def _check_amount(p: Player, option: LegalAction, action: PlayerAction) -> None:
    """A fold, check or call may name its round total, and then it must be right."""
    total = p.bet + option.chips
    if action.amount != total:
        raise RuleViolation("wrong_amount", f"Seat {p.seat} cannot {action.action.value} to "
                            f"{action.amount}: their round total would be {total}.")


def apply_action(state: HandState, action: PlayerAction) -> tuple[tuple[Player, ...], Betting]:
    """Check ``action`` against the legal actions and return the new players and round.

    The caller decides whether the round is over (``Betting.to_act == -1``).
    """
    b = state.betting
    if b is None:
        raise RuleViolation("illegal_action", "No betting round is open.")
    i = b.to_act
    players = state.players
    p = players[i]
    if action.seat != p.seat:
        if state.index_of(action.seat) < 0:
            raise RuleViolation("unknown_seat", f"Nobody sits in seat {action.seat}.")
        raise RuleViolation("out_of_turn", f"It is seat {p.seat}'s turn to act, "
                            f"not seat {action.seat}'s.")
    act = action.action
    for option in legal_actions(state):
        if option.action is act:
            break
    else:
        raise _refuse(state, b, action)
    round_ = b.__dict__.copy()
    if act is FOLD or act is CHECK:
        if action.amount is not None:
            _check_amount(p, option, action)
        d = p.__dict__.copy()
        d["acted"] = p.bet
        if act is FOLD:
            d["folded"] = True
        p = remake(Player, d)
    elif act is CALL:
        if action.amount is not None:
            _check_amount(p, option, action)
        p = _pay(p, p.bet + option.chips)
    else:
        total = _choose_amount(option, action, p.seat)
        p = _pay(p, total)
        round_.update(_wager_effect(b, act, total, i))
    players = (*players[:i], p, *players[i + 1:])
    round_["to_act"] = next_to_act(players, round_["current"], i)
    return players, remake(Betting, round_)


def start_round(state: HandState, step: Bet) -> Betting | None:
    """Open a betting round (None when fewer than two players can still bet)."""
    rules = state.table.rules
    live = [p for p in state.players if not p.folded]
    actors = [p for p in live if p.stack > 0]
    current = max(p.bet for p in state.players)
    if len(actors) < 2 and not (actors and actors[0].bet < current):
        return None
    first = step.first
    bring_in = first in (FirstToAct.BRING_IN_LOW, FirstToAct.BRING_IN_HIGH) and rules.bring_in > 0
    if not bring_in and first is FirstToAct.BRING_IN_LOW:
        first = FirstToAct.HIGH_EXPOSED  # seed 003: without a bring-in the best hand opens
    elif not bring_in and first is FirstToAct.BRING_IN_HIGH:
        first = FirstToAct.LOW_EXPOSED
    opener = first_to_act(state, first)
    if state.players[opener].stack == 0:
        opener = next(j for j in clockwise(state, opener) if state.players[j].can_act)
    increment = rules.big_bet if step.size == "big" else rules.small_bet
    big = 0
    on_pair = step.big_on_pair and rules.big_bet_on_pair and increment < rules.big_bet
    if on_pair and any(_pair_showing(p.up) for p in live):
        big = rules.big_bet
    if state.game.big_when and increment < rules.big_bet:
        from controller.engine.layout import big_allowed  # seed 004 house betting

        if big_allowed(state):
            big = rules.big_bet
    if state.game.limit == "spread":  # any amount from the small bet up to the round's top
        increment, big = rules.small_bet, max(big, increment)
    cap = 0 if (state.game.heads_up_uncapped and len(live) == 2) else state.game.cap
    return build(Betting, increment=increment, big=big, to_act=opener, current=current,
                 full_level=current, last_raise=current, raises=1 if current else 0,
                 cap=cap, bring_in=bring_in, opener=opener, aggressor=-1, locked_big=False,
                 opened=current > 0)


def _pair_showing(up: tuple[Card, ...]) -> bool:
    ranks = [c.rank for c in up if c.rank is not None]
    return len(set(ranks)) < len(ranks)
