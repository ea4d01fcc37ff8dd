"""Wild cards: seed 003 "Hand Rankings with Wild Cards", "Five of a Kind", "Double Ace
Flush", "Natural Hand v. Wild Hand", "Low Hole", "Deuces and Jacks and the Man with the Axe"."""

from controller.cards import Card, Rank
from controller.hands import WildSpec, get_ranking, parse_wild

JOKER_WILD = get_ranking("high-wild")
DEUCES = WildSpec(jokers=False, ranks=frozenset({Rank.TWO}))


def test_seed003_five_of_a_kind_beats_a_royal_flush() -> None:
    five = JOKER_WILD.evaluate("Qs Qh Qd Qc Jk")
    royal = JOKER_WILD.evaluate("As Ks Qh Jh Th Jk")  # wild makes it a straight at best
    assert five.category == "five of a kind" and five.describe() == "five queens"
    assert five > JOKER_WILD.evaluate("As Ks Qs Js Ts")
    assert royal.category == "straight"


def test_seed003_higher_five_of_a_kind_wins_aces_highest() -> None:
    w = get_ranking("high-wild", wild=DEUCES)
    assert w.evaluate("As Ah Ad 2c 2d") > w.evaluate("Ks Kh Kd Kc 2d")


def test_seed003_wild_substitutes_any_card_not_held_and_is_marked() -> None:
    v = JOKER_WILD.evaluate("Ah 9h 7h 4h Jk 2c 3d")
    assert v.describe() == "flush, ace high"
    (pos,) = v.substitutes
    assert str(v.cards[pos]) == "Kh" and v.physical[pos] == Card("Jk")


def test_seed003_double_ace_flush_house_rule() -> None:
    plain = get_ranking("high-wild").evaluate("Ah 9h 7h 4h Jk")
    double = get_ranking("high-wild", double_ace_flush=True).evaluate("Ah 9h 7h 4h Jk")
    assert [c.rank for c in double.cards][:2] == [Rank.ACE, Rank.ACE]
    assert double.category == "flush" and double.key > plain.key


def test_seed003_natural_beats_wild_house_rule() -> None:
    off = get_ranking("high-wild", wild=DEUCES)
    on = get_ranking("high-wild", wild=DEUCES, natural_beats_wild=True)
    natural, wild = "Ks Kh Kd 9c 5h", "Kc 2h Ks 9d 5c"
    assert off.evaluate(natural) == off.evaluate(wild)
    assert on.evaluate(natural) > on.evaluate(wild)
    # "more wild" loses to "less wild": two deuces against one
    assert on.evaluate("Ks 2c 2d 9c 5h") < on.evaluate("Kd Kc 2h 9d 5s")


def test_seed003_low_hole_per_player_wild_rank_passed_per_call() -> None:
    """Low Hole: each player's lowest concealed card is wild for that player only."""
    r = get_ranking("high-wild", wild=WildSpec.none())
    cards = "4c 9d Kh Ks Kd 7c 4s"
    mine = r.evaluate(cards, wild=WildSpec(jokers=False, ranks=frozenset({Rank.FOUR})))
    assert mine.describe() == "five kings"
    assert r.evaluate(cards).describe() == "full house, kings full of fours"


def test_seed003_deuces_jacks_and_the_man_with_the_axe() -> None:
    spec = parse_wild("2,J,Kd")
    assert spec.is_wild(Card("Kd")) and not spec.is_wild(Card("Kh")) and not spec.jokers
    r = get_ranking("high-wild", wild=spec)
    assert r.evaluate("Kd Jc 2s 7h 7d 3c 4s").describe() == "five sevens"


def test_all_wild_hand_is_five_aces() -> None:
    r = get_ranking("high-wild", wild=WildSpec(jokers=True, ranks=frozenset({Rank.TWO})))
    v = r.evaluate("2c 2d 2h 2s Jk")
    assert v.describe() == "five aces" and len(v.substitutes) == 5


def test_wild_straight_takes_the_highest_window() -> None:
    v = JOKER_WILD.evaluate("9c 8d 6h 5s Jk")
    assert v.category == "straight" and v.ranks[0] == 9
    assert JOKER_WILD.evaluate("Ac 3d 4h 5s Jk").ranks[0] == 5  # wheel


def test_wild_cards_shown_in_distinct_suits() -> None:
    r = get_ranking("high-wild", wild=parse_wild("Jk,2"))
    v = r.evaluate("Jk 2c As Ad 3h")
    assert v.describe() == "four aces" and len({str(c) for c in v.cards[:4]}) == 4
