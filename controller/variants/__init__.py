"""Games as data: building-block steps, the catalogue, user-file loader.

>>> from controller.variants import find_game
>>> find_game("razz").showdown.low
'low-a5'
"""

from controller.variants.catalogue import GAMES, find_game, register
from controller.variants.game import GameDef, Rules, resolve_options

__all__ = ["GAMES", "GameDef", "Rules", "find_game", "register", "resolve_options"]
