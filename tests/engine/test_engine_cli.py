"""``pitboss replay`` and ``pitboss games`` (issue 3 item 7), and user game files."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from controller.cli import main
from controller.engine import apply, event_from_dict, expected, new_hand
from controller.errors import VariantError
from controller.variants.loader import load_games

SCENARIOS = Path(__file__).parents[1] / "scenarios"


def _run(capsys, *argv: str) -> tuple[int, object]:
    code = main(list(argv))
    return code, json.loads(capsys.readouterr().out)


def test_replay_anna_vs_ben(capsys) -> None:
    """Seed 000 section 05 through the CLI: the JSON shape of issue 3."""
    code, out = _run(capsys, "replay", str(SCENARIOS / "asf_anna_vs_ben.json"))
    assert code == 0
    assert out["status"] == "complete" and out["winners"] == [1]
    assert out["payouts"] == {"1": 28} and out["stacks"] == {"1": 114, "2": 86}
    assert out["pots"][0]["amount"] == 28 and out["next"]["kind"] == "complete"


def test_replay_in_progress_names_the_next_action(tmp_path, capsys) -> None:
    hand = {"variant": "aces-straights-flushes", "options": {},
            "seats": [{"seat": 1, "name": "Anna", "stack": 100},
                      {"seat": 2, "name": "Ben", "stack": 100}],
            "dealer": 2,
            "events": [{"card": c} for c in ["As", "9c", "Ks", "9h", "7s", "5c"]]}
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    code, out = _run(capsys, "replay", str(path))
    assert code == 0 and out["status"] == "in_progress"
    assert out["next"]["kind"] == "action" and out["next"]["seat"] == 1
    assert out["next"]["legal"] == [{"action": "check"}, {"action": "bet", "amounts": [1]}]
    assert out["stacks"] == {"1": 99, "2": 99}


def test_replay_refused_event_exits_2_with_index(capsys) -> None:
    code, out = _run(capsys, "replay", str(SCENARIOS / "asf_refuse_joker.json"))
    assert code == 2
    assert out["error"]["code"] == "joker_not_in_pack" and out["error"]["event_index"] == 1


def test_replay_bad_file(tmp_path, capsys) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json")
    code, out = _run(capsys, "replay", str(path))
    assert code == 2 and out["error"]["code"] == "bad_json"


def test_games_json_lists_the_catalogue(capsys) -> None:
    code, out = _run(capsys, "games", "--json")
    assert code == 0
    ids = {g["id"]: g for g in out}
    assert set(ids["aces-straights-flushes"]) == {"id", "name", "aliases", "players", "deck",
                                                  "source", "playable", "note"}
    assert ids["aces-straights-flushes"]["players"] == "2-7"
    assert ids["five-card-draw-bug"]["source"] == "002"
    assert {"seven-card-stud", "razz", "london-lowball", "english-stud"} <= set(ids)


def test_games_lists_the_house_book(capsys) -> None:
    """Issue 10 "Done when": every seed-004 game with its source, players and whether it
    can be dealt; the ones that cannot say why."""
    code, out = _run(capsys, "games", "--json")
    assert code == 0
    book = [g for g in out if g["source"] == "004"]
    assert len(book) >= 38
    assert {"three-thirty", "the-l-game", "guts", "the-english-patient"} <= {g["id"] for g in book}
    for g in book:
        assert g["players"] and (g["playable"] or g["note"])
    assert not {g["id"]: g for g in book}["the-english-patient"]["playable"]


def test_games_table(capsys) -> None:
    assert main(["games"]) == 0
    text = capsys.readouterr().out
    assert "Aces, Straights and Flushes" in text and "playable" in text


HOUSE = b"""
[[game]]
id = "stud-sevens-wild"
name = "Seven Card Stud, Sevens Wild"
based_on = "seven-card-stud"
showdown = { high = "high-wild", wild_ranks = "7" }

[[game]]
id = "two-street-stud"
name = "Two Street Stud"
players = [2, 4]
steps = [{deal = "down"}, {deal = "up"}, {bet = "small", first = "high-exposed"},
         {deal = "up"}, {deal = "up"}, {deal = "down"}, {bet = "big"}]
options = {ante = 1, small_bet = 2, big_bet = 4}
"""


def test_user_games_load_and_play() -> None:
    """DESIGN.md "Variants are data": a house game is a definition, not engine code."""
    wild, short = load_games(io.BytesIO(HOUSE))
    assert wild.showdown.wild.ranks == "7" and wild.steps == new_hand(
        "stud", [(1, "A", 9), (2, "B", 9)], 1).game.steps
    s = new_hand(short, [(1, "A", 20), (2, "B", 20)], 2)
    for card in ["As", "Kd", "9h", "Tc"]:
        s = apply(s, event_from_dict({"card": card}))
    assert expected(s).seat == 2  # the ten is the higher exposed card


@pytest.mark.parametrize(("text", "words"), [
    (b'[[game]]\nname = "X"\nsteps = []', "needs an 'id'"),
    (b'[[game]]\nid = "x"\nname = "X"\nsteps = [{bet = "huge"}]', 'bet must be "small" or "big"'),
    (b'[[game]]\nid = "x"\nname = "X"\nsteps = [{deal = "up"}]', "at least one betting round"),
    (b'[[game]]\nid = "x"\nname = "X"\nbased_on = "stud"\nshowdown = {pot = "declare"}',
     "needs a low ranking"),
    (b'[[game]]\nid = "x"\nname = "X"\nbased_on = "stud"\noptions = {antes = 2}',
     "unknown option 'antes'"),
    (b'[[game]]\nid = "x"\nname = "X"\nbased_on = "stud"\ncolour = "red"', "unknown keys"),
    (b'[[game]]\nid = "x"\nname = "X"\nbased_on = "stud"\nshowdown = {high = "higher"}',
     "unknown ranking 'higher'"),
    (b"not toml [", "not valid TOML"),
])
def test_user_game_errors_are_clear(text: bytes, words: str) -> None:
    with pytest.raises(VariantError) as info:
        load_games(io.BytesIO(text))
    assert words in info.value.message


SPREAD = b"""
[[game]]
id = "house-stud"
name = "House Stud 25/50"
based_on = "seven-card-stud"
limit = "spread"
options = {ante = 5, bring_in = 0, small_bet = 25, big_bet = 50}
"""


def test_spread_limit_game_from_a_file() -> None:
    """Issue 3 Betting: spread limit (house 25c/50c): any bet from the small bet up to
    the round's size; big rounds allow 25 to 50."""
    from controller.engine import Act, PlayerAction, legal_actions

    game, = load_games(io.BytesIO(SPREAD))
    s = new_hand(game, [(1, "A", 500), (2, "B", 500)], 2)
    for card in ["2c", "3c", "4d", "5d", "Kc", "7h"]:
        s = apply(s, event_from_dict({"card": card}))
    bet = next(a for a in legal_actions(s) if a.action is Act.BET)
    assert (bet.low, bet.high) == (25, 25)
    s = apply(s, PlayerAction(1, Act.CHECK))
    s = apply(s, PlayerAction(2, Act.CHECK))
    for card in ["9c", "9d", "Tc", "Jd"]:  # fourth and fifth streets, all checking
        s = apply(s, event_from_dict({"card": card}))
        if expected(s).kind == "action":
            s = apply(s, PlayerAction(expected(s).seat, Act.CHECK))
            s = apply(s, PlayerAction(expected(s).seat, Act.CHECK))
    assert expected(s).kind == "card"
    s = apply(s, event_from_dict({"card": "Qc"}))
    s = apply(s, event_from_dict({"card": "Qd"}))
    bet = next(a for a in legal_actions(s) if a.action is Act.BET)
    assert (bet.low, bet.high) == (25, 50)
    s = apply(s, PlayerAction(expected(s).seat, Act.BET, 40))
    raise_ = next(a for a in legal_actions(s) if a.action is Act.RAISE)
    assert (raise_.low, raise_.high) == (80, 90)


def test_example_house_games_play_out() -> None:
    """The shipped example file loads, and every game in it plays a whole hand."""
    import random

    from controller.engine import chips_in_play
    from controller.engine.randomplay import play_hand

    path = Path(__file__).parents[2] / "controller" / "variants" / "examples" / "house.toml"
    with path.open("rb") as fh:
        games = load_games(fh)
    assert [g.id for g in games] == ["stud-sevens-wild", "razz-home", "six-card-stud-declare"]
    for game in games:
        state = play_hand(new_hand(game, [(1, "A", 60), (2, "B", 60), (3, "C", 60)], 1),
                          random.Random(5))
        assert state.complete and chips_in_play(state) == 180


SUIT_CHIP = b"""
[[game]]
id = "stud-suit-chip"
name = "Stud, odd chip by suit"
based_on = "seven-card-stud"
odd_chip = "suit"
"""


@pytest.mark.parametrize(("game_text", "payouts"), [
    (None, {"1": 7, "2": 6}),  # seed 000's rule: the first tied winner after the dealer
    (SUIT_CHIP, {"1": 6, "2": 7}),  # the house rule: the ten of spades outranks the club
])
def test_odd_chip_rule_is_part_of_the_game(game_text, payouts) -> None:
    from controller.engine import Act, PlayerAction, summary

    game = load_games(io.BytesIO(game_text))[0] if game_text else "seven-card-stud"
    s = new_hand(game, [(1, "A", 100), (2, "B", 100), (3, "C", 100)], 3, {"bring_in": 0})
    plan = ["5c 5d Kc 6d 6h Kd 7h 7c 3s", "bet 1", "call 2", "fold 3", "8s 8d", "check 1",
            "check 2", "9c 9h", "check 2", "check 1", "Tc Ts", "check 2", "check 1",
            "2d 2h", "check 2", "check 1"]
    for line in plan:
        word, *rest = line.split()
        if word in ("bet", "call", "fold", "check"):
            s = apply(s, PlayerAction(int(rest[0]), Act(word)))
        else:
            for card in line.split():
                s = apply(s, event_from_dict({"card": card}))
    out = summary(s)
    assert sorted(out["winners"]) == [1, 2] and out["payouts"] == payouts
