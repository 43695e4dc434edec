"""What one seat can see of a game: no other hand, no stock order, no seed.

``View`` is defined beside ``Game`` in ``chkobba.game`` (a game makes views and a view samples
games); this module keeps its old import path.
"""

from .game import View

__all__ = ["View"]
