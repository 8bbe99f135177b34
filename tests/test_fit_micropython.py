"""Fit gate: the Black Hole engine under a real MicroPython VM, against CPython."""
import io
import os
import runpy
from contextlib import redirect_stdout

import pytest

from tests import mpvm
from tests.conftest import FIGURES

SCRIPT = os.path.join(mpvm.ROOT, "tests", "vm", "blackhole_fit.py")

RETAINED_BUDGET = 8 * 1024
PEAK_BUDGET = 2 * 1024


@pytest.fixture(scope="module")
def vm_out():
    with open(SCRIPT) as f:
        return mpvm.run(f.read())


def test_micropython_results_equal_cpython(vm_out):
    buf = io.StringIO()
    with redirect_stdout(buf):
        runpy.run_path(SCRIPT)
    cpython = mpvm.results(buf.getvalue())
    assert len(cpython) == 20
    assert mpvm.results(vm_out) == cpython


def test_every_deal_undoes_to_start_and_redoes_to_end(vm_out):
    for line in mpvm.results(vm_out):
        _, n, moves, left, back, redone, same, _ = line.split()
        assert int(back) == 51, line
        assert left == redone, line
        assert same == "True", line


def test_heap_figures_within_budget(vm_out):
    figs = mpvm.figures(vm_out)
    FIGURES.append("Black Hole engine on " + mpvm.NAME + ", 20 deals:")
    FIGURES.append("  heap retained after import : %6d bytes (budget %d)"
                   % (figs["retained"], RETAINED_BUDGET))
    FIGURES.append("  peak heap above retained   : %6d bytes (budget %d)"
                   % (figs["peak_above_retained"], PEAK_BUDGET))
    FIGURES.append("  allocated over %d moves   : %6d bytes (budget 0)"
                   % (figs["moves"], figs["bytes_all_moves"]))
    assert figs["moves"] > 100
    assert 0 < figs["retained"] <= RETAINED_BUDGET
    assert figs["peak_above_retained"] <= PEAK_BUDGET
    assert figs["bytes_all_moves"] == 0
