"""Who opens a betting round (seed 003 "Order of Betting", seed 000 section 02, razz).

* dealer's left, or left of the big blind (seed 002);
* the highest exposed hand: pairs, trips, two pairs and quads count, unfinished
  straights and flushes do not; ties by the suit of the highest card (seed
  003) or by clockwise position after the dealer (seed 000, where the shared
  joker is nobody's exposed card);
* the lowest exposed hand (razz, from fourth street), ties to the lower suit;
* the bring-in: lowest up card, suit breaking ties (clubs lowest), or in razz
  the highest up card (ace low, king high), the higher suit bringing in.

Hand strength and the suit tie-break come from :mod:`controller.hands.partial`;
the positional tie-break and the choice between them are decided here.
"""

from __future__ import annotations

from itertools import combinations

from controller.cards import Card
from controller.engine.state import HandState
from controller.hands.partial import bring_in_key, exposed_key
from controller.hands.wild import WildSpec
from controller.variants.steps import FirstToAct

__all__ = ["clockwise", "first_to_act"]

_NO_WILD = WildSpec.none()


def clockwise(state: HandState, start: int) -> list[int]:
    """Player indexes clockwise from ``start`` (inclusive)."""
    n = len(state.players)
    return [(start + k) % n for k in range(n)]


def _from_left_of(state: HandState, index: int) -> int:
    for j in clockwise(state, index + 1):
        if state.players[j].live:
            return j
    return index


def big_blind_index(state: HandState) -> int:
    """Heads-up the dealer posts the small blind, so the big blind is on their left."""
    order = [j for j in clockwise(state, state.table.dealer + 1)]
    return order[0] if len(order) == 2 else order[1]


# A rank multiset as one integer: the sum of 5**(rank-2) over the cards (at most
# four of a rank, so the base-5 digits never carry). Card index -> its term.
_RANK_TERM = tuple(5 ** (i >> 2) for i in range(52))
# Keys by (rank multiset, suit of the top card, low, suits) packed in one integer:
# at most a few thousand multisets of one to five cards, so the cache stays small.
_KEYS: dict[int, tuple[int, ...]] = {}
_RANK_KEYS: dict[tuple[int, str], tuple[int, ...]] = {}  # the part without the suit


def _exposed_key(cards: tuple[Card, ...], ranking: str, suits: bool) -> tuple[int, ...]:
    """``exposed_key`` of the cards showing, cached by rank multiset: exposed hands
    rank without straights or flushes, so suits matter only through the tie-break
    suit of the top card, which is read off the card indexes here.

    >>> from controller.cards import parse_cards
    >>> cards = tuple(parse_cards("Ah 9s 9c"))
    >>> all(_exposed_key(cards, r, s) == exposed_key(list(cards), ranking=r, suits=s)
    ...     for r in ("high", "low") for s in (True, False))
    True
    """
    if len(cards) > 5:  # hole cards exposed by accident: the best five showing count
        return max(_exposed_key(five, ranking, suits) for five in combinations(cards, 5))
    code = 0
    top = -64
    low = ranking == "low"
    for card in cards:
        i = card.index
        if i == 52:  # the joker has no rank: the full evaluator says what it is worth
            return exposed_key(list(cards), ranking=ranking, wild=_NO_WILD, suits=suits)
        code += _RANK_TERM[i]
        order = i - 52 if low and i >= 48 else i  # razz: the ace is the lowest rank
        if order > top:
            top = order
    suit = top & 3  # index = 4 * (rank - 2) + suit (also for the shifted razz ace)
    slot = code << 4 | suit << 2 | low << 1 | suits
    key = _KEYS.get(slot)
    if key is None:
        key = _RANK_KEYS.get((code, ranking))
        if key is None:  # a new rank multiset: one call of the full evaluator
            key = _RANK_KEYS[code, ranking] = exposed_key(list(cards), ranking=ranking,
                                                          wild=_NO_WILD)
        if suits:
            key = (*key, 3 - suit if low else suit)
        _KEYS[slot] = key
    return key


def _best(state: HandState, ranking: str) -> int:
    """The live player with the best exposed hand under ``ranking``: ties go by suit
    (seed 003) or to the first clockwise after the dealer (seed 000)."""
    suits = state.table.game.tie_break != "position"
    board = state.board
    players = state.players
    best_i, best_key = -1, None
    for i in clockwise(state, state.table.dealer + 1):
        p = players[i]
        # The centre joker (seed 000) is everyone's card, so it is never part of an
        # exposed hand; the 8-player community card (seed 003) is part of everyone's.
        cards = p.up + board if board else p.up
        if p.folded or not cards:
            continue
        key = _exposed_key(cards, ranking, suits)
        if best_key is None or key > best_key:  # strict: the first clockwise keeps a tie
            best_i, best_key = i, key
    return best_i


def _bring_in(state: HandState, ranking: str) -> int:
    best_i, best_key = -1, None
    for i in clockwise(state, state.table.dealer + 1):
        p = state.players[i]
        if not p.live or not p.up:
            continue
        key = max(bring_in_key(c, ranking) for c in p.up if not c.is_joker)
        if best_key is None or key > best_key:
            best_i, best_key = i, key
    return best_i


def first_to_act(state: HandState, rule: FirstToAct) -> int:
    """The player index who opens a round under ``rule`` (may be all-in: callers skip on)."""
    dealer = state.table.dealer
    if rule is FirstToAct.LEFT_OF_BIG_BLIND and state.rules.big_blind:
        return _from_left_of(state, big_blind_index(state))
    if rule in (FirstToAct.LEFT_OF_DEALER, FirstToAct.LEFT_OF_BIG_BLIND):
        return _from_left_of(state, dealer)
    if rule is FirstToAct.HIGH_EXPOSED:
        return _best(state, "high")
    if rule is FirstToAct.LOW_EXPOSED:
        return _best(state, "low")
    return _bring_in(state, "high" if rule is FirstToAct.BRING_IN_LOW else "low")
