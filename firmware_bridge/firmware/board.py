# Hardware of the reference display board (Raspberry Pi Pico, RP2040, MicroPython 1.27).
#
# The only firmware file that touches hardware; everything else gets a Board and
# calls the methods below. The emulator and the tests use firmware_bridge/fakeboard.py
# instead, which has the same methods. Pin numbers match hardware_docs/display-hardware.md.
#
#   SPI0  SCK GP18, MOSI GP19 (MISO unused)     -> DIN/CLK of every MAX7219 chain
#   CS    GP17 chain 0 (POT, BET), GP20 chain 1 (seats 1-5), GP21 chain 2 (seats 6-10)
#   GP22  WS2812 data (via 74AHCT125 level shifter), 2 lamps per seat x 4 pixels
#   GP15  safe-mode jumper to GND: firmware stays out of the way (REPL only)
#   USB   CDC serial to the host: the protocol's lines

import select
import sys

import machine
import micropython
import neopixel
import os
import time

CHAINS = ((17, 2), (20, 5), (21, 5))  # (chip-select pin, modules on that chain)
LAMP_PIN = 22
SAFE_PIN = 15
SEATS = 10
PIXELS_PER_LAMP = 4
SPI_BAUD = 5_000_000  # MAX7219 allows 10 MHz; 5 MHz is kind to a 50 cm ribbon


class Bus:
    """One chain: chip-select low, shift the words out, chip-select high (latches)."""

    def __init__(self, spi, cs_pin):
        self.spi = spi
        self.cs = machine.Pin(cs_pin, machine.Pin.OUT, value=1)

    def send(self, buf):
        self.cs.value(0)
        self.spi.write(buf)
        self.cs.value(1)


class Board:
    DIGITS = 8
    LAMPS = 2 * SEATS

    def __init__(self, stdin=None, stdout=None):
        self.spi = machine.SPI(
            0, baudrate=SPI_BAUD, polarity=0, phase=0,
            sck=machine.Pin(18), mosi=machine.Pin(19),
        )
        self.buses = [(Bus(self.spi, pin), n) for pin, n in CHAINS]
        self.pixels = neopixel.NeoPixel(machine.Pin(LAMP_PIN), self.LAMPS * PIXELS_PER_LAMP)
        self.safe_pin = machine.Pin(SAFE_PIN, machine.Pin.IN, machine.Pin.PULL_UP)
        self.stdin = stdin or sys.stdin.buffer
        self.stdout = stdout or sys.stdout.buffer
        self.poller = select.poll()
        self.poller.register(self.stdin, select.POLLIN)
        self.wdt = None

    def chains(self):
        return self.buses

    def read(self):
        # Non-blocking: take what has arrived, at most 128 bytes per loop pass.
        data = bytearray()
        while len(data) < 128 and self.poller.poll(0):
            chunk = self.stdin.read(1)
            if not chunk:
                break
            data.extend(chunk)
        return bytes(data)

    def write(self, data):
        self.stdout.write(data)

    def ticks_ms(self):
        return time.ticks_ms()

    def ticks_diff(self, a, b):
        return time.ticks_diff(a, b)

    def boot_id(self):
        return int.from_bytes(os.urandom(4), "big")

    def board_id(self):
        return "".join("%02x" % b for b in machine.unique_id())

    def reset_was_watchdog(self):
        return machine.reset_cause() == machine.WDT_RESET

    def protect_serial(self):
        micropython.kbd_intr(-1)  # 0x03 on the wire no longer raises KeyboardInterrupt

    def watchdog_start(self, ms):
        self.wdt = machine.WDT(timeout=ms)

    def watchdog_feed(self):
        if self.wdt is not None:
            self.wdt.feed()

    def show_lamps(self, colours):
        for lamp, colour in enumerate(colours):
            for k in range(PIXELS_PER_LAMP):
                self.pixels[lamp * PIXELS_PER_LAMP + k] = colour
        self.pixels.write()

    def safe_mode(self):
        return self.safe_pin.value() == 0

    def idle(self):
        time.sleep_ms(1)
