"""``pitboss history`` and ``pitboss ledger`` over --db on both backends (issue 7, items 3-5)."""

from __future__ import annotations

import json
import subprocess
import sys
import warnings
from pathlib import Path

import pytest
from pokerkit import HandHistory

from controller.cli import main
from controller.log.session import HandEnd, HandStart, TableLog
from controller.log.store import open_store

sys.path.insert(0, str(Path(__file__).parent))
from log_hands import SEVEN_CARD_STUD

ROOT = Path(__file__).parents[2]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().out


def _play_the_stud_hand(db: str) -> None:
    with open_store(db) as store:
        log = TableLog(store, "fri")
        record = SEVEN_CARD_STUD
        log.start_hand(HandStart(record.game, {s.seat: s.player for s in record.seats},
                                 {s.seat: s.stack for s in record.seats}, dealer=5))
        log.record("bet", {"street": "third", "seat": 3, "chips": 2})
        log.end_hand(HandEnd({1: 34, 3: -3, 5: -31}, winners=(1,), showdown=True, pot=65,
                             record=record.to_dict()))
        log.start_hand(HandStart("razz", {1: "Anna", 3: "Ben"}, {1: 134, 3: 97}))
        log.record("card_seen", {"street": "third", "card": "As", "seat": 1})


def test_an_evening_through_the_cli(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    db = ("--db", db_url)
    code, out = run(capsys, "ledger", "open", "Friday game", "--chip-unit", "0.25",
                    "--currency", "EUR", "--stakes", "5/10", "--session", "fri", *db)
    assert (code, out.strip()) == (0, "fri")
    for player in ("Anna", "Ben", "Chloé"):
        assert run(capsys, "ledger", "buy-in", "fri", player, "100", *db)[0] == 0
    _play_the_stud_hand(db_url)

    code, out = run(capsys, "history", "list", *db, "--json")
    assert code == 0 and json.loads(out)[0] | {"opened": None} == {
        "session": "fri", "table": "Friday game", "stakes": "5/10", "opened": None,
        "closed": None, "hands": 2}
    code, out = run(capsys, "history", "list", "fri", *db, "--json")
    hands = json.loads(out)
    assert [(h["hand"], h["finished"], h["pot"]) for h in hands] == \
        [(1, True, 65), (2, False, None)]
    assert hands[0]["winners"] == ["Anna"]

    code, out = run(capsys, "history", "show", "fri", "1", *db)
    assert "*** 3rd STREET ***" in out and "Anna collected 65 from pot" in out
    code, out = run(capsys, "history", "show", "fri", "2", *db)
    assert "*** third ***" in out and "(hand in progress)" in out

    code, out = run(capsys, "history", "export", "fri", "1", "--format", "phh", *db)
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        *_, final = list(HandHistory.loads(out))
    assert tuple(final.stacks) == (134, 97, 69)
    code, out = run(capsys, "history", "export", "fri", "--format", "json", *db)
    assert [e["kind"] for e in json.loads(out)["events"]][:2] == ["session_open", "buy_in"]

    code, out = run(capsys, "history", "stats", "fri", *db, "--json")
    stats = json.loads(out)
    assert stats["hands"] == 1 and stats["players"][0]["player"] == "Anna"
    assert stats["players"][0]["net_by_variant"] == {"seven-card-stud": 34}


def test_ledger_settles_and_closes(db_url: str, capsys: pytest.CaptureFixture[str]) -> None:
    db = ("--db", db_url)
    run(capsys, "ledger", "open", "t", "--chip-unit", "0.25", "--currency", "EUR",
        "--session", "s", *db)
    for verb, player, chips in [("buy-in", "Anna", 100), ("buy-in", "Ben", 100),
                                ("rebuy", "Ben", 50), ("cash-out", "Anna", 190)]:
        assert run(capsys, "ledger", verb, "s", player, str(chips), *db)[0] == 0
    code, out = run(capsys, "ledger", "close", "s", *db)
    error = json.loads(out)["error"]
    assert code == 2 and error["code"] == "bank_unbalanced" and "Ben" in error["message"]
    run(capsys, "ledger", "cash-out", "s", "Ben", "60", *db)
    code, out = run(capsys, "ledger", "show", "s", *db)
    assert "Ben pays Anna 22.50 EUR (90 chips)" in out
    code, out = run(capsys, "ledger", "export", "s", "--what", "transfers", *db)
    assert out.splitlines() == ["payer,payee,chips,money,currency", "Ben,Anna,90,22.50,EUR"]
    code, out = run(capsys, "ledger", "export", "s", *db)
    assert "s,Anna,100,0,190,90,22.50,EUR" in out.splitlines()
    assert run(capsys, "ledger", "close", "s", *db)[0] == 0
    code, out = run(capsys, "ledger", "buy-in", "s", "Dev", "10", *db)
    assert code == 2 and json.loads(out)["error"]["code"] == "session_closed"


@pytest.mark.parametrize("argv, code", [
    (("history", "show", "nope", "1"), "unknown_session"),
    (("history", "show", "s", "9"), "unknown_hand"),
    (("history", "export", "s", "1", "--format", "phh"), "export_unavailable"),
    (("ledger", "cash-out", "s", "Anna", "11"), "bad_ledger_entry"),
    (("ledger", "buy-in", "s", "Anna", "0"), "bad_ledger_entry"),
    (("ledger", "alias", "Anna", "Anna"), "alias_cycle"),
])
def test_bad_input_is_a_clear_error_and_changes_nothing(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], argv: tuple[str, ...],
        code: str) -> None:
    db = str(tmp_path / "log.sqlite3")
    with open_store(db) as store:
        log = TableLog.open_session(store, "t", session_id="s")
        log.buy_in("Anna", 10)
        log.start_hand(HandStart("razz", {1: "Anna"}, {1: 10}))
        log.end_hand(HandEnd({1: 0}))
        before = store.events("s")
    status, out = run(capsys, *argv, "--db", db)
    error = json.loads(out)["error"]
    assert status == 2 and error["code"] == code and len(error["message"]) > 10
    with open_store(db) as store:
        assert store.events("s") == before


def test_bad_db_url_from_a_real_process(tmp_path: Path) -> None:
    proc = subprocess.run([sys.executable, "-m", "controller.cli", "history", "list", "--db",
                           "mysql://x/y"], capture_output=True, text=True, cwd=ROOT)
    assert proc.returncode == 2
    assert json.loads(proc.stdout)["error"]["code"] == "bad_db_url"


def test_default_database_lives_in_the_xdg_data_folder(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    assert run(capsys, "ledger", "open", "home", "--session", "h")[0] == 0
    assert (tmp_path / "pitboss" / "pitboss.sqlite3").exists()
    assert "h" in run(capsys, "history", "list")[1]


def test_a_session_exports_as_a_phhs_file_pokerkit_reads(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Two finished hands -> one ``[hand]`` table each; PokerKit's loads_all replays both."""
    from log_hands import RAZZ

    db = str(tmp_path / "log.sqlite3")
    with open_store(db) as store:
        log = TableLog.open_session(store, "t", session_id="s")
        for record, net in ((SEVEN_CARD_STUD, {1: 34, 3: -3, 5: -31}),
                            (RAZZ, {2: -3, 4: 3})):
            log.start_hand(HandStart(record.game, {s.seat: s.player for s in record.seats},
                                     {s.seat: s.stack for s in record.seats}))
            log.end_hand(HandEnd(net, record=record.to_dict()))
    out_file = tmp_path / "night.phhs"
    assert run(capsys, "history", "export", "s", "--format", "phh", "-o", str(out_file),
               "--db", db)[0] == 0
    histories = list(HandHistory.loads_all(out_file.read_text()))
    assert [h.hand for h in histories] == [12, 2]
    assert [tuple(list(h)[-1].stacks) for h in histories] == [(134, 97, 69), (47, 53)]
    code, text = run(capsys, "history", "export", "s", "--format", "text", "--db", db)
    assert code == 0 and text.count("PokerStars Hand #") == 2
