"""Cards and their one text notation (DESIGN.md "Cards")."""

import pickle

import pytest
from hypothesis import given
from hypothesis import strategies as st

from controller.cards import DECK_52, DECK_53, JOKER, Card, Rank, Suit, deck, parse_cards
from controller.errors import CardError


def test_every_card_round_trips_through_its_text() -> None:
    for card in DECK_53:
        assert Card(str(card)) is card
        assert eval(repr(card)) is card


def test_deck_sizes_and_joker() -> None:
    assert len(deck()) == 52 and len(set(deck())) == 52
    assert len(deck(with_joker=True)) == 53 and deck(with_joker=True)[-1] is JOKER
    assert JOKER not in DECK_52


@pytest.mark.parametrize("text", ["Jk", "JK", "joker", "Joker"])
def test_joker_spellings(text: str) -> None:
    assert Card(text) is JOKER and JOKER.rank is None


def test_lists_split_on_spaces_and_commas() -> None:
    assert [str(c) for c in parse_cards("As,Td  7c , Jk")] == ["As", "Td", "7c", "Jk"]


@pytest.mark.parametrize(
    ("text", "bad"),
    [("As Xd", "Xd"), ("As 1c", "1c"), ("Ahh", "Ahh"), ("A", "A"), ("As 7z", "7z")],
)
def test_bad_token_is_named_in_the_error(text: str, bad: str) -> None:
    with pytest.raises(CardError) as info:
        parse_cards(text)
    assert repr(bad) in str(info.value)
    assert info.value.code == "bad_card"


def test_rank_and_suit_fields() -> None:
    c = Card("Td")
    assert c.rank is Rank.TEN and c.suit is Suit.DIAMONDS
    assert Suit.CLUBS < Suit.DIAMONDS < Suit.HEARTS < Suit.SPADES


def test_cards_are_immutable_and_pickle_to_the_same_object() -> None:
    c = Card("As")
    with pytest.raises(AttributeError):
        c.index = 3  # type: ignore[misc]
    assert pickle.loads(pickle.dumps(c)) is c


@given(st.lists(st.sampled_from(DECK_53), max_size=10))
def test_text_form_round_trips(cards: list[Card]) -> None:
    assert parse_cards(" ".join(map(str, cards))) == cards
