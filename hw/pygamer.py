"""PyGamer: A, B, Start, Select on the shift register and an analog joystick for the D-pad."""
import analogio
import board

from hw import keys
from hw.board_common import BoardHardware, ShiftKeys

try:
    from micropython import const
except ImportError:
    const = int

_CENTRE = const(32768)
_DEAD = const(15000)     # about a quarter of the travel each way


def _axis(value, low_key, high_key):
    if value < _CENTRE - _DEAD:
        return low_key
    if value > _CENTRE + _DEAD:
        return high_key
    return keys.NONE


class JoystickKeys(ShiftKeys):
    """Buttons as on the PyBadge; joystick directions become press/release of the D-pad."""

    def __init__(self, clock):
        super().__init__(clock, 4)
        self._x = analogio.AnalogIn(board.JOYSTICK_X)
        self._y = analogio.AnalogIn(board.JOYSTICK_Y)
        self._dir = keys.NONE

    def poll(self):
        # The stick is read first so a release is known before a repeat could fire.
        d = _axis(self._x.value, keys.LEFT, keys.RIGHT)
        if d == keys.NONE:
            d = _axis(self._y.value, keys.UP, keys.DOWN)
        if d != self._dir:
            if self._dir != keys.NONE:
                self.repeat.released(self._dir)
            self._dir = d
            if d != keys.NONE:
                return self.repeat.pressed(d)
        return super().poll()


class Hardware(BoardHardware):
    name = "pygamer"

    def __init__(self):
        super().__init__(JoystickKeys)
