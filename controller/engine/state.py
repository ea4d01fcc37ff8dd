"""The frozen state of one hand: players, cards owed, the betting round, the result.

Every field is immutable, so a refused event can never leave a half-changed
state behind, and two states compare with ``==``. Chips are integers; at every
step ``sum(stacks) + pot_total == chips bought in`` (see :func:`chips_in_play`).

>>> p = Player(seat=3, name="Anna", stack=100)
>>> p.live, p.all_in, p.can_act
(True, False, True)
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from dataclasses import fields as dataclass_fields
from typing import Any, TypeVar

from controller.cards import Card
from controller.engine.events import Event
from controller.variants.game import GameDef, Rules

__all__ = [
    "BOARD",
    "BURN",
    "MARKET_BASE",
    "OFFER",
    "SLOT_BASE",
    "UNSEEN_BASE",
    "Betting",
    "Delivery",
    "HandState",
    "Player",
    "PotResult",
    "Result",
    "Table",
    "chips_in_play",
    "evolve",
    "mask",
    "memo",
    "remake",
]

BOARD = -1  # a delivery target: the community card(s)
BURN = -2  # a delivery target: the burn pile
OFFER = -3  # a delivery target: the up card offered in a Push 'Em round (seed 004)
MARKET_BASE = -4  # a delivery target: Buy Happiness market position k is MARKET_BASE - k
SLOT_BASE = -10  # a delivery target: board slot k of ``game.layout`` is SLOT_BASE - k
UNSEEN_BASE = -100  # a delivery target: player i's card they may not see is UNSEEN_BASE - i

# (target, face_up): target is a player index, BOARD or BURN.
Delivery = tuple[int, bool]

T = TypeVar("T")
_FIELDS: dict[type, int] = {}  # number of fields per record class
_NAMES: dict[type, frozenset[str]] = {}
_NEW = object.__new__
_SET = object.__setattr__  # frozen records refuse their own __setattr__


def mask(cards: Iterable[Card]) -> int:
    """The bit mask of ``cards`` (bit ``card.index``), how a state records seen cards."""
    bits = 0
    for card in cards:
        bits |= 1 << card.index
    return bits


def _field_count(cls: type) -> int:
    count = _FIELDS.get(cls)
    if count is None:
        count = _FIELDS[cls] = len(dataclass_fields(cls))
    return count


def evolve(obj: T, **changes: Any) -> T:
    """A copy of the frozen record ``obj`` with ``changes``: ``dataclasses.replace``
    at a fraction of the cost (the engine builds a new state for every event, so
    this is its inner loop). Unknown field names are refused like ``replace``.

    >>> p = Player(seat=1, name="Ann", stack=10)
    >>> evolve(p, stack=7) == Player(seat=1, name="Ann", stack=7), p.stack
    (True, 10)
    >>> evolve(p, chips=3)
    Traceback (most recent call last):
    ...
    TypeError: Player has no field ['chips']
    """
    d = obj.__dict__.copy()  # one C-level copy, then a single __dict__ store (no __init__)
    d.update(changes)
    d.pop("_memo", None)  # answers memoised on the old state do not hold for the new one
    cls = type(obj)
    if len(d) != (_FIELDS.get(cls) or _field_count(cls)):  # a name that is not a field
        names = {f.name for f in dataclass_fields(cls)}  # type: ignore[arg-type]
        raise TypeError(f"{cls.__name__} has no field {sorted(changes.keys() - names)}")
    new = _NEW(cls)
    _SET(new, "__dict__", d)
    return new


def remake(cls: type[T], fields: dict[str, Any]) -> T:
    """A frozen ``cls`` record over ``fields``, a dict the caller owns: a copy of
    another record's ``__dict__`` with some values changed (and no ``_memo``). The
    form of :func:`evolve` for the per-event paths, without keyword packing.

    >>> p = Player(seat=1, name="Ann", stack=10)
    >>> d = p.__dict__.copy(); d["stack"] = 4
    >>> remake(Player, d) == evolve(p, stack=4)
    True
    """
    new = _NEW(cls)
    _SET(new, "__dict__", fields)
    return new


def build(cls: type[T], **fields: Any) -> T:
    """A frozen record from *all* its fields, without the frozen ``__init__``'s
    per-field ``object.__setattr__`` (records built once per street or hand)."""
    names = _NAMES.get(cls)
    if names is None:
        names = _NAMES[cls] = frozenset(f.name for f in dataclass_fields(cls))  # type: ignore[arg-type]
    if fields.keys() != names:
        raise TypeError(f"{cls.__name__} needs exactly the fields {sorted(names)}")
    new = _NEW(cls)
    _SET(new, "__dict__", fields)
    return new


def memo(state: object, key: str, compute: Callable[[], T]) -> T:
    """``compute()`` once per (immutable) state: the tablet, the replay CLI and
    ``apply`` all ask for the legal actions of the same state."""
    store: dict[str, Any] = state.__dict__.setdefault("_memo", {})
    if key not in store:
        store[key] = compute()
    return store[key]  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Player:
    """One seat's part in the hand."""

    seat: int
    name: str
    stack: int
    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    folded: bool = False
    committed: int = 0  # chips put in the pot this hand: antes, blinds, bets, fees
    bet: int = 0  # this betting round's total
    acted: int = -1  # bet level when last acting voluntarily this round; -1: not yet
    declared: str = ""
    owed_down: bool = False  # seed 003 practice: hole card exposed on the first deal

    @property
    def live(self) -> bool:
        return not self.folded

    @property
    def all_in(self) -> bool:
        return not self.folded and self.stack == 0

    @property
    def can_act(self) -> bool:
        return not self.folded and self.stack > 0

    @property
    def cards(self) -> tuple[Card, ...]:
        return self.down + self.up


@dataclass(frozen=True)
class Betting:
    """The betting round in progress (fixed limit or pot limit)."""

    increment: int  # fixed-limit bet size (pot limit: the minimum bet)
    big: int  # a second size allowed (big bet on an open pair), 0 if none
    to_act: int  # player index
    current: int  # highest round total so far
    full_level: int  # the round total set by the last full bet or raise
    last_raise: int  # size of the last full bet or raise (pot-limit minimum raise)
    raises: int  # bets and raises so far, toward the cap (a bring-in does not count)
    cap: int  # 0: no cap
    bring_in: bool  # the opener owes a bring-in, or one stands uncompleted
    opener: int
    aggressor: int = -1
    locked_big: bool = False  # after a big bet, raises are big too (seed 003)
    opened: bool = False  # someone has bet (jacks-or-better: the pot is open)


@dataclass(frozen=True, slots=True)
class PotResult:
    """One pot (main or side) and who won what from it."""

    amount: int
    eligible: tuple[int, ...]  # seat numbers
    shares: tuple[tuple[int, int], ...] = ()  # (seat, chips)
    high: tuple[int, ...] = ()  # seats winning the high (or only) half
    low: tuple[int, ...] = ()

    @property
    def winners(self) -> tuple[int, ...]:
        return tuple(seat for seat, chips in self.shares if chips > 0)


@dataclass(frozen=True, slots=True)
class Result:
    """How the hand ended: ``showdown``, ``uncontested``, ``misdeal`` or ``no_opener``."""

    reason: str
    pots: tuple[PotResult, ...] = ()
    payouts: tuple[tuple[int, int], ...] = ()  # (seat, chips) incl. chips returned
    hands: tuple[tuple[int, str, str], ...] = ()  # (seat, way, description) at showdown
    order: tuple[int, ...] = ()  # showdown order (seed 002 last section)
    bonuses: tuple[tuple[int, int, int], ...] = ()  # (payer seat, winner seat, chips), seed 004

    @property
    def winners(self) -> tuple[int, ...]:
        seats: list[int] = []
        for pot in self.pots:
            seats.extend(s for s in pot.winners if s not in seats)
        return tuple(seats)


@dataclass(frozen=True, slots=True)
class Table:
    """What is fixed for the whole hand: game, options, seats as bought in, dealer."""

    game: GameDef
    rules: Rules
    dealer: int  # player index
    start: tuple[Player, ...]
    pack_size: int  # cards in the shuffled pack (52, or 53 with the joker in it)
    centre: tuple[Card, ...] = ()  # cards exposed in the centre before the deal (seed 000)

    @property
    def chips(self) -> int:
        return sum(p.stack for p in self.start)


@dataclass(frozen=True)
class HandState:
    """A hand in progress or finished. Build with ``engine.new_hand``; change with ``apply``."""

    table: Table
    players: tuple[Player, ...]
    step: int = -1  # index into table.game.steps; len(steps) once the steps are done
    queue: tuple[Delivery, ...] = ()  # cards the shoe owes, in order
    betting: Betting | None = None
    turn: tuple[int, ...] = ()  # players still to draw, exchange or declare, in order
    board: tuple[Card, ...] = ()  # community cards (seed 003: the 8-player card)
    burned: tuple[Card, ...] = ()
    discards: tuple[Card, ...] = ()  # drawn or exchanged away
    seen: int = 0  # cards out of the pack, as a bit mask of card indexes
    reshuffles: int = 0
    opener: int = -1  # who opened the first betting round (showdown order)
    aggressor: int = -1  # last bettor or raiser of the last finished round
    last_opener: int = -1  # first to act in the last finished round
    result: Result | None = None
    log: tuple[Event, ...] = ()  # accepted events, in order (an undone one is dropped)
    slots: tuple[tuple[str, Card], ...] = ()  # seed 004 board slots dealt: (name, card)
    turned: tuple[str, ...] = ()  # board slots face up, in the order they were turned
    turns: int = 0  # board turns done (house betting triggers: "the third pile is turned")
    exposed: tuple[Card, ...] = ()  # every card turned or dealt face up, in order (seed 004
    # Follow the Queen: "the card after the last Queen")
    offer: tuple[Card, ...] = ()  # Push 'Em: the up card on offer to the player to choose
    unseen: tuple[Card, ...] = ()  # Garbage Pie: down cards their owners may not look at
    market: tuple[Card | None, ...] = ()  # Buy Happiness: the face-up cards beside the deck
    coins: tuple[int, ...] = ()  # 7-27: coins in front of each player (markers, not chips)
    rounds: int = 0  # 7-27: choosing rounds done (variant 2 rotates the first to choose)
    holding: tuple[int, ...] = ()  # Guts: players who hold, secret until all have chosen
    passing: tuple[tuple[int, tuple[Card, ...]], ...] = ()  # chosen passes, not yet made

    @property
    def game(self) -> GameDef:
        return self.table.game

    @property
    def rules(self) -> Rules:
        return self.table.rules

    @property
    def complete(self) -> bool:
        return self.result is not None

    @property
    def pack_left(self) -> int:
        return self.table.pack_size - self.seen.bit_count()

    @property
    def pot_total(self) -> int:
        """Chips in the pot(s) now, this round's bets included; 0 once paid out."""
        if self.result is not None:
            return 0
        return sum(p.committed for p in self.players)

    def index_of(self, seat: int) -> int:
        """Player index of seat number ``seat`` (-1 when nobody sits there)."""
        for i, p in enumerate(self.players):
            if p.seat == seat:
                return i
        return -1


def chips_in_play(state: HandState) -> int:
    """Stacks plus pots: always equal to ``state.table.chips`` (nothing is ever lost)."""
    return sum(p.stack for p in state.players) + state.pot_total
