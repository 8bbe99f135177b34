"""The fit gate shared by the one-player patience engines (tests/test_calculation_fit.py,
tests/test_bigben_fit.py): one pair of scripts, written here for every game from its engine's
names, runs on CPython and on the real CircuitPython interpreter from source and compiled, their
results compared line by line and their heap figures held to the budgets. A test module calls
install(globals(), ...) with its game's names and budgets, and gets its fixtures and tests."""
import io
import os
from contextlib import redirect_stdout

import pytest

from tests import cpy
from tests.conftest import FIGURES

# Heap kept by the imports, in a script of its own: the interpreter interns names in pools
# that grow by doubling, and a bigger script would charge a pool it fills to whichever module
# happens to be imported next. The hint is a module of its own, imported when first asked.
IMPORTS = """
import gc
%(cls)s = hint = None
shared = rules = base = 0
gc.collect()
base = gc.mem_alloc()
%(shared)s
gc.collect()
shared = gc.mem_alloc() - base
from engine.%(name)s import %(cls)s
gc.collect()
rules = gc.mem_alloc() - base - shared
from engine.%(name)s_hint import hint
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


%(cls)s = %(helpers_none)shint = None
retained = base = 0
gc.collect()
base = heap()
from engine.%(name)s import %(cls)s%(helpers_import)s
from engine.%(name)s_hint import hint
gc.collect()
retained = heap() - base

game = %(cls)s()


def play_out(g):
    k = 0
    h = hint(g)
    while h >= 0:
        g.play(%(play)s)
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
while n < %(games)d:
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
    # over: won, or lost (stuck, or nothing left the hint would play: Big Ben's never shuttles)
    print("RES", n, moves, game.on_foundations(), game.is_won(),
          game.is_stuck() or not game.is_won() and hint(game) < 0, same, len(data))
    data = None
    gc.collect()

if heap():
    print("FIG peak_above_retained", peak)
    print("FIG bytes_all_moves", grew)
    print("FIG moves", counted)
    print("FIG won", won)
"""


def scripts(name, cls, shared, play, helpers=(), games=12, lazy=()):
    """(imports script, games script, engine files) for engine/<name>.py's class cls and
    engine/<name>_hint.py's hint(g): shared, the engine modules the rules import (counted
    apart, as Black Hole shares them); play, the call's arguments from a hint h; helpers, names
    the engine module gives for decoding h; lazy, engine modules the rules import only when
    first needed (compiled with the rest)."""
    words = {"name": name, "cls": cls, "games": games, "play": play,
             "shared": "\n".join("import engine." + m for m in shared),
             "helpers_none": "".join(h + " = " for h in helpers),
             "helpers_import": "".join(", " + h for h in helpers)}
    files = ("__init__",) + tuple(shared) + tuple(lazy) + (name, name + "_hint")
    return IMPORTS % words, GAMES_SCRIPT % words, files


def results(out):
    return [line for line in out.splitlines() if line.startswith("RES ")]


def install(ns, name, title, cls, shared, play, budgets, helpers=(), games=12, lazy=()):
    """Fixtures and the two tests for the game of scripts(name, cls, shared, play, helpers,
    games) into module namespace ns. budgets: (rules, hint, peak)."""
    rules_budget, hint_budget, peak_budget = budgets
    imports, games_script, files = scripts(name, cls, shared, play, helpers, games, lazy)
    shared_label = ", ".join(reversed(shared))

    def under_cpy(path=(cpy.ROOT,), cwd=None):
        return (cpy.check(imports, path=path, heapsize="256K", cwd=cwd)
                + cpy.check(games_script, path=path, heapsize="256K", cwd=cwd))

    @pytest.fixture(scope="module")
    def cpython_out():
        buf = io.StringIO()
        with redirect_stdout(buf):
            exec(compile(games_script, name + "_fit", "exec"), {"__name__": name + "_fit"})
        return buf.getvalue()

    @pytest.fixture(scope="module")
    def source_out():
        return under_cpy()

    @pytest.fixture(scope="module")
    def compiled_out(tmp_path_factory):
        dest = tmp_path_factory.mktemp(name + "_mpy")
        os.makedirs(dest / "engine")
        for f in files:
            cpy.compile_file(os.path.join(cpy.ROOT, "engine", f + ".py"),
                             str(dest / "engine" / (f + ".mpy")))
        assert (dest / "engine" / (files[-2] + ".mpy")).read_bytes()[:1] == b"C"
        return under_cpy(path=(str(dest),), cwd=str(dest))

    def test_circuitpython_plays_exactly_as_cpython(cpython_out, source_out, compiled_out):
        want = results(cpython_out)
        assert len(want) == games
        assert results(source_out) == want
        assert results(compiled_out) == want
        for line in want:
            _, n, moves, home, won, stuck, same, size = line.split()
            assert same == "True" and (won == "True") != (stuck == "True"), line

    @pytest.mark.parametrize("which", ["source", "compiled"])
    def test_heap_figures_within_budget(which, source_out, compiled_out):
        figs = cpy.figures(source_out if which == "source" else compiled_out)
        rules = figs["rules"] + figs["shared"]
        FIGURES.append("%s engine under CircuitPython 10.2.1 (%s), %d hint-played games:"
                       % (title, "from .py" if which == "source" else "from .mpy", games))
        FIGURES.append("  rules retained after import: %6d bytes (budget %d; %s %d)"
                       % (rules, rules_budget, shared_label, figs["shared"]))
        FIGURES.append("  hint retained              : %6d bytes (budget %d)"
                       % (figs["hint"], hint_budget))
        FIGURES.append("  peak heap above retained   : %6d bytes (budget %d)"
                       % (figs["peak_above_retained"], peak_budget))
        FIGURES.append("  allocated over %d moves   : %6d bytes (budget 0)"
                       % (figs["moves"], figs["bytes_all_moves"]))
        assert figs["moves"] > 300
        assert 0 < rules <= rules_budget
        assert 0 < figs["hint"] <= hint_budget
        assert figs["peak_above_retained"] <= peak_budget
        assert figs["bytes_all_moves"] == 0

    for f in (cpython_out, source_out, compiled_out, test_circuitpython_plays_exactly_as_cpython,
              test_heap_figures_within_budget):
        ns[f.__name__] = f
