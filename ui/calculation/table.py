"""Calculation's play on the shared patience screens (ui/patience/app.py), drawn by
ui/calculation/view.py. The cursor picks a place (the foundations, the turned card, the waste
piles):
A plays or places there, B undoes, Select hints, Start opens the menu. Between keys,
auto-play makes forced moves one a pass, and plays out a sure win; then the hint for the
position is thought out in slices (engine/calculation_hint.py begin/think), so Select mostly
finds it made, and else finishes it with at most hints.ASK cards of rollouts more.
"""
from engine import calculation_hint as hints
from engine.calculation import PILES, STOCK, WASTE, Calculation, SaveError
from hw import atlas, keys
from ui.calculation import words as calc_words
from ui.calculation.view import TURNED, CalcView
from ui.deck import a_rank
from ui.patience.app import Patience
from ui.patience.deals import Deals
from ui.persist import TAG_CALC, TAG_CALC_STATS


class CalcTable(Deals):
    NAME = "Calculation"
    GAME_TAG = TAG_CALC
    STATS_TAG = TAG_CALC_STATS
    HELP = "CALCULATION"     # its paragraphs in ui/patience/help.py
    SaveError = SaveError
    # its options bits (ui/persist.py): auto-play, new deals winnable only (from ATLAS); the
    # settings' rows in SWITCHES' order, its own before the deal settings (ui/patience/deals.py)
    AUTO, WINNABLE = 2, 4
    SWITCHES = (AUTO, WINNABLE)
    ATLAS = atlas.CALCULATION

    def __init__(self, app):
        self.game = Calculation()
        self.view = CalcView()
        self.group = self.view.group
        self.message = self.view.message
        self.place = TURNED
        self.hinted = -1          # the move Select suggested, which A then makes as shown
        self.auto = False         # look for a forced move between keys (settings: Auto-play)
        self.finishing = False    # the rest is a sure win: playing it out
        # the hint of the position on the table, thought out ahead: 0 not begun, 1 being
        # thought out, 2 made (hints.finish() returns it at once)
        self.ahead = 0

    def show(self, app):
        self.view.draw_all(self.game, self.place)
        app.tell()

    def where(self):
        return self.place

    def go_back(self, w):
        if w <= TURNED + PILES:
            self.place = w

    def dealt(self):
        self.place = TURNED
        self.view.message.forget()
        self.auto = True
        self.finishing = False
        self.ahead = 0

    def moved(self, app):
        self.finishing = False
        self.ahead = 0
        self.show(app)

    def option_rows(self, app):
        return (("Auto-play", "on" if app.settings.options & self.AUTO else "off"),) + \
            Deals.option_rows(self, app)

    # -- between keys: auto-play, one forced move a pass, each its own undo; then the hint -----
    def busy(self):
        return self.auto or self.ahead < 2

    def tick(self, app):
        if not self.auto:
            # a slice of the hint: about hints.SLICE cards of rollouts, 50 ms on a board
            if not self.ahead:
                self.ahead = 2 if hints.begin(self.game) else 1
            elif hints.think(hints.SLICE):
                self.ahead = 2
            return
        g = self.game
        self.auto = False
        if not app.settings.options & self.AUTO:
            return
        if self.finishing:
            m = g.foundation_move()
            if m >= 0:
                self._auto(app, (m >> 3) + WASTE, m & 7)
            return
        home = -1
        for f in range(PILES):
            if not g.check(STOCK, f):
                if home >= 0:
                    return          # two homes: the player's choice
                home = f
        if home >= 0:
            self._auto(app, STOCK, home)
        elif g.stock_len == 0 and not g.is_won() and self._sure_win():
            self.finishing = self.auto = True

    def _auto(self, app, src, dst):
        """Auto-play's move, then what it did on the message row (the end of the deal's
        words win)."""
        self._play(app, src, dst)
        g = self.game
        if not (g.is_won() or g.is_stuck()):
            calc_words.auto(self.view, g, src, dst)

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
            self.view.set_cursor(self.game, self.place)
        elif k == keys.UP or k == keys.DOWN:
            self.place = (p - TURNED - 1 if p > TURNED else TURNED + 1 + (p if p < 4 else 3))
            self.view.set_cursor(self.game, self.place)
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
            app.refuse("That pile is complete" if r < 0 else
                       "The +%d pile needs %s" % (p + 1, a_rank(r)))
        elif p == TURNED:
            c = g.turned()
            for f in range(PILES):
                if c >= 0 and not g.check(STOCK, f):
                    return self._play(app, STOCK, f)
            app.refuse("The stock is used up" if c < 0 else
                       "No pile needs %s yet" % a_rank(c >> 2))
        else:
            w = WASTE + p - TURNED - 1
            if g.check(STOCK, w):
                app.refuse("The stock is used up")
            else:
                self._play(app, STOCK, w)

    def _play(self, app, src, dst):
        g = self.game
        v = self.view
        g.play(src, dst)
        if src != STOCK:
            v.draw_waste(g, src - WASTE)
        else:
            v.draw_turned(g)
        if dst < WASTE:
            v.draw_found(g, dst)
        else:
            v.draw_waste(g, dst - WASTE)
        v.set_cursor(g, self.place)
        v.count(g)
        self.auto = app.settings.options & self.AUTO    # a forced move may follow
        self.ahead = 0
        app.played()

    def _hint(self):
        # what thinking ahead left, capped at hints.ASK cards: a cold ask takes about 1.5 s
        if not self.ahead:
            hints.begin(self.game)
        self.ahead = 2
        h = hints.finish(hints.ASK)
        if h < 0:
            self.say("No move to suggest")
            return
        self.hinted = h
        dst = h & 7
        self.place = dst if dst < WASTE else TURNED + 1 + dst - WASTE
        self.view.set_cursor(self.game, self.place)
        calc_words.say(self.view, self.game, h)


def CalcApp(hw, seed, persist, settings):
    return Patience(hw, seed, persist, settings, CalcTable)
