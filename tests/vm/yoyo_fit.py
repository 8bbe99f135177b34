# Runs on CPython and under MicroPython: CPU seats play whole Yo-yo games (2 and 3 players,
# greedy and look-ahead), each saved and restored midway into the same game object, then
# walked back to the deal and forward again; one RES line per game, and under MicroPython the
# heap figures as FIG lines.
# gc.collect() only at plain module level (see tests/mpvm.py for why).
import gc


def heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0

gc.collect()
base = heap()
import engine.cards  # noqa: E402,F401  (shared with Black Hole, measured apart)
import engine.crc  # noqa: E402,F401
import engine.rng  # noqa: E402,F401
import engine.tableau  # noqa: E402,F401
gc.collect()
shared = heap() - base
from engine.yoyo import GREEDY, LOOKAHEAD, Yoyo  # noqa: E402  (measured import: the rules)
gc.collect()
rules = heap() - base - shared
from engine.yoyo_cpu import Cpu  # noqa: E402  (measured import: the CPU seats)
gc.collect()
retained = heap() - base - shared

game = Yoyo()
cpu = Cpu()
kinds = bytearray(3)


def play_out(g, limit):
    moves = 0
    while not g.is_over() and moves < limit:
        g.play(cpu.choose(g))
        moves += 1
    return moves


def back_to_deal(g):
    while g.hist_len:
        k = g.hist_len - 1
        g.retract(g.history[2 * k], g.history[2 * k + 1])
        g.hist_len = k


def forward(g):
    while g.redo():
        pass


# Every global exists before the measured loop: a first assignment grows the globals dict.
peak = grew = moves_total = n = moves = before = level = dealt = check = size = 0
data = same = None
while n < 10:
    n += 1
    kinds[0] = LOOKAHEAD if n % 2 else GREEDY
    kinds[1] = GREEDY if n % 2 else LOOKAHEAD
    kinds[2] = LOOKAHEAD if n % 4 == 3 else GREEDY
    game.new_game(1000 + n, 2 + (n % 3 == 0), n % 2, kinds)
    gc.collect()
    before = heap()
    moves = play_out(game, 30)
    grew += heap() - before
    data = game.save()
    game.restore(data)
    same = game.save() == data
    data = None
    gc.collect()
    before = heap()
    moves += play_out(game, 1000)
    back_to_deal(game)
    dealt = game.n
    forward(game)
    grew += heap() - before
    moves_total += 3 * moves
    level = heap() - base - shared - retained
    if level > peak:
        peak = level
    data = game.save()
    check = (data[-2] << 8) | data[-1]
    size = len(data)
    data = None
    # Short print calls: this WASI build has trapped on long ones.
    print("RES", n, game.players, moves, dealt, same, size, check)
    print("RES", n, "won", game.won[0], game.won[1], game.won[2], game.winner())
    gc.collect()

if heap() or base:
    print("FIG shared", shared)
    print("FIG retained", retained)
    print("FIG rules", rules)
    print("FIG peak_above_retained", peak)
    print("FIG bytes_all_moves", grew)
    print("FIG moves", moves_total)
