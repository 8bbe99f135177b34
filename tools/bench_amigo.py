"""CPU-only YoYo matches on CPython: games per second, how games end, planner against greedy,
and the strong CPU (engine/amigo_strong.py) among greedy and among planner seats.

    .venv/bin/python tools/bench_amigo.py [matches per table size] [--strong-only] [--jobs N]

The strong seat thinks ROLLOUTS[players] rollouts a decision, the count that fits the board's
budget (2 s on a PyBadge, about 8 ms of CPython at the README's 250x) in almost every
decision, in slices of 4 rollouts; its CPU time per rollout and per decision is measured here,
with the share of decisions over 8 ms (the ones the board's clock would cut short). Its
matches run until the 95% interval of the win rate is within 7 points (at least 150, at most
400 per cell), the strong seat rotated through the seats.
"""
import math
import os
import sys
import time

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.amigo import ESCALATE, P_OVER, Amigo  # noqa: E402
from engine.amigo_cpu import GREEDY, PLANNER, Cpu  # noqa: E402
from engine.amigo_strong import ROLLOUTS, STRONG, Strong  # noqa: E402

BOARD_X = 250           # a PyBadge runs this code about 250x slower than CPython here
BOARD_S = 2.0           # seconds a decision may take on the board
SLICE = 4               # rollouts a slice: about 70 ms on the board, a frame or two
TABLES = (2, 3, 4, 6)
TARGETS = {2: 62, 3: 42, 4: 32}     # issue 16, against greedy seats
HALF_WIDTH = 7.0


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
    """One match, the strong seat at seed % players among `other` seats: (won, decisions,
    rollouts, CPU seconds thinking, slowest decision in CPU seconds, decisions over the
    board's budget)."""
    players, other, seed = job
    cpus = {other: Cpu(other), STRONG: Strong(seed=1 + seed)}
    ps = seed % players
    g = Amigo()
    g.new_match(players, 7000 + seed, ESCALATE if seed & 1 else 0,
                bytes(STRONG if s == ps else other for s in range(players)))
    decisions = rollouts = over = 0
    spent = slowest = 0.0
    while True:
        while g.pending != P_OVER:
            cpu = cpus[g.kinds[g.seat]]
            if g.seat == ps:
                # as the screen does, in slices of a few rollouts; all of them, so that a run
                # does not depend on this machine's load (the board's clock would stop the
                # decisions counted in `over` early)
                t = time.process_time()
                cpu.start(g)
                while not cpu.think(g, SLICE):
                    pass
                a = cpu.move()
                t = time.process_time() - t
                spent += t
                slowest = max(slowest, t)
                over += t > BOARD_S / BOARD_X
                decisions += 1
                rollouts += cpu.done
            else:
                a = cpu.decide(g)
            g.apply(a, cpu.arg, cpu.sel)
        if g.match_over():
            break
        g.next_game()
    return (g.scores[ps] == max(g.scores[:players]), decisions, rollouts, spent, slowest,
            over)


def wilson(won, n):
    """95% interval of a win rate, in percent."""
    z = 1.96
    p = won / n
    mid = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return 100 * (mid - half), 100 * (mid + half)


def strong_cell(pool, players, other, least, most):
    results = []
    while len(results) < most:
        size = least if not results else 50
        seeds = range(len(results), len(results) + size)
        jobs = [(players, other, s) for s in seeds]
        results += pool.map(strong_match, jobs, chunksize=5) if pool else map(strong_match, jobs)
        won = sum(r[0] for r in results)
        lo, hi = wilson(won, len(results))
        if (hi - lo) / 2 < HALF_WIDTH:
            break
    return results


def strong(least, jobs):
    print()
    print("Strong CPU (sampled hidden cards, greedy rollouts): one strong seat, seats rotated,")
    print("match win rate with its 95%% interval; CPython CPU time, board at %dx" % BOARD_X)
    print()
    print("| Players | Others | Matches | Strong wins | 95% interval | Fair share | Target "
          "| Rollouts/decision | us/rollout | ms/decision mean / max | Board s/decision mean "
          "/ max | Over 2 s on the board |")
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    pool = None
    if jobs > 1:
        import multiprocessing
        pool = multiprocessing.Pool(jobs)
    t0 = time.time()
    for players in TABLES:
        for other, name in ((GREEDY, "greedy"), (PLANNER, "planner")):
            res = strong_cell(pool, players, other, least, 400)
            n = len(res)
            won = sum(r[0] for r in res)
            dec = sum(r[1] for r in res)
            rolls = sum(r[2] for r in res)
            spent = sum(r[3] for r in res)
            slowest = max(r[4] for r in res)
            over = sum(r[5] for r in res)
            lo, hi = wilson(won, n)
            target = TARGETS.get(players) if other == GREEDY else None
            verdict = "-" if target is None else "%d%%: %s" % (target, (
                "met" if lo >= target else "missed" if hi < target else
                "above it, interval includes it" if won * 100 >= target * n else
                "below it, interval includes it"))
            print("| %d | %s | %d | %.1f%% | %.1f-%.1f%% | %.1f%% | %s | %d (%.0f mean) | %.0f "
                  "| %.2f / %.1f | %.2f / %.1f | %.1f%% |"
                  % (players, name, n, 100.0 * won / n, lo, hi, 100.0 / players, verdict,
                     ROLLOUTS[players], rolls / dec, 1e6 * spent / max(1, rolls),
                     1e3 * spent / dec, 1e3 * slowest, BOARD_X * spent / dec,
                     BOARD_X * slowest, 100.0 * over / dec))
            sys.stdout.flush()
    if pool:
        pool.close()
    print()
    print("(%.0f s. A decision with one legal move costs no rollout, so the mean is below the"
          " budget. On the board the screen stops a decision at 2 s by its clock and plays the best"
          " candidate so far: the last column counts the decisions it would stop.)" % (time.time() - t0))


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("matches", type=int, nargs="?", default=200, help="matches per table size")
    ap.add_argument("--strong-only", action="store_true", help="only the strong CPU's table")
    ap.add_argument("--strong-matches", type=int, default=150,
                    help="least matches per strong cell (more until the interval is +-7)")
    ap.add_argument("--jobs", type=int, default=2, help="worker processes (2 cores)")
    a = ap.parse_args()
    if not a.strong_only:
        main(a.matches)
    strong(a.strong_matches, a.jobs)
