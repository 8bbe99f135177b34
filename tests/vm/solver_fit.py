# Runs on CPython and under MicroPython: the solver at its device table size on a few deals,
# in slices; one RES line per deal, and under MicroPython the heap and speed figures as FIG
# lines. gc.collect() only at plain module level (see tests/mpvm.py).
import gc
import time


def heap():
    return gc.mem_alloc() if hasattr(gc, "mem_alloc") else 0


def ticks():
    # CPU time where the port has it (CircuitPython's unix port: time.clock(), 1 ms steps that
    # fall at random, so sums over many deals are fair); the board's speed is CPU time x 100
    if hasattr(time, "clock"):
        return time.clock() * 1000
    if hasattr(time, "ticks_ms"):
        return time.ticks_ms()
    return int(time.time() * 1000)


gc.collect()
base = heap()
from engine.blackhole import BlackHole  # noqa: E402
from engine.solver import BUSY, Solver  # noqa: E402
gc.collect()
imported = heap() - base
game = BlackHole()
gc.collect()
before_solver = heap()
solver = Solver()
gc.collect()
solver_bytes = heap() - before_solver

FIRST = 1
LAST = 16
CAP = 20000
SLICE = 500
VERBOSE = 1
n = FIRST - 1
r = BUSY
nodes_total = ms_total = t0 = grew = level = peak = 0
while n < LAST:
    n += 1
    game.new_deal(n)
    gc.collect()
    t0 = ticks()            # the clock's float is made before the heap is read
    level = heap()
    solver.begin(game)
    r = solver.run(SLICE)
    while r == BUSY and solver.nodes < CAP:
        r = solver.run(SLICE)
    grew += heap() - level
    ms_total += ticks() - t0
    if heap() - base > peak:
        peak = heap() - base
    nodes_total += solver.nodes
    line = bytes(solver.line[:solver.line_len]).hex() if VERBOSE and solver.line_len else "-"
    print("RES", n, r, solver.nodes, line)
    gc.collect()

if heap() or base:
    print("FIG imported", imported)
    print("FIG solver", solver_bytes)
    print("FIG peak", peak)
    print("FIG bytes_all_nodes", grew)
    print("FIG nodes", nodes_total)
    print("FIG ms", int(ms_total))
