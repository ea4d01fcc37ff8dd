"""What the engine needs next: a card, an action, a draw, declarations, or nothing.

>>> Expected("card", seat=3, target="seat", face_up=True).describe()
'a card face up for seat 3'
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.engine.betting import LegalAction

__all__ = ["Expected"]


@dataclass(frozen=True, slots=True)
class Expected:
    """What the engine needs next: ``kind`` is card, action, draw, exchange, declare
    or complete; ``seat`` is a seat number (0 for the board or a burn)."""

    kind: str
    seat: int = 0
    target: str = ""  # card: "seat", "board" or "burn"
    face_up: bool = False
    legal: tuple[LegalAction, ...] = ()
    seats: tuple[int, ...] = ()  # declare: who still has to declare
    reason: str = ""  # complete: how the hand ended
    limit: int = 0  # draw / exchange: most cards the seat may throw away
    cost: int = 0  # exchange: chips an exchange costs
    slot: str = ""  # card for a board slot: its name (seed 004 layouts)
    choices: tuple[str, ...] = ()  # turn: slots the dealer may turn; choice: what a seat may do

    def describe(self) -> str:
        if self.kind == "card":
            if self.slot:
                return f"a card face {'up' if self.face_up else 'down'} to board slot {self.slot}"
            if self.target == "board":
                return "a community card face up"
            if self.target == "burn":
                return "a burn card"
            if self.target == "offer":
                return f"a card face up offered to seat {self.seat}"
            return f"a card face {'up' if self.face_up else 'down'} for seat {self.seat}"
        if self.kind == "action":
            return f"an action from seat {self.seat}"
        if self.kind in ("draw", "exchange"):
            return f"seat {self.seat} to {self.kind} or stand pat"
        if self.kind == "declare":
            return "declarations from seats " + ", ".join(str(s) for s in self.seats)
        if self.kind == "turn":
            return "the dealer to turn one of " + ", ".join(self.choices)
        if self.kind == "choice":
            who = f"seat {self.seat}" if self.seat else "seats " + ", ".join(
                str(s) for s in self.seats)
            return f"{who} to choose: " + ", ".join(self.choices)
        return f"nothing: the hand is complete ({self.reason})"

    def as_dict(self) -> dict[str, object]:
        out: dict[str, object] = {"kind": self.kind}
        if self.kind == "card":
            out.update(target=self.target, face_up=self.face_up)
            if self.target in ("seat", "offer"):
                out["seat"] = self.seat
            if self.slot:
                out["slot"] = self.slot
        elif self.kind == "turn":
            out["choices"] = list(self.choices)
        elif self.kind == "choice":
            out.update(seat=self.seat, seats=list(self.seats), choices=list(self.choices),
                       cost=self.cost, limit=self.limit)
        elif self.kind == "declare":
            out["seats"] = list(self.seats)
        elif self.kind == "complete":
            out["reason"] = self.reason
        else:
            out["seat"] = self.seat
        if self.kind in ("draw", "exchange"):
            out.update(limit=self.limit, cost=self.cost)
        if self.kind == "action":
            out["legal"] = [a.as_dict() for a in self.legal]
        out["text"] = self.describe()
        return out
