"""Black Hole's table on the shared patience screens (ui/patience/app.py): D-pad cursor, A plays,
B undoes, Select hints, Start opens the menu. The solver (ui/blackhole/solving.py) thinks in slices
between keys; the atlas (hw/atlas.py) answers at once where it can; what it finds shows
through ui/blackhole/hints.py. Per move only tiles change."""
import gc

from engine.blackhole import BlackHole, SaveError
from engine.tableau import NUM_FANS
from hw import atlas, keys
from ui import deck as sprites
from ui import fans as table_module
from ui.blackhole import solving as bh_solving
from ui.blackhole.hints import Hints
from ui.blackhole.meter import Meter
from ui.fans import TableView
from ui.patience.app import Patience
from ui.persist import TAG_GAME, TAG_STATS

try:
    from micropython import const
except ImportError:
    const = int

_scratch = bytearray(NUM_FANS)
_COLS = const(6)
_CELLS = const(18)      # the 6x3 grid: cell 17 is the hole, which up and down step over


class BlackHoleTable(Hints):
    NAME = "Black Hole"
    GAME_TAG = TAG_GAME
    STATS_TAG = TAG_STATS
    HELP = "BLACK_HOLE"      # its paragraphs in ui/patience/help.py
    SaveError = SaveError
    # its options bits (ui/persist.py): auto-play, new deals winnable only (from ATLAS), the
    # Winnable? bar shown; the settings' rows in SWITCHES' order
    AUTO, WINNABLE, VERDICT = 1, 32, 64
    SWITCHES = (VERDICT, WINNABLE, AUTO)
    ATLAS = atlas.BLACK_HOLE

    def __init__(self, app):
        self.app = app
        self.game = BlackHole()
        # The solver's 12 KB table first, while the free heap is still one unbroken run.
        gc.collect()
        try:
            self.thinker = bh_solving.Thinker()
        except MemoryError:
            self.thinker = None
        self.view = TableView(*sprites.build())
        self.group = self.view.group
        self.message = self.view.message
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
        if self.thinker is None and not app.notice:
            self.view.say("No memory for the solver")
        else:
            app.tell()
        self._lights()

    def home(self):
        return self.game.hole_len        # in the hole, which is never empty

    def best(self, top):
        return "Fewest cards left %d" % (52 - top)

    def where(self):
        return self.cursor

    def go_back(self, w):
        if w < NUM_FANS:
            self.cursor = w

    def dealt(self):
        self.cursor = 0
        self.back = 0
        self.auto = self.app.settings.options & self.AUTO
        if self.thinker is not None:
            self.thinker.forget()

    def moved(self, app):
        self.back = 0
        if self.thinker is not None:
            self.thinker.forget()
        self.show(app)

    def busy(self):
        return self.auto or self.thinker is not None and self.thinker.job != bh_solving.IDLE

    def winnable(self):
        return atlas.winnable(self.game.deal_number, self.ATLAS)

    def describe_deal(self, n):
        w = atlas.winnable(n, self.ATLAS)
        return "" if w is None else "Winnable" if w else "Cannot be won"

    def option_rows(self, app):
        o = app.settings.options
        return (("Winnable?", "shown" if o & self.VERDICT else "hidden"),
                ("New deals", "winnable" if o & self.WINNABLE else "any"),
                ("Auto-play", "on" if o & self.AUTO else "off"))

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
                return app.refuse(self._refusal(code))
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
            self.hint()
        elif k == keys.START:
            app.open_menu()

    def _play(self, app, f):
        self.game.play(f)
        if self.thinker is not None:
            self.thinker.moved(f)
        self._after(app, f)
        self.auto = app.settings.options & self.AUTO     # a forced move may follow

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

    def tick(self, app):
        if self.auto:
            return self._auto_move(app)
        self._think(app)

    def _refusal(self, code):
        if code == 2:
            return "That fan is empty"
        r = self.game.top_rank()
        return "Play %s or %s" % (sprites.a_rank((r + 12) % 13), sprites.a_rank((r + 1) % 13))

    def _after(self, app, fan):
        g = self.game
        self.back = 0
        self.view.after_move(g, fan)
        app.played()
        self._lights()
        self._verdict_bar()

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
