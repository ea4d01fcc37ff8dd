# MAX7219 8-digit LED driver chips, daisy-chained on one SPI bus with one chip-select.
#
# MicroPython firmware module. The chain talks to the hardware only through
# ``bus.send(buf)``, which must pull chip-select low, shift ``buf`` out MSB first
# and raise chip-select (the rising edge latches every chip at once); board.py
# provides the real bus, the emulator and the tests a recording one.
#
# Wire facts (MAX7219 datasheet): each chip takes a 16-bit word, register address
# in the high byte, data in the low byte. In a chain the first word shifted out
# travels furthest, so a transaction carries one word per chip, the word for the
# chip farthest from the microcontroller first; chips that should not change get
# the no-op word (0x00, 0x00).
#
# Chip 0 is the chip nearest the microcontroller. Digit position 0 is the leftmost
# digit; on the usual 8-digit modules that is DIG7 (register 0x08).

NOOP = 0x00
DIGIT0 = 0x01
DECODE_MODE = 0x09
INTENSITY = 0x0A
SCAN_LIMIT = 0x0B
SHUTDOWN = 0x0C
DISPLAY_TEST = 0x0F


class Chain:
    """``count`` chips of ``digits`` digits each; remembers what every chip shows.

    Only digit registers whose pattern changes are written, so a one-digit change
    on one seat costs one transaction on one chain.
    """

    def __init__(self, bus, count, digits=8):
        self.bus = bus
        self.count = count
        self.digits = digits
        self.shadow = [bytearray(digits) for _ in range(count)]
        self.levels = [0] * count

    def register(self, position):
        """Digit register for a digit position (0 = leftmost)."""
        return DIGIT0 + self.digits - 1 - position

    def write(self, reg, values):
        """One transaction: ``values[chip]`` into ``reg`` of each chip; None = no-op."""
        buf = bytearray(2 * self.count)
        for chip in range(self.count):
            value = values[chip]
            if value is not None:
                at = 2 * (self.count - 1 - chip)
                buf[at] = reg
                buf[at + 1] = value & 0xFF
        self.bus.send(buf)

    def init(self, level):
        """Power-on setup: test off, raw segments, all digits scanned, blank, lit."""
        every = [0] * self.count
        self.write(DISPLAY_TEST, every)
        self.write(DECODE_MODE, every)
        self.write(SCAN_LIMIT, [self.digits - 1] * self.count)
        self.write(INTENSITY, [level] * self.count)
        for position in range(self.digits):
            self.write(self.register(position), every)
        # Leave shutdown last so stale power-on digit contents never flash up.
        self.write(SHUTDOWN, [1] * self.count)
        self.shadow = [bytearray(self.digits) for _ in range(self.count)]
        self.levels = [level] * self.count

    def show(self, patterns):
        """Make chip ``i`` show ``patterns[i]`` (bytes, leftmost digit first)."""
        for position in range(self.digits):
            values = [None] * self.count
            changed = False
            for chip in range(self.count):
                value = patterns[chip][position]
                if self.shadow[chip][position] != value:
                    self.shadow[chip][position] = value
                    values[chip] = value
                    changed = True
            if changed:
                self.write(self.register(position), values)

    def set_levels(self, levels):
        """Intensity 0..15 per chip; writes only chips whose level changes."""
        values = [None] * self.count
        changed = False
        for chip in range(self.count):
            if self.levels[chip] != levels[chip]:
                self.levels[chip] = levels[chip]
                values[chip] = levels[chip]
                changed = True
        if changed:
            self.write(INTENSITY, values)

    def rewrite(self):
        """Resend every register from memory.

        A long ribbon to the rail picks up glitches that can knock a chip into test
        or shutdown mode; rewriting everything now and then heals it.
        """
        every = [0] * self.count
        self.write(DISPLAY_TEST, every)
        self.write(DECODE_MODE, every)
        self.write(SCAN_LIMIT, [self.digits - 1] * self.count)
        self.write(INTENSITY, list(self.levels))
        for position in range(self.digits):
            self.write(self.register(position), [s[position] for s in self.shadow])
        self.write(SHUTDOWN, [1] * self.count)
