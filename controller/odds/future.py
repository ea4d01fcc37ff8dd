"""What the rest of a hand will deal, read off a rules-engine state: the **plan**.

The odds of a hand in progress are the odds over every way the cards nobody
knows yet can fall. :func:`read_plan` lists them, in the order the shoe and
the dealer will deliver them, as *moves* the engine itself understands:

* a :data:`~controller.engine.state.Delivery` ``(target, face_up)``: one
  unknown card to a player, the board, a named board slot (seed 004) or a
  player's card they may not see (Garbage Pie); the engine's
  :func:`~controller.engine.dealing.place_card` puts it there;
* a :class:`TurnMove`: a board slot turned face up (the engine's
  :func:`~controller.engine.board.turn_slot`, which also throws away 3-30's
  matching cards).

**Cards already out that nobody knows** come first: a board slot dealt face
down and not yet turned (seed 004: "hidden board cards"), a card its owner
may not look at (No Peek, Garbage Pie's unseen card), and with ``public`` every
live player's down card (the audience's view). They are taken out of the
state (:attr:`Plan.base`) and dealt again from the unseen cards.

**The current step**, then **every later step**, as the game's definition
says (:mod:`controller.variants.steps`):

* ``Deal``, ``Layout``, ``Unseen``: the cards they deal (running out of cards as
  seed 003 says: the burns come back, then one community card for all);
* ``Turn``: its named slots, then ``choose`` slots among the ones left (the
  dealer's choice does not matter to the final hand: a hand ends with every
  slot of the book turned);
* ``Push`` and ``Market``: one up card to every live player (each round
  gives every player one card; whether it is the offered or bought card or a
  fresh one is a choice, so it is priced as a card from the unseen ones; the
  offered and market cards are known and out of play);
* No Peek's turning (``NoPeek``) deals nothing: the down cards nobody has seen
  are unknown, they all count (a player's step-7 dead cards cannot be foreseen),
  a card not yet turned moves no wild card, and the card to beat is put away;
* decisions are not cards: a ``Draw``, ``Exchange``, ``Pass``, ``Arrange``,
  ``Expose``, ``Coins`` (7-27), ``Decide`` or ``Guts`` round leaves the hands
  as they stand (seed 002's Five Card Draw is priced before the draw as the
  hands stand); cards already owed for one are dealt.

>>> from controller.engine import new_hand, apply, event_from_dict
>>> s = new_hand("cross", [(1, "Ann", 900), (2, "Bo", 900)], dealer=2)
>>> for c in "As Kd 2c 3d 9h Tc 7s 7h 4c".split():
...     s = apply(s, event_from_dict({"card": c}))
>>> p = read_plan(s)
>>> [m for m in p.moves][:5]  # the five hidden cross cards, dealt again
[(-10, False), (-11, False), (-12, False), (-13, False), (-14, False)]
>>> len(p.deliveries), sum(isinstance(m, TurnMove) for m in p.moves)
(9, 5)
"""

from __future__ import annotations

from dataclasses import dataclass

from controller.cards import Card
from controller.engine.nopeek import BEAT
from controller.engine.state import (
    BOARD,
    SLOT_BASE,
    UNSEEN_BASE,
    Delivery,
    HandState,
    evolve,
)
from controller.variants.game import GameDef
from controller.variants.steps import Deal, Layout, Market, NoPeek, Push, Turn, Unseen

__all__ = ["Move", "Plan", "TurnMove", "no_peek", "read_plan", "target_player"]


@dataclass(frozen=True)
class TurnMove:
    """A board slot turned face up; ``discard``: 3-30's matching cards go (seed 004)."""

    slot: str
    discard: bool = False


Move = Delivery | TurnMove


def no_peek(game: GameDef) -> bool:
    """Seed 004 No Peek games: "Players may NOT look at their cards", so a down card is
    unknown to everyone, its owner too, until it is turned."""
    return game.id.startswith("no-peek") or any(isinstance(s, NoPeek) for s in game.steps)


def target_player(target: int) -> int | None:
    """The player index a delivery goes to (None: the board, a slot, the market...)."""
    if target >= 0:
        return target
    if target <= UNSEEN_BASE:
        return UNSEEN_BASE - target
    return None


@dataclass(frozen=True)
class Plan:
    """The cards still to fall, in order (see the module docstring)."""

    base: HandState  # the state with every unknown card taken out, ``queue`` the deliveries
    moves: tuple[Move, ...]
    hidden: tuple[Card, ...]  # cards already out that nobody (or the audience) knows
    reclaimed: bool  # the burns come back into the pack before a later deal
    put_away: tuple[Card, ...] = ()  # known cards that leave the board before the showdown

    @property
    def deliveries(self) -> tuple[Delivery, ...]:
        """The unknown cards' destinations, in delivery order."""
        return tuple(m for m in self.moves if not isinstance(m, TurnMove))

    def turned_at_end(self) -> set[str]:
        """Every slot face up once the plan has run: turned, or dealt face up."""
        layout = self.base.game.layout
        up = {layout[SLOT_BASE - t] for t, face_up in self.deliveries
              if face_up and UNSEEN_BASE < t <= SLOT_BASE}
        return {*self.base.turned, *up,
                *(m.slot for m in self.moves if isinstance(m, TurnMove))}


class _Planner:
    """Walks the state's current and later steps, counting the cards left in the pack."""

    def __init__(self, state: HandState, live: list[int]) -> None:
        self.state, self.live = state, live
        self.moves: list[Move] = []
        self.dealt = {n for n, _ in state.slots}
        self.turned = set(state.turned)
        self.left = state.pack_left - len(state.queue)
        self.burned = len(state.burned)
        self.reclaimed = False

    def give(self, delivery: Delivery) -> None:
        self.moves.append(delivery)
        if delivery[0] <= SLOT_BASE and delivery[0] > UNSEEN_BASE:
            self.dealt.add(self.state.game.layout[SLOT_BASE - delivery[0]])

    def turn(self, name: str, discard: bool) -> None:
        if name in self.dealt and name not in self.turned:
            self.turned.add(name)
            self.moves.append(TurnMove(name, discard))

    def turn_step(self, step: Turn, picks: int) -> None:
        for name in step.slots:
            self.turn(name, step.discard_matches)
        for name in [n for n in step.among if n in self.dealt and n not in self.turned][:picks]:
            self.turn(name, step.discard_matches)

    def each_live(self, face_up: bool, unseen: bool = False) -> None:
        for i in self.live:
            self.give((UNSEEN_BASE - i if unseen else i, face_up))
        self.left -= len(self.live)

    def deal(self, step: Deal) -> None:
        """Seed 003 "Running Out of Cards" as the engine deals it (``deal_queue``)."""
        n = len(self.live)
        burn = int(self.state.rules.burns and step.burn)
        if self.left < n + burn and self.burned and not self.reclaimed:
            self.left, self.reclaimed, burn = self.left + self.burned, True, 0
        if self.left < n + burn:
            burn = 0
        if self.left >= n:
            self.left -= burn
            self.each_live(step.face == "up")
        elif self.left:
            self.give((BOARD, True))
            self.left -= 1

    def later(self, step: object) -> None:
        if isinstance(step, Deal):
            self.deal(step)
        elif isinstance(step, Layout):
            if self.left >= len(step.slots):
                layout = self.state.game.layout
                for name in step.slots:
                    self.give((SLOT_BASE - layout.index(name), step.face == "up"))
                    if step.face == "up":
                        self.turned.add(name)
                self.left -= len(step.slots)
        elif isinstance(step, Turn):
            self.turn_step(step, step.choose)
        elif isinstance(step, Unseen):
            if self.left >= len(self.live):
                self.each_live(False, unseen=True)
        elif isinstance(step, (Push, Market)) and self.left >= 2 * len(self.live):
            self.each_live(True)

    def current(self, step: object) -> None:
        """The rest of the step in progress, after the cards it already owes."""
        waiting = [i for i in self.state.turn if i in self.live]
        if isinstance(step, Turn):
            self.turn_step(Turn(among=step.among, discard_matches=step.discard_matches),
                           len(self.state.turn))
        elif isinstance(step, (Push, Market)):
            for i in waiting:  # each player still to choose gets a card
                self.give((i, True))


def _put_away(state: HandState) -> tuple[HandState, tuple[Card, ...]]:
    """Seed 004 No Peek: "the face-up card stays the hand to beat until someone beats
    it; it is nobody's card and is put away when the turning ends" (the engine's
    ``nopeek`` module): while turning remains, the showdown will not see it."""
    steps = state.game.steps
    if not any(isinstance(s, NoPeek) for s in steps[max(state.step, 0):]):
        return state, ()
    gone = tuple(c for n, c in state.slots if n == BEAT)
    return evolve(state, slots=tuple(s for s in state.slots if s[0] != BEAT),
                  turned=tuple(n for n in state.turned if n != BEAT)), gone


def _hide(state: HandState, live: list[int], public: bool) -> tuple[HandState, list[Move],
                                                                     list[Card]]:
    """Take the cards nobody may know out of ``state``; the moves that deal them again."""
    blind = no_peek(state.game)
    players = list(state.players)
    moves: list[Move] = []
    hidden: list[Card] = []
    for i in live:
        p = players[i]
        gone = [c for c in p.down if public or blind or c in state.unseen]
        if gone:
            players[i] = evolve(p, down=tuple(c for c in p.down if c not in gone))
            moves += [(UNSEEN_BASE - i if c in state.unseen else i, False) for c in gone]
            hidden += gone
    layout = state.game.layout
    face_down = [(n, c) for n, c in state.slots if n not in state.turned]
    moves += [(SLOT_BASE - layout.index(n), False) for n, _ in face_down]
    hidden += [c for _, c in face_down]
    gone_set = set(hidden)
    base = evolve(state, players=tuple(players),
                  slots=tuple((n, c) for n, c in state.slots if n in state.turned),
                  unseen=tuple(c for c in state.unseen if c not in gone_set))
    return base, moves, hidden


def read_plan(state: HandState, public: bool = False) -> Plan:
    """The plan of ``state`` (see the module docstring). A finished hand hides nothing
    and deals nothing: its plan is empty."""
    live = [i for i, p in enumerate(state.players) if p.live]
    if state.result is not None:
        return Plan(evolve(state, queue=()), (), (), False)
    base, moves, hidden = _hide(state, live, public)
    base, put_away = _put_away(base)
    planner = _Planner(state, live)
    planner.moves = moves
    for delivery in state.queue:
        target = delivery[0]
        if target_player(target) in live or target == BOARD or UNSEEN_BASE < target <= SLOT_BASE:
            planner.give(delivery)
        # a burn, the offer and the market hold no card of a hand (see the module docstring)
    steps = state.game.steps
    if 0 <= state.step < len(steps):
        planner.current(steps[state.step])
    for step in steps[max(state.step + 1, 0):]:
        if step.when and not state.rules.flag(step.when):
            continue
        planner.later(step)
    moves_t = tuple(planner.moves)
    deliveries = tuple(m for m in moves_t if not isinstance(m, TurnMove))
    return Plan(evolve(base, queue=deliveries, seen=0), moves_t, tuple(hidden),
                planner.reclaimed, put_away)
