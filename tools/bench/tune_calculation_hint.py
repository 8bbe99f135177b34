"""Tune the Calculation hint's weights by coordinate search on deals outside every range
reported (default 5001-5600), so the bench's figure on 1001-3000 stays a held-out measure.

    python tools/bench/tune_calculation_hint.py                      # the heuristic's WEIGHTS
    python tools/bench/tune_calculation_hint.py --first 5001 --last 9000 --rounds 2
    python tools/bench/tune_calculation_hint.py --policy --last 7000 # the rollouts' POLICY

WEIGHTS (engine/calculation_hint.py) score the heuristic, played alone on every move (the
rollouts left out: they take about 0.5 s a deal). POLICY scores the rollouts' quick player; it
is tuned by letting that player play each deal's real stock order from the start (a rollout
that happens to deal the true order), which takes a fraction of a millisecond a deal.
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
        h = hints.heuristic(g)
        while h >= 0:
            g.play(move_src(h), move_dst(h))
            h = hints.heuristic(g)
        n_won += g.is_won()
    return n_won


def rank_place(f, r):
    """Where rank r comes in foundation f's sequence (0 = its base)."""
    return ((r + 1) * pow(f + 1, -1, 13) - 1) % 13


def _in_turn_table():
    """The module's IT again, for POLICY's in-turn weights (5 + 1, 5 + 2) as they stand."""
    p = hints.POLICY
    for r in range(13):
        for t in range(13):
            best = 0
            for f in range(4):
                d = rank_place(f, t) - rank_place(f, r)
                if 0 < d <= 2 and p[5 + d] > best:
                    best = p[5 + d]
            hints.IT[r * 13 + t] = min(best, 255)


def policy_wins(first, last):
    """Deals the rollouts' quick player wins on their real stock order, from the deal."""
    _in_turn_table()
    g = Calculation()
    n_won = 0
    for n in range(first, last + 1):
        g.new_deal(n)
        for f in range(4):
            hints.roll_fl[f] = g.flen[f]
        for r in range(14):
            hints.roll_want[r] = 0
        for f in range(4):
            hints.roll_want[hints.SEQ[f * 14 + 1]] |= 1 << f
        for w in range(4):
            hints.roll_plen[w] = 0
        for r in range(13):
            hints.roll_left[r] = 0
        for i in range(48):
            r = g.stock[47 - i] >> 2
            hints.roll_order[i] = r
            hints.roll_left[r] += 1
        n_won += hints.roll(48) == 52
    return n_won


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/tune_calculation_hint.py", description=__doc__.split("\n")[0])
    ap.add_argument("--first", type=int, default=5001)
    ap.add_argument("--last", type=int, default=5600)
    ap.add_argument("--rounds", type=int, default=1)
    ap.add_argument("--params", default="", help="weights to tune, as indices: 3,4,11")
    ap.add_argument("--start", default="", help="weights to start from, comma separated")
    ap.add_argument("--policy", action="store_true", help="tune POLICY, the rollouts' player")
    args = ap.parse_args(argv)
    if args.first <= 3000:
        ap.error("tune on deals above 3000: 1-3000 are the reported ranges")
    global wins
    if args.policy:
        wins = policy_wins
    p = hints.POLICY if args.policy else hints.WEIGHTS
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
