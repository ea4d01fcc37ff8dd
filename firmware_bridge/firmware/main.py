# pitboss LED display firmware (MicroPython 1.27; runs as main.py on the board).
#
# The loop: read whatever bytes the host sent, cut them into lines, decode frames
# (protocol.py, shared with the host), apply state messages, answer every frame,
# then draw the wanted picture on the MAX7219 chains and the WS2812 lamps.
# Hardware lives only in board.py; the emulator and the tests hand in a fake board
# with the same methods, so everything here runs unchanged on this machine.
#
# State messages are idempotent (last writer wins) and a frame whose sequence
# number equals the last applied one is a retransmit: it is ACKed again but not
# re-applied. Frames that fail their CRC are dropped and counted, never answered.

try:  # on the host (CPython tests, emulator) the modules live in the package
    from firmware_bridge import protocol
    from firmware_bridge.firmware import max7219, segments
except ImportError:  # on the board they sit side by side in the root directory
    import max7219
    import protocol
    import segments

FIRMWARE_VERSION = "1.0.0"
BOOT_WINDOW_MS = 2000  # Ctrl-C still reaches the REPL this long after boot (mpremote)
NO_HOST_MS = 5000  # silence longer than this shows the "no host" pattern
WATCHDOG_MS = 3000  # a loop that stops feeding the watchdog this long gets reset
REWRITE_MS = 30000  # resend every chip register this often (heals glitched chips)
DEFAULT_LEVEL = 4  # MAX7219 intensity 0..15; 4 suits a dim card room

# ProtocolError codes from unpack_* -> NAK reasons
_NAK_FOR = {
    "bad_length": protocol.NAK_BAD_LENGTH,
    "bad_value": protocol.NAK_BAD_VALUE,
}
# decode_frame error codes -> STATUS counter index
_COUNTER_FOR = {
    "bad_crc": 1,
    "malformed": 2,
    "too_short": 2,
    "too_long": 2,
    "noise": 6,
}
FRAMES_OK = 0
DUPLICATES = 4
REJECTED = 5
HOST_LOST = 7
OVERFLOW = 3


class Refused(Exception):
    """A good frame that cannot be applied; carries the NAK reason."""

    def __init__(self, reason):
        super().__init__(reason)
        self.reason = reason


class Module:
    """What one 8-digit module should show: patterns, intensity, blink period."""

    def __init__(self, digits):
        self.content = bytes(digits)
        self.level = DEFAULT_LEVEL
        self.blink_ms = 0


class Firmware:
    def __init__(self, board):
        self.board = board
        self.digits = board.DIGITS
        self.chains = [max7219.Chain(bus, n, self.digits) for bus, n in board.chains()]
        self.modules = [Module(self.digits) for c in self.chains for _ in range(c.count)]
        self.lamps = [(0, 0, 0, 0)] * board.LAMPS
        self.shown_lamps = None
        self.reader = protocol.LineReader()
        self.boot_id = board.boot_id() & 0xFFFFFFFF
        self.counters = [0] * len(protocol.COUNTERS)
        self.tx_seq = 0
        self.last_seq = None
        self.last_refusal = None  # NAK reason given to last_seq, None if it was ACKed
        self.started = board.ticks_ms()
        self.last_heard = None
        self.host_lost = True
        self.protected = False
        self.last_rewrite = self.started
        self.dirty = True  # something new to draw

    # ---- life cycle

    def start(self):
        for chain in self.chains:
            chain.init(DEFAULT_LEVEL)
        self.send_hello()
        if self.board.reset_was_watchdog():
            self.send(protocol.ERROR, protocol.pack_error(protocol.ERR_WATCHDOG_RESET, "watchdog"))

    def step(self):
        """One pass of the main loop; never blocks."""
        now = self.board.ticks_ms()
        if not self.protected and self.elapsed(now, self.started) >= BOOT_WINDOW_MS:
            self.end_boot_window()
        data = self.board.read()
        if data:
            for line in self.reader.feed(data):
                self.handle_line(line, now)
        self.counters[OVERFLOW] = self.reader.overflows
        self.draw(now)
        if self.protected:
            self.board.watchdog_feed()

    def run(self):
        self.start()
        while True:
            self.step()
            self.board.idle()

    def end_boot_window(self):
        # From here on a stray 0x03 on the line must not stop the firmware, and a
        # hang must reset the board. Both wait until now so that a person can still
        # break into the REPL right after a reset (to update the firmware).
        self.board.protect_serial()
        self.board.watchdog_start(WATCHDOG_MS)
        self.protected = True

    def elapsed(self, now, then):
        return self.board.ticks_diff(now, then)

    # ---- frames in

    def handle_line(self, line, now):
        if not line.strip():
            return
        try:
            kind, seq, payload = protocol.decode_frame(line)
        except protocol.ProtocolError as e:
            self.counters[_COUNTER_FOR.get(e.code, 2)] += 1
            return
        self.counters[FRAMES_OK] += 1
        self.last_heard = now
        try:
            self.handle_frame(kind, seq, payload)
        except Exception as e:  # never let one frame stop the display
            detail = "%s on %s" % (type(e).__name__, protocol.kind_name(kind))
            self.send(protocol.ERROR, protocol.pack_error(protocol.ERR_INTERNAL, detail))

    def handle_frame(self, kind, seq, payload):
        if kind == protocol.HELLO:
            self.answer_hello(seq, payload)
        elif kind == protocol.PING:
            self.send(protocol.PONG, protocol.pack_pong(self.boot_id, payload[:8]))
        elif kind == protocol.STATUS:
            self.send_status()
        elif seq == self.last_seq:
            # A retransmit (our answer was lost): give the same answer, change nothing.
            self.counters[DUPLICATES] += 1
            if self.last_refusal is None:
                self.ack(seq)
            else:
                self.nak(seq, self.last_refusal)
        else:
            self.apply_or_nak(kind, seq, payload)

    def answer_hello(self, seq, payload):
        try:
            version = protocol.unpack_hello_request(payload)
        except protocol.ProtocolError:
            version = -1
        if version != protocol.PROTOCOL_VERSION:
            self.counters[REJECTED] += 1
            self.nak(seq, protocol.NAK_BAD_VERSION)
            return
        # A new host session: forget the last sequence number so its first frame,
        # whatever its number, is applied.
        self.last_seq = None
        self.send_hello()

    def apply_or_nak(self, kind, seq, payload):
        self.last_seq = seq
        try:
            self.apply(kind, payload)
        except Refused as e:
            self.refuse(seq, e.reason)
            return
        except protocol.ProtocolError as e:
            self.refuse(seq, _NAK_FOR.get(e.code, protocol.NAK_BAD_VALUE))
            return
        self.last_refusal = None
        self.dirty = True
        self.ack(seq)

    def refuse(self, seq, reason):
        self.counters[REJECTED] += 1
        self.last_refusal = reason
        self.nak(seq, reason)

    def apply(self, kind, payload):
        handler = self.HANDLERS.get(kind)
        if handler is None:
            raise Refused(protocol.NAK_UNKNOWN_KIND)
        handler(self, payload)

    # ---- state messages (each validates everything before changing anything)

    def targets(self, index, count, allow_all=True):
        if allow_all and index == protocol.ALL:
            return range(count)
        if index >= count:
            raise Refused(protocol.NAK_BAD_MODULE)
        return (index,)

    def set_text(self, payload):
        module, text = protocol.unpack_set_text(payload)
        self.targets(module, len(self.modules), False)
        try:
            pattern = segments.render(text, self.digits)
        except ValueError:
            raise Refused(protocol.NAK_BAD_VALUE)
        self.modules[module].content = pattern

    def set_segments(self, payload):
        module, raw = protocol.unpack_set_segments(payload)
        self.targets(module, len(self.modules), False)
        if len(raw) > self.digits:
            raise Refused(protocol.NAK_BAD_VALUE)
        self.modules[module].content = bytes(self.digits - len(raw)) + raw

    def brightness(self, payload):
        module, level = protocol.unpack_brightness(payload)
        for i in self.targets(module, len(self.modules)):
            self.modules[i].level = level

    def blink(self, payload):
        module, period = protocol.unpack_blink(payload)
        for i in self.targets(module, len(self.modules)):
            self.modules[i].blink_ms = period

    def clear(self, payload):
        module = protocol.unpack_clear(payload)
        for i in self.targets(module, len(self.modules)):
            self.modules[i].content = bytes(self.digits)
            self.modules[i].blink_ms = 0

    def set_lamp(self, payload):
        lamp, red, green, blue, mode = protocol.unpack_set_lamp(payload)
        for i in self.targets(lamp, len(self.lamps)):
            self.lamps[i] = (red, green, blue, mode)

    HANDLERS = {
        protocol.SET_TEXT: set_text,
        protocol.SET_SEGMENTS: set_segments,
        protocol.BRIGHTNESS: brightness,
        protocol.BLINK: blink,
        protocol.CLEAR: clear,
        protocol.SET_LAMP: set_lamp,
    }

    # ---- frames out

    def send(self, kind, payload=b""):
        self.board.write(protocol.encode_frame(kind, self.tx_seq, payload))
        self.tx_seq = (self.tx_seq + 1) & 0xFFFF

    def ack(self, seq):
        self.send(protocol.ACK, protocol.pack_ack(seq, self.boot_id))

    def nak(self, seq, reason):
        self.send(protocol.NAK, protocol.pack_nak(seq, reason, self.boot_id))

    def send_hello(self):
        payload = protocol.pack_hello(
            len(self.modules),
            self.digits,
            len(self.lamps),
            self.boot_id,
            FIRMWARE_VERSION,
            self.board.board_id(),
        )
        self.send(protocol.HELLO, payload)

    def send_status(self):
        uptime = self.elapsed(self.board.ticks_ms(), self.started) & 0xFFFFFFFF
        self.send(protocol.STATUS, protocol.pack_status(self.boot_id, uptime, self.counters))

    # ---- drawing

    def lit(self, period, now):
        """Blink phase: on for the first half of each period, counted from boot."""
        if not period:
            return True
        return (self.elapsed(now, self.started) % period) < (period // 2 or 1)

    def moving(self):
        """True while something blinks: then every pass must redraw."""
        for module in self.modules:
            if module.blink_ms:
                return True
        for lamp in self.lamps:
            if lamp[3]:
                return True
        return False

    def draw(self, now):
        lost = self.last_heard is None or self.elapsed(now, self.last_heard) > NO_HOST_MS
        if lost and not self.host_lost:
            self.counters[HOST_LOST] += 1
        if lost != self.host_lost:
            self.dirty = True
        self.host_lost = lost
        rewrite = self.elapsed(now, self.last_rewrite) >= REWRITE_MS
        # Idle passes (nothing new, nothing blinking) skip the work: on the Pico the
        # loop runs every millisecond and should not churn the heap.
        if not (self.dirty or rewrite or self.moving()):
            return
        self.dirty = False
        first = 0
        for chain in self.chains:
            patterns = []
            levels = []
            for module in self.modules[first : first + chain.count]:
                if lost:
                    patterns.append(segments.no_host(self.digits))
                elif self.lit(module.blink_ms, now):
                    patterns.append(module.content)
                else:
                    patterns.append(bytes(self.digits))
                levels.append(module.level)
            chain.show(patterns)
            chain.set_levels(levels)
            first += chain.count
        if rewrite:
            self.last_rewrite = now
            for chain in self.chains:
                chain.rewrite()
        self.draw_lamps(lost, now)

    def draw_lamps(self, lost, now):
        colours = []
        for red, green, blue, mode in self.lamps:
            if lost or (mode and not self.lit(1000, now)):
                colours.append((0, 0, 0))
            else:
                colours.append((red, green, blue))
        if colours != self.shown_lamps:
            self.shown_lamps = colours
            self.board.show_lamps(colours)


def run():
    import board  # hardware only; imported here so the host can load this module

    hardware = board.Board()
    if hardware.safe_mode():
        print("pitboss display: safe-mode jumper set, staying in the REPL")
        return
    Firmware(hardware).run()


if __name__ == "__main__":
    run()
