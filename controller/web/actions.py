"""The actions of the hand so far, as the table screen shows them ("Ben raises to 2").

The views carry stacks and bets but not who did what; replaying the hand's
accepted events from the hand as dealt gives each action with its amounts.
Only public facts are kept: a draw says how many cards, never which, and a
declaration is never named here (it may still be secret).

>>> from controller.engine import new_hand, apply, event_from_dict
>>> start = new_hand("asf", [(1, "Anna", 100), (2, "Ben", 100)], dealer=2)
>>> s = start
>>> for raw in [{"card": c} for c in "As 9c Ks 9h 7s 5c".split()] + [
...         {"seat": 1, "action": "bet"}, {"seat": 2, "action": "raise"}]:
...     s = apply(s, event_from_dict(raw))
>>> [(a["seat"], a["action"], a["total"], a["chips"]) for a in public_actions(start, s)]
[(1, 'bet', 1, 1), (2, 'raise', 2, 2)]
"""

from __future__ import annotations

from typing import Any

from controller.engine import Declaration, Discard, HandState, PlayerAction, apply

__all__ = ["public_actions"]


def _record(before: HandState, after: HandState, event: Any, n: int) -> dict[str, Any] | None:
    if isinstance(event, PlayerAction):
        i = before.index_of(event.seat)
        out: dict[str, Any] = {"seat": event.seat, "action": event.action.value,
                               "total": after.players[i].bet,
                               "chips": after.players[i].committed - before.players[i].committed}
    elif isinstance(event, Discard):
        out = {"seat": event.seat, "action": "draw", "cards": len(event.cards)}
    elif isinstance(event, Declaration):
        out = {"seat": event.seat, "action": "declare"}
    else:
        return None
    out.update(n=n, step=before.step)
    return out


def public_actions(start: HandState | None, state: HandState | None) -> list[dict[str, Any]]:
    """Each seat's actions this hand, in order (``n`` counts the hand's events, ``step``
    is the game step the action belongs to, so a screen can tell this round's apart)."""
    if start is None or state is None:
        return []
    out = []
    current = start
    for n, event in enumerate(state.log, start=1):
        after = apply(current, event)
        record = _record(current, after, event, n)
        if record is not None:
            out.append(record)
        current = after
    return out
