"""A one-player patience on the shared screens (ui/screens.py): the loop, the screen stack,
saving once play pauses, resuming at power-on, statistics, and the menu every patience has.

A game brings one table screen class (ui/calc_table.py, ui/bh_table.py) with:
    NAME, GAME_TAG, STATS_TAG    its title and its ui/persist.py records
    HELP                         the name of its help paragraphs in ui/patience_help.py
    SaveError                    what its engine's restore() raises
    Table(app)                   .group, .game (the engine), show(app), key(app, k),
                                 busy() and tick(app) for work between keys, dealt() after a
                                 new deal, moved(app) after a redo
and may add option_rows(app) + change_option(app, i, step) (its settings after the device's),
pick_deal(app) (the next new deal), describe_deal(n) (a line under a typed deal number) and
winnable() (True/False/None: statistics count wins among winnable deals).
The engine has new_deal(n), save(), restore(data), undo(), redo(), is_won(), is_stuck(),
moves_made and deal_number. Nothing is lost by one key: a new deal or a restart of a deal in
play asks first (also after undos took a finished deal back into play); redo has a fixed row
in the menu. A deal counts once in the statistics, as how it ends: stuck counts a loss, and a
win after undos replaces it; a deal once won stays won.
"""
import displayio

from engine.rng import MsRandom
from hw import TICKS_MASK, keys
from ui import forget, screens
from ui.screens import device_change, device_rows
from ui.glyphs import felt
from ui.persist import Stats
from ui.sprites import COLOURS, FELT
from ui.textview import TextView

try:
    from micropython import const
except ImportError:
    const = int

SAVE_AFTER_MS = const(3000)   # flash wears: save once the player pauses, not every move
_GUIDE_AFTER_MS = const(8000)  # idle this long, a free message row shows the keys again
MAX_DEAL = const(32000)       # the deals PySolFC makes with the MS generator

MENU = ("Resume", "New deal", "Deal number...", "Restart this deal", "Redo move", "Help",
        "Settings", "Statistics", "Other games")
DAMAGED = "Saved game was damaged."
AFTER = ("New deal", "Restart this deal", "Undo a move", "Statistics", "Other games")
TO_WINNABLE = "Undo to winnable"     # a table with a solver: its undo_to_winnable(app)
# The keys A and the D-pad do not say for themselves, in turns on a free message row.
GUIDES = ("Select: hint  Start: menu", "B: undo  hold B: redo")


class Patience:
    def __init__(self, hw, seed, persist, settings, table_class):
        self.hw = hw
        self.persist = persist
        self.settings = settings
        self.leave = False        # the player asked for another game (ui/launcher.py)
        self.rng = MsRandom(seed & 0x3FFFFFFF)
        self.stats = Stats()
        self.root = displayio.Group()
        self.root.append(felt(COLOURS[FELT]))
        self.table = table_class(self)
        self.game = self.table.game
        self.text = TextView()
        self.root.append(self.table.group)
        self.root.append(self.text.group)
        self.stack = [self.table]
        self.unsaved_since = -1
        self.dirty = True
        self.key_at = hw.clock.ms()     # the last key, for the key guide when play pauses
        self.guided = 0                 # which GUIDES line is next
        self.b_press = 0                # the last key was B on the table: 2 if it undid a move
        self.notice = self._restore()
        hw.display.root_group = self.root
        self._show()

    # -- saving ----------------------------------------------------------------------
    def _restore(self):
        p = self.persist
        t = self.table
        notice = p.notice
        p.notice = None
        stats = p.get(t.STATS_TAG)
        if stats is not None and not self.stats.unpack(stats):
            notice = "Some saved data was bad."
        data = p.get(t.GAME_TAG)
        if data is not None:
            try:
                self.game.restore(data)
                if self.stats.counted < 0:      # statistics saved before they kept it
                    self.stats.counted = 2 if self.game.is_won() else int(self.game.is_stuck())
                return notice
            except t.SaveError:
                notice = DAMAGED
        self.stats.counted = self.stats.hinted = 0
        self.game.new_deal(self.new_deal_number())
        return notice

    def save_now(self):
        p = self.persist
        p.put(self.table.GAME_TAG, self.game.save())
        p.put(self.table.STATS_TAG, self.stats.pack())
        p.commit(self.settings)
        self.unsaved_since = -1

    def changed(self):
        """A move was made: count how the deal ends, and save once play pauses."""
        g = self.game
        if g.is_won() or g.is_stuck():
            self._record(g.is_won())
        self.unsaved_since = self.hw.clock.ms()

    # -- the loop ----------------------------------------------------------------------
    def step(self):
        k = self.hw.keys.poll()
        now = self.hw.clock.ms()
        on_table = self.stack[-1] is self.table
        if k != keys.NONE:
            self.key_at = now
            b = self.b_press
            self.b_press = 0
            if k != keys.HOLD_B:
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
            self.dirty = True
        elif on_table and self.table.busy():
            self.table.tick(self)
            self.dirty = True
        elif on_table and (now - self.key_at) & TICKS_MASK >= _GUIDE_AFTER_MS:
            self.key_at = now
            self.guide()
            self.dirty = True
        # the clock again: a tone blocks while it sounds, so a change in this pass may be
        # stamped later than `now`
        if self.unsaved_since >= 0 and \
                (self.hw.clock.ms() - self.unsaved_since) & TICKS_MASK >= SAVE_AFTER_MS:
            self.save_now()
        if self.dirty:
            self.hw.display.refresh()
            self.dirty = False

    def busy(self):
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
        self._show()

    def _show(self):
        top = self.stack[-1]
        on_table = top is self.table
        self.table.group.hidden = not on_table
        self.text.group.hidden = on_table
        top.show(self)
        if on_table:
            self.guide()
        self.hw.keys.repeat.hold_b = on_table       # B held is redo on the table only
        self.dirty = True

    def guide(self):
        """The next GUIDES line on the table's message row if nothing else is said there."""
        t = self.table
        said = getattr(t, "view", t).said
        if not said or said in GUIDES:
            t.say(GUIDES[self.guided])
            self.guided ^= 1

    def sound(self, hz, ms):
        self.hw.sound.beep(hz, ms)

    # -- deals -------------------------------------------------------------------------
    def random_deal(self):
        return 1 + self.rng.below(MAX_DEAL)

    def new_deal_number(self):
        pick = getattr(self.table, "pick_deal", None)
        return pick(self) if pick else self.random_deal()

    def _record(self, won):
        w = getattr(self.table, "winnable", None)
        g = self.game
        # cards home: in Black Hole's hole (never empty), else on the foundations
        self.stats.record(won, w() if w else None, getattr(g, "hole_len", 0) or g.on_foundations())

    def deal(self, number):
        """Start deal number; a started deal left behind uncounted counts as lost."""
        g = self.game
        if g.moves_made:
            self._record(False)
        g.new_deal(number)
        self.stats.counted = self.stats.hinted = 0
        self.table.dealt()
        self.changed()
        self.back_to_table()

    def in_play(self):
        """Moves made and the deal neither won nor stuck: another deal would lose them."""
        g = self.game
        return g.moves_made and not (g.is_won() or g.is_stuck())

    def _ask_first(self, question, then):
        """Run then(app) at once on a fresh or finished deal, else after a yes."""
        if not self.in_play():
            then(self)
        elif self.stats.counted == 2:
            self.push(screens.Confirm((question, "", "You won it before, so it",
                                       "stays counted as won."), then))
        else:
            self.push(screens.Confirm((question, "", "This deal is not over, so",
                                       "it counts as lost."), then))

    # -- the menu every patience has ----------------------------------------------------
    def open_menu(self):
        self.save_now()           # the menu may be where the player stops: save first
        self.push(screens.Menu("%s  deal %d" % (self.table.NAME, self.game.deal_number),
                               MENU, _pick))

    def choices(self):
        """After a win or when stuck: what next, instead of dealing at once."""
        won = self.game.is_won()
        rows = AFTER
        if not won and getattr(self.table, "undo_to_winnable", None):
            rows = AFTER[:3] + (TO_WINNABLE,) + AFTER[3:]
        self.push(screens.Menu("You won!" if won else "No moves left", rows, _pick_after))

    def undo(self):
        if self.game.undo():
            self.table.moved(self)
            self.changed()
            return True
        return False

    def redo(self):
        if self.game.redo():
            self.table.moved(self)
            self.changed()
            return True
        return False

    def show_stats(self):
        """The statistics screen; its module is loaded only while it is shown."""
        from ui import patience_stats
        self.push(patience_stats.StatsScreen())
        forget("patience_stats")


def celebrate(app):
    """A win: ui/celebrate.py's fanfare and chase of lights, loaded only for it."""
    from ui import celebrate as party
    party.play(app.hw, app.settings.lights)
    forget("celebrate")


def help_paragraphs(name):
    """Paragraphs `name` of ui/patience_help.py; the module leaves the heap again (the Pages
    screen keeps the paragraphs only while it is shown)."""
    from ui import patience_help
    found = getattr(patience_help, name)
    forget("patience_help")
    return found


def _pick(app, i):
    row = MENU[i]
    if row == "Resume":
        app.back_to_table()
    elif row == "New deal":
        app._ask_first("Start a new deal?", lambda a: a.deal(a.new_deal_number()))
    elif row == "Deal number...":
        app.push(screens.NumberEntry("Deal number (1-%d)" % MAX_DEAL, 1, MAX_DEAL,
                                     lambda a, n: a._ask_first("Play deal %d?" % n,
                                                               lambda b: b.deal(n)),
                                     getattr(app.table, "describe_deal", None)))
    elif row == "Restart this deal":
        app._ask_first("Restart this deal?", lambda a: a.deal(a.game.deal_number))
    elif row == "Redo move":
        if app.redo():
            app.back_to_table()
        else:
            app.push(screens.Notice(("Nothing to redo", "", "Redo brings back a move",
                                     "that B took back.")))
    elif row == "Help":
        app.push(screens.help_pages(app.table.NAME, help_paragraphs(app.table.HELP)))
    elif row == "Settings":
        app.push(screens.Options("Settings", _settings_rows, _settings_change))
    elif row == "Statistics":
        app.show_stats()
    else:
        app.leave = True


def _pick_after(app, i):
    row = app.stack[-1].rows[i]
    if row == "New deal":
        app.deal(app.new_deal_number())
    elif row == "Restart this deal":
        app.deal(app.game.deal_number)
    elif row == "Undo a move":
        app.undo()
        app.back_to_table()
    elif row == TO_WINNABLE:
        app.back_to_table()
        app.table.undo_to_winnable(app)
    elif row == "Statistics":
        app.show_stats()
    else:
        app.leave = True


def _settings_rows(app):
    rows = getattr(app.table, "option_rows", None)
    return device_rows(app) + (rows(app) if rows else ())


def _settings_change(app, i, step):
    if i < 3:
        device_change(app, i, step)
        return
    app.table.change_option(app, i - 3, step)
    app.persist.commit(app.settings)
    app.table.moved(app)
