"""What every backend shares: the Hardware container, held-direction repeat, and the null
sound and lights that stand in where a machine has none."""
from hw import TICKS_MASK
from hw.keys import DOWN, LEFT, NONE, RIGHT, UP

try:
    from micropython import const
except ImportError:
    const = int

REPEAT_FIRST_MS = const(400)
REPEAT_NEXT_MS = const(120)


class Hardware:
    """The one object a backend hands to the app; hw/__init__.py describes each part."""

    def __init__(self, name, display, keys, sound, lights, storage, clock):
        self.name = name
        self.display = display
        self.keys = keys
        self.sound = sound
        self.lights = lights
        self.storage = storage
        self.clock = clock

    def set_brightness(self, value):
        self.display.brightness = min(1.0, max(0.0, value))


class Repeater:
    """Turns a held D-pad direction into repeated presses: the first after REPEAT_FIRST_MS,
    then one every REPEAT_NEXT_MS. Buttons never repeat. Backends report presses and
    releases to it and ask poll() when they have nothing new."""

    def __init__(self, clock):
        self.clock = clock
        self.held = NONE
        self.due = 0

    def pressed(self, key):
        if key == UP or key == DOWN or key == LEFT or key == RIGHT:
            self.held = key
            self.due = (self.clock.ms() + REPEAT_FIRST_MS) & TICKS_MASK
        return key

    def released(self, key):
        if key == self.held:
            self.held = NONE

    def poll(self):
        """The held direction again when its repeat is due, else NONE."""
        if self.held == NONE:
            return NONE
        now = self.clock.ms()
        # Due when now - due, as a wrapped difference, is not negative.
        if ((now - self.due) & TICKS_MASK) <= (TICKS_MASK >> 1):
            self.due = (now + REPEAT_NEXT_MS) & TICKS_MASK
            return self.held
        return NONE


class Silent:
    """Sound for a machine without a speaker; backends with one override beep()."""

    def __init__(self):
        self.muted = False

    def beep(self, hz, ms):
        pass

    def play(self, notes):
        """notes: (hz, ms) pairs, played one after the other."""
        for hz, ms in notes:
            self.beep(hz, ms)


class NoLights:
    """The lights of a machine that has none: count 0, and every call does nothing."""
    count = 0

    def __init__(self):
        self.brightness = 0.0

    def set(self, i, rgb):
        pass

    def fill(self, rgb):
        pass

    def show(self):
        pass
