"""Solver work for the Black Hole app, one slice per main-loop pass so keys stay live.

Jobs: HINT (the next move of a winning line), CHECK (the winnable? indicator after a move;
past the cap it shows "too deep to tell" and goes on thinking while the position stays)
and BACK (no line from here: how many undos lead back to a winnable position); winnable deals
come from the verdict atlas (hw/atlas.py), without a search. A verdict is remembered with its
line, so following the line, or a hint, costs no search at all; a lost verdict holds for
every move on from there, until an undo.
"""
from engine.blackhole import BlackHole
from engine.solver import BUSY, NOWIN, WON, Solver
from ui.blackhole.meter import LOST, UNDECIDED, WINNABLE

try:
    from micropython import const
except ImportError:
    const = int

IDLE = const(0)
HINT = const(1)
CHECK = const(2)
BACK = const(3)

SLICE = const(30)      # nodes per pass: a few tens of ms on the board
CAP = const(20000)     # nodes before the bar says "too deep" (about 27 s on a PyBadge)
_UNKNOWN = const(0)


class Thinker:
    def __init__(self):
        self.solver = Solver()
        self.probe = BlackHole()
        self.job = IDLE
        self.verdict = _UNKNOWN          # of the app's current position
        self.line = bytearray(52)
        self.line_len = 0
        # line[at] is the next move of the known line; when lost, the moves made since then
        self.at = 0
        self.undos = 0                  # BACK: undos from the current position so far
        self.found = _UNKNOWN            # BACK: verdict of the position `undos` moves back

    # -- what the app tells it --------------------------------------------------------
    def moved(self, fan):
        """The player played fan: still on the known line, still lost (no move out of a lost
        position leads to a win), or nothing is known."""
        if self.verdict == WINNABLE and self.at < self.line_len and self.line[self.at] == fan:
            self.at += 1
        elif self.verdict == LOST:
            self.at += 1
            self.job = IDLE
        else:
            self.forget()

    def undone(self, fan):
        if self.verdict == WINNABLE and self.at > 0 and self.line[self.at - 1] == fan:
            self.at -= 1
        else:
            self.forget()

    def forget(self):
        self.verdict = _UNKNOWN
        self.job = IDLE

    def next_move(self):
        return self.line[self.at] if self.verdict == WINNABLE else -1

    # -- jobs -------------------------------------------------------------------------
    def ask(self, job, game, winnable=False):
        """Start a job on game's position; winnable: it is known to be (the atlas says so of
        a deal's opening), so the solver looks for the line rather than for a proof."""
        self.job = job
        if job == BACK:
            p = self.probe
            p.restore(game.save())
            # the positions since the lost verdict are lost too: undo past them unsearched
            n = self.at if self.verdict == LOST else 0
            for _ in range(n):
                p.undo()
            self.undos = n
            if p.moves_made:
                self._back_one()
            else:
                self.solver.begin(p)    # a lost opening the atlas does not know: proved again
        else:
            self.verdict = _UNKNOWN
            self.solver.begin(game, winnable)

    def progress(self):
        return self.solver.nodes

    def step(self):
        """One slice of the job; True when it has just finished (see verdict and undos)."""
        if self.job == IDLE:
            return False
        s = self.solver
        r = s.run(SLICE)
        if r == BUSY:
            if s.nodes < CAP:
                return False
            if self.job == CHECK:
                # the bar says "too deep" at the cap, and the check goes on while the
                # position stays: the bar turns when the verdict comes
                if self.verdict == UNDECIDED:
                    return False
                self.verdict = UNDECIDED
                return True
        v = WINNABLE if r == WON else LOST if r == NOWIN else UNDECIDED
        job = self.job
        if job == BACK:
            if v == LOST and self.probe.moves_made:
                self._back_one()
                return False
            self.found = v
            self.job = IDLE
            return True
        self.job = IDLE
        self.verdict = v
        self.at = 0
        if v == WINNABLE:
            # element by element: a slice would copy the line onto the heap first
            n = s.line_len
            for i in range(n):
                self.line[i] = s.line[i]
            self.line_len = n
        return True

    def _back_one(self):
        self.probe.undo()
        self.undos += 1
        self.solver.begin(self.probe)
