"""Calculation's table at 160x128, on the shared patience screens (ui/patience.py).

Top row: the four foundations, each with its step and the rank it needs next below it, and
the turned card with the stock's count. Bottom row: the four waste piles fanned downwards,
the newest cards showing (a count says how many lie hidden under them). The cursor picks a
place: A plays or places there, B undoes, Select hints, Start opens the menu. Right of the
waste piles the moves made so far are counted. Per move only tile indices change, so a move
allocates nothing.
"""
import displayio

from engine import calculation_hint as hints
from engine.calculation import PILES, STOCK, WASTE, Calculation, SaveError
from hw import keys
from ui import sprites, text
from ui.patience import GUIDES, Patience, celebrate
from ui.persist import AUTO_CALC, TAG_CALC, TAG_CALC_STATS

try:
    from micropython import const
except ImportError:
    const = int

_COL_W = const(30)
_TOP_Y = const(13)
_NEXT_Y = const(31)
WASTE_Y = const(45)
SHOWN = const(6)            # waste cards in view: five strips and the top card
_TURNED_X = const(128)
TURNED = const(4)
_MOVES_X = const(126)           # cursor places: foundations 0-3, the turned card, waste 5-8
RANKS = "A234567891JQK"
PILE_NAMES = ("Ace", "2s", "3s", "4s")


class CalcTable:
    NAME = "Calculation"
    GAME_TAG = TAG_CALC
    STATS_TAG = TAG_CALC_STATS
    HELP = "CALCULATION"     # its paragraphs in ui/patience_help.py
    SaveError = SaveError

    def __init__(self, app):
        self.game = Calculation()
        sheet, palette = sprites.build()
        self.group = displayio.Group()
        self._found = []
        self._next = []
        self._waste = []
        self._hidden = []
        for f in range(PILES):
            x = 2 + f * _COL_W
            self._found.append(self._grid(sheet, palette, 3, 2, x, _TOP_Y))
            step = text.row(2, x, _NEXT_Y - 2)
            text.write(step, "+%d" % (f + 1))
            self.group.append(step)
            self._next.append(self._grid(sheet, palette, 1, 1, x + 14, _NEXT_Y))
            self._waste.append(self._grid(sheet, palette, 3, SHOWN + 1, x, WASTE_Y))
            self._hidden.append(self._grid(sheet, palette, 2, 1, x + 4,
                                           WASTE_Y + (SHOWN + 1) * sprites.TILE))
        self._turned = self._grid(sheet, palette, 3, 2, _TURNED_X, _TOP_Y)
        self._stock = self._grid(sheet, palette, 2, 1, _TURNED_X + 4, _NEXT_Y)
        self._deal = self._grid(sheet, palette, 5, 1, 118, 2)
        # the move counter, right of the waste piles: digit tiles, so a move allocates nothing
        self._moves = self._grid(sheet, palette, 3, 1, _MOVES_X + 6, WASTE_Y + 14)
        for words, x, y in (("Calculation", 2, 0), ("Deal", 88, 0), ("Moves", _MOVES_X, WASTE_Y)):
            label = text.row(len(words), x, y)
            text.write(label, words)
            self.group.append(label)
        cbmp, cpal = sprites.frame(3 * sprites.TILE + 2, 2 * sprites.TILE + 2, sprites.CURSOR)
        self._cursor = displayio.TileGrid(cbmp, pixel_shader=cpal)
        self.group.append(self._cursor)
        self._msg = text.row(text.SCREEN_CHARS, 2, 116)
        self.group.append(self._msg)
        self.said = ""
        self.place = TURNED
        self.hinted = -1          # the move Select suggested, which A then makes as shown
        self.auto = False         # look for a forced move between keys (settings: Auto-play)
        self.finishing = False    # the rest is a sure win: playing it out

    def _grid(self, sheet, palette, w, h, x, y):
        g = displayio.TileGrid(sheet, pixel_shader=palette, width=w, height=h,
                               tile_width=sprites.TILE, tile_height=sprites.TILE, x=x, y=y)
        self.group.append(g)
        return g

    # -- drawing: tile indices only --------------------------------------------------------
    def show(self, app):
        g = self.game
        for f in range(PILES):
            self._draw_found(f)
            self._draw_waste(f)
        self._draw_turned()
        sprites.set_number(self._deal, 0, 0, 5, g.deal_number)
        self._set_cursor()
        self._count()
        if app.notice:
            self.say(app.notice)
            app.notice = None
        else:
            self._say_state()

    def _draw_found(self, f):
        g = self.game
        sprites.set_card(self._found[f], 0, 0, g.top(f), False)
        r = g.needed(f)
        self._next[f][0] = sprites.BLANK if r < 0 else sprites.RANK_BLACK + r

    def _draw_waste(self, w):
        g = self.game
        grid = self._waste[w]
        n = g.wlen[w]
        first = n - SHOWN if n > SHOWN else 0
        sprites.clear(grid, 0, 0, 3, SHOWN + 1)
        if n == 0:
            sprites.set_slot(grid, 0, 0)
        for i in range(first, n):
            sprites.set_card(grid, 0, i - first, g.waste_card(w, i), i < n - 1)
        hide = self._hidden[w]
        if first:
            sprites.set_number(hide, 0, 0, 2, first)
        if hide.hidden != (first == 0):
            hide.hidden = first == 0

    def _draw_turned(self):
        g = self.game
        c = g.turned()
        if c < 0:
            sprites.clear(self._turned, 0, 0, 3, 2)
            sprites.set_slot(self._turned, 0, 0)
        else:
            sprites.set_card(self._turned, 0, 0, c, False)
        sprites.set_number(self._stock, 0, 0, 2, g.face_down())

    def _count(self):
        sprites.set_number(self._moves, 0, 0, 3, self.game.moves_made)

    def _set_cursor(self):
        p = self.place
        c = self._cursor
        if p < TURNED:
            c.x = 1 + p * _COL_W
            c.y = _TOP_Y - 1
        elif p == TURNED:
            c.x = _TURNED_X - 1
            c.y = _TOP_Y - 1
        else:
            w = p - TURNED - 1
            n = self.game.wlen[w]
            c.x = 1 + w * _COL_W
            c.y = WASTE_Y - 1 + sprites.TILE * ((n if n < SHOWN else SHOWN) - 1 if n else 0)

    def say(self, words):
        if words != self.said:
            self.said = words
            text.write(self._msg, words)

    def _say_state(self):
        g = self.game
        if g.is_won():
            self.say("You won! A: what next")
        elif g.is_stuck():
            self.say("No moves left. A: choices")
        elif self.said not in GUIDES:            # the key guide stays until words replace it
            self.say("")

    def dealt(self):
        self.place = TURNED
        self.said = "-"
        self.auto = True
        self.finishing = False

    def moved(self, app):
        self.finishing = False
        self.show(app)

    def option_rows(self, app):
        return (("Auto-play", "on" if app.settings.autoplay & AUTO_CALC else "off"),)

    def change_option(self, app, i, step):
        app.settings.autoplay ^= AUTO_CALC

    # -- auto-play: one forced move per pass between keys, each its own undo ----------------
    def busy(self):
        return self.auto

    def tick(self, app):
        g = self.game
        self.auto = False
        if not app.settings.autoplay & AUTO_CALC:
            return
        if self.finishing:
            m = g.foundation_move()
            if m >= 0:
                self._play(app, (m >> 3) + WASTE, m & 7)
            return
        home = -1
        for f in range(PILES):
            if not g.check(STOCK, f):
                if home >= 0:
                    return          # two homes: the player's choice
                home = f
        if home >= 0:
            self._play(app, STOCK, home)
        elif g.stock_len == 0 and not g.is_won() and self._sure_win():
            self.finishing = self.auto = True

    def _sure_win(self):
        """Waste tops home while any fits: does that win? Tried on the game and taken back,
        which allocates nothing; nothing is left to redo."""
        g = self.game
        n = 0
        m = g.foundation_move()
        while m >= 0:
            g.play((m >> 3) + WASTE, m & 7)
            n += 1
            m = g.foundation_move()
        won = g.is_won()
        for _ in range(n):
            g.undo()
        g.moves_known = g.moves_made
        return won

    # -- keys ------------------------------------------------------------------------------
    def key(self, app, k):
        g = self.game
        p = self.place
        hinted = self.hinted
        self.hinted = -1
        self.auto = self.finishing = False      # a key stops auto-play
        if k == keys.LEFT or k == keys.RIGHT:
            d = 1 if k == keys.RIGHT else -1
            self.place = (p + d) % 5 if p <= TURNED else TURNED + 1 + (p - TURNED - 1 + d) % 4
            self._set_cursor()
        elif k == keys.UP or k == keys.DOWN:
            self.place = (p - TURNED - 1 if p > TURNED else TURNED + 1 + (p if p < 4 else 3))
            self._set_cursor()
        elif k == keys.A:
            if g.is_won() or g.is_stuck():
                app.choices()
            elif hinted >= 0:
                self._play(app, (hinted >> 3) + WASTE, hinted & 7)
            else:
                self._act(app)
        elif k == keys.B:
            if not app.undo():
                self.say("Nothing to undo")
        elif k == keys.SELECT:
            app.stats.hinted = 1      # a win now is not a win without hints
            self._hint()
        elif k == keys.START:
            app.open_menu()

    def _act(self, app):
        g = self.game
        p = self.place
        if p < TURNED:
            for src in range(WASTE, STOCK + 1):
                if not g.check(src, p):
                    return self._play(app, src, p)
            r = g.needed(p)
            self._refuse(app, "That pile is complete" if r < 0 else
                         "The %s pile needs %s" % (PILE_NAMES[p], _a(r)))
        elif p == TURNED:
            c = g.turned()
            for f in range(PILES):
                if c >= 0 and not g.check(STOCK, f):
                    return self._play(app, STOCK, f)
            self._refuse(app, "The stock is used up" if c < 0 else
                         "No pile needs %s yet" % _a(c >> 2))
        else:
            w = WASTE + p - TURNED - 1
            if g.check(STOCK, w):
                self._refuse(app, "The stock is used up")
            else:
                self._play(app, STOCK, w)

    def _play(self, app, src, dst):
        self.game.play(src, dst)
        if src != STOCK:
            self._draw_waste(src - WASTE)
        else:
            self._draw_turned()
        if dst < WASTE:
            self._draw_found(dst)
        else:
            self._draw_waste(dst - WASTE)
        self._set_cursor()
        self._count()
        self.auto = app.settings.autoplay & AUTO_CALC    # a forced move may follow
        app.changed()
        if self.game.is_won():
            celebrate(app)
        else:
            app.sound(1200, 15)
        self._say_state()

    def _refuse(self, app, why):
        self.say(why)
        app.sound(110, 150)

    def _hint(self):
        h = hints.hint(self.game)
        if h < 0:
            self.say("No move to suggest")
            return
        self.hinted = h & 63
        dst = h & 7
        self.place = dst if dst < WASTE else TURNED + 1 + dst - WASTE
        self._set_cursor()
        self.say(hints.text(h))


def _rank(r):
    return "10" if r == 9 else RANKS[r]


def _a(r):               # "an" before a vowel sound: an A, an 8
    return ("an " if r == 0 or r == 7 else "a ") + _rank(r)


def CalcApp(hw, seed, persist, settings):
    return Patience(hw, seed, persist, settings, CalcTable)
