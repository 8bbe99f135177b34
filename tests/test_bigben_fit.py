"""Fit gate: the Big Ben engine and its hint under the real CircuitPython 10 interpreter
(32-bit, as on the SAMD51 boards), from source and compiled by CircuitPython's mpy-cross,
against CPython: heap kept after import, peak above it, bytes allocated per move."""
import io
import os
from contextlib import redirect_stdout

import pytest

from tests import cpy
from tests.conftest import FIGURES

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
    print("RES", n, moves, game.on_foundations(), game.is_won(), game.is_stuck(), same,
          len(data))
    data = None
    gc.collect()

if heap():
    print("FIG peak_above_retained", peak)
    print("FIG bytes_all_moves", grew)
    print("FIG moves", counted)
    print("FIG won", won)
""" % GAMES

FILES = ("__init__", "crc", "rng", "bigben", "bigben_hint")


def results(out):
    return [line for line in out.splitlines() if line.startswith("RES ")]


@pytest.fixture(scope="module")
def cpython_out():
    buf = io.StringIO()
    with redirect_stdout(buf):
        exec(compile(GAMES_SCRIPT, "bigben_fit", "exec"), {"__name__": "bigben_fit"})
    return buf.getvalue()


def under_cpy(path=(cpy.ROOT,), cwd=None):
    return (cpy.check(IMPORTS, path=path, heapsize="256K", cwd=cwd)
            + cpy.check(GAMES_SCRIPT, path=path, heapsize="256K", cwd=cwd))


@pytest.fixture(scope="module")
def source_out():
    return under_cpy()


@pytest.fixture(scope="module")
def compiled_out(tmp_path_factory):
    dest = tmp_path_factory.mktemp("bigben_mpy")
    os.makedirs(dest / "engine")
    for name in FILES:
        cpy.compile_file(os.path.join(cpy.ROOT, "engine", name + ".py"),
                         str(dest / "engine" / (name + ".mpy")))
    assert (dest / "engine" / "bigben.mpy").read_bytes()[:1] == b"C"
    return under_cpy(path=(str(dest),), cwd=str(dest))


def test_circuitpython_plays_exactly_as_cpython(cpython_out, source_out, compiled_out):
    want = results(cpython_out)
    assert len(want) == GAMES
    assert results(source_out) == want
    assert results(compiled_out) == want
    for line in want:
        _, n, moves, home, won, stuck, same, size = line.split()
        assert same == "True" and (won == "True") != (stuck == "True"), line


@pytest.mark.parametrize("which", ["source", "compiled"])
def test_heap_figures_within_budget(which, source_out, compiled_out):
    figs = cpy.figures(source_out if which == "source" else compiled_out)
    rules = figs["rules"] + figs["shared"]
    FIGURES.append("Big Ben engine under CircuitPython 10.2.1 (%s), %d hint-played games:"
                   % ("from .py" if which == "source" else "from .mpy", GAMES))
    FIGURES.append("  rules retained after import: %6d bytes (budget %d; rng, crc %d)"
                   % (rules, RULES_BUDGET, figs["shared"]))
    FIGURES.append("  hint retained              : %6d bytes (budget %d)"
                   % (figs["hint"], HINT_BUDGET))
    FIGURES.append("  peak heap above retained   : %6d bytes (budget %d)"
                   % (figs["peak_above_retained"], PEAK_BUDGET))
    FIGURES.append("  allocated over %d moves   : %6d bytes (budget 0)"
                   % (figs["moves"], figs["bytes_all_moves"]))
    assert figs["moves"] > 300
    assert 0 < rules <= RULES_BUDGET
    assert 0 < figs["hint"] <= HINT_BUDGET
    assert figs["peak_above_retained"] <= PEAK_BUDGET
    assert figs["bytes_all_moves"] == 0
