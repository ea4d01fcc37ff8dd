"""Property tests (hypothesis): the value order is a total order consistent with the
category order (seed 003 "Standard Poker Rankings": higher ranked hands beat lower ones);
permuting the cards never changes a value; adding a card never makes a best-of-N high hand
worse (seed 003: "use any five of their seven cards")."""

from hypothesis import given, settings
from hypothesis import strategies as st

from controller.cards import DECK_52, DECK_53, Card, Rank
from controller.hands import CATEGORY_NAMES, WildSpec, get_ranking

RANKINGS = {
    "high": get_ranking("high"),
    "high-bug": get_ranking("high-bug"),
    "high-wild": get_ranking("high-wild", wild=WildSpec(jokers=True, ranks=frozenset({Rank.TWO}))),
}
HIGHS = st.sampled_from(sorted(RANKINGS))


def hands(
        n_min: int, n_max: int, deck: tuple[Card, ...] = DECK_53) -> st.SearchStrategy[list[Card]]:
    return st.lists(st.sampled_from(deck), min_size=n_min, max_size=n_max, unique=True)


@settings(max_examples=150, deadline=None)
@given(HIGHS, hands(5, 8), hands(5, 8), hands(5, 8))
def test_value_order_is_total_and_follows_category_order(
        name: str, a: list[Card], b: list[Card], c: list[Card]) -> None:
    r = RANKINGS[name]
    if name == "high":
        a, b, c = ([x for x in h if x.rank is not None] for h in (a, b, c))
        if min(len(a), len(b), len(c)) < 5:
            return
    va, vb, vc = r.evaluate(a), r.evaluate(b), r.evaluate(c)
    assert sum([va < vb, va == vb, va > vb]) == 1  # trichotomy
    if va <= vb <= vc:
        assert va <= vc  # transitivity
    ca, cb = CATEGORY_NAMES.index(va.category), CATEGORY_NAMES.index(vb.category)
    if ca != cb:
        assert (va < vb) == (ca < cb)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(["high", "high-bug", "high-wild", "low-a5", "low-a5-8", "low-27",
                        "low-a6", "points-3-30", "points-7-27"]),
       hands(5, 8), st.randoms(use_true_random=False))
def test_permuting_the_cards_never_changes_the_value(name: str, cards: list[Card], rng) -> None:  # type: ignore[no-untyped-def]
    r = RANKINGS.get(name) or get_ranking(name)
    if name in ("high", "points-3-30", "points-7-27"):
        cards = [c for c in cards if c.rank is not None]
        if len(cards) < 5:
            return
    shuffled = list(cards)
    rng.shuffle(shuffled)
    a, b = r.evaluate(cards), r.evaluate(shuffled)
    assert a.key == b.key and a.category == b.category


@settings(max_examples=150, deadline=None)
@given(HIGHS, hands(6, 9))
def test_adding_a_card_never_makes_a_high_hand_worse(name: str, cards: list[Card]) -> None:
    r = RANKINGS[name]
    if name == "high":
        cards = [c for c in cards if c.rank is not None]
        if len(cards) < 6:
            return
    assert r.evaluate(cards) >= r.evaluate(cards[:-1])


@settings(max_examples=100, deadline=None)
@given(st.sampled_from(["low-a5", "low-27", "low-a6"]), hands(6, 8))
def test_adding_a_card_never_makes_a_best_of_n_low_worse(name: str, cards: list[Card]) -> None:
    """Seed 003: "players can choose to not use their highest value cards"."""
    r = get_ranking(name)
    assert r.evaluate(cards) >= r.evaluate(cards[:-1])


@settings(max_examples=100, deadline=None)
@given(hands(5, 7, DECK_52))
def test_a_hand_plays_five_real_cards_of_its_own(cards: list[Card]) -> None:
    v = get_ranking("high").evaluate(cards)
    assert len(v.cards) == 5 and set(v.cards) <= set(cards) and not v.substitutes


@settings(max_examples=100, deadline=None)
@given(hands(5, 7))
def test_bug_stand_in_is_never_a_card_the_hand_already_plays(cards: list[Card]) -> None:
    v = get_ranking("high-bug").evaluate(cards)
    naturals = [c for i, c in enumerate(v.cards) if i not in v.substitutes]
    for i in v.substitutes:
        assert str(v.physical[i]) == "Jk"
        if v.category != "five of a kind":
            assert v.cards[i] not in naturals
