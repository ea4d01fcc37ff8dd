"""board.py imports MicroPython-only modules (machine, neopixel); it cannot be
collected for doctests under CPython. Its tests load it with a fake ``machine``."""

collect_ignore = ["firmware/board.py"]
