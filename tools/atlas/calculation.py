"""Build the Calculation atlas hw/calculation_atlas.bin: the deals 1-32000 that the
full-information search (tools/atlas/calculation_search.py) or the game's hint wins, in the
layout of the Black Hole atlas (tools/atlas/common.py).

    python tools/atlas/calculation.py                     # search what is missing, then write it
    python tools/atlas/calculation.py --jobs 1 --last 200 --out /tmp/c.bin   # a small run

A deal is marked only once the search's line has been replayed through
engine/calculation.py to a win; a deal the search did not win (within its beam widths) is
left to the hint pass: the game's own hint (engine/calculation_hint.py, which never sees the
face-down stock) plays it through the engine, and a deal it wins is marked too. A deal
neither wins is left unmarked, which says nothing about whether it can be won. Results go
line by line to build/calc-atlas-progress.csv (deal, won/nowin, positions, seconds), so an
interrupted run resumes where it stopped; the atlas is written once every deal has been
searched and the hint has played the rest.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(ROOT)

from engine import calculation_hint  # noqa: E402
from engine.calculation import Calculation, move_dst, move_src  # noqa: E402
from hw.atlas import LAST_DEAL  # noqa: E402
from tools.atlas.calculation_search import WIDTHS, solve_deal  # noqa: E402
from tools.atlas.common import decide_all, hint_pass, pack, read_progress  # noqa: E402

ATLAS = os.path.join(ROOT, "hw", "calculation_atlas.bin")
PROGRESS = os.path.join(ROOT, "build", "calc-atlas-progress.csv")


def decide(n):
    t0 = time.perf_counter()
    won, nodes, _ = solve_deal(n, WIDTHS)       # a won line is replayed there, or it raises
    return n, won, nodes, time.perf_counter() - t0


def hint_play(n):
    """Deal n played by the hint (its full budget) through the engine: (n, won, moves, s)."""
    t0 = time.perf_counter()
    g = Calculation()
    g.new_deal(n)
    moves = 0
    h = calculation_hint.hint(g)
    while h >= 0:
        g.play(move_src(h), move_dst(h))
        moves += 1
        h = calculation_hint.hint(g)
    return n, g.is_won(), moves, time.perf_counter() - t0


def run(first, last, jobs, progress):
    done = read_progress(progress)
    todo = [n for n in range(first, last + 1) if n not in done]
    print("calc atlas: %d of deals %d-%d searched already, %d to go on %d processes "
          "(beam widths %s)" % (last - first + 1 - len(todo), first, last, len(todo), jobs,
                                WIDTHS), flush=True)
    if todo:
        done.update(decide_all(todo, decide, progress, jobs, "calc atlas", chunksize=8))
    return done


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/atlas/calculation.py", description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=LAST_DEAL)
    ap.add_argument("--progress", default=PROGRESS)
    ap.add_argument("--out", default=ATLAS)
    ap.add_argument("--no-hint", action="store_true",
                    help="mark only what the search wins (no hint pass)")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last <= LAST_DEAL:
        ap.error("deals must lie in 1-%d" % LAST_DEAL)
    done = run(args.first, args.last, max(1, args.jobs), args.progress)
    missing = [n for n in range(1, LAST_DEAL + 1) if n not in done]
    if missing:
        print("calc atlas: %d deals not searched yet; %s not written" % (len(missing), args.out))
        return 0
    won = {n: done[n][0] for n in done}
    if not args.no_hint:
        won = hint_pass(args.progress, hint_play, max(1, args.jobs), "calc atlas")
    with open(args.out, "wb") as f:
        f.write(pack({n: won[n] for n in range(1, LAST_DEAL + 1)}))
    print("calc atlas: wrote %s: %d of %d deals won by the search or the hint"
          % (args.out, sum(won.values()), LAST_DEAL))
    return 0


if __name__ == "__main__":
    sys.exit(main())
