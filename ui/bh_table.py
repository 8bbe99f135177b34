"""Black Hole's table on the shared patience screens (ui/patience.py): D-pad cursor, A plays,
B undoes, Select hints, Start opens the menu. The solver (ui/solving.py) thinks in slices
between keys; the atlas (hw/atlas.py) answers at once where it can. Per move only tiles change."""
import gc

from engine.blackhole import BlackHole, SaveError
from engine.tableau import NUM_FANS
from hw import atlas, keys
from ui import forget, solving, sprites
from ui import table as table_module
from ui.meter import OFF, Meter
from ui.patience import GUIDES, Patience, celebrate
from ui.persist import AUTO_BH, TAG_GAME, TAG_STATS
from ui.table import TableView

try:
    from micropython import const
except ImportError:
    const = int

# each rank as the refusals name it: "an" before a vowel sound
_RANKS = ("an A", "a 2", "a 3", "a 4", "a 5", "a 6", "a 7", "an 8", "a 9", "a 10", "a J",
          "a Q", "a K")
_scratch = bytearray(NUM_FANS)
_COLS = const(6)
_CELLS = const(18)      # the 6x3 grid: cell 17 is the hole, which up and down step over


class BlackHoleTable:
    NAME = "Black Hole"
    GAME_TAG = TAG_GAME
    STATS_TAG = TAG_STATS
    HELP = "BLACK_HOLE"      # its paragraphs in ui/patience_help.py
    SaveError = SaveError

    def __init__(self, app):
        self.app = app
        self.game = BlackHole()
        # The solver's 12 KB table first, while the free heap is still one unbroken run.
        gc.collect()
        try:
            self.thinker = solving.Thinker()
        except MemoryError:
            self.thinker = None
        self.view = TableView(*sprites.build())
        self.group = self.view.group
        x, y = table_module.cell_xy(table_module.HOLE_CELL)
        self.meter = Meter(x, y + 26)
        self.group.append(self.meter.grid)
        self.cursor = 0
        self.back = 0       # undos to a winnable position, as the last look back found
        self.undo_back = False  # the "Undo to winnable" row waits for that look back
        self.auto = False   # look for a forced move between keys (settings: Auto-play)
        self.known = 0      # deal << 2 | its atlas verdict: asked once, as reading allocates

    # -- what the shared loop asks ----------------------------------------------------------
    def show(self, app):
        self.view.draw_all(self.game)
        self.view.set_cursor(self.cursor)
        self._verdict_bar()
        if app.notice:
            self.view.say(app.notice)
            app.notice = None
        elif self.thinker is None:
            self.view.say("No memory for the solver")
        else:
            self._say_state()
        self._lights()

    def say(self, words):
        self.view.say(words)

    def dealt(self):
        self.cursor = 0
        self.back = 0
        self.auto = self.app.settings.autoplay & AUTO_BH
        if self.thinker is not None:
            self.thinker.forget()

    def moved(self, app):
        self.back = 0
        if self.thinker is not None:
            self.thinker.forget()
        self.show(app)

    def busy(self):
        return self.auto or self.thinker is not None and self.thinker.job != solving.IDLE

    def winnable(self):
        return atlas.winnable(self.game.deal_number)

    def describe_deal(self, n):
        w = atlas.winnable(n)
        return "" if w is None else "Winnable" if w else "Cannot be won"

    def pick_deal(self, app):
        if app.settings.winnable_only and atlas.count():
            return atlas.random_winnable(app.rng.rand() << 15 | app.rng.rand())
        return app.random_deal()

    def option_rows(self, app):
        s = app.settings
        return (("Winnable?", "shown" if s.verdict else "hidden"),
                ("New deals", "winnable" if s.winnable_only else "any"),
                ("Auto-play", "on" if s.autoplay & AUTO_BH else "off"))

    def change_option(self, app, i, step):
        s = app.settings        # every row is on/off: a step either way flips it
        if i == 0:
            s.verdict = not s.verdict
        elif i == 1:
            s.winnable_only = not s.winnable_only
        else:
            s.autoplay ^= AUTO_BH

    def _say_state(self):
        if self.game.is_won():
            self.view.say("You won! A: what next")
        elif self.game.is_stuck():
            self.view.say("No moves left. A: choices")
        elif self.view.said not in GUIDES:       # the key guide stays until words replace it
            self.view.say("")

    # -- keys ----------------------------------------------------------------------------
    def key(self, app, k):
        self.undo_back = self.auto = False
        if self._stop_thinking():
            return
        g = self.game
        if k == keys.LEFT or k == keys.RIGHT or k == keys.UP or k == keys.DOWN:
            self.cursor = _step_cursor(self.cursor, k)
            self.view.set_cursor(self.cursor)
        elif k == keys.A:
            if g.is_won() or g.is_stuck():
                app.choices()
                return
            f = self.cursor
            code = g.check(f)
            if code:
                self.view.say(self._refusal(code))
                app.sound(110, 150)
                return
            self._play(app, f)
        elif k == keys.B:
            if g.undo():
                f = g.history[g.moves_made]
                if self.thinker is not None:
                    self.thinker.undone(f)
                self._after(app, f)
            else:
                self.view.say("Nothing to undo")
        elif k == keys.SELECT:
            self._hint()
        elif k == keys.START:
            app.open_menu()

    def _play(self, app, f):
        self.game.play(f)
        if self.thinker is not None:
            self.thinker.moved(f)
        self._after(app, f)
        self.auto = app.settings.autoplay & AUTO_BH     # a forced move may follow

    def _auto_move(self, app):
        """Auto-play, one move a pass: the only playable fan, or the lowest one when the
        lowest-first line from here wins (tried on the game and taken back)."""
        self.auto = False
        g = self.game
        if g.is_won() or g.is_stuck():
            return
        if g.legal_moves(_scratch) == 1:
            return self._play(app, _scratch[0])
        n = 0
        f = g.first_move()
        while f >= 0:
            g.play(f)
            n += 1
            f = g.first_move()
        won = g.is_won()
        for _ in range(n):
            g.undo()
        g.moves_known = g.moves_made    # the trial leaves nothing to redo
        if won:
            self._play(app, g.first_move())

    def _refusal(self, code):
        if code == 2:
            return "That fan is empty"
        r = self.game.top_rank()
        return "Play %s or %s" % (_RANKS[(r + 12) % 13], _RANKS[(r + 1) % 13])

    def _after(self, app, fan):
        g = self.game
        self.back = 0
        self.view.after_move(g, fan)
        app.changed()
        if g.is_won():
            celebrate(app)
        elif g.is_stuck():
            app.sound(196, 120)
        else:
            app.sound(1200, 15)
        self._say_state()
        self._lights()
        self._verdict_bar()

    # -- the solver ----------------------------------------------------------------------
    def _known(self):
        """The atlas's verdict here, else 0: at a deal's opening, anywhere in a lost deal."""
        n = self.game.deal_number
        if self.known >> 2 != n:
            w = atlas.winnable(n)
            self.known = n << 2 | (0 if w is None else solving.WINNABLE if w else solving.LOST)
        return 0 if self.known & 3 == solving.WINNABLE and self.game.moves_made else self.known & 3

    def _verdict_bar(self):
        t = self.thinker
        if not self.app.settings.verdict or t is None:
            self.meter.show(OFF)
        elif t.verdict:
            self.meter.show(t.verdict)
        else:
            known = self._known()
            if known:
                self.meter.show(known)
            elif not self.game.is_won():
                t.ask(solving.CHECK, self.game)
                self.meter.progress(0, solving.CAP)

    def _hint(self):
        g = self.game
        t = self.thinker
        if g.is_won() or t is None:
            return
        self.app.stats.hinted = 1     # a win now is not a win without hints
        if t.verdict == solving.WINNABLE:
            self._show_hint()
            return
        known = self._known()
        if t.verdict == solving.LOST or g.is_stuck() or known == solving.LOST:
            self._look_back()
        else:
            self.view.say("Thinking... any key stops")
            t.ask(solving.HINT, g, known == solving.WINNABLE)
            self.meter.progress(0, solving.CAP)

    def _look_back(self):
        self.meter.show(solving.LOST)
        if self.game.moves_made == 0 or self._known():
            self.undo_back = False
            self.view.say("This deal cannot be won")
            return
        self.view.say("No win here. Looking back")
        self.thinker.ask(solving.BACK, self.game)

    def _show_hint(self):
        self.cursor = self.thinker.next_move()
        self.view.set_cursor(self.cursor)
        self.view.say("Hint: this fan")
        self.meter.show(solving.WINNABLE)

    def tick(self, app):
        if self.auto:
            return self._auto_move(app)
        t = self.thinker
        job = t.job
        if not t.step():
            if not t.verdict:
                self.meter.progress(t.progress(), solving.CAP)
            return
        wanted = self.undo_back
        self.undo_back = False
        if job == solving.BACK:
            self.meter.show(solving.LOST)
            if t.found == solving.WINNABLE:
                self.back = t.undos
                if wanted:
                    self._back(app, False)
                else:
                    self.view.say("No win here: undo %d back" % t.undos)
            elif t.found == solving.LOST:
                self.view.say("This deal cannot be won")
            else:
                self.view.say("No win here; undo and ask")
            return
        self.meter.show(t.verdict)
        if job == solving.HINT:
            if t.verdict == solving.WINNABLE:
                self._show_hint()
            elif t.verdict == solving.LOST:
                self.undo_back = wanted
                self._look_back()
            else:
                self.view.say("Too deep to tell, sorry")

    def _stop_thinking(self):
        """A key during a hint stops it (the bar's own check goes on)."""
        t = self.thinker
        if t is None or not t.job or t.job == solving.CHECK:
            return False
        t.job = solving.IDLE
        self.undo_back = False
        self.view.say("")
        self._verdict_bar()
        return True

    def undo_to_winnable(self, app):
        """The choices' row (ui/patience.py): ui/bh_back.py, loaded only for it."""
        self._back(app, True)

    def _back(self, app, asked):
        from ui import bh_back
        bh_back.undo_back(self, app, asked)
        forget("bh_back")

    # -- lights: one green pixel per playable fan, so the board shows how open the game is
    def _lights(self):
        lights = self.app.hw.lights
        if lights.count == 0:
            return
        g = self.game
        if not self.app.settings.lights:
            lights.fill(0)
        elif g.is_won():
            lights.fill(0x00FF40)
        elif g.is_stuck():
            lights.fill(0x400000)
        else:
            n = g.legal_moves(_scratch)
            for i in range(lights.count):
                lights.set(i, 0x003000 if i < n else 0)
        lights.show()


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


def BlackHoleApp(hw, seed, persist, settings):
    return Patience(hw, seed, persist, settings, BlackHoleTable)
