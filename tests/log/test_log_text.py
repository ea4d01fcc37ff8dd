"""PokerStars-style text export (issue 7, "Queries and exports": text for stud, razz, draw)."""

from __future__ import annotations

import re
import sys
from pathlib import Path

from controller.log.hand_record import Action, Deal, HandRecord, SeatEntry, Street, Verb
from controller.log.text import hand_text

sys.path.insert(0, str(Path(__file__).parent))
from log_hands import RAZZ, SEVEN_CARD_STUD


def test_stud_hand_reads_like_a_pokerstars_history() -> None:
    """seeds/003 "Seven Card Stud": antes, bring-in, completion, streets 3rd to river."""
    text = hand_text(SEVEN_CARD_STUD)
    lines = text.splitlines()
    assert lines[0] == "PokerStars Hand #12: 7 Card Stud Limit (5/10) - 2026/11/29 21:05:00 UTC"
    assert [ln for ln in lines if ln.startswith("***")] == [
        "*** 3rd STREET ***", "*** 4th STREET ***", "*** 5th STREET ***", "*** 6th STREET ***",
        "*** RIVER ***", "*** SHOW DOWN ***", "*** SUMMARY ***"]
    for expected in ["Ben: brings in for 2", "Chloé: completes it to 5", "Anna: calls 5",
                     "Chloé: checks", "Anna: bets 10", "Anna collected 65 from pot",
                     "Total pot 65 | Rake 0", "Seat 3: Ben folded on the 3rd Street"]:
        assert expected in lines


def test_chips_in_the_text_add_up() -> None:
    """Antes + bets + calls written in the text equal the pot, and the pot is collected."""
    for record in (SEVEN_CARD_STUD, RAZZ):
        text = hand_text(record)
        assert "raises" not in text  # each line below then adds its amount to the pot
        put = sum(int(n) for n in re.findall(r"(?:ante|in for|it to|bets|calls) (\d+)$", text,
                                             re.M))
        returned = sum(int(n) for n in re.findall(r"Uncalled bet \((\d+)\)", text))
        pot = int(re.search(r"Total pot (\d+)", text).group(1))  # type: ignore[union-attr]
        collected = sum(int(n) for n in re.findall(r"collected (\d+) from pot", text))
        assert put - returned == pot == collected
        assert sum(record.final_stacks or ()) == sum(s.stack for s in record.seats)


def test_draw_game_with_blinds_and_raises() -> None:
    record = HandRecord(
        game="five-card-draw", seats=(SeatEntry(1, "Anna", 40), SeatEntry(2, "Ben", 40),
                                      SeatEntry(3, "Dev", 40)),
        blinds=(1, 2), small_bet=2, big_bet=4, final_stacks=(39, 45, 36),
        streets=(Street("dealing hands", (*(Deal(s, ("??",) * 5) for s in (1, 2, 3)),
                                          Action(3, Verb.BET_RAISE_TO, 4), Action(1, Verb.FOLD),
                                          Action(2, Verb.CHECK_CALL))),
                 Street("first draw", (Action(2, Verb.DISCARD, cards=("2c",)),
                                       Action(3, Verb.DISCARD), Deal(2, ("Ah",)),
                                       Action(2, Verb.BET_RAISE_TO, 2), Action(3, Verb.FOLD)))))
    lines = hand_text(record).splitlines()
    for expected in ["Anna: posts small blind 1", "Ben: posts big blind 2",
                     "*** DEALING HANDS ***", "Dev: raises 2 to 4", "Ben: calls 2",
                     "*** FIRST DRAW ***",
                     "Ben: discards 1 cards", "Dev: stands pat", "Ben: bets 2",
                     "Uncalled bet (2) returned to Ben", "Ben collected 9 from pot",
                     "Seat 3: Dev folded on the First draw"]:
        assert expected in lines, expected
