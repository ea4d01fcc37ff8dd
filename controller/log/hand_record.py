"""The hand record: a small, engine-independent description of one hand for exports.

The PHH and text exporters read this, not the engine's events, so the log
does not depend on the engine's internals; the table maps its events to a
record when a hand ends and stores it in the ``hand_end`` payload under
``"record"`` (see :class:`controller.log.session.HandEnd`).

A record lists the seats in *acting order* (clockwise from the dealer's left;
PHH calls them p1, p2, ...), the forced bets and limits, then the streets. Each
street is an ordered list of steps, each a :class:`Deal` (cards to a seat, or
to the board when ``seat`` is None; ``??`` is a card nobody saw) or an
:class:`Action` (fold, check/call, complete/bet/raise *to* an amount, post the
bring-in, stand pat or discard, show or muck).

>>> r = HandRecord(game="razz", seats=(SeatEntry(1, "Anna", 50), SeatEntry(2, "Ben", 50)),
...                ante=1, bring_in=1, small_bet=2, big_bet=4,
...                streets=(Street("third", (Deal(1, ("As", "2c", "3d")),
...                                          Deal(2, ("??", "??", "Kc")),
...                                          Action(2, Verb.BRING_IN), Action(1, Verb.FOLD))),))
>>> HandRecord.from_dict(r.to_dict()) == r
True
>>> r.streets[0].steps[0]
Deal(seat=1, cards=('As', '2c', '3d'))
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from controller.log.errors import LogError

__all__ = ["Action", "Deal", "HandRecord", "SeatEntry", "Street", "Verb"]


class Verb(StrEnum):
    """What a player does; the values are PHH's action codes."""

    FOLD = "f"
    CHECK_CALL = "cc"
    BET_RAISE_TO = "cbr"
    BRING_IN = "pb"
    DISCARD = "sd"
    SHOW_MUCK = "sm"


@dataclass(frozen=True)
class SeatEntry:
    """A seat at the start of the hand: number, player, stack."""

    seat: int
    player: str
    stack: int


@dataclass(frozen=True)
class Deal:
    """Cards dealt to a seat, or to the board (``seat=None``); ``??`` = not seen."""

    seat: int | None
    cards: tuple[str, ...]


@dataclass(frozen=True)
class Action:
    """A player's action. ``amount`` is the total *to* for bet/raise/complete.

    ``cards``: the cards discarded (``DISCARD``; empty = stand pat) or shown
    (``SHOW_MUCK``; empty = muck).
    """

    seat: int
    verb: Verb
    amount: int | None = None
    cards: tuple[str, ...] = ()


Step = Deal | Action


@dataclass(frozen=True)
class Street:
    """One street (``third``, ``flop``, ``first draw``...): its deals and actions in order."""

    name: str
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class HandRecord:
    """Everything an export needs about one hand."""

    game: str
    seats: tuple[SeatEntry, ...]
    streets: tuple[Street, ...]
    ante: int = 0
    blinds: tuple[int, ...] = ()
    bring_in: int | None = None
    small_bet: int | None = None
    big_bet: int | None = None
    min_bet: int | None = None
    showdown: tuple[Action, ...] = ()
    final_stacks: tuple[int, ...] | None = None
    hand: int | None = None
    table: str | None = None
    time: str | None = None
    """ISO 8601 time the hand started."""
    rules: Mapping[str, Any] = field(default_factory=dict)
    """House rules PHH has no field for (wild cards, the bug, declare...)."""

    def index(self, seat: int) -> int:
        """The 1-based PHH player number of a seat."""
        for i, s in enumerate(self.seats, 1):
            if s.seat == seat:
                return i
        raise LogError("bad_hand_record", f"seat {seat} is not in this hand")

    def steps(self) -> list[Step]:
        """Every deal and action in order, street after street, showdown last."""
        return [step for street in self.streets for step in street.steps] + list(self.showdown)

    def to_dict(self) -> dict[str, Any]:
        """JSON form (what the ``hand_end`` payload carries)."""
        return {"game": self.game, "seats": [[s.seat, s.player, s.stack] for s in self.seats],
                "ante": self.ante, "blinds": list(self.blinds), "bring_in": self.bring_in,
                "small_bet": self.small_bet, "big_bet": self.big_bet, "min_bet": self.min_bet,
                "streets": [{"name": st.name, "steps": [_step_dict(x) for x in st.steps]}
                            for st in self.streets],
                "showdown": [_step_dict(a) for a in self.showdown],
                "final_stacks": None if self.final_stacks is None else list(self.final_stacks),
                "hand": self.hand, "table": self.table, "time": self.time,
                "rules": dict(self.rules)}

    @classmethod
    def from_dict(cls, d: Mapping[str, Any]) -> HandRecord:
        """Inverse of :meth:`to_dict`; malformed input raises ``bad_hand_record``."""
        try:
            return cls(
                game=str(d["game"]),
                seats=tuple(SeatEntry(int(s), str(p), int(c)) for s, p, c in d["seats"]),
                streets=tuple(Street(str(st["name"]), tuple(_step(x) for x in st["steps"]))
                              for st in d["streets"]),
                ante=int(d.get("ante") or 0), blinds=tuple(d.get("blinds") or ()),
                bring_in=d.get("bring_in"), small_bet=d.get("small_bet"),
                big_bet=d.get("big_bet"), min_bet=d.get("min_bet"),
                showdown=tuple(_action(x) for x in d.get("showdown") or ()),
                final_stacks=None if d.get("final_stacks") is None
                else tuple(d["final_stacks"]),
                hand=d.get("hand"), table=d.get("table"), time=d.get("time"),
                rules=dict(d.get("rules") or {}))
        except (KeyError, TypeError, ValueError) as exc:
            raise LogError("bad_hand_record", f"not a hand record: {exc!r}") from None


def _step_dict(step: Step) -> dict[str, Any]:
    if isinstance(step, Deal):
        return {"deal": step.seat, "cards": list(step.cards)}
    out: dict[str, Any] = {"seat": step.seat, "verb": step.verb.value}
    if step.amount is not None:
        out["amount"] = step.amount
    if step.cards:
        out["cards"] = list(step.cards)
    return out


def _step(d: Mapping[str, Any]) -> Step:
    if "deal" in d:
        return Deal(None if d["deal"] is None else int(d["deal"]), tuple(d["cards"]))
    return _action(d)


def _action(d: Mapping[str, Any]) -> Action:
    return Action(int(d["seat"]), Verb(d["verb"]), d.get("amount"), tuple(d.get("cards", ())))
