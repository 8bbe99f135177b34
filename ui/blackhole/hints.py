"""What Black Hole's table (ui/blackhole/table.py) says from the solver (ui/blackhole/solving.py):
the
verdict bar, Select's hint, looking back for the last winnable position, and a key stopping
a hint. BlackHoleTable builds on Hints; the thinker, meter, view and game are the table's.
"""
from hw import atlas
from ui import forget
from ui.blackhole import solving as bh_solving
from ui.blackhole.meter import LOST, OFF, WINNABLE
from ui.patience.table import Table


class Hints(Table):
    UNDO_TO_WINNABLE = True

    def _known(self):
        """The atlas's verdict here, else 0: at a deal's opening, anywhere in a lost deal."""
        n = self.game.deal_number
        if self.known >> 2 != n:
            w = atlas.winnable(n, self.ATLAS)
            self.known = n << 2 | (0 if w is None else WINNABLE if w else LOST)
        return 0 if self.known & 3 == WINNABLE and self.game.moves_made else self.known & 3

    def _verdict_bar(self):
        t = self.thinker
        if not self.app.settings.options & self.VERDICT or t is None:
            self.meter.show(OFF)
        elif t.verdict:
            self.meter.show(t.verdict)
        else:
            known = self._known()
            if known:
                self.meter.show(known)
            elif not self.game.is_won():
                t.ask(bh_solving.CHECK, self.game)
                self.meter.progress(0, bh_solving.CAP)

    def hint(self):
        g = self.game
        t = self.thinker
        if g.is_won() or t is None:
            return
        self.app.stats.hinted = 1     # a win now is not a win without hints
        if t.verdict == bh_solving.WINNABLE:
            self._show_hint()
            return
        known = self._known()
        if t.verdict == bh_solving.LOST or g.is_stuck() or known == bh_solving.LOST:
            self._look_back()
        else:
            self.view.say("Thinking... any key stops")
            t.ask(bh_solving.HINT, g, known == bh_solving.WINNABLE)
            self.meter.progress(0, bh_solving.CAP)

    def _look_back(self):
        self.meter.show(bh_solving.LOST)
        if self.game.moves_made == 0 or self._known():
            self.undo_back = False
            self.view.say("This deal cannot be won")
            return
        self.view.say("No win here. Looking back")
        self.thinker.ask(bh_solving.BACK, self.game)

    def _show_hint(self):
        self.cursor = self.thinker.next_move()
        self.view.set_cursor(self.cursor)
        self.view.say("Hint: this fan")
        self.meter.show(bh_solving.WINNABLE)

    def _think(self, app):
        """One slice of the solver's work, and what it found once done."""
        t = self.thinker
        job = t.job
        if not t.step():
            if not t.verdict:
                self.meter.progress(t.progress(), bh_solving.CAP)
            return
        wanted = self.undo_back
        self.undo_back = False
        if job == bh_solving.BACK:
            self.meter.show(bh_solving.LOST)
            if t.found == bh_solving.WINNABLE:
                self.back = t.undos
                if wanted:
                    self._back(app, False)
                else:
                    self.view.say("No win here: undo %d back" % t.undos)
            elif t.found == bh_solving.LOST:
                self.view.say("This deal cannot be won")
            else:
                self.view.say("No win here; undo and ask")
            return
        self.meter.show(t.verdict)
        if job == bh_solving.HINT:
            if t.verdict == bh_solving.WINNABLE:
                self._show_hint()
            elif t.verdict == bh_solving.LOST:
                self.undo_back = wanted
                self._look_back()
            else:
                self.view.say("Too deep to tell, sorry")

    def _stop_thinking(self):
        """A key during a hint stops it (the bar's own check goes on)."""
        t = self.thinker
        if t is None or not t.job or t.job == bh_solving.CHECK:
            return False
        t.job = bh_solving.IDLE
        self.undo_back = False
        self.view.say("")
        self._verdict_bar()
        return True

    def undo_to_winnable(self, app):
        """The choices' row (ui/patience/app.py): ui/blackhole/back.py, loaded only for it."""
        self._back(app, True)

    def _back(self, app, asked):
        from ui.blackhole import back as bh_back
        bh_back.undo_back(self, app, asked)
        forget("blackhole.back")
