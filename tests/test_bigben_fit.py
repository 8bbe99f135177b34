"""Fit gate: the Big Ben engine and its hint under the real CircuitPython 10 interpreter
(32-bit, as on the SAMD51 boards), from source and compiled by CircuitPython's mpy-cross,
against CPython: heap kept after import, peak above it, bytes allocated per move."""
from tests import cpy, patience_fit

pytestmark = cpy.needs_cpy

# Black Hole's budgets: 8 KB for the rules (with the modules they import: Big Ben's are rng
# and crc, which Black Hole shares); the hint is a module of its own, imported when first
# asked, with the 4 KB the CPU seats of the other games have. The peak is NOT Black Hole's
# 2 KB: the game itself (two packs, a 480-byte history) is about 1.2 KB of it, and a game
# saved and restored measures 2256 bytes; 2.5 KB holds that, and the gap is reported.
RULES_BUDGET = 8 * 1024
HINT_BUDGET = 4 * 1024
PEAK_BUDGET = 2560
GAMES = 12

# Heap kept by the imports, in a script of its own: the interpreter interns names in pools
# that grow by doubling, and a bigger script would charge a pool it fills to whichever module
# happens to be imported next.
IMPORTS = """
import gc
BigBen = hint = None
shared = rules = base = 0
gc.collect()
base = gc.mem_alloc()
import engine.crc
import engine.rng
gc.collect()
shared = gc.mem_alloc() - base
from engine.bigben import BigBen
gc.collect()
rules = gc.mem_alloc() - base - shared
from engine.bigben_hint import hint
gc.collect()
print("FIG shared", shared)
print("FIG rules", rules)
print("FIG hint", gc.mem_alloc() - base - shared - rules)
"""

# Games played by the hint, undone and redone to the start and back, saved and restored.
# Runs on CPython too (heap figures are then 0). Globals exist before the measured loop, as
# a first assignment grows the globals dict; the first game warms up and is not counted.
GAMES_SCRIPT = """
import gc


def heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


BigBen = hint = None
retained = base = 0
gc.collect()
base = heap()
from engine.bigben import BigBen
from engine.bigben_hint import hint
gc.collect()
retained = heap() - base

game = BigBen()


def play_out(g):
    k = 0
    h = hint(g)
    while h >= 0:
        g.play((h >> 5) & 31, h & 31)
        k += 1
        h = hint(g)
    return k


def back_and_forth(g):
    k = 0
    while g.undo():
        k += 1
    while g.redo():
        k += 1
    return k


peak = grew = counted = n = moves = before = level = won = 0
data = same = None
while n < %d:
    n += 1
    game.new_deal(n)
    gc.collect()
    before = heap()
    moves = play_out(game)
    moves += back_and_forth(game)
    if n > 1:
        grew += heap() - before
        counted += moves
    data = game.save()
    game.restore(data)
    level = heap() - base - retained
    if level > peak:
        peak = level
    same = game.save() == data
    won += game.is_won()
    # over: won, or lost (stuck, or nothing left the hint would play: it never shuttles)
    print("RES", n, moves, game.on_foundations(), game.is_won(),
          game.is_stuck() or not game.is_won() and hint(game) < 0, same, len(data))
    data = None
    gc.collect()

if heap():
    print("FIG peak_above_retained", peak)
    print("FIG bytes_all_moves", grew)
    print("FIG moves", counted)
    print("FIG won", won)
""" % GAMES

FILES = ("__init__", "crc", "rng", "bigben_past", "bigben", "bigben_hint")
patience_fit.install(globals(), "bigben", "Big Ben", FILES, IMPORTS, GAMES_SCRIPT, GAMES,
                     (RULES_BUDGET, HINT_BUDGET, PEAK_BUDGET), "rng, crc")
