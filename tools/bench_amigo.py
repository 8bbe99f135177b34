"""CPU-only YoYo matches on CPython: games per second, how games end, planner against greedy.

    .venv/bin/python tools/bench_amigo.py [matches per table size]
"""
import os
import sys
import time

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.amigo import ESCALATE, P_OVER, Amigo  # noqa: E402
from engine.amigo_cpu import GREEDY, PLANNER, Cpu  # noqa: E402


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


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("matches", type=int, nargs="?", default=200, help="matches per table size")
    main(ap.parse_args().matches)
