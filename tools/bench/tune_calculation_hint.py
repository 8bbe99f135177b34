"""Tune the Calculation hint's weights (WEIGHTS in engine/calculation_hint.py) by coordinate
search on deals outside every range reported (default 5001-5600), so the bench's figure on
1001-3000 stays a held-out measure.

    python tools/bench/tune_calculation_hint.py                      # from the weights in the
    module
    python tools/bench/tune_calculation_hint.py --first 5001 --last 9000 --rounds 2
"""
import argparse
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine import calculation_hint as hints  # noqa: E402
from engine.calculation import Calculation, move_dst, move_src  # noqa: E402


def wins(first, last):
    g = Calculation()
    n_won = 0
    for n in range(first, last + 1):
        g.new_deal(n)
        h = hints.hint(g)
        while h >= 0:
            g.play(move_src(h), move_dst(h))
            h = hints.hint(g)
        n_won += g.is_won()
    return n_won


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/tune_calculation_hint.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=5001)
    ap.add_argument("--last", type=int, default=5600)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--params", default="", help="weights to tune, as indices: 3,4,11")
    ap.add_argument("--start", default="", help="weights to start from, comma separated")
    args = ap.parse_args(argv)
    if args.first <= 3000:
        ap.error("tune on deals above 3000: 1-3000 are the reported ranges")
    p = hints.WEIGHTS
    if args.start:
        p[:] = [int(x) for x in args.start.split(",")]
    which = [int(x) for x in args.params.split(",")] if args.params else range(len(p))
    best = wins(args.first, args.last)
    print("start", list(p), best, flush=True)
    for _ in range(args.rounds):
        for i in which:
            for step in (lambda v: v * 2 if v else 4, lambda v: v // 2):
                old = p[i]
                p[i] = step(old)
                if p[i] == old:
                    continue
                k = wins(args.first, args.last)
                print(i, p[i], k, flush=True)
                if k > best:
                    best = k
                    print("better", list(p), best, flush=True)
                else:
                    p[i] = old
    print("best", list(p), best, "of", args.last - args.first + 1)
    return 0


if __name__ == "__main__":
    sys.exit(main())
