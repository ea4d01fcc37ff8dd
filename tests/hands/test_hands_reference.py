"""The fast paths against slow, obvious reference evaluators written here from the rules
(seed 003 "Standard Poker Rankings", "Low Poker Hand Ranking", "Hand Rankings with Wild
Cards"; seed 002 article 2 for the bug), and against treys and PokerKit."""

import random
from collections import Counter
from collections.abc import Callable, Sequence
from itertools import combinations, pairwise
from typing import Any

import numpy as np
import pytest

from controller.cards import DECK_52, JOKER, Card, Rank, card_from_index
from controller.hands import WildSpec, get_ranking
from controller.hands.batch import eval_high_batch
from controller.hands.core import ACE_FIVE, low_key
from controller.hands.search import search
from controller.hands.tables import eval_bug7, eval_high7, eval_low_a5_7, high_key
from controller.hands.wild import low_wild_candidates

Plain = tuple[int, int]


def ref_five(cards: Sequence[Plain], ace_low: bool = False, wheel: bool = True,
             shapes_only: bool = False) -> tuple[Any, ...]:
    """Bigger is a better *high* hand: the rules read literally, one five-card hand."""
    rs = sorted((1 if ace_low and r == 14 else r for r, _ in cards), reverse=True)
    cnt = Counter(rs)
    groups = sorted(cnt.items(), key=lambda rc: (rc[1], rc[0]), reverse=True)
    ordered = tuple(r for r, c in groups for _ in range(c))
    shape = tuple(c for _, c in groups)
    flush = not shapes_only and len({s for _, s in cards}) == 1
    straight = 0
    if not shapes_only and len(cnt) == 5:
        if rs[0] - rs[4] == 4:
            straight = rs[0]
        elif wheel and not ace_low and rs == [14, 5, 4, 3, 2]:
            straight = 5
    table = {(5,): 9, (4, 1): 7, (3, 2): 6, (3, 1, 1): 3, (2, 2, 1): 2, (2, 1, 1, 1): 1}
    if shape == (5,) or shape in ((4, 1), (3, 2)):
        return (table[shape], ordered)
    if straight and flush:
        return (8, (straight,))
    if flush:
        return (5, tuple(rs))
    if straight:
        return (4, (straight,))
    return (table.get(shape, 0), ordered)


def ref_best(cards: Sequence[Card], five: Callable[[list[Plain]], Any]) -> Any:
    return max(five([(int(c.rank), int(c.suit)) for c in combo])  # type: ignore[arg-type]
               for combo in combinations(cards, 5))


def ref_bug(cards: Sequence[Card]) -> Any:
    """Seed 002 art. 2: the bug is an ace or completes a straight, flush or straight flush."""
    best = None
    for combo in combinations(cards, 5):
        nat = [(int(c.rank), int(c.suit)) for c in combo if c is not JOKER]  # type: ignore[arg-type]
        if len(nat) == 5:
            options = [ref_five(nat)]
        elif [r for r, _ in nat].count(14) == 4:
            options = [(9, (14,) * 5)]
        else:
            options = []
            for x in DECK_52:
                p = (int(x.rank), int(x.suit))  # type: ignore[arg-type]
                if p in nat:
                    continue
                v = ref_five([*nat, p])
                if p[0] == 14 or v[0] in (4, 5, 8):
                    options.append(v)
        top = max(options)
        best = top if best is None else max(best, top)
    return best


def ref_wild(cards: Sequence[Card], spec: WildSpec, double_ace: bool = False,
             natural_beats: bool = False) -> Any:
    """Seed 003: a wild card may be any card; only five of a kind repeats a card, and
    (double-ace flush) a flush may repeat an ace; (natural beats wild) fewer wilds win."""
    best = None
    everything = [(r, s) for r in range(2, 15) for s in range(4)]
    for combo in combinations(cards, 5):
        nat = [(int(c.rank), int(c.suit)) for c in combo if not spec.is_wild(c)]  # type: ignore[arg-type]
        n = 5 - len(nat)
        hands = [[*nat, *subs] for subs in (combinations(everything, n) if n < 3 else [])]
        if double_ace and 0 < n < 3:
            hands += [[*nat, *[(14, s)] * n] for s in range(4)]
        hands += [[*nat, *[(r, 0)] * n] for r in range(2, 15)]  # five of a kind repeats cards
        for hand in hands:
            v = ref_five(hand)
            repeats = {p for p in hand if hand.count(p) > 1}
            if repeats and v[0] != 9 and not (double_ace and v[0] == 5
                                                and all(p[0] == 14 for p in repeats)):
                continue
            key = (v, -n) if natural_beats else (v,)
            best = key if best is None else max(best, key)
    return best


def assert_same_order(ours: Sequence[Any], ref: Sequence[Any], ref_lower_better: bool = False,
                      ) -> None:
    """Sorting by the reference must sort ours too, with ties exactly where it ties."""
    sign = -1 if ref_lower_better else 1
    order = sorted(range(len(ref)), key=lambda i: ref[i])
    for a, b in pairwise(order):
        if ref[a] == ref[b]:
            assert ours[a] == ours[b], (a, b)
        else:
            assert (ours[a] < ours[b]) if sign > 0 else (ours[a] > ours[b]), (a, b)


def deal(rng: random.Random, n: int, count: int, joker: bool = False) -> list[list[Card]]:
    hands = []
    for _ in range(count):
        cards = rng.sample(DECK_52, n - 1 if joker else n)
        if joker:
            cards.insert(rng.randrange(n), JOKER)
        hands.append(cards)
    return hands


@pytest.mark.parametrize("n", [5, 6, 7, 8])
def test_high_matches_the_reference_on_random_hands(n: int) -> None:
    hands = deal(random.Random(n), n, 800)
    high = get_ranking("high")
    assert_same_order([high.evaluate(h).key for h in hands], [ref_best(h, ref_five) for h in hands])


@pytest.mark.parametrize("n", [5, 6, 7])
def test_bug_matches_the_reference_on_random_hands(n: int) -> None:
    hands = deal(random.Random(10 + n), n, 150, joker=True) + deal(random.Random(n), n, 100)
    bug = get_ranking("high-bug")
    assert_same_order([bug.evaluate(h).key for h in hands], [ref_bug(h) for h in hands])


def test_bug_reference_holds_on_hands_rich_in_straights_and_flushes() -> None:
    rng = random.Random(3)
    hands = []
    for _ in range(300):
        suit, start = rng.randrange(4), rng.randrange(0, 10)
        pool = [c for c in DECK_52 if c.suit == suit or start + 2 <= int(c.rank) <= start + 7]
        hands.append([*rng.sample(pool, 5), JOKER])
    bug = get_ranking("high-bug")
    assert_same_order([bug.evaluate(h).key for h in hands], [ref_bug(h) for h in hands])


def test_wild_matches_the_reference_with_one_or_two_wild_cards() -> None:
    rng = random.Random(4)
    spec = WildSpec(jokers=True, ranks=frozenset({Rank.TWO}))
    hands = [h for h in deal(rng, 6, 400, joker=True)
             if sum(spec.is_wild(c) for c in h) <= 2][:120]
    hands += [rng.sample([c for c in DECK_52 if c.rank in (Rank.TWO, Rank.KING, Rank.QUEEN,
                                                           Rank.JACK, Rank.TEN, Rank.ACE)], 5)
              for _ in range(60)]
    hands = [h for h in hands if sum(spec.is_wild(c) for c in h) <= 2]
    wild = get_ranking("high-wild", wild=spec)
    assert_same_order([wild.evaluate(h).key for h in hands], [ref_wild(h, spec) for h in hands])


@pytest.mark.parametrize(("double_ace", "natural_beats"), [(True, False), (False, True)])
def test_wild_house_options_match_the_reference(double_ace: bool, natural_beats: bool) -> None:
    """Seed 003 "Double Ace Flush" and "Natural Hand v. Wild Hand" on flush-rich hands."""
    rng = random.Random(21)
    spec = WildSpec(jokers=True, ranks=frozenset({Rank.TWO}))
    hands = []
    while len(hands) < 40:
        suit = rng.randrange(4)
        pool = [c for c in DECK_52 if c.suit == suit or c.rank in (Rank.TWO, Rank.ACE)]
        hand = rng.sample(pool, 6)
        if sum(spec.is_wild(c) for c in hand) <= 2:
            hands.append(hand)
    wild = get_ranking("high-wild", wild=spec, double_ace_flush=double_ace,
                       natural_beats_wild=natural_beats)
    assert_same_order([wild.evaluate(h).key for h in hands],
                      [ref_wild(h, spec, double_ace, natural_beats) for h in hands])


@pytest.mark.parametrize(("name", "ace_low", "wheel", "shapes_only"), [
    ("low-a5", True, False, True), ("low-27", False, False, False),
    ("low-a6", True, False, False)])
def test_lows_match_the_reference_on_random_hands(
        name: str, ace_low: bool, wheel: bool, shapes_only: bool) -> None:
    hands = deal(random.Random(len(name)), 7, 500) + deal(random.Random(1), 5, 300)
    low = get_ranking(name)
    def five(cs: list[Plain]) -> Any:
        return ref_five(cs, ace_low, wheel, shapes_only)
    ref = [ref_best(h, lambda cs: tuple(_neg(five(cs)))) for h in hands]
    assert_same_order([low.evaluate(h).key for h in hands], ref)


def _neg(v: tuple[Any, ...]) -> list[Any]:
    """Flip a high-hand reference value so the *lower* hand is bigger."""
    cat, ranks = v
    return [-cat, tuple(-r for r in ranks)]


def test_ace_to_five_fast_path_with_and_without_the_joker_matches_the_search() -> None:
    rng = random.Random(8)
    for cards in deal(rng, 7, 400) + deal(rng, 7, 200, joker=True):
        packed = eval_low_a5_7([c.index for c in cards])
        key = search(cards, 5, ACE_FIVE, lambda cat, ranks, _w: low_key(cat, ranks),
                     lambda c: c is JOKER,
                     lambda nat, n: low_wild_candidates(nat, n, True, False))[0]
        assert tuple(packed >> 4 * (5 - i) & 0xF for i in range(6)) == key


def test_seven_card_fast_paths_agree_with_evaluate_and_batch() -> None:
    rng = random.Random(9)
    hands = deal(rng, 7, 3000)
    idx = [[c.index for c in h] for h in hands]
    high, bug = get_ranking("high"), get_ranking("high-bug")
    single = [eval_high7(i) for i in idx]
    assert [high_key(v) for v in single[:500]] == [high.evaluate(h).key for h in hands[:500]]
    assert eval_high_batch(np.array(idx)).tolist() == single
    for h in deal(rng, 7, 500, joker=True):
        assert high_key(eval_bug7([c.index for c in h])) == bug.evaluate(h).key


def test_high_agrees_with_treys_on_random_seven_card_hands() -> None:
    import treys  # a peer library of the test extras
    rng = random.Random(11)
    hands = [rng.sample(range(52), 7) for _ in range(4000)]
    ev = treys.Evaluator()
    theirs = [ev.evaluate([treys.Card.new(str(card_from_index(i))) for i in h[:2]],
                          [treys.Card.new(str(card_from_index(i))) for i in h[2:]]) for h in hands]
    assert_same_order([eval_high7(h) for h in hands], theirs, ref_lower_better=True)


def test_high_agrees_with_pokerkit_on_random_seven_card_hands() -> None:
    import pokerkit
    rng = random.Random(12)
    hands = [rng.sample(range(52), 7) for _ in range(300)]
    theirs = [pokerkit.StandardHighHand.from_game(
        "".join(str(card_from_index(i)) for i in h), "") for h in hands]
    ours = [eval_high7(h) for h in hands]
    for i in range(len(hands) - 1):
        assert (ours[i] < ours[i + 1]) == (theirs[i] < theirs[i + 1])
        assert (ours[i] == ours[i + 1]) == (theirs[i] == theirs[i + 1])
