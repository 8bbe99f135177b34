"""Solve Black Hole deals or boards with the on-board solver (engine/solver.py).

    python tools/solve.py 1 5-9            # PySolFC deal numbers (1-32000) and ranges
    python tools/solve.py board.txt        # a board file: 'Foundations: AS', then 17 fan lines
    python tools/solve.py --cap 20000 1-100

One JSON line per deal or board: verdict ("won", "nowin" or "unknown" when --cap ran out),
moves (0-based fan numbers, from the position given), nodes searched and seconds.
A board file's fan lines list up to 3 cards bottom to top (the rightmost card on top); the
Foundations line names the hole's top card. With 'Foundations: AS' all 51 cards must be there.
Any bad argument or unreadable board file stops the run before anything is printed, with one
line on stderr and exit status 2.
"""
import argparse
import json
import os
import re
import sys
import time

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine import cards as cardlib
from engine.blackhole import BlackHole
from engine.solver import BUSY, DEVICE_SLOTS, NOWIN, WON, Solver
from engine.tableau import NUM_FANS, TABLEAU_CARDS

VERDICTS = {WON: "won", NOWIN: "nowin", BUSY: "unknown"}
DEAL_RE = re.compile(r"^(\d+)(?:-(\d+))?$")


LAST_DEAL = 32000     # PySolFC deals 1-32000 come from the MS generator


class BoardError(ValueError):
    pass


class Parser(argparse.ArgumentParser):
    """argparse with one-line errors: 'solve.py: error: ...' and exit status 2."""

    def error(self, message):
        sys.stderr.write("%s: error: %s\n" % (self.prog, message))
        sys.exit(2)


def parse_card(text, where):
    if len(text) != 2 or text[0] not in cardlib.RANK_CHARS or text[1] not in cardlib.SUIT_CHARS:
        raise BoardError("%s: unknown card %r" % (where, text))
    return cardlib.parse(text)


def parse_board(text, name="board"):
    """Board text -> (cards bytearray(51), heights bytearray(17), top rank). Raises BoardError."""
    lines = [ln.rstrip("\r") for ln in text.split("\n")]
    while lines and not lines[-1].strip():
        lines.pop()
    if not lines:
        raise BoardError("%s: empty board" % name)
    m = re.match(r"^Foundations:\s*(\S+)\s*$", lines[0].strip())
    if not m:
        raise BoardError("%s line 1: expected 'Foundations: AS', got %r" % (name, lines[0]))
    top = parse_card(m.group(1), "%s line 1" % name)
    fans = lines[1:]
    if len(fans) != NUM_FANS:
        raise BoardError("%s: %d fan lines, expected %d (lines 2-%d)"
                         % (name, len(fans), NUM_FANS, NUM_FANS + 1))
    out = bytearray(TABLEAU_CARDS)
    heights = bytearray(NUM_FANS)
    seen = {top: 1}
    total = 0
    for f, line in enumerate(fans):
        where = "%s line %d" % (name, f + 2)
        words = line.split()
        if len(words) > 3:
            raise BoardError("%s: %d cards, a fan holds at most 3" % (where, len(words)))
        for i, w in enumerate(words):
            c = parse_card(w, where)
            if c in seen:
                raise BoardError("%s: duplicate card %s (first on line %d)" % (where, w, seen[c]))
            seen[c] = f + 2
            out[3 * f + i] = c
        heights[f] = len(words)
        total += len(words)
    if top == cardlib.ACE_OF_SPADES and total != TABLEAU_CARDS:
        raise BoardError("%s: %d cards in the fans, a new deal has %d"
                         % (name, total, TABLEAU_CARDS))
    return out, heights, top >> 2


def solve(solver, cards, heights, top, cap):
    t0 = time.perf_counter()
    solver.load(cards, heights, top)
    r = BUSY
    while True:
        step = 10000 if cap is None else min(10000, cap - solver.nodes)
        if step <= 0:
            break
        r = solver.run(step)
        if r != BUSY:
            break
    seconds = time.perf_counter() - t0
    moves = list(solver.line[:solver.line_len]) if r == WON else []
    return {"verdict": VERDICTS[r], "moves": moves, "nodes": solver.nodes,
            "seconds": round(seconds, 4)}


def deal_numbers(arg):
    m = DEAL_RE.match(arg)
    a = int(m.group(1))
    b = int(m.group(2)) if m.group(2) else a
    if a < 1 or b < a or b > LAST_DEAL:
        raise BoardError("bad deal range %r: deals are 1-%d, low to high" % (arg, LAST_DEAL))
    return range(a, b + 1)


def main(argv=None):
    ap = Parser(prog="solve.py", description=__doc__.split("\n")[0])
    ap.add_argument("items", nargs="+", metavar="DEAL|A-B|FILE",
                    help="deal number, range of deal numbers, or board file")
    ap.add_argument("--cap", type=int, default=None,
                    help="give up after this many nodes per deal (verdict 'unknown')")
    ap.add_argument("--slots", type=int, default=DEVICE_SLOTS,
                    help="solver table entries, a prime (default %d, the device size)"
                    % DEVICE_SLOTS)
    args = ap.parse_args(argv)
    if args.cap is not None and args.cap < 1:
        ap.error("--cap must be positive")
    if not 1024 <= args.slots <= 50000000:
        ap.error("--slots must be 1024-50000000")
    # Read and check everything first, so bad input fails before any output.
    jobs = []
    try:
        for item in args.items:
            if DEAL_RE.match(item):
                for n in deal_numbers(item):
                    jobs.append(("deal", n, None))
            else:
                try:
                    with open(item, encoding="utf-8") as fh:
                        text = fh.read()
                except OSError as e:
                    raise BoardError("%s: %s" % (item, e.strerror or e))
                except UnicodeDecodeError:
                    raise BoardError("%s: not a text file" % item)
                jobs.append(("file", item, parse_board(text, item)))
    except BoardError as e:
        ap.error(str(e))
    solver = Solver(args.slots)
    game = BlackHole()
    for kind, what, board in jobs:
        if kind == "deal":
            game.new_deal(what)
            t = game.tableau
            board = (t.cards, t.heights, game.top_rank())
        rec = {kind: what}
        rec.update(solve(solver, board[0], board[1], board[2], args.cap))
        print(json.dumps(rec), flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
