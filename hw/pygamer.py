"""PyGamer: A, B, Start, Select on the shift register and an analog joystick for the D-pad."""
import analogio
import board

from hw.board_common import BoardHardware, ShiftKeys
from hw.keys import DOWN, LEFT, NONE, RIGHT, UP

try:
    from micropython import const
except ImportError:
    const = int

_CENTRE = const(32768)
_PRESS = const(15000)     # from the centre: about a quarter of the travel each way
_RELEASE = const(10000)   # nearer the centre, so a stick resting near the edge cannot chatter


class JoystickKeys(ShiftKeys):
    """Buttons as on the PyBadge; the stick leaving its dead zone presses a D-pad direction
    (low x = left, low y = up), returning releases it, and holding it repeats."""

    def __init__(self, clock):
        super().__init__(clock, 4)
        self._x = analogio.AnalogIn(board.JOYSTICK_X)
        self._y = analogio.AnalogIn(board.JOYSTICK_Y)
        self._dir = NONE

    def _direction(self):
        x = self._x.value - _CENTRE
        y = self._y.value - _CENTRE
        d = self._dir
        if (d == LEFT and x < -_RELEASE) or (d == RIGHT and x > _RELEASE) \
                or (d == UP and y < -_RELEASE) or (d == DOWN and y > _RELEASE):
            return d
        if x < -_PRESS:
            return LEFT
        if x > _PRESS:
            return RIGHT
        if y < -_PRESS:
            return UP
        if y > _PRESS:
            return DOWN
        return NONE

    def poll(self):
        # The stick is read first so a release is known before a repeat could fire.
        d = self._direction()
        if d != self._dir:
            if self._dir != NONE:
                self.repeat.released(self._dir)
            self._dir = d
            if d != NONE:
                return self.repeat.pressed(d)
        return super().poll()


class Hardware(BoardHardware):
    def __init__(self):
        super().__init__("pygamer", JoystickKeys, 5)
