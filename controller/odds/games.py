"""The showdown rule and deck of a catalogue game (``controller.variants``), for odds.

>>> from controller.variants.catalogue import find_game
>>> rule, deck, board = rule_for_game(find_game("asf"))
>>> rule.high, deck, board
('high-bug', 53, (Card('Jk'),))
>>> rule_for_game(find_game("stud8"))[0].pot.value
'high-low-8'
>>> rule_for_game(find_game("axe"))[0].wild.ranks == {Rank.TWO, Rank.JACK}
True
>>> rule_for_game(find_game("cross"))  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
controller.odds.errors.OddsError: Cross combines cards by its board layout: ...
"""

from __future__ import annotations

from controller.cards import JOKER, Card, Rank
from controller.hands import WildSpec
from controller.odds.errors import OddsError
from controller.odds.spec import ShowdownRule
from controller.variants.game import Deck, GameDef, WildRule

__all__ = ["rule_for_game", "wild_spec"]


def wild_spec(rule: WildRule) -> WildSpec | None:
    """The wild cards of a game definition (ranks and single cards; never the joker,
    as the engine scores them); None when nothing is wild for everyone."""
    if not (rule.ranks or rule.cards):
        return WildSpec.none() if rule.low_hole else None
    ranks = frozenset(Rank.from_char(ch) for ch in rule.ranks)
    cards = frozenset(Card(t) for t in rule.cards.split())
    return WildSpec(jokers=False, ranks=ranks, cards=cards)


def rule_for_game(game: GameDef) -> tuple[ShowdownRule, int, tuple[Card, ...]]:
    """``(showdown rule, deck size, centre cards)``: the centre cards (the exposed joker
    of seed 000) are known board cards for every player. A game whose showdown
    combines cards by board layout (seed 004: lines, arms, piles) is refused rather
    than priced as "any five"."""
    sd = game.showdown
    if getattr(sd, "compose", ()) or getattr(sd, "low_compose", ()):
        raise OddsError(f"{game.name} combines cards by its board layout: describe the "
                        "layout in the spec (HoleAndBoard or BoardGroups) instead",
                        "unsupported_game")
    rule = ShowdownRule(high=sd.high, low=sd.low, pot=sd.pot, wild=wild_spec(sd.wild),
                        low_hole=sd.wild.low_hole, top_hand=sd.top_hand)
    deck = 52 if game.deck is Deck.STANDARD else 53
    centre = (JOKER,) if game.deck is Deck.CENTRE_JOKER else ()
    return rule, deck, centre
