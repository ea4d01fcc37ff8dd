"""Reading one found card of a still photo (issue 4, "Done when": `pitboss vision read`
reads photographs of real cards, >= 97% correct and <= 1% confidently wrong, the rest
unreadable): both index corners through the glyph models and the corner network.

The held-out four-colour deck (never trained on) is photo-degraded the way a phone or
webcam sees a card and warped back upright as :mod:`vision.photo` does.
"""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from controller.cards import DECK_52, JOKER, Card, Rank, Suit
from vision.classify import Reading, combine
from vision.corner import canonical_corner, find_index
from vision.decks import STYLES, face_on, render_face
from vision.photo import read_photo
from vision.photo_card import (
    BLUR_FAR,
    BLUR_MAX,
    BLUR_NET,
    NET_AGREE,
    NET_BLURRED,
    NET_BLURRED_BOTH,
    NET_FAIR,
    CornerReadings,
    _net_readings,
    decide,
    edge_width,
    edge_widths,
    read_card,
)
from vision.photo_cnn import INPUT_SHAPE, corner_input, corner_views, load_corner_net
from vision.photo_colour import no_colour
from vision.photo_model import photo_reader
from vision.photo_places import warp_card
from vision.table_photo import table_photo
from vision.training.photo_faces import index_face
from vision.training.train_photo import photo_card

NONE = Reading(None, 0.0)


def _corner(glyph: Reading = NONE, net: Reading = NONE, ink: str = "other",
            clash: bool = False) -> CornerReadings:
    return CornerReadings(glyph, clash, net, ink)


def test_network_alone_names_a_card_both_corners_read_surely() -> None:
    """A small, blurred index the glyph models cannot part: the corner network reading
    the same card on both corners, surely, names it (issue 4: read real photos)."""
    net = Reading(Card("Qh"), 0.97)
    reading = decide(_corner(net=net, ink="red"), _corner(net=net, ink="other"))
    assert reading.card == Card("Qh")


def test_network_alone_is_vetoed_by_the_ink_colour() -> None:
    """Issue 4: a confident wrong card is far worse than unreadable. A heart whose index
    ink is black is not a heart: the network's reading is dropped."""
    net = Reading(Card("Qh"), 0.97)
    assert decide(_corner(net=net, ink="black"), _corner(net=net)).card is None
    spade = Reading(Card("Qs"), 0.97)
    assert decide(_corner(net=spade, ink="red"), _corner(net=spade)).card is None


def test_network_on_one_corner_only_is_not_enough() -> None:
    """One corner's network reading alone, or corners reading different cards: unread."""
    assert decide(_corner(net=Reading(Card("9s"), 0.99)), _corner()).card is None
    assert decide(_corner(net=Reading(Card("9s"), 0.99)),
                  _corner(net=Reading(Card("8s"), 0.99))).card is None


def test_glyph_reading_contradicted_by_both_network_corners_is_dropped() -> None:
    """A sure glyph reading both corners' pixels call another card: never guess."""
    sure = Reading(Card("Kd"), 0.995)
    other = Reading(Card("Ks"), 0.9)
    assert decide(_corner(glyph=sure, net=other), _corner(net=other)).card is None
    assert decide(_corner(glyph=sure, net=sure), _corner(net=sure)).card == Card("Kd")


def test_corners_that_read_different_cards_veto() -> None:
    """Two sure glyph corners naming different cards: unread."""
    assert decide(_corner(glyph=Reading(Card("Ac"), 0.995)),
                  _corner(glyph=Reading(Card("Ad"), 0.995))).card is None


def test_corner_views_are_the_corner_moved_a_little() -> None:
    """The network reads the corner as found and moved each way; the first view is the
    corner itself, the others differ from it."""
    face = face_on(render_face(STYLES["four-colour"], Card("Td")), (40, 90, 30))
    views = corner_views(face)
    assert views.shape == (5, *INPUT_SHAPE)
    assert np.allclose(views[0], corner_input(face))
    assert all(np.abs(v - views[0]).mean() > 0.005 for v in views[1:])


def test_network_sure_readings_of_an_unseen_deck_are_right() -> None:
    """Issue 4: <= 1% confidently wrong. Photo-degraded corners of the held-out tango
    deck: what the corner network reads surely (both corners' bar, NET_AGREE) is the
    card; the rest it is unsure of rather than wrong."""
    rng = np.random.default_rng(11)
    net = load_corner_net()
    cards = DECK_52[::2]
    x = np.stack([corner_input(photo_card(render_face(STYLES["tango"], c), rng))
                  for c in cards])
    rank_p, suit_p = net.probabilities(x)
    readings = [combine(r, s) for r, s in zip(rank_p, suit_p, strict=True)]
    sure = [(r, c) for r, c in zip(readings, cards, strict=True) if r.confidence >= NET_AGREE]
    assert len(sure) >= 8
    assert sum(r.card is not c for r, c in sure) == 0


def test_network_reads_red_cards_of_a_drained_photo_by_shape_never_as_black() -> None:
    """Issue 4: <= 1% confidently wrong, in a photo whose colour is washed out or
    sepia-toned (a dim room, a cheap webcam, a phone's filter): red ink is then nearly
    as grey or brown as black ink, and a network that learned a suit's colour from the
    ink's redness named diamonds as spades surely (the network committed before session
    39: 6 of 16 sure readings here were black suits, none right). Photo-degraded red
    cards of the held-out tango and nicu-ornamental decks, their colour drained: what
    the network reads surely is the card."""
    rng = np.random.default_rng(5)
    net = load_corner_net()
    cards = [c for c in DECK_52 if c.suit in (Suit.DIAMONDS, Suit.HEARTS)][::2]
    sure: list[tuple[Reading, Card]] = []
    for style in ("tango", "nicu-ornamental"):
        x = np.stack([corner_input(photo_card(render_face(STYLES[style], c), rng,
                                              drained=True)) for c in cards])
        rank_p, suit_p = net.probabilities(x)
        sure += [(r, c) for r, c in zip((combine(rp, sp) for rp, sp in zip(rank_p, suit_p,
                                                                           strict=True)),
                                        cards, strict=True) if r.confidence >= NET_AGREE]
    assert sum(r.card is not c for r, c in sure) == 0
    assert len(sure) >= 10


@pytest.mark.parametrize("seed", [0, 2])
def test_photo_degraded_unseen_deck_is_read_or_unread_never_wrong(seed: int) -> None:
    """Issue 4: >= 97% read and <= 1% wrong on decks never seen. Photo-degraded cards of
    the held-out four-colour deck (small, blurred, JPEG'd, outline a little off, warped
    back upright): most read, none wrong."""
    rng = np.random.default_rng(seed)
    clf = photo_reader()
    cards = [DECK_52[int(i)] for i in rng.choice(52, 12, replace=False)]
    right = wrong = 0
    for card in cards:
        img = photo_card(render_face(STYLES["four-colour"], card), rng)
        reading = read_card(img, clf)
        right += reading.card is card
        wrong += reading.card is not None and reading.card is not card
    assert wrong == 0
    assert right >= 5  # many are too small or blurred to read: unread, never wrong


def _blurred(card: str, seed: int, sigma: float) -> np.ndarray:
    """The card image of ``card`` of the held-out four-colour deck, on a photo with an
    8s and a 6d blurred ``sigma`` px (a webcam's soft frame), warped on its true
    outline."""
    img, truth = table_photo([Card(card), Card("8s"), Card("6d")], "four-colour", seed=seed)
    return warp_card(cv2.GaussianBlur(img, (0, 0), sigma), np.float32(truth[0][1]))


def test_a_blurred_index_read_surely_by_its_glyphs_and_fairly_by_the_network_is_named(
        ) -> None:
    """Issue 4: >= 97% read, <= 1% wrong (legible, NET_BLURRED_BOTH, GLYPHS_BLURRED;
    session 45). A small four-colour index out of focus (the bench's out-of-focus rows
    lost such cards): its glyphs read the card surely on both corners, the corner
    network the same card on both at 0.7-0.74, under NET_BLURRED; two witnesses that
    agree on both corners name it. Blurred more, the network under NET_BLURRED_BOTH,
    or where a corner's glyphs are less sure, it stays unread."""
    face = _blurred("Qs", 3, 2.4)
    nets = _net_readings(face)
    assert all(n.card == Card("Qs") and NET_BLURRED_BOTH <= n.confidence < NET_BLURRED
               for n in nets)
    corners = [canonical_corner(f) for f in (face, cv2.rotate(face, cv2.ROTATE_180))]
    assert min(edge_widths(corners)) > BLUR_NET  # blurred: the network's word is needed
    assert read_card(face, photo_reader()).card == Card("Qs")
    blurred_more = _blurred("Qs", 3, 3.0)
    assert all(n.card == Card("Qs") and n.confidence < NET_BLURRED_BOTH
               for n in _net_readings(blurred_more))
    assert read_card(blurred_more, photo_reader()).card is None
    # another card: a corner's glyphs under GLYPHS_BLURRED (0.52 and 0.54 here)
    unsure = _blurred("9c", 3, 2.2)
    assert all(n.card == Card("9c") and NET_BLURRED_BOTH <= n.confidence < NET_BLURRED
               for n in _net_readings(unsure))
    assert read_card(unsure, photo_reader()).card is None


def test_a_joker_whose_word_the_network_reads_as_a_jack_is_named() -> None:
    """Issue 4: read every card, the joker too (it is the bug of Five Card Draw with a
    Bug; vision.photo_card._jokers_word, session 45). The held-out tango deck prints
    "Joker" down its corner, a jack's J over a round o: the corner network reads it as
    a jack of diamonds on both corners, fairly surely, and that had voided both
    corners' glyphs reading the joker (every tango joker on the bench's main photos at
    seed 6161 went unread)."""
    img, truth = table_photo([JOKER, Card("7s"), Card("3h")], "tango", seed=0)
    nets = _net_readings(warp_card(img, np.float32(truth[0][1])))
    assert all(n.card is not None and n.card.rank is Rank.JACK
               and NET_FAIR <= n.confidence < NET_AGREE for n in nets)
    assert sorted(str(c.card) for c in read_photo(img)) == ["3h", "7s", "Jk"]


def test_card_back_and_blank_paper_are_never_a_card() -> None:
    """A card back's pattern, and a card with no index, read as nothing."""
    rng = np.random.default_rng(3)
    clf = photo_reader()
    for _ in range(4):
        back = photo_card(index_face(None, rng), rng)
        assert read_card(back, clf).card is None
    blank = np.full((420, 300, 3), 225, np.uint8)
    assert read_card(blank, clf).card is None


def test_training_faces_draw_every_card_with_a_readable_index() -> None:
    """The training-only faces (many typefaces) carry an index the glyph models can find
    in the top-left corner, for every rank and suit, and the joker."""
    from vision.corner import canonical_corner, find_index

    rng = np.random.default_rng(5)
    for card in [*DECK_52[::5], JOKER]:
        face = index_face(card, rng)
        assert face.shape == (420, 300, 4) and face[:, :, 3].max() == 255
        if not card.is_joker:
            assert find_index(canonical_corner(face_on(face, (40, 90, 30)))) is not None


def test_varied_training_faces_without_their_fonts_say_which_packages(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Training faces drawn without the Debian font packages they come from would train
    a narrower model than the one shipped: the error names the packages, not numpy's
    "high <= 0" (session 10's CI, on a machine without them)."""
    import vision.training.font_cards as font_cards

    monkeypatch.setattr(font_cards, "MORE_FONTS", ())
    with pytest.raises(RuntimeError, match=r"fonts-liberation.*make system"):
        font_cards.varied_face(DECK_52[0], np.random.default_rng(0))


def test_upside_down_card_reads_the_same() -> None:
    """A card warped upside down (the outline's first corner at the bottom) reads the
    same card from its other index corner."""
    face = face_on(render_face(STYLES["jumbo"], Card("7c")), (40, 90, 30))
    clf = photo_reader()
    assert read_card(face, clf).card == Card("7c")
    assert read_card(cv2.rotate(face, cv2.ROTATE_180), clf).card == Card("7c")


def test_one_sure_corner_against_a_misread_other_is_settled_by_the_network() -> None:
    """Issue 4 (never a confident wrong card, the rest unreadable): one corner's glyphs
    read a card surely, the other corner's glyphs another (a blurred 9 taken for a J).
    Only the corner network reading both corners as the sure card names it; otherwise,
    or when the ink says another colour, the card stays unread."""
    sure = Reading(Card("9d"), 0.995)
    misread = Reading(Card("Jd"), 0.98)
    net = Reading(Card("9d"), 0.7)
    assert decide(_corner(glyph=misread, net=net), _corner(glyph=sure, net=net)).card == Card("9d")
    assert decide(_corner(glyph=misread, net=net), _corner(glyph=sure)).card is None
    other = Reading(Card("Jd"), 0.7)
    assert decide(_corner(glyph=misread, net=other), _corner(glyph=sure, net=other)).card is None
    assert decide(_corner(glyph=misread, net=net, ink="black"),
                  _corner(glyph=sure, net=net)).card is None


def test_a_tens_broken_one_beside_its_zero_is_no_clean_index() -> None:
    """Issue 4 (a ten must never be read as a queen): a ten whose "1" came out as a
    thin, broken stroke (a hatched or outlined typeface, blurred) leaves its "0" as the
    rank glyph, which looks like a Q; that corner is taken as cut, not read."""
    from vision.corner import find_index
    from vision.photo_card import _cut

    corner = np.full((190, 96, 3), 235, np.uint8)
    cv2.ellipse(corner, (36, 42), (11, 24), 0, 0, 360, (30, 30, 30), 5)  # the "0"
    for y in range(18, 66, 4):  # the "1": dashes, none a glyph on its own
        corner[y:y + 2, 12:15] = 30
    cv2.circle(corner, (30, 95), 11, (30, 30, 30), -1)  # the suit
    glyphs = find_index(corner, 0.55)
    assert glyphs is not None and glyphs.rank_box[0] > 20  # the "0" alone
    assert _cut(corner, glyphs, 0.55)
    whole = corner.copy()
    whole[18:66, 12:15] = 235
    found = find_index(whole, 0.55)
    assert found is not None and not _cut(whole, found, 0.55)


@pytest.mark.parametrize("card", ["Ad", "3d", "Td"])
def test_an_index_bigger_than_its_corner_is_no_index(card: str) -> None:
    """Issue 4: <= 1% confidently wrong. A card placed from its index at too small a
    size (vision.photo_by_index) shows its index bigger than the corner the readers
    look at, the lower part of its suit glyph left out. A held-out nicu-ornamental
    diamond's upper half was read as a club, surely, in a sepia photo, where no red ink
    gave it away (the bench's "in sepia" rows, seed 6161: an Ad, a Td and a 3d named as
    clubs). A glyph reaching the corner's foot is cut there: unread, never a club; the
    same card placed at its size is read."""
    from vision.photo_card import THRESHOLD, read_index_alone
    from vision.table_photo import sepia

    face = sepia(face_on(render_face(STYLES["nicu-ornamental"], Card(card)), (40, 90, 30)))
    too_small = cv2.resize(face, None, fx=1.2, fy=1.2)[:face.shape[0], :face.shape[1]]
    glyphs = find_index(canonical_corner(too_small), 0.55)
    assert glyphs is not None and sum(glyphs.suit_box[1::2]) >= 189  # to the corner's foot
    reading, _ = read_index_alone(too_small, (100, 250), photo_reader(), THRESHOLD)
    assert reading.card is None
    with no_colour():
        reading, _ = read_index_alone(face, (84, 210), photo_reader(), THRESHOLD)
    assert reading.card == Card(card)


@pytest.mark.parametrize("style,card", [("standard", "Kd"), ("paris", "Qh"), ("simplistic", "Ah")])
def test_pale_index_beside_a_black_picture_frame_is_read(style: str, card: str) -> None:
    """A faded (pale red) index beside a court card's black frame: the frame set the
    ink threshold and the index was never found (a real Bicycle Kd of cards-dev, photo
    Done-when line of issue 4); the index area's own ink now sets it."""
    face = face_on(render_face(STYLES[style], Card(card)), (40, 90, 30)).astype(np.float32)
    paper = np.float32(235)
    pale = np.clip(paper + (face - paper) * 0.35, 0, 255).astype(np.uint8)
    for frame in (pale, pale[::-1, ::-1]):  # both corners: a frame beside each index
        frame[60:400, 70:76] = 15
        frame[60:66, 70:290] = 15
    reading = read_card(pale, photo_reader())
    assert reading.card == Card(card)


def test_glyph_reading_of_a_suit_colour_the_index_ink_contradicts_is_dropped() -> None:
    """Both corners' glyphs read a black king where the index area's ink is red (a red
    king's picture frame warped as the card): never named, though they agree."""
    black_king = Reading(Card("Ks"), 0.92)
    top = _corner(black_king, ink="red")
    assert decide(top, top).card is None
    assert decide(_corner(black_king, ink="black"), _corner(black_king, ink="black")).card \
        == Card("Ks")


# held-out cards 60-100 px tall in a 400x300 frame that were named wrong: the photo's
# seed, its cards, their heights, the outline the finder read, and the wrong card
SMALL_WRONG = [
    ("tango", 175016, ["9h", "6d", "Ac"], 75, 90, True, "6d", "8d",
     [[289.65, 154.34], [327.44, 174.16], [291.17, 230.58], [252.57, 209.53]]),
    ("four-colour", 175017, ["9d", "8h"], 75, 90, True, "8h", "6h",
     [[189.86, 145.18], [243.54, 164.57], [217.14, 238.73], [162.48, 221.08]]),
    ("tango", 185004, ["9c", "Jk"], 85, 100, True, "Jk", "Jd",
     [[253.38, 85.94], [298.69, 121.3], [249.7, 189.49], [203.13, 153.8]]),
    ("four-colour", 160008, ["8c"], 60, 75, False, "8c", "6s",
     [[288.19, 223.08], [326.87, 210.21], [345.07, 266.07], [306.42, 279.82]]),
]
_UPRIGHT = np.array([[0, 0], [300, 0], [300, 420], [0, 420]], np.float32)


@pytest.mark.parametrize("style,seed,cards,low,high,harsh,card,misread,quad", SMALL_WRONG)
def test_a_card_too_small_to_read_is_unread_not_guessed(
        style: str, seed: int, cards: list[str], low: int, high: int, harsh: bool, card: str,
        misread: str, quad: list[list[float]]) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, the rest unreadable,
    at any size. A held-out card 60-100 px tall: its index is a few photo pixels, and
    both glyph models read a 6d as 8d, an 8h as 6h, a joker as Jd, an 8c as 6s (fairly
    or fully surely, the corner network unsure of another card). Too smeared to name
    (vision.photo_card.legible), it is unread."""
    img, _ = table_photo([Card(c) for c in cards], style, seed=seed, size=(400, 300),
                         card_height=(low, high), harsh=harsh)
    m = cv2.getPerspectiveTransform(np.array(quad, np.float32), _UPRIGHT)
    warp = cv2.warpPerspective(img, m, (300, 420), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    reading = read_card(warp, photo_reader())
    assert reading.card is None, f"{card} read as {reading.card} (was read as {misread})"


def test_edge_width_tells_a_small_card_from_one_of_webcam_size() -> None:
    """The same held-out card in a photo 55 px and 210 px tall (the issue's webcam size),
    warped upright from its true corners: only the small one is past BLUR_MAX."""
    widths = []
    for height in (55.0, 210.0):
        img, truth = table_photo([Card("7s")], "nicu-ornamental", seed=4, size=(640, 480),
                                 card_height=(height, height))
        m = cv2.getPerspectiveTransform(np.array(truth[0][1], np.float32), _UPRIGHT)
        widths.append(edge_width(canonical_corner(cv2.warpPerspective(img, m, (300, 420)))))
    assert widths[0] > BLUR_MAX and widths[1] < BLUR_NET


# training-style aces 75-100 px tall in a 400x300 frame, read again 2.5 times larger
# (the second look): both glyph models read the Ac as As, the network half agreeing
# (~0.5-0.66), edges smeared over 10-12 canonical pixels; the photo's seed, its cards,
# their heights, the outline read in the enlarged photo
SMALL_ACES = [
    ("tigullio", 175027, ["Ac", "2c", "Tc"], 75, 90,
     [[850.02, 268.75], [843.39, 392.92], [654.52, 371.41], [664.88, 247.6]]),
    ("simplistic", 185014, ["Ah", "5h", "Ac"], 85, 100,
     [[270.41, 71.82], [420.58, 69.17], [433.96, 279.64], [279.49, 281.91]]),
]


@pytest.mark.parametrize("style,seed,cards,low,high,quad", SMALL_ACES)
def test_a_smeared_index_needs_the_network_fairly_sure(
        style: str, seed: int, cards: list[str], low: int, high: int,
        quad: list[list[float]]) -> None:
    """Issue 4, photo Done-when line (<= 1% confidently wrong, the rest unreadable): a
    small Ac whose index edges are smeared past BLUR_NET, read As by both glyph models
    and the network only half sure of the As: unread (vision.photo_card.NET_BLURRED)."""
    img, _ = table_photo([Card(c) for c in cards], style, seed=seed, size=(400, 300),
                         card_height=(low, high), harsh=True)
    big = cv2.resize(img, None, fx=2.5, fy=2.5, interpolation=cv2.INTER_CUBIC)
    m = cv2.getPerspectiveTransform(np.array(quad, np.float32), _UPRIGHT)
    warp = cv2.warpPerspective(big, m, (300, 420), flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_REPLICATE)
    widths = [edge_width(canonical_corner(side)) for side in (warp, warp[::-1, ::-1])]
    assert BLUR_NET < min(widths) < BLUR_MAX
    assert read_card(warp, photo_reader()).card is None


# held-out cards 200-240 px tall in a 640x480 frame a little out of focus (a webcam's
# soft frame, 2 px of blur): the photo's seed, the card
SOFT_FRAMES = [("tango", 4, "Jh"), ("tango", 14, "3c"), ("nicu-ornamental", 7, "Ah")]


@pytest.mark.parametrize("style,seed,card", SOFT_FRAMES)
def test_a_card_a_little_out_of_focus_is_read_when_network_and_glyphs_name_it(
        style: str, seed: int, card: str) -> None:
    """Issue 4, photo Done-when line: a webcam frame with the card about 150x210 px, read
    (>= 97%). A held-out card just out of focus has every index edge past BLUR_MAX, and
    was unread however surely every model named it; past BLUR_MAX (up to BLUR_FAR) the
    corner network reading it on both corners, at least NET_BLURRED surely, with a
    corner's glyphs reading it too, names it (vision.photo_card.legible; its doctest has
    the network alone refused). The same card blurred out of every model's reach (past
    BLUR_FAR) stays unread."""
    img, truth = table_photo([Card(card)], style, seed=seed, size=(640, 480),
                             card_height=(200, 240))
    m = cv2.getPerspectiveTransform(np.array(truth[0][1], np.float32), _UPRIGHT)
    for sigma, named in ((2.0, Card(card)), (6.0, None)):
        warp = cv2.warpPerspective(cv2.GaussianBlur(img, (0, 0), sigma), m, (300, 420),
                                   flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        widths = [edge_width(canonical_corner(side)) for side in (warp, warp[::-1, ::-1])]
        assert min(widths) > (BLUR_MAX if named else BLUR_FAR), widths
        assert read_card(warp, photo_reader()).card == named, sigma


def test_four_fair_readings_of_one_card_name_it() -> None:
    """Issue 4, photo Done-when line (>= 97% read): both glyph corners read the card
    fairly (0.74, 0.85: under AGREE on one) and the corner network's best guess on both
    corners is the same card, though unsure (0.48, 0.47): four readings of one card, none
    of another, name it (a queen of hearts in a cards-dev scene, IMG_2614, read so by
    every model and unread). One glyph corner and an unsure network, or the network
    guessing another card on a corner, still name nothing."""
    qh, kh = Card("Qh"), Card("Kh")
    top = _corner(Reading(qh, 0.74), Reading(qh, 0.48), "red")
    bottom = _corner(Reading(qh, 0.85), Reading(qh, 0.47), "red")
    assert decide(top, bottom).card == qh
    alone = _corner(Reading(None, 0.0), Reading(qh, 0.47), "red")
    assert decide(top, alone).card is None  # one glyph corner under AGREE
    assert decide(_corner(Reading(qh, 0.9), Reading(qh, 0.48), "red"), alone).card == qh
    other = _corner(Reading(qh, 0.85), Reading(kh, 0.47), "red")
    assert decide(top, other).card is None
    faint = _corner(Reading(qh, 0.85), Reading(qh, 0.3), "red")
    assert decide(top, faint).card is None


@pytest.mark.parametrize("card", ["Ts", "Th"])
def test_pips_of_a_ten_are_no_index(card: str) -> None:
    """Issue 4 (still photos: at most 1% confidently wrong): an outline inside a ten (its
    block of pips), the pale "10" lost, had a pip read as the rank over the pip below it
    (cards-dev's webcam Ts read As, a sure glyph corner). A "rank" glyph past any index
    column that the suit model reads as the suit glyph's suit is two pips: no reading.
    Before: the standard Ts's corners read Ts and 9s from its pips."""
    from vision.photo_card import _read_corner_clash

    face = face_on(render_face(STYLES["standard"], Card(card)), (40, 90, 30))
    pips = cv2.resize(face[20:400, 30:270], (300, 420))  # the outline of the pips
    for side in (pips, cv2.rotate(pips, cv2.ROTATE_180)):
        assert _read_corner_clash(side, photo_reader())[0].card is None


def test_a_leaning_index_is_never_sure_alone() -> None:
    """Issue 4: an outline that is not the card's (the table in a wedge beside it) warps
    the index leaning; a leaning J was read as a sure 3c at 0.8x on cards-dev (a rendered
    Jc sheared so reads 3c too). Its glyph corner is read at most LEANING surely."""
    from vision.photo_card import LEANING, SLANT, _read_corner_clash, slant

    face = face_on(render_face(STYLES["standard"], Card("Jc")), (40, 90, 30))
    leaning = cv2.warpAffine(face, np.float32([[1, 0.33, 0], [0, 1, 0]]), (300, 420),
                             borderValue=(40, 90, 30))
    assert slant(canonical_corner(leaning)) > SLANT
    assert slant(canonical_corner(face)) < 0.05
    assert _read_corner_clash(leaning, photo_reader())[0].confidence <= LEANING


# a nine's or ten's block of pips, warped as if it were the card (an outline inside the
# card, blurred to a card about 100 px tall): before session 9 the corner network read
# these as a 4 of the suit on both corners at 0.8-0.98, and named it (pips.py, issue 4);
# the standard nine's pips, read Kd by both glyph corners, were named too once the
# network stopped vetoing with its 4d
PIP_BLOCKS = [("dondorf", "9d"), ("anglo-poker", "Td"), ("paris", "9d"), ("standard", "9d"),
              ("tango", "9s")]


@pytest.mark.parametrize("style,card", PIP_BLOCKS)
def test_a_block_of_pips_is_no_card(style: str, card: str) -> None:
    """Issue 4, photo Done-when line (<= 1% confidently wrong): an outline of a number
    card's pips names no card. The corner network reads both corners as "not an index"
    (trained with pictures and pip blocks so, ``train_photo_cnn gen --pictures``), and
    two fairly sure glyph corners are not named against that (NOT_INDEX), or, where the
    crop keeps a piece of the card's own index (tango's is large: the foot of its 9 and
    its spade lie in the crop's top-left corner), reads no card even fairly surely
    (NET_FAIR). The card's own corners still read it. Tango is a held-out style (never
    trained on)."""
    from vision.photo_card import NET_FAIR, NOT_INDEX, _net_corners

    face = face_on(render_face(STYLES[style], Card(card)), (200, 200, 200))
    crop = cv2.resize(face[34:386, 48:252], (300, 420), interpolation=cv2.INTER_AREA)
    pips = cv2.resize(cv2.resize(crop, (75, 105), interpolation=cv2.INTER_AREA), (300, 420),
                      interpolation=cv2.INTER_CUBIC)
    for net, blank in _net_corners(pips):
        assert blank >= NOT_INDEX or net.confidence < NET_FAIR, (net, blank)
    assert read_card(pips, photo_reader()).card is None
    assert read_card(face, photo_reader()).card == Card(card)


# held-out four-colour 5s (DejaVu Serif Bold, never trained on) in rendered table photos
# at seeds past the bench's own, named 3s: the photo's seed, its cards (in the order
# placed), whether phone-like, and the 5. The glyph models and the corner network both
# read the 5 as a 3, once surely: its top bar blurred, or cut by an outline found a
# little inside the card.
FIVES_READ_AS_THREES = [
    (10200, ["Qd", "5h", "6h", "Ks"], False, "5h"),
    (10220, ["8c", "5h"], False, "5h"),
    (10219, ["5h", "8h", "5d"], True, "5h"),
    (10055, ["5c", "Qd", "3h", "4s"], True, "5c"),
]


@pytest.mark.parametrize("seed,cards,harsh,five", FIVES_READ_AS_THREES)
def test_a_five_of_an_unseen_typeface_is_never_named_a_three(
        seed: int, cards: list[str], harsh: bool, five: str) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong on decks never seen.
    A 3 whose index has a 5's stem down its left side is not named
    (vision.rank_shape); the 5 is read, or unread."""
    from vision.photo import read_photo

    img, _ = table_photo([Card(c) for c in cards], "four-colour", seed=seed, harsh=harsh,
                         card_height=(150.0, 300.0) if harsh else (200.0, 300.0))
    named = [str(r.card) for r in read_photo(img) if r.card is not None]
    assert "3" + five[1] not in set(named) - set(cards), named


def test_every_decks_clean_threes_and_fives_keep_their_own_shape() -> None:
    """The shape witness never stops a clean index of a deck style the shoe renders (no
    3 has a 5's stem, no 5 is open on the left like a 3), and a 5's stem stops a reading
    of a 3 there (vision.rank_shape). Two decks' 5s have a short stem (0.80 of the rows
    judged, their bowl starting high): a 3 read there is left to the models."""
    from vision.decks import available_styles
    from vision.rank_shape import left_stem, shape_contradicts

    stopped, unwitnessed = [], []
    for style in available_styles():
        for card in (Card(rank + suit) for rank in "35" for suit in "shdc"):
            corner = canonical_corner(face_on(render_face(style, card), (40, 90, 30)))
            stem = left_stem(corner)
            assert stem is not None, f"{style.name} {card}: no index found"
            if shape_contradicts(card, [corner]):
                stopped.append(f"{style.name} {card} ({stem:.2f})")
            if card.rank is Rank.FIVE and not shape_contradicts(Card(f"3{card.suit.char}"),
                                                                [corner]):
                unwitnessed.append(style.name)
    assert not stopped
    assert set(unwitnessed) <= {"anglo-poker", "simplistic"}, unwitnessed


def test_every_decks_aces_and_kings_stand_on_a_left_foot_and_no_four_reads_as_an_ace(
) -> None:
    """The stance witness never stops a clean ace or king of a deck style the shoe
    renders, and every style's 4 (its stem alone in the glyph's bottom rows, its bar
    reaching its left side) stops a reading of it as an ace or a king
    (vision.rank_shape.stances)."""
    from vision.decks import available_styles
    from vision.rank_shape import shape_contradicts, stances

    stopped, unwitnessed = [], []
    for style in available_styles():
        for suit in "shdc":
            corners = {rank: canonical_corner(face_on(render_face(style, Card(rank + suit)),
                                                      (40, 90, 30))) for rank in "AK4"}
            for rank in "AK":
                if shape_contradicts(Card(rank + suit), [corners[rank]]):
                    stopped.append(f"{style.name} {rank}{suit} {stances(corners[rank])}")
                if not shape_contradicts(Card(rank + suit), [corners["4"]]):
                    unwitnessed.append(f"{style.name} 4{suit} {stances(corners['4'])}")
    assert not stopped
    assert not unwitnessed


def test_every_decks_sevens_have_a_bar_and_no_rank_reads_otherwise_when_pale() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, and at least 97% read.
    The top-bar witness never stops a clean 7 of a deck style the shoe renders, and no
    clean rank of any style (each in one suit) reads as another rank at the pale ink levels
    (vision.rank_shape.top_bar, vision.photo_card.faded): both only ever stop a card
    whose strokes an overexposed photo faded."""
    from vision.decks import available_styles
    from vision.photo_card import faded
    from vision.rank_shape import shape_contradicts

    barless, pale = [], []
    for style in available_styles():
        for i, rank in enumerate("A23456789TJQK"):
            card = Card(rank + "shdc"[i % 4])
            corner = canonical_corner(face_on(render_face(style, card), (40, 90, 30)))
            if rank == "7" and shape_contradicts(card, [corner]):
                barless.append(f"{style.name} {card}")
            named = CornerReadings(Reading(card, 0.99), False, Reading(None, 0.0), "other")
            if faded(card, [corner, corner], (named, named), photo_reader()):
                pale.append(f"{style.name} {card}")
    assert not barless
    assert not pale


def test_every_decks_tens_and_eights_keep_their_shape_and_no_foreign_letter_reads_as_one(
) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on decks never seen.
    A deck printed for another language letters its courts otherwise: a German or Dutch
    jack is a B (a Russian one a В, a Polish one a W), a French jack or a Dutch queen a
    V, a Dutch king an H. The glyph models, shown none of them, read a B as an 8 and a
    V, an H or a W as a 10. A 10 holds a "0" and an 8 two loops, each a counter of paper
    that no V, H or W has; an 8's round loops leave its left corners empty where a B's
    stem fills them (vision.rank_shape.no_counter, square_corners). No clean 10 or 8 of
    a deck style the shoe renders is stopped; every lettered B, В, V, H and W the glyph
    models read as an 8 or a 10 is."""
    from vision.decks import DeckStyle, available_styles, deck_style
    from vision.owndecks import LETTERS
    from vision.rank_shape import no_counter, shape_contradicts

    def stopped(card: Card, corner: np.ndarray) -> bool:
        return shape_contradicts(card, [corner]) or no_counter(card, [corner])

    def corner(style: DeckStyle, card: Card) -> np.ndarray:
        return canonical_corner(face_on(render_face(style, card), (40, 90, 30)))

    assert not [f"{style.name} {card}" for style in available_styles()
                for card in (Card(rank + suit) for rank in "T8" for suit in "shdc")
                if stopped(card, corner(style, card))]
    judged = []
    for name, letters in LETTERS.items():
        for rank, letter in letters.items():
            if letter not in ("B", "В", "V", "H", "W"):
                continue
            for suit in "shdc":
                printed = corner(deck_style(name), Card(rank + suit))
                looks = photo_reader().read(find_index(printed)).card
                assert looks is not None and looks.rank in (Rank.EIGHT, Rank.TEN), (name, letter)
                judged.append(stopped(looks, printed))
    assert len(judged) == 28 and all(judged)


# true 3s and 5s of the held-out four-colour deck in phone-like rendered photos whose
# index, found at the first ink level, is only part of the glyph: the photo's seed, its
# cards (in the order placed) and the card
PARTS_OF_GLYPHS = [
    (10293, ["3d", "Js", "Jk", "9s", "Qh"], "3d"),  # a blurred 3's heavy right half
    (10143, ["5h", "Qc", "2s", "4h"], "5h"),  # a 5's bowl, its top bar parted from it
]


@pytest.mark.parametrize("seed,cards,card", PARTS_OF_GLYPHS)
def test_the_shape_witness_judges_only_a_whole_glyph(seed: int, cards: list[str], card: str
                                                      ) -> None:
    """Issue 4, photo Done-when line: at least 97% read. A part of a glyph has no 5's
    stem or 3's open side to judge (vision.rank_shape.WIDTH): measured anyway, it left
    these true cards unread."""
    from vision.photo import read_photo

    img, truth = table_photo([Card(c) for c in cards], "four-colour", seed=seed, harsh=True,
                             card_height=(150.0, 300.0))
    where = np.mean(next(w for c, w in truth if str(c) == card), axis=0)
    near = [r for r in read_photo(img) if np.linalg.norm(np.mean(r.corners, axis=0) - where) < 40]
    assert [str(r.card) for r in near] == [card]


def test_network_reads_an_index_with_no_pips_beside_it_by_its_glyphs() -> None:
    """Issue 4: read a deck the reader has never seen. The deck styles print a number
    card's outer column of pips beside its index, and an ace's, a two's and a three's
    never; a network trained on them (and on drawn faces whose pip-less corner was
    labelled a card too) read a 4 whose corner shows no pips as an ace, a 5 or an 8 as a
    3. The typeface decks (vision.owndecks.TYPEFACES: faces never trained on, the middle
    a large rank and suit, no pips) are read by their index: the network's best rank on
    each corner of their clean 4s, 5s, 8s and 9s is the card's."""
    from vision.classify import RANK_LABELS
    from vision.decks import installed_typefaced
    from vision.photo_card import _net_probabilities

    decks = installed_typefaced()
    assert len(decks) >= 8, "the typeface decks' fonts are in .ci/apt-packages.txt"
    named, wrong = 0, []
    for style in decks:
        for card in (Card(r + s) for r in "4589" for s in "sh"):
            face = face_on(render_face(style, card), (200, 200, 200))
            for rank_p, _ in _net_probabilities(face):
                named += 1
                if (best := RANK_LABELS[int(rank_p.argmax())]) != card.rank.char:
                    wrong.append(f"{style.name} {card} as {best}")
    assert len(wrong) <= named // 50, wrong


def test_a_bare_middle_leaves_the_index_corner_bare() -> None:
    """Issue 4: read a deck never seen by its index, not by the pips beside it. The
    training faces whose middle is drawn clear (``train_photo_cnn gen --bare``,
    ``photo_faces._clear_middle``) put no ink in either canonical corner's columns
    where the index and, on every deck style, a number card's outer column of pips lie
    (``_pips`` puts its 4s to 10s there: from column 53 to 60); a big pip or a big 10 may
    reach the corner's last dozen columns."""
    from PIL import Image

    from vision.corner import CORNER_H
    from vision.training.photo_faces import H, W, _clear_middle, _pips

    rng = np.random.default_rng(0)
    beside = 80  # of the canonical corner's CORNER_W (96) columns
    middles = 0
    for card in DECK_52:
        text = "10" if card.rank is Rank.TEN else card.rank.char
        for _ in range(10):
            img = Image.new("RGBA", (W, H), (0, 0, 0, 0))
            _clear_middle(img, card, text, (20, 20, 20), rng)
            alpha = np.asarray(img)[:, :, 3] >= 64  # ink (an edge's faint smoothing is none)
            middles += bool(alpha.any())
            for corner in (alpha, alpha[::-1, ::-1]):
                assert not corner[:CORNER_H, :beside].any(), str(card)
    assert middles >= 0.7 * 52 * 10  # bare paper the rest (a picture card has no block)
    pips = Image.new("RGBA", (W, H), (0, 0, 0, 0))
    _pips(pips, Card("4c"), (20, 20, 20), rng)  # a 4's pips: beside the index
    assert (np.asarray(pips)[:CORNER_H, :beside, 3] >= 64).any()

