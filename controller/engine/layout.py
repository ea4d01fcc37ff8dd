"""Board layouts of the house book (seed 004): named slots, turns, betting triggers,
and which cards a player may combine at the showdown.

Slots are named in the game definition (``r4.1`` for the first card of 42nd
Street's row of four, ``p2.1`` for the first card of Judge Getz's second pile,
``L.1`` / ``R.1`` for Railroad's columns). A slot is dealt face down or up; a
:class:`~controller.variants.steps.Turn` step turns it. Only face-up slots are
ever shown or counted for betting triggers.

>>> from controller.cards import parse_cards
>>> pair_among(parse_cards("As 7d Ah"))
True
>>> pair_among(parse_cards("As 7d"))
False
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from itertools import combinations, product

from controller.cards import Card
from controller.engine.state import HandState
from controller.hands.base import Ranking
from controller.hands.value import HandValue
from controller.hands.wild import WildSpec
from controller.variants.game import Take, Use

__all__ = [
    "big_allowed",
    "compose_best",
    "face_up_slots",
    "pair_among",
    "slot_card",
    "source_cards",
]


def slot_card(state: HandState, name: str) -> Card | None:
    """The card dealt to slot ``name`` (face up or not), None before it is dealt."""
    for slot, card in state.slots:
        if slot == name:
            return card
    return None


def face_up_slots(state: HandState) -> list[tuple[str, Card]]:
    """The board slots turned face up, in deal order."""
    return [(n, c) for n, c in state.slots if n in state.turned]


def pair_among(cards: Sequence[Card]) -> bool:
    """Two cards of one rank among ``cards``."""
    ranks = [c.rank for c in cards if c.rank is not None]
    return len(set(ranks)) < len(ranks)


def _suit_pair(cards: Sequence[Card]) -> bool:
    suits = [c.suit for c in cards if c.suit is not None]
    return len(set(suits)) < len(suits)


def _piles(state: HandState) -> list[list[Card]]:
    """Face-up slots grouped by the name before the dot (``p1.1``, ``p1.2``: pile p1)."""
    piles: dict[str, list[Card]] = {}
    for name, card in face_up_slots(state):
        piles.setdefault(name.split(".")[0], []).append(card)
    return list(piles.values())


def _trigger(state: HandState, trigger: str) -> bool:
    live = [p for p in state.players if p.live]
    word, _, arg = trigger.partition(":")
    if word == "always":
        return True
    if word == "pair-hand":  # "a pair is showing in one player's hand"
        return any(pair_among(p.up) for p in live)
    if word == "pair-board":  # "anywhere on the board", inactive cards and other arms too
        return pair_among([c for _, c in face_up_slots(state)] + list(state.board))
    if word == "pair-pile":  # "one of the piles contains a pair"
        return any(pair_among(pile) for pile in _piles(state))
    if word == "suit-pair":  # Highest Flush: "two of the same suit showing"
        return any(_suit_pair(p.up) for p in live)
    if word == "turns":
        return state.turns >= int(arg)
    if word == "slot":
        return arg in state.turned
    if word == "down":
        return any(len(p.down) >= int(arg) for p in live)
    if word == "up":  # 7-27: reverts when the only player with five up cards folds
        return any(len(p.up) >= int(arg) for p in live)
    raise ValueError(f"unknown betting trigger {trigger!r}")


def big_allowed(state: HandState) -> bool:
    """Seed 004 "The Betting": is the higher bet (50c) allowed now?"""
    return any(_trigger(state, t) for t in state.game.big_when)


def _active(state: HandState, colour: str) -> list[Card]:
    """Railroad step 4 and showdown 3: the left column takes the colour of its first
    card, the right column the other colour; a card is active when it matches."""
    left = [c for n, c in face_up_slots(state) if n.startswith("L.")]
    right = [c for n, c in face_up_slots(state) if n.startswith("R.")]
    if not left:
        return []
    left_colour = "red" if left[0].suit is not None and left[0].suit.char in "hd" else "black"
    column = left if left_colour == colour else right

    def colour_of(c: Card) -> str:
        return "red" if c.suit is not None and c.suit.char in "hd" else "black"

    return [c for c in column if colour_of(c) == colour]


def source_cards(state: HandState, i: int, source: str) -> list[Card]:
    """The cards a :class:`Take` source names for player ``i``."""
    if source == "hand":
        p = state.players[i]
        return [*p.down, *p.up]
    if source == "board":
        return [c for _, c in face_up_slots(state)] + list(state.board)
    if source in ("red", "black"):
        return _active(state, source)
    names = source.split()
    return [c for n, c in face_up_slots(state) if n in names]


def _pools(parts: list[tuple[list[Card], Take]], size: int) -> Iterator[list[Card]]:
    ranges = [range(t.least, min(t.most, len(cards)) + 1) for cards, t in parts]
    for counts in product(*ranges):
        if sum(counts) != size:
            continue
        picks = [combinations(cards, k) for (cards, _), k in zip(parts, counts, strict=True)]
        for chosen in product(*picks):
            yield [c for group in chosen for c in group]


def compose_best(state: HandState, i: int, ranking: Ranking, uses: Sequence[Use],
                 wild: WildSpec | None) -> HandValue | None:
    """The best hand of ``ranking`` player ``i`` can build in any of the allowed ``uses``
    (each exactly ``ranking.hand_size`` cards); None when no way is possible."""
    size = ranking.hand_size
    best: HandValue | None = None
    for use in uses:
        parts = [(source_cards(state, i, t.source), t) for t in use]
        if not ranking.min_cards:  # points (3-30, 7-27): every allowed card counts
            pools: Iterator[list[Card]] = iter([[c for cards, t in parts for c in cards[:t.most]]])
        else:
            pools = _pools(parts, size)
        for pool in pools:
            value = ranking.evaluate(pool, wild=wild)
            if best is None or _better(value, best):
                best = value
    return best


def _better(a: HandValue, b: HandValue) -> bool:
    if a.qualifies != b.qualifies:
        return a.qualifies
    return a.key > b.key
