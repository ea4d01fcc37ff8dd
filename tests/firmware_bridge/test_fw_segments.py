"""The 7-segment font (firmware/segments.py): poker words, numbers, separators."""

from __future__ import annotations

import pytest

from firmware_bridge.firmware import segments

# Independent reading of the font: which segments each character lights.
BIT = {"A": 0x40, "B": 0x20, "C": 0x10, "D": 0x08, "E": 0x04, "F": 0x02, "G": 0x01}
DIGITS = ["ABCDEF", "BC", "ABDEG", "ABCDG", "BCFG", "ACDFG", "ACDEFG", "ABC", "ABCDEFG", "ABCDFG"]


def lit(segs: str) -> int:
    return sum(BIT[s] for s in segs)


def test_digits_match_the_standard_seven_segment_shapes() -> None:
    for d, segs in enumerate(DIGITS):
        assert segments.FONT[str(d)] == lit(segs), d


@pytest.mark.parametrize(
    "word", ["CALL", "FOLD", "RAISE", "ALL IN", "CHECK", "BET", "POST", "BEN WINS", "no HoSt"]
)
def test_issue_words_render_within_eight_digits(word: str) -> None:
    """Issue 5, firmware: short words like CALL, FOLD, RAISE, ALL IN on 7-segment digits."""
    pattern = segments.render(word, 8)
    assert len(pattern) == 8 and any(pattern)


def test_thousands_separator_is_the_decimal_point_of_the_digit_before() -> None:
    pattern = segments.render("12,500", 8)
    assert pattern == bytes([0, 0, 0, lit(DIGITS[1]), lit(DIGITS[2]) | 0x80]) + bytes(
        [lit(DIGITS[5]), lit(DIGITS[0]), lit(DIGITS[0])]
    )
    assert segments.glyph_count("12,345,678") == 8


def test_text_that_does_not_fit_or_has_no_shape_is_refused() -> None:
    with pytest.raises(ValueError, match="needs 9 digits"):
        segments.render("123,456,789", 8)
    with pytest.raises(ValueError, match="no 7-segment shape"):
        segments.render("Zoë", 8)
