"""Build the Big Ben atlas: the deals 1-32000 that the full-information searches
(tools/atlas/bigben_search.py, each weighting to its cap) win, each only after its line
replays to a win through engine/bigben.py; then the deals they do not win are played by the
game's hint (engine/bigben_hint.py, which never sees the reserve) through the engine, and
those it wins are marked too. A deal neither wins is not marked.

    python tools/atlas/bigben.py                      # search what is missing, write the atlas
    python tools/atlas/bigben.py --minutes 50         # stop handing out deals after 50 minutes
    python tools/atlas/bigben.py --write              # write the atlas from the progress so far
    python tools/atlas/bigben.py --check 40           # re-search 40 marked deals and replay them

Results go line by line to build/bigben-atlas-progress.csv (deal, won/-, positions, seconds,
cap), so a run resumes where it stopped. The file hw/bigben_atlas.bin has exactly the layout
of hw/blackhole_atlas.bin (tools/atlas/common.py); deals not searched yet are not
marked.
"""
import argparse
import os
import random
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine.bigben import BigBen  # noqa: E402
from engine.bigben_hint import hint  # noqa: E402
from hw.atlas import LAST_DEAL  # noqa: E402
from tools.atlas.bigben_search import CAP, solve  # noqa: E402
from tools.atlas.common import decide_all, hint_pass, pack, read_progress, unpack  # noqa: E402

ATLAS = os.path.join(ROOT, "hw", "bigben_atlas.bin")
PROGRESS = os.path.join(ROOT, "build", "bigben-atlas-progress.csv")
_cap = CAP


def _init(cap):
    global _cap
    _cap = cap


def decide(n):
    t0 = time.process_time()
    line, expanded = solve(n, _cap)         # raises unless a won line replays to a win
    return n, line is not None, expanded, time.process_time() - t0


def hint_play(n):
    """Deal n played by the hint through the engine to its end: (n, won, moves, seconds)."""
    t0 = time.process_time()
    g = BigBen()
    g.new_deal(n)
    moves = 0
    h = hint(g)
    while h >= 0:
        g.play((h >> 5) & 31, h & 31)
        moves += 1
        h = hint(g)
    return n, g.is_won(), moves, time.process_time() - t0


def run(first, last, jobs, cap, progress, minutes):
    done = {n: v[0] for n, v in read_progress(progress).items()}
    todo = [n for n in range(first, last + 1) if n not in done]
    print("bigben atlas: %d of deals %d-%d searched already, %d to go on %d processes (cap %d)"
          % (last - first + 1 - len(todo), first, last, len(todo), jobs, cap), flush=True)
    if todo:
        got = decide_all(todo, decide, progress, jobs, "bigben atlas", _init, (cap,),
                         chunksize=8, minutes=minutes, extra=str(cap))
        done.update((n, v[0]) for n, v in got.items())
    return done


def write(done, path):
    data = pack({n: done.get(n, False) for n in range(1, LAST_DEAL + 1)})
    with open(path, "wb") as f:
        f.write(data)
    print("bigben atlas: wrote %s: %d won of %d searched (deals 1-%d)"
          % (path, sum(done.values()), len(done), LAST_DEAL))


def check(path, k, cap):
    with open(path, "rb") as f:
        got = unpack(f.read())
    marked = [n for n in got if got[n]]
    sample = random.Random(30).sample(marked, min(k, len(marked)))
    for n in sample:
        line, _ = solve(n, cap)
        if line is None:
            print("deal %d is marked but not won again at cap %d" % (n, cap))
            return 1
    print("bigben atlas: %d marked; %d re-searched and replayed to a win" % (len(marked), k))
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/atlas/bigben.py", description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--cap", type=int, default=CAP, help="positions expanded a weighting")
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=LAST_DEAL)
    ap.add_argument("--minutes", type=float, default=0, help="time box (0: none)")
    ap.add_argument("--progress", default=PROGRESS)
    ap.add_argument("--out", default=ATLAS)
    ap.add_argument("--write", action="store_true", help="only write the atlas from progress")
    ap.add_argument("--check", type=int, default=0, help="re-search this many marked deals")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last <= LAST_DEAL:
        ap.error("deals must lie in 1-%d" % LAST_DEAL)
    if args.check:
        return check(args.out, args.check, args.cap)
    if args.write:
        done = {n: v[0] for n, v in read_progress(args.progress).items()}
    else:
        done = run(args.first, args.last, max(1, args.jobs), args.cap, args.progress,
                   args.minutes)
        if len(done) == LAST_DEAL:
            done = hint_pass(args.progress, hint_play, max(1, args.jobs), "bigben atlas")
    write(done, args.out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
