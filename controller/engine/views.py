"""What each screen may see of a hand, as JSON-able dicts.

``public_view`` is for the table screen: up cards, bets, pots, whose turn;
never a down card before showdown, and a hand won without showdown reveals
none. ``seat_view`` adds that seat's own down cards. ``summary`` is the
replay CLI's output (issue 3: status, pots, winners, payouts, stacks, next).
"""

from __future__ import annotations

from typing import Any

from controller.cards import Card
from controller.engine.pots import build_pots
from controller.engine.rules import expected
from controller.engine.state import HandState

__all__ = ["may_look", "pots_view", "public_view", "seat_view", "summary"]


def _cards(cards: tuple[Any, ...]) -> list[str]:
    return [str(c) for c in cards]


def pots_view(state: HandState) -> list[dict[str, Any]]:
    """Pots with seats eligible (and, once the hand is over, who won what)."""
    if state.result is not None:
        return [{"amount": p.amount, "eligible": list(p.eligible), "winners": list(p.winners),
                 "shares": {str(s): c for s, c in p.shares}} for p in state.result.pots]
    seats = [p.seat for p in state.players]
    return [{"amount": amount, "eligible": [seats[i] for i in elig]}
            for amount, elig in build_pots([p.committed for p in state.players],
                                           [p.live for p in state.players],
                                   [p.all_in for p in state.players])]


def _shown(state: HandState) -> set[int]:
    """Seats whose down cards are public: only those who went to a showdown."""
    if state.result is None or state.result.reason != "showdown":
        return set()
    return {p.seat for p in state.players if p.live}


def may_look(state: HandState, down: tuple[Card, ...]) -> tuple[Card, ...]:
    """The down cards their owner may look at: none in a No Peek game, and never a
    Garbage Pie card dealt unseen (seed 004: "which they CANNOT look at")."""
    if state.game.no_peek:
        return ()
    return tuple(c for c in down if c not in state.unseen)


def _player(state: HandState, i: int, own: bool) -> dict[str, Any]:
    p = state.players[i]
    out: dict[str, Any] = {
        "seat": p.seat, "name": p.name, "stack": p.stack, "bet": p.bet,
        "committed": p.committed, "folded": p.folded, "all_in": p.all_in,
        "up": _cards(p.up), "down_count": len(p.down),
    }
    if p.seat in _shown(state):
        out["down"] = _cards(p.down)
    elif own:
        out["down"] = _cards(may_look(state, p.down))
    mode = state.rules.declare or "simultaneous"
    if p.declared and (mode == "sequential" or not state.turn or state.result is not None):
        out["declared"] = p.declared
    return out


def public_view(state: HandState) -> dict[str, Any]:
    """The table screen's picture of the hand."""
    nxt = expected(state)
    view: dict[str, Any] = {
        "game": state.game.id, "name": state.game.name,
        "dealer": state.players[state.table.dealer].seat,
        "players": [_player(state, i, False) for i in range(len(state.players))],
        "board": _cards(state.board), "centre": _cards(state.table.centre),
        "layout": _layout(state), "offer": _cards(state.offer),
        "market": [str(c) if c is not None else None for c in state.market],
        "pots": pots_view(state), "pot_total": sum(p.committed for p in state.players)
        if state.result is None else 0,
        "next": nxt.as_dict(),
        "status": "complete" if state.result is not None else "in_progress",
    }
    if state.result is not None:
        view["result"] = {
            "reason": state.result.reason, "winners": list(state.result.winners),
            "payouts": {str(s): c for s, c in state.result.payouts},
            "hands": [{"seat": s, "way": w, "hand": d} for s, w, d in state.result.hands],
            "order": list(state.result.order),
        }
    return view


def _layout(state: HandState) -> list[dict[str, Any]]:
    """Seed 004 board slots: a face-down slot shows no card until it is turned."""
    dealt = dict(state.slots)
    return [{"slot": name, "card": str(dealt[name]) if name in state.turned else None,
             "dealt": name in dealt} for name in state.game.layout]


def seat_view(state: HandState, seat: int) -> dict[str, Any]:
    """The public view plus ``seat``'s own down cards (a player's phone)."""
    view = public_view(state)
    i = state.index_of(seat)
    if i >= 0:
        view["players"][i] = _player(state, i, True)
        view["you"] = seat
    return view


def summary(state: HandState) -> dict[str, Any]:
    """The replay CLI's JSON: status, pots, winners, payouts, stacks (by seat), next."""
    result = state.result
    return {
        "status": "complete" if result is not None else "in_progress",
        "reason": result.reason if result is not None else None,
        "pots": pots_view(state),
        "winners": list(result.winners) if result is not None else [],
        "payouts": {str(s): c for s, c in result.payouts} if result is not None else {},
        "stacks": {str(p.seat): p.stack for p in state.players},
        "next": expected(state).as_dict(),
    }
