"""Hand records used by the export tests: real hands, dealt by the rules in seeds/003.

Each constant states the final stacks worked out by hand (in the comments) so
the tests compare PokerKit's replay against independent arithmetic.
"""

from __future__ import annotations

from controller.log.hand_record import Action, Deal, HandRecord, SeatEntry, Street, Verb

A = Action
CC, CBR, F, PB, SM = Verb.CHECK_CALL, Verb.BET_RAISE_TO, Verb.FOLD, Verb.BRING_IN, Verb.SHOW_MUCK


def _d(seat: int, cards: str) -> Deal:
    return Deal(seat, tuple(cards[i:i + 2] for i in range(0, len(cards), 2)))


# Seven card stud, ante 1, bring-in 2, limits 5/10 (seeds/003 "Seven Card Stud"):
# third street: Ben's 4d is the lowest up card and brings in; Chloé completes, Anna calls,
# Ben folds. Fourth: Anna's A-7 shows highest and bets. Fifth and later: Chloé's pair of
# jacks acts first. Anna's aces and kings beat Chloé's jacks. Anna and Chloé each put in
# 1 + 5 + 5 + 10 + 10 = 31, Ben 1 + 2 = 3: pot 65. Finals: 100 - 31 + 65 = 134, 97, 69.
SEVEN_CARD_STUD = HandRecord(
    game="seven-card-stud",
    seats=(SeatEntry(1, "Anna", 100), SeatEntry(3, "Ben", 100), SeatEntry(5, "Chloé", 100)),
    ante=1, bring_in=2, small_bet=5, big_bet=10,
    streets=(
        Street("third", (_d(1, "AsKs7h"), _d(3, "2c3c4d"), _d(5, "5c6cQh"),
                         A(3, PB), A(5, CBR, 5), A(1, CC), A(3, F))),
        Street("fourth", (_d(1, "Ah"), _d(5, "Jd"), A(1, CBR, 5), A(5, CC))),
        Street("fifth", (_d(1, "Kd"), _d(5, "Jc"), A(5, CC), A(1, CBR, 10), A(5, CC))),
        Street("sixth", (_d(1, "2h"), _d(5, "Ts"), A(5, CC), A(1, CC))),
        Street("seventh", (_d(1, "3s"), _d(5, "9c"), A(5, CC), A(1, CBR, 10), A(5, CC))),
    ),
    showdown=(A(1, SM, cards=("As", "Ks", "7h", "Ah", "Kd", "2h", "3s")),
              A(5, SM, cards=("5c", "6c", "Qh", "Jd", "Jc", "Ts", "9c"))),
    final_stacks=(134, 97, 69), hand=12, table="Friday game", time="2026-11-29T21:05:00+00:00",
)

# Razz, ante 1, bring-in 1, limits 2/4 (seeds/003 "Razz": the highest up card brings in,
# the lowest hand showing acts first afterwards). Anna's Kc brings in; Ben completes to 2,
# Anna calls. Fourth: Ben's 4-3 acts first and bets 2; Anna folds. Anna lost 1 + 2 = 3.
RAZZ = HandRecord(
    game="razz",
    seats=(SeatEntry(2, "Anna", 50), SeatEntry(4, "Ben", 50)),
    ante=1, bring_in=1, small_bet=2, big_bet=4,
    streets=(
        Street("third", (_d(2, "9h8dKc"), _d(4, "As2s3d"),
                         A(2, PB), A(4, CBR, 2), A(2, CC))),
        Street("fourth", (_d(2, "7s"), _d(4, "4c"), A(4, CBR, 2), A(2, F))),
    ),
    final_stacks=(47, 53),
)

# Seven card stud eight-or-better, ante 1, bring-in 1, limits 2/4 (seeds/003 "stud
# high-low"): Chloé's 2c is the lowest up card and brings in; Anna completes; Chloé and
# Dev fold. Chloé lost 1 + 1 = 2, Dev 1; Anna's completion is returned uncalled.
STUD_HI_LO = HandRecord(
    game="stud-hi-lo-8",
    seats=(SeatEntry(1, "Anna", 40), SeatEntry(2, "Chloé", 40), SeatEntry(3, "Dev", 40)),
    ante=1, bring_in=1, small_bet=2, big_bet=4,
    streets=(Street("third", (_d(1, "AdAcKh"), _d(2, "7d8d2c"), _d(3, "9s9cTc"),
                              A(2, PB), A(3, F), A(1, CBR, 2), A(2, F))),),
    final_stacks=(43, 38, 39),
)

# The headline game (seeds/000): PHH has no code for it.
ACES_STRAIGHTS_FLUSHES = HandRecord(
    game="aces-straights-flushes",
    seats=(SeatEntry(1, "Anna", 25), SeatEntry(2, "Ben", 25)),
    small_bet=1, big_bet=2,
    streets=(Street("first", (_d(1, "AsJk"), _d(2, "7h7c"), A(1, CBR, 1), A(2, F))),),
    rules={"bug": "exposed joker in the centre", "reserve": 25},
)

# Deuce-to-seven triple draw, blinds 1/2, limits 2/4 (a draw game with a PHH code, to prove
# blinds and discards): Dev (p3) raises to 4 under the gun, Anna folds her small blind, Ben
# calls. First draw: Ben breaks his king, Dev his ace; Ben bets and Dev folds.
# Pot 1 + 4 + 4 = 9 to Ben: Anna 99, Ben 100 - 4 + 9 = 105, Dev 96.
DEUCE_SEVEN_TRIPLE_DRAW = HandRecord(
    game="deuce-to-seven-triple-draw",
    seats=(SeatEntry(1, "Anna", 100), SeatEntry(2, "Ben", 100), SeatEntry(3, "Dev", 100)),
    blinds=(1, 2), small_bet=2, big_bet=4,
    streets=(
        Street("dealing hands", (_d(1, "KcKdQsJh9c"), _d(2, "7h5c4d3cKh"), _d(3, "8s6h4s2dAc"),
                                 A(3, CBR, 4), A(1, F), A(2, CC))),
        Street("first draw", (A(2, Verb.DISCARD, cards=("Kh",)),
                              A(3, Verb.DISCARD, cards=("Ac",)),
                              _d(2, "2s"), _d(3, "Td"), A(2, CBR, 2), A(3, F))),
    ),
    final_stacks=(99, 105, 96),
)
