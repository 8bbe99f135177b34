"""Calculation: how often the hint wins, beside the full-information bound.

    python tools/bench/calculation_hint.py                       # deals 1001-3000 (a few minutes)
    python tools/bench/calculation_hint.py --first 1001 --last 1200 --cpy-deals 5   # quick

Prints a table: the hint played on every move (it never sees the face-down stock) and the
full-information search of tools/atlas/calculation_search.py (it sees the stock; an upper bound for
any
hint), each with the deals won and a 95 % Wilson interval. The hint's weights were tuned on
deals above 5000, so 1001-3000 is held out. With CIRCUITPYTHON set to cpy32 it also times
the hint there, every hint of hint play on a few deals, by CPU time (time.clock(), 1 ms
steps): a PyBadge runs bytecode about 100x slower than cpy32.
"""
import argparse
import multiprocessing
import os
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine.calculation import Calculation, move_dst, move_src  # noqa: E402
from engine.calculation_hint import hint  # noqa: E402
from tools.atlas.calculation_search import WIDTHS, solve_deal  # noqa: E402
from tools.bench.interval import wilson  # noqa: E402

BOARD_X = 100       # a PyBadge runs bytecode about 100x (85-120x) slower than cpy32




def hint_wins(n):
    g = Calculation()
    g.new_deal(n)
    h = hint(g)
    while h >= 0:
        g.play(move_src(h), move_dst(h))
        h = hint(g)
    return g.is_won()


def search_wins(n):
    return solve_deal(n)[0]


def rate(name, won, n, secs):
    lo, hi = (100 * x for x in wilson(won, n))
    print("| %s | %d / %d | %.1f %% | %.1f-%.1f %% | %.0f s |"
          % (name, won, n, 100.0 * won / n, lo, hi, secs), flush=True)


_CLOCK = """
import time
from engine.calculation import Calculation, move_dst, move_src
from engine.calculation_hint import hint
g = Calculation()
for n in range(%d, %d):
    g.new_deal(n)
    while True:
        t = time.clock()
        h = hint(g)
        print("T", int((time.clock() - t) * 1e6 + 0.5))
        if h < 0:
            break
        g.play(move_src(h), move_dst(h))
"""


def clock(first, deals):
    exe = os.environ.get("CIRCUITPYTHON")
    if deals <= 0:
        return
    if not exe or not os.access(exe, os.X_OK):
        print("\nThe hint's clock not measured: set CIRCUITPYTHON to cpy32 (README).")
        return
    script = "import sys\nsys.path.insert(0, %r)\n" % ROOT + _CLOCK % (first, first + deals)
    out = subprocess.run([exe, "-c", script], capture_output=True, text=True, check=True).stdout
    times = sorted(int(line.split()[1]) / 1e6 for line in out.splitlines() if line[:2] == "T ")
    n = len(times)
    print("\nThe hint on cpy32, every hint of hint play on deals %d-%d: %d hints, CPU time "
          "mean %.2f ms, 99th percentile %.0f ms, worst %.0f ms; on the board (x %d) worst "
          "%.1f s of a 2 s limit." % (first, first + deals - 1, n, 1e3 * sum(times) / n,
                                      1e3 * times[n * 99 // 100], 1e3 * times[-1], BOARD_X,
                                      BOARD_X * times[-1]))


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/calculation_hint.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1001)
    ap.add_argument("--last", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cpy-deals", type=int, default=20, help="deals timed on cpy32")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last:
        ap.error("give deals first <= last, from 1")
    deals = range(args.first, args.last + 1)
    print("Calculation, deals %d-%d\n" % (args.first, args.last))
    print("| Player | Won | Rate | 95 % interval | Time |")
    print("|---|---|---|---|---|")
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        t0 = time.time()
        won = sum(pool.map(hint_wins, deals, chunksize=16))
        rate("Hint (sees what the table shows)", won, len(deals), time.time() - t0)
        t0 = time.time()
        won = sum(pool.map(search_wins, deals, chunksize=16))
        rate("Full-information search, beams %s" % "/".join(map(str, WIDTHS)), won,
             len(deals), time.time() - t0)
    clock(args.first, args.cpy_deals)
    return 0


if __name__ == "__main__":
    sys.exit(main())
