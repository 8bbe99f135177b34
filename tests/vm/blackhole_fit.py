# Runs on CPython and under MicroPython: plays deals greedily, undoes and redoes everything,
# saves and restores, and prints one RES line per deal; under MicroPython also the heap
# figures as FIG lines.
# gc.collect() is called only at module level: in the WASI MicroPython build a collection
# inside a function can miss objects held in that function's locals and free them.
import gc


# Calling gc.mem_alloc through a global alias crashes the WASI build after a collection;
# a plain function around it does not.
def heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0

gc.collect()
base = heap()
from engine.blackhole import BlackHole  # noqa: E402  (measured import)
gc.collect()
retained = heap() - base

game = BlackHole()
other = BlackHole()


def play_out(g):
    moves = 0
    while True:
        f = g.first_move()
        if f < 0:
            return moves
        g.play(f)
        moves += 1


def undo_all(g):
    while g.undo():
        pass


def redo_all(g):
    while g.redo():
        pass


# Every global exists before the measured loop: a first assignment grows the globals dict.
peak = grew = moves_total = n = moves = left = back = before = level = 0
data = same = None
while n < 20:
    n += 1
    game.new_deal(n)
    gc.collect()
    before = heap()
    moves = play_out(game)
    left = game.cards_left()
    undo_all(game)
    back = game.cards_left()
    redo_all(game)
    grew += heap() - before
    moves_total += 3 * moves
    data = game.save()
    other.restore(data)
    level = heap() - base - retained
    if level > peak:
        peak = level
    same = other.save() == data
    print("RES", n, moves, left, back, game.cards_left(), same, data.hex())
    data = None
    gc.collect()

if heap() or base:
    print("FIG retained", retained)
    print("FIG peak_above_retained", peak)
    print("FIG bytes_all_moves", grew)
    print("FIG moves", moves_total)
