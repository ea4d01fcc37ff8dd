"""``pitboss hand`` and ``pitboss showdown``: the JSON contracts of issue 2, item 5."""

import json
import subprocess
import sys

import pytest

from controller.cli import main


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, dict]:  # type: ignore[type-arg]
    status = main(argv)
    out = capsys.readouterr().out
    return status, json.loads(out)


def test_hand_prints_rules_category_cards_value(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 000 section 05: Anna's flush, the joker shown as the J♠ it stands for."""
    status, out = run(["hand", "--rules", "high-bug", "As", "Ks", "Qs", "7s", "9d", "2c", "Jk"],
                      capsys)
    assert status == 0
    assert out["rules"] == "high-bug" and out["category"] == "flush"
    assert out["cards"] == ["As", "Ks", "Qs", "Js", "7s"]
    assert out["value"] == [5, 14, 13, 12, 11, 7] and "qualifies" not in out


def test_hand_accepts_one_quoted_argument(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["hand", "--rules", "high", "Ah Kh Qh Jh Th"], capsys)
    assert status == 0 and out["category"] == "straight flush"


def test_hand_low_a5_8_carries_qualifies(capsys: pytest.CaptureFixture[str]) -> None:
    _, good = run(["hand", "--rules", "low-a5-8", "8h", "6c", "4d", "3s", "Ah", "Kc", "Kd"], capsys)
    _, bad = run(["hand", "--rules", "low-a5-8", "9h", "6c", "4d", "3s", "Ah", "Kc", "Kd"], capsys)
    assert good["qualifies"] is True and bad["qualifies"] is False
    assert good["value"] > bad["value"]


def test_hand_high_wild_with_wild_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["hand", "--rules", "high-wild", "--wild", "Jk,2", "Jk", "2c", "As", "Ad", "Ah"],
                 capsys)
    assert out["category"] == "five of a kind" and out["value"][0] == 9


@pytest.mark.parametrize(("rules", "cards"), [
    ("low-a5", "5h 4d 3c 2s Ah"), ("low-27", "7c 5d 4h 3s 2c"), ("low-a6", "6h 4d 3c 2s Ah")])
def test_hand_each_low_system_names_its_best_hand(
        rules: str, cards: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["hand", "--rules", rules, *cards.split()], capsys)
    assert status == 0 and out["category"].endswith(" low") and len(out["cards"]) == 5


@pytest.mark.parametrize(("argv", "code"), [
    (["hand", "--rules", "high-stud", "As", "Kd", "Qh", "Jc", "Tc"], "unknown_rules"),
    (["hand", "--rules", "high", "As", "Kd", "Qh", "Jc", "Tx"], "bad_card"),
    (["hand", "--rules", "high", "As", "Kd", "Qh", "Jc", "As"], "duplicate_card"),
    (["hand", "--rules", "high", "As", "Kd", "Qh", "Jc"], "too_few_cards"),
    (["hand", "As", "Kd", "Qh", "Jc", "Tc"], "missing_rules"),
    (["showdown", "--rules", "high", "--hand", "As Kd", "--hand", "As Qd", "--board",
      "2c 3c 4c"], "duplicate_card"),
    (["showdown", "--rules", "nope", "--hand", "As Kd"], "unknown_rules"),
    (["showdown", "--rules", "high"], "no_hands"),
    (["showdown", "--rules", "high", "--hand", "As Kd", "--board", "2c 3c"], "too_few_cards"),
])
def test_bad_input_exits_2_with_error_code_and_message(
        argv: list[str], code: str, capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(argv, capsys)
    assert status == 2
    assert out["error"]["code"] == code and out["error"]["message"]


def test_showdown_prints_winners_and_hands(capsys: pytest.CaptureFixture[str]) -> None:
    status, out = run(["showdown", "--rules", "high-bug", "--hand", "As Ks Qs 7s 9d 2c",
                       "--hand", "9c 9h 5c 5d Kd 3h", "--board", "Jk"], capsys)
    assert status == 0 and out["winners"] == [0]
    assert [h["category"] for h in out["hands"]] == ["flush", "two pair"]
    assert sorted(out["hands"][1]["cards"][:4]) == ["5c", "5d", "9c", "9h"]
    assert out["hands"][1]["cards"][4][0] == "A"  # the bug as an ace kicker


def test_showdown_tie_and_low_qualifier(capsys: pytest.CaptureFixture[str]) -> None:
    _, tie = run(["showdown", "--rules", "high", "--hand", "Ah Kh", "--hand", "Ac Kc",
                  "--board", "2d 7s 9c Jd 3h"], capsys)
    assert tie["winners"] == [0, 1]
    _, low = run(["showdown", "--rules", "low-a5-8", "--hand", "Kh Kd", "--hand", "Ah 4d",
                  "--board", "2d 7s 9c Jd 3h"], capsys)
    assert low["winners"] == [1] and [h["qualifies"] for h in low["hands"]] == [False, True]


def test_showdown_omaha_option(capsys: pytest.CaptureFixture[str]) -> None:
    _, out = run(["showdown", "--rules", "high", "--omaha", "--hand", "Ah Kc Qd Js",
                  "--hand", "9h 8h 2c 2d", "--board", "2h 5h 8c Th 3c"], capsys)
    assert out["winners"] == [1] and out["hands"][0]["category"] != "flush"


def test_console_script_runs_as_a_process() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "controller.cli", "hand", "--rules", "bogus", "As"],
        capture_output=True, text=True, check=False)
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "unknown_rules"


def test_hand_points_and_four_card_low_options(capsys: pytest.CaptureFixture[str]) -> None:
    """Seed 004 "7 27" (low side, faces ½) and "5-4 Buy 2" (four-card low)."""
    _, points = run(["hand", "--rules", "points-7-27", "--side", "low", "Ah", "Kd", "5c"], capsys)
    assert points["category"] == "points" and points["value"] == [-1]
    _, low4 = run(["hand", "--rules", "low-a5", "--hand-size", "4", "Ah 2d 3c 4s 5h"], capsys)
    assert low4["cards"] == ["4s", "3c", "2d", "Ah"]
    status, bad = run(["hand", "--rules", "high", "--side", "low", "Ah Kd Qc Js 9h"], capsys)
    assert status == 2 and bad["error"]["code"] == "bad_option"
