"""Fit gate: the YoYo engine and CPU seats under a real MicroPython VM, against CPython."""
import io
import os
import runpy
from contextlib import redirect_stdout

import pytest

from tests import mpvm
from tests.conftest import FIGURES

SCRIPT = os.path.join(mpvm.ROOT, "tests", "vm", "amigo_fit.py")

# Budgets as for Black Hole, whose 8 KB covers the rules engine: the YoYo rules get the same
# 8 KB. The CPU seats are a module of their own, imported only when a seat is a CPU (as Black
# Hole's solver is), with 4 KB of their own. Peak and per-move budgets are Black Hole's.
RULES_BUDGET = 8 * 1024
CPU_BUDGET = 4 * 1024
PEAK_BUDGET = 2 * 1024


@pytest.fixture(scope="module")
def vm_out():
    with open(SCRIPT) as f:
        return mpvm.run(f.read())


def test_micropython_games_equal_cpython(vm_out):
    buf = io.StringIO()
    with redirect_stdout(buf):
        runpy.run_path(SCRIPT)
    cpython = mpvm.results(buf.getvalue())
    assert len(cpython) == 10
    assert mpvm.results(vm_out) == cpython


def test_every_game_ends_scored_and_restores(vm_out):
    for line in mpvm.results(vm_out):
        head, scores = line.split("[")
        _, n, players, moves, end, winner, same, match_over = head.split()
        pts = [int(x) for x in scores.rstrip("]").split(",")]
        assert len(pts) == int(players) and same == "True", line
        assert end in ("1", "2", "3") and int(moves) > 0, line
        if end != "3":
            assert pts[int(winner)] == 5 and all(p < 0 for i, p in enumerate(pts)
                                                 if i != int(winner)), line
        assert match_over == ("True" if int(n) >= 5 else "False"), line


def test_heap_figures_within_budget(vm_out):
    figs = mpvm.figures(vm_out)
    FIGURES.append("YoYo engine and CPU seats on " + mpvm.NAME + ", 10 games:")
    cpu = figs["retained"] - figs["rules"]
    FIGURES.append("  rules retained after import: %6d bytes (budget %d)"
                   % (figs["rules"], RULES_BUDGET))
    FIGURES.append("  CPU seats retained         : %6d bytes (budget %d)" % (cpu, CPU_BUDGET))
    FIGURES.append("  (rng and crc, shared       : %6d bytes, not counted)" % figs["shared"])
    FIGURES.append("  peak heap above retained   : %6d bytes (budget %d)"
                   % (figs["peak_above_retained"], PEAK_BUDGET))
    FIGURES.append("  allocated over %d moves   : %6d bytes (budget 0)"
                   % (figs["moves"], figs["bytes_all_moves"]))
    assert figs["moves"] > 200
    assert 0 < figs["rules"] <= RULES_BUDGET
    assert 0 < cpu <= CPU_BUDGET
    assert figs["peak_above_retained"] <= PEAK_BUDGET
    assert figs["bytes_all_moves"] == 0
