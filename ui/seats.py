"""A game for several seats on the shared screens (ui/screens.py): the loop, the screen stack,
CPU seats paced so a person can follow them (A skips to the next person), saving once play
pauses, resuming at power-on, and the menu, setup, curtain and scores every seated game has.

A game brings one table screen class (Yo-yo: ui/yoyo_app.py, YoYo: ui/amigo_app.py) with:
    NAME, GAME_TAG, SETUP_TAG   its title and its ui/persist.py records
    HELP                        the name of its paragraphs in ui/seats_help.py
    MENU                        its menu rows (ui/seat_screens.py knows them), fixed
    KINDS, MAX_SEATS            seat kinds' names (0 is a person), the most seats (2 the least)
    NAMES, RULES, SaveError     names edited in setup?; ("label|off|on", option bit) rule
                                readings; what its engine's restore() raises
    Table(app)                  .group, .game, show(app), key(app, k), seat(), in_progress(),
                                busy() (a CPU seat is to move), tick(app) (its move, or a
                                slice of its thinking: True once it acted), new_game(app),
                                resumed(app), handover(app) (the curtain's lines), scores(app)
                                (ui/seat_screens.py's Scores), and SeatTable's defaults
Nothing is lost by one key: a new game or leaving a game in progress asks first."""
import gc

import displayio

from engine.rng import MsRandom
from hw import TICKS_MASK, keys
from ui import forget  # noqa: F401 (seat_screens takes it from here)
from ui.glyphs import felt
from ui.textview import TextView

try:
    from micropython import const
except ImportError:
    const = int

SAVE_AFTER_MS = const(3000)   # flash wears: save once play pauses this long
CPU_PACE_MS = const(700)      # one CPU action per this long, so a person can follow it
HUMAN = const(0)

# what app.screen says is on top (tests and tools read it)
TABLE = const(0)
CURTAIN = const(1)
MENU = const(2)
SETUP = const(3)
HELP = const(4)
SCORES = const(5)
ASK = const(6)                # a confirmation, a notice or settings

DAMAGED = "Saved game was damaged."
NAME_CHARS = " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"   # a seat's name: six of these


def kind(screen, k):
    screen.kind = k
    return screen


class SeatTable:

    def seat_name(self, app, s):
        return app.names[s]

    def pack(self, app):
        return b""

    def unpack(self, app, d):
        return len(d) == 0

    def new_lineup(self, app):
        pass

    def redo(self, app):
        return False

    def handed(self, app):
        pass

    def thinking(self):
        return False


class Seated:
    def __init__(self, hw, seed, persist, settings, table_class, rgb):
        self.hw = hw
        self.persist = persist
        self.settings = settings
        self.leave = False        # the player asked for another game (ui/launcher.py)
        self.rng = MsRandom(seed & 0x3FFFFFFF)
        self.players = 2
        self.kinds = bytearray(table_class.DEFAULT_KINDS)
        self.names = "P1 P2 P3 P4 P5 P6".split()
        self.options = 0
        self.holder = -1          # the person holding the device
        self.hurry = False        # A pressed in a CPU turn: no pacing until a person's turn
        self.cpu_at = 0
        self.unsaved_since = -1
        self.dirty = True
        self.playing = False      # a game was started or restored
        self.root = displayio.Group()
        self.root.append(felt(rgb))
        self.table = table_class(self)
        self.table.kind = TABLE
        self.game = self.table.game
        self.text = TextView()
        self.root.append(self.table.group)
        self.root.append(self.text.group)
        self.stack = [self.table]
        self.notice = self._restore()
        hw.display.root_group = self.root
        if self.playing:
            self.begin()
        else:
            self.setup()

    @property
    def screen(self):
        return self.stack[-1].kind

    # -- saving ----------------------------------------------------------------------
    def _restore(self):
        p = self.persist
        t = self.table
        notice = p.notice
        p.notice = None
        setup = p.get(t.SETUP_TAG)
        if setup is not None:
            from ui.seat_screens import unpack
            if not unpack(self, setup):
                notice = DAMAGED
        data = p.get(t.GAME_TAG)
        if data is not None:
            try:
                self.game.restore(data)
                t.resumed(self)
                self.playing = True
            except t.SaveError:
                notice = DAMAGED
        return notice

    def save_now(self):
        p = self.persist
        if self.playing:
            p.put(self.table.GAME_TAG, self.game.save())
        from ui.seat_screens import pack
        p.put(self.table.SETUP_TAG, pack(self))
        p.commit(self.settings)
        self.unsaved_since = -1

    def changed(self):
        # The clock restarts at every change: a save waits for a real pause in play.
        self.unsaved_since = self.hw.clock.ms()

    # -- the loop ----------------------------------------------------------------------
    def step(self):
        """One pass: at most one key, one CPU action when its pace is due (or the rest of a
        skipped CPU run), a save when play has paused, a refresh when needed."""
        k = self.hw.keys.poll()
        if k != keys.NONE:
            self.stack[-1].key(self, k)
            self.dirty = True
        now = self.hw.clock.ms()
        t = self.table
        if self.stack[-1] is t and t.busy():
            if self.hurry:
                # Skipped: the CPU seats play on until a person is to move, but a seat that
                # thinks in slices gives the loop back after each slice.
                while self.stack[-1] is t and t.busy() and t.tick(self):
                    pass
                self.dirty = True
            elif t.thinking() or (now - self.cpu_at) & TICKS_MASK >= CPU_PACE_MS:
                # a seat that thinks in slices gets one slice a pass, then waits its pace
                if t.tick(self):
                    self.cpu_at = now
                self.dirty = True
        # The clock again: a tone blocks while it sounds, so a change made in this pass may
        # be stamped later than `now`.
        now = self.hw.clock.ms()
        if self.unsaved_since >= 0 and \
                (now - self.unsaved_since) & TICKS_MASK >= SAVE_AFTER_MS:
            self.save_now()
        if self.dirty:
            self.hw.display.refresh()
            self.dirty = False

    def busy(self):
        """Still working with no key pressed: a CPU seat is to move."""
        return self.stack[-1] is self.table and self.table.busy()

    def run(self):
        import time
        while True:
            self.step()
            time.sleep(0.01)

    def push(self, screen):
        self.stack.append(screen)
        self._show()

    def pop(self):
        if len(self.stack) > 1:
            self.stack.pop()
        self._show()

    def back_to_table(self):
        del self.stack[1:]
        self.cpu_at = self.hw.clock.ms()
        self._show()

    def _show(self):
        top = self.stack[-1]
        on_table = top is self.table
        self.table.group.hidden = not on_table
        self.text.group.hidden = on_table
        top.show(self)
        self.lights()
        self.dirty = True

    def sound(self, hz, ms):
        self.hw.sound.beep(hz, ms)

    def humans(self):
        n = 0
        for s in range(self.players):
            if self.kinds[s] == HUMAN:
                n += 1
        return n

    def lights(self):
        """Every pixel in the colour of the seat to move, off in setup and when turned off."""
        lights = self.hw.lights
        if lights.count == 0:
            return
        s = self.table.seat()
        if not self.settings.lights or self.screen == SETUP or not self.playing:
            lights.fill(0)
        else:
            lights.fill(self.table.SEAT_RGB[s] if s >= 0 else 0x404040)
        lights.show()

    # -- games -------------------------------------------------------------------------
    def new_game(self):
        gc.collect()                # what setup or the last game left goes before a new one
        self.table.new_game(self)
        self.playing = True
        self.holder = -1
        self.changed()
        gc.collect()
        self.begin()

    def begin(self):
        """Show the game in progress: the curtain first if the device must change hands."""
        self.hurry = False
        del self.stack[1:]
        self.cpu_at = self.hw.clock.ms()
        if self.holder >= self.players or self.holder >= 0 and self.kinds[self.holder]:
            self.holder = -1
        self.table.handed(self)
        self._show()

    def curtain(self):
        """The seat to decide is a person, not the one holding the device: hide the table."""
        from ui.seat_screens import Handover
        self.push(kind(Handover(), CURTAIN))

    def needs_curtain(self, s):
        return self.kinds[s] == HUMAN and s != self.holder and self.humans() >= 2

    def scores(self, then):
        from ui.seat_screens import Scores
        self.push(kind(Scores(self.table.scores(self), then), SCORES))

    # Screens' modules load when first needed: a game that is only played never loads them.
    def ask(self, lines, yes):
        from ui.screens import Confirm
        self.push(kind(Confirm(lines, yes), ASK))

    def tell(self, lines):
        from ui.screens import Notice
        self.push(kind(Notice(lines), ASK))

    def setup(self):
        from ui.seats_setup import SeatSetup
        self.push(kind(SeatSetup(self), SETUP))

    def open_menu(self):
        from ui.seat_screens import open_menu
        self.save_now()
        self.push(kind(open_menu(self), MENU))
