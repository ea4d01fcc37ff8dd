"""Statistics (issue 7, "Statistics"): hands played, won, won at showdown, net per variant,
biggest pot; per session and across sessions, players merged by alias."""

from __future__ import annotations

from controller.log.session import HandEnd, HandStart, TableLog
from controller.log.stats import compute_stats, hand_summaries
from controller.log.store import EventStore


def _hand(log: TableLog, variant: str, players: dict[int, str], net: dict[int, int],
          showdown: bool) -> None:
    log.start_hand(HandStart(variant, players, {s: 100 for s in players}))
    winners = tuple(s for s, n in net.items() if n > 0)
    log.end_hand(HandEnd(net, winners, showdown, pot=sum(n for n in net.values() if n > 0) * 2))


def test_statistics_per_session_and_across_sessions(store: EventStore) -> None:
    fri = TableLog.open_session(store, "t", session_id="fri")
    _hand(fri, "razz", {1: "Anna", 2: "Ben", 3: "Chloé"}, {1: 10, 2: -4, 3: -6}, True)
    _hand(fri, "seven-card-stud", {1: "Anna", 2: "Ben"}, {1: -3, 2: 3}, False)
    fri.start_hand(HandStart("razz", {1: "Anna", 2: "Ben"}, {1: 1, 2: 1}))  # unfinished
    sat = TableLog.open_session(store, "t", session_id="sat")
    _hand(sat, "razz", {1: "bobby", 2: "Anna"}, {1: 25, 2: -25}, True)
    store.set_alias("Bobby", "Ben")

    friday = compute_stats(hand_summaries(store, "fri"), store.aliases())
    assert friday.hands == 2
    anna = friday.player("Anna")
    assert (anna.played, anna.won, anna.won_at_showdown) == (2, 1, 1)
    assert anna.net_by_variant == {"razz": 10, "seven-card-stud": -3}
    assert anna.biggest_pot_won == 20
    assert friday.player("Ben").won_at_showdown == 0 and friday.player("Ben").won == 1

    overall = compute_stats(hand_summaries(store), store.aliases())
    ben = overall.player("ben")
    assert ben.played == 3 and ben.net == -4 + 3 + 25 and ben.won_at_showdown == 1
    assert overall.player("bobby").player == "Ben"  # one person, not two
    assert [p.player for p in overall.players] == ["Ben", "Chloé", "Anna"]  # by net, desc
    assert overall.biggest_pot is not None
    assert (overall.biggest_pot.session, overall.biggest_pot.pot) == ("sat", 50)
    assert overall.to_dict()["hands"] == 3
