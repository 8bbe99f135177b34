"""CPU-only Yo-yo games on CPython: speed, the slowest decision, and look-ahead against greedy.

    .venv/bin/python tools/bench_yoyo.py [games per table size] [look-ahead budget]
"""
import os
import sys
import time

sys.path.append(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))

from engine.yoyo import GREEDY, LOOKAHEAD, Yoyo  # noqa: E402
from engine.yoyo_cpu import Cpu  # noqa: E402


def match(games, players, budget):
    """Seat 0 or the seat after it is the look-ahead CPU, in turn; greedy CPUs fill the rest."""
    cpu = Cpu(budget)
    won = lost = tied = actions = 0
    cards = 0
    slowest = 0.0
    g = Yoyo()
    for n in range(1, games + 1):
        strong = n % players
        g.new_game(n, players, 0, bytes(LOOKAHEAD if s == strong else GREEDY for s in range(3)))
        while not g.is_over():
            t = time.perf_counter()
            a = cpu.choose(g)
            slowest = max(slowest, time.perf_counter() - t)
            g.play(a)
            actions += 1
        assert sum(g.won) == 52
        cards += g.won[strong]
        best = max(g.won[s] for s in range(players) if s != strong)
        if g.won[strong] > best:
            won += 1
        elif g.won[strong] == best:
            tied += 1
        else:
            lost += 1
    return won, tied, lost, cards / games, actions, slowest


def main(games, budget):
    for players in (2, 3):
        t = time.time()
        won, tied, lost, cards, actions, slowest = match(games, players, budget)
        dt = time.time() - t
        print("%d players, %d games: look-ahead wins %.1f%% (ties %.1f%%), %.1f cards a game"
              " (fair share %.1f); %d actions, %.0f games/s, slowest decision %.1f ms"
              % (players, games, 100.0 * won / games, 100.0 * tied / games, cards,
                 52.0 / players, actions, games / dt, slowest * 1000))


if __name__ == "__main__":
    import argparse
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("games", type=int, nargs="?", default=500, help="games per table size")
    ap.add_argument("budget", type=int, nargs="?", default=150, help="look-ahead node budget")
    a = ap.parse_args()
    main(a.games, a.budget)
