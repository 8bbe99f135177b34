"""Held D-pad repeat, shared by every backend: presses in, presses (with repeats) out."""
from hw import TICKS_MASK
from hw.keys import DOWN, LEFT, NONE, RIGHT, UP

try:
    from micropython import const
except ImportError:
    const = int

FIRST_MS = const(400)
NEXT_MS = const(120)


class Repeater:
    def __init__(self, clock):
        self.clock = clock
        self.held = NONE
        self.due = 0

    def pressed(self, key):
        if key == UP or key == DOWN or key == LEFT or key == RIGHT:
            self.held = key
            self.due = (self.clock.ms() + FIRST_MS) & TICKS_MASK
        return key

    def released(self, key):
        if key == self.held:
            self.held = NONE

    def poll(self):
        """A repeat of the held direction when one is due, else NONE."""
        if self.held == NONE:
            return NONE
        now = self.clock.ms()
        if ((now - self.due) & TICKS_MASK) < (TICKS_MASK >> 1):
            self.due = (now + NEXT_MS) & TICKS_MASK
            return self.held
        return NONE
