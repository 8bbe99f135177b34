"""PyBadge, PyBadge LC and EdgeBadge: one firmware (board id "pybadge"), eight buttons.

The LC has one NeoPixel where the others have five; the firmware cannot tell them apart,
and pixel data for absent pixels simply runs off the end of the chain, so five are driven.
"""
from hw.board_common import BoardHardware, ShiftKeys


def _keys(clock):
    return ShiftKeys(clock, 8)


class Hardware(BoardHardware):
    name = "pybadge"

    def __init__(self):
        super().__init__(_keys)
