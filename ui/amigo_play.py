"""YoYo's play for the table: a person's picks (the hand indices picked for a series, in the
order picked, and the same laid out as a series when the order picked is not one), the seat a
take-cards yellow would hit next, and the CPU seats: one engine.amigo_cpu.Cpu per level and the
strong seat (engine.amigo_strong.Strong), each made the first time a seat of its kind decides.
The strong seat thinks in slices of a few rollouts, so the main loop stays live between them;
its rollouts per decision are its author's, what fits 2 s on a PyBadge for the table size.
Buffers are made once."""
try:
    from micropython import const
except ImportError:
    const = int

from engine.amigo import A_PLAY, ESCALATE, NONE, P_DIR, P_DRAWN, P_TAKE, P_TURN
from hw import TICKS_MASK
from engine.amigo_cpu import Cpu      # with the table: made while the heap is in one piece

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
            if level == _STRONG:
                from engine.amigo_strong import Strong
                c = Strong()
            else:
                c = Cpu(level)
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
# the message row. The curtain's and the score table's are in ui/amigo_words.py.
# Constant prompts: saying one again allocates nothing.
P_PLAY_TEXT = "A pick, Sel play, B draw"
P_STUCK_TEXT = "Nothing fits: B draws"
P_DRAWN_TEXT = "Sel plays it, B keeps it"
P_DIR_TEXT = "Up/Down: choose direction"
P_TAKE_TEXT = "Up/Down: whom. A: take"
P_ANSWER_TEXT = "A take, Sel answer +take"
P_PASS_TEXT = "A: pass this card left"
SKIPPING = "Skipping ahead..."
TOO_MANY = "20 cards at most"


def refusal(code, g, buf):
    """The engine's reason code (listed in engine.amigo) for the play of buf's hand indices
    as a short sentence in the player's terms: what would fit."""
    if code == 5:
        t = g.top() & 31
        return ("Down: red below %d, or %d" if g.dir else "Up: blue above %d, or %d") % (t, t)
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
