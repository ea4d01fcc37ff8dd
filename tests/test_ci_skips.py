"""The CI rule of tests/conftest.py: with PITBOSS_REQUIRE_ALL set, a skip (here a peer
library that is not installed) fails; the cards-dev photographs (not in the repository)
may still skip."""

from __future__ import annotations

from pathlib import Path

import pytest

pytest_plugins = ["pytester"]

PROBE = '''
import pytest
def test_needs_a_peer_library():
    pytest.importorskip("a_peer_library_nobody_installed")
@pytest.mark.skipif(True, reason="../shared/cards-dev is not on this machine")
def test_needs_photos():
    pass
'''


@pytest.mark.parametrize(("flag", "failed", "skipped"), [("1", 1, 1), ("", 0, 2)])
def test_a_skip_fails_only_in_ci(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
                                 flag: str, failed: int, skipped: int) -> None:
    pytester.makeconftest((Path(__file__).parent / "conftest.py").read_text())
    pytester.makepyfile(test_probe=PROBE)
    monkeypatch.setenv("PITBOSS_REQUIRE_ALL", flag)
    result = pytester.runpytest("-p", "no:xdist", "-p", "no:cacheprovider")
    result.assert_outcomes(failed=failed, skipped=skipped)
