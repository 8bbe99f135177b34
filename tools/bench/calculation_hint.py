"""Calculation: how often the hint wins, beside the full-information search, and how long a
hint takes on the board.

    python tools/bench/calculation_hint.py                   # deals 1001-3000 (long: see below)
    python tools/bench/calculation_hint.py --last 1500 --jobs 1          # 500 deals, one core
    python tools/bench/calculation_hint.py --last 1200 --cpy-deals 3 --budget 2000   # a point

Prints a table: the hint played on every move (it never sees the face-down stock) and the
full-information beam search of tools/atlas/calculation_search.py (it sees the stock), each
with the deals won and a 95 % Wilson interval. The hint's weights were tuned on deals above
5000, so 1001-3000 is held out. The hint costs about 0.5 s of CPython CPU a deal (its
rollouts), so 2,000 deals are about 17 CPU-minutes.

With CIRCUITPYTHON (cpy32) and CIRCUITPYTHON_MPY_CROSS set it also times the hint there, as a
board loads it (engine/ compiled to .mpy): every hint of hint play on the first --cpy-deals
deals of the range, by CPU time (time.clock(), 1 ms steps), times 100 for the board (a PyBadge
runs bytecode about 100x slower than cpy32). Given for every ask, and for the real choices
alone (the turned card has two or more different waste piles to go to: the rollouts run).
--budget sets the hint's BUDGET (cards played in rollouts per real choice) for both parts.
"""
import argparse
import multiprocessing
import os
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine import calculation_hint  # noqa: E402
from engine.calculation import Calculation, move_dst, move_src  # noqa: E402
from tools.atlas.calculation_search import WIDTHS, solve_deal  # noqa: E402
from tools.bench.interval import wilson  # noqa: E402

BOARD_X = 100       # a PyBadge runs bytecode about 100x (85-120x) slower than cpy32
LIMIT_MEDIAN = 2.0  # board seconds a hint may take: the median, and the worst (issue 37)
LIMIT_MAX = 5.0


def _budget(b):
    if b:
        calculation_hint.BUDGET = b


def hint_wins(args):
    n, budget = args
    _budget(budget)
    g = Calculation()
    g.new_deal(n)
    h = calculation_hint.hint(g)
    while h >= 0:
        g.play(move_src(h), move_dst(h))
        h = calculation_hint.hint(g)
    return g.is_won()


def search_wins(n):
    return solve_deal(n)[0]


def rate(name, won, n, secs):
    lo, hi = (100 * x for x in wilson(won, n))
    print("| %s | %d / %d | %.1f %% | %.1f-%.1f %% | %.0f s |"
          % (name, won, n, 100.0 * won / n, lo, hi, secs), flush=True)


# Each ask timed; "R" marks one where the rollouts ran (the sampler counts its samples).
_CLOCK = """
import time
from engine.calculation import Calculation, move_dst, move_src
from engine import calculation_hint as ch
if %d:
    ch.BUDGET = %d
g = Calculation()
for n in range(%d, %d):
    g.new_deal(n)
    while True:
        ch.samples = 0
        t = time.clock()
        h = ch.hint(g)
        t = time.clock() - t
        print("T", int(t * 1e6 + 0.5), "R" if ch.samples else "-")
        if h < 0:
            break
        g.play(move_src(h), move_dst(h))
"""


def _compiled(dest):
    """engine/ compiled to .mpy under dest with CircuitPython's mpy-cross, as a board loads it."""
    cross = os.environ.get("CIRCUITPYTHON_MPY_CROSS")
    if not cross or not os.access(cross, os.X_OK):
        return None
    os.makedirs(os.path.join(dest, "engine"))
    for f in sorted(os.listdir(os.path.join(ROOT, "engine"))):
        if f.endswith(".py"):
            src = os.path.join(ROOT, "engine", f)
            subprocess.run([cross, "-s", "engine/" + f, "-o",
                            os.path.join(dest, "engine", f[:-3] + ".mpy"), src], check=True)
    return dest


def _pct(xs, p):
    return xs[min(len(xs) - 1, len(xs) * p // 100)]


def clock(first, deals, budget):
    exe = os.environ.get("CIRCUITPYTHON")
    if deals <= 0:
        return
    if not exe or not os.access(exe, os.X_OK):
        print("\nThe hint's clock not measured: set CIRCUITPYTHON to cpy32 (README).")
        return
    with tempfile.TemporaryDirectory() as tmp:
        tree = _compiled(tmp)
        where = ".mpy" if tree else ".py (CIRCUITPYTHON_MPY_CROSS not set)"
        script = ("import sys\nsys.path.insert(0, %r)\n" % (tree or ROOT)
                  + _CLOCK % (budget, budget, first, first + deals))
        out = subprocess.run([exe, "-c", script], capture_output=True, text=True, cwd=tmp,
                             check=True).stdout
    rows = [line.split() for line in out.splitlines() if line[:2] == "T "]
    every = sorted(BOARD_X * int(r[1]) / 1e6 for r in rows)
    real = sorted(BOARD_X * int(r[1]) / 1e6 for r in rows if r[2] == "R")
    print("\nThe hint on cpy32 from %s, every hint of hint play on deals %d-%d, CPU time x %d "
          "(board seconds):" % (where, first, first + deals - 1, BOARD_X))
    print("| Asks | Hints | Median | 90th percentile | Worst |")
    print("|---|---|---|---|---|")
    for name, xs in (("every ask", every), ("real choices (rollouts)", real)):
        if xs:
            print("| %s | %d | %.2f s | %.2f s | %.2f s |"
                  % (name, len(xs), _pct(xs, 50), _pct(xs, 90), xs[-1]))
    ok = every and _pct(every, 50) <= LIMIT_MEDIAN and every[-1] <= LIMIT_MAX
    print("Limits: median <= %.0f s, worst <= %.0f s: %s"
          % (LIMIT_MEDIAN, LIMIT_MAX, "met" if ok else "NOT met"))


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/calculation_hint.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1001)
    ap.add_argument("--last", type=int, default=3000)
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cpy-deals", type=int, default=10, help="deals timed on cpy32")
    ap.add_argument("--budget", type=int, default=0,
                    help="the hint's BUDGET, cards played in rollouts per real choice "
                         "(default: the module's, %d)" % calculation_hint.BUDGET)
    ap.add_argument("--no-search", action="store_true", help="the hint alone")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last:
        ap.error("give deals first <= last, from 1")
    deals = range(args.first, args.last + 1)
    print("Calculation, deals %d-%d; the hint's budget %d cards of rollouts a real choice\n"
          % (args.first, args.last, args.budget or calculation_hint.BUDGET))
    print("| Player | Won | Rate | 95 % interval | Time |")
    print("|---|---|---|---|---|")
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        t0 = time.time()
        won = sum(pool.map(hint_wins, [(n, args.budget) for n in deals], chunksize=4))
        rate("Hint (sees what the table shows)", won, len(deals), time.time() - t0)
        if not args.no_search:
            t0 = time.time()
            won = sum(pool.map(search_wins, deals, chunksize=16))
            rate("Full-information search, beams %s" % "/".join(map(str, WIDTHS)), won,
                 len(deals), time.time() - t0)
    clock(args.first, args.cpy_deals, args.budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
