"""Black Hole on a handheld: screens, keys, sounds, lights and saves wired to the engine.

Each screen is a key handler in a table; code.py builds an App around a hw object and
calls run(). The per-move path (cursor moves, plays, undo) only changes tile indices.
"""
import gc

import displayio

from engine.blackhole import BlackHole, SaveError
from engine.rng import MsRandom
from engine.tableau import NUM_FANS
from hw import TICKS_MASK, keys
from ui import solving, sprites
from ui import table as table_module
from ui.meter import OFF, Meter
from ui.persist import TAG_GAME, TAG_STATS, Persist, Settings, Stats
from ui.table import TableView
from ui.felt import felt
from ui.textview import TextView, turn_page

try:
    from micropython import const
except ImportError:
    const = int

TABLE = const(0)
MENU = const(1)
HELP = const(2)
SETTINGS = const(3)
STATS = const(4)
DEAL_ENTRY = const(5)
DEAL_SEARCH = const(6)

SAVE_AFTER_MS = const(3000)   # flash wears: save once the player pauses, not every move
MAX_DEAL = const(99999)

REFUSALS = ("", "No such fan", "That fan is empty", "Needs a rank one up/down")

HELP_PAGES = (
    ("Black Hole  1/5", "Put every card into the", "hole: the black cell at", "the bottom right.",
     "A top card may go in when", "its rank is one above or", "one below the hole's top.",
     "Suits do not matter."),
    ("Black Hole  2/5", "King and Ace touch:", "... Q K A 2 ...", "Only the top card of a",
     "fan can move. Up and down", "may change at any time.", "Win with all 52 cards", "in the hole."),
    ("Keys  3/5", "D-pad   move the cursor", "A       play the top card", "B       undo",
     "Select  hint", "Start   menu", "In menus: A choose,", "B back, left/right change"),
    ("Saving  4/5", "Deals 1-31999 are the", "same deals as PySolFC.", "Your game is saved when",
     "you pause and resumes at", "power-on. Left/right turn", "these pages."),
    ("About  5/5", "Pocket Patience", "Black Hole, a patience by", "David Parlett.",
     "Start > Other games plays", "Yo-yo and YoYo."),
)

WIN_NOTES = ((523, 90), (659, 90), (784, 90), (1047, 200))


class App:
    def __init__(self, hw, seed=1, persist=None, settings=None):
        """seed picks the random deals; code.py passes fresh entropy at every start.
        persist and settings come loaded from ui/launcher.py; alone, the app loads its own."""
        self.hw = hw
        self.settings = settings or Settings()
        self.stats = Stats()
        self.persist = persist
        self.leave = False        # the player asked for another game (ui/launcher.py)
        self.rng = MsRandom(seed & 0x3FFFFFFF)
        # The solver's 12 KB table before anything else, while the free heap is still one
        # unbroken run; later, text and menus leave holes it may not fit between.
        gc.collect()
        try:
            self.thinker = solving.Thinker(self._random_deal)
        except MemoryError:
            self.thinker = None       # _solver() tries again when asked, and says so
        sheet, palette = sprites.build()
        self.root = displayio.Group()
        self.root.append(felt(sprites.COLOURS[sprites.FELT]))
        self.table = TableView(sheet, palette)
        self.text = TextView()
        self.root.append(self.table.group)
        x, y = table_module.cell_xy(table_module.HOLE_CELL)
        self.meter = Meter(x, y + 26)
        self.table.group.append(self.meter.grid)
        self.root.append(self.text.group)
        self.game = BlackHole()
        self.cursor = 0
        self.screen = TABLE
        self.item = 0
        self.page = 0
        self.digits = bytearray(5)
        self.digit = 0
        self.finished = False     # this deal's result is already in the statistics
        self.started = False      # a move was made in this deal
        self.unsaved_since = -1
        self._handlers = (self._key_table, self._key_menu, self._key_help, self._key_settings,
                          self._key_back, self._key_deal, self._key_back)
        self._restore()
        hw.display.root_group = self.root
        self._apply_settings()
        if self.screen != DEAL_SEARCH:
            self._show_table()
        self.dirty = True

    # -- start-up and saving -------------------------------------------------------
    def _restore(self):
        if self.persist is None:
            self.persist = Persist(self.hw.storage)
            data = self.persist.load(self.settings, self.stats)
        else:
            data = self.persist.get(TAG_GAME)
            if self.persist.get(TAG_STATS) is not None and \
                    not self.stats.unpack(self.persist.get(TAG_STATS)):
                self.persist.notice = "Some saved data was bad."
        if data is not None:
            try:
                self.game.restore(data)
                self.started = self.game.moves_made > 0
                self.finished = self.game.is_won()
                return
            except SaveError:
                self.persist.notice = "Saved game was damaged."
        if self.settings.winnable_only:
            self._deal_fresh()
        else:
            self.game.new_deal(self._random_deal())   # __init__ shows it, with any notice

    def save_now(self):
        self.persist.save(self.settings, self.stats, self.game.save())
        self.unsaved_since = -1

    def _changed(self):
        if self.unsaved_since < 0:
            self.unsaved_since = self.hw.clock.ms()

    # -- the loop ------------------------------------------------------------------
    def step(self):
        """One pass of the main loop: at most one key, a save if due, a refresh if needed."""
        k = self.hw.keys.poll()
        if k != keys.NONE:
            self.handle(k)
        elif self.thinker is not None and self.thinker.job:
            self._think()
        if self.unsaved_since >= 0 and \
                (self.hw.clock.ms() - self.unsaved_since) & TICKS_MASK >= SAVE_AFTER_MS:
            self.save_now()
        if self.dirty:
            self.hw.display.refresh()
            self.dirty = False

    def busy(self):
        """Still working with no key pressed: the solver is thinking."""
        return self.thinker is not None and self.thinker.job != solving.IDLE

    def run(self):
        import time
        while True:
            self.step()
            time.sleep(0.01)

    def handle(self, k):
        if not self._stop_thinking():
            self._handlers[self.screen](k)
        self.dirty = True

    # -- table ---------------------------------------------------------------------
    def _show_table(self):
        self.screen = TABLE
        self.text.group.hidden = True
        self.table.group.hidden = False
        self.table.draw_all(self.game)
        self.table.set_cursor(self.cursor)
        self._verdict_bar()
        if self.persist.notice:
            self.table.say(self.persist.notice)
            self.persist.notice = None
        else:
            self._say_state()
        self._lights()

    def _say_state(self):
        if self.game.is_won():
            self.table.say("You won! A: new deal")
        elif self.game.is_stuck():
            self.table.say("Stuck. B undo, A new deal")
        else:
            self.table.say("")

    def _key_table(self, k):
        g = self.game
        if k == keys.LEFT or k == keys.RIGHT or k == keys.UP or k == keys.DOWN:
            self.cursor = _step_cursor(self.cursor, k)
            self.table.set_cursor(self.cursor)
        elif k == keys.A:
            if g.is_won() or g.is_stuck():
                self._deal_fresh()
                return
            code = g.check(self.cursor)
            if code:
                self.table.say(REFUSALS[code])
                self._sound(110, 150)
                return
            g.play(self.cursor)
            self.started = True
            if self.thinker is not None:
                self.thinker.moved(self.cursor)
            self.table.after_move(g, self.cursor)
            self._after_move()
        elif k == keys.B:
            if g.undo():
                if self.thinker is not None:
                    self.thinker.undone(g.history[g.moves_made])
                self.table.after_move(g, g.history[g.moves_made])
                self._after_move()
        elif k == keys.SELECT:
            self._hint()
        elif k == keys.START:
            self._open_menu()

    def _after_move(self):
        g = self.game
        self._changed()
        if g.is_won():
            if not self.finished:
                self.finished = True
                self.stats.record(True)
            self._melody(WIN_NOTES)
        elif g.is_stuck():
            self._sound(196, 120)
        else:
            self._sound(1200, 15)
        self._say_state()
        self._lights()
        self._verdict_bar()

    # -- the solver: hints, the winnable? bar, winnable deals (ui/solving.py) -------
    def _solver(self):
        """The Thinker, made on first use; None, said on screen, when the heap cannot hold it."""
        if self.thinker is None:
            gc.collect()
            try:
                self.thinker = solving.Thinker(self._random_deal)
            except MemoryError:
                self.table.say("No memory for the solver")
        return self.thinker

    def _verdict_bar(self):
        """With the bar on: show what is known after a move, or start finding out."""
        t = self.thinker
        if not self.settings.verdict:
            self.meter.show(OFF)
        elif t is not None and t.verdict:
            self.meter.show(t.verdict)
        elif not self.game.is_won() and self._solver() is not None:
            self.thinker.ask(solving.CHECK, self.game)
            self.meter.progress(0, solving.CAP)

    def _hint(self):
        g = self.game
        if g.is_won():
            return
        t = self._solver()
        if t is None:
            return
        if t.verdict == solving.WINNABLE:
            self._show_hint()
        elif t.verdict == solving.LOST or g.is_stuck():
            self._look_back()
        else:
            self.table.say("Thinking... any key stops")
            t.ask(solving.HINT, g)
            self.meter.progress(0, solving.CAP)

    def _look_back(self):
        if self.game.moves_made == 0:
            self.table.say("This deal cannot be won")
            self.meter.show(solving.LOST)
            return
        self.table.say("No win here. Looking back")
        self.thinker.ask(solving.BACK, self.game)

    def _show_hint(self):
        f = self.thinker.next_move()
        self.cursor = f
        self.table.set_cursor(f)
        self.table.say("Hint: this fan")
        self.meter.show(solving.WINNABLE)

    def _think(self):
        t = self.thinker
        job = t.job
        if not t.step():
            self.meter.progress(t.progress(), solving.CAP)
            if job == solving.DEAL:
                self.text.set_line(3, "Deals tried: %d" % (t.tries + 1))
            self.dirty = True
            return
        self.dirty = True
        if job == solving.DEAL:
            self._new_deal(t.deal, keep_verdict=True)
            return
        if job == solving.BACK:
            self.meter.show(solving.LOST)
            if t.found == solving.WINNABLE:
                self.table.say("No win here: undo %d back" % t.undos)
            elif t.found == solving.LOST:
                self.table.say("This deal cannot be won")
            else:
                self.table.say("No win here; undo and ask")
            return
        self.meter.show(t.verdict)
        if job == solving.HINT:
            if t.verdict == solving.WINNABLE:
                self._show_hint()
            elif t.verdict == solving.LOST:
                self._look_back()
            else:
                self.table.say("Too deep to tell, sorry")

    def _stop_thinking(self):
        """A key during a hint search or a deal search stops it."""
        t = self.thinker
        if t is None or not t.job or t.job == solving.CHECK:
            return False
        job = t.job
        t.job = solving.IDLE
        if job == solving.DEAL:
            self._new_deal(t.deal)
            self.table.say("Search stopped: any deal")
        else:
            self.table.say("")
            self._verdict_bar()
        return True

    # -- deals ---------------------------------------------------------------------
    def _random_deal(self):
        return 1 + self.rng.below(31999)

    def _deal_fresh(self):
        """A random deal, or, with "winnable deals only", a search for one first."""
        if self.settings.winnable_only and self._solver() is not None:
            self.thinker.ask(solving.DEAL, self.game)
            self.screen = DEAL_SEARCH
            self.table.group.hidden = True
            self.text.group.hidden = False
            self.text.show(("New deal", "", "Finding a winnable one", "Deals tried: 1", "",
                            "Any key: stop and deal"))
        else:
            self._new_deal(self._random_deal())

    def _new_deal(self, number, count_old=True, keep_verdict=False):
        if count_old and self.started and not self.finished:
            self.stats.record(False)
        if self.thinker is not None and not keep_verdict:
            self.thinker.forget()
        self.game.new_deal(number)
        self.started = False
        self.finished = False
        self.cursor = 0
        self._changed()
        gc.collect()
        self._show_table()

    # -- menu ----------------------------------------------------------------------
    def _menu_items(self):
        items = ["Resume", "New deal", "Deal number...", "Restart this deal"]
        if self.game.moves_made < self.game.moves_known:
            items.append("Redo move")
        items += ["Help", "Settings", "Statistics", "Other games"]
        return items

    def _open_menu(self):
        self.save_now()
        self.screen = MENU
        self.item = 0
        self.table.group.hidden = True
        self.text.group.hidden = False
        self._draw_menu()

    def _draw_menu(self):
        items = self._menu_items()
        self.text.show(["Menu  deal %d" % self.game.deal_number] + items, 1 + self.item)

    def _key_menu(self, k):
        items = self._menu_items()
        if k == keys.UP:
            self.item = (self.item - 1) % len(items)
            self.text.mark(1 + self.item)
        elif k == keys.DOWN:
            self.item = (self.item + 1) % len(items)
            self.text.mark(1 + self.item)
        elif k == keys.B or k == keys.START:
            self._show_table()
        elif k == keys.A:
            self._choose(items[self.item])

    def _choose(self, item):
        if item == "Resume":
            self._show_table()
        elif item == "New deal":
            self._deal_fresh()
        elif item == "Deal number...":
            self._open_deal_entry()
        elif item == "Restart this deal":
            while self.game.undo():
                pass
            self._changed()
            self._show_table()
        elif item == "Redo move":
            self.game.redo()
            self._changed()
            self._show_table()
        elif item == "Help":
            self.screen = HELP
            self.page = 0
            self.text.show(HELP_PAGES[0])
        elif item == "Settings":
            self.screen = SETTINGS
            self.item = 0
            self._draw_settings()
        elif item == "Statistics":
            self.screen = STATS
            s = self.stats
            self.text.show(("Statistics", "Played      %d" % s.played, "Won         %d" % s.won,
                            "Win rate    %d%%" % s.win_percent(), "Streak      %d" % s.streak,
                            "Best streak %d" % s.best, "", "B back"))
        elif item == "Other games":
            self.save_now()
            self.leave = True

    def _key_back(self, k):
        if k == keys.B or k == keys.A or k == keys.START:
            self._open_menu()

    def _key_help(self, k):
        page = turn_page(self.page, k, len(HELP_PAGES))
        if page < 0:
            self._open_menu()
        else:
            self.page = page
            self.text.show(HELP_PAGES[page])

    # -- settings ------------------------------------------------------------------
    def _draw_settings(self):
        s = self.settings
        self.text.show(("Settings", "Sound       %s" % ("on" if s.sound else "off"),
                        "Brightness  %d of 5" % s.brightness,
                        "Lights      %s" % ("on" if s.lights else "off"),
                        "Winnable?   %s" % ("shown" if s.verdict else "hidden"),
                        "New deals   %s" % ("winnable" if s.winnable_only else "any"),
                        "", "Left/right: change", "B: back"), 1 + self.item)

    def _key_settings(self, k):
        s = self.settings
        if k == keys.UP or k == keys.DOWN:
            self.item = (self.item + (1 if k == keys.DOWN else 4)) % 5
        elif k == keys.LEFT or k == keys.RIGHT or k == keys.A:
            step = -1 if k == keys.LEFT else 1
            if self.item == 0:
                s.sound = not s.sound
            elif self.item == 1:
                s.brightness = min(5, max(1, s.brightness + step))
            elif self.item == 2:
                s.lights = not s.lights
            elif self.item == 3:
                s.verdict = not s.verdict
            else:
                s.winnable_only = not s.winnable_only
            self._apply_settings()
            self._changed()
        else:
            self._open_menu()
            return
        self._draw_settings()

    def _apply_settings(self):
        self.hw.sound.muted = not self.settings.sound
        self.hw.set_brightness(self.settings.brightness / 5)
        self._lights()

    # -- deal number entry ---------------------------------------------------------
    def _open_deal_entry(self):
        self.screen = DEAL_ENTRY
        n = self.game.deal_number % 100000
        for i in range(4, -1, -1):
            self.digits[i] = n % 10
            n //= 10
        self.digit = 4
        self._draw_deal_entry()

    def _draw_deal_entry(self):
        number = "".join(str(d) for d in self.digits)
        pointer = " " * self.digit + "^"
        self.text.show(("Deal number", "", "      " + number, "      " + pointer, "",
                        "Up/down: digit", "Left/right: place", "A: deal   B: cancel"))

    def _key_deal(self, k):
        if k == keys.UP or k == keys.DOWN:
            d = self.digits[self.digit] + (1 if k == keys.UP else 9)
            self.digits[self.digit] = d % 10
        elif k == keys.LEFT or k == keys.RIGHT:
            self.digit = (self.digit + (1 if k == keys.RIGHT else 4)) % 5
        elif k == keys.A:
            n = 0
            for d in self.digits:
                n = n * 10 + d
            if 1 <= n <= MAX_DEAL:
                self._new_deal(n)
                return
            self.text.set_line(9, "Deals run 1 to %d" % MAX_DEAL)
            self._sound(110, 150)
            return
        else:
            self._open_menu()
            return
        self._draw_deal_entry()

    # -- sound and lights ----------------------------------------------------------
    def _sound(self, hz, ms):
        self.hw.sound.beep(hz, ms)

    def _melody(self, notes):
        self.hw.sound.play(notes)

    def _lights(self):
        lights = self.hw.lights
        if lights.count == 0:
            return
        if not self.settings.lights:
            lights.fill(0)
        elif self.game.is_won():
            lights.fill(0x00FF40)
        elif self.game.is_stuck():
            lights.fill(0x400000)
        else:
            # One green pixel per playable fan, so the board shows how open the game is.
            n = self.game.legal_moves(_scratch)
            for i in range(lights.count):
                lights.set(i, 0x003000 if i < n else 0)
        lights.show()


_scratch = bytearray(NUM_FANS)

# The cursor walks the 6x3 grid of cells; cell 17 is the hole, which up and down step over.
_COLS = const(6)
_CELLS = const(18)


def _step_cursor(f, k):
    if k == keys.LEFT:
        return (f - 1) % NUM_FANS
    if k == keys.RIGHT:
        return (f + 1) % NUM_FANS
    step = -_COLS if k == keys.UP else _COLS
    f = (f + step) % _CELLS
    if f == NUM_FANS:
        f = (f + step) % _CELLS
    return f
