"""Wild cards decided during the deal (seed 004).

* Follow the Queen: "The card after the last Queen (Bitch) is wild for all
  players"; a queen as the last up card leaves no wild card. The black-queens
  version counts only black queens.
* Low Card in the Hole: "The middle card ... determines the suit of the
  wildcard"; the lowest hole card of that suit among the players still in
  (deuce lowest, ace highest) is the single wild card for everyone.
* Molly: the lowest hole card is wild for its owner; with an ace in the hole
  the player may make the ace the wild card instead (each way is tried and the
  better kept).

>>> from controller.cards import parse_cards
>>> follow_rank(tuple(parse_cards("Qh 7c 2d Qs 9h 3c")), "queen")
<Rank.NINE: 9>
>>> follow_rank(tuple(parse_cards("Qh 7c 2d Qs")), "queen") is None
True
>>> follow_rank(tuple(parse_cards("Qs 7c Qh 2d")), "black-queen")
<Rank.SEVEN: 7>
"""

from __future__ import annotations

from collections.abc import Sequence

from controller.cards import Card, Rank
from controller.engine.layout import slot_card
from controller.engine.state import HandState

__all__ = ["follow_rank", "low_card_in_hole", "molly_choices"]


def _moves(card: Card, follow: str) -> bool:
    if card.rank != Rank.QUEEN or card.suit is None:
        return False
    return follow == "queen" or card.suit.char in "sc"


def follow_rank(exposed: Sequence[Card], follow: str) -> Rank | None:
    """The wild rank after the last (black) queen among the up cards, in deal order."""
    wild: Rank | None = None
    for k, card in enumerate(exposed):
        if _moves(card, follow):
            wild = exposed[k + 1].rank if k + 1 < len(exposed) else None
    return wild


def low_card_in_hole(state: HandState, slot: str) -> Card | None:
    """The single wild card: the lowest live hole card of the centre card's suit."""
    centre = slot_card(state, slot)
    if centre is None or slot not in state.turned or centre.suit is None:
        return None
    hole = [c for p in state.players if p.live for c in p.down if c.suit == centre.suit]
    return min(hole, key=lambda c: c.index) if hole else None


def molly_choices(down: Sequence[Card]) -> list[Rank]:
    """The wild ranks a Molly player may pick: the lowest non-ace hole card, and the
    ace when one is in the hole (all aces: the ace)."""
    ranks = sorted({c.rank for c in down if c.rank is not None})
    if not ranks:
        return []
    lowest = [r for r in ranks if r != Rank.ACE][:1]
    return lowest + ([Rank.ACE] if Rank.ACE in ranks else [])
