# Text -> 7-segment digit patterns for the MAX7219 in no-decode mode.
#
# MicroPython firmware module (also imported by the host under CPython): plain
# functions, bytes and dicts only.
#
# Bit layout of one digit register (MAX7219 datasheet, "No-Decode Mode"):
#
#     bit:  7   6   5   4   3   2   1   0
#     seg:  DP  A   B   C   D   E   F   G
#
#          --A--
#         F     B
#          --G--
#         E     C
#          --D--  .DP
#
# A '.' or ',' lights the decimal point of the glyph before it, so "12,500" fills
# five digits and reads 12.500 (the point is the thousands separator on a chip
# display, as on a pocket calculator). Text shorter than the module is right
# justified like a number.

DP = 0x80

# One glyph per character. Upper and lower case differ only where a 7-segment
# display can show both (b/B, c/C, h/H, i/I, n/N, o/O, u/U); elsewhere both cases
# share the one readable shape (B shows as b, D as d, R as r, T as t).
FONT = {
    " ": 0x00,
    "0": 0x7E,
    "1": 0x30,
    "2": 0x6D,
    "3": 0x79,
    "4": 0x33,
    "5": 0x5B,
    "6": 0x5F,
    "7": 0x70,
    "8": 0x7F,
    "9": 0x7B,
    "A": 0x77,
    "B": 0x1F,
    "C": 0x4E,
    "D": 0x3D,
    "E": 0x4F,
    "F": 0x47,
    "G": 0x5E,
    "H": 0x37,
    "I": 0x06,
    "J": 0x3C,
    "K": 0x57,
    "L": 0x0E,
    "M": 0x55,
    "N": 0x76,
    "O": 0x7E,
    "P": 0x67,
    "Q": 0x73,
    "R": 0x05,
    "S": 0x5B,
    "T": 0x0F,
    "U": 0x3E,
    "V": 0x3E,
    "W": 0x2A,
    "X": 0x37,
    "Y": 0x3B,
    "Z": 0x6D,
    "c": 0x0D,
    "h": 0x17,
    "i": 0x10,
    "n": 0x15,
    "o": 0x1D,
    "u": 0x1C,
    "-": 0x01,
    "_": 0x08,
    "=": 0x09,
    '"': 0x22,
    "'": 0x02,
    "?": 0x65,
    "/": 0x25,
    "[": 0x4E,
    "]": 0x78,
    "*": 0x63,
}

# Lower-case letters without their own shape use the upper-case one.
for _c in "abdefgjklmpqrstvwxyz":
    FONT[_c] = FONT[_c.upper()]

BLANK = 0x00
# The "no host" pattern: a dash on every digit, the middle segment only.
NO_HOST = 0x01


def glyphs(text):
    """Turn text into a list of digit patterns, leftmost first.

    Raises ValueError naming the first character the font cannot show.
    """
    out = []
    for ch in text:
        if ch == "." or ch == ",":
            if out and not out[-1] & DP:
                out[-1] = out[-1] | DP
            else:
                out.append(DP)
            continue
        pattern = FONT.get(ch)
        if pattern is None:
            raise ValueError("character %r has no 7-segment shape" % ch)
        out.append(pattern)
    return out


def glyph_count(text):
    """How many digits ``text`` needs (a point rides on the digit before it)."""
    return len(glyphs(text))


def render(text, width):
    """Patterns for a ``width``-digit module, leftmost digit first, right justified.

    Raises ValueError if the text needs more than ``width`` digits.
    """
    out = glyphs(text)
    if len(out) > width:
        raise ValueError("%r needs %d digits; the module has %d" % (text, len(out), width))
    return bytes([BLANK] * (width - len(out)) + out)


def no_host(width):
    """The pattern shown while the host is silent: dashes across the module."""
    return bytes([NO_HOST] * width)
