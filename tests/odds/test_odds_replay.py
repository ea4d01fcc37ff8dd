"""Replays of logged hands with street-by-street equity (issue 11 item 3), read from a
real SQLite hand log that a real :class:`Table` wrote."""

from __future__ import annotations

import itertools
import json
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import eval7
import pytest

from controller.cards import Card
from controller.cli import main
from controller.odds.chart import equity_svg
from controller.odds.errors import OddsError
from controller.odds.replay import replay_logged
from controller.table import commands as cmd

STUD_SHOE = "As Kd 2c 3d 9h Tc 7s 7h 4c 5d 8s 8d Qh Jc"


def _stud_hand(dealer: Any) -> tuple[str, int]:
    session = dealer.open()
    return session, dealer.deal("stud", STUD_SHOE)


def _best7(cards: list[str]) -> int:
    return int(eval7.evaluate([eval7.Card(c) for c in cards]))


def test_stud_streets_third_to_seventh(dealer: Any) -> None:
    """Seed 003 "The Play": two down and one up, then fourth to sixth street up, seventh
    down; one betting round each; the replay names them and deals the shoe's cards."""
    session, hand = _stud_hand(dealer)
    r = replay_logged(dealer.table.store.events(session, hand))
    names = [s.name for s in r.streets]
    assert names == ["third street", "fourth street", "fifth street", "sixth street",
                     "seventh street", "showdown"]
    dealt = [d.card for s in r.streets for d in s.dealt]
    assert dealt == STUD_SHOE.split()  # every card, in the order the shoe gave them
    ups = [d.up for d in r.streets[0].dealt]
    assert ups == [False, False, False, False, True, True]
    assert [d.up for d in r.streets[4].dealt] == [False, False]
    final = dealer.table.state
    assert r.streets[-1].hands == tuple((p.seat, tuple(map(str, p.down)), tuple(map(str, p.up)))
                                        for p in final.players)


def test_equities_sum_to_one_and_showdown_matches_result(dealer: Any) -> None:
    """Seed 003 "The Showdown": each street's equities share the pot (sum 1); on seventh
    street every card is known, so the priced answer is the showdown's."""
    session, hand = _stud_hand(dealer)
    r = replay_logged(dealer.table.store.events(session, hand))
    for st in r.streets:
        assert sum(o.equity or 0 for o in st.odds) == pytest.approx(1.0, abs=1e-6), st.name
    seventh, showdown = r.streets[-2], r.streets[-1]
    assert seventh.method == "exact"
    assert [o.equity for o in seventh.odds] == pytest.approx([o.equity for o in showdown.odds])
    winners = dealer.table.state.result.winners
    assert {o.seat for o in showdown.odds if o.equity == 1.0} == set(winners)


def test_sixth_street_equals_brute_force_count(dealer: Any) -> None:
    """Seed 003 seventh street is one down card each: count every deal of the two cards
    with eval7 (an independent evaluator) and compare with the replay's exact answer."""
    session, hand = _stud_hand(dealer)
    r = replay_logged(dealer.table.store.events(session, hand))
    sixth = r.streets[3]
    held = {seat: [*down, *up] for seat, down, up in sixth.hands}
    seats = sorted(held)
    known = {c for cards in held.values() for c in cards}
    unseen = [str(c) for c in eval7.Deck().cards if str(c) not in known]
    wins = dict.fromkeys(seats, 0.0)
    deals = 0
    for a, b in itertools.permutations(unseen, 2):
        sa, sb = _best7(held[seats[0]] + [a]), _best7(held[seats[1]] + [b])
        wins[seats[0]] += 1.0 if sa > sb else 0.5 if sa == sb else 0.0
        wins[seats[1]] += 1.0 if sb > sa else 0.5 if sa == sb else 0.0
        deals += 1
    assert sixth.method == "exact"
    got = {o.seat: o.equity for o in sixth.odds}
    for seat in seats:
        assert got[seat] == pytest.approx(wins[seat] / deals, abs=1e-9)


def test_a_fold_leaves_zero_from_then_on(dealer: Any) -> None:
    """Seed 003 "Folding": a folded hand is dead: 0 from then on."""
    session = dealer.open(("Ann", "Bo", "Cy"))
    hand = dealer.deal("stud", "As Kd 2c 3d 9h Tc 7s 7h 4c Ad 5s 6d 8c Qs Jd 2h 3h",
                       ["2:fold"])  # seat 1 brings in with the 4c; seat 2 folds
    r = replay_logged(dealer.table.store.events(session, hand))
    folded = [o for o in r.streets[1].odds if o.folded]
    assert [o.seat for o in folded] == [2] and folded[0].equity == 0.0
    assert any(a.action == "fold" and a.seat == 2 for a in r.streets[0].actions)
    assert not r.streets[0].odds[1].folded  # priced before its betting: still in
    assert sum(o.equity or 0 for o in r.streets[1].odds) == pytest.approx(1.0, abs=1e-6)


def test_replaced_card_is_replayed_as_corrected(dealer: Any) -> None:
    """DESIGN.md "log first": a dealer's ``replace`` correction is in the log; the replay
    shows the real card, as the table dealt the rest of the hand with it."""
    session = dealer.open()
    hand = dealer.deal("stud", "As Kd 2c 3d 9h", finish=False)
    dealer.table.handle(cmd.ReplaceCard(Card("As"), Card("Ac"), "misread"))
    dealer.resume("Tc 7s 7h 4c 5d 8s 8d Qh Jc")
    r = replay_logged(dealer.table.store.events(session, hand))
    dealt = [d.card for s in r.streets for d in s.dealt]
    assert dealt[0] == "Ac" and "As" not in dealt


def test_hand_in_progress_is_not_replayed(dealer: Any) -> None:
    """DESIGN.md: down cards are never shown before the hand is over."""
    session = dealer.open()
    hand = dealer.deal("stud", "As Kd 2c 3d", finish=False)
    with pytest.raises(OddsError) as err:
        replay_logged(dealer.table.store.events(session, hand))
    assert err.value.code == "hand_in_progress"


def test_chart_has_a_line_and_points_per_player(dealer: Any) -> None:
    """The chart: valid SVG, one polyline per seat, one point per street with its equity."""
    session, hand = _stud_hand(dealer)
    r = replay_logged(dealer.table.store.events(session, hand))
    root = ET.fromstring(equity_svg(r))
    ns = "{http://www.w3.org/2000/svg}"
    assert len(root.findall(f"{ns}polyline")) == 2
    points = root.findall(f"{ns}circle")
    assert len(points) == 2 * len(r.streets)
    first = {(int(c.get("data-seat")), c.get("data-street")): float(c.get("data-equity"))
             for c in points}
    for st in r.streets:
        for o in st.odds:
            assert first[(o.seat, st.name)] == pytest.approx(o.equity, abs=1e-4)


def test_cli_history_show_odds(dealer: Any, tmp_path: Path,
                               capsys: pytest.CaptureFixture[str]) -> None:
    """``pitboss history show S N --odds``: text street by street, JSON, and --chart."""
    session, hand = _stud_hand(dealer)
    db = str(tmp_path / "log.sqlite3")
    assert main(["history", "show", "--db", db, session, str(hand), "--odds"]) == 0
    text = capsys.readouterr().out
    for name in ("third street", "seventh street", "showdown"):
        assert f"*** {name} ***" in text
    assert "Ann" in text and "%" in text and "pot" in text
    chart = tmp_path / "hand.svg"
    assert main(["history", "show", "--db", db, session, str(hand), "--odds", "--json",
                 "--chart", str(chart)]) == 0
    body = json.loads(capsys.readouterr().out)
    assert [s["name"] for s in body["streets"]][-1] == "showdown"
    assert ET.fromstring(chart.read_text()).tag.endswith("svg")


def test_cli_refuses_a_hand_in_progress(dealer: Any, tmp_path: Path,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    """Bad input: exit 2 with a stable code, and nothing is written."""
    session = dealer.open()
    hand = dealer.deal("stud", "As Kd", finish=False)
    chart = tmp_path / "x.svg"
    status = main(["history", "show", "--db", str(tmp_path / "log.sqlite3"), session,
                   str(hand), "--odds", "--chart", str(chart)])
    assert status == 2 and not chart.exists()
    assert json.loads(capsys.readouterr().out)["error"]["code"] == "hand_in_progress"
