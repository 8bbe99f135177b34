"""A one-player patience on the shared screens (ui/screens.py) and the main loop (ui/app.py):
its records, resuming at power-on, statistics, and the menu every patience has
(ui/patience/menu.py).

A game brings one table screen class, built on ui/patience/table.py's Table (the contract is
written there).
Nothing is lost by one key: a new deal or a restart of a deal in
play asks first (also after undos took a finished deal back into play); redo has a fixed row
in the menu. A deal counts once in the statistics, as how it ends: stuck counts a loss, and a
win after undos replaces it; a deal once won stays won.
"""
from hw import keys

# the menu's screens (ui/patience/menu.py) load with the game, before the table takes the heap:
# parsed later from .py they would need a larger free block than they take
from ui import (
    forget,
    screens,  # noqa: F401
)
from ui.app import DAMAGED, App
from ui.deck import COLOURS, FELT
from ui.patience.record import Stats
from ui.persist import BAD_DATA, PLACE

# The keys A and the D-pad do not say for themselves, in turns on a free message row.
GUIDES = ("Select: hint  Start: menu", "B: undo  hold B: redo")


class Patience(App):
    MAX_DEAL = 32000              # the deals PySolFC makes with the MS generator

    def __init__(self, hw, seed, persist, settings, table_class):
        self.stats = Stats()
        self.guided = 0                 # which GUIDES line is next
        self.b_press = 0                # the last key was B on the table: 2 if it undid a move
        App.__init__(self, hw, seed, persist, settings, table_class, COLOURS[FELT])
        self._show()

    # -- saving ----------------------------------------------------------------------
    def _restore(self):
        p = self.persist
        t = self.table
        notice = p.notice
        p.notice = None
        stats = p.get(t.STATS_TAG)
        if stats is not None and not self.stats.unpack(stats):
            notice = BAD_DATA
        data = p.get(t.GAME_TAG)
        if data is not None:
            try:
                self.game.restore(data)
                if self.stats.counted < 0:      # statistics saved before they kept it
                    self.stats.counted = 2 if self.game.is_won() else int(self.game.is_stuck())
                # where the cursor was: saved since it was kept, with the game it belongs to
                at = p.get(t.GAME_TAG | PLACE)
                if at is not None and len(at) == 2:
                    t.go_back(at[0] << 8 | at[1])
                return notice
            except t.SaveError:
                notice = DAMAGED
        self.stats.counted = self.stats.hinted = 0
        self._new_deal(self.new_deal_number())
        self.save_now()           # a power cut before the first move brings this deal back
        return notice

    def save_now(self):
        p = self.persist
        t = self.table
        p.put(t.GAME_TAG, self.game.save())
        p.put(t.STATS_TAG, self.stats.pack())
        w = t.where()
        p.put(t.GAME_TAG | PLACE, bytes((w >> 8, w & 0xFF)))
        p.commit(self.settings)
        self.unsaved_since = -1

    def changed(self):
        """A move was made: saved once play pauses (ui/app.py); a deal that ends with it is
        counted and, when that changed the statistics, saved at once with them."""
        g = self.game
        App.changed(self)
        if g.is_won() or g.is_stuck():
            s = self.stats
            counted = s.counted
            top = s.top
            self._record(g.is_won())
            if s.counted != counted or s.top != top:
                self.save_now()

    # -- how every table ends a move and refuses one ------------------------------------------
    def played(self):
        """A move is made and drawn: count it and save once play pauses, sound it (a win has
        its fanfare), then the state line."""
        self.changed()
        g = self.game
        if g.is_won():
            celebrate(self)
        elif g.is_stuck():
            self.sound(196, 120)
        else:
            self.sound(1200, 15)
        self.say_state()

    def refuse(self, why):
        self.table.say(why)
        self.sound(110, 150)

    def say_state(self):
        """The end of the deal and what A does then (a table may word it: end_words(won));
        else words an earlier move left go, the key guide stays until words replace it."""
        t = self.table
        g = self.game
        if g.is_won() or g.is_stuck():
            t.say(t.end_words(g.is_won()))
        elif t.message.said not in GUIDES:
            t.say("")

    def tell(self):
        """On a table just drawn: the notice from power-on if any, else the state line."""
        if self.notice:
            self.table.say(self.notice)
            self.notice = None
        else:
            self.say_state()

    # -- its part of the loop (ui/app.py) -------------------------------------------------
    def key(self, k):
        on_table = self.stack[-1] is self.table
        b = self.b_press
        self.b_press = 0
        if k != keys.HOLD_B:
            # a cursor step changes nothing worth a write: where() rides along with the next
            n = self.game.moves_made
            self.stack[-1].key(self, k)
            if on_table and k == keys.B:
                self.b_press = 2 if self.game.moves_made < n else 1
        elif on_table and b:
            # B held redoes; its press undid a move first if it could: that comes back too
            if b == 2:
                self.redo()
            if not self.redo():
                self.table.say("Nothing to redo")

    def tick(self, k):
        """Between keys: the table's own work (auto-play, the solver), else once play has
        paused, the key guide."""
        if k != keys.NONE or self.stack[-1] is not self.table:
            return False
        if self.table.busy():
            self.table.tick(self)
            return True
        if self.paused():
            self.guide()
            return True
        return False

    def shown(self, on_table):
        if on_table:
            self.guide()
        self.hw.keys.repeat.hold_b = on_table       # B held is redo on the table only

    def guide(self):
        """The next GUIDES line on the table's message row if nothing else is said there."""
        t = self.table
        said = t.message.said
        if said == "" or said in GUIDES:
            t.say(GUIDES[self.guided])
            self.guided ^= 1

    # -- deals -------------------------------------------------------------------------
    def random_deal(self):
        return 1 + self.rng.below(self.MAX_DEAL)

    def new_deal_number(self):
        return self.table.pick_deal(self)

    def _record(self, won):
        t = self.table
        self.stats.record(won, t.winnable(), t.home())

    def deal(self, number):
        """Start deal number; a started deal left behind uncounted counts as lost. Kept at
        once (a power cut must not lose it, nor the loss counted), but for the deal after a
        finished one: that one was saved as it ended, so a cut before the new deal's first
        save brings back the finished deal and its choices, and nothing played is lost."""
        g = self.game
        at_once = not (g.is_won() or g.is_stuck())
        if g.moves_made:
            self._record(False)
        self._new_deal(number)
        self.stats.counted = self.stats.hinted = 0
        self.table.dealt()
        self.changed()
        if at_once:
            self.save_now()
        self.back_to_table()

    def _new_deal(self, number):
        self.table.deal_rules(self)
        self.game.new_deal(number)

    def in_play(self):
        """Moves made and the deal neither won nor stuck: another deal would lose them."""
        g = self.game
        return g.moves_made and not (g.is_won() or g.is_stuck())

    # -- the menu every patience has: ui/patience/menu.py, loaded while it is shown ------------
    def open_menu(self):
        # no save here: a player who stops at the menu is saved once play has paused
        # (ui/app.py QUIET_MS), and leaving for the chooser saves, in one write
        from ui.patience import menu as patience_menu
        patience_menu.open_menu(self)
        forget("patience.menu")

    def choices(self):
        """After a win or when stuck: what next, instead of dealing at once."""
        from ui.patience import menu as patience_menu
        patience_menu.choices(self)
        forget("patience.menu")

    # Undo and redo sound and read as a move does, in every patience.
    def undo(self):
        if self.game.undo():
            self.table.moved(self)
            self.played()
            return True
        return False

    def redo(self):
        if self.game.redo():
            self.table.moved(self)
            self.played()
            return True
        return False

    def show_stats(self):
        """The statistics screen; its module is loaded only while it is shown."""
        from ui.patience import stats as patience_stats
        self.push(patience_stats.StatsScreen())
        forget("patience.stats")


def celebrate(app):
    """A win: ui/patience/celebrate.py's fanfare and chase of lights, loaded only for it."""
    from ui.patience import celebrate as party
    party.play(app.hw, app.settings.lights)
    forget("patience.celebrate")
