"""Verdicts in play: the solver on positions players reach, at the device table size.

    python tools/bench/positions.py              # deals 1-1000 (3,197 positions, about 2 minutes)
    python tools/bench/positions.py --last 100   # a quick run

From each deal, two playouts: a seeded random one (a legal move drawn uniformly, the seed is
the deal number) and a greedy one (always the top card of the tallest playable fan, the
lowest fan first on ties). The positions after 5, 10, 20 and 30 moves (when the playout gets
that far) are each solved from a cleared device-size table, as the board would see them
after a change of deal: share decided within --cap nodes (5,000: about 10 s on a PyBadge),
median and worst nodes. --full runs the undecided ones on to a verdict for the worst case and
prints the share decided within larger budgets; --warm adds the app's view with "Winnable?" on
(a search after every move unless the verdict is known, table kept; every position of a deal
the verdict atlas marks as lost is lost at once).
"""
import argparse
import os
import random
import statistics
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(ROOT)

from engine.blackhole import BlackHole  # noqa: E402
from engine.solver import BUSY, DEVICE_SLOTS, NOWIN, WON, Solver  # noqa: E402
from hw import atlas  # noqa: E402

DEPTHS = (5, 10, 20, 30)
CAP = 5000


def random_move(game, out, rng):
    n = game.legal_moves(out)
    return out[rng.randrange(n)] if n else -1


def greedy_move(game, out, rng):
    n = game.legal_moves(out)
    best = -1
    for i in range(n):
        f = out[i]
        if best < 0 or game.tableau.heights[f] > game.tableau.heights[best]:
            best = f
    return best


PLAYOUTS = (("random", random_move), ("greedy", greedy_move))


def positions(deal):
    """[(playout, depth, saved game)] for one deal."""
    g = BlackHole()
    out = bytearray(17)
    found = []
    for name, pick in PLAYOUTS:
        g.new_deal(deal)
        rng = random.Random(deal)
        for k in range(1, max(DEPTHS) + 1):
            f = pick(g, out, rng)
            if f < 0:
                break
            g.play(f)
            if k in DEPTHS:
                found.append((name, k, g.save()))
    return found


def measure_warm(first, last, cap, slots=DEVICE_SLOTS):
    """As the app sees them with "Winnable?" on (ui/blackhole/solving.py): the opening's verdict
    comes
    from the atlas; after every move a search of up to cap nodes, the table kept between them
    (the cards stay the same within a deal), unless the verdict is already known: a move on
    from a lost position is lost, a move along the line just found is winnable. A deal the
    verdict atlas marks as lost needs no search at all."""
    s = Solver(slots)
    g = BlackHole()
    out = bytearray(17)
    rows = []
    for deal in range(first, last + 1):
        if atlas.winnable(deal, atlas.BLACK_HOLE) is False:
            # the app knows at once that no position of such a deal can be won
            rows += [(name, depth, deal, NOWIN, 0) for name, depth, _ in positions(deal)]
            continue
        for name, pick in PLAYOUTS:
            g.new_deal(deal)
            rng = random.Random(deal)
            s.clear()
            r = BUSY
            line = b""
            for k in range(1, max(DEPTHS) + 1):
                f = pick(g, out, rng)
                if f < 0:
                    break
                g.play(f)
                if r == NOWIN or (line and line[0] == f):
                    line = line[1:]
                    n = 0
                else:
                    s.begin(g)
                    r = s.run(cap)
                    n = s.nodes
                    line = bytes(s.line[:s.line_len]) if r == WON else b""
                if k in DEPTHS:
                    rows.append((name, k, deal, r, n))
    return rows


def measure(first, last, cap, full, slots=DEVICE_SLOTS):
    s = Solver(slots)
    g = BlackHole()
    rows = []          # (playout, depth, deal, verdict, nodes)
    for deal in range(first, last + 1):
        for name, depth, saved in positions(deal):
            g.restore(saved)
            s.clear()
            s.begin(g)
            r = s.run(cap)
            if r == BUSY and full:
                while r == BUSY:
                    r = s.run(1 << 29)
            if r == WON:
                for i in range(s.line_len):
                    g.play(s.line[i])
                assert g.is_won(), "deal %d %s %d: the line does not win" % (deal, name, depth)
            rows.append((name, depth, deal, r, s.nodes))
    return rows


def row(*cells):
    print("| " + " | ".join(str(c) for c in cells) + " |")


def table(rows, cap):
    row("Positions", "Count", "Decided within %d nodes" % cap, "Median nodes", "Worst nodes",
        "Undecided (deal, moves in)")
    row(*["---"] * 6)
    groups = [("%s, %d moves" % (n, d), [x for x in rows if x[0] == n and x[1] == d])
              for n, _ in PLAYOUTS for d in DEPTHS]
    groups += [("random, all", [x for x in rows if x[0] == "random"]),
               ("greedy, all", [x for x in rows if x[0] == "greedy"]),
               ("**all**", rows)]
    for label, xs in groups:
        if not xs:
            continue
        ok = [x for x in xs if x[3] != BUSY and x[4] <= cap]
        late = [x for x in xs if not (x[3] != BUSY and x[4] <= cap)]
        nodes = [x[4] for x in xs]
        worst = max(xs, key=lambda x: x[4])
        row(label, len(xs), "%d = %.2f %%" % (len(ok), 100.0 * len(ok) / len(xs)),
            "%g" % statistics.median(nodes),
            "%d%s (deal %d)" % (worst[4], "" if worst[3] != BUSY else "+", worst[2]),
            ", ".join("%d/%d" % (x[2], x[1]) for x in late[:8]) + (" ..." if len(late) > 8
                                                                    else ""))


LADDER = (5000, 10000, 20000, 50000, 100000, 200000, 500000)


def ladder(rows):
    """After --full: the share decided within each budget (how far the cap is from 99 %)."""
    row("Budget (nodes)", *LADDER)
    row(*["---"] * (len(LADDER) + 1))
    row("Decided", *["%.2f %%" % (100.0 * sum(1 for x in rows if x[3] != BUSY and x[4] <= b)
                                  / len(rows)) for b in LADDER])


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/positions.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=1000)
    ap.add_argument("--cap", type=int, default=CAP)
    ap.add_argument("--warm", action="store_true",
                    help="also as the app sees them with Winnable? on: a search after every "
                    "move, the table kept")
    ap.add_argument("--full", action="store_true",
                    help="run undecided positions on to a verdict (the true worst case)")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    rows = measure(args.first, args.last, args.cap, args.full)
    print("\n## Verdicts in play: positions after 5-30 moves of deals %d-%d, device table "
          "(%d slots), cleared per position\n" % (args.first, args.last, DEVICE_SLOTS))
    table(rows, args.cap)
    print("\n%d positions in %.1f s (CPython); target: >= 99 %% decided within %d nodes"
          % (len(rows), time.perf_counter() - t0, args.cap))
    if args.full:
        print("\n## Run on to a verdict: the share decided within each budget\n")
        ladder(rows)
    if args.warm:
        t0 = time.perf_counter()
        rows = measure_warm(args.first, args.last, args.cap)
        print("\n## The same positions as the app sees them with Winnable? on: a search of up "
              "to %d nodes after every move, the table kept\n" % args.cap)
        table(rows, args.cap)
        print("\n%d positions in %.1f s (CPython)" % (len(rows), time.perf_counter() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
