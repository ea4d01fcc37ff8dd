"""The display firmware (MicroPython). On the board these files sit side by side in
the root of the flash file system next to ``protocol.py``; this ``__init__`` only lets
the host import them under CPython (tests, emulator) and is never copied to the board.
"""
