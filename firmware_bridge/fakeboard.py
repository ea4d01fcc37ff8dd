"""A recording stand-in for the firmware's ``board.py``; runs under CPython and MicroPython.

It has the same methods as the real board, but the clock is set by hand, serial
input is whatever the test queues, and every SPI transaction and lamp frame is
written down. The emulator builds on it; the cross-interpreter test runs the
firmware on it under CPython and under real MicroPython (WebAssembly, in Node.js)
and compares the transcripts byte for byte. Plain classes only (MicroPython).

>>> board = FakeBoard(chains=(1,))
>>> board.write(b"hi")
>>> bytes(board.outbox), board.ticks_ms()
(b'hi', 0)
"""


class RecordingBus:
    """One SPI chain: each ``send`` is one chip-select cycle, logged as ``(chain, bytes)``."""

    def __init__(self, chain, log):
        self.chain = chain
        self.log = log

    def send(self, buf):
        self.log.append((self.chain, bytes(buf)))


class FakeBoard:
    DIGITS = 8

    def __init__(self, chains=(2, 5, 5), lamps=20, boot_id=0x5EED0001, watchdog_reset=False):
        self.chain_sizes = tuple(chains)
        self.LAMPS = lamps
        self.now = 0
        self.spi_log = []
        self.lamp_log = []
        self.inbox = bytearray()
        self.outbox = bytearray()
        self.protected = False
        self.watchdog_ms = None
        self.fed_at = None
        self._boot_id = boot_id
        self._watchdog_reset = watchdog_reset

    # ---- what the firmware calls

    def chains(self):
        return [(RecordingBus(i, self.spi_log), n) for i, n in enumerate(self.chain_sizes)]

    def read(self):
        data = bytes(self.inbox)
        self.inbox = bytearray()
        return data

    def write(self, data):
        self.outbox.extend(data)

    def ticks_ms(self):
        return self.now

    def ticks_diff(self, a, b):
        return a - b

    def boot_id(self):
        return self._boot_id

    def board_id(self):
        return f"fake-{self._boot_id:08x}"

    def reset_was_watchdog(self):
        return self._watchdog_reset

    def protect_serial(self):
        self.protected = True

    def watchdog_start(self, ms):
        self.watchdog_ms = ms
        self.fed_at = self.now

    def watchdog_feed(self):
        self.fed_at = self.now

    def watchdog_expired(self):
        """True once the firmware has not fed a started watchdog for its timeout."""
        if self.watchdog_ms is None:
            return False
        return self.now - self.fed_at > self.watchdog_ms

    def show_lamps(self, colours):
        self.lamp_log.append([tuple(c) for c in colours])

    def safe_mode(self):
        return False

    def idle(self):
        pass

    # ---- what a test calls

    def take_output(self):
        data = bytes(self.outbox)
        self.outbox = bytearray()
        return data


def _hex(data):
    return "".join(f"{b:02x}" for b in data)


def run_scenario(main, steps, chains=(2, 5, 5), lamps=20, boot_id=0x5EED0001):
    """Boot the firmware in ``main`` on a FakeBoard and play ``steps``.

    Each step is ``[advance_ms, bytes_to_feed]``; after feeding, the firmware runs one
    ``step()``. Returns plain data (hex strings, lists) so that CPython and
    MicroPython results compare directly: the serial output and the SPI and lamp
    logs produced by each step.
    """
    board = FakeBoard(chains, lamps, boot_id)
    firmware = main.Firmware(board)
    firmware.start()
    out = [[_hex(board.take_output()), [[c, _hex(b)] for c, b in board.spi_log], []]]
    for advance, data in steps:
        del board.spi_log[:]
        del board.lamp_log[:]
        board.now += advance
        board.inbox.extend(data)
        firmware.step()
        spi = [[c, _hex(b)] for c, b in board.spi_log]
        lamps_seen = [[list(c) for c in frame] for frame in board.lamp_log]
        out.append([_hex(board.take_output()), spi, lamps_seen])
    return {"steps": out, "counters": list(firmware.counters), "protected": board.protected}
