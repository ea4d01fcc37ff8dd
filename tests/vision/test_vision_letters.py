"""The foreign-letter witnesses (vision.letters, vision.rank_shape.begins_a_word): a
court card's or an ace's letter in another language is no rank, and no rank of any deck
is a letter."""

from __future__ import annotations

from collections import Counter

import numpy as np
import pytest

from controller.cards import Card, parse_cards
from vision.corner import canonical_corner, find_index
from vision.decks import DeckStyle, available_styles, deck_style, face_on, render_face
from vision.letters import LETTER, foreign_letter, letter_readings
from vision.owndecks import LETTERS, READ_AS_ENGLISH
from vision.photo_model import photo_reader
from vision.rank_shape import begins_a_word


def _corner(style: DeckStyle, card: Card) -> np.ndarray:
    return canonical_corner(face_on(render_face(style, card), (40, 90, 30)))


def test_no_rank_of_any_deck_style_reads_as_a_letter_or_begins_a_word() -> None:
    """Issue 4, photo Done-when line: at least 97% read. The witnesses must cost no right
    card: every rank of every deck style the reader renders (the held-out ones too,
    whose typefaces no model was trained on) is far from a letter at every ink level
    the glyph models read it at (the median at most a fifth of LETTER), and has no
    lowercase letter beside it (vision.rank_shape.begins_a_word)."""
    worst, words = {}, []
    for style in available_styles():
        for card in (Card(rank + suit) for rank in "23456789TJQKA" for suit in "shdc"):
            corner = _corner(style, card)
            seen = letter_readings(card, [corner])
            assert seen, f"{style.name} {card}: never read as its rank"
            worst[f"{style.name} {card}"] = float(np.median(seen))
            if begins_a_word(card, [corner]):
                words.append(f"{style.name} {card}")
    assert max(worst.values()) < LETTER / 5, sorted(worst.items(), key=lambda kv: -kv[1])[:3]
    assert not words


@pytest.mark.parametrize("name", list(LETTERS))
def test_every_foreign_letter_read_as_a_rank_is_a_letter(name: str) -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on decks never seen.
    A deck printed for another language letters its courts and aces in it
    (vision.owndecks.LETTERS): the glyph models read a Russian queen's Д as a 10, its
    ace's Т as a 7, a Swedish jack's Kn as a Q and its ace's E as a K, a Dame's D as a
    6. These decks are drawn in DejaVu, a typeface the letter model was never trained
    on; every letter the glyph models read as a rank is called a letter. (A king's R
    or К is a K to every reader, and reads as one: it is a king.)"""
    judged = 0
    for rank, letter in LETTERS[name].items():
        if letter in READ_AS_ENGLISH:
            continue
        for suit in "shdc":
            card = Card(rank + suit)
            corner = _corner(deck_style(name), card)
            glyphs = find_index(corner)
            assert glyphs is not None
            looks = photo_reader().read(glyphs).card
            assert looks is not None and looks.rank is not card.rank, (letter, looks)
            assert foreign_letter(looks, [corner]), (letter, looks)
            judged += 1
    assert judged >= 8


def test_letters_are_trained_in_every_typeface_that_draws_them_but_dejavu() -> None:
    """Issue 4, photo Done-when line: measured on decks never seen. The bench's and these
    tests' lettered decks are printed in DejaVu; the letter model is trained on the
    letters in every other installed text face that draws them (a face without Cyrillic
    draws a Д as a blank box, and is left out for it), so its numbers are those of an
    unseen typeface."""
    from vision.corner import FEATURE_LEN
    from vision.training.train_letters import FOREIGN, letter_fonts, letter_samples

    cyrillic, latin = letter_fonts("Д"), letter_fonts("B")
    assert cyrillic and not any("DejaVu" in f for f in latin)
    assert not any("adventor" in f for f in cyrillic)  # TeX Gyre Adventor: no Cyrillic
    assert any("adventor" in f for f in latin)
    features = letter_samples(4, 0)
    assert features.shape[1] == FEATURE_LEN and len(features) >= len(FOREIGN)


def test_a_letter_refused_through_most_outlines_is_not_named_through_the_others() -> None:
    """Issue 4, photo Done-when line: at most 1% confidently wrong, on decks never seen.
    A photo's reader tries each card through several outlines and sizes. In this
    phone-like photo a Russian queen's Д, blurred, was refused as an ace through six of
    them (its letter median 1.0) and named Ad (0.86) through one, where blur left the
    letter model unsure (0.74): the bench's lettered row at seed 2026. A card the
    letter witness refused more often than it was named is named nowhere in the photo
    (vision.photo_card.letter_votes); the kings beside it, a К that is a K to every
    reader, are still read."""
    from vision.photo import read_photo
    from vision.table_photo import table_photo

    img, truth = table_photo(parse_cards("Qd Ks Kd Ad 3d 4s"), "russian-letters",
                             seed=3853, harsh=True, card_height=(150.0, 300.0))
    found = read_photo(img)
    assert Card("Qd") in [c for c, _ in truth]
    assert Card("Ad") not in [r.card for r in found]
    assert {Card("Ks"), Card("Kd")} <= {r.card for r in found}
    queen = np.mean(dict(truth)[Card("Qd")], axis=0)
    assert any(r.card is None and np.linalg.norm(np.mean(r.corners, axis=0) - queen) < 20
               for r in found), "the queen is seen, and left unread"


def test_an_index_read_alone_refused_as_a_letter_outvotes_no_card() -> None:
    """Issue 4, photo Done-when line: at least 97% read. In this four-index fan of the
    bench (seed 6161, four-colour) the top card, a 7h, is named surely by its own
    outline. A covered Th's index, read alone where it was found, its box cutting off
    the "0", read as a 7h and was refused as a letter four times, and those refusals
    outvoted the one naming: the 7h, whole in view, went unread. An index read alone is
    another glyph as often as the card's own, so its refusals are not counted
    (vision.photo_card.letter_votes): the 7h is named where it lies."""
    from vision.photo import read_photo
    from vision.table_photo import fan_photo

    height = 272.32165091917176
    img, truth = fan_photo(parse_cards("Tc Th 7h"), "four-colour", seed=6166,
                           card_height=height, spread=0.2593807339963157, indexes=4)
    (seven,) = [r for r in read_photo(img) if r.card is Card("7h")]
    off = np.mean(seven.corners, axis=0) - np.mean(dict(truth)[Card("7h")], axis=0)
    assert float(np.linalg.norm(off)) < 0.1 * height


def test_one_refusal_among_more_namings_leaves_a_card_named() -> None:
    """Issue 4, photo Done-when line: at least 97% read. An outline that cuts a right
    card's glyph now and then makes a letter of it: in this fan of the bench (seed
    7000) the letter witness refused the nicu-ornamental Qc through one outline, and it
    was named through three. One refusal among more namings does not outvote them (a
    first version, which let any refusal unname a card, lost this Qc)."""
    from vision.photo import read_photo
    from vision.photo_card import LetterVotes
    from vision.table_photo import fan_photo

    img, truth = fan_photo(parse_cards("Qc Ah 8c 6h"), "nicu-ornamental", seed=7021,
                           card_height=214.9, spread=0.2764)
    qc = Card("Qc")
    named = [r for r in read_photo(img) if r.card is qc]
    assert named, "the Qc is named"
    # where the Qc's index strip shows, not over a neighbour
    assert np.linalg.norm(np.mean(named[0].corners, axis=0)
                          - np.mean(dict(truth)[qc], axis=0)) < 40
    assert not LetterVotes(Counter({qc: 3}), Counter({qc: 1})).outvoted(qc)
    assert LetterVotes(Counter({qc: 1}), Counter({qc: 6})).outvoted(qc)
