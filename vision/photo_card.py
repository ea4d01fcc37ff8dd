"""Read one card found on a photo: both index corners of its upright image.

:mod:`vision.photo` finds the cards and warps each upright; this module reads one.
Both index corners (top-left, and bottom-right turned round) are read by the photo
glyph models (:mod:`vision.photo_model`). Witnesses guard against a confident wrong
card: the suit's ink colour, a rank glyph cut by the outline, a corner that is mostly
ink (a back). One corner alone must be sure; two that agree need only be fairly sure;
a corner reading another card vetoes. A card the glyphs are not sure of may still be
named when the corner network (:mod:`vision.photo_cnn`, which reads the corner's
pixels without parting them into glyphs) reads it too; it also vetoes a sure glyph
reading when both its corners name another card. Otherwise the card is unread.

>>> from controller.cards import Card
>>> from vision.decks import STYLES, face_on, render_face
>>> from vision.photo_model import photo_reader
>>> face = face_on(render_face(STYLES["jumbo"], Card("Kd")), (40, 90, 30))
>>> reading = read_card(face, photo_reader())
>>> str(reading.card), reading.confidence > 0.9
('Kd', True)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass, field, replace
from typing import NamedTuple

import cv2
import numpy as np

from controller.cards import Card, Rank, Suit
from vision.classify import RANK_LABELS, SUIT_LABELS, IndexClassifier, Reading, combine
from vision.corner import (
    CORNER_H,
    CORNER_W,
    EDGE,
    PHOTO_INK,
    READ_LEVELS,
    IndexGlyphs,
    canonical_corner,
    corner_size,
    find_index,
    ink_contradicts,
    ink_mask,
    red_suit,
    two_inks,
)
from vision.letters import foreign_letter
from vision.photo_cnn import corner_views, load_corner_net
from vision.photo_colour import in_colour, ink, refused_red
from vision.photo_model import Ensemble
from vision.rank_shape import begins_a_word, no_counter, shape_contradicts
from vision.scoped import scoped
from vision.suit_shape import PIPS_ALIKE, alike, holed

THRESHOLD = 0.99  # one corner alone: a wrong card is far worse than null
AGREE = 0.8  # both corners read the same card at least this surely
VETO = 0.5  # a corner reading another card this surely stops a read
MAX_INK = 0.5  # an index corner is mostly paper (a back's pattern is not)
SLANT_PX = 2  # canonical pixels: a line running all the way may wander this far aside
NET_AGREE = 0.8  # the corner network, both corners: a second reading of an unread card
NET_CUT = 0.8  # ... one corner read with its long lines cut out: the network naming it so surely
NET_FAIR = 0.5  # ... or this sure, when a glyph reading of VETO or more says the same
NET_ONE = 0.5  # one corner: the network this sure and the glyphs AGREE-sure, alike
NET_LEAN = 0.35  # both corners: the network's best guess, with the glyphs fairly sure of it
NET_VETO = 0.5  # read_index_alone: the network naming another rank this surely stops it
NET_SUIT_VETO = 0.8  # ... the same rank of another suit, this surely
MIRROR_SURE = 0.8  # mirror_view: the network reads a rank on a card's mirror image this surely
# the corner network reading both corners as "not an index" at least this surely: two
# fairly sure glyph corners are a block of pips or a picture (an outline inside a card),
# not an index
NOT_INDEX = 0.5
# ... and at least this surely, one sure glyph corner is a card back's pattern (a
# checkerboard: 0.99 on both corners; a right read of cards-dev, its other corner
# covered: at most 0.82 on the lower)
BACK = 0.9
# a "rank" glyph starting this far across the corner (past any index) that the suit model
# reads as the suit glyph's suit this surely: two pips
PIP_COLUMN, PIP_LIKE = 0.4, 0.9
# a rank glyph narrower than this share of its height is a stroke (the "1" of a ten), and
# unjoined ink beside it in its rows, at least this share of its height, the rest of it
STROKE, FRAGMENT = 0.35, 0.25
# a card's left edge leaning more than this (across per down) in its corner: the warp is
# of an outline not the card's, and its glyphs are read at most this surely
SLANT, LEANING = 0.3, 0.98
INDEX_BOX = (EDGE, EDGE, 50, 130)  # where in a canonical corner an index's ink lies
# How far an ink edge is smeared in the sharpest index corner reading a card (canonical
# pixels), past which it is too small or too blurred to name on the glyphs' word (a 60-90
# px tall card's index is a few pixels of the photo: its ranks look alike to every model,
# and some were read wrong) ... (chosen on training styles: their wrong reads were all past
# 11.5, cards-dev's right ones all under 7.5)
BLUR_MAX = 12.0
# ... and past which nothing names it. Up to here, a card is named when the corner network
# reads it on both corners, each at least NET_BLURRED surely, and a corner's glyphs at least
# VETO surely (a webcam frame a little out of focus: every index past BLUR_MAX, read right
# by every model). Two runs of ~15,700 cards of every style on true outlines, blurred up to
# 3 px: 2,052 -> 2,449 of ~4,380 held-out cards read, 6,391 -> 7,292 of ~11,350 training-
# style ones, no new wrong read. Wrong reads come with the network under 0.75 on a corner
# (a club read as a spade), or with no glyph reading (a tango Tc smeared 10 px was read Ts
# by the network alone, 0.87 on both corners)
BLUR_FAR = 18.0
BLUR_NET = 8.0  # ... and past which the corner network must read the card on a corner too
# ... at least this surely (a training-style Ac 75-100 px tall was read As by both glyph
# models, the network agreeing at ~0.5-0.72 only; chosen on training styles)
NET_BLURRED = 0.75
# ... or at least this surely on both corners, when both corners' glyphs read it at least
# GLYPHS_BLURRED surely (session 45: a small four-colour index out of focus or shaken, read
# right by its glyphs at 0.96-1.00 on both corners, by the network at 0.6-0.7). Probed on
# true outlines of 7,501 cards of every style (out of focus 1-2.5 px, shaken 3-12 px,
# 60-110 px tall, a little blurred): 34 more read, 29 of them the held-out styles', and no
# wrong reading let through. The nearest: an anglo-poker Ac read As by its glyphs at
# 0.98 and 0.96 and by the network at 0.49 and 0.50 (so not NET_FAIR: 0.5), a four-colour
# Qc read Qs by the network at 0.69 and 0.65 and by its glyphs at 0.70 and 0.78
NET_BLURRED_BOTH = 0.6
GLYPHS_BLURRED = 0.9
# the corner network reading a 10 or an 8 on both corners this surely outweighs its
# glyph's missing counter (vision.rank_shape.no_counter): blur fills a small 10's "0" in,
# and the network reads blurred indexes well (right 10s stopped out of focus: 0.84 to
# 0.97 on both corners); a V or an H read as a 10 by the glyphs it reads as no 10 (at
# most 0.52), a Polish jack's W as one on one corner only (up to 0.91)
NET_COUNTER = 0.75
RUNS_OFF = 0.25  # a rank glyph's rows, this share of them ink all along the left strip
SMEAR = 1.45  # an index's edges this much wider one way than another: smeared that way
UNSMEARED = 1.37  # sharp or evenly blurred indexes of every style: at most this much
# ink levels nearer the paper than READ_LEVELS: a thin stroke an overexposed photo has
# faded (an 8's waist, a 4's slant and bar) is ink there again
PALE_LEVELS = (0.75, 0.85, 0.9)
# a corner this much paper clipped white (grey CLIP or more) is overexposed: only then are
# the pale levels a witness (in a blurred photo they fatten strokes and close a 3 into an 8)
CLIP, CLIPPED = 254, 0.5
# ... where the glyph models reading another rank this surely, this many times over the
# corners whose glyphs named the card, say the index was read without the strokes that
# make it (a four-colour 8, its waist faded, named a 10; at the pale levels a sure 8 five
# times of six). Right reads of overexposed photos never met it (~1,500 logged); once is
# not enough: a pale level joins an index to a shadow or a neighbour now and then
PALE_SURE, PALE_READINGS = 0.9, 2
# ... or once this surely, on a corner whose glyphs were under AGREE sure of the card (an
# overexposed four-colour 4d, its slant and bar a speck, read Jd at 0.56 and 0.6, 4d at
# 0.77 to 0.88 at a pale level). Right reads of overexposed photos' corners under AGREE
# (32 corners of 390 cards, three seeds) read another rank there at most at 0.54
PALE_OVER = 0.65


def _corner_ink(card_img: np.ndarray) -> str:
    """The ink colour of the index area of the top-left corner, without parting it into
    glyphs (the witness for a corner-network reading the glyph models could not make).

    >>> card = np.full((420, 300, 3), 235, np.uint8)
    >>> card[20:60, 10:40] = (40, 40, 40)
    >>> _corner_ink(card)
    'black'
    """
    return ink(canonical_corner(card_img), INDEX_BOX)


def _edge_ways(corner: np.ndarray) -> tuple[float, list[float]]:
    """How many canonical pixels the index area's ink edges span, judged by all its
    edges, and judged one way at a time (across, at 45, down and at 135 degrees)."""
    x, y, w, h = INDEX_BOX
    gray = cv2.cvtColor(corner[y:y + h, x:x + w], cv2.COLOR_BGR2GRAY).astype(np.float32)
    dark, paper = np.percentile(gray, (2, 95))
    contrast = max(paper - dark, 1.0)
    # a Sobel kernel weighs its difference 8 times: /8 gives grey levels per pixel
    gx, gy = cv2.Sobel(gray, cv2.CV_32F, 1, 0) / 8, cv2.Sobel(gray, cv2.CV_32F, 0, 1) / 8

    def width(grad: np.ndarray) -> float:  # the contrast over the steepest gradients
        return float(contrast) / max(float(np.percentile(grad, 99)), 1e-3)

    ways = [width(np.abs(gx * np.cos(a) + gy * np.sin(a))) for a in np.radians((0, 45, 90, 135))]
    return width(np.hypot(gx, gy)), ways


def edge_width(corner: np.ndarray) -> float:
    """How many canonical pixels an ink edge of the index area spans: the ink-to-paper
    contrast over the steepest gradients there. A warp of a small card (or of a photo
    read again enlarged) spreads each photo pixel over several canonical ones, and blur
    more still: the index's detail is then gone, however large the warp. An index
    smeared one way (the camera moved: its edges across the smear grow wide, those
    along it stay sharp) is judged by its widest edges, those across the smear
    (:data:`SMEAR`).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 10:40] = 30
    >>> edge_width(corner), edge_width(cv2.GaussianBlur(corner, (0, 0), 6)) > BLUR_MAX
    (2.0, True)
    >>> smear = np.full((1, 13), 1 / 13, np.float32)  # 13 px side to side
    >>> edge_width(cv2.filter2D(corner, -1, smear)) > BLUR_MAX
    True
    """
    return edge_widths([corner])[0]


def edge_widths(corners: Sequence[np.ndarray], sharing: Sequence[bool] | None = None
                ) -> list[float]:
    """:func:`edge_width` of each of one card's index corners, where the camera moved
    for the whole card: when one corner's index is smeared one way, another that may be
    (more than :data:`UNSMEARED` wider one way) is judged across the smear too; only the
    corners ``sharing`` the smear (default: all) give or take it, the rest are judged
    each alone (:func:`read_card`: a corner naming another card may not be the index
    of this one). Its two
    corners are smeared alike, but each one's measure of it is noisy near
    :data:`SMEAR` (a shaken four-colour 9h's were 1.45 and 1.43 times wider one way:
    one judged smeared, 12.3, the other by all its edges, 7.9, under BLUR_NET, and its
    glyphs, with the other's, named a Th). A corner plainly unsmeared is not (a bowed
    card's index stretched one way on one corner only).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 10:40] = 30
    >>> smeared = cv2.filter2D(corner, -1, np.full((1, 13), 1 / 13, np.float32))
    >>> blurred = cv2.GaussianBlur(corner, (0, 0), 3)  # evenly: 1.35 times
    >>> a_little = cv2.filter2D(blurred, -1, np.full((1, 6), 1 / 6, np.float32))  # 1.38
    >>> [round(w, 1) for w in edge_widths([a_little])]
    [7.9]
    >>> [round(w, 1) for w in edge_widths([a_little, smeared])]  # the card was shaken
    [11.0, 12.9]
    >>> [round(w, 1) for w in edge_widths([blurred, smeared])]  # plainly unsmeared
    [7.8, 12.9]
    >>> [round(w, 1) for w in edge_widths([a_little, smeared], sharing=[False, True])]
    [7.9, 12.9]
    """
    sharing = [True] * len(corners) if sharing is None else list(sharing)
    measured = [(whole, ways, max(ways) / min(ways)) for whole, ways in map(_edge_ways, corners)]
    shaken = any(ratio > SMEAR for (_, _, ratio), s in zip(measured, sharing, strict=True) if s)
    return [max(ways) if ratio > SMEAR or (s and shaken and ratio > UNSMEARED) else whole
            for (whole, ways, ratio), s in zip(measured, sharing, strict=True)]


def _cut(corner: np.ndarray, glyphs: IndexGlyphs, level: float) -> bool:
    """Is this no clean index? A rank glyph that runs into the strip along the card's
    top edge, or ink between that strip and the rank glyph in its rows (a glyph printed
    close to the edge, or an outline found a little inside the card, loses its left
    part: the "1" of a ten, leaving a "0" that looks like a Q), or a corner mostly ink
    (a card back's pattern, where both corners alike would agree)."""
    x, y, _, h = glyphs.rank_box
    if y <= EDGE + 1 or glyphs.ink_fraction > MAX_INK:
        return True
    found = ink_mask(corner, level)
    if found is None or x <= EDGE + 3:
        return found is None
    band = found[0][:, EDGE:x - 2]
    beside = band[y:y + h].mean(axis=0)  # ink left of the rank glyph, per column
    elsewhere = np.concatenate([band[EDGE:y], band[y + 2 * h:]]).mean(axis=0)
    # ... in columns a pixel or two aside: a covering card's edge by a card read from its
    # index alone runs down the warped corner a few degrees slanted (a tango fan's 4d)
    elsewhere = np.lib.stride_tricks.sliding_window_view(
        np.pad(elsewhere, SLANT_PX, mode="edge"), 2 * SLANT_PX + 1).max(axis=1)
    # a glyph's lost part is ink beside it only; table or a card edge runs all the way
    if ((beside > 0.5) & (elsewhere < 0.3)).any():
        return True
    # ... or a thin, broken or hatched stroke (a ten's "1" left apart from its "0")
    # along most of the glyph's height, in rows that are paper above the index and
    # below it
    below = glyphs.suit_box[1] + glyphs.suit_box[3] + 2
    clear = np.concatenate([band[EDGE:y], band[below:]]).any(axis=1).mean()
    return bool(band[y:y + h].any(axis=1).mean() > 0.4 and clear < 0.2)


def _not_index(corner: np.ndarray, glyphs: IndexGlyphs, level: float,
               clf: IndexClassifier | Ensemble) -> bool:
    """Are these glyphs no index whose rank and suit were parted as printed? Two pips
    (a "rank" glyph past any index column that the suit model reads as the suit glyph's
    suit: a ten's pips, its pale "10" lost, read as As; pips so read on cards-dev were
    wrong 54 times in 64), or a rank glyph with a piece of the index left beside it
    in its rows, unjoined, when the rank glyph is a mere stroke (a pale ten's "1" whose
    "0" broke up, read as J or 7). Or two pips alike in shape, wherever they lie
    (:func:`vision.suit_shape.alike`).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[30:60, 12:18] = 30  # a "1"
    >>> corner[30:60, 22:38] = 30; corner[38:52, 28:32] = 230  # its "0"
    >>> corner[68:88, 14:34] = 30  # a suit
    >>> glyphs = find_index(corner)
    >>> from vision.photo_model import photo_reader
    >>> clf = photo_reader()
    >>> glyphs.rank_box, _not_index(corner, glyphs, 0.55, clf)
    ((12, 30, 26, 30), False)
    >>> corner[38:52, 22:38] = 230  # the "0" broken: its top and bottom strokes apart
    >>> glyphs = find_index(corner)
    >>> glyphs.rank_box, _not_index(corner, glyphs, 0.55, clf)
    ((12, 30, 6, 30), True)
    >>> from vision.decks import STYLES, face_on, render_face
    >>> nine = face_on(render_face(STYLES["standard"], Card("9s")), (40, 90, 30))
    >>> pips = canonical_corner(cv2.resize(nine[20:400, 30:270], (300, 420)))  # pips only
    >>> glyphs = find_index(pips)
    >>> str(clf.read(glyphs).card), _not_index(pips, glyphs, 0.55, clf)
    ('Ts', True)
    """
    x, y, w, h = glyphs.rank_box
    sx, sy, sw, sh = glyphs.suit_box
    if alike(corner, glyphs, level) >= PIPS_ALIKE:
        return True  # two pips of one suit, one bigger: no rank is a suit's shape
    if x >= PIP_COLUMN * corner.shape[1]:
        # the suit model reads the "rank" glyph as the suit glyph's suit, surely
        as_suit = clf.probabilities(replace(glyphs, suit_features=glyphs.rank_features))[1]
        suit = clf.probabilities(glyphs)[1]
        if int(as_suit.argmax()) == int(suit.argmax()) != SUIT_LABELS.index("x") \
                and float(as_suit.max()) >= PIP_LIKE:
            return True
    if w >= STROKE * h:
        return False  # a whole glyph (a court card's frame may run on beside it, in pieces)
    found = ink_mask(corner, level)
    if found is None:
        return True
    mask = found[0]
    mask[:EDGE] = 0
    mask[:, :EDGE] = 0
    n, _labels, stats, _ = cv2.connectedComponentsWithStats(mask, connectivity=8)
    for i in range(1, n):
        cx, cy, cw, ch, area = (int(v) for v in stats[i])
        if area < 12 or ch < FRAGMENT * h or cx < x + w - 2 or cx - (x + w) > 0.8 * h \
                or cx >= 0.55 * mask.shape[1]:
            continue  # not beside the rank glyph, or a speck
        inside_suit = cy >= sy - 2 and cx + cw <= sx + sw + 2 and cy + ch <= sy + sh + 2
        if not inside_suit and cy >= y - 0.2 * h and cy + ch <= y + 1.2 * h:
            return True
    return False


def slant(corner: np.ndarray) -> float:
    """How far the card's left edge leans in a canonical corner: canonical pixels across
    per pixel down, where paper starts from the left, its index rows' median against the
    median of the rows below. A warp of an outline that is not the card's (the table in
    a wedge beside the card) leans the index too, and a leaning J was read as a sure 3.

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> slant(corner)
    0.0
    >>> for row in range(190):
    ...     corner[row, :row // 4] = 60  # table in a wedge: the edge leans 1 in 4
    >>> round(slant(corner), 2)
    0.25
    """
    found = ink_mask(corner, 0.55)
    if found is None:
        return 0.0
    paper = found[0] == 0
    run = paper[:, :-3] & paper[:, 1:-2] & paper[:, 2:-1] & paper[:, 3:]
    start = np.where(run.any(axis=1), run.argmax(axis=1), -1)
    top, low = start[20:70], start[130:180]
    if (top < 0).mean() > 0.5 or (low < 0).mean() > 0.5:
        return 0.0
    return float(np.median(low[low >= 0]) - np.median(top[top >= 0])) / 110


def _index_dark(corner: np.ndarray) -> np.ndarray:
    """The corner with every colour channel kept no darker than the index area's darkest
    ink: the threshold between ink and paper is then set by the index, not by a court
    card's black frame or a neighbour's edge beside it (a pale red index is lighter in
    grey than the threshold those set).

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 10:40] = (150, 150, 235)  # a pale red rank
    >>> corner[100:180, 60:90] = 10  # a picture's black frame
    >>> out = _index_dark(corner)
    >>> out[120, 70].tolist(), out[30, 20].tolist()
    ([150, 150, 230], [150, 150, 235])
    """
    x, y, w, h = INDEX_BOX
    floor = np.percentile(corner[y:y + h, x:x + w].reshape(-1, 3), 2, axis=0)
    out: np.ndarray = np.maximum(corner, floor.astype(corner.dtype))
    return out


def runs_off(corner: np.ndarray, glyphs: IndexGlyphs, level: float) -> bool:
    """Does the rank glyph run on off the card image, its ink unbroken through the strip
    along the card's left edge in more than :data:`RUNS_OFF` of the glyph's rows? Then
    the outline lies a little inside the card, or the glyph is joined to the card's edge
    or the table beyond, and its shape is not its own: a bowed tango ten's outline,
    fitted to a bent edge, cut its "1" to a stub that, joined to the "0", read as a sure
    ace. A glyph printed close to the edge, blurred into the strip, fades out there.

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[30:60, 10:40] = 30; corner[68:88, 14:34] = 30  # a rank and a suit
    >>> glyphs = find_index(corner)
    >>> glyphs.rank_box, runs_off(corner, glyphs, 0.55)
    ((10, 30, 30, 30), False)
    >>> corner[30:60, 0:10] = 30  # the rank's ink runs on to the image's edge
    >>> glyphs = find_index(corner)
    >>> glyphs.rank_box[0] <= EDGE, runs_off(corner, glyphs, 0.55)
    (True, True)
    """
    x, y, _, h = glyphs.rank_box
    if x > EDGE:
        return False
    found = ink_mask(corner, level)
    if found is None:
        return False
    return bool(found[0][y:y + h, :EDGE + 1].all(axis=1).mean() > RUNS_OFF)


def _same_rank(reading: Reading, net: Reading) -> bool:
    """Does the corner network's best guess name the glyph reading's rank?"""
    return reading.card is not None and net.card is not None \
        and net.card.rank is reading.card.rank


def _read_corner_clash(card_img: np.ndarray, clf: IndexClassifier | Ensemble,
                       within: tuple[float, float] | None = None,
                       net: Reading | None = None, parted: bool = False) -> tuple[Reading, bool]:
    """The corner's glyph reading, and whether a fairly sure glyph reading was dropped
    because its ink has the other suit colour (then no other model may name the card).
    When no index is found at all, the corner is looked at again with the index's own
    ink as the darkest (:func:`_index_dark`). ``within`` and ``net``: see
    :func:`_read_levels`."""
    corner = canonical_corner(card_img)
    best, clash = _read_levels(corner, clf, READ_LEVELS, within, net)
    if best.confidence == 0.0 and not clash:
        best, clash = _read_levels(_index_dark(corner), clf, (0.55, 0.65), within, net)
    if best.confidence == 0.0 and not clash:
        # ... and again with a rank glyph touching its suit parted from it (a nicu
        # queen's tail on her heart: one blob, no index). The parting is a guess at
        # where the glyphs part, so the corner network must name the same card: a
        # covered tango Qc's Q over the top of its club, cut by the Qs's edge, parted
        # into a Q over a "spade" read Qs at 0.99999, the network Qc
        best, clash = _read_levels(corner, clf, READ_LEVELS, within, net, parted=True)
        if best.card is not None and (net is None or net.card is not best.card):
            best = Reading(None, 0.0)
    if best.confidence == 0.0 and not clash and net is not None and net.card is not None \
            and net.confidence >= NET_CUT:
        # ... and, last, with the long straight lines taken out (a covered tango 3h's
        # heart touching the drawn edge of the card over it: one blob, no suit). A glyph
        # a line cuts is as free of it as one it touches (a nicu 9h's heart cut by the
        # Jh's edge read as a diamond, the network a 9d at 0.43): the network must name
        # the same card, and NET_CUT surely (looked at only then: cutting lines is
        # slow; a guess that clashes says nothing)
        lined = _read_levels(corner, clf, READ_LEVELS, within, net, lines=True)[0]
        if lined.card is net.card:
            best = lined
    if abs(slant(corner)) > SLANT and best.confidence > LEANING:
        # a leaning index is a warp of some other outline than the card's: its glyphs
        # lean too, and the models never saw them so; never sure alone
        best = Reading(best.card, LEANING)
    return best, clash


def _read_levels(corner: np.ndarray, clf: IndexClassifier | Ensemble,
                 levels: tuple[float, ...], within: tuple[float, float] | None = None,
                 net: Reading | None = None, parted: bool = False, lines: bool = False
                 ) -> tuple[Reading, bool]:
    """The surest glyph reading of the corner's index found at each ink ``level``;
    where only the top-left part of the corner ``within`` is the card's (how far right
    and down, canonical pixels), none of glyphs that run to its side there
    (:func:`runs_past`). ``net``, the corner network's reading of the corner: a rank
    glyph that runs off the card image (:func:`runs_off`) is read only when the network
    names its rank too. A reading under :data:`AGREE` is none when another level's
    names another rank at least :data:`VETO` surely: the models, parting the index two
    ways, read two ranks about as surely (an overexposed 4s, its slant and bar faded to
    a speck, was a J at one level, 0.72, and a 4 at another, 0.69), and like a reading
    dropped for its ink, it is a clash: the corner network may not name the card on
    that corner's say (the same 4s, another photo: one corner a J or a 4, the other a
    J at 0.8, the network a J at 0.55 on both, named Js). ``parted``: a rank glyph
    touching its suit is parted from it (:func:`vision.corner.part_touching`); ``lines``:
    the long straight lines are taken out (:func:`vision.corner.cut_lines`)."""
    best = Reading(None, 0.0)
    clash = False
    read: list[Reading] = []
    for level in levels:
        glyphs = find_index(corner, level, parted=parted, lines=lines)
        if glyphs is not None and within is not None and runs_past(glyphs, within):
            glyphs = None
        if glyphs is not None and not _cut(corner, glyphs, level) \
                and not _not_index(corner, glyphs, level, clf):
            reading = clf.read(glyphs)
            if net is not None and not _same_rank(reading, net) \
                    and runs_off(corner, glyphs, level):
                reading = Reading(None, 0.0)  # a glyph cut, or joined to what lies past it
            if two_inks(corner, glyphs.suit_box, level, PHOTO_INK):
                reading = Reading(None, 0.0)  # a red heart run into a blue chip: no suit
            if reading.card is not None and ink_contradicts(
                    reading.card, ink(corner, glyphs.suit_box, level)):
                clash = clash or reading.confidence >= VETO
                reading = Reading(None, 0.0)
            read.append(reading)
            if reading.confidence > best.confidence:
                best = reading
        if best.confidence >= THRESHOLD:
            break
    if best.card is not None and best.confidence < AGREE and any(
            r.card is not None and r.confidence >= VETO and other_rank(r.card, best.card)
            for r in read):
        return Reading(None, 0.0), True
    return best, clash


def has_index(card_img: np.ndarray) -> bool:
    """Is there rank-and-suit-like ink in either index corner?"""
    return any(find_index(canonical_corner(img), level) is not None
               for img in (card_img, cv2.rotate(card_img, cv2.ROTATE_180))
               for level in (0.55, 0.4))


@dataclass(frozen=True)
class CornerReadings:
    """What is known of one index corner: the glyph models' reading, whether a fairly
    sure glyph reading was dropped for its ink colour or for another ink level's
    reading of another rank (``clash``), the corner network's
    reading, and the colour of the ink in the index area."""

    glyph: Reading
    clash: bool
    net: Reading
    ink: str
    blank: float = 0.0  # how surely the network reads the corner as no index at all


def legible(card: Card, corners: tuple[tuple[float, CornerReadings], ...]) -> bool:
    """May ``card`` be named from these index corners, each with how many canonical
    pixels its ink edges span (:func:`edge_widths`)? Not when even the sharpest corner
    that reads it (glyphs or network) is smeared past :data:`BLUR_FAR`; past
    :data:`BLUR_MAX` only if the corner network (which reads the pixels, not parted
    glyphs) reads the card on both corners, at least :data:`NET_BLURRED` surely, and
    the glyphs of a corner at least :data:`VETO` (a smeared Tc was read Ts by the network
    alone); past :data:`BLUR_NET`, the network on a corner at least :data:`NET_BLURRED`
    surely, or on both at least :data:`NET_BLURRED_BOTH` with both corners' glyphs at
    least :data:`GLYPHS_BLURRED`.
    Small four-colour and tango cards were read as another card of the same colour by
    both glyph models at once; a small Ac as As, the network half agreeing.

    >>> ah, kh = Reading(Card("Ah"), 0.8), Reading(Card("Kh"), 0.4)
    >>> glyph_ah = CornerReadings(Reading(Card("Ah"), 0.99), False, kh, "red")
    >>> net_ah, net_kh = (CornerReadings(Reading(None, 0.0), False, n, "red") for n in (ah, kh))
    >>> legible(Card("Ah"), ((5.0, glyph_ah), (12.0, net_kh)))
    True
    >>> legible(Card("Ah"), ((13.0, glyph_ah), (5.0, net_kh)))  # the sharp corner reads no Ah
    False
    >>> legible(Card("Ah"), ((9.0, glyph_ah), (10.0, net_ah)))  # the network reads it too
    True
    >>> legible(Card("Ah"), ((9.0, glyph_ah), (10.0, net_kh)))
    False
    >>> half = CornerReadings(Reading(None, 0.0), False, Reading(Card("Ah"), 0.5), "red")
    >>> legible(Card("Ah"), ((9.0, glyph_ah), (10.0, half)))  # the network only half sure
    False
    >>> fair = CornerReadings(Reading(Card("Ah"), 0.97), False, Reading(Card("Ah"), 0.65), "red")
    >>> legible(Card("Ah"), ((9.0, fair), (10.0, fair)))  # fairly on both, glyphs sure
    True
    >>> legible(Card("Ah"), ((9.0, fair), (10.0, replace(fair, glyph=ah))))
    False
    >>> legible(Card("Ah"), ((9.0, half), (10.0, replace(half, glyph=Reading(Card("Ah"), 0.97)))))
    False
    >>> sure_ah = CornerReadings(Reading(Card("Ah"), 0.9), False, ah, "red")
    >>> legible(Card("Ah"), ((13.0, sure_ah), (14.0, sure_ah)))  # past BLUR_MAX: both corners
    True
    >>> legible(Card("Ah"), ((13.0, sure_ah), (14.0, glyph_ah)))  # the network on one only
    False
    >>> legible(Card("Ah"), ((19.0, sure_ah), (19.0, sure_ah)))  # past BLUR_FAR: never
    False
    >>> net_alone = CornerReadings(Reading(None, 0.0), False, ah, "red")
    >>> legible(Card("Ah"), ((13.0, net_alone), (14.0, net_alone)))  # no glyph reads it
    False
    """
    reading = [w for w, c in corners if card in (c.glyph.card, c.net.card)]
    if not reading or min(reading) > BLUR_FAR:
        return False
    sure = [c.net.card is card and c.net.confidence >= NET_BLURRED for _, c in corners]
    if min(reading) > BLUR_MAX:  # the pixels and the parted glyphs must both say so
        return all(sure) and any(c.glyph.card is card and c.glyph.confidence >= VETO
                                 for _, c in corners)
    return min(reading) <= BLUR_NET or any(sure) or all(
        c.net.card is card and c.net.confidence >= NET_BLURRED_BOTH
        and c.glyph.card is card and c.glyph.confidence >= GLYPHS_BLURRED for _, c in corners)


def read_card(card_img: np.ndarray, clf: IndexClassifier | Ensemble, threshold: float = THRESHOLD,
              kept: tuple[int, int] | None = None) -> Reading:
    """Read an upright (or upside-down) card image from both index corners.

    One corner alone must be sure (``threshold``); two corners that agree need only be
    fairly sure (:data:`AGREE`), since two independent reads of a wrong card rarely
    agree. A corner that reads another card with any conviction vetoes the read. A card
    too small or blurred (:func:`legible`) is not named, however sure the models are,
    nor a 3 or a 5 whose index has the other's shape, nor an ace whose rank glyph stands
    like a 4 or a king whose glyph has no stem, nor an 8 with a B's square corners, nor
    a 10 or an 8 with no counter unless the corner network reads it on both corners
    (:data:`NET_COUNTER`; :mod:`vision.rank_shape`), nor a card whose rank glyph is
    another language's letter (:mod:`vision.letters`; such a refusal and each card
    named are counted for :func:`letter_votes`) or begins a word (a "Kn"), nor a card a
    corner's glyphs name with a suit glyph that has a hole (:mod:`vision.suit_shape`),
    nor one whose index the glyph models read as another rank at a pale ink level
    (:func:`faded`). ``kept``: only the top-left part of the card image this far right
    and down is the card's (:func:`read_index_alone`).
    """
    sides = (card_img, cv2.rotate(card_img, cv2.ROTATE_180))
    probabilities = _net_probabilities(card_img)
    nets = _net_read(probabilities)
    limits = (None if kept is None else in_corner(card_img.shape, kept), None)
    top, bottom = (CornerReadings(*_read_corner_clash(img, clf, limit, net), net,
                                  _corner_ink(img), blank)
                   for img, (net, blank), limit in zip(sides, nets, limits, strict=True))
    if not in_colour():
        # the network read its ranks only (vision.photo_colour): the suits are the
        # glyphs', so that the network names no suit the glyphs did not
        nets = _net_read(probabilities, _glyph_suits(top.glyph, bottom.glyph))
        top, bottom = (replace(c, net=net) for c, (net, _) in zip((top, bottom), nets,
                                                                  strict=True))
    reading = decide(top, bottom, threshold)
    card = reading.card
    if card is None:
        if in_colour() and red_for_ink(top, bottom):
            refused_red()
        return reading
    corners = [canonical_corner(img) for img in sides]  # every witness reads these
    # a corner naming it is its index and shares its smear (legible weighs the widths of
    # those only, but past BLUR_MAX asks every corner's network to read the card)
    reads = [card in (c.glyph.card, c.net.card) for c in (top, bottom)]
    widths = edge_widths(corners, reads)
    if not legible(card, tuple(zip(widths, (top, bottom), strict=True))):
        return Reading(None, reading.confidence)
    if shape_contradicts(card, corners, reads):
        # an unseen typeface's 5 read as a 3, a bent 4 as an ace, a faded A as a king, a
        # German jack's B as an 8 (vision.rank_shape)
        return Reading(None, 0.0)
    if no_counter(card, corners) and not all(
            c.net.card is card and c.net.confidence >= NET_COUNTER for c in (top, bottom)):
        return Reading(None, 0.0)  # a French jack's V read as a 10 (vision.rank_shape)
    if foreign_letter(card, corners):
        if kept is None:  # (an index read alone is not counted refused: letter_votes)
            _vote(card, named=False)
        return Reading(None, 0.0)  # a Russian queen's Д read as an ace (vision.letters)
    if begins_a_word(card, corners):
        return Reading(None, 0.0)  # a Swedish jack's "Kn" read as a king (vision.rank_shape)
    if not card.is_joker and any(card is c.glyph.card and holed(corner)
                                 for corner, c in zip(corners, (top, bottom), strict=True)):
        return Reading(None, 0.0)  # a chip's "0" under a "0" read as 8s (vision.suit_shape)
    if faded(card, corners, (top, bottom), clf):
        return Reading(None, 0.0)  # an overexposed 8, its waist gone, read as a 10
    _vote(card, named=True)
    return reading


@dataclass
class LetterVotes:
    """How many times, while a photo was read, each card was named by :func:`read_card`
    and refused by its letter witness (:func:`vision.letters.foreign_letter`)."""

    named: Counter[Card] = field(default_factory=Counter)
    refused: Counter[Card] = field(default_factory=Counter)

    def outvoted(self, card: Card) -> bool:
        """Did more of the reads that judged ``card``'s glyph call it a letter than let
        it be named?

        >>> votes = LetterVotes(Counter({Card("Ad"): 1}), Counter({Card("Ad"): 6}))
        >>> votes.outvoted(Card("Ad")), votes.outvoted(Card("Kd"))
        (True, False)
        """
        return self.refused[card] > self.named[card]


_VOTES: ContextVar[LetterVotes | None] = ContextVar("letter_votes", default=None)


def _vote(card: Card, named: bool) -> None:
    votes = _VOTES.get()
    if votes is not None:
        (votes.named if named else votes.refused)[card] += 1


@contextmanager
def letter_votes() -> Iterator[LetterVotes]:
    """The :class:`LetterVotes` of the reads made inside this block. A photo's reader
    tries each card through several outlines and sizes, and a glyph blurred or cut one
    way may pass for its rank where most other ways it is plainly a letter: a Russian
    queen's Д was refused as an ace through six outlines and named Ad through one;
    :func:`vision.photo.read_photo` names no card so outvoted. A right card is refused
    now and then through an outline that cuts its glyph (a nicu-ornamental Qc, a
    letter through one outline and named through three), so one refusal is not enough.
    Only the letter model's word counts: :func:`vision.rank_shape.begins_a_word`, which
    looks at the ink beside a glyph, found a lowercase letter beside a real jack of
    cards-dev through one outline that reached past it. An index read alone
    (:func:`read_index_alone`) counts when it names a card, not when it is refused: it
    is read where an index was found, at a place and size guessed, and may be another
    card's glyph cut by its box. In a four-colour fan a covered Th's index, read alone
    with its "0" cut off, was a "7h" and a letter four times, and the top card, a 7h
    named surely by its own outline, went unnamed.

    >>> with letter_votes() as votes:
    ...     _vote(Card("Ad"), named=False)
    >>> votes.outvoted(Card("Ad")), _VOTES.get() is None  # counted only inside the block
    (True, True)
    """
    votes = LetterVotes()
    with scoped(_VOTES, votes):
        yield votes


def faded(card: Card, corners: list[np.ndarray], readings: tuple[CornerReadings, ...],
          clf: IndexClassifier | Ensemble) -> bool:
    """Do the glyph models, reading the canonical ``corners`` whose glyphs named ``card``
    (their ``readings``) and whose paper is clipped white (:data:`CLIPPED`: overexposed)
    parted at the pale :data:`PALE_LEVELS`, name another rank than ``card``'s at least
    :data:`PALE_SURE` surely, :data:`PALE_READINGS` times or more, or once
    :data:`PALE_OVER` surely on a corner whose glyphs were under :data:`AGREE` sure of
    ``card``? Then the strokes that made the index read as ``card`` were only what
    overexposure left of another rank's.

    >>> from controller.cards import JOKER
    >>> from vision.decks import STYLES, face_on, render_face
    >>> from vision.photo_model import photo_reader
    >>> def corner(card, style="standard"):
    ...     return canonical_corner(face_on(render_face(STYLES[style], card)))
    >>> def named(card):
    ...     return CornerReadings(Reading(card, 0.99), False, Reading(None, 0.0), "red")
    >>> eight, ten, models = corner(Card("8h")), Card("Th"), photo_reader()
    >>> faded(ten, [eight, eight], (named(ten), named(ten)), models)
    True
    >>> faded(Card("8h"), [eight], (named(Card("8h")),), models)
    False
    >>> faded(ten, [eight, eight], (named(None), named(None)), models)  # glyphs named no 10
    False
    >>> grey = (eight * 0.9).astype(np.uint8)  # its paper not clipped white
    >>> faded(ten, [grey, grey], (named(ten), named(ten)), models)
    False
    >>> joker = corner(JOKER, "nicu-white")  # read as the joker at every pale level: no rank
    >>> faded(Card("Jh"), [joker, joker], (named(Card("Jh")), named(Card("Jh"))), models)
    False
    """
    other = 0
    for corner, read_as in zip(corners, readings, strict=True):
        if read_as.glyph.card is not card \
                or (cv2.cvtColor(corner, cv2.COLOR_BGR2GRAY) >= CLIP).mean() < CLIPPED:
            continue
        for level in PALE_LEVELS:
            glyphs = find_index(corner, level)
            read = Reading(None, 0.0) if glyphs is None else clf.read(glyphs)
            if read.card is None or read.card.rank in (card.rank, None):
                continue
            other += read.confidence >= PALE_SURE
            if read_as.glyph.confidence < AGREE and read.confidence >= PALE_OVER:
                return True
    return other >= PALE_READINGS


def decide(top: CornerReadings, bottom: CornerReadings, threshold: float = THRESHOLD
           ) -> Reading:
    """The card both corners' readings name, or None (see :func:`read_card`).

    >>> from controller.cards import Card
    >>> sure = CornerReadings(Reading(Card("Ah"), 0.995), False, Reading(Card("Ah"), 0.9), "red")
    >>> unsure = CornerReadings(Reading(None, 0.0), False, Reading(Card("Ah"), 0.95), "red")
    >>> str(decide(sure, unsure).card), str(decide(unsure, unsure).card)
    ('Ah', 'Ah')
    >>> black = CornerReadings(Reading(None, 0.0), False, Reading(Card("Ah"), 0.95), "black")
    >>> decide(unsure, black).card is None  # the ink is not a heart's
    True
    >>> fair = CornerReadings(Reading(Card("Qs"), 0.85), False, Reading(Card("Kh"), 0.7), "red")
    >>> decide(fair, fair).card is None  # both corners' pixels name another card
    True
    >>> kd = CornerReadings(Reading(Card("Kd"), 0.87), False, Reading(None, 0.0), "red")
    >>> str(decide(kd, kd).card), decide(replace(kd, blank=0.9), replace(kd, blank=0.9)).card
    ('Kd', None)
    >>> two = CornerReadings(Reading(Card("2s"), 0.99), False, Reading(Card("Qs"), 0.3), "other")
    >>> kh = CornerReadings(Reading(Card("Th"), 0.33), False, Reading(Card("Kh"), 0.54), "red")
    >>> decide(two, kh).card is None  # the other corner's index is red: not the 2s
    True
    >>> rug = CornerReadings(Reading(None, 0.0), False, Reading(None, 0.2), "black")
    >>> ad = CornerReadings(Reading(Card("Ad"), 0.99), False, Reading(Card("Ad"), 0.9), "red")
    >>> str(decide(ad, rug).card)  # a dark cover over the other corner names nothing
    'Ad'
    >>> back = CornerReadings(Reading(None, 0.0), False, Reading(None, 0.0), "other", 0.99)
    >>> decide(replace(back, glyph=Reading(Card("Tc"), 0.996)), back).card is None  # a back
    True
    >>> six = CornerReadings(Reading(Card("6h"), 0.996), False, Reading(Card("9h"), 0.22), "red")
    >>> decide(six, rug).card is None  # its pixels read it as a 9 upside down
    True
    """
    a, b = top.glyph, bottom.glyph
    reads = [r for r in (a, b) if r.card is not None]
    net_a, net_b = top.net, bottom.net
    both = net_a.card if net_a.card is net_b.card else None
    both_conf = min(net_a.confidence, net_b.confidence)
    if len(reads) == 2 and a.card is b.card and min(a.confidence, b.confidence) >= AGREE \
            and not _ink_against(a.card, top, bottom):
        if both is not None and both is not a.card and both_conf >= NET_FAIR \
                and not _jokers_word(a.card, both, both_conf):
            # two fairly sure glyph corners of one wrong card have been seen (a king's
            # corners read as a queen through an outline a little too big): the pixels
            # of both corners naming another card is reason enough to doubt them
            return Reading(None, 0.0)
        if min(top.blank, bottom.blank) >= NOT_INDEX:
            # ... or naming no index at all: a nine's block of pips, warped as a card,
            # was read as a fairly sure Kd on both corners (its pips as K and d)
            return Reading(None, 0.0)
        return Reading(a.card, max(a.confidence, b.confidence))
    # a joker's corner mark is less distinct than an index: both corners must say so
    sure = [r for r in reads if r.confidence >= threshold
            and not (r.card is not None and r.card.is_joker)]
    if len({r.card for r in sure}) > 1:
        return Reading(None, 0.0)  # the two corners disagree: never guess
    doubt = [r for r in reads if r.confidence >= VETO]
    if sure and any(r.card is not sure[0].card for r in doubt):
        # one corner's glyphs sure, the other's another card: only the network reading
        # both corners as the sure one says which corner's glyphs were misread
        if both is sure[0].card and both_conf >= NET_FAIR \
                and not (top.clash or bottom.clash) \
                and not any(ink_contradicts(both, c.ink) for c in (top, bottom)):
            return Reading(both, both_conf)
        return Reading(None, 0.0)
    if sure:
        if both is not None and both is not sure[0].card and both_conf >= NET_FAIR:
            return Reading(None, 0.0)  # the pixels say another card
        if min(top.blank, bottom.blank) >= BACK:
            # ... or surely no index on either corner: a card back's checkerboard, face
            # down on the table, was one sure Tc corner
            return Reading(None, 0.0)
        own, other = (top, bottom) if sure[0] is a else (bottom, top)
        if _pixels_against(sure[0].card, own):
            return Reading(None, 0.0)
        if upside_down(sure[0].card, own.net.card):
            # a 6 is a 9 upside down: the corner's glyphs read one and its pixels the
            # other, so it was seen upside down (a 9h cut by the photo's edge, read
            # through a twisted outline, was a sure 6h), and which it is is unknown
            return Reading(None, 0.0)
        if ink_contradicts(sure[0].card, other.ink) and any(
                r.card is not None and r.card.suit is not None
                and not ink_contradicts(r.card, other.ink) for r in (other.glyph, other.net)):
            # a card's two indexes are printed in one colour: the other corner, an index
            # of the other colour by its ink and by a reading of it, says the sure card
            # is not this one (a Kh's outline a little too big, its corner over the
            # table read as a sure 2s; a dark rug over an Ad's other corner says nothing)
            return Reading(None, 0.0)
        return Reading(sure[0].card, max(r.confidence for r in sure))
    best = max((a, b), key=lambda r: r.confidence)
    rescue = _second_reading(a, b, net_a, net_b, doubt)
    if rescue is not None and not (top.clash or bottom.clash) \
            and not any(ink_contradicts(rescue.card, c.ink) for c in (top, bottom)):
        return rescue
    return Reading(None, best.confidence)


def red_for_ink(top: CornerReadings, bottom: CornerReadings) -> bool:
    """Was a red card refused for its ink alone: a corner whose glyphs read a red
    card fairly surely but whose ink is black (``clash``), its network fairly sure of
    that red card, and no corner's network fairly sure of another card? (A black
    suit's glyph in red ink, refused too, is no red card refused.)

    >>> kd = Reading(Card("Kd"), 0.9)
    >>> refused = CornerReadings(Reading(None, 0.0), True, kd, "black")
    >>> other = CornerReadings(Reading(None, 0.0), False, Reading(None, 0.0), "other")
    >>> red_for_ink(refused, other), red_for_ink(other, refused)
    (True, True)
    >>> red_for_ink(refused, replace(other, net=Reading(Card("Ks"), 0.7)))
    False
    >>> red_for_ink(replace(refused, net=Reading(Card("Kc"), 0.9)), other)  # a black card
    False
    >>> red_for_ink(replace(refused, ink="red"), other)  # a spade's glyph in red ink
    False
    """
    sure = {c.net.card for c in (top, bottom) if c.net.confidence >= NET_FAIR}
    return len(sure) == 1 and any(c.clash and c.ink == "black" and c.net.confidence >= NET_FAIR
                                  and red_suit(c.net.card) for c in (top, bottom))


def _jokers_word(glyphs: Card | None, net: Card, net_conf: float) -> bool:
    """Is ``net`` (the corner network's reading of both corners, ``net_conf`` surely) a
    jack read on the word of a joker, ``glyphs`` (both corners' glyphs' card)? "Joker"
    printed down a corner begins with a J, a jack's J over a round o in the tango deck,
    and the network (taught few jokers) reads it as a jack of diamonds at 0.5-0.7: the
    jokers of the bench's main photos went unread (5 of seed 6161's 266 cards). Under
    :data:`NET_AGREE` only: of 2,520 jacks of every style and typeface deck, photo-degraded,
    none had both corners' glyphs read as the joker, so the glyphs are trusted here.

    >>> from controller.cards import JOKER
    >>> _jokers_word(JOKER, Card("Jd"), 0.68), _jokers_word(JOKER, Card("Jd"), 0.85)
    (True, False)
    >>> _jokers_word(JOKER, Card("Qd"), 0.6), _jokers_word(Card("Jh"), Card("Jd"), 0.6)
    (False, False)
    """
    return glyphs is not None and glyphs.is_joker and net.rank is Rank.JACK \
        and net_conf < NET_AGREE


def _pixels_against(card: Card | None, corner: CornerReadings) -> bool:
    """Do the pixels of the corner whose glyphs alone name ``card`` surely say it is
    another card: the corner network fairly sure of another card, and the corner's ink
    of that card's colour, not of ``card``'s? A chip over a Qc's club left a red speck of
    its picture beside the Q, read as a sure Qd by the glyphs (its network: Qc at 0.81,
    its ink black).

    >>> qd = Reading(Card("Qd"), 1.0)
    >>> corner = CornerReadings(qd, False, Reading(Card("Qc"), 0.81), "black")
    >>> _pixels_against(Card("Qd"), corner)
    True
    >>> _pixels_against(Card("Qd"), replace(corner, ink="red"))  # the ink says a diamond
    False
    >>> _pixels_against(Card("Qd"), replace(corner, net=Reading(Card("Qc"), 0.4)))
    False
    """
    net = corner.net
    return net.card is not None and net.card is not card and net.confidence >= NET_FAIR \
        and ink_contradicts(card, corner.ink) and not ink_contradicts(net.card, corner.ink)


def upside_down(a: Card | None, b: Card | None) -> bool:
    """Is one card the other's index upside down: a 6 and a 9 of one suit?

    >>> upside_down(Card("6h"), Card("9h")), upside_down(Card("6h"), Card("9s"))
    (True, False)
    """
    return a is not None and b is not None and a.suit is b.suit \
        and {a.rank, b.rank} == {Rank.SIX, Rank.NINE}


def _ink_against(card: Card | None, *corners: CornerReadings) -> bool:
    """Does the ink of either corner's index area rule out the card's suit colour? Two
    fairly sure glyph corners are not enough then: a red king's picture frame, warped as
    if it were the card, was read as a black king on both corners (cards-dev).

    >>> red = CornerReadings(Reading(Card("Ks"), 0.9), False, Reading(None, 0.0), "red")
    >>> _ink_against(Card("Ks"), red, red), _ink_against(Card("Kh"), red, red)
    (True, False)
    """
    return any(ink_contradicts(card, c.ink) for c in corners)


def _second_reading(a: Reading, b: Reading, net_a: Reading, net_b: Reading,
                    doubt: list[Reading]) -> Reading | None:
    """A card no glyph reading is sure of, named by the corner network as well: both
    corners of the network (surely, or fairly with a glyph reading the same), or one
    corner read alike by the glyphs (fairly surely) and by the network. Nothing read
    contradicts it; never a joker (its corner mark has no rank and suit to agree on)."""
    named = [(g, n) for g, n in ((a, net_a), (b, net_b)) if n.card is not None]
    agreed = [r.card for r in (a, b) if r.card is not None and r.confidence >= AGREE]
    if len(doubt) == 2 and doubt[0].card is not doubt[1].card:
        # the glyph corners contradict each other (a misparted index): their say is
        # void, and only the network reading both corners surely may name the card,
        # never a rank a corner's glyphs read otherwise AGREE-surely (a small blurred
        # 5h, its top bar faint: its glyphs a 5h at 0.96 and a 3h at 0.57, the network
        # a 3h at 0.83 on both corners)
        doubt, a, b = [], Reading(None, 0.0), Reading(None, 0.0)
        named = [(g, n) for g, n in ((a, net_a), (b, net_b)) if n.card is not None]
    for card in {n.card for _, n in named}:
        if card is None or card.is_joker or any(r.card is not card for r in doubt) \
                or any(other_rank(c, card) for c in agreed):
            continue
        net_same = [n.confidence for _, n in named if n.card is card]
        other = [n for _, n in named if n.card is not card and n.confidence >= NET_FAIR]
        if other:
            continue
        if len(net_same) == 2 and (min(net_same) >= NET_AGREE
                                   or (min(net_same) >= NET_FAIR and bool(doubt))):
            return Reading(card, max([min(net_same), *(r.confidence for r in doubt)]))
        for g, n in named:
            if n.card is card and g.card is card and g.confidence >= AGREE \
                    and n.confidence >= NET_ONE:
                return Reading(card, g.confidence)
        # the glyphs fairly sure of it (one corner AGREE-sure, or both VETO-sure) and the
        # network's best guess on both corners, though unsure: four readings of one card
        glyph_same = [g.confidence for g in (a, b) if g.card is card]
        if len(net_same) == 2 and min(net_same) >= NET_LEAN and glyph_same and (
                max(glyph_same) >= AGREE or (len(glyph_same) == 2 and min(glyph_same) >= VETO)):
            return Reading(card, max(glyph_same))
    return None


def _net_corners(card_img: np.ndarray
                 ) -> tuple[tuple[Reading, float], tuple[Reading, float]]:
    """The corner network's readings of both index corners (top-left, then bottom-right),
    each the average over the corner as found and moved a little each way, with how
    surely it reads the corner as "not an index".

    >>> from vision.decks import STYLES, face_on, render_face
    >>> nine = face_on(render_face(STYLES["standard"], Card("9d")), (200, 200, 200))
    >>> (read, _), _ = _net_corners(nine)
    >>> _, (_, pips) = _net_corners(cv2.resize(nine[34:386, 48:252], (300, 420)))  # pips only
    >>> str(read.card), pips > NOT_INDEX
    ('9d', True)
    """
    return _net_read(_net_probabilities(card_img))


NetProbabilities = list[tuple[np.ndarray, np.ndarray]]


def _net_probabilities(card_img: np.ndarray) -> NetProbabilities:
    """The corner network's rank and suit probabilities of both index corners (top-left,
    then bottom-right), each averaged over the corner as found and moved a little each
    way: the network is run once per card, whatever its readings are then told."""
    views = [corner_views(card_img), corner_views(cv2.rotate(card_img, cv2.ROTATE_180))]
    rank_p, suit_p = load_corner_net().probabilities(np.concatenate(views))
    n = len(views[0])
    return [(rank_p[i * n:(i + 1) * n].mean(axis=0), suit_p[i * n:(i + 1) * n].mean(axis=0))
            for i in range(2)]


class MirrorView(NamedTuple):
    """What the corner network makes of a card image's mirror image (:func:`mirror_view`)."""

    margin: float  # how much more surely it reads the mirror image's index corners
    # the rank (a RANK_LABELS label) it reads surely on each of them, if any
    ranks: tuple[str | None, str | None]


def mirror_view(card_img: np.ndarray) -> MirrorView:
    """How much more surely the corner network reads the index corners of the card
    image's mirror image than its own (the best rank's probability, both corners'
    mean; a joker's mark on the mirror image none), and the rank it reads on each of
    them surely (:func:`_sure_rank`; in a pile, one may be a neighbour's). A four-index
    card (an index in every corner) shown mirrored has a margin well above 0: the
    network half recognises its mirrored glyphs and reads its own surely. A card with
    two indexes has none in its mirror image's corners. A symmetric rank (an ace, an
    8) reads alike either way, and its mirror image reads as no other rank.

    >>> from vision.decks import STYLES, face_on, render_face
    >>> from vision.table_photo import four_index
    >>> five = face_on(four_index(render_face(STYLES["standard"], Card("5c"))), (200,) * 3)
    >>> mirror_view(five).margin < 0 < mirror_view(cv2.flip(five, 1)).margin
    True
    >>> mirror_view(cv2.flip(five, 1)).ranks
    ('5', '5')
    """
    own, mirrored = (_net_probabilities(img) for img in (card_img, cv2.flip(card_img, 1)))
    # a joker's corner mark read on the mirror image is no mirrored index (_sure_rank):
    # a two-index 7d's mirror image had its blank corner read as one at 0.97, and the
    # card looked mirrored; on the card itself it is what a joker reads as
    ranks = slice(0, RANK_LABELS.index("jk"))
    margin = float(np.mean([p[ranks].max() for p, _ in mirrored])
                   - np.mean([p.max() for p, _ in own]))
    top, bottom = (_sure_rank(rank_p, suit_p) for rank_p, suit_p in mirrored)
    return MirrorView(margin, (top, bottom))


def _sure_rank(rank_p: np.ndarray, suit_p: np.ndarray) -> str | None:
    """The rank (a RANK_LABELS label) the network reads on a corner at least
    :data:`MIRROR_SURE` surely, as an index; a joker's corner is no rank glyph (the
    network reads a lone pip, tango's at its top right, as one).

    >>> joker, eight = np.zeros(14), np.zeros(14)
    >>> joker[RANK_LABELS.index("jk")] = eight[RANK_LABELS.index("8")] = 0.85
    >>> index = np.array([0.9, 0, 0, 0, 0, 0.1])  # a club, "not an index" at 0.1
    >>> _sure_rank(joker, index), _sure_rank(eight, index), _sure_rank(eight * 0.9, index)
    (None, '8', None)
    """
    best = RANK_LABELS[int(rank_p.argmax())]
    sure = rank_p.max() >= MIRROR_SURE and suit_p[SUIT_LABELS.index("x")] < NOT_INDEX
    return best if sure and best != "jk" else None


def _net_read(probabilities: NetProbabilities,
              suits: tuple[Suit | None, Suit | None] = (None, None)
              ) -> tuple[tuple[Reading, float], tuple[Reading, float]]:
    """:func:`_net_corners` from the network's probabilities; in a photo without
    colour, its readings name the ``suits`` given (:func:`net_card`)."""
    (top, bottom) = ((net_card(rank, suit, told), float(suit[SUIT_LABELS.index("x")]))
                     for (rank, suit), told in zip(probabilities, suits, strict=True))
    return top, bottom


GLYPH_SUIT = AGREE  # a photo without colour: a corner's glyphs read this surely give its suit


def _glyph_suits(top: Reading, bottom: Reading) -> tuple[Suit | None, Suit | None]:
    """The suit each corner's glyphs read (at least :data:`GLYPH_SUIT` surely), or
    else the other corner's: in a photo without colour, the suits the corner network
    is told (:func:`net_card`).

    >>> _glyph_suits(Reading(Card("Kh"), 0.9), Reading(None, 0.0))
    (<Suit.HEARTS: 2>, <Suit.HEARTS: 2>)
    >>> _glyph_suits(Reading(Card("Kh"), 0.9), Reading(Card("Kd"), 0.7))  # not sure enough
    (<Suit.HEARTS: 2>, <Suit.HEARTS: 2>)
    >>> _glyph_suits(Reading(Card("Kh"), 0.9), Reading(Card("Ks"), 0.85))
    (<Suit.HEARTS: 2>, <Suit.SPADES: 3>)
    >>> _glyph_suits(Reading(Card("Kc"), 0.9), Reading(Card("Kh"), 0.85))  # clubs are suit 0
    (<Suit.CLUBS: 0>, <Suit.HEARTS: 2>)
    >>> _glyph_suits(Reading(None, 0.0), Reading(Card("Kc"), 0.85))
    (<Suit.CLUBS: 0>, <Suit.CLUBS: 0>)
    """
    top_suit, bottom_suit = (r.card.suit if r.card is not None and r.confidence >= GLYPH_SUIT
                             else None for r in (top, bottom))
    # "is None", not "or": clubs are suit 0
    return (bottom_suit if top_suit is None else top_suit,
            top_suit if bottom_suit is None else bottom_suit)


def net_card(rank_p: np.ndarray, suit_p: np.ndarray, suit: Suit | None = None) -> Reading:
    """The corner network's reading from its rank and suit probabilities. In a photo
    without colour (vision.photo_colour) it reads the rank only, and whether the
    corner is a joker's or no index: its suit is ``suit``, the one a suit glyph's shape
    names, and without one it names no card.

    >>> from vision.classify import RANK_LABELS
    >>> rank_p = np.zeros(14); rank_p[RANK_LABELS.index("K")] = 0.9
    >>> suit_p = np.array([0.0, 0.05, 0.0, 0.93, 0.0, 0.02])  # a grey heart: "a spade"
    >>> str(net_card(rank_p, suit_p).card)
    'Ks'
    >>> from vision.photo_colour import no_colour
    >>> with no_colour():
    ...     [(str(r.card), round(r.confidence, 2))
    ...      for r in (net_card(rank_p, suit_p, s) for s in (Suit.HEARTS, None))]
    [('Kh', 0.9), ('None', 0.0)]
    """
    if in_colour():
        return combine(rank_p, suit_p)
    jk, x = SUIT_LABELS.index("jk"), SUIT_LABELS.index("x")
    told = np.zeros_like(suit_p)
    told[[jk, x]] = suit_p[[jk, x]]
    if suit is not None:
        told[SUIT_LABELS.index(suit.char)] = 1.0 - suit_p[jk] - suit_p[x]
    reading = combine(rank_p, told)
    if reading.card is not None and not reading.card.is_joker and suit is None:
        return Reading(None, 0.0)
    return reading


def _net_readings(card_img: np.ndarray) -> tuple[Reading, Reading]:
    """The corner network's readings of both index corners (top-left, then bottom-right)."""
    (a, _), (b, _) = _net_corners(card_img)
    return a, b


def _net_reading(card_img: np.ndarray) -> Reading:
    """The corner network alone: the card :func:`_second_reading` names with no glyph
    reading (both corners at least :data:`NET_AGREE` sure of it, never a joker), as
    :func:`decide` names a card on the network's word alone. (At :data:`NET_FAIR`, a
    bar met only with a glyph reading of the card, the four-colour deck's small blue
    Kd was read a Ks at 0.6 on both corners now and then: a blue diamond has no red
    ink.)"""
    none = Reading(None, 0.0)
    return _second_reading(none, none, *_net_readings(card_img), []) or none


def other_rank(a: Card, b: Card) -> bool:
    """Do these name different ranks (a joker has none of the others')?"""
    return a.is_joker or b.is_joker or a.rank != b.rank


def in_corner(shape: tuple[int, ...], box: tuple[int, int]) -> tuple[float, float]:
    """How far right and down ``box`` (pixels of a card image of ``shape``) reaches in
    its canonical corner (:func:`vision.corner.canonical_corner`).

    >>> in_corner((420, 300, 3), (60, 100)), in_corner((840, 600, 3), (60, 100))
    ((60.0, 100.0), (30.0, 50.0))
    """
    cw, ch = corner_size(shape)
    return box[0] * CORNER_W / cw, box[1] * CORNER_H / ch


def runs_past(glyphs: IndexGlyphs, within: tuple[float, float]) -> bool:
    """Does a glyph of the index run to the right or lower side of the top-left part
    of its canonical corner ``within`` (how far right and down)? An index placed on
    its own lies in paper; a glyph that reaches the side goes on beyond it, and is part
    of something larger than an index.
    A chip's "100" lying on the table, its "00" read as an 8 and its "1" on its side as
    a spade, ran to the foot of its box; so did a blue diamond run into a black chip's
    rim, read as a club (see docs/vision.md, "An index that runs past its box").
    Where the part reaches below the corner, the corner's foot is its foot: an index
    placed at too small a card size is taller than the corner, and a glyph reaching
    the corner's foot was cut there (a diamond's upper half was read as a club,
    surely, in a sepia photo where no red ink gave it away). Not so at the corner's
    right side: a four-index 2s placed so, its index as wide as the corner, was read
    right, and nothing misread there has been seen.

    >>> corner = np.full((190, 96, 3), 230, np.uint8)
    >>> corner[20:60, 14:40] = 30  # a rank
    >>> corner[66:90, 14:40] = 30  # a suit
    >>> runs_past(find_index(corner), (60, 110))
    False
    >>> corner[66:110, 14:40] = 30  # ... that runs on past the box's foot
    >>> runs_past(find_index(corner), (60, 100))
    True
    >>> big = np.full((190, 96, 3), 230, np.uint8)  # an index placed too big: its rank,
    >>> big[40:110, 14:60] = 30
    >>> big[120:190, 20:54] = 30  # ... and its suit, cut by the corner's foot
    >>> runs_past(find_index(big), (90, 250))  # its box reaches past the corner
    True
    >>> big[180:190] = 230  # the suit whole, clear of the corner's foot
    >>> runs_past(find_index(big), (90, 250))
    False
    """
    right, foot = within[0], min(within[1], CORNER_H)
    return any(x + w >= right - 1 or y + h >= foot - 1
               for x, y, w, h in (glyphs.rank_box, glyphs.suit_box))


BESIDE = 3  # canonical pixels either side of an index's glyphs kept for the network


def _beside_cleared(card_img: np.ndarray, paper: np.ndarray) -> np.ndarray:
    """The card image with what lies either side of its index's glyphs (found at the
    first ink level; :data:`BESIDE` pixels from them) painted ``paper``: what the corner
    network reads in :func:`read_index_alone`, the index alone, as the glyph models
    read it. A four-index card placed from its top-right index as if it were a top-left
    one shows its own pips left of the index and its edge right of it, where no top-left
    index has them: the network read a 7h so as a 10 (0.66; the 7h alone, 0.9) and
    stopped the glyphs' sure 7h.

    >>> card = np.full((420, 300, 3), 230, np.uint8)
    >>> card[20:60, 40:60] = 30; card[66:90, 40:60] = 30  # a rank and a suit
    >>> card[30:80, 5:30] = card[30:80, 70:90] = (40, 40, 220)  # pips either side
    >>> out = _beside_cleared(card, np.array([230, 230, 230], np.uint8))
    >>> int(out[30:80, 5:30].min()), int(out[30:80, 70:90].min()), int(out[20:60, 40:60].max())
    (230, 230, 30)
    """
    glyphs = find_index(canonical_corner(card_img), READ_LEVELS[0])
    if glyphs is None:
        return card_img
    (rx, _, rw, _), (sx, _, sw, _) = glyphs.rank_box, glyphs.suit_box
    k = corner_size(card_img.shape)[0] / CORNER_W  # card pixels per canonical pixel
    left = max(0, int((min(rx, sx) - BESIDE) * k))
    right = int((max(rx + rw, sx + sw) + BESIDE) * k) + 1
    out = card_img.copy()
    out[:, :left] = paper
    out[:, right:] = paper
    return out


def read_index_alone(card_img: np.ndarray, box: tuple[int, int], clf: IndexClassifier | Ensemble,
                threshold: float) -> tuple[Reading, Card | None]:
    """Read a card placed from its index, from that index alone: the rest of the card
    (under another card, perhaps, with a neighbour's edge or index in it) is painted
    paper, so the index must be sure on its own; the corner network must not name
    another card there, nor the whole card image another card surely. Also the card
    the index most likely shows (a sure reading, or the network's if it is fairly
    sure), to check against the card's other corner. The network reads the index
    over five views (:func:`vision.photo_cnn.corner_views`), as :func:`read_card` does.
    Glyphs that run to the box's side (:func:`runs_past`) are no index."""
    x1, y1 = box
    index_px = card_img[:y1, :x1].reshape(-1, 3)
    light = index_px.sum(axis=1)
    paper = np.median(index_px[light >= np.median(light)], axis=0)
    only = np.empty_like(card_img)
    only[:] = paper
    only[:y1, :x1] = card_img[:y1, :x1]
    reading = read_card(only, clf, threshold, kept=box)
    rank_p, suit_p = load_corner_net().probabilities(corner_views(_beside_cleared(only, paper)))
    net = net_card(rank_p.mean(axis=0), suit_p.mean(axis=0),
                   None if reading.card is None else reading.card.suit)
    net_guess = net.card if net.confidence >= NET_VETO else None
    if reading.card is None or reading.confidence < threshold:
        return Reading(None, reading.confidence), net_guess
    whole = read_card(card_img, clf, threshold)
    if whole.card is not None and whole.card is not reading.card:
        return Reading(None, 0.0), net_guess
    if net.card is None or net.card is reading.card:
        return reading, reading.card
    # the network knows the suits' shapes less well than the ranks' (a four-colour
    # deck's green club looks to it like a spade): another rank vetoes sooner
    if net.confidence >= (NET_VETO if other_rank(net.card, reading.card) else NET_SUIT_VETO):
        return Reading(None, 0.0), net_guess
    return reading, reading.card


__all__ = ["THRESHOLD", "LetterVotes", "faded", "has_index", "in_corner", "letter_votes",
           "other_rank", "read_card", "read_index_alone", "runs_past", "upside_down"]
