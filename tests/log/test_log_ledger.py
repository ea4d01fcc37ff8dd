"""The ledger and settle-up (issue 7, "Ledger"): bank check, results, fewest transfers."""

from __future__ import annotations

from itertools import combinations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from controller.log.errors import LogError
from controller.log.ledger import BUY_IN, CASH_OUT, REBUY, Ledger, LedgerEntry
from controller.log.session import TableLog
from controller.log.settle import Transfer, settle
from controller.log.store import EventStore, open_store


def _apply(nets: dict[str, int], transfers: list[Transfer]) -> dict[str, int]:
    left = dict(nets)
    for t in transfers:
        assert t.chips > 0 and t.payer != t.payee
        left[t.payer] += t.chips
        left[t.payee] -= t.chips
    return left


def _min_transfers_brute_force(values: list[int]) -> int:
    """Independent check: n - (most disjoint zero-sum groups), by trying every split."""
    values = [v for v in values if v]

    def most_groups(rest: tuple[int, ...]) -> int:
        if not rest:
            return 0
        first, others = rest[0], rest[1:]
        best = 0
        for k in range(len(others) + 1):
            for combo in combinations(range(len(others)), k):
                if first + sum(others[i] for i in combo) == 0:
                    remaining = tuple(v for i, v in enumerate(others) if i not in combo)
                    best = max(best, 1 + most_groups(remaining))
        return best

    return len(values) - most_groups(tuple(values))


@st.composite
def nets_summing_to_zero(draw: st.DrawFn, max_players: int = 7) -> dict[str, int]:
    values = draw(st.lists(st.integers(-60, 60), min_size=1, max_size=max_players - 1))
    values.append(-sum(values))
    return {f"player{i}": v for i, v in enumerate(values)}


@settings(max_examples=120, deadline=None)
@given(nets_summing_to_zero())
def test_settle_squares_everyone_in_the_fewest_transfers(nets: dict[str, int]) -> None:
    transfers = settle(nets)
    assert all(v == 0 for v in _apply(nets, transfers).values())
    assert len(transfers) == _min_transfers_brute_force(list(nets.values()))


@settings(max_examples=40, deadline=None)
@given(nets_summing_to_zero(max_players=24))
def test_greedy_beyond_the_exact_limit_stays_within_n_minus_one(nets: dict[str, int]) -> None:
    not_square = sum(1 for v in nets.values() if v)
    for limit in (0, 14):
        transfers = settle(nets, exact_limit=limit)
        assert all(v == 0 for v in _apply(nets, transfers).values())
        assert len(transfers) <= max(0, not_square - 1)


def test_settle_finds_the_split_that_greedy_misses() -> None:
    """Biggest-debtor-pays-biggest-creditor needs 5 transfers here; {B, C, A} and
    {E, D, F} each square on their own, so 4 suffice."""
    nets = {"A": -2, "B": -5, "C": 7, "D": 3, "E": -9, "F": 6}
    assert len(settle(nets, exact_limit=0)) == 5
    transfers = settle(nets)
    assert len(transfers) == 4
    assert all(v == 0 for v in _apply(nets, transfers).values())


def test_settle_refuses_results_that_do_not_add_up() -> None:
    with pytest.raises(LogError) as err:
        settle({"Anna": 10, "Ben": -5})
    assert err.value.code == "bank_unbalanced"


def test_bank_check_names_who_has_not_cashed_out() -> None:
    led = Ledger.from_entries([LedgerEntry("Anna", BUY_IN, 100), LedgerEntry("Ben", BUY_IN, 50),
                               LedgerEntry("Anna", CASH_OUT, 150)])
    bank = led.bank()
    assert not bank.balanced and bank.still_seated == ("Ben",)
    with pytest.raises(LogError) as err:
        led.check_bank()
    assert err.value.code == "bank_unbalanced" and "Ben" in err.value.message


@pytest.mark.parametrize("entries, fragment", [
    ([LedgerEntry("Anna", CASH_OUT, 10)], "never bought in"),
    ([LedgerEntry("Anna", REBUY, 10)], "not bought in yet"),
    ([LedgerEntry("Anna", BUY_IN, 10), LedgerEntry("Anna", CASH_OUT, 11)], "only 10 chips"),
])
def test_the_bank_never_pays_what_it_did_not_sell(entries: list[LedgerEntry],
                                                  fragment: str) -> None:
    with pytest.raises(LogError) as err:
        Ledger.from_entries(entries)
    assert err.value.code == "bad_ledger_entry" and fragment in err.value.message


@pytest.mark.parametrize("chips", [0, -5, 2.5, True, "10"])
def test_buy_ins_must_be_whole_positive_chips(chips: object) -> None:
    with pytest.raises(LogError) as err:
        LedgerEntry("Anna", BUY_IN, chips)  # type: ignore[arg-type]
    assert err.value.code == "bad_ledger_entry"


def test_refused_ledger_entry_changes_nothing_in_the_log(store: EventStore) -> None:
    log = TableLog.open_session(store, "t", session_id="s")
    log.buy_in("Anna", 100)
    before = store.events("s")
    with pytest.raises(LogError):
        log.cash_out("Anna", 101)
    with pytest.raises(LogError):
        log.rebuy("Ben", 10)
    assert store.events("s") == before and log.ledger.bank().chips_sold == 100


def test_aliases_merge_one_person_across_sessions(db_url: str) -> None:
    with open_store(db_url) as store:
        store.set_alias("Bobby", "Robert")
        log = TableLog.open_session(store, "t", session_id="s1")
        log.buy_in("Robert", 100)
        log.rebuy("bobby", 50)  # same person: a rebuy, not a stranger's first purchase
        log.buy_in("Anna", 100)
        log.cash_out("BOBBY ", 20)
        log.cash_out("Anna", 230)
        assert log.close_session().kind == "session_close"
        results = {r.player: r for r in log.ledger.results()}
        assert set(results) == {"Anna", "Robert"}
        assert (results["Robert"].bought, results["Robert"].rebuys, results["Robert"].net) == \
            (100, 50, -130)
        assert settle(log.ledger.nets()) == [Transfer("Robert", "Anna", 130)]
    with open_store(db_url) as again:  # a fresh writer reads the same ledger back
        assert TableLog(again, "s1").ledger.nets() == {"Anna": 130, "Robert": -130}
