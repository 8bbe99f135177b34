# Runs on CPython and under MicroPython: CPU seats play whole YoYo games (2 to 6 players,
# both strengths, the escalated rule in some), each game saved and restored midway, and one
# RES line per game; under MicroPython also the heap figures as FIG lines.
# gc.collect() only at plain module level (see tests/mpvm.py for why).
import gc


def heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0

gc.collect()
base = heap()
import engine.rng  # noqa: E402,F401  (shared with Black Hole, measured apart)
import engine.crc  # noqa: E402,F401
gc.collect()
shared = heap() - base
from engine.amigo import Amigo  # noqa: E402  (measured import: the rules)
gc.collect()
rules = heap() - base - shared
from engine.amigo_cpu import GREEDY, PLANNER, Cpu  # noqa: E402  (measured import: CPU seats)
gc.collect()
retained = heap() - base - shared

# One game object, as on the board: a save is restored into the game that made it, and the
# rest of the game is played from the restored state.
game = Amigo()
other = game
cpus = [Cpu(GREEDY), Cpu(PLANNER)]


def play_out(g, limit):
    moves = 0
    while g.end == 0 and moves < limit:
        cpu = cpus[g.seat & 1]
        g.apply(cpu.decide(g), cpu.arg, cpu.sel)
        moves += 1
    return moves


# Every global exists before the measured loop: a first assignment grows the globals dict.
peak = grew = moves_total = n = moves = before = level = half = 0
data = same = sc = None
while n < 10:
    n += 1
    game.new_match(2 + n % 5, 1000 + n, n % 3 == 0)
    if n >= 5:
        game.game = 2 * game.players - 1      # the last game of a match: scores settle
    gc.collect()
    before = heap()
    half = play_out(game, 40)
    grew += heap() - before
    data = game.save()
    other.restore(data)
    same = other.save() == data
    data = None
    gc.collect()
    before = heap()
    moves = half + play_out(other, 100000)
    grew += heap() - before
    moves_total += moves
    level = heap() - base - shared - retained
    if level > peak:
        peak = level
    # Built apart from print(): this WASI build traps on a print call this long holding a slice.
    sc = other.scores[:other.players]
    print("RES", n, other.players, moves, other.end, other.winner, same, other.match_over(), sc)
    sc = None
    gc.collect()

if heap() or base:
    print("FIG shared", shared)
    print("FIG retained", retained)
    print("FIG rules", rules)
    print("FIG peak_above_retained", peak)
    print("FIG bytes_all_moves", grew)
    print("FIG moves", moves_total)
