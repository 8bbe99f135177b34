"""PyBadge, PyBadge LC and EdgeBadge: one firmware (board id "pybadge"), eight buttons.

The firmware cannot tell them apart (same board id, same pins). The LC alone lacks the
LIS3DH accelerometer, so an I2C bus with nothing at the accelerometer's address means an LC:
name "pybadge_lc" and one NeoPixel instead of five.
"""
import board

from hw.board_common import BoardHardware, ShiftKeys

_ACCELEROMETER = (0x18, 0x19)     # LIS3DH, by the level of its address pin


def _has_accelerometer():
    try:
        i2c = board.I2C()
    except RuntimeError:    # no pull-ups on the bus: nothing is fitted there
        return False
    while not i2c.try_lock():
        pass
    try:
        for address in i2c.scan():
            if address in _ACCELEROMETER:
                return True
        return False
    finally:
        i2c.unlock()


def _keys(clock):
    return ShiftKeys(clock, 8)


class Hardware(BoardHardware):
    def __init__(self):
        if _has_accelerometer():
            super().__init__("pybadge", _keys, 5)
        else:
            super().__init__("pybadge_lc", _keys, 1)
