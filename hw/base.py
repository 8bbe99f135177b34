"""What every backend shares: the Hardware container with the screen's power (dimmed, then
dark, when no key comes), held-direction repeat, and the null sound and lights that stand in
where a machine has none."""
from hw.keys import DOWN, HOLD_B, LEFT, NONE, RIGHT, UP, B

try:
    from micropython import const
except ImportError:
    const = int

TICKS_MASK = 0x1FFFFFFF       # clocks wrap like supervisor.ticks_ms(): at 2**29

REPEAT_FIRST_MS = const(400)
REPEAT_NEXT_MS = const(120)
HOLD_MS = const(600)        # B down this long is a second key, HOLD_B (redo on the tables)
# hw.power: 0 the screen lit as the player set it, 1 its backlight dimmed, DARK backlight and
# NeoPixels off (a PyBadge runs on a small LiPo)
DARK = const(2)
_DIMMED = 0.1               # the backlight when dimmed: below any brightness the settings offer


class Restart(BaseException):
    """A program's end where no firmware starts the next one (desktop, web page, tests): the
    host catches it and starts the app again on the same machine (ui/programs.py). Not an
    Exception, as the firmware's own reload is not: a handler for errors lets it through."""


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
        self.level = 1.0          # the backlight the player chose
        self.power = 0            # 0 lit, 1 dimmed, DARK
        self.key_at = clock.ms()  # the last key, for the screen's power
        self.dim_ms = 60000       # no key this long: the backlight dims (0: never)
        self.dark_ms = 300000     # no key this long: backlight and NeoPixels off
        self._glow = 0.0          # the NeoPixels' brightness while they are not showing it

    def set_brightness(self, value):
        self.level = min(1.0, max(0.0, value))
        if not self.power:
            self.display.brightness = self.level

    def poll(self):
        """The next key (keys.poll()), or keys.NONE. A key that finds the screen dimmed or dark
        only wakes it: it is taken here, with its repeats, so it does nothing else. With no
        key, the screen dims or goes dark when its time has come."""
        k = self.keys.poll()
        if k != NONE:
            if not self.power:
                self.key_at = self.clock.ms()
                return k
            rep = self.keys.repeat
            rep.held = NONE
            rep.b_due = -1
            self.wake()
        elif self.power != DARK and self.dim_ms:
            idle = (self.clock.ms() - self.key_at) & TICKS_MASK
            if idle >= self.dark_ms:
                self._light(DARK)
            elif idle >= self.dim_ms and not self.power:
                self._light(1)
        return NONE

    def wake(self):
        """The screen lit as set, its idle time counted from now: a key woke it, or the game
        wants the person (a CPU run ended on their turn)."""
        self.key_at = self.clock.ms()
        if self.power:
            self._light(0)

    def _light(self, power):
        if power == DARK or self.power == DARK:
            # the NeoPixels off while dark, as they were after: their brightness swapped
            lights = self.lights
            lights.brightness, self._glow = self._glow, lights.brightness
            lights.show()
        self.power = power
        self.display.brightness = (self.level, min(_DIMMED, self.level), 0.0)[power]
        # a frame the web page and the desktop window show at the new brightness; on a board
        # only what changed is drawn, nothing if nothing did
        self.display.refresh()

    def restart(self):
        """End this program and start code.py again with a fresh heap; on a board the
        firmware does it (hw/board_common.py)."""
        raise Restart()


class Repeater:
    """Turns a held D-pad direction into repeated presses: the first after REPEAT_FIRST_MS,
    then one every REPEAT_NEXT_MS. Buttons never repeat, but B still down HOLD_MS after its
    press is reported once more as HOLD_B, while hold_b is set (the screen asking for it
    sets it: elsewhere a second key from one press would act twice). Backends report
    presses and releases to it and ask poll() when they have nothing new."""

    def __init__(self, clock):
        self.clock = clock
        self.held = NONE
        self.due = 0
        self.hold_b = False
        self.b_due = -1         # when B down becomes HOLD_B; -1: B is up or was reported

    def pressed(self, key):
        if key == UP or key == DOWN or key == LEFT or key == RIGHT:
            self.held = key
            self.due = (self.clock.ms() + REPEAT_FIRST_MS) & TICKS_MASK
        elif key == B:
            self.b_due = (self.clock.ms() + HOLD_MS) & TICKS_MASK
        return key

    def released(self, key):
        if key == self.held:
            self.held = NONE
        elif key == B:
            self.b_due = -1

    def poll(self):
        """HOLD_B or the held direction again when due, else NONE."""
        if self.b_due >= 0 and self.hold_b and _due(self.clock.ms(), self.b_due):
            self.b_due = -1
            return HOLD_B
        if self.held == NONE:
            return NONE
        now = self.clock.ms()
        if _due(now, self.due):
            self.due = (now + REPEAT_NEXT_MS) & TICKS_MASK
            return self.held
        return NONE


def _due(now, at):
    """Whether now - at, as a wrapped difference, is not negative."""
    return ((now - at) & TICKS_MASK) <= (TICKS_MASK >> 1)


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
