"""Flash wear: how often an evening of each game writes the save block, and how many years of
play that leaves the board's flash.

    .venv/bin/python tools/bench/wear.py [--minutes 60] [--evenings 3] [--seed 1]
                                         [--model think|slow] [--save-by SECONDS]

What runs: the desktop code path (ui/programs.py's Programs over hw/stub.py: the same Launcher,
games and saves as a board, on a clock the script moves). A scripted player spends an evening
in each game: opened from the chooser, played with plausible keys (cursor steps, moves, hints,
undo, the menu looked into, a setting changed, help read, the game left for the chooser and
opened again), until --minutes of the clock have gone, then back to the chooser. The seated
games have one person and CPU seats (Yo-yo three seats, YoYo four), the CPU seats taking their
pace between the person's keys.

The think-time model, seeded: before every key the player waits 0.5-3 s (7 keys in 10), 3-8 s
(2 in 10) or 8-20 s (1 in 10), uniform within each band. Between keys the main loop runs as on a
board: a pass every 10 ms while the game works (a solver, CPU seats thinking), every 100 ms when
it only waits (nothing the app does between keys has a finer clock than that). --model slow
is a player who stops to think 20-40 s before one key in three: each such pause is longer
than the app's QUIET_MS.

What is counted: every write to the raw store (hw/stores.py MemoryStore.write), which on a
PyBadge is one assignment to microcontroller.nvm: CircuitPython erases and reprograms the whole
8 KB block holding both save slots, so each is one erase cycle of that block.

Endurance: SAM D5x/E5x Family Data Sheet (DS60001507E), 54.12 NVM Characteristics, Table 54-41
"Flash Endurance and Data Retention": CycNVM (an endurance cycle is a write and an erase) 10K
cycles minimum at TA = 85 degC, no typical figure given; retention after up to 10k cycles 20
years. The SAM D21 sheet gives 25k minimum and 150k typical for its flash (issue 34); those
are printed too, for comparison only: the PyBadge's SAMD51 is rated by the first.
"""
import argparse
import os
import random
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.insert(0, ROOT)

from hw import keys as K  # noqa: E402
from hw import stub  # noqa: E402
from hw.stores import MemoryStore  # noqa: E402
from tools.bench.think_time import think  # noqa: E402

GAMES = ("Black Hole", "Yo-yo (Parlett)", "YoYo (Amigo)", "Calculation", "Big Ben")
BUDGET = 30                  # writes per hour of steady play (issue 34)
ENDURANCE = (
    # (label, cycles, source)
    ("SAMD51 min", 10000, "SAM D5x/E5x DS60001507E Table 54-41, CycNVM min at 85 degC"),
    ("SAM D21 min", 25000, "SAM D21 sheet, CycNVM min (for comparison)"),
    ("SAM D21 typ", 150000, "SAM D21 sheet, CycNVM typical (for comparison)"),
)
SOURCE = ("Endurance: SAM D5x/E5x Family Data Sheet DS60001507E, 54.12 NVM Characteristics, "
          "Table 54-41: CycNVM 10K cycles min (TA = 85 degC), no typical given; SAM D21 "
          "25k min / 150k typ shown for comparison.")
BUSY_STEP_MS = 10
IDLE_STEP_MS = 100


class CountingStore(MemoryStore):
    """The board's 8 KB NVM, counting writes (each one erase of the block on a SAMD51)."""

    def __init__(self, size=8192):
        super().__init__(size)
        self.writes = 0
        self.version = 0          # changes with every write, for observers

    def write(self, offset, data):
        self.writes += 1
        self.version += 1
        super().write(offset, data)


def slow(rng):
    """A player who stops to think: 0.5-3 s before most keys, 20-40 s before one in three
    (beyond the app's QUIET_MS, so each such pause could be a save)."""
    if rng.random() < 1 / 3.0:
        return int(rng.uniform(20000, 40000))
    return int(rng.uniform(500, 3000))


MODELS = {"think": think, "slow": slow}


class Evening:
    """One scripted evening in one game. observe(evening) is called after every main-loop pass
    (the power-cut test watches the saves through it)."""

    def __init__(self, game, seed=1, minutes=60, observe=None, store=None, gaps=think,
                 extras=True):
        from ui.programs import Programs
        self.game = game
        self.rng = random.Random(seed * 1000 + game)
        self.store = store or CountingStore()
        self.hw = stub.Hardware(storage=self.store)
        self.la = Programs(self.hw, seed=seed, fresh=False)
        self.minutes = minutes
        self.observe = observe
        self.gaps = gaps
        self.extras = extras      # the menu, help, a setting, leaving and coming back
        self.start = 0
        self.elapsed = 0          # ms of the clock since the evening began
        self.keys = 0
        self.moves = 0            # actions that changed the game, the person's and CPUs'
        self.ends = 0             # games finished
        self.events = {}

    # -- time and keys ---------------------------------------------------------------------
    def now(self):
        return self.elapsed

    def wait(self, ms):
        """The main loop runs while the player thinks."""
        while ms > 0:
            app = self.la.app
            d = BUSY_STEP_MS if app is not None and app.busy() else IDLE_STEP_MS
            d = min(d, ms)
            self.hw.clock.advance(d)
            self.elapsed += d
            ms -= d
            self._pass()

    def _pass(self):
        self.la.step()
        if self.observe:
            self.observe(self)

    def press(self, k):
        self.wait(self.gaps(self.rng))
        if self.hw.power:
            # dimmed or dark after a long think (a CPU run, the slow player): the first key
            # only wakes the screen (hw/base.py), as a player sees, so press it again
            self.hw.keys.press(k)
            self._pass()
        self.hw.keys.press(k)
        self.keys += 1
        self._pass()

    def done(self):
        return self.elapsed >= self.minutes * 60000

    def count(self, what):
        self.events[what] = self.events.get(what, 0) + 1

    # -- screens -----------------------------------------------------------------------
    def app(self):
        return self.la.app

    def top(self):
        a = self.la.app
        if a is None:
            return "chooser"
        t = a.stack[-1]
        return "table" if t is a.table else type(t).__name__

    def lines(self):
        a = self.la.app
        return (a.text if a is not None else self.la.text).lines()

    def marked(self):
        a = self.la.app
        return (a.text if a is not None else self.la.text).marked

    def to_table(self):
        for _ in range(12):
            if self.lines()[:1] == ["Last moves"]:
                self.press(K.B)         # YoYo's log over the table: any key closes it
                continue
            if self.top() == "table":
                return
            self.press(K.B if self.top() not in ("Handover", "Scores") else K.A)

    def pick(self, label):
        """The menu's row starting with label (the menu opened first if needed)."""
        if self.top() != "Menu":
            self.to_table()
            self.press(K.START)
        for _ in range(14):
            if self.lines()[self.marked()].startswith(label):
                self.press(K.A)
                return True
            self.press(K.DOWN)
        return False

    def row(self, label):
        """On a list screen: down to the row starting with label."""
        for _ in range(14):
            if self.lines()[self.marked()].startswith(label):
                return True
            self.press(K.DOWN)
        return False

    # -- the evening ---------------------------------------------------------------------
    def open_game(self):
        title = GAMES[self.game]
        for _ in range(8):
            if self.lines()[self.marked()].startswith(title):
                self.press(K.A)
                assert self.la.app is not None, title
                self.count("open")
                return
            self.press(K.DOWN)
        raise AssertionError("no %s in the chooser: %r" % (title, self.lines()))

    def leave(self):
        self.pick("Other games")
        if self.la.app is not None and self.top() == "Confirm":
            self.press(K.A)
        assert self.la.app is None, self.lines()
        self.count("leave")

    def run(self):
        self.open_game()
        self.setup()
        # minutes into an hour: what a player does in an evening besides playing
        plan = [(10, self.look_at_menu), (15, self.read_help), (20, self.change_setting),
                (30, self.leave_and_return), (45, self.look_at_menu)] if self.extras else []
        at = 0
        while not self.done():
            if at < len(plan) and self.elapsed >= plan[at][0] * 60000 * self.minutes // 60:
                plan[at][1]()
                self.count(plan[at][1].__name__)
                at += 1
                continue
            self.play()
        self.leave()
        return self

    def look_at_menu(self):
        self.to_table()
        self.press(K.START)
        self.press(K.DOWN)
        self.press(K.DOWN)
        self.press(K.UP)
        self.press(K.B)

    def read_help(self):
        if self.pick("Help"):
            self.press(K.RIGHT)
            self.press(K.RIGHT)
            self.press(K.B)
        self.to_table()

    def change_setting(self):
        if self.pick("Settings"):
            self.row("Brightness")
            self.press(K.RIGHT if self.rng.random() < 0.5 else K.LEFT)
            self.press(K.B)
        self.to_table()

    def leave_and_return(self):
        self.leave()
        self.wait(self.gaps(self.rng))
        self.open_game()
        self.to_table()

    # -- each game's play: one decision or so -------------------------------------------
    def setup(self):
        if self.game == 1:
            self.seats(3)
        elif self.game == 2:
            self.seats(4)

    def seats(self, players):
        app = self.la.app
        if type(app.stack[-1]).__name__ != "SeatSetup":
            return
        setup = app.stack[-1]
        while setup.players != players:
            self.press(K.RIGHT)
        self.row("Start")
        self.press(K.A)

    def play(self):
        if self.top() == "Scores":              # a seated game over: on to the next
            self.ends += 1
            self.press(K.A)
            return
        if self.top() != "table":
            self.to_table()
            return
        (self.black_hole, self.yoyo, self.amigo, self.calc_or_bb, self.calc_or_bb)[self.game]()

    def _acted(self, before):
        if bytes(self.la.app.game.save()) != before:
            self.moves += 1

    def _finished(self):
        """A patience over: A for the choices, A for a new deal."""
        self.ends += 1
        self.press(K.A)
        if self.top() == "Menu":
            self.press(K.A)

    def black_hole(self):
        app = self.la.app
        g = app.game
        if g.is_won() or g.is_stuck():
            return self._finished()
        r = self.rng.random()
        if r < 0.08:
            self.press(K.SELECT)                 # a hint: the solver thinks between keys
            self.wait(self.gaps(self.rng))
            return
        # the fan whose move leaves the most moves open (a player looks one move ahead),
        # the nearer of equals; walked to the short way round (the cursor wraps at 17)
        fans = [f for f in range(17) if not g.check(f)]
        if fans:
            c = app.table.cursor
            f = max(fans, key=lambda f: (self._open_after(g, f),
                                         -min((f - c) % 17, (c - f) % 17)))
            k = K.RIGHT if (f - c) % 17 <= (c - f) % 17 else K.LEFT
            for _ in range(17):
                if app.table.cursor == f:
                    break
                self.press(k)
        before = bytes(g.save())
        self.press(K.A)
        self._acted(before)
        if self.rng.random() < 0.06 and g.moves_made:
            self.press(K.B)                      # undo, then think again
            if self.rng.random() < 0.5:
                self.press(K.A)

    @staticmethod
    def _open_after(g, f):
        from engine.blackhole import BlackHole
        trial = BlackHole()
        trial.restore(g.save())
        trial.play(f)
        return sum(1 for h in range(17) if not trial.check(h))

    def calc_or_bb(self):
        app = self.la.app
        g = app.game
        if g.is_won() or g.is_stuck():
            return self._finished()
        r = self.rng.random()
        if r < 0.25:                             # looks round the table first
            for _ in range(1 + self.rng.randrange(3)):
                self.press((K.RIGHT, K.LEFT, K.UP, K.DOWN)[self.rng.randrange(4)])
        before = bytes(g.save())
        self.press(K.SELECT)
        self.press(K.A)
        self._acted(before)
        if bytes(g.save()) == before and not (g.is_won() or g.is_stuck()):
            self.press(K.B)                      # a card in hand goes back
            self.stuck_tries = getattr(self, "stuck_tries", 0) + 1
            if self.stuck_tries > 4:             # gives the deal up
                self.stuck_tries = 0
                self.pick("New deal")
                if self.top() == "Confirm":
                    self.press(K.A)
                self.to_table()
            return
        self.stuck_tries = 0
        if self.rng.random() < 0.05 and g.moves_made:
            self.press(K.B)
            self.press(K.SELECT)
            self.press(K.A)

    def _seated_waits(self):
        """A CPU seat to move, or the scores after a game: the person waits or goes on."""
        app = self.la.app
        if app.table.busy():
            self.wait(self.gaps(self.rng))
            return True
        return False

    def yoyo(self):
        from engine.tableau import NUM_FANS
        from engine.yoyo import ANNOUNCE, DOWN, OVER, STUCK, UP, XFER
        app = self.la.app
        g = app.game
        if self._seated_waits():
            return
        if g.phase == OVER:
            self.press(K.A)
            return
        before = bytes(g.save())
        if g.phase == ANNOUNCE:
            out = bytearray(NUM_FANS + 4)
            legal = bytes(out[:g.legal(out)])
            self.press(K.UP if UP in legal or DOWN not in legal else K.DOWN)
            self._acted(before)
            return
        out = bytearray(NUM_FANS + 4)
        legal = bytes(out[:g.legal(out)])
        for _ in range(NUM_FANS):
            c = app.table.cursor
            if c in legal or (len(legal) == 1 and legal[0] == STUCK):
                self.press(K.A)
                break
            if XFER + c in legal:
                self.press(K.SELECT)
                break
            self.press(K.RIGHT)
        else:
            self.press(K.A)
        self._acted(before)
        if self.rng.random() < 0.04 and bytes(g.save()) != before and g.kinds[g.turn] == 0:
            self.press(K.B)

    def amigo(self):
        from engine.amigo import P_DIR, P_DRAWN, P_OVER, P_PASS, P_TAKE, P_TURN
        app = self.la.app
        g = app.game
        if self._seated_waits():
            return
        p = g.pending
        before = bytes(g.save())
        if p == P_OVER:
            self.press(K.A)
        elif p == P_DIR:
            self.press(K.UP if self.rng.random() < 0.5 else K.DOWN)
        elif p == P_TAKE or p == P_PASS:
            self.press(K.A)
            if p == P_TAKE and g.pending == P_TAKE:
                self.press(K.DOWN)
                self.press(K.A)
        elif p == P_DRAWN:
            self.press(K.SELECT)
            if bytes(g.save()) == before:
                self.press(K.B)
        elif p == P_TURN:
            if not g.can_play(g.seat):
                self.press(K.B)
            else:
                for _ in range(g.counts[g.seat]):
                    self.press(K.SELECT)
                    if bytes(g.save()) != before:
                        break
                    self.press(K.RIGHT)
                else:
                    self.press(K.B)
        else:
            self.press(K.A)
        self._acted(before)


def years(writes_per_hour, cycles, hours_a_day=1.0):
    """Years of hours_a_day of play before the block has taken `cycles` erases."""
    if writes_per_hour <= 0:
        return float("inf")
    return cycles / (writes_per_hour * hours_a_day * 365.0)


def measure(minutes=60, evenings=3, seed=1, out=print, games=range(len(GAMES)), model="think"):
    """{game: [writes per hour of each evening]}; prints the table."""
    rates = {}
    out("Flash wear: writes of the 8 KB save block per hour of play, %d evening(s) of %d min "
        "per game" % (evenings, minutes))
    out("(%s; seeds %d..%d)" % (
        "think time 0.5-3 s 7 in 10, 3-8 s 2 in 10, 8-20 s 1 in 10" if model == "think" else
        "a slow player: 0.5-3 s before a key, 20-40 s before one in three",
        seed, seed + evenings - 1))
    out("")
    head = "%-16s %8s %8s %7s %6s" % ("game", "writes/h", "worst", "keys/h", "ends")
    head += "".join(" %12s" % ("yrs " + e[0]) for e in ENDURANCE)
    out(head)
    for game in games:
        per = []
        keys_h = ends = 0.0
        for e in range(evenings):
            ev = Evening(game, seed=seed + e, minutes=minutes, gaps=MODELS[model]).run()
            hours = ev.elapsed / 3600000.0
            per.append(ev.store.writes / hours)
            keys_h += ev.keys / hours / evenings
            ends += ev.ends
        rates[game] = per
        mean = sum(per) / len(per)
        line = "%-16s %8.1f %8.1f %7.0f %6d" % (GAMES[game], mean, max(per), keys_h, ends)
        line += "".join(" %12.1f" % years(max(per), e[1]) for e in ENDURANCE)
        out(line)
    out("")
    out("writes/h: the mean over the evenings; worst: the evening with the most, which the "
        "years (one hour of play a day) use.")
    out(SOURCE)
    over = [GAMES[g] for g in rates if max(rates[g]) > BUDGET]
    out("budget %d writes/h: %s" % (BUDGET, "over in " + ", ".join(over) if over else
                                    "every game within it"))
    return rates


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/bench/wear.py", description=__doc__.split("\n")[0])
    ap.add_argument("--minutes", type=int, default=60, help="each evening's length (60)")
    ap.add_argument("--evenings", type=int, default=3, help="evenings per game (3)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--model", choices=sorted(MODELS), default="think",
                    help="the think-time model: the issue's (think) or a slow player's")
    ap.add_argument("--save-by", type=float, default=None, metavar="SECONDS",
                    help="try another latest save after the oldest unsaved move than the "
                         "app's (ui/app.py SAVE_BY_MS), to weigh writes against what a power "
                         "cut may lose")
    args = ap.parse_args(argv)
    if args.save_by is not None:
        from ui import app
        app.SAVE_BY_MS = int(args.save_by * 1000)
        print("SAVE_BY_MS set to %d for this run (the app has its own)" % app.SAVE_BY_MS)
    measure(args.minutes, args.evenings, args.seed, model=args.model)


if __name__ == "__main__":
    main()
