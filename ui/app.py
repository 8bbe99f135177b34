"""The main loop, once for every game: a stack of screens over one table, a key to the screen
on top, the game's own work between keys, a save once play pauses (QUIET_MS, SAVE_BY_MS), a
refresh when something changed. ui/patience/app.py (the one-player games) and ui/seated/app.py
(the seated games) build on it; ui/launcher.py steps the game it started.

A game's app class sets what its table reads, then calls App.__init__, which builds the
screen (felt, the table's group, the text screen over it) and restores the saved game, and
then shows the screen it starts on; it brings:
    _restore()          what it saved, back into its table; returns a notice or None
    save_now()          its records into ui/persist.py, committed; unsaved_since = -1
                        (Persist.commit() writes nothing when they are as stored)
    tick(k)             its own work in a pass after key k (keys.NONE if none): CPU seats,
                        auto-play, the key guide when idle; True if the screen changed
    shown(on_table)     after a screen came on top
and may take a key another way than the top screen's key(app, k) (its key(k)).

Screens on the stack are objects with show(app) and key(app, k)."""
import displayio

from engine.rng import MsRandom
from hw import TICKS_MASK, keys
from ui.glyphs import felt
from ui.textview import TextView

try:
    from micropython import const
except ImportError:
    const = int

# When play is saved. Every save erases the board's whole 8 KB save block, and the SAMD51 is
# rated for 10k erases (tools/bench/wear.py), so moves are kept in memory and saved once the
# oldest unsaved move is SAVE_BY_MS old: a power cut loses at most the last two minutes
# (SAVE_BY_MS and a pass). Sooner, once play has paused QUIET_MS, when this schedule has not
# written for SAVE_BY_MS: so it never writes more than once in SAVE_BY_MS, however a player
# paces their moves (one who thinks 25 s before each would otherwise cost a write a move). A
# cursor step or a hint changes nothing worth a write: it rides along with the next save. What
# matters more is saved at once by the games: a finished game and its statistics, a setting
# (as its screen closes), leaving for the chooser.
QUIET_MS = const(20000)
SAVE_BY_MS = const(118000)
_GUIDE_AFTER_MS = const(8000)  # idle this long on a table, its key guide shows again
DAMAGED = "Saved game was damaged."

class App:
    def __init__(self, hw, seed, persist, settings, table_class, rgb):
        self.hw = hw
        self.persist = persist
        self.settings = settings
        self.leave = False        # the player asked for another game (ui/launcher.py)
        self.rng = MsRandom(seed & 0x3FFFFFFF)
        self.unsaved_since = -1         # when the oldest move not yet saved was made
        self.key_at = hw.clock.ms()     # the last key, for the key guide when play pauses
        self.quiet_at = self.key_at     # the last key or move: play has paused since
        self.saved_at = -1              # the schedule's last write, -1 for none yet
        self.dirty = True
        self.root = displayio.Group()
        self.root.append(felt(rgb))
        self.table = table_class(self)
        self.game = self.table.game
        self.text = TextView()
        self.root.append(self.table.group)
        self.root.append(self.text.group)
        self.stack = [self.table]
        self.notice = self._restore()
        hw.display.root_group = self.root

    def changed(self):
        """A move (the person's or a CPU seat's): saved once play pauses, or at the latest
        SAVE_BY_MS after the oldest move not yet saved."""
        now = self.hw.clock.ms()
        self.quiet_at = now
        if self.unsaved_since < 0:
            self.unsaved_since = now

    # -- the loop ----------------------------------------------------------------------
    def step(self):
        """One pass: at most one key, the game's work, a save when play has paused, a
        refresh when needed."""
        k = self.hw.poll()    # a key that wakes the screen is taken there (hw/base.py)
        if k != keys.NONE:
            self.key_at = self.quiet_at = self.hw.clock.ms()
            self.key(k)
            self.dirty = True
        if self.tick(k):
            self.dirty = True
        if self.unsaved_since >= 0:
            # The clock again: a tone blocks while it sounds, so a change made in this pass
            # may be stamped later than the key.
            now = self.hw.clock.ms()
            if (now - self.unsaved_since) & TICKS_MASK >= SAVE_BY_MS or \
                    (now - self.quiet_at) & TICKS_MASK >= QUIET_MS and \
                    (self.saved_at < 0 or (now - self.saved_at) & TICKS_MASK >= SAVE_BY_MS):
                self.saved_at = now
                self.save_now()
        if self.dirty:
            self.hw.display.refresh()
            self.dirty = False

    def key(self, k):
        self.stack[-1].key(self, k)

    def paused(self):
        """True once in a while when no key has come for _GUIDE_AFTER_MS: time to show the
        table's keys again (and the wait starts over)."""
        now = self.hw.clock.ms()
        if (now - self.key_at) & TICKS_MASK < _GUIDE_AFTER_MS or self.hw.power > 1:
            return False        # dark (hw.base.DARK): no guide lines, no redraw nobody sees
        self.key_at = now
        return True

    def busy(self):
        """Still working with no key pressed: the table has work between keys."""
        return self.stack[-1] is self.table and self.table.busy()

    # -- the screen stack ----------------------------------------------------------------
    def push(self, screen):
        self.stack.append(screen)
        self._show()

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self._show()

    def back_to_table(self):
        del self.stack[1:]
        self._show()

    def _show(self):
        top = self.stack[-1]
        on_table = top is self.table
        self.table.group.hidden = not on_table
        self.text.group.hidden = on_table
        top.show(self)
        self.shown(on_table)
        self.dirty = True

    def sound(self, hz, ms):
        self.hw.sound.beep(hz, ms)
