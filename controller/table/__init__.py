"""The live table: one writer that joins the shoe, the tablet, the engine, the display
and the hand log (issue 6).

* :mod:`~controller.table.commands`: what can be asked of the table.
* :mod:`~controller.table.core`: :class:`Table`, check -> log -> apply, synchronous.
* :mod:`~controller.table.loop`: :class:`TableLoop`, the asyncio task that owns it
  and fans views out to subscribers and the LED display.
* :mod:`~controller.table.views`: what the public, a seat and the dealer may see.
* :mod:`~controller.table.shuffle`: does the shoe look shuffled?
* :mod:`~controller.table.display`: the table as the LED display shows it.
"""

from controller.table.core import Table
from controller.table.irregular import Irregularity, TableError
from controller.table.loop import DEALER, PUBLIC, SEAT, Subscriber, TableLoop

__all__ = ["DEALER", "PUBLIC", "SEAT", "Irregularity", "Subscriber", "Table", "TableError",
           "TableLoop"]
