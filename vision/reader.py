"""The shoe reader: frames in, exactly one event per physical card out.

Each frame: find card runs in the calibrated window (:mod:`vision.locate`), match
them to the cards already passing (cards travel right to left and never overtake),
read the index of each card whose corner is fully in view, and decide:

* a card is only reported once its trailing edge has been seen too, so that two
  cards stuck together (one run wider than a card) are never reported as one;
* :class:`CardSeen` needs at least :data:`MIN_AGREE` confident readings of the same
  card, most of the reading weight, and at most one fairly sure reading of another
  card per :data:`OUTVOTE` of its own (one odd frame is outvoted, a real doubt is not);
* a card that leaves without that is :class:`CardUnreadable` (with its best crop);
* a run wider than a card is :class:`CardsTogether`;
* events come out in the order the cards left the shoe, even when a card is decided
  before the one in front of it.

A corner is read at the usual ink level first and, only when that is not confident,
in the other ways of :data:`INK_LEVELS` (blur joins an index to a pip, or washes out
a thin stroke), so a sharp frame costs one reading.

>>> from controller.cards import JOKER, Card
>>> from vision.synthetic import SyntheticShoe
>>> shoe = SyntheticShoe(seed=2, deck_style="jumbo")
>>> reader = ShoeReader()
>>> events = [e for f in shoe.stream([Card("Kc"), Card("4h")]) for e in reader.feed(*f)]
>>> [str(e.card) for e in events]
['Kc', '4h']
"""

from __future__ import annotations

import itertools
from collections import Counter
from dataclasses import dataclass, field

import numpy as np

from controller.cards import JOKER, Card
from vision.calibration import Calibration
from vision.classify import IndexClassifier, Reading, combine
from vision.corner import (
    CORNER_W,
    EDGE,
    IndexGlyphs,
    back_pattern,
    blank_corner,
    find_index,
    find_mark,
    ink_colour,
    ink_contradicts,
)
from vision.events import CardSeen, CardsTogether, CardUnreadable, VisionEvent
from vision.locate import STEP, Run, card_pose, corner_crop, find_runs, window_gray
from vision.photo_colour import colourless

TOGETHER = 1.18  # a run this many card widths wide is more than one card
# (ink level, separate) tried in turn until one reading is confident: the usual level;
# a darker one, which parts an index from a pip or picture that blur has joined to it;
# necks cut; and a lighter one, which keeps a thin stroke that blur has washed out
INK_LEVELS = ((0.55, False), (0.4, False), (0.55, True), (0.7, False), (0.4, True),
              (0.7, True))
MAX_READS = 10  # readings per card; enough to decide, bounded for the frame budget
VETO = 0.8  # a reading of another card this sure vetoes a card...
OUTVOTE = 4  # ...unless it has this many sure readings for each such veto
SHARE = 0.7  # of the weight of all readings that must go to the card reported
MIN_AGREE = 3  # confident readings needed before a card is reported
GRACE = 1  # frames a card may go unseen mid-window before it counts as gone
BLANK_CONF = 0.95  # a corner with no index at all: the joker of a deck that prints none
BACK_LOOKS = 2  # corners read as a back's pattern that make the card a back (face down)


_SEQ = itertools.count()


@dataclass(frozen=True)
class _Look:
    """One index corner read in one frame: the reading, the glyphs it was read from,
    what they were (``index``, a lone ``mark``, a ``blank`` corner, a ``back``'s
    pattern read as an index, or ``none``), and
    whether it was the opposite corner, turned round."""

    reading: Reading
    glyphs: IndexGlyphs | None = None
    kind: str = "none"
    opposite: bool = False


@dataclass
class _Pass:
    """One card (or a clump of cards) crossing the window."""

    left: int
    right: int | None = None  # the trailing edge when it was last in view
    looks: list[_Look] = field(default_factory=list)
    best_crop: np.ndarray | None = None
    best_conf: float = -1.0
    width_seen: bool = False
    together: bool = False
    done: bool = False
    exited: bool = False
    missed: int = 0  # frames in a row it was not found
    seq: int = field(default_factory=lambda: next(_SEQ))  # the order cards came in


class ShoeReader:
    """Feed it frames in order; it returns the events each frame completes."""

    def __init__(self, calibration: Calibration | None = None,
                 classifier: IndexClassifier | None = None, keep_glyphs: bool = False) -> None:
        self.cal = calibration or Calibration()
        self.clf = classifier or _default_classifier()
        self.passes: list[_Pass] = []
        # calibration wants each reported card's glyphs: (event, glyphs) in event order
        self.keep_glyphs = keep_glyphs
        self.reported: list[tuple[VisionEvent, list[IndexGlyphs]]] = []
        self.max_step = int(0.45 * self.cal.card_width)
        self._frame: np.ndarray = np.zeros((1, 1, 3), np.uint8)
        self._gray: np.ndarray | None = None
        self._colour: bool | None = None
        self._held: list[tuple[_Pass, VisionEvent]] = []

    def feed(self, frame_no: int, timestamp: float, frame: np.ndarray) -> list[VisionEvent]:
        runs = find_runs(frame, self.cal)
        # grey, and whether the frame has colour, only when a corner is read
        self._frame, self._gray, self._colour = frame, None, None
        matched = self._match(runs)
        kept = []
        for p in [p for p in self.passes if p not in matched.values()]:
            if p.exited or p.done or p.missed >= GRACE:
                self._hold(p, self._finish(p, frame_no, timestamp))
            else:
                # lost in the middle of the window (a frame where its pips cut the card
                # short): it is still there, so it is not settled yet
                p.missed += 1
                kept.append(p)
        self.passes = sorted([*kept, *matched.values()], key=lambda p: p.left)
        for i, p in matched.items():
            run = runs[i]
            p.missed = 0
            self._observe(p, run)
            self._hold(p, self._decide(p, frame_no, timestamp))
        return self._release()

    def _hold(self, p: _Pass, events: list[VisionEvent]) -> None:
        self._held += [(p, e) for e in events]

    def _release(self, everything: bool = False) -> list[VisionEvent]:
        """The held events of every card up to the oldest one still undecided: events
        come out in the order the cards left the shoe, even when a card is decided
        before the one in front of it."""
        waiting = [p.seq for p in self.passes if not p.done]
        first_open = min(waiting) if waiting and not everything else None
        out, keep = [], []
        for p, e in sorted(self._held, key=lambda pe: pe[0].seq):
            if first_open is not None and p.seq > first_open:
                keep.append((p, e))
                continue
            if self.keep_glyphs:
                self.reported.append((e, [k.glyphs for k in p.looks if k.glyphs is not None]))
            out.append(e)
        self._held = keep
        return out

    def flush(self, frame_no: int, timestamp: float) -> list[VisionEvent]:
        """End of the stream: settle every card still in the window."""
        for p in self.passes:
            self._hold(p, self._finish(p, frame_no, timestamp))
        self.passes = []
        return self._release(everything=True)

    # -- tracking -----------------------------------------------------------------------
    def _match(self, runs: list[Run]) -> dict[int, _Pass]:
        """Pair runs with passing cards, in order, left to right."""
        out: dict[int, _Pass] = {}
        queue = list(self.passes)
        back = 0.1 * self.cal.card_width + STEP * 3  # a card pulled back a little
        for i, run in enumerate(runs):
            if not run.lead_visible:
                # a card leaving on the left: it is the oldest one still here
                # (only a card whose leading edge was near the left side last time, and
                # whose trailing edge is where that card's was, give or take a step: a
                # sliver of a card already gone, missed in a frame or two, must not
                # capture the card behind it)
                while queue and queue[0].right is not None \
                        and run.right > queue[0].right + back:
                    queue.pop(0)  # its trailing edge was well left of this one's: gone
                p = queue[0] if queue else None
                if p is not None and p.left - run.left <= self.max_step + STEP and (
                        p.right is None or -back <= p.right - run.right
                        <= self.max_step + STEP):
                    p = queue.pop(0)
                    p.exited = True
                    out[i] = p
                continue
            while queue and (queue[0].left < run.left - back or (
                    queue[0].right is not None and run.right > queue[0].right + back)):
                # a card left of this run (or one whose trailing edge was well left of
                # this run's) that no run matched: it has gone (it is settled as
                # unmatched); the next card in line may be this run
                queue.pop(0)
            if queue and queue[0].left <= run.left + self.max_step + STEP:
                out[i] = queue.pop(0)
                continue
            out[i] = _Pass(run.left)  # a card coming in
        return out

    def _window_gray(self) -> np.ndarray:
        if self._gray is None:
            self._gray = window_gray(self._frame, self.cal)
        return self._gray

    def _observe(self, p: _Pass, run: Run) -> None:
        p.right = run.right if run.tail_visible else None
        if not run.lead_visible:
            return
        p.left = run.left
        wide = run.width > TOGETHER * self.cal.card_width
        # both edges in view and about a card wide (a dark picture can cut a run short)
        if run.tail_visible and run.width >= 0.88 * self.cal.card_width:
            p.width_seen = True
        if wide:
            p.together = True
        if p.done or p.together or len(p.looks) >= MAX_READS or _is_back(p):
            return  # (a card back is read no further: nothing on it is a card)
        if run.left + 0.4 * self.cal.card_width > run.right:
            return  # the index corner is not fully on this side of the window yet
        gray = self._window_gray()
        pose = card_pose(gray, run, self.cal)
        if pose is None:
            return
        self._read_into(p, pose, False)
        if p.width_seen and run.tail_visible:
            # the whole card is in view: the opposite index (turned round) is a second,
            # independent witness; a disagreement between the two makes the card unreadable
            self._read_into(p, pose, True)

    def _read_into(self, p: _Pass, pose: tuple[float, float, float], opposite: bool) -> None:
        crop = corner_crop(self._window_gray(), pose, self.cal, opposite=opposite)
        look = self._read_crop(crop)
        reading, kind = look.reading, look.kind
        if reading.card is not None and reading.confidence >= VETO and look.glyphs is not None:
            if back_pattern(look.glyphs):
                # a piece of a card back's pattern read as an index (a card dealt face
                # down): never a card
                reading, kind = Reading(None, 0.0), "back"
            else:
                reading = self._check_colour(reading, pose, opposite, look.glyphs)
        p.looks.append(_Look(reading, look.glyphs, kind, opposite))
        if reading.confidence > p.best_conf or p.best_crop is None:
            p.best_conf, p.best_crop = reading.confidence, crop

    def _check_colour(self, reading: Reading, pose: tuple[float, float, float],
                      opposite: bool, glyphs: IndexGlyphs) -> Reading:
        """No reading whose suit has the other colour than the ink of its suit glyph
        (red ink read as a club or spade, black ink as a heart or diamond: blur can make
        a diamond's corners look like a club's lobes); other inks (a four-colour deck's
        blue and green) say nothing. A camera without colour (a monochrome or infrared
        one: :func:`vision.photo_colour.colourless`) shows red ink grey, so its frames
        say nothing of a suit's colour, and the suit is its glyph's shape."""
        x, y, w, h = self.cal.window
        roi = self._frame[y:y + h, x:x + w]
        if self._colour is None:
            self._colour = not colourless(roi)
        if not self._colour:
            return reading
        colour = ink_colour(corner_crop(roi, pose, self.cal, opposite=opposite),
                            glyphs.suit_box)
        return Reading(None, 0.0) if ink_contradicts(reading.card, colour) else reading

    def _read_crop(self, crop: np.ndarray) -> _Look:
        """Read at the usual ink level, then (if unsure) the other ways of :data:`INK_LEVELS`;
        the most confident reading counts."""
        best, best_glyphs = Reading(None, 0.0), None
        kind = "none"
        for level, separate in INK_LEVELS:
            glyphs = _uncut(find_index(crop, level, separate, measure_edge=True))
            if glyphs is not None:
                reading = self._read(glyphs)
                if reading.confidence > best.confidence or best_glyphs is None:
                    best, best_glyphs, kind = reading, glyphs, "index"
            if best.confidence >= self.cal.threshold:
                break
        if best_glyphs is None and self.clf.reads_marks:
            # no rank over suit anywhere: a corner with a single mark (some jokers)
            for level in (0.55, 0.4):
                glyphs = _uncut(find_mark(crop, level, measure_edge=True))
                if glyphs is not None:
                    reading = self._read(glyphs)
                    if reading.card is not JOKER:  # a lone mark says nothing of a suit
                        reading = Reading(None, 0.0)
                    if reading.confidence > best.confidence or best_glyphs is None:
                        best, best_glyphs, kind = reading, glyphs, "mark"
                if best.confidence >= self.cal.threshold:
                    break
        if best_glyphs is None and blank_corner(crop):
            # no index, no mark, bright paper: only a joker that prints no index (the
            # verdict wants both corners so, and no index ever found on the card)
            best, kind = Reading(JOKER, BLANK_CONF), "blank"
        return _Look(best, best_glyphs, kind)

    def _read(self, glyphs: IndexGlyphs) -> Reading:
        generic = self.clf.read(glyphs)
        model = self.cal.deck_model
        if model is None:
            return generic
        deck = combine(*model.probabilities(glyphs))
        if generic.card is not None and generic.card is not deck.card \
                and generic.confidence > 0.95:
            return Reading(deck.card, min(deck.confidence, 1 - generic.confidence))
        return deck

    # -- deciding -----------------------------------------------------------------------
    def _verdict(self, p: _Pass) -> tuple[Card | None, float]:
        looks = p.looks
        if _is_back(p):
            return None, 0.0  # a card back, whatever else a frame made of its pattern
        if any(k.kind in ("index", "mark") for k in looks):
            # a corner washed out in some frames is no blank-cornered joker
            looks = [k for k in looks if k.kind != "blank"]
        readings = [k.reading for k in looks]
        sure = [r for r in readings if r.card is not None
                and r.confidence >= self.cal.threshold]
        if not sure:
            return None, 0.0
        card, agree = Counter(r.card for r in sure).most_common(1)[0]
        # a fairly sure reading of another card, or much doubt overall, are reasons to
        # doubt: one odd frame (glare, a crop cut at the edge) is outvoted only by many
        # sure readings of the card; more than that and the card is unreadable
        others = [r.confidence for r in readings if r.card is not None and r.card is not card]
        vetoes = sum(c >= VETO for c in others)
        mine = sum(r.confidence for r in readings if r.card is card)
        if vetoes * OUTVOTE > agree or mine < SHARE * (mine + sum(others)):
            return None, 0.0
        if agree < MIN_AGREE:
            return None, 0.0
        if card is JOKER and not self._joker_both_corners(looks):
            return None, 0.0
        return card, float(np.mean([r.confidence for r in sure if r.card is card]))

    def _joker_both_corners(self, looks: list[_Look]) -> bool:
        """A joker read only from blank corners (no index, no mark) must be read so on
        both corners: a corner washed out by glare is not seen so on both."""
        sure = [k for k in looks if k.reading.card is JOKER
                and k.reading.confidence >= self.cal.threshold]
        if any(k.kind != "blank" for k in sure):
            return True
        return {k.opposite for k in sure} == {False, True}

    def _decide(self, p: _Pass, frame_no: int, ts: float) -> list[VisionEvent]:
        if p.done:
            return []
        if p.together and p.width_seen:
            p.done = True
            return [CardsTogether(frame_no, ts)]
        if not p.width_seen:
            return []
        card, conf = self._verdict(p)
        if card is None:
            return []
        p.done = True
        return [CardSeen(card, round(conf, 4), frame_no, ts)]

    def _finish(self, p: _Pass, frame_no: int, ts: float) -> list[VisionEvent]:
        """A card has left the window: report it if nothing was reported yet."""
        if p.done:
            return []
        p.done = True
        if p.together:
            return [CardsTogether(frame_no, ts)]
        if not p.looks and not p.width_seen:
            return []  # only a sliver crossed a corner of the window: no card came out
        card, conf = self._verdict(p)
        if card is not None and p.width_seen:
            return [CardSeen(card, round(conf, 4), frame_no, ts)]
        crop = p.best_crop if p.best_crop is not None else np.zeros((8, 8), np.uint8)
        return [CardUnreadable(frame_no, ts, crop)]


def _is_back(p: _Pass) -> bool:
    """Has the card shown its back (:data:`BACK_LOOKS` corners read as a back's pattern)?"""
    return sum(k.kind == "back" for k in p.looks) >= BACK_LOOKS


def _uncut(glyphs: IndexGlyphs | None) -> IndexGlyphs | None:
    """None for glyphs the corner's crop may have cut: a rank glyph that runs into the
    strip along the card's top edge (the corner was cut a little inside the card, and a
    J's hook alone reads as a 4), or a rank glyph right of the index column that runs
    out of the corner (a court card's big pip or its picture, taken for the index when
    a thin rank has washed out). The other corner, or the next frame, reads it."""
    if glyphs is None or glyphs.rank_box[1] <= EDGE + 1:
        return None
    x, _y, w, _h = glyphs.rank_box
    if x > 0.35 * CORNER_W and x + w >= CORNER_W - 1:
        return None  # (a jumbo ten, starting at the left, may fill the corner's width)
    return glyphs


_CLASSIFIER: IndexClassifier | None = None


def _default_classifier() -> IndexClassifier:
    global _CLASSIFIER
    if _CLASSIFIER is None:
        _CLASSIFIER = IndexClassifier.load()
    return _CLASSIFIER


__all__ = ["MIN_AGREE", "TOGETHER", "ShoeReader"]
