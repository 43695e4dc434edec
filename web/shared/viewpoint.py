"""Whose table the screen shows: the seat at the bottom and the people's names, which the game's
words (``shared.words``) name seats and sides by, on the page and on the boards."""

from __future__ import annotations

from dataclasses import dataclass

from chkobba.kernel import side as side_of

HUMAN = 0  # the seat the player sits in (with four, seat 2 is the partner)


@dataclass(frozen=True)
class Viewpoint:
    """The table as the screen tells it: the seat at the bottom, whose hand is shown ("you"),
    each person's name by seat ("" : named by its place, "Computer", "Partner"...)."""

    viewer: int = HUMAN
    names: tuple[str, ...] = ()
    hiding: bool = False  # the phone passes: no one is "you", every person is named

    def you(self, seat: int) -> bool:
        return seat == self.viewer and not self.hiding

    def name(self, seat: int) -> str:
        return self.names[seat] if seat < len(self.names) and not self.you(seat) else ""

    def mine(self, side: int) -> bool:
        """Whether ``side`` is the viewer's."""
        return side == side_of(self.viewer)


SOLO = Viewpoint()  # the player alone at seat 0, against the computer
