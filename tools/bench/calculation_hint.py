"""Calculation: how often the hint wins, beside the full-information search, how long a hint
takes on the board, and how long a player waits for it.

    python tools/bench/calculation_hint.py                   # deals 1001-3000 (long: see below)
    python tools/bench/calculation_hint.py --last 1500 --jobs 1          # 500 deals, one core
    python tools/bench/calculation_hint.py --last 1200 --curve 2000,5000 --no-search   # points

Prints a table: the hint played on every move (it never sees the face-down stock), thought out
to its full BUDGET (as the app gives it once it has thought ahead between keys) and asked cold
every time (ASK cards of rollouts: an ask before the thinking ahead began), and the
full-information beam search of tools/atlas/calculation_search.py (it sees the stock), each
with the deals won and a 95 % Wilson interval. The hint's weights were tuned on deals above
5000, so 1001-3000 is held out. A hint-played deal costs about 0.5 s of CPython CPU at the full
budget (its rollouts), so 2,000 deals are about 17 CPU-minutes, and the cold asks 10 more.

With CIRCUITPYTHON (cpy32) and CIRCUITPYTHON_MPY_CROSS set it also times the hint there, as a
board loads it (engine/ compiled to .mpy): every ask of hint play on the first --cpy-deals
deals, by CPU time (time.clock(), 1 ms steps), times 100 for the board (a PyBadge runs bytecode
about 100x slower than cpy32); for every ask, and for the real choices alone (the turned card
has two or more different waste piles to go to: the rollouts run). Each point of the curve
(win rate against board time per hint: the full budget, the cold ask's cap, --curve's) is
timed the way the app asks: begin(g), then finish(cap).

Then the wait: a player who looks at each position for a gap drawn from the think-time model
of tools/bench/think_time.py (0.5-3 s before 7 keys in 10, 3-8 s before 2, 8-20 s before 1,
as tools/bench/wear.py's player) while the app thinks ahead, a slice (think(SLICE)) a main-loop
pass, each pass PASS_MS of board time more (the loop's 10 ms sleep and its idle work), then
asks: how often the hint is made by then, and how long the ask takes (finish(ASK)), by the
same clock.
"""
import argparse
import multiprocessing
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine import calculation_hint  # noqa: E402
from engine.calculation import Calculation, move_dst, move_src  # noqa: E402
from hw.atlas import LAST_DEAL  # noqa: E402
from tools.atlas.calculation import ATLAS, hint_play  # noqa: E402
from tools.atlas.calculation_search import WIDTHS, solve_deal  # noqa: E402
from tools.atlas.common import read_marks  # noqa: E402
from tools.bench.interval import wilson  # noqa: E402
from tools.bench.on_cpy import BOARD_X, asks, pct, run, spread  # noqa: E402
from tools.bench.think_time import think  # noqa: E402

LIMIT_MEDIAN = 2.0  # board seconds a hint may take: the median, and the worst (issue 37)
LIMIT_MAX = 5.0
PASS_MS = 11        # a main-loop pass while thinking ahead, besides its slice: the loop's 10 ms
#                     sleep (ui/launcher.py nap) and an idle pass (under 1 ms, tools/bench/keys.py)
SEED = 37           # the think-time model's gaps
SLICE_BOARD_MS = 48  # a slice's median board time (docs/performance.md, issue 37), for the pace


def _budget(b):
    if b:
        calculation_hint.BUDGET = b


def hint_wins(args):
    n, budget = args
    _budget(budget)
    return hint_play(n)[1]


def pace_wins(args):
    """Deal n of args (n, budget) played by a player who looks at each position for a gap of
    the think-time model while the app thinks ahead, a slice a main-loop pass (SLICE_BOARD_MS
    + PASS_MS of board time), then asks: the hint as the app gives it, the board's clock
    modelled, not timed."""
    import random
    n, budget = args
    _budget(budget)
    rng = random.Random(SEED * 100003 + n)
    g = Calculation()
    g.new_deal(n)
    while True:
        passes = think(rng) // (SLICE_BOARD_MS + PASS_MS)
        made = calculation_hint.begin(g)
        while not made and passes:
            made = calculation_hint.think(calculation_hint.SLICE)
            passes -= 1
        h = calculation_hint.finish(calculation_hint.ASK)
        if h < 0:
            return g.is_won()
        g.play(move_src(h), move_dst(h))


def search_wins(n):
    return solve_deal(n)[0]


def rate(name, won, n, secs):
    lo, hi = (100 * x for x in wilson(won, n))
    print("| %s | %d / %d | %.1f %% | %.1f-%.1f %% | %.0f s |"
          % (name, won, n, 100.0 * won / n, lo, hi, secs), flush=True)


# Each ask timed as the app makes it (begin, then finish with the cap); "R" marks one where the
# rollouts ran (the sampler counts its samples).
_CLOCK = """
import time
from engine.calculation import Calculation, move_dst, move_src
from engine import calculation_hint as ch
ch.BUDGET = %d
g = Calculation()
for n in range(%d, %d):
    g.new_deal(n)
    while True:
        t = time.clock()
        ch.begin(g)
        h = ch.finish(%d)
        t = time.clock() - t
        print("T", int(t * 1e6 + 0.5), "R" if ch.samples else "-")
        if h < 0:
            break
        g.play(move_src(h), move_dst(h))
"""

# The player looks at each position for a gap of board ms, the app thinking ahead a slice a
# pass, then asks: "W", the ask's CPU us, "R" where the rollouts ran, whether the hint was
# made before the ask, whether it is the hint thought out in full (made, or the ask's cap
# reached the full budget).
_WAIT = """
import time
from engine.calculation import Calculation, move_dst, move_src
from engine import calculation_hint as ch
GAPS = %r
k = 0
g = Calculation()
for n in range(%d, %d):
    g.new_deal(n)
    while True:
        gap = GAPS[k %% len(GAPS)]
        k += 1
        t = time.clock()
        passes = 1
        made = ch.begin(g)
        while not made and (time.clock() - t) * 100000 + passes * %d < gap:
            made = ch.think(ch.SLICE)
            passes += 1
        t = time.clock()
        h = ch.finish(ch.ASK)
        t = time.clock() - t
        print("W", int(t * 1e6 + 0.5), "R" if ch.samples else "-", int(made),
              int(made or ch._st[9] >= ch.BUDGET))
        if h < 0:
            break
        g.play(move_src(h), move_dst(h))
"""


def clock(first, deals, budget, cap):
    """Board seconds of every ask and of the real choices: two sorted lists, and where from."""
    return asks(_CLOCK % (budget, first, first + deals, cap), "R")


def curve(points, first, deals, budget, won, n):
    """The curve: per cap, the deals won and the board time of a real choice asked cold."""
    if deals <= 0:
        return
    print("\nThe curve: win rate against board time per hint (cpy32 CPU x %d, every ask of hint "
          "play on deals %d-%d; median / 90th percentile / worst)" % (BOARD_X, first,
                                                                      first + deals - 1))
    print("| Cards of rollouts a real choice | Real choices | Board time, real choices | "
          "Every ask | Won | 95 % interval |")
    print("|---|---|---|---|---|---|")
    verdict = None
    for cap in points:
        every, real, where = clock(first, deals, budget, cap)
        if every is None:
            print("\nThe hint's clock not measured: set CIRCUITPYTHON to cpy32 (README).")
            return
        lo, hi = (100 * x for x in wilson(won[cap], n))
        name = "%d%s" % (cap, " (the full budget)" if cap == budget else
                         " (a cold ask: ASK)" if cap == calculation_hint.ASK else "")
        print("| %s | %d | %s | %s | %.1f %% | %.1f-%.1f %% |"
              % (name, len(real), spread(real), spread(every), 100.0 * won[cap] / n, lo, hi))
        if cap == min(budget, calculation_hint.ASK):
            verdict = real and pct(real, 50) <= LIMIT_MEDIAN and real[-1] <= LIMIT_MAX
    print("(engine/ from %s.) A cold ask, real choices: median <= %.0f s, worst <= %.0f s: %s"
          % (where, LIMIT_MEDIAN, LIMIT_MAX, "met" if verdict else "NOT met"))


def waits(first, deals, budget):
    """The time a player waits: gaps from the think-time model, thinking ahead meanwhile."""
    import random
    rng = random.Random(SEED)
    gaps = [think(rng) for _ in range(1500)]
    script = "import engine.calculation_hint as _h\n_h.BUDGET = %d\n" % budget
    rows, where = run(script + _WAIT % (gaps, first, first + deals, PASS_MS))
    if rows is None:
        return
    rows = [r for r in rows if r[:1] == ["W"]]
    print("\nThe wait: a player who looks at each position for a gap of the think-time model "
          "(tools/bench/think_time.py) while the hint is")
    print("thought out ahead (a slice of %d cards a pass, %d ms more a pass), then asks (at most "
          "%d cards more); hint play on deals %d-%d," % (calculation_hint.SLICE, PASS_MS,
                                                       calculation_hint.ASK, first,
                                                       first + deals - 1))
    print("cpy32 CPU x %d from %s (the ask's clock steps by 0.1 s of board time):"
          % (BOARD_X, where))
    print("| Asks | Hints | Made when asked | As thought out in full | Wait: median | "
          "90th percentile | Worst | Target |")
    print("|---|---|---|---|---|---|---|---|")
    for name, sel in (("real choices", [r for r in rows if r[2] == "R"]), ("every ask", rows)):
        if not sel:
            continue
        made = sum(int(r[3]) for r in sel)
        full = sum(int(r[4]) for r in sel)
        xs = sorted(BOARD_X * int(r[1]) / 1e6 for r in sel)
        lo, hi = (100 * x for x in wilson(made, len(sel)))
        ok = pct(xs, 50) <= LIMIT_MEDIAN and xs[-1] <= LIMIT_MAX
        print("| %s | %d | %.1f %% (%.1f-%.1f) | %.1f %% | %.2f s | %.2f s | %.2f s | %s |"
              % (name, len(sel), 100.0 * made / len(sel), lo, hi, 100.0 * full / len(sel),
                 pct(xs, 50), pct(xs, 90), xs[-1],
                 "median <= %.0f s, worst <= %.0f s: %s" % (LIMIT_MEDIAN, LIMIT_MAX,
                                                            "met" if ok else "NOT met")))


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
    ap.add_argument("--curve", default="",
                    help="more points of the curve: caps in cards, comma-separated")
    ap.add_argument("--no-cold", action="store_true", help="not the hint asked cold")
    ap.add_argument("--no-search", action="store_true", help="the hint alone")
    args = ap.parse_args(argv)
    if not 1 <= args.first <= args.last:
        ap.error("give deals first <= last, from 1")
    deals = range(args.first, args.last + 1)
    budget = args.budget or calculation_hint.BUDGET
    points = [budget]
    if not args.no_cold and calculation_hint.ASK < budget:
        points.append(calculation_hint.ASK)
    points += [int(c) for c in args.curve.split(",") if c and int(c) not in points]
    points.sort()
    print("Calculation, deals %d-%d; the hint's budget %d cards of rollouts a real choice, "
          "a cold ask's %d\n" % (args.first, args.last, budget,
                                 min(budget, calculation_hint.ASK)))
    print("| Player | Won | Rate | 95 % interval | Time |")
    print("|---|---|---|---|---|")
    won = {}
    with multiprocessing.Pool(max(1, args.jobs)) as pool:
        for cap in sorted(points, reverse=True):
            t0 = time.time()
            won[cap] = sum(pool.map(hint_wins, [(n, cap) for n in deals], chunksize=4))
            name = ("thought out ahead" if cap == budget else "asked cold" if
                    cap == calculation_hint.ASK else "capped")
            rate("Hint, %s: %d cards (sees what the table shows)" % (name, cap), won[cap],
                 len(deals), time.time() - t0)
        if not args.no_cold:
            t0 = time.time()
            n_won = sum(pool.map(pace_wins, [(n, budget) for n in deals], chunksize=4))
            rate("Hint, asked at a player's pace (think-time model, thought ahead meanwhile)",
                 n_won, len(deals), time.time() - t0)
        if not args.no_search:
            t0 = time.time()
            n_won = sum(pool.map(search_wins, deals, chunksize=16))
            rate("Full-information search, beams %s" % "/".join(map(str, WIDTHS)), n_won,
                 len(deals), time.time() - t0)
    marks = read_marks(ATLAS)
    rate("Marked winnable in the atlas, these deals", sum(marks.get(n, False) for n in deals),
         len(deals), 0)
    k = sum(marks.values())
    print("| Marked winnable in the atlas, all deals 1-%d | %d / %d | %.1f %% | every deal "
          "searched | |" % (LAST_DEAL, k, LAST_DEAL, 100.0 * k / LAST_DEAL), flush=True)
    curve(points, args.first, args.cpy_deals, budget, won, len(deals))
    if args.cpy_deals > 0:
        waits(args.first, args.cpy_deals, budget)
    return 0


if __name__ == "__main__":
    sys.exit(main())
