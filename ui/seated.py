"""What the games for several seats share: the main loop with paced CPU seats, saving once play
pauses, and the help pages.

A game's app subclasses SeatedApp and gives it GAME_TAG and SETUP_TAG (its ui/persist.py
records), SAVE_ERROR (what its engine's restore() raises), HELP_PAGES, `_handlers` (one key
handler per screen, TABLE first), and _cpu_to_move(), _cpu_move(), _pack_setup(),
_unpack_setup(), _resumed(), _start_fresh() and _open_menu().
"""
from engine.rng import MsRandom
from hw import TICKS_MASK, keys
from ui.textview import turn_page

try:
    from micropython import const
except ImportError:
    const = int

TABLE = const(0)              # every seated game's first screen is its table
HUMAN = const(0)              # a seat's kind in every seated engine; CPU levels follow

SAVE_AFTER_MS = const(3000)   # flash wears: save once play pauses this long
CPU_PACE_MS = const(700)      # one CPU action per this long, so a person can follow it

DAMAGED = "Saved game was damaged."


class SeatedApp:
    GAME_TAG = 0
    SETUP_TAG = 0
    SAVE_ERROR = ValueError
    HELP_PAGES = ()

    def __init__(self, hw, seed, persist, settings):
        self.hw = hw
        self.persist = persist
        self.settings = settings
        self.leave = False        # the player asked for another game (ui/launcher.py)
        self.rng = MsRandom(seed & 0x3FFFFFFF)
        self.screen = TABLE
        self.item = 0
        self.page = 0
        self.hurry = False        # A pressed in a CPU turn: no pacing until a human's turn
        self.cpu_at = 0
        self.unsaved_since = -1
        self.dirty = True

    def _restore(self):
        """Load the setup and the game; True when there was nothing at all to resume. A damaged
        record is dropped with a notice, and a fresh game stands in for a damaged one."""
        p = self.persist
        notice = p.notice
        p.notice = None
        setup = p.get(self.SETUP_TAG)
        data = p.get(self.GAME_TAG)
        if setup is not None and not self._unpack_setup(setup):
            notice = DAMAGED
        if data is not None:
            try:
                self.game.restore(data)
                self._resumed()
                self.notice = notice
                return False
            except self.SAVE_ERROR:
                notice = DAMAGED
        self.notice = notice
        if notice is None:
            return True
        self._start_fresh()
        return False

    def save_now(self):
        p = self.persist
        p.put(self.GAME_TAG, self.game.save())
        p.put(self.SETUP_TAG, self._pack_setup())
        p.commit(self.settings)
        self.unsaved_since = -1

    def _changed(self):
        # The clock restarts at every change: a save waits for a real pause in play.
        self.unsaved_since = self.hw.clock.ms()

    def step(self):
        """One pass of the main loop: at most one key, one CPU action when its pace is due (or
        the rest of a skipped CPU run), a save when play has paused, a refresh when needed."""
        k = self.hw.keys.poll()
        if k != keys.NONE:
            self._handlers[self.screen](k)
            self.dirty = True
        now = self.hw.clock.ms()
        if self.screen == TABLE and self._cpu_to_move():
            if self.hurry:
                # Skipped: the CPU seats play on, undrawn, until a human is to move.
                while self.screen == TABLE and self._cpu_to_move():
                    self._cpu_move()
                self.dirty = True
            elif (now - self.cpu_at) & TICKS_MASK >= CPU_PACE_MS:
                self.cpu_at = now
                self._cpu_move()
                self.dirty = True
        if self.unsaved_since >= 0 and \
                (now - self.unsaved_since) & TICKS_MASK >= SAVE_AFTER_MS:
            self.save_now()
        if self.dirty:
            self.hw.display.refresh()
            self.dirty = False

    def busy(self):
        """Still working with no key pressed: a CPU seat is to move (the headless simulator
        runs the clock on while this holds)."""
        return self.screen == TABLE and self._cpu_to_move()

    def run(self):
        import time
        while True:
            self.step()
            time.sleep(0.01)

    def _humans(self):
        n = 0
        for s in range(self.game.players):
            if self.game.kinds[s] == HUMAN:
                n += 1
        return n

    def _sound(self, hz, ms):
        self.hw.sound.beep(hz, ms)

    def _key_help(self, k):
        page = turn_page(self.page, k, len(self.HELP_PAGES))
        if page < 0:
            self._open_menu()
        else:
            self.page = page
            self.text.show(self.HELP_PAGES[page])
