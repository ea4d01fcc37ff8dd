"""The short soak, run by ``make test`` (issue 12 "Done when" 1): a few hundred hands of
the whole playable catalogue through the real table, every fault kind at least once.

See ``soak_run.py`` for the pipeline and the checks; the summary table is printed
(``pytest -s`` shows it). Vision: every card of one hand in 40 goes through rendered
frames and the real shoe reader, the rest are reported as shoe readings.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from soak_run import FAULTS, Soak, SoakConfig


@pytest.mark.slow
def test_short_soak_every_fault_recovered_chips_conserved_log_replays(tmp_path: Path) -> None:
    soak = Soak(SoakConfig(hands=200, seed=12, vision_every=40, faults_each=1), tmp_path)
    try:
        report = soak.run()
    except BaseException:
        print(soak.report.table(), soak.controller.stderr(), sep="\n")
        raise
    print("\n" + report.table())
    assert report.problems == [], "\n".join(report.problems[:20])
    assert report.hands == 200
    assert len(report.games) == len(soak.games), "every playable game is dealt"
    for kind in FAULTS:
        assert report.faults[kind] >= 1, kind
        assert report.recoveries[kind] == report.faults[kind], kind
    assert report.vision_cards > 0 and report.direct_cards > 0 and report.hand_entered > 0
    assert report.public_messages > report.hands  # the table screen watched every hand
    assert report.phone_messages > report.hands  # and a player's phone, across restarts
    assert report.peak_rss_kb > 0
