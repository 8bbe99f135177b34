"""Build the Black Hole verdict atlas: every deal 1-32000 decided by the project's own solver.

    python tools/atlas/blackhole.py                 # decide what is missing, then write the atlas
    python tools/atlas/blackhole.py --check         # compare the atlas with the reference CSV, no
    search
    python tools/atlas/blackhole.py --jobs 1 --last 200 --out /tmp/a.bin   # a small run

Every core runs its own Solver with a big table (--slots, default 1,000,003) and no node cap,
so each verdict is a proof: a won line is replayed through engine/blackhole.py before it
counts. Results go line by line to a progress file (build/atlas-progress.csv: deal, verdict,
nodes, seconds), so an interrupted run resumes where it stopped; the atlas is written only
once every deal is decided.

The atlas file (hw/blackhole_atlas.bin, read on the board by hw/atlas.py) has the layout of
tools/atlas/common.py, a bit a deal: 1 = winnable.
"""
import argparse
import csv
import os
import sys
import time
from array import array

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(ROOT)

from engine.blackhole import BlackHole  # noqa: E402
from engine.solver import BUSY, WON, Solver  # noqa: E402
from hw.atlas import LAST_DEAL  # noqa: E402
from tools.atlas.common import decide_all, pack, read_progress, unpack  # noqa: E402

ATLAS = os.path.join(ROOT, "hw", "blackhole_atlas.bin")
PROGRESS = os.path.join(ROOT, "build", "atlas-progress.csv")


def reference_csv():
    """The exhaustive reference verdicts for deals 1-1000, or None (BLACKHOLE_REFERENCE_CSV,
    else ../shared/data beside the clone)."""
    for p in (os.environ.get("BLACKHOLE_REFERENCE_CSV", ""),
              os.path.join(os.path.dirname(ROOT), "shared", "data",
                           "blackhole_pysol_1-1000.csv")):
        if p and os.path.exists(p):
            return p
    return None


def read_reference(path):
    with open(path) as f:
        return {int(r["deal"]): bool(int(r["solvable"])) for r in csv.DictReader(f)}


class DesktopSolver(Solver):
    """The device solver with a big table that is cleared by reallocation (fast on a PC)."""

    def clear(self):
        self.table = array("I", bytes(4 * len(self.table)))


_solver = None
_game = None


def _init(slots):
    global _solver, _game
    _solver = DesktopSolver(slots)
    _game = BlackHole()


def decide(n):
    """(deal, won?, nodes, seconds): an uncapped search; a won line is replayed."""
    s, g = _solver, _game
    g.new_deal(n)
    t0 = time.perf_counter()
    s.begin(g)
    r = s.run(1 << 29)
    while r == BUSY:
        r = s.run(1 << 29)
    t = time.perf_counter() - t0
    if r == WON:
        for i in range(s.line_len):
            g.play(s.line[i])
        if not g.is_won():
            raise RuntimeError("deal %d: the solver's line does not win" % n)
    return n, r == WON, s.nodes, t


def run(first, last, jobs, slots, progress):
    done = read_progress(progress)
    todo = [n for n in range(first, last + 1) if n not in done]
    print("atlas: %d of deals %d-%d decided already, %d to go on %d processes (table %d slots)"
          % (last - first + 1 - len(todo), first, last, len(todo), jobs, slots), flush=True)
    if todo:
        done.update(decide_all(todo, decide, progress, jobs, "atlas", _init, (slots,)))
    return done


def check(path, ref):
    with open(path, "rb") as f:
        got = unpack(f.read())
    bad = [n for n in sorted(ref) if got[n] != ref[n]]
    print("atlas %s: %d winnable of %d; against the reference (%d deals): %d disagree %s"
          % (path, sum(got.values()), LAST_DEAL, len(ref), len(bad), bad[:10]))
    return not bad


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/atlas/blackhole.py", description=__doc__.split("\n")[0])
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    ap.add_argument("--slots", type=int, default=1000003)
    ap.add_argument("--first", type=int, default=1)
    ap.add_argument("--last", type=int, default=LAST_DEAL)
    ap.add_argument("--progress", default=PROGRESS)
    ap.add_argument("--out", default=ATLAS)
    ap.add_argument("--check", action="store_true", help="only compare --out with the reference")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last <= LAST_DEAL:
        ap.error("deals must lie in 1-%d" % LAST_DEAL)
    ref_path = reference_csv()
    ref = read_reference(ref_path) if ref_path else {}
    if args.check:
        return 0 if check(args.out, ref) else 1
    done = run(args.first, args.last, max(1, args.jobs), args.slots, args.progress)
    missing = [n for n in range(1, LAST_DEAL + 1) if n not in done]
    if missing:
        print("atlas: %d deals not decided yet (%d-%d run); %s not written"
              % (len(missing), args.first, args.last, args.out))
        return 0
    bad = [n for n in ref if ref[n] != done[n][0]]
    if bad:
        print("atlas: disagrees with the reference on deals %s; not written" % bad[:20])
        return 1
    with open(args.out, "wb") as f:
        f.write(pack({n: done[n][0] for n in range(1, LAST_DEAL + 1)}))
    won = sum(1 for n in done if done[n][0])
    print("atlas: wrote %s: %d of %d deals winnable (%d checked against the reference)"
          % (args.out, won, LAST_DEAL, len(ref)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
