"""Exact enumeration against a plain brute-force count (issue 11, "Done when" line 1).

Each brute force below loops over every card still to come, asks
:func:`controller.hands.showdown` (the general rankings, not the odds
engine's vectorised tables) who wins, and splits ties evenly, as seed 000
section 05 says: "Equal five-card hands share it".
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from controller.cards import DECK_52, DECK_53, Card, Rank, parse_cards
from controller.hands import BoardGroups, HoleAndBoard, WildSpec, get_ranking, showdown
from controller.odds import OddsSpec, ShowdownRule, centre_joker, equity
from controller.variants.game import PotRule


def unseen(known: list[Card], deck: tuple[Card, ...] = DECK_52) -> list[Card]:
    return [c for c in deck if c not in known]


def split_high(winners: list[int], players: int) -> list[Fraction]:
    return [Fraction(1, len(winners)) if i in winners else Fraction(0) for i in range(players)]


def test_holdem_river_two_players_matches_brute_force() -> None:
    """Seed 003 "Standard Poker Rankings": one board card to come, 44 rivers."""
    hands, board = ["As Ks", "Qd Qc"], "2c 7d 9h Jd"
    known = parse_cards(" ".join([*hands, board]))
    total = [Fraction(0)] * 2
    rivers = unseen(known)
    for river in rivers:
        result = showdown(hands, "high", board=[*parse_cards(board), river])
        total = [t + s for t, s in zip(total, split_high(result.winners, 2), strict=True)]
    expected = [float(t / len(rivers)) for t in total]
    got = equity(OddsSpec.build(hands, board=board, board_to_come=1))
    assert got.method == "exact" and got.samples == len(rivers) == 44
    assert [p.equity for p in got.players] == pytest.approx(expected, abs=1e-12)
    assert all(p.error == 0 for p in got.players)


def test_holdem_river_tie_is_split_evenly() -> None:
    """Seed 000 section 05: equal hands share the pot. A-K against A-K with no flush
    possible ties on every river: each gets exactly half, and nobody ever wins alone."""
    hands = ["Ah Kh", "Ac Kc"]
    got = equity(OddsSpec.build(hands, board="2d 7s 9c Jd", board_to_come=1))
    assert [p.equity for p in got.players] == [0.5, 0.5]


def test_stud_seventh_street_each_player_one_card_matches_brute_force() -> None:
    """Seed 003 "The Play": two players on sixth street, one down card each to come."""
    hands = ["As Ad 7c 8c 9c Kh", "Qs Qd Jc Tc 2h 3d"]
    known = parse_cards(" ".join(hands))
    left = unseen(known)
    total = [Fraction(0)] * 2
    count = 0
    for a in left:
        for b in left:
            if a is b:
                continue
            result = showdown([[*parse_cards(hands[0]), a], [*parse_cards(hands[1]), b]], "high")
            total = [t + s for t, s in zip(total, split_high(result.winners, 2), strict=True)]
            count += 1
    got = equity(OddsSpec.build(hands, to_come=1))
    assert got.method == "exact" and got.samples == count == 40 * 39
    assert [p.equity for p in got.players] == pytest.approx(
        [float(t / count) for t in total], abs=1e-12)


def test_aces_straights_flushes_sixth_street_matches_brute_force() -> None:
    """Seed 000 sections 04-05: the shared joker (the bug) plays in every hand; Anna and
    Ben each get their last (down) card."""
    hands = ["As Ks Qs 7s 9d", "9c 9h 5c 5d Kd"]
    known = [*parse_cards(" ".join(hands)), Card("Jk")]
    left = unseen(known, DECK_53)
    total = [Fraction(0)] * 2
    count = 0
    for a in left:
        for b in left:
            if a is not b:
                result = showdown([[*parse_cards(hands[0]), a], [*parse_cards(hands[1]), b]],
                                  "high-bug", board="Jk")
                total = [t + s for t, s in zip(total, split_high(result.winners, 2),
                                               strict=True)]
                count += 1
    spec = OddsSpec.build(hands, to_come=1, board=centre_joker(), deck=53,
                          rule=ShowdownRule(high="high-bug"))
    got = equity(spec)
    assert got.method == "exact" and got.samples == count
    assert [p.equity for p in got.players] == pytest.approx(
        [float(t / count) for t in total], abs=1e-12)


def test_five_card_draw_with_joker_in_the_pack_one_card_to_come() -> None:
    """Seed 002 article 2: the joker is in the pack (53 cards) and may be the card drawn;
    it is the bug. One player draws one card, the other stands pat."""
    pat, drawing = "Kc Kd Kh 4s 4d", "Ts Js Qs As"
    known = parse_cards(f"{pat} {drawing}")
    wins = Fraction(0)
    left = unseen(known, DECK_53)
    for card in left:
        result = showdown([pat, [*parse_cards(drawing), card]], "high-bug")
        wins += split_high(result.winners, 2)[1]
    spec = OddsSpec.build([pat, f"{drawing} ?"], deck=53, rule=ShowdownRule(high="high-bug"))
    got = equity(spec)
    assert got.samples == len(left) == 44
    assert got.players[1].equity == pytest.approx(float(wins / len(left)), abs=1e-12)
    # only a royal flush beats kings full: the Ks, or the joker filling the gap
    assert wins == 2


def omaha_split(hands: list[str], board: list[Card]) -> list[Fraction]:
    """Seed 004 "Omaha" / seed 003 "Eight or Better": two hole cards and three board
    cards each way; high and low halves; high scoops when no low qualifies."""
    comp = HoleAndBoard(2, 3)
    high = showdown(hands, "high", board=board, composition=comp).winners
    low = showdown(hands, "low-a5-8", board=board, composition=comp).winners
    h, lo = split_high(high, len(hands)), split_high(low, len(hands))
    if not low:
        return h
    return [(a + b) / 2 for a, b in zip(h, lo, strict=True)]


def test_omaha_high_low_river_matches_brute_force() -> None:
    hands, board = ["As 2s Kd Qd", "3h 4h Jc Jh", "Ac 3c Tc Td"], "5c 9d Jd 8s"
    known = parse_cards(" ".join([*hands, board]))
    rivers = unseen(known)
    total = [Fraction(0)] * 3
    for river in rivers:
        shares = omaha_split(hands, [*parse_cards(board), river])
        total = [t + s for t, s in zip(total, shares, strict=True)]
    rule = ShowdownRule("high", "low-a5-8", PotRule.SPLIT_8, composition=HoleAndBoard(2, 3))
    got = equity(OddsSpec.build(hands, board=f"{board} ?", rule=rule))
    assert got.method == "exact"
    assert [p.equity for p in got.players] == pytest.approx(
        [float(t / len(rivers)) for t in total], abs=1e-12)
    # every deal's pot is fully shared out
    assert sum(p.equity for p in got.players) == pytest.approx(1.0)


def test_deuces_wild_uses_the_general_rankings_and_matches_brute_force() -> None:
    """Seed 003 "Seven Card Stud, Deuces Wild" (five of a kind counts): the path that
    scores with the rankings themselves. The second player gets the last card."""
    wild = WildSpec(jokers=False, ranks=frozenset({Rank.TWO}))
    ranking = get_ranking("high-wild", wild=wild)
    full, drawing = "Ah Ad Kc Qs 9h 8c 3d", "2c 7h 7d 5s 4c Jh"
    left = unseen(parse_cards(f"{full} {drawing}"))
    wins = Fraction(0)
    for card in left:
        result = showdown([full, [*parse_cards(drawing), card]], ranking, wild=wild)
        wins += split_high(result.winners, 2)[1]
    spec = OddsSpec.build([full, f"{drawing} ?"],
                          rule=ShowdownRule(high="high-wild", wild=wild))
    got = equity(spec)
    assert got.method == "exact" and got.samples == len(left)
    assert got.players[1].equity == pytest.approx(float(wins / len(left)), abs=1e-12)


def test_low_hole_wild_depends_on_the_down_card_to_come() -> None:
    """Seed 003 "Low Hole": each player's lowest down card (ace high) is wild for them.
    The last card comes down, so it can change which rank is wild."""
    # first player: down Kc Qd, up 9h 9s 4c 4d, last down card still to come
    down, up, other = "Kc Qd", "9h 9s 4c 4d", "Ah Ad As 8c 8d 3h 3s"
    left = unseen(parse_cards(f"{down} {up} {other}"))
    wins = Fraction(0)
    high_wild = get_ranking("high-wild")
    for card in left:
        hole = [*parse_cards(down), card]
        low_rank = min(c.rank for c in hole if c.rank is not None)
        mine = high_wild.evaluate([*hole, *parse_cards(up)],
                                  wild=WildSpec(jokers=False, ranks=frozenset({low_rank})))
        lows = [c.rank for c in parse_cards("Ah Ad As") if c.rank is not None]
        theirs = high_wild.evaluate(other, wild=WildSpec(jokers=False,
                                                         ranks=frozenset({min(lows)})))
        wins += 1 if mine.key > theirs.key else Fraction(1, 2) if mine.key == theirs.key else 0
    from controller.odds import Holding

    me = Holding(down=tuple(parse_cards(down)), up=tuple(parse_cards(up)), to_come=1,
                 to_come_down=1)
    them = Holding(down=tuple(parse_cards("Ah Ad As")), up=tuple(parse_cards("8c 8d 3h 3s")))
    spec = OddsSpec((me, them), rule=ShowdownRule(high="high-wild", low_hole=True))
    got = equity(spec)
    assert got.players[0].equity == pytest.approx(float(wins / len(left)), abs=1e-12)
    assert 0 < wins < len(left)


def test_london_lowball_uses_the_general_rankings_and_matches_brute_force() -> None:
    """Seed 003 "London Lowball": ace-to-six low (straights and flushes count against
    you), scored card by card; the second player gets the last card."""
    done, drawing = "Ah 2d 3c 4s 9h Kd Ks", "As 2c 4h 5d Tc Qh"  # a 6, 7 or 8 wins
    left = unseen(parse_cards(f"{done} {drawing}"))
    wins = Fraction(0)
    for card in left:
        result = showdown([done, [*parse_cards(drawing), card]], "low-a6")
        wins += split_high(result.winners, 2)[1]
    spec = OddsSpec.build([done, f"{drawing} ?"], rule=ShowdownRule("", "low-a6", PotRule.LOW))
    got = equity(spec)
    assert got.method == "exact" and got.samples == len(left)
    assert got.players[1].equity == pytest.approx(float(wins / len(left)), abs=1e-12)
    # 8-5-4-2-A and better beat 9-4-3-2-A; a three makes a straight (a bad low here)
    assert wins == 12


def _layout_brute_force(hands: list[str], board: list[str | None], comp: BoardGroups
                        ) -> tuple[list[Card], list[Fraction]]:
    """Every card that can fill the board's one empty slot, and each hand's summed high
    shares over them, scored by the showdown itself."""
    known = parse_cards(" ".join([*hands, *[c for c in board if c]]))
    left = unseen(known)
    total = [Fraction(0)] * len(hands)
    for card in left:
        full = [Card(c) if c else card for c in board]
        result = showdown(hands, "high", board=full, composition=comp)
        total = [t + s for t, s in zip(total, split_high(result.winners, len(hands)),
                                       strict=True)]
    return left, total


def test_cross_layout_board_groups_match_brute_force() -> None:
    """Seed 004 "Cross": five common cards in a cross; a hand plays its own cards with
    one line (the row or the column, sharing the centre). One card of the row to come."""
    comp = BoardGroups(((0, 1, 2), (3, 1, 4)))
    hands = ["As Kd 7h 7c", "Qs Qd 2h 9c"]
    board = ["Jh", "7d", None, "2s", "9d"]
    left, total = _layout_brute_force(hands, board, comp)
    spec = OddsSpec.build(hands, board=[Card(c) if c else None for c in board],
                          rule=ShowdownRule(composition=comp))
    got = equity(spec)
    assert got.method == "exact" and got.samples == len(left)
    assert [p.equity for p in got.players] == pytest.approx(
        [float(t / len(left)) for t in total], abs=1e-12)
    assert 0 < total[0] < len(left)


def test_board_groups_with_a_fixed_number_of_hole_cards() -> None:
    """A layout played with exactly two hole cards and three of a line (from_hole=2)."""
    comp = BoardGroups(((0, 1, 2), (2, 3, 4)), from_hole=2)
    hands = ["As Ad Kc Qc", "9h 8h 7s 2d"]
    board = ["Ah", "Kd", "6h", None, "Tc"]
    left, total = _layout_brute_force(hands, board, comp)
    spec = OddsSpec.build(hands, board=[Card(c) if c else None for c in board],
                          rule=ShowdownRule(composition=comp))
    got = equity(spec)
    assert [p.equity for p in got.players] == pytest.approx(
        [float(t / len(left)) for t in total], abs=1e-12)
