"""YoYo's play for the table: a person's picks (the hand indices picked for a series, in the
order picked, and the same laid out as a series when the order picked is not one), the seat a
take-cards yellow would hit next, and the CPU seats: one engine.amigo_cpu.Cpu per level and the
strong seat (engine.amigo_strong.Strong), each made the first time a seat of its kind decides.
The strong seat thinks in slices of a few rollouts, so the main loop stays live between them;
its rollouts per decision are its author's, what fits 2 s on a PyBadge for the table size.
Buffers are made once. Also the table's keys during a game (key(), below)."""
try:
    from micropython import const
except ImportError:
    const = int

from engine.amigo import (
    A_CHOOSE,
    A_DRAW,
    A_KEEP,
    A_PLAY,
    ESCALATE,
    NONE,
    P_DIR,
    P_DRAWN,
    P_PASS,
    P_TAKE,
    P_TURN,
)

# with the table, before its screens and words: from .py a board parses the strong seat's big
# module in RAM, which fits only while little else is loaded
from engine.amigo_cpu import Cpu
from engine.amigo_strong import Strong
from hw import TICKS_MASK, keys
from ui.seated.app import HUMAN

MAX_PICK = const(20)          # a series steps by one through 1..20: never longer


class Picks:
    def __init__(self):
        self.sel = bytearray(MAX_PICK)    # picked hand indices in the order picked
        self.order = bytearray(MAX_PICK)  # the same laid out as a series
        self.n = 0

    def toggle(self, i):
        """Pick or unpick hand index i; False when 20 are picked already."""
        sel = self.sel
        n = self.n
        for k in range(n):
            if sel[k] == i:
                for j in range(k, n - 1):
                    sel[j] = sel[j + 1]
                self.n = n - 1
                return True
        if n >= MAX_PICK:
            return False
        sel[n] = i
        self.n = n + 1
        return True

    def sorted(self, g):
        """The picks in an order the engine takes: as picked, or sorted by value one way or
        the other (a series runs one way through its values, so one of them is it)."""
        n = self.n
        if g.check(A_PLAY, n, self.sel) == 0:
            return self.sel
        for down in range(2):
            self.sort(g, n, down)
            if g.check(A_PLAY, n, self.order) == 0:
                return self.order
        return self.sel

    def sort(self, g, n, down):
        s = g.seat
        o = self.order
        for i in range(n):
            v = g.card(s, self.sel[i]) & 31
            j = i
            while j > 0 and ((g.card(s, o[j - 1]) & 31) > v) != (down == 1):
                o[j] = o[j - 1]
                j -= 1
            o[j] = self.sel[i]


def next_victim(g, o, step):
    """The next seat a take may hit after seat o, stepping by step (+1 or -1)."""
    n = g.players
    for _ in range(n):
        o = (o + step) % n
        if o != g.seat and o != g.victim:
            break
    return o


_STRONG = const(3)            # engine.amigo_strong.STRONG, after amigo_cpu's levels
_SLICE = const(4)             # strong rollouts a main-loop pass: about 50 ms on a PyBadge
_THINK_MS = const(2000)       # a strong decision stops here with its best move so far


class Cpus:
    def __init__(self):
        self.cpus = [None, None, None, None]
        self.thinking = False     # the strong seat is in the middle of a decision
        self.since = 0            # when it began, by the clock
        self.cpu = None           # the seat that decided: its arg and sel go with its action

    def get(self, level):
        c = self.cpus[level]
        if c is None:
            c = Strong() if level == _STRONG else Cpu(level)
            self.cpus[level] = c
        return c

    def decide(self, g, now=0):
        """The action for g.seat (its arg and sel in self.cpu), or -1 while still thinking;
        now is the clock in ms, so a strong decision never runs past _THINK_MS."""
        level = g.kinds[g.seat]
        c = self.cpu = self.get(level)
        if level != _STRONG:
            return c.decide(g)
        if not self.thinking:
            self.thinking = True
            self.since = now
            c.start(g)
            return -1
        if not c.think(g, _SLICE) and (now - self.since) & TICKS_MASK < _THINK_MS:
            return -1
        self.thinking = False
        return c.move()


# -- YoYo's words on the table: prompts and refusals, each a short plain sentence that fits
# the message row. The curtain's and the score table's are in ui/yoyo_amigo/words.py.
# Constant prompts: saying one again allocates nothing.
P_PLAY_TEXT = "A pick, Sel play, B draw"
P_STUCK_TEXT = "Nothing fits: B draws"
P_DRAWN_TEXT = "Sel plays it, B keeps it"
P_DIR_TEXT = "Up/Down: choose direction"
P_TAKE_TEXT = "Take from whom? Up/Dn, A"
P_ANSWER_TEXT = "A take, Sel answer +take"
P_PASS_TEXT = "A: pass this card left"
SKIPPING = "Skipping ahead..."
TOO_MANY = "20 cards at most"


def refusal(code, g, buf):
    """The engine's reason code (listed in engine.amigo) for the play of buf's hand indices
    as a short sentence in the player's terms: what would fit."""
    if code == 5:
        # Any yellow fits, and any card of the top's value, and the way's colour past it while
        # the deck has one: blue and red run 1-20 (engine.amigo fits())
        t = g.top() & 31
        same = "%s %d" % ("an" if t == 8 or t == 11 or t == 18 else "a", t)
        if g.dir:
            run = "red 1" if t == 2 else "red 1-%d" % (t - 1) if t > 2 else ""
        else:
            run = "blue 20" if t == 19 else "blue %d+" % (t + 1) if t < 19 else ""
        return "Yellow, %s or %s" % (same, run) if run else "Yellow or " + same
    if code == 8:
        return "Down: series must fall" if g.dir else "Up: series must rise"
    return ("", "The game is over", "Not a move now", "No card there", "A card picked twice",
            "", "A series steps by one", "Blue runs up, red down", "",
            "A card fits: Up finds it", "Play the drawn card first", "Choose another player",
            "Choose up or down", "Only a take-cards yellow", "Pick a card first")[code]


def prompt(g):
    p = g.pending
    if p == P_TURN:
        return P_PLAY_TEXT if g.can_play(g.seat) else P_STUCK_TEXT
    if p == P_DRAWN:
        return P_DRAWN_TEXT
    if p == P_DIR:
        return P_DIR_TEXT
    if p == P_TAKE:
        if g.options & ESCALATE and g.victim == NONE:
            s = g.seat
            for i in range(g.counts[s]):
                if g.card(s, i) >> 5 == 3:      # a take-cards yellow to answer with
                    return P_ANSWER_TEXT
        return P_TAKE_TEXT
    return P_PASS_TEXT


# -- YoYo's keys on its table during a game: a person's picks and plays, Up's hint, Down's last
# moves, A to skip a CPU's pace, B taking back a person's last action while no other seat has
# acted since (from the copy AmigoTable.act makes). Here, not in ui/yoyo_amigo/table.py, so no YoYo
# module is big to compile (from .py a board parses each in RAM), and no new module name.
def key(t, app, k):
    """A key on table t while a game is on (Start and the end of a game are the table's)."""
    g = t.game
    s = g.seat
    p = g.pending
    if k == keys.B and t.last == app.holder >= 0 and (
            p == P_DIR or p == P_PASS if s == app.holder else g.kinds[s] != HUMAN):
        undo(t, app)
        return
    if k == keys.DOWN and p != P_DIR and p != P_TAKE or \
            k == keys.UP and g.kinds[s] != HUMAN:
        t.history(app)
        return
    if g.kinds[s] != HUMAN:
        if k == keys.A:
            app.hurry = True
            if not t.cpus.thinking:
                t.view.say(SKIPPING)
        return
    v = t.view
    if k == keys.UP and (p == P_TURN or p == P_DRAWN):
        hint(t, g, s)
    elif k == keys.LEFT or k == keys.RIGHT:
        cnt = g.counts[s]
        if cnt:
            t.cursor = (t.cursor + (1 if k == keys.RIGHT else cnt - 1)) % cnt
        v.move_cursor(g, t.cursor, t.sel, t.picks.n)
    elif p == P_DIR:
        if k == keys.UP or k == keys.DOWN:
            t.act(app, A_CHOOSE, 0 if k == keys.UP else 1)
        else:
            v.say("Nothing to take back" if k == keys.B else P_DIR_TEXT)
    elif p == P_TAKE:
        if k == keys.UP or k == keys.DOWN:
            t.pick = next_victim(g, t.pick, 1 if k == keys.DOWN else -1)
            v.mark_victim(t.pick)
        elif k == keys.A:
            t.act(app, A_CHOOSE, t.pick)
        elif k == keys.SELECT:
            t.sel[0] = t.cursor
            t.act(app, A_PLAY, 1, t.sel)
    elif p == P_PASS:
        if k == keys.A or k == keys.SELECT:
            t.act(app, A_CHOOSE, t.cursor)
    elif k == keys.A:
        _toggle(t)
    elif k == keys.SELECT:
        n = t.picks.n
        if n == 0:
            t.sel[0] = t.cursor
            t.act(app, A_PLAY, 1, t.sel)
        else:
            # laid as a series whatever order they were picked in
            t.act(app, A_PLAY, n, t.picks.sorted(g))
    elif k == keys.B:
        if t.picks.n:
            t.picks.n = 0
            v.draw_marks(t.sel, 0)
            v.say(prompt(g))
        else:
            t.act(app, A_DRAW if p == P_TURN else A_KEEP)


def undo(t, app):
    """Take back the last action of the person who made it, while no other seat has
    acted since: B on the table in their choice or in a CPU's turn before it moves. Never
    on a curtain: whoever holds the device then may not be the one who acted, and taking
    it back would show them that person's hand."""
    g = t.game
    g.restore(t.before)
    t.moves = t.since
    t.last = -1
    t.cpus.thinking = False
    app.holder = g.seat
    app.hurry = False
    t.picks.n = 0
    t.view.draw_table(g, t.out)
    app.changed()
    app.sound(300, 40)
    t.decision(app)


def _toggle(t):
    """Pick or unpick the cursor's card; picks are played in the order picked."""
    if t.cursor < t.game.counts[t.game.seat]:
        if not t.picks.toggle(t.cursor):
            t.view.say(TOO_MANY)
        t.view.draw_marks(t.sel, t.picks.n)


def hint(t, g, s):
    """Up: the cursor to the next card that fits (the drawn one, if one was drawn)."""
    cnt = g.counts[s]
    found = -1
    n = 0
    for j in range(1, cnt + 1):
        i = (t.cursor + j) % cnt
        c = g.card(s, i)
        if c == g.drawn if g.pending == P_DRAWN else g.fits(s, c):
            n += 1
            if found < 0:
                found = i
    if found < 0:
        t.view.say(P_STUCK_TEXT)
        return
    t.cursor = found
    t.view.move_cursor(g, found, t.sel, t.picks.n)
    # words here, not named constants: every name stays on a board's heap for good
    t.view.say("Only this card fits" if n == 1 else "This fits. Up: next one")
