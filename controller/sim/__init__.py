"""The table with no hardware: a synthetic shoe, bots, and the wiring that runs them.

* :mod:`controller.sim.shoe`: :class:`SimShoe` renders the next card of a seeded
  shuffled deck as camera frames and pushes them through the real vision reader;
* :mod:`controller.sim.bots`: players that choose legal actions (the demo);
* :mod:`controller.sim.wiring`: starts the shoe and the LED display (the emulator on
  a pty, or a real board) around the app's table loop.
"""

from controller.sim.shoe import DealResult, SimError, SimShoe, deal_next, hand_deck

__all__ = ["DealResult", "SimError", "SimShoe", "deal_next", "hand_deck"]
