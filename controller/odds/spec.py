"""What the equity engine is asked: who holds what, what is still to come, how it is scored.

An :class:`OddsSpec` describes a hand in progress *as the table knows it*,
independently of the rules engine (``controller.engine``), so the live table,
the replay and the CLI can all ask the same question:

* ``players``: one :class:`Holding` per live player: the cards the table knows
  (``down`` and ``up``) and ``to_come``, how many more cards that player will
  hold at the showdown that the table does not know yet: down cards it has
  not seen plus cards still to be dealt. They are drawn from the unseen deck.
  Up or down does not matter for equity, except for a per-player wild card
  (Low Hole, seed 003) where ``to_come_down`` says how many of them are down.
* ``board``: the shared cards in slot order, ``None`` for a slot still to come
  (the order matters only for a :class:`~controller.hands.BoardGroups` layout).
* ``dead``: cards known to be out of play: folded players' known cards, burns,
  discards. They are never dealt again.
* ``deck``: 52, or 53 when the joker is in the pack. The shared joker of Aces,
  Straights and Flushes (seed 000 section 04) is exposed in the centre: a known
  *board* card; see :func:`centre_joker`.
* ``rule``: the :class:`ShowdownRule` (rankings, pot rule, wild cards,
  composition).

Five Card Draw (seed 002) is priced as "no cards to come" before and after
the draw: the draw depends on decisions, not on the deck, so the spec is the
hands as they stand.

>>> s = OddsSpec.build(["As Ks", "Qd Qc"], board="2c 7d 9h Jd", board_to_come=1)
>>> [len(h.cards) for h in s.players], s.board_to_come, len(s.unseen())
([2, 2], 1, 44)
>>> OddsSpec.build(["As Ks", "As Qc"])
Traceback (most recent call last):
...
controller.odds.errors.OddsError: As appears twice: each card exists once in the deck
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

import numpy as np
import numpy.typing as npt

from controller.cards import JOKER, Card, card_from_index, parse_cards
from controller.hands import AnyFive, Composition, WildSpec
from controller.odds.errors import OddsError
from controller.variants.game import PotRule

__all__ = ["Finisher", "Holding", "OddsSpec", "ShowdownRule", "centre_joker", "parse_board",
           "parse_holding"]

UNKNOWN_TOKENS = frozenset({"?", "??", "x", "xx", "X", "XX"})
WAYS = ("", "high", "low", "both")


@dataclass(frozen=True)
class ShowdownRule:
    """How the showdown is scored (DESIGN.md "Variants are data": the showdown rule).

    ``high`` / ``low``: ranking names for :func:`controller.hands.get_ranking`
    (``""`` when the game has no such half). ``pot``: high only, low only,
    high-low split (odd chip to high: equity counts exact halves), or
    high-low with the eight-or-better qualifier (the high hand scoops when no
    low qualifies; seed 003 "Eight or Better"). A declare game is priced as
    cards speak until every live player has declared (:attr:`Holding.declared`), then
    by the declarations (seed 003 "With Declare", as the engine pays it).
    ``wild``: the wild cards for every player; ``low_hole``: each player's
    lowest down card's rank is wild for them too (seed 003 "Low Hole").
    ``top_hand="natural-pair-7"``: a natural pair of sevens beats everything
    (seed 003, the Man with the Axe). ``composition``: which cards combine.

    >>> ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8).split
    True
    """

    high: str = "high"
    low: str = ""
    pot: PotRule = PotRule.HIGH
    wild: WildSpec | None = None
    low_hole: bool = False
    top_hand: str = ""
    composition: Composition = field(default_factory=AnyFive)

    def __post_init__(self) -> None:
        if not self.high and not self.low:
            raise OddsError("a showdown rule needs a high or a low ranking", "no_ranking")
        if self.pot is PotRule.HIGH and not self.high:
            raise OddsError("pot rule 'high' needs a high ranking", "no_ranking")
        if self.pot is PotRule.LOW and not self.low:
            raise OddsError("pot rule 'low' needs a low ranking", "no_ranking")
        if self.split and not (self.high and self.low):
            raise OddsError(f"pot rule {self.pot.value!r} needs both a high and a low ranking",
                            "no_ranking")

    @property
    def split(self) -> bool:
        """True when the pot is divided between a high half and a low half."""
        return self.pot in (PotRule.SPLIT, PotRule.SPLIT_8, PotRule.DECLARE)


@dataclass(frozen=True)
class Holding:
    """One live player's cards as the table knows them, and how many it does not know yet.

    ``declared`` is the player's declaration in a declare game (``"high"``, ``"low"``
    or ``"both"``; ``""`` before it is made)."""

    down: tuple[Card, ...] = ()
    up: tuple[Card, ...] = ()
    to_come: int = 0
    to_come_down: int = 0
    declared: str = ""

    def __post_init__(self) -> None:
        if self.to_come < 0 or not 0 <= self.to_come_down <= self.to_come:
            raise OddsError("cards to come must be 0 or more (and the down ones among them "
                            "no more than all of them)", "bad_to_come")
        if self.declared not in WAYS:
            raise OddsError(f"a declaration is high, low or both, not {self.declared!r}",
                            "bad_declaration")

    @property
    def cards(self) -> tuple[Card, ...]:
        """The known cards, down then up."""
        return self.down + self.up

    @property
    def size(self) -> int:
        """Cards this player holds at the showdown."""
        return len(self.down) + len(self.up) + self.to_come


def parse_holding(text: str | Iterable[str | Card], to_come: int = 0,
                  to_come_down: int = 0) -> Holding:
    """A holding from text; ``?`` (or ``xx``) stands for a down card the table does not
    know; a ``/`` separates the down cards from the up cards (all down without one).

    >>> h = parse_holding("As Ks ? ?", to_come=1)
    >>> [str(c) for c in h.cards], h.to_come, h.to_come_down
    (['As', 'Ks'], 3, 2)
    >>> h = parse_holding("? 3c / 9h 9s")
    >>> h.down, h.up, h.to_come
    ((Card('3c'),), (Card('9h'), Card('9s')), 1)
    """
    raw = text if isinstance(text, str) else " ".join(str(t) for t in text)
    down_text, _, up_text = raw.partition("/")
    down_tokens = down_text.replace(",", " ").split()
    unknown = sum(1 for t in down_tokens if t in UNKNOWN_TOKENS)
    down = parse_cards([t for t in down_tokens if t not in UNKNOWN_TOKENS])
    up = parse_cards(up_text)
    return Holding(tuple(down), tuple(up), to_come + unknown, to_come_down + unknown)


class Finisher(Protocol):
    """Scores deals by finishing a rules-engine hand (:mod:`controller.odds.completion`):
    ``cards`` unknown cards a deal, in the finisher's own delivery order."""

    cards: int

    def score(self, deals: npt.NDArray[np.int64],
              ) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
        """``(high, low)`` strengths per deal and live player (bigger is better)."""
        ...


@dataclass(frozen=True)
class OddsSpec:
    """A hand in progress as the table knows it (see the module docstring).

    ``finisher``: for a game scored by the engine's own showdown (seed 004 board
    layouts, wild cards decided during the deal), how a deal completes the hand; the
    holdings and board then only count the cards to come (see
    :func:`controller.odds.from_state.spec_from_state`)."""

    players: tuple[Holding, ...]
    board: tuple[Card | None, ...] = ()
    dead: tuple[Card, ...] = ()
    deck: int = 52
    rule: ShowdownRule = field(default_factory=ShowdownRule)
    finisher: Finisher | None = field(default=None, compare=False, repr=False)

    def __post_init__(self) -> None:
        if not self.players:
            raise OddsError("the equity of a hand needs at least one live player", "no_players")
        if self.deck not in (52, 53):
            raise OddsError(f"a deck has 52 cards, or 53 with the joker, not {self.deck}",
                            "bad_deck")
        known = self.known()
        seen: set[Card] = set()
        for card in known:
            if card in seen:
                raise OddsError(f"{card} appears twice: each card exists once in the deck",
                                "duplicate_card")
            seen.add(card)
        if JOKER in seen and self.deck == 52:
            raise OddsError("the joker is not in a 52-card deck: use deck 53 (joker in the "
                            "pack) or centre_joker() for a joker exposed in the centre",
                            "joker_not_in_deck")
        need = self.cards_to_come
        if self.finisher is not None and self.finisher.cards != need:
            raise OddsError(f"the hand deals {self.finisher.cards} more cards but the spec "
                            f"counts {need}", "bad_to_come")
        if need > len(self.unseen()):
            raise OddsError(f"{need} cards are still to come but only {len(self.unseen())} "
                            "cards are unseen", "deck_too_small")

    @classmethod
    def build(cls, hands: Sequence[str | Holding], board: str | Sequence[Card | None] = "",
              board_to_come: int = 0, dead: str = "", deck: int = 52, to_come: int = 0,
              rule: ShowdownRule | None = None, to_come_down: int = 0) -> OddsSpec:
        """A spec from text: every hand gets ``to_come`` more cards (``to_come_down`` of
        them down); ``?`` is an unknown card (see :func:`parse_holding`)."""
        holdings = tuple(h if isinstance(h, Holding) else parse_holding(h, to_come, to_come_down)
                         for h in hands)
        slots = (*parse_board(board), *[None] * board_to_come)
        return cls(holdings, slots, tuple(parse_cards(dead)), deck,
                   rule if rule is not None else ShowdownRule())

    @property
    def board_known(self) -> tuple[Card, ...]:
        """The board cards already out."""
        return tuple(c for c in self.board if c is not None)

    @property
    def board_to_come(self) -> int:
        """Board slots still to be dealt."""
        return sum(1 for c in self.board if c is None)

    @property
    def cards_to_come(self) -> int:
        """Cards the deck still has to provide (to players and to the board)."""
        return sum(h.to_come for h in self.players) + self.board_to_come

    def known(self) -> list[Card]:
        """Every card the table knows: hands, board and dead cards."""
        return [c for h in self.players for c in h.cards] + list(self.board_known) + list(
            self.dead)

    def unseen(self) -> list[Card]:
        """The cards the unknown ones are drawn from, in index order."""
        known = set(self.known())
        return [c for c in map(card_from_index, range(self.deck)) if c not in known]


def parse_board(board: str | Sequence[Card | None]) -> tuple[Card | None, ...]:
    """Board slots from text (``?`` for a slot to come) or a sequence of cards / ``None``.

    >>> parse_board("Ah ? 7c")
    (Card('Ah'), None, Card('7c'))
    """
    if not isinstance(board, str):
        return tuple(board)
    tokens = board.replace(",", " ").split()
    return tuple(None if t in UNKNOWN_TOKENS else parse_cards([t])[0] for t in tokens)


def centre_joker(board: str | Sequence[Card | None] = "") -> tuple[Card | None, ...]:
    """A board with the shared joker exposed in the centre (seed 000 section 04);
    the spec's deck is then 53 (the joker exists, and everyone knows where it is).

    >>> centre_joker("")
    (Card('Jk'),)
    """
    return (*parse_board(board), JOKER)
