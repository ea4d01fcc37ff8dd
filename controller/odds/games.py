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
controller.odds.errors.OddsError: Cross combines cards by its board layout or ...
"""

from __future__ import annotations

from controller.cards import JOKER, Card, Rank
from controller.hands import WildSpec
from controller.odds.errors import OddsError
from controller.odds.spec import ShowdownRule
from controller.variants.game import Deck, GameDef, WildRule
from controller.variants.steps import Turn

__all__ = ["needs_engine", "rule_for_game", "showdown_rule", "wild_spec"]


def wild_spec(rule: WildRule) -> WildSpec | None:
    """The wild cards of a game definition (ranks and single cards; never the joker,
    as the engine scores them); None when nothing is wild for everyone."""
    if not (rule.ranks or rule.cards):
        return WildSpec.none() if rule.low_hole else None
    ranks = frozenset(Rank.from_char(ch) for ch in rule.ranks)
    cards = frozenset(Card(t) for t in rule.cards.split())
    return WildSpec(jokers=False, ranks=ranks, cards=cards)


def needs_engine(game: GameDef) -> bool:
    """True when only the engine's own showdown can score ``game`` (seed 004): cards
    combined by board layout (lines, arms, piles), wild cards decided during the deal
    (Follow the Queen, Low Card in the Hole, Molly's choice), a top hand that looks at
    every player (Highest Flush) or turns that throw cards away (3-30). The others
    take the vectorised tables (a hand left short, as No Peek's dead cards leave one,
    goes to the engine's showdown too: see ``spec_from_state``)."""
    sd = game.showdown
    wild = sd.wild
    return bool(sd.compose or sd.low_compose or wild.follow or wild.suit_of
                or wild.ace_choice or sd.top_hand not in ("", "natural-pair-7")
                or any(isinstance(s, Turn) and s.discard_matches for s in game.steps))


def showdown_rule(game: GameDef) -> ShowdownRule:
    """Rankings and pot rule of ``game`` (the wild cards and composition only where the
    vectorised tables score it: see :func:`rule_for_game`)."""
    sd = game.showdown
    if needs_engine(game):
        return ShowdownRule(high=sd.high, low=sd.low, pot=sd.pot)
    return ShowdownRule(high=sd.high, low=sd.low, pot=sd.pot, wild=wild_spec(sd.wild),
                        low_hole=sd.wild.low_hole, top_hand=sd.top_hand)


def rule_for_game(game: GameDef) -> tuple[ShowdownRule, int, tuple[Card, ...]]:
    """``(showdown rule, deck size, centre cards)``: the centre cards (the exposed joker
    of seed 000) are known board cards for every player. A game only the engine's
    showdown can score (:func:`needs_engine`: seed 004 board layouts, wild cards
    decided during the deal) has no rule a spec written by hand can carry: it is
    refused here (``pitboss odds --game``) and priced from a hand state
    (:func:`controller.odds.from_state.spec_from_state`)."""
    if needs_engine(game):
        raise OddsError(f"{game.name} combines cards by its board layout or decides its "
                        "wild cards during the deal: price it from a hand state (the table, "
                        "a replay), or describe the layout in the spec (HoleAndBoard or "
                        "BoardGroups)", "unsupported_game")
    rule = showdown_rule(game)
    deck = 52 if game.deck is Deck.STANDARD else 53
    centre = (JOKER,) if game.deck is Deck.CENTRE_JOKER else ()
    return rule, deck, centre
