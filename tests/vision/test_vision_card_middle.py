"""What a card's middle shows (vision.card_middle): a number card's pips, or a court's
picture. A court printed with a letter no model was shown (a Dutch jack's B) was
named an 8 surely; its picture says it is no number card."""

from __future__ import annotations

import numpy as np
import pytest

from controller.cards import Card, Rank, parse_cards
from vision.card_middle import is_picture
from vision.decks import (
    LETTERED,
    STYLES,
    available_styles,
    deck_style,
    face_on,
    installed_typefaced,
    render_face,
)
from vision.photo import read_photo
from vision.photo_places import warp_card
from vision.table_photo import chipped, fingered, table_photo

NUMBERS = [c for c in STYLES["standard"].cards()
           if c.rank is not None and Rank.TWO <= c.rank <= Rank.TEN]


def _faces(style: str, cards: list[Card], seed: int, lay: str = ""
           ) -> list[tuple[Card, np.ndarray]]:
    """``cards`` of ``style`` as a phone-like photo shows them (a colour cast, a shadow,
    blur, JPEG), each cut out by its true outline (those the photo found room for);
    with a finger or chips over them."""
    img, truth = table_photo(cards, style, seed=seed, harsh=True, card_height=(150.0, 300.0))
    if lay == "fingers":
        img, truth = fingered(img, truth, 3, seed=seed)
    elif lay == "chips":
        img, truth = chipped(img, truth, 8, seed=seed)
    return [(c, warp_card(img, np.float32(w))) for c, w in truth]


def test_no_number_card_of_any_deck_style_shows_a_picture() -> None:
    """Issue 4, photo Done-when line: at least 97% read. Every number card (2 to 10) of
    every deck style the project renders, held-out, lettered and typeface decks too,
    printed plainly and in phone-like photos, shows pips (or a big pip, or its rank
    drawn large) in its middle, never a picture: the witness unnames none of them."""
    styles = [*available_styles(), *LETTERED.values(), *installed_typefaced()]
    pictured = [f"{s.name} {c}" for s in styles for c in NUMBERS
                if is_picture(face_on(render_face(s, c), (40, 110, 40)))]
    assert not pictured
    rng = np.random.default_rng(46)
    for k, style in enumerate(styles):
        cards = [NUMBERS[int(j)] for j in rng.choice(len(NUMBERS), 5, replace=False)]
        faces = _faces(style.name, cards, seed=4600 + k)
        assert len(faces) >= 3 and not [str(c) for c, f in faces if is_picture(f)], \
            style.name


@pytest.mark.parametrize("lay", ["fingers", "chips"])
def test_a_finger_or_chips_over_a_number_card_are_no_picture(lay: str) -> None:
    """Issue 4, photo Done-when line: at least 97% read. A finger over a number card
    comes in over the card's edge, and a chip on its middle is round where a picture
    is tall: of some 50 number cards of training and held-out decks photographed
    with fingers or chips over them (those the photos found room for), none shows a
    picture."""
    rng = np.random.default_rng(461 if lay == "fingers" else 462)
    judged = 0
    for k in range(12):
        style = ("standard", "tango", "nicu-ornamental", "four-colour", "paris", "jumbo")[k % 6]
        cards = [NUMBERS[int(j)] for j in rng.choice(len(NUMBERS), 5, replace=False)]
        faces = _faces(style, cards, seed=4700 + k, lay=lay)
        assert not [str(c) for c, f in faces if is_picture(f)], (style, k)
        judged += len(faces)
    assert judged >= 40


def test_the_courts_of_a_deck_printed_with_pictures_show_them() -> None:
    """Issue 4: the witness must see a picture where a deck prints one. Every court of
    the standard deck, of a deck lettered for another language and of the four-colour
    deck (their courts the standard deck's pictures: vision.decks) shows a picture
    printed plainly, and most of them do in phone-like photos; no ace does, plainly."""
    for style in ("standard", "german-letters", "russian-letters", "four-colour"):
        for card in deck_style(style).cards():
            if card.rank in (Rank.JACK, Rank.QUEEN, Rank.KING):
                assert is_picture(face_on(render_face(deck_style(style), card))), (style, card)
            elif card.rank is Rank.ACE:
                assert not is_picture(face_on(render_face(deck_style(style), card))), card
    courts = [c for c in deck_style("dutch-letters").cards()
              if c.rank in (Rank.JACK, Rank.QUEEN, Rank.KING)]
    seen = [is_picture(f) for k in range(4)
            for _, f in _faces("dutch-letters", courts[3 * k:3 * k + 3], seed=4800 + k)]
    assert len(seen) >= 10 and sum(seen) >= len(seen) - 2, seen


@pytest.mark.parametrize("style,dealt,seed,court,read", [
    # the bench's lettered, phone-like row at seed 6161 (photo 19): the jack's B read 8h
    ("dutch-letters", "Ad Jh 2c", 7980, "Jh", "Ad 2c"),
    # ... and photo 27: a Russian jack's В read 8h (its king's К is a K to every reader)
    ("russian-letters", "Kh Ah Ad Qs Jh", 7988, "Jh", "Kh"),
])
def test_a_court_named_a_number_card_by_its_letter_is_unnamed_by_its_picture(
        style: str, dealt: str, seed: int, court: str, read: str) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on printed decks
    never seen. A Dutch or Russian jack's B and В, blurred in a phone-like photo, were
    read as an 8h on both corners surely, past every shape witness; the jack's picture
    in its middle, in full view, says it is no number card (vision.photo._pictured),
    and it is left unread where it lies. The cards beside it are still read."""
    img, truth = table_photo(parse_cards(dealt), style, seed=seed, harsh=True,
                             card_height=(150.0, 300.0))
    found = read_photo(img)
    assert Card("8h") not in [r.card for r in found]
    jack = np.mean(dict(truth)[Card(court)], axis=0)
    assert any(r.card is None and np.linalg.norm(np.mean(r.corners, axis=0) - jack) < 20
               for r in found), "the jack is seen, and left unread"
    assert set(parse_cards(read)) <= {r.card for r in found}
