"""Fake `board`: the pins the PyBadge and PyGamer name, board.DISPLAY and board.I2C()."""
import microcontroller

board_id = "pybadge"
DISPLAY = None

_COMMON = ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER", "SPEAKER_ENABLE",
           "NEOPIXEL", "LIGHT", "ACCELEROMETER_INTERRUPT", "SDA", "SCL", "A0", "A1")
_PYGAMER = ("JOYSTICK_X", "JOYSTICK_Y")


class FakeDisplay:
    """What hw/ and ui/ use of a busdisplay.BusDisplay."""

    def __init__(self):
        self.width = 160
        self.height = 128
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


class Bus:
    """busio.I2C as far as probing goes: the lock and scan()."""

    def __init__(self, addresses):
        self.addresses = addresses
        self.locked = False

    def try_lock(self):
        if self.locked:
            return False
        self.locked = True
        return True

    def unlock(self):
        self.locked = False

    def scan(self):
        if not self.locked:
            raise RuntimeError("Function requires lock")
        return list(self.addresses)


_bus = None
_pullups = True


def I2C():
    """The board's shared I2C bus; raises like CircuitPython when the bus has no pull-ups."""
    if not _pullups:
        raise RuntimeError("No pull up found on SDA or SCL; check your wiring")
    return _bus


def setup(name, accelerometer, pullups):
    global board_id, DISPLAY, _bus, _pullups
    board_id = name
    DISPLAY = FakeDisplay()
    _pullups = pullups
    _bus = Bus([0x19] if accelerometer else [])
    for pin in _COMMON + (_PYGAMER if name == "pygamer" else ()):
        globals()[pin] = microcontroller.Pin(pin)
