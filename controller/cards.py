"""Cards in pitboss's one text notation: ``As Td 7c Jk``.

Rank letters ``2 3 4 5 6 7 8 9 T J Q K A``, suits ``s h d c``; the joker is
``Jk`` (``JK`` and ``joker`` are accepted on input). Every card is a single
interned object with a small integer ``index`` so the hand evaluators can use
table lookups: ``index = (rank - 2) * 4 + suit`` for the 52 ordinary cards
(0 is ``2c``, 51 is ``As``) and 52 for the joker.

>>> Card("As")
Card('As')
>>> parse_cards("As, Td 7c Jk")
[Card('As'), Card('Td'), Card('7c'), Card('Jk')]
>>> str(JOKER), Card("joker") is JOKER
('Jk', True)
>>> Card("Ax")
Traceback (most recent call last):
...
controller.errors.CardError: bad card 'Ax': suit must be one of s h d c
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum

from controller.errors import CardError

__all__ = [
    "DECK_52",
    "DECK_53",
    "JOKER",
    "Card",
    "Rank",
    "Suit",
    "card_from_index",
    "cards_text",
    "deck",
    "parse_card",
    "parse_cards",
]


class Rank(IntEnum):
    """Card ranks; the ace is high (14). Low systems map it to 1 themselves."""

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def char(self) -> str:
        """One-letter form: ``Rank.TEN.char == 'T'``."""
        return RANK_CHARS[self - 2]

    @property
    def noun(self) -> str:
        """Name used in hand descriptions ("ace", "seven")."""
        return _RANK_NOUNS[self - 2]

    @property
    def plural(self) -> str:
        """Plural used in descriptions ("sixes", "aces")."""
        return "sixes" if self == Rank.SIX else self.noun + "s"

    @classmethod
    def from_char(cls, ch: str) -> Rank:
        """``Rank.from_char('T') is Rank.TEN``; also accepts ``10``."""
        up = ch.upper()
        if up == "10":
            return cls.TEN
        pos = RANK_CHARS.find(up) if len(up) == 1 else -1
        if pos < 0:
            raise CardError(f"bad rank {ch!r}: rank must be one of {' '.join(RANK_CHARS)}")
        return cls(pos + 2)


class Suit(IntEnum):
    """Suits in the stud tie-break order of seed 003: clubs < diamonds < hearts < spades."""

    CLUBS = 0
    DIAMONDS = 1
    HEARTS = 2
    SPADES = 3

    @property
    def char(self) -> str:
        return SUIT_CHARS[self]

    @property
    def symbol(self) -> str:
        return "♣♦♥♠"[self]

    @property
    def noun(self) -> str:
        return ("clubs", "diamonds", "hearts", "spades")[self]


RANK_CHARS = "23456789TJQKA"
SUIT_CHARS = "cdhs"
_RANK_NOUNS = (
    "two", "three", "four", "five", "six", "seven", "eight",
    "nine", "ten", "jack", "queen", "king", "ace",
)
JOKER_INDEX = 52
_JOKER_WORDS = {"jk", "joker", "jo", "*"}


class Card:
    """One physical card. Instances are interned: ``Card('As') is Card('As')``.

    ``rank`` and ``suit`` are ``None`` for the joker.
    """

    __slots__ = ("index", "rank", "suit")
    index: int
    rank: Rank | None
    suit: Suit | None

    def __new__(cls, text: str | Card) -> Card:
        if isinstance(text, Card):
            return text
        return parse_card(text)

    @classmethod
    def _make(cls, index: int) -> Card:
        obj = object.__new__(cls)
        object.__setattr__(obj, "index", index)
        if index == JOKER_INDEX:
            object.__setattr__(obj, "rank", None)
            object.__setattr__(obj, "suit", None)
        else:
            object.__setattr__(obj, "rank", Rank(index // 4 + 2))
            object.__setattr__(obj, "suit", Suit(index % 4))
        return obj

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[object, tuple[str]]:
        return (Card, (str(self),))

    @property
    def is_joker(self) -> bool:
        return self.index == JOKER_INDEX

    def __str__(self) -> str:
        if self.rank is None or self.suit is None:
            return "Jk"
        return self.rank.char + self.suit.char

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    def __hash__(self) -> int:
        return self.index

    def __eq__(self, other: object) -> bool:
        return self is other

    def __lt__(self, other: Card) -> bool:
        """Rank first, then suit (clubs lowest); the joker sorts above everything."""
        return self.index < other.index


_ALL: tuple[Card, ...] = tuple(Card._make(i) for i in range(53))
JOKER: Card = _ALL[JOKER_INDEX]
_BY_TEXT: dict[str, Card] = {str(c): c for c in _ALL}


def card_from_index(index: int) -> Card:
    """The card with evaluator index ``index`` (0..52)."""
    return _ALL[index]


def parse_card(token: str) -> Card:
    """Parse one card token; raises :class:`CardError` naming the token.

    >>> parse_card("td"), parse_card("10h"), parse_card("JK")
    (Card('Td'), Card('Th'), Card('Jk'))
    """
    tok = token.strip()
    hit = _BY_TEXT.get(tok)
    if hit is not None:
        return hit
    if tok.lower() in _JOKER_WORDS:
        return JOKER
    if len(tok) < 2:
        raise CardError(f"bad card {token!r}: expected a rank and a suit such as 'As' or 'Td'")
    rank_part, suit_part = tok[:-1], tok[-1].lower()
    if suit_part not in SUIT_CHARS:
        raise CardError(f"bad card {token!r}: suit must be one of s h d c")
    try:
        rank = Rank.from_char(rank_part)
    except CardError:
        raise CardError(
            f"bad card {token!r}: rank must be one of {' '.join(RANK_CHARS)}"
        ) from None
    return _ALL[(rank - 2) * 4 + SUIT_CHARS.index(suit_part)]


_SPLIT = re.compile(r"[\s,]+")


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Parse a list of cards separated by spaces or commas (or an iterable of tokens).

    Duplicates are *not* rejected here: whether a duplicate is an error depends on
    the deck in play (see :func:`controller.hands.check_distinct`).

    >>> parse_cards("")
    []
    """
    if isinstance(text, str):
        tokens: Iterable[str | Card] = [t for t in _SPLIT.split(text.strip()) if t]
    else:
        tokens = text
    return [t if isinstance(t, Card) else parse_card(t) for t in tokens]


def cards_text(cards: Iterable[Card]) -> str:
    """Canonical text of a card list: ``'As Td 7c'``."""
    return " ".join(str(c) for c in cards)


def deck(with_joker: bool = False) -> list[Card]:
    """A fresh, ordered deck: 52 cards, or 53 with the joker last."""
    return list(_ALL if with_joker else _ALL[:52])


DECK_52: tuple[Card, ...] = _ALL[:52]
DECK_53: tuple[Card, ...] = _ALL


def iter_cards() -> Iterator[Card]:
    """All 53 card objects, joker last."""
    return iter(_ALL)
