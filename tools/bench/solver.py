"""Bench the Black Hole solver (engine/solver.py) and print its figures as tables.

    python tools/bench/solver.py              # everything, about three minutes
    python tools/bench/solver.py --quick      # deals 1-200 only, for a smoke run

1. CPython, deals 1-1000, no node cap, the bench table (--slots): verdicts against the
   established solver's CSV, wall time per deal, nodes per winnable and unwinnable deal.
2. CPython, deals 1-1000, the device table, cap 20,000 nodes: share decided.
3. Table size against nodes (deals 1-200, cap 20,000).
4. Each pruning idea switched off alone (deals 1-200, cap 20,000, device table).
5. CircuitPython's own interpreter (or MicroPython 1.27's WASI VM without it), deals 1-200,
   device table, cap 20,000: share decided, heap, CPU time per node; and 6. the PyBadge time
   of a hint from the median deal's opening at that CPU time x 100.
7. Device table, no cap, deals 1-2000 (--c-last): every deal must finish; CPython wall time
   beside Shlomi Fish's C solver `black-hole-solve` (from PATH or $BLACK_HOLE_SOLVE, one
   process per deal, prune off) on the same deals in the same run, as a ratio.
"""
import argparse
import csv
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.append(ROOT)

from engine.blackhole import BlackHole  # noqa: E402
from engine.solver import BUSY, DEVICE_SLOTS, NOWIN, WON, Solver  # noqa: E402
from hw import atlas  # noqa: E402

CSV = os.environ.get("BLACKHOLE_REFERENCE_CSV") or os.path.join(
    os.path.dirname(ROOT), "shared", "data", "blackhole_pysol_1-1000.csv")
CAP = 20000
# Board time = CircuitPython's 32-bit unix interpreter's CPU time x 100 (a 120 MHz SAMD51 runs
# bytecode 85-120x slower, from published pystone and loop figures).
BOARD_X = 100


def truth():
    """Deal -> 1 when won, for deals 1-1000: the established solver's CSV
    (BLACKHOLE_REFERENCE_CSV, or ../shared/data beside the repository); without it, the
    committed verdict atlas, which the tests check against that CSV."""
    if os.path.exists(CSV):
        with open(CSV) as f:
            return {int(r["deal"]): int(r["solvable"]) for r in csv.DictReader(f)}
    print("(no reference CSV at %s: verdicts are checked against hw/%s)" % (CSV, atlas.BLACK_HOLE))
    return {n: int(atlas.winnable(n, atlas.BLACK_HOLE)) for n in range(1, 1001)}


def solve_deals(deals, slots, cap=None, **flags):
    """[(deal, verdict, nodes, seconds)] for each deal, one solver for all (like the app)."""
    s = Solver(slots)
    for k, v in flags.items():
        setattr(s, k, v)
    g = BlackHole()
    out = []
    for n in deals:
        g.new_deal(n)
        t0 = time.perf_counter()
        s.begin(g)
        r = s.run(cap if cap else 1 << 29)
        while r == BUSY and not cap:
            r = s.run(1 << 29)
        t = time.perf_counter() - t0
        if r == WON:
            for i in range(s.line_len):
                g.play(s.line[i])
            assert g.is_won(), "deal %d: the line does not win" % n
        out.append((n, r, s.nodes, t))
    return out


def pct(xs, p):
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(round(p / 100.0 * (len(xs) - 1))))]


def row(*cells):
    print("| " + " | ".join(str(c) for c in cells) + " |")


def head(*cells):
    row(*cells)
    row(*["---"] * len(cells))


def cpython_full(deals, slots, t):
    print("\n## 1. CPython %s, deals %d-%d, table %d slots, no node cap\n"
          % (sys.version.split()[0], deals[0], deals[-1], slots))
    t0 = time.perf_counter()
    res = solve_deals(deals, slots)
    total = time.perf_counter() - t0
    agree = sum(1 for n, r, _, _ in res if (r == WON) == bool(t[n]))
    secs = [x[3] for x in res]
    won = [x[2] for x in res if x[1] == WON]
    lost = [x[2] for x in res if x[1] == NOWIN]
    within = sum(1 for x in res if x[2] <= CAP)
    nodes = sum(x[2] for x in res)
    head("Figure", "Measured", "Target")
    row("verdicts agreeing with the established solver", "%d / %d" % (agree, len(res)),
        "every deal")
    row("winnable / unwinnable", "%d / %d" % (len(won), len(lost)), "")
    row("total wall time", "%.1f s" % total, "< 90 s")
    row("per deal: median / p99 / max", "%.4f / %.3f / %.2f s"
        % (statistics.median(secs), pct(secs, 99), max(secs)), "")
    row("nodes per winnable deal: median / mean / max", "%d / %d / %d"
        % (statistics.median(won), statistics.mean(won), max(won)), "median <= 300")
    row("nodes per unwinnable deal: median / mean / max", "%d / %d / %d"
        % (statistics.median(lost), statistics.mean(lost), max(lost)), "")
    row("deals decided within %d nodes" % CAP, "%.1f %%" % (100.0 * within / len(res)),
        ">= 95 %")
    row("CPython time per node", "%.1f us" % (1e6 * total / nodes), "")
    hard = sorted(res, key=lambda x: -x[2])[:5]
    print("\nHardest deals: " + ", ".join("%d (%s, %d nodes, %.1f s)"
          % (n, "won" if r == WON else "no win", k, s) for n, r, k, s in hard))
    return res, total / nodes


def device_capped(deals, t):
    print("\n## 2. CPython, deals %d-%d, device table (%d slots), cap %d nodes\n"
          % (deals[0], deals[-1], DEVICE_SLOTS, CAP))
    res = solve_deals(deals, DEVICE_SLOTS, CAP)
    decided = [x for x in res if x[1] != BUSY]
    bad = [x[0] for x in decided if (x[1] == WON) != bool(t[x[0]])]
    won = [x[2] for x in res if x[1] == WON]
    head("Figure", "Measured", "Target")
    row("deals decided within %d nodes" % CAP, "%d / %d = %.1f %%"
        % (len(decided), len(res), 100.0 * len(decided) / len(res)), ">= 95 %")
    row("decided verdicts disagreeing", len(bad), "0")
    row("nodes per winnable deal: median", statistics.median(won), "<= 300")
    row("nodes per deal (all, undecided counted at the cap): median",
        statistics.median([x[2] for x in res]), "")
    return res


def sweep(deals):
    print("\n## 3. Table size against nodes (deals %d-%d, cap %d)\n" % (deals[0], deals[-1], CAP))
    head("Slots", "Table bytes", "Decided", "Nodes, all deals", "Median nodes (winnable)")
    for slots in (1031, 2003, DEVICE_SLOTS, 10007, 100003):
        res = solve_deals(deals, slots, CAP)
        won = [x[2] for x in res if x[1] == WON]
        row(slots, 4 * slots, "%d / %d" % (sum(1 for x in res if x[1] != BUSY), len(res)),
            sum(x[2] for x in res), statistics.median(won))


def ideas(deals):
    print("\n## 4. Each idea switched off alone (deals %d-%d, device table, cap %d)\n"
          % (deals[0], deals[-1], CAP))
    head("Search", "Decided", "Nodes, all deals", "Median nodes (winnable)", "Seconds")
    for name, flags in (("all on", {}),
                        ("no walk count", {"use_walk": False}),
                        ("no equal-rank rule", {"use_equal": False}),
                        ("no restarts", {"rfirst": 0}),
                        ("no move ordering (fan order)", {"use_order": False}),
                        ("no dead table", {"use_table": False})):
        t0 = time.perf_counter()
        res = solve_deals(deals, DEVICE_SLOTS, CAP, **flags)
        won = [x[2] for x in res if x[1] == WON]
        row(name, "%d / %d" % (sum(1 for x in res if x[1] != BUSY), len(res)),
            sum(x[2] for x in res), statistics.median(won) if won else "-",
            "%.1f" % (time.perf_counter() - t0))


def vm(last):
    from tests import mpvm
    with open(os.path.join(ROOT, "tests", "vm", "solver_fit.py")) as f:
        code = f.read()
    code = code.replace("LAST = 16", "LAST = %d" % last).replace("VERBOSE = 1", "VERBOSE = 0")
    code = code.replace("CAP = 20000", "CAP = %d" % CAP)
    out = mpvm.run(code, seconds=1800)
    figs = mpvm.figures(out)
    res = mpvm.results(out)
    decided = sum(1 for line in res if line.split()[2] != str(BUSY))
    us = 1000.0 * figs["ms"] / figs["nodes"]
    from tests import cpy
    vm_name = "CircuitPython's interpreter ($CIRCUITPYTHON)" if cpy.interpreter() else \
        "MicroPython 1.27 VM (WASI)"
    print("\n## 5. %s, deals 1-%d, device table (%d slots), cap %d\n"
          % (vm_name, last, DEVICE_SLOTS, CAP))
    head("Figure", "Measured", "Target")
    row("deals decided within %d nodes" % CAP, "%d / %d = %.1f %%"
        % (decided, len(res), 100.0 * decided / len(res)), ">= 95 %")
    row("solver object (table, stacks)", "%d B" % figs["solver"], "<= 16 KB")
    row("engine + solver code, retained after import", "%d B" % figs["imported"], "")
    row("peak heap above the VM's start (code + objects + search)", "%d B" % figs["peak"], "")
    row("bytes allocated over %d nodes" % figs["nodes"], figs["bytes_all_nodes"], "0")
    row("VM time per node", "%.1f us" % us, "")
    return us


def c_solver():
    return os.environ.get("BLACK_HOLE_SOLVE") or shutil.which("black-hole-solve")


def board_text(n):
    from engine import cards
    from engine.tableau import deal_cards
    out = deal_cards(n, bytearray(51))
    lines = ["Foundations: AS"]
    for f in range(17):
        lines.append(" ".join(cards.name(out[3 * f + i]) for i in range(3)))
    return "\n".join(lines) + "\n"


def run_c(exe, deals):
    """{deal: won?}, wall seconds, CPU seconds of the C solver, one process per deal."""
    verdicts = {}
    with tempfile.TemporaryDirectory() as tmp:
        paths = {}
        for n in deals:
            paths[n] = os.path.join(tmp, "%d.txt" % n)
            with open(paths[n], "w") as f:
                f.write(board_text(n))
        cpu0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        for n in deals:
            out = subprocess.run([exe, "--game", "black_hole", paths[n]], capture_output=True,
                                 text=True).stdout
            verdicts[n] = out.startswith("Solved")
        wall = time.perf_counter() - t0
        cpu1 = resource.getrusage(resource.RUSAGE_CHILDREN)
    return verdicts, wall, (cpu1.ru_utime + cpu1.ru_stime) - (cpu0.ru_utime + cpu0.ru_stime)


def device_uncapped(deals, t, slots):
    print("\n## 7. Device table (%d slots), no cap, deals %d-%d: every deal finishes; "
          "beside the C solver\n" % (DEVICE_SLOTS, deals[0], deals[-1]))
    c0 = time.process_time()
    t0 = time.perf_counter()
    res = solve_deals(deals, DEVICE_SLOTS)
    wall = time.perf_counter() - t0
    cpu = time.process_time() - c0
    known = [x for x in res if x[0] in t]
    bad = [x[0] for x in known if (x[1] == WON) != bool(t[x[0]])]
    first = [x for x in res if x[0] <= 1000]
    head("Figure", "Measured", "Target")
    row("deals finished (uncapped)", "%d / %d" % (len(res), len(deals)), "every deal")
    row("verdicts against the reference (deals 1-1000)", "%d disagree of %d" % (len(bad),
        len(known)), "0")
    row("deals 1-1000: total wall time", "%.1f s" % sum(x[3] for x in first), "< 90 s")
    row("deals %d-%d: wall / CPU time" % (deals[0], deals[-1]), "%.1f / %.1f s" % (wall, cpu),
        "")
    row("nodes, all deals / most for one deal", "%d / %d (deal %d)"
        % (sum(x[2] for x in res), max(x[2] for x in res),
           max(res, key=lambda x: x[2])[0]), "")
    # the C solver keeps every position it meets: beside it, a desktop-size table too
    c0 = time.process_time()
    t0 = time.perf_counter()
    big = solve_deals(deals, slots)
    bwall = time.perf_counter() - t0
    bcpu = time.process_time() - c0
    row("deals %d-%d with a %d-slot table (desktop): wall / CPU time"
        % (deals[0], deals[-1], slots), "%.1f / %.1f s" % (bwall, bcpu), "")
    exe = c_solver()
    if not exe:
        row("C solver black-hole-solve", "not on PATH (set BLACK_HOLE_SOLVE)", "")
        return
    cv, cwall, ccpu = run_c(exe, deals)
    cbad = [x[0] for x in res + big if cv[x[0]] != (x[1] == WON)]
    row("C solver %s: wall / CPU time" % exe, "%.1f / %.1f s" % (cwall, ccpu), "")
    row("C solver verdicts disagreeing with ours", len(cbad), "0")
    row("**ratio CPython / C, wall (CPU), device table**", "%.2f (%.2f)"
        % (wall / cwall, cpu / ccpu), "<= 0.1")
    row("**ratio CPython / C, wall (CPU), %d-slot table**" % slots, "%.2f (%.2f)"
        % (bwall / cwall, bcpu / ccpu), "<= 0.1")


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/solver.py", description=__doc__.split("\n")[0])
    ap.add_argument("--slots", type=int, default=100003,
                    help="table entries for the uncapped CPython run (default 100003)")
    ap.add_argument("--quick", action="store_true", help="deals 1-200 only")
    ap.add_argument("--no-vm", action="store_true", help="skip the MicroPython VM part")
    ap.add_argument("--c-last", type=int, default=2000,
                    help="last deal of the uncapped device-table run beside the C solver")
    ap.add_argument("--only-c", action="store_true", help="only part 7")
    args = ap.parse_args(argv)
    if args.slots < 1024:
        ap.error("--slots must be at least 1024")
    t = truth()
    last = 200 if args.quick else 1000
    deals = list(range(1, last + 1))
    print("# Black Hole solver bench")
    if args.only_c:
        device_uncapped(list(range(1, args.c_last + 1)), t, args.slots)
        return 0
    cpython_full(deals, args.slots, t)
    capped = device_capped(deals, t)
    sweep(list(range(1, 201)))
    ideas(list(range(1, 101)))
    vm_node = None if args.no_vm else vm(200)
    print("\n## 6. Estimated PyBadge time of a hint from the opening position\n")
    med = statistics.median([x[2] for x in capped])
    head("Estimate", "Per node", "Median deal (%d nodes)" % med, "Target")
    from tests import cpy
    if vm_node and cpy.interpreter():
        row("CircuitPython CPU time x %d (85-120)" % BOARD_X,
            "%.2f ms" % (vm_node * 1e-3 * BOARD_X),
            "%.2f s" % (med * vm_node * 1e-6 * BOARD_X), "<= 1 s")
    else:
        row("(needs CIRCUITPYTHON: board time is measured on its interpreter)", "", "", "")
    device_uncapped(list(range(1, (200 if args.quick else args.c_last) + 1)), t, args.slots)
    return 0


if __name__ == "__main__":
    sys.exit(main())
