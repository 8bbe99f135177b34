"""How far Big Ben's hint is from the best: deals played by the hint alone, beside the same
heuristic weighing its choices by rollouts (tools/bench/bigben_rollouts.py, issue 37: measured, not
on the board) and the full-information search (tools/atlas/bigben_search.py, which sees the reserve)
on the same deals, each with a 95 % Wilson interval. The hint was tuned on deals 3001-6000,
the rollouts on 3001-3300, never these.

    python tools/bench/bigben_hint.py                   # deals 1001-2000 (a few minutes)
    python tools/bench/bigben_hint.py --last 1100       # a smaller range
    python tools/bench/bigben_hint.py --cap 0           # the hint only
"""
import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine.bigben import BigBen  # noqa: E402
from engine.bigben_hint import hint  # noqa: E402
from hw.atlas import LAST_DEAL  # noqa: E402
from tools.atlas.bigben import ATLAS  # noqa: E402
from tools.atlas.bigben_search import CAP, WEIGHTS, solve  # noqa: E402
from tools.atlas.common import read_marks  # noqa: E402
from tools.bench.bigben_rollouts import hint as rollouts  # noqa: E402
from tools.bench.interval import wilson  # noqa: E402


def hint_game(n, strict=False, by=hint):
    """(won?, moves, cards home) of deal n played by the hint alone (or by= another)."""
    g = BigBen()
    g.strict = strict
    g.new_deal(n)
    moves = 0
    h = by(g)
    while h >= 0:
        g.play((h >> 5) & 31, h & 31)
        moves += 1
        h = by(g)
    return g.is_won(), moves, g.on_foundations()


def _hint_job(n):
    return hint_game(n)[0]


def _rollouts_job(n):
    return hint_game(n, by=rollouts)[0]


def _search_job(job):
    n, cap = job
    return solve(n, cap)[0] is not None


def row(name, won, n, secs):
    lo, hi = wilson(won, n)
    return "%-34s %5d / %-5d %5.1f %%   %5.1f - %5.1f %%   %6.0f s" % (
        name, won, n, 100.0 * won / n, 100 * lo, 100 * hi, secs)


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/bigben_hint.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=1001)
    ap.add_argument("--last", type=int, default=2000)
    ap.add_argument("--cap", type=int, default=CAP, help="search positions a deal (0: skip)")
    ap.add_argument("--rollouts", type=int, default=1, help="0: skip the rollout hint")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    args = ap.parse_args(argv)
    deals = list(range(args.first, args.last + 1))
    print("Big Ben, deals %d-%d (PySolFC's rules)     won           95 %% Wilson       time"
          % (args.first, args.last))
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        t0 = time.time()
        won = sum(pool.map(_hint_job, deals, chunksize=8))
        print(row("hint alone (never sees the reserve)", won, len(deals), time.time() - t0))
        if args.rollouts:
            t0 = time.time()
            won = sum(pool.map(_rollouts_job, deals, chunksize=8))
            print(row("with rollouts (not on the board)", won, len(deals), time.time() - t0))
        if args.cap:
            t0 = time.time()
            won = sum(pool.map(_search_job, [(n, args.cap) for n in deals], chunksize=8))
            print(row("full information, %d x %d positions" % (len(WEIGHTS), args.cap), won,
                      len(deals), time.time() - t0))
    marks = read_marks(ATLAS)
    print(row("marked winnable in the atlas", sum(marks.get(n, False) for n in deals),
              len(deals), 0))
    k = sum(marks.values())
    print("%-34s %5d / %-5d %5.1f %%   every deal searched" % (
        "marked, all deals 1-%d" % LAST_DEAL, k, LAST_DEAL, 100.0 * k / LAST_DEAL))
    return 0


if __name__ == "__main__":
    sys.exit(main())
