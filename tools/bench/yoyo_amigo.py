"""CPU-only YoYo matches on CPython: games per second, how games end, planner against greedy,
and the strong CPU (engine/amigo_strong.py) against greedy seats.

    .venv/bin/python tools/bench/yoyo_amigo.py [matches per table size] [--strong-only]
        [--strong-matches N] [--jobs N] [--clock] [--planner]

The strong seat's clock: ROLLOUTS[players] rollouts a decision is what fits the board's 2 s in
almost every decision. Board time is CPU time under CircuitPython's own unix interpreter
(cpy32, found through CIRCUITPYTHON) times 100 (a PyBadge runs its bytecode 85-120x slower);
with CIRCUITPYTHON set, the strong seat plays a few matches there and its CPU time per rollout
and per decision is printed, with the share of decisions over 2 s at 100x (the ones the
screen's clock would cut short).

Its strength: one strong seat among greedy seats at 2, 3 and 4 players, N matches a cell
(1000 by default, on every core), the strong seat rotated through the seats, a tie for first
split among those tied, the full rollout budget every decision (so the result does not depend
on this machine's load), match seeds from 100000 (nothing else here uses them); win rate with
its 95% Wilson interval. --planner adds the same cells against CPU hard seats.
"""
import os
import subprocess
import sys
import time

sys.path.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine.amigo import ESCALATE, P_OVER, Amigo
from engine.amigo_cpu import GREEDY, PLANNER, Cpu
from engine.amigo_strong import ROLLOUTS, STRONG, Strong
from tools.bench.interval import wilson

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARD_X = 100           # a PyBadge runs bytecode about 100x (85-120x) slower than cpy32
BOARD_S = 2.0           # seconds a decision may take on the board
SLICE = 4               # rollouts a slice, as ui/yoyo_amigo/play.py thinks
TABLES = (2, 3, 4)
TARGETS = {2: 62, 3: 42, 4: 32}     # issue 16, against greedy seats
SEED0 = 100000          # the strong cells' match seeds: no other bench or test uses them


def main(matches):
    cpus = [Cpu(GREEDY), Cpu(PLANNER)]
    ends = [0, 0, 0, 0]
    games = moves = 0
    planner_won = greedy_won = 0
    t = time.time()
    for players in range(2, 7):
        for seed in range(matches):
            g = Amigo()
            g.new_match(players, seed, ESCALATE if seed % 2 else 0)
            while True:
                while g.pending != P_OVER:
                    cpu = cpus[(g.seat + seed) & 1]
                    g.apply(cpu.decide(g), cpu.arg, cpu.sel)
                    moves += 1
                ends[g.end] += 1
                games += 1
                if g.match_over():
                    break
                g.next_game()
            best = max(g.scores[:players])
            for s in range(players):
                if g.scores[s] == best:
                    if (s + seed) & 1:
                        planner_won += 1
                    else:
                        greedy_won += 1
    dt = time.time() - t
    print("%d games, %d decisions in %.1f s (%.0f games/s)" % (games, moves, dt, games / dt))
    print("ended: went out %d, took the last card %d, draw pile out twice %d"
          % (ends[1], ends[2], ends[3]))
    print("match wins (ties count for each): planner seats %d, greedy seats %d"
          % (planner_won, greedy_won))
    for players in range(2, 7):
        rate = one_planner(players, matches)
        print("%d players, one planner among greedy seats: wins %.1f%% of %d matches "
              "(fair share %.1f%%)" % (players, 100.0 * rate, matches, 100.0 / players))


def one_planner(players, matches):
    """Share of matches the single planner seat wins (a tie for first counts)."""
    cpus = {GREEDY: Cpu(GREEDY), PLANNER: Cpu(PLANNER)}
    won = 0
    for seed in range(matches):
        ps = seed % players
        g = Amigo()
        g.new_match(players, 5000 + seed, ESCALATE if seed & 1 else 0,
                    bytes(PLANNER if s == ps else GREEDY for s in range(players)))
        while True:
            while g.pending != P_OVER:
                cpu = cpus[g.kinds[g.seat]]
                g.apply(cpu.decide(g), cpu.arg, cpu.sel)
            if g.match_over():
                break
            g.next_game()
        won += g.scores[ps] == max(g.scores[:players])
    return won / matches


def strong_match(job):
    """One match, the strong seat at seed % players among `other` seats: (its share of the
    win, a tie split; decisions; rollouts; CPython CPU seconds thinking)."""
    players, other, seed = job
    cpus = {other: Cpu(other), STRONG: Strong(seed=1 + seed)}
    ps = seed % players
    g = Amigo()
    g.new_match(players, SEED0 + seed, ESCALATE if seed & 1 else 0,
                bytes(STRONG if s == ps else other for s in range(players)))
    decisions = rollouts = 0
    spent = 0.0
    while True:
        while g.pending != P_OVER:
            cpu = cpus[g.kinds[g.seat]]
            if g.seat == ps:
                # as the screen does, in slices; all of them (see the module's doc)
                t = time.process_time()
                cpu.start(g)
                while not cpu.think(g, SLICE):
                    pass
                a = cpu.move()
                spent += time.process_time() - t
                decisions += 1
                rollouts += cpu.done
            else:
                a = cpu.decide(g)
            g.apply(a, cpu.arg, cpu.sel)
        if g.match_over():
            break
        g.next_game()
    best = max(g.scores[:players])
    won = g.scores[ps] == best
    return (won / sum(1 for s in range(players) if g.scores[s] == best), decisions, rollouts,
            spent)




def strong(matches, jobs, planner):
    print()
    print("Strong CPU against greedy seats: one strong seat, seats rotated, ties split, %d "
          "matches a cell," % matches)
    print("its full rollout budget every decision; match win rate with its 95% Wilson interval")
    print()
    print("| Players | Others | Matches | Strong wins | 95% interval | Fair share | Target "
          "| Rollouts/decision: budget (mean) | CPython us/rollout |")
    print("|---|---|---|---|---|---|---|---|---|")
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    t0 = time.time()
    cells = [(p, GREEDY, "greedy") for p in TABLES]
    if planner:
        cells += [(p, PLANNER, "planner") for p in TABLES]
    for players, other, name in cells:
        jobs_ = [(players, other, s) for s in range(matches)]
        res = pool.map(strong_match, jobs_, chunksize=10) if pool else \
            list(map(strong_match, jobs_))
        won = sum(r[0] for r in res)
        dec = sum(r[1] for r in res)
        rolls = sum(r[2] for r in res)
        spent = sum(r[3] for r in res)
        lo, hi = (100 * x for x in wilson(won, matches))
        target = TARGETS.get(players) if other == GREEDY else None
        verdict = "-" if target is None else "%d%%: %s" % (target, (
            "met" if lo >= target else "missed" if hi < target else
            "above it, interval includes it" if won * 100 >= target * matches else
            "below it, interval includes it"))
        print("| %d | %s | %d | %.1f%% | %.1f-%.1f%% | %.1f%% | %s | %d (%.0f) | %.0f |"
              % (players, name, matches, 100.0 * won / matches, lo, hi, 100.0 / players,
                 verdict, ROLLOUTS[players], rolls / dec, 1e6 * spent / max(1, rolls)))
        sys.stdout.flush()
    if pool:
        pool.close()
    print()
    print("(%.0f s on %d processes. A decision with one legal move costs no rollout, so the "
          "mean is below the budget.)" % (time.time() - t0, jobs))


# Run by cpy32: the strong seat among greedy seats, each decision's CPU time (time.clock(),
# ms steps) and rollouts, one line per decision that thought.
_CLOCK = """
import time
from engine.amigo import Amigo, P_OVER
from engine.amigo_cpu import Cpu, GREEDY
from engine.amigo_strong import Strong, STRONG
players = %d
cpu = Strong()
gr = Cpu(GREEDY)
g = Amigo()
for m in range(%d):
    ps = m %% players
    g.new_match(players, 90000 + m, m & 1, bytes([STRONG if s == ps else GREEDY
                                                  for s in range(players)]))
    while True:
        while g.pending != P_OVER:
            if g.seat == ps:
                t = time.clock()
                cpu.start(g)
                while not cpu.think(g, %d):
                    pass
                a = cpu.move()
                t = time.clock() - t
                if cpu.done:
                    print("D", int(t * 1e6 + 0.5), cpu.done)
                g.apply(a, cpu.arg, cpu.sel)
            else:
                g.apply(gr.decide(g), gr.arg, gr.sel)
        if g.match_over():
            break
        g.next_game()
"""


def clock(matches):
    """The strong seat's time per decision at the board's speed, from cpy32's CPU time."""
    exe = os.environ.get("CIRCUITPYTHON")
    print()
    if matches <= 0:
        return
    if not exe or not os.access(exe, os.X_OK):
        print("Strong CPU's clock not measured: set CIRCUITPYTHON to cpy32 (README).")
        return
    print("Strong CPU's clock: cpy32 CPU time x %d, %d matches among greedy seats a size "
          "(seeds 90000+)" % (BOARD_X, matches))
    print()
    print("| Players | Rollouts/decision | Decisions | cpy32 us/rollout | Board s/decision: "
          "mean / 99th percentile / max | Over %g s |" % BOARD_S)
    print("|---|---|---|---|---|---|")
    for players in range(2, 7):
        script = "import sys\nsys.path.insert(0, %r)\n" % ROOT + _CLOCK % (
            players, matches, SLICE)
        out = subprocess.run([exe, "-c", script], capture_output=True, text=True,
                             check=True).stdout
        times = []
        rolls = 0
        for line in out.splitlines():
            _, us, n = line.split()
            times.append(int(us) / 1e6)
            rolls += int(n)
        times.sort()
        n = len(times)
        over = sum(1 for t in times if t * BOARD_X > BOARD_S)
        print("| %d | %d | %d | %.0f | %.2f / %.2f / %.2f | %.1f%% |"
              % (players, ROLLOUTS[players], n, 1e6 * sum(times) / rolls,
                 BOARD_X * sum(times) / n, BOARD_X * times[n * 99 // 100],
                 BOARD_X * times[-1], 100.0 * over / n))
        sys.stdout.flush()
    print()
    print("(time.clock() counts CPU time in ms steps, so a single decision reads within 0.1 s "
          "of the board's time; on the board the screen stops a decision at 2 s by its own "
          "clock and plays the best candidate so far.)")


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("matches", type=int, nargs="?", default=200, help="matches per table size")
    ap.add_argument("--strong-only", action="store_true", help="only the strong CPU's tables")
    ap.add_argument("--strong-matches", type=int, default=1000, help="matches per strong cell")
    ap.add_argument("--clock-matches", type=int, default=10,
                    help="matches per table size on cpy32 for the clock")
    ap.add_argument("--clock", action="store_true", help="only the strong CPU's clock")
    ap.add_argument("--planner", action="store_true", help="strong cells against CPU hard too")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 1, help="worker processes")
    a = ap.parse_args()
    if not a.strong_only and not a.clock:
        main(a.matches)
    clock(a.clock_matches)
    if not a.clock:
        strong(a.strong_matches, a.jobs, a.planner)
