"""Big Ben: how often the hint wins, beside the full-information search and the atlas, and how
long a hint takes on the board. Deals played by the hint alone (it never sees the reserve),
the full-information searches of tools/atlas/bigben_search.py (which see it) on the same
deals, and the share of them the atlas marks winnable, each with a 95 % Wilson interval. The
hint's weights were chosen on deals 3001-4000, never these.

    python tools/bench/bigben_hint.py                   # deals 1001-2000 (a few minutes)
    python tools/bench/bigben_hint.py --last 1100       # a smaller range
    python tools/bench/bigben_hint.py --cap 0           # no full-information search
    python tools/bench/bigben_hint.py --curve 50,100,400   # more points of the curve

The curve: per EXPAND (positions a plan's search expands at most), the deals won and the
board time of a hint (cpy32 CPU x 100, engine/ from .mpy, with CIRCUITPYTHON and
CIRCUITPYTHON_MPY_CROSS set) over the hint play of the first --cpy-deals deals: of every ask
(most follow a plan already made and take no time) and of the asks that search.
"""
import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine import bigben_hint  # noqa: E402
from hw.atlas import LAST_DEAL  # noqa: E402
from tools.atlas.bigben import ATLAS, hint_play  # noqa: E402
from tools.atlas.bigben_search import CAP, WEIGHTS, solve  # noqa: E402
from tools.atlas.common import read_marks  # noqa: E402
from tools.bench.interval import wilson  # noqa: E402
from tools.bench.on_cpy import BOARD_X, asks, pct, spread  # noqa: E402

LIMIT_MEDIAN = 2.0  # board seconds a hint may take: the median, and the worst (issue 37)
LIMIT_MAX = 5.0

# Each ask timed (time.clock(), CPU, 1 ms steps; an ask under 2 ms is timed over 10 asks):
# "T", its CPU microseconds, "S" when it searched (a plan made), else "-".
_CLOCK = """
import time
from engine.bigben import BigBen
from engine import bigben_hint as bh
bh.EXPAND = %d
g = BigBen()
for n in range(%d, %d):
    g.new_deal(n)
    h = 0
    while h >= 0:
        bh.expanded = -1
        t = time.clock()
        h = bh.hint(g)
        t = time.clock() - t
        searched = bh.expanded >= 0
        if t < 0.002:
            t = time.clock()
            for i in range(10):
                bh.hint(g)
            t = (time.clock() - t) / 10
        print("T", int(t * 1e6 + 0.5), "S" if searched else "-")
        if h >= 0:
            g.play((h >> 5) & 31, h & 31)
"""


def _hint_job(job):
    n, expand = job
    bigben_hint.EXPAND = expand
    return hint_play(n)[1]


def _search_job(job):
    n, cap = job
    return solve(n, cap)[0] is not None


def row(name, won, n, secs):
    lo, hi = wilson(won, n)
    return "%-40s %5d / %-5d %5.1f %%   %5.1f - %5.1f %%   %6.0f s" % (
        name, won, n, 100.0 * won / n, 100 * lo, 100 * hi, secs)


def clock(expand, first, deals):
    """Board seconds of every ask and of the asks that searched: sorted lists, and where."""
    return asks(_CLOCK % (expand, first, first + deals), "S")


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/bigben_hint.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1001)
    ap.add_argument("--last", type=int, default=2000)
    ap.add_argument("--cap", type=int, default=CAP, help="search positions a weighting (0: skip)")
    ap.add_argument("--curve", default="100,400",
                    help="more EXPAND values for the curve, comma separated")
    ap.add_argument("--cpy-deals", type=int, default=6, help="deals timed on cpy32")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last:
        ap.error("give deals first <= last, from 1")
    try:
        points = sorted({bigben_hint.EXPAND} | {int(x) for x in args.curve.split(",") if x})
    except ValueError:
        ap.error("--curve takes whole numbers, comma separated")
    deals = list(range(args.first, args.last + 1))
    print("Big Ben, deals %d-%d (PySolFC's rules)           won           95 %% Wilson       time"
          % (args.first, args.last))
    won = {}
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for e in points:
            t0 = time.time()
            won[e] = sum(pool.map(_hint_job, [(n, e) for n in deals], chunksize=8))
            if e == bigben_hint.EXPAND:
                print(row("hint (never sees the reserve), EXPAND %d" % e, won[e], len(deals),
                          time.time() - t0), flush=True)
        if args.cap:
            t0 = time.time()
            n_won = sum(pool.map(_search_job, [(n, args.cap) for n in deals], chunksize=8))
            print(row("full information, %d x %d positions" % (len(WEIGHTS), args.cap), n_won,
                      len(deals), time.time() - t0), flush=True)
    marks = read_marks(ATLAS)
    print(row("marked winnable in the atlas", sum(marks.get(n, False) for n in deals),
              len(deals), 0))
    k = sum(marks.values())
    print("%-40s %5d / %-5d %5.1f %%   every deal searched" % (
        "marked, all deals 1-%d" % LAST_DEAL, k, LAST_DEAL, 100.0 * k / LAST_DEAL))
    print("\nThe curve: positions a plan's search expands, the deals won, and a hint's board "
          "time (median / 90th percentile / worst)")
    print("| EXPAND | Won | 95 % interval | Every ask | Asks that search | Target |")
    print("|---|---|---|---|---|---|")
    where = None
    for e in points:
        every = searched = None
        if args.cpy_deals > 0:
            every, searched, where = clock(e, args.first, args.cpy_deals)
        lo, hi = wilson(won[e], len(deals))
        ok = every and pct(every, 50) <= LIMIT_MEDIAN and every[-1] <= LIMIT_MAX
        print("| %d | %d / %d (%.1f %%) | %.1f-%.1f %% | %s | %s | %s |" % (
            e, won[e], len(deals), 100.0 * won[e] / len(deals), 100 * lo, 100 * hi,
            spread(every), spread(searched),
            "-" if every is None else "median <= %.0f s, worst <= %.0f s: %s" % (
                LIMIT_MEDIAN, LIMIT_MAX, "met" if ok else "NOT met")))
    if where:
        print("Board time: cpy32 CPU x %d, engine/ from %s, hint play of deals %d-%d."
              % (BOARD_X, where, args.first, args.first + args.cpy_deals - 1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
