"""``pitboss odds``: the JSON contract (issue 11 part 1; DESIGN.md "Bad input")."""

from __future__ import annotations

import json
from typing import Any

import pytest

from controller.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict[str, Any]]:
    status = main(["odds", *argv])
    return status, json.loads(capsys.readouterr().out)


def test_holdem_flop_is_exact_and_names_each_hand(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["--rules", "high", "--hand", "As Ks", "--hand", "Qd,Qc",
                       "--board", "2c 7d 9h", "--board-to-come", "2"], capsys)
    assert status == 0
    assert out["method"] == "exact" and out["samples"] == out["deals"] == 45 * 44 // 2
    assert [p["hand"] for p in out["players"]] == ["As Ks", "Qd Qc"]
    assert sum(p["equity"] for p in out["players"]) == pytest.approx(1.0, abs=1e-5)
    assert out["players"][1]["equity"] > 0.7 and out["players"][1]["error"] == 0


def test_game_asf_puts_the_joker_on_the_board(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 000 section 04: the joker is shared; A-A with the bug is three aces already."""
    status, out = run(["--game", "asf", "--hand", "Ad Ac 3c 4d", "--hand", "Ks Kd 2h 9c",
                       "--to-come", "2", "--seed", "4", "--max-error", "0.02"], capsys)
    assert status == 0 and out["seed"] == 4 and out["method"] == "monte-carlo"
    assert out["max_error"] <= 0.02
    assert out["players"][0]["equity"] > out["players"][1]["equity"]


def test_split_game_reports_halves_and_scoop(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003 "Seven Card Stud High-Low": a hand that cannot make a low never wins low."""
    status, out = run(["--game", "stud8", "--hand", "As 2s 3s", "--hand", "Kh Kd 9c",
                       "--to-come", "4", "--seed", "1", "--max-error", "0.02"], capsys)
    assert status == 0
    kings = out["players"][1]
    assert kings["low"] == 0 and set(kings) >= {"high", "low", "scoop", "high_error"}
    # no low: the kings take half the pot when a low qualifies, all of it when none does
    assert kings["high"] / 2 <= kings["equity"] <= kings["high"]
    assert kings["scoop"] <= kings["equity"]


def test_unknown_cards_and_seed_make_the_answer_reproducible(
        capsys: pytest.CaptureFixture[str]) -> None:
    args = ["--rules", "high", "--low", "low-a5-8", "--omaha", "--hand", "As 2s Kd Qd",
            "--hand", "? ? ? ?", "--board", "5c 9d Jd ? ?", "--max-error", "0.02"]
    _, first = run(args, capsys)
    assert first["method"] == "monte-carlo" and isinstance(first["seed"], int)
    _, again = run([*args, "--seed", str(first["seed"])], capsys)
    assert again == first


@pytest.mark.parametrize(("argv", "code"), [
    (["--rules", "high", "--hand", "As Ks", "--hand", "As Qc"], "duplicate_card"),
    (["--rules", "high", "--hand", "As Ks", "--hand", "Qx Qc"], "bad_card"),
    (["--hand", "As Ks"], "missing_rules"),
    (["--rules", "high"], "no_players"),
    (["--rules", "poker", "--hand", "As Ks Qs Js Ts"], "unknown_rules"),
    (["--game", "snap", "--hand", "As Ks"], "unknown_game"),
    (["--rules", "high", "--hand", "As Ks", "--board-to-come", "1"], "too_few_cards"),
    (["--rules", "high", "--hand", "As Ks", "--board-to-come", "5", "--max-error", "0"],
     "bad_max_error"),
])
def test_bad_input_exits_2_with_a_code(argv: list[str], code: str,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(argv, capsys)
    assert status == 2
    assert out["error"]["code"] == code and out["error"]["message"]


def test_low_hole_down_and_up_cards(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003 "Low Hole": which cards are down decides the wild rank, so a hand can be
    written down / up; the last card comes down."""
    argv = ["--game", "low-hole", "--hand", "Kc Qd / 9h 9s 4c 4d",
            "--hand", "Ah Ad / 8c 8d 3h 3s"]
    status, out = run([*argv, "--to-come", "1", "--to-come-down", "1"], capsys)
    assert status == 0 and out["method"] == "exact"
    # the first hand gets its card, and so does the second (seven cards each at the end)
    assert out["deals"] == 40 * 39
    # the same cards all counted as down: the 4s and 3s are wild instead of the queen (or
    # a lower new card) and the aces
    _, all_down = run(["--game", "low-hole", "--hand", "Kc Qd 9h 9s 4c 4d",
                       "--hand", "Ah Ad 8c 8d 3h 3s", "--to-come", "1"], capsys)
    assert all_down["players"][0]["equity"] != out["players"][0]["equity"]
    status, bad = run([*argv, "--to-come", "1", "--to-come-down", "2"], capsys)
    assert status == 2 and bad["error"]["code"] == "bad_to_come"


def test_declarations_change_who_wins(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 003 "With Declare": a player who declares both must win both ways outright.
    Seventh street, nothing to come: A-2-3-4-5 (a wheel: best low and a straight) against
    three kings."""
    argv = ["--game", "stud-hi-lo-declare", "--hand", "As 2d 3c 4h 5s 9d Qc",
            "--hand", "Kh Kd Kc 8s 7s 6d Jh"]
    _, speak = run(argv, capsys)
    assert [p["equity"] for p in speak["players"]] == [1.0, 0.0]  # cards speak: scoops
    _, both = run([*argv, "--declared", "both,high"], capsys)
    assert [p["equity"] for p in both["players"]] == [1.0, 0.0]  # wins both outright
    _, low = run([*argv, "--declared", "low,high"], capsys)
    assert [p["equity"] for p in low["players"]] == [0.5, 0.5]
    status, bad = run([*argv, "--declared", "low"], capsys)
    assert status == 2 and bad["error"]["code"] == "bad_declaration"
    status, bad = run([*argv, "--declared", "up,high"], capsys)
    assert status == 2 and bad["error"]["code"] == "bad_declaration"
