"""CPU-only Yo-yo games on CPython: speed, the slowest decision, look-ahead against greedy,
and a Monte-Carlo player (YoYo's strong CPU idea) against the look-ahead CPU.

    .venv/bin/python tools/bench/yoyo_parlett.py [games per table size] [look-ahead budget]

Yo-yo has no hidden cards, so the Monte-Carlo player samples nothing: it tries every legal
action and plays the game on to its end with randomised greedy seats (a quarter of their
choices at random), scoring cards won less the best other seat's, and keeps the action with
the best average. It lives here, on CPython only, until it earns a place on the board.
"""
import math
import os
import random
import sys
import time

sys.path.append(os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from engine.yoyo import GREEDY, LOOKAHEAD, OVER, Yoyo
from engine.yoyo_cpu import Cpu


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


class MonteCarlo:
    """Try each action, play on to the end of the game with randomised greedy seats."""

    def __init__(self, rollouts, seed):
        self.rollouts = rollouts
        self.rnd = random.Random(seed)
        self.greedy = Cpu()
        self.out = bytearray(17)
        self.stack = []
        self.done = 0

    def choose(self, g):
        out = self.out
        n = g.legal(out)
        self.done = 0
        if n == 1:
            return out[0]
        acts = bytes(out[:n])
        totals = [0] * n
        me = g.turn
        for r in range(max(1, self.rollouts // n)):
            for i in range(n):
                totals[i] += self._rollout(g, acts[i], me)
                self.done += 1
        return acts[max(range(n), key=lambda i: totals[i])]

    def _rollout(self, g, a, me):
        stack = self.stack
        base = list(g.won[:g.players])
        stack.append((a, g.apply(a)))
        q = self.greedy
        while g.phase != OVER:
            m = g.legal(q.moves)
            b = q._quick(g, 0, m) if self.rnd.random() < 0.75 else q.moves[self.rnd.randrange(m)]
            stack.append((b, g.apply(b)))
        v = g.won[me] - base[me] - max(g.won[s] - base[s] for s in range(g.players) if s != me)
        while stack:
            b, info = stack.pop()
            g.retract(b, info)
        return v


def against_lookahead(games, players, rollouts, budget):
    """One Monte-Carlo seat (rotated) against look-ahead seats: games won (ties half)."""
    cpu = Cpu(budget)
    won = 0.0
    spent = slowest = 0.0
    decisions = rolls = 0
    g = Yoyo()
    for n in range(1, games + 1):
        mc = MonteCarlo(rollouts, n)
        strong = n % players
        g.new_game(n, players, 0, bytes(LOOKAHEAD for s in range(3)))
        while not g.is_over():
            if g.turn == strong:
                t = time.process_time()
                a = mc.choose(g)
                t = time.process_time() - t
                spent += t
                slowest = max(slowest, t)
                decisions += 1
                rolls += mc.done
            else:
                a = cpu.choose(g)
            g.play(a)
        best = max(g.won[s] for s in range(players) if s != strong)
        won += 1.0 if g.won[strong] > best else 0.5 if g.won[strong] == best else 0.0
    return won, spent, slowest, decisions, rolls


def monte_carlo(games, budget, counts=(40,)):
    print()
    print("Monte-Carlo seat (rotated) against look-ahead seats (budget %d): games won, ties"
          " counted half, 95%% interval; CPython CPU time (the board's time is measured on"
          " CircuitPython's interpreter: tools/bench/keys.py)" % budget)
    print()
    print("| Players | Rollouts/decision | Games | MC wins | 95% interval | Fair share "
          "| CPython ms/decision mean / max |")
    print("|---|---|---|---|---|---|---|")
    for players in (2, 3):
        for rollouts in counts:
            won, spent, slowest, dec, rolls = against_lookahead(games, players, rollouts, budget)
            p = won / games
            half = 196 * math.sqrt(p * (1 - p) / games)
            print("| %d | %d (%.0f mean) | %d | %.1f%% | %.1f-%.1f%% | %.1f%% | %.2f / %.1f |"
                  % (players, rollouts, rolls / dec, games, 100 * p, max(0.0, 100 * p - half),
                     min(100.0, 100 * p + half), 100.0 / players, 1e3 * spent / dec,
                     1e3 * slowest))
            sys.stdout.flush()


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
    ap.add_argument("--mc-games", type=int, default=200, help="games per Monte-Carlo cell")
    ap.add_argument("--mc-rollouts", type=int, nargs="+", default=[40],
                    help="rollouts a decision (120 gave the same rates, three times slower)")
    a = ap.parse_args()
    main(a.games, a.budget)
    monte_carlo(a.mc_games, a.budget, a.mc_rollouts)
