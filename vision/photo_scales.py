"""A photo read a second time at another size, and the two readings made one.

The photo reader finds and reads cards best when a card is about 200 px tall in the
image it searches: a phone photo's cards can be twice that after the photo is shrunk to
``MAX_SIDE``, a webcam frame's index only a dozen pixels tall. When the first reading
leaves a card unread (or finds none), the photo is read again at the size that brings
the cards it left unread nearer the size the reader knows (smaller when most are big,
larger when they are not), and the readings are merged so that the second look can
name a card the first could not, and never names a card the first named otherwise.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from typing import Protocol, TypeVar

import numpy as np

from vision.photo_index_find import inside

KNOWN_CARD = 200.0  # px: the card height the reader is tuned at
BIG_CARD = 330.0  # px: cards this tall in the searched image are read again smaller
UP = 2.5  # otherwise at most this much larger ...
UP_SIDE = 2048  # ... with the longer side of the photo at most this (time: ~4x a 1280 one)
WORTH = 1.25  # a second size nearer than this to the first is not worth the time
SAME = 0.2  # two outlines whose middles are this near (of a card's width) are one card's
AT_CORNER = 0.2  # an index corner this near a card's corner (of its width) is that card's
SMALL_CARD = 100.0  # px of the photo: a card this small is not named from an enlarged look
# (enlarging adds no detail: a simplistic 3h 82 px tall was read 3d; the webcam
# card is 210 px tall)


class Found(Protocol):
    """A reading of one card (a dataclass, perhaps frozen): the card or None, how sure,
    its corners."""

    @property
    def card(self) -> object: ...

    @property
    def confidence(self) -> float: ...

    @property
    def corners(self) -> list[list[float]]: ...


F = TypeVar("F", bound=Found)


def second_scale(side: int, first_scale: float, card_sides: Sequence[float]) -> float | None:
    """The scale (of the original photo) to read it again at, or None for no second look.

    ``side`` is the photo's longer side, ``first_scale`` the scale it was searched at and
    ``card_sides`` the longer sides of the cards found and left unread (original
    pixels).

    >>> second_scale(4032, 1280 / 4032, [1400.0])  # a phone photo of one big card
    0.142...
    >>> second_scale(504, 1.0, [190.0])  # a small photo: read it again 2.5 times larger
    2.5
    >>> round(second_scale(960, 1.0, []), 2)  # a webcam frame, nothing found: 2048 px wide
    2.13
    >>> round(second_scale(960, 1.0, [226.0, 470.0]), 2)  # a card, and an outline round more
    2.13
    """
    sizes = sorted(s * first_scale for s in card_sides)
    # the lower median: an outline round more than a card (a card and the table beside
    # it), left unread like the card, must not shrink the card itself below what the
    # reader reads surely (a webcam Kh read again at 127 px tall was the 7h on both
    # corners)
    middle = sizes[(len(sizes) - 1) // 2] if sizes else 0.0
    if middle > BIG_CARD:
        return first_scale * KNOWN_CARD / middle
    up = min(first_scale * UP, UP_SIDE / side)
    return up if up >= WORTH * first_scale else None


def _centre(found: Found) -> np.ndarray:
    centre: np.ndarray = np.mean(np.array(found.corners, np.float32), axis=0)
    return centre


def _sides(found: Found) -> tuple[float, float]:
    """The outline's two side lengths, the shorter first."""
    q = np.array(found.corners, np.float32)
    a, b = float(np.linalg.norm(q[1] - q[0])), float(np.linalg.norm(q[2] - q[1]))
    return (a, b) if a <= b else (b, a)


def long_side(found: Found) -> float:
    """The longer side of a card's outline (what :func:`second_scale` sizes cards by)."""
    return _sides(found)[1]


def _on(a: Found, b: Found) -> bool:
    """Does the middle of ``a`` lie on card ``b``?"""
    return inside(_centre(a), np.array(b.corners, np.float32))


def same_place(a: Found, b: Found) -> bool:
    """Do these two outlines overlap so much that the middle of either lies on the other?"""
    return _on(a, b) or _on(b, a)


def _apart(a: Found, b: Found) -> float:
    """How far apart the middles of two outlines are, in the smaller one's widths: a
    card lying over another is a good part of a width off it, one card's two outlines
    hardly at all."""
    return float(np.linalg.norm(_centre(a) - _centre(b))) / max(
        1.0, min(_sides(a)[0], _sides(b)[0]))


def unnamed_small(found: Sequence[F], enlarged: bool) -> list[F]:
    """The readings of a look at an enlarged photo, a card too small to name unread.

    >>> @dataclasses.dataclass
    ... class Card:
    ...     card: str | None
    ...     corners: list[list[float]]
    ...     confidence: float = 1.0
    >>> small = Card("3d", [[0, 0], [60, 0], [60, 84], [0, 84]], 0.99)
    >>> [c.card for c in unnamed_small([small], True)], unnamed_small([small], False)[0].card
    ([None], '3d')
    """
    if not enlarged:
        return list(found)
    return [dataclasses.replace(c, card=None, confidence=0.0)  # type: ignore[type-var]
            if c.card is not None and _judged_side(c) < SMALL_CARD else c for c in found]


def _judged_side(found: Found) -> float:
    """How big a card is for judging whether it can be named: its outline's long side,
    or, for a card placed from its index with nothing giving its size (``index_side``),
    the long side a usual card with that index has (placed at the jumbo ratio, a usual
    card is a third smaller than it is, and was unnamed though its index is as legible
    as any).

    >>> @dataclasses.dataclass
    ... class Card:
    ...     card: str | None
    ...     corners: list[list[float]]
    ...     confidence: float = 1.0
    ...     index_side: float | None = None
    >>> box = [[0, 0], [60, 0], [60, 84], [0, 84]]
    >>> _judged_side(Card("9d", box)), _judged_side(Card("9d", box, index_side=128.0))
    (84.0, 128.0)
    """
    side: float | None = getattr(found, "index_side", None)
    return long_side(found) if side is None else side


def _on_named_card(b: Found, first: Sequence[Found]) -> bool:
    """Is ``b`` a card placed from its index at a guessed size (``index_side``: its
    first corner is its index corner) whose index lies at a corner of a card ``first``
    named otherwise, or inside it? That is the named card's own index read again,
    otherwise, or its print (a court picture's detail) read as an index: an enlarged
    look adds no detail.

    >>> from controller.cards import Card
    >>> from vision.photo import PhotoCard
    >>> jc = PhotoCard(Card("Jc"), 1.0, [[100, 100], [310, 100], [310, 400], [100, 400]])
    >>> at_its_corner = [[104, 396], [104, 226], [344, 226], [344, 396]]
    >>> _on_named_card(PhotoCard(Card("3c"), 0.99, at_its_corner, 240.0), [jc])
    True
    >>> _on_named_card(PhotoCard(Card("3c"), 0.99, at_its_corner), [jc])  # its own outline
    False
    >>> in_its_picture = [[200, 250], [340, 250], [340, 450], [200, 450]]
    >>> _on_named_card(PhotoCard(Card("6d"), 0.99, in_its_picture, 240.0), [jc])
    True
    >>> beside = [[330, 300], [330, 130], [570, 130], [570, 300]]
    >>> _on_named_card(PhotoCard(Card("3c"), 0.99, beside, 240.0), [jc])
    False
    """
    if getattr(b, "index_side", None) is None:
        return False
    corner = np.array(b.corners[0], np.float32)
    for a in first:
        if a.card is None or a.card == b.card:
            continue
        q = np.array(a.corners, np.float32)
        if float(np.min(np.linalg.norm(q - corner, axis=1))) < AT_CORNER * _sides(a)[0] \
                or inside(corner, q):
            return True
    return False


def merge(first: Sequence[F], second: Sequence[F], over_named: bool = True) -> list[F]:
    """The first reading, with what the second adds: a card the first left unread that
    the second names, a card the first did not find at all. Two looks naming one card
    differently name neither (the reader never guesses); a card named already is not
    named again elsewhere. A card the second look places from its index alone, at a
    corner of a card the first look named or inside it, is not added: the first look's
    reading of that card stands (an enlarged look adds no detail: a webcam Jc's index
    read at twice the size was the 3c, a detail of its picture the 6d).

    >>> @dataclasses.dataclass
    ... class Card:
    ...     card: str | None
    ...     corners: list[list[float]]
    ...     confidence: float = 1.0
    >>> sq = lambda x: [[x, 0], [x + 10, 0], [x + 10, 14], [x, 14]]
    >>> first = [Card(card="Ah", corners=sq(0)), Card(card=None, corners=sq(20))]
    >>> second = [Card(card="Ah", corners=sq(1)), Card(card="Kc", corners=sq(21)),
    ...           Card(card="2d", corners=sq(60))]
    >>> [c.card for c in merge(first, second)]
    ['Ah', 'Kc', '2d']
    >>> [c.card for c in merge(first, [Card(card="As", corners=sq(1))])]
    [None, None]

    A card lying half over another is not the other card, though each outline's middle
    lies on the other:

    >>> [c.card for c in merge([Card("Qc", sq(0))], [Card("Kh", sq(4)), Card("Qc", sq(0))])]
    ['Qc', 'Kh']

    Not ``over_named``, the second look adds no card lying on one the first named (two
    looks at a photo taken at a slant, as it is and squared up: the worse one's cards
    placed from their indexes may lie askew, over their neighbours):

    >>> [c.card for c in merge([Card("Qc", sq(0))], [Card("Kh", sq(4))], over_named=False)]
    ['Qc']
    """
    out = list(first)
    for b in second:
        here = [i for i, a in enumerate(out) if same_place(a, b)]
        named = {a.card for a in out if a.card is not None}
        same = sorted((_apart(out[i], b), i) for i in here if _apart(out[i], b) < SAME)
        if same:
            a = out[same[0][1]]
            if a.card is None and b.card is not None and b.card not in named:
                out[same[0][1]] = b
            elif a.card is not None and b.card is not None and a.card != b.card:
                out[same[0][1]] = dataclasses.replace(  # type: ignore[type-var]
                    a, card=None, confidence=0.0)
        elif not over_named and any(out[i].card is not None for i in here):
            continue
        elif b.card is None:
            if not here:
                out.append(b)  # a card found only now, and not read
        elif b.card in named or _on_named_card(b, first):
            continue
        elif len(here) == 1 and out[here[0]].card is None:
            out[here[0]] = b  # the first look's outline of it was off
        else:
            out.append(b)
    return out
