"""A game for several seats on the shared screens (ui/screens.py) and the main loop (ui/app.py):
CPU seats paced so a person can follow them (A skips to the next person), its records,
resuming at power-on, and the menu, setup, curtain and scores every seated game has. A game
brings one table class on SeatTable (ui/yoyo_parlett/table.py, ui/yoyo_amigo/table.py):
    NAME, GAME_TAG, SETUP_TAG   its title and its ui/persist.py records
    HELP                        the name of its paragraphs in ui/seated/help.py
    MENU                        its menu rows (ui/seated/screens.py knows them), fixed
    KINDS, MAX_SEATS            seat kinds' names (0 is a person), the most seats (2 the least)
    NAMES, RULES, SaveError     names edited in setup?; ("label|off|on", option bit) rule
                                readings; what its engine's restore() raises
    Table(app)                  .group, .game, show(app), key(app, k), seat(), in_progress(),
                                busy() (a CPU seat is to move), tick(app) (its move, or a
                                slice of its thinking: True once it acted), new_game(app),
                                resumed(app), keep(persist), handover(app) (the curtain's
                                lines), scores(app) (ui/seated/screens.py's Scores).
Nothing is lost by one key: a new game or leaving a game in progress asks first."""
import gc

from hw import TICKS_MASK, keys
from ui.app import DAMAGED, App

try:
    from micropython import const
except ImportError:
    const = int

CPU_PACE_MS = const(700)      # one CPU action per this long, so a person can follow it
NEWS_MS = const(2000)         # news told in turn on the table: a line this long at least
HUMAN = const(0)

# what app.screen says is on top (tests and tools read it)
TABLE = const(0)
CURTAIN = const(1)
MENU = const(2)
SETUP = const(3)
HELP = const(4)
SCORES = const(5)
ASK = const(6)                # a confirmation, a notice or settings


def kind(screen, k):
    """screen, marked with what app.screen says while it is on top."""
    screen.kind = k
    return screen


class SeatTable:
    # Lines of the key guide, shown in turn with the decision's own prompt when play pauses;
    # REDOES: B held brings back what B took back (the Repeater reports HOLD_B on the table)
    GUIDES = ()
    REDOES = False

    def prompt(self, app):
        """The words that ask for the decision at hand: the guide returns to them."""
        return ""

    def done(self):
        """How many actions B could take back (for B held, where the table REDOES)."""
        return 0

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

    queue = ()    # news said a line at a time, NEWS_MS apart, the prompt last
    qi = 0

    def in_turn(self, app, lines):
        self.queue = lines
        self.qi = 0
        app.due(True)
        self.view.say(lines[0])

    def next_news(self, app):
        """The next line in turn, when due (True); anything else said ends them."""
        q = self.queue
        if self.qi + 1 >= len(q) or self.view.said is not q[self.qi] or not app.due():
            return False
        self.qi += 1
        self.view.say(q[self.qi])
        return True


class Seated(App):
    def __init__(self, hw, seed, persist, settings, table_class, rgb):
        self.players = 2
        self.kinds = bytearray(table_class.DEFAULT_KINDS)
        self.names = "P1 P2 P3 P4 P5 P6".split()
        self.options = 0
        self.holder = -1          # the person holding the device
        self.hurry = False        # A pressed in a CPU turn: no pacing until a person's turn
        self.b_undid = False      # the last key was B on the table and took an action back
        self.cpu_at = 0
        self.news_at = 0
        self.playing = False      # a game was started or restored
        App.__init__(self, hw, seed, persist, settings, table_class, rgb)
        self.table.kind = TABLE
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
            from ui.seated.screens import unpack
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
            self.table.keep(p)      # what else it keeps with the game (resumed() reads it)
        from ui.seated.screens import pack
        p.put(self.table.SETUP_TAG, pack(self))
        p.commit(self.settings)
        self.unsaved_since = -1

    # -- its part of the loop (ui/app.py) -------------------------------------------------
    def tick(self, k):
        """One CPU action when its pace is due (or the rest of a skipped CPU run); on a
        person's decision, the table's news in turn, or its guide when play pauses."""
        t = self.table
        if self.stack[-1] is not t:
            return False
        if not t.busy():
            return t.next_news(self) or len(t.GUIDES) > 0 and self.paused() and self.guide()
        if self.hurry:
            # Skipped: the CPU seats play on until a person is to move, but a seat that
            # thinks in slices gives the loop back after each slice.
            while self.stack[-1] is t and t.busy() and t.tick(self):
                pass
            return True
        now = self.hw.clock.ms()
        if t.thinking() or (now - self.cpu_at) & TICKS_MASK >= CPU_PACE_MS:
            # a seat that thinks in slices gets one slice a pass, then waits its pace
            if t.tick(self):
                self.cpu_at = now
                if not t.busy():
                    self.hw.wake()      # a CPU run ended: lit for the person to move
            return True
        return False

    def due(self, start=False):
        """Time for the table's next line of news (start: the first is said now)."""
        now = self.hw.clock.ms()
        if not start and (now - self.news_at) & TICKS_MASK < NEWS_MS:
            return False
        self.news_at = now
        return True

    def shown(self, on_table):
        self.hw.keys.repeat.hold_b = on_table and self.table.REDOES
        self.lights()

    def key(self, k):
        t = self.table
        if k != keys.HOLD_B:
            done = t.done()
            App.key(self, k)
            self.b_undid = k == keys.B and t.done() < done
        elif self.stack[-1] is t:
            # B held redoes; its press took an action back first if it could: that comes
            # back too
            if self.b_undid:
                t.redo(self)
            if not t.redo(self):
                t.view.say("Nothing to redo")
            self.b_undid = False

    def guide(self):
        """On a person's decision, the table's prompt and its guide lines in turn; never over
        other words (news, a refusal). True, for tick()."""
        t = self.table
        lines = t.GUIDES
        said = t.view.said
        p = t.prompt(self)
        if p and said == p:
            t.view.say(lines[0])
        elif said in lines:
            i = lines.index(said) + 1
            t.view.say(lines[i] if i < len(lines) else p)
        return True

    def back_to_table(self):
        self.cpu_at = self.hw.clock.ms()
        App.back_to_table(self)

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
        from ui.seated.screens import Handover
        self.push(kind(Handover(), CURTAIN))

    def needs_curtain(self, s):
        return self.kinds[s] == HUMAN and s != self.holder and self.humans() >= 2

    def scores(self, then):
        from ui.seated.screens import Scores
        self.push(kind(Scores(self.table.scores(self), then), SCORES))

    def over(self, screen):
        """A screen over the table other than those above: settings, the last moves..."""
        self.push(kind(screen, ASK))

    def show_help(self, paragraphs):
        from ui.screens import help_pages
        self.push(kind(help_pages(self.table.NAME, paragraphs), HELP))

    # Screens' modules load when first needed: a game that is only played never loads them.
    def ask(self, lines, yes):
        from ui.screens import Confirm
        self.push(kind(Confirm(lines, yes), ASK))

    def tell(self, lines):
        from ui.screens import Notice
        self.push(kind(Notice(lines), ASK))

    def setup(self):
        from ui.seated.setup import SeatSetup
        self.push(kind(SeatSetup(self), SETUP))

    def open_menu(self):
        from ui.seated.screens import open_menu
        # no save here: a pause saves (ui/app.py QUIET_MS), and so does leaving, in one write
        self.push(kind(open_menu(self), MENU))
