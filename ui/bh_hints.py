"""What Black Hole's table (ui/bh_table.py) says from the solver (ui/solving.py): the
verdict bar, Select's hint, looking back for the last winnable position, and a key stopping
a hint. BlackHoleTable builds on Hints; the thinker, meter, view and game are the table's.
"""
from hw import atlas
from ui import forget, solving
from ui.meter import OFF


class Hints:
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

    def _think(self, app):
        """One slice of the solver's work, and what it found once done."""
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
