"""Solver fit gate: the solver at its device table size under a real MicroPython VM."""
import io
import os
import runpy
from contextlib import redirect_stdout

import pytest

from tests import mpvm
from tests.conftest import FIGURES

SCRIPT = os.path.join(mpvm.ROOT, "tests", "vm", "solver_fit.py")
SOLVER_BUDGET = 16 * 1024


@pytest.fixture(scope="module")
def vm_out():
    with open(SCRIPT) as f:
        return mpvm.run(f.read())


def test_micropython_searches_exactly_as_cpython(vm_out):
    buf = io.StringIO()
    with redirect_stdout(buf):
        runpy.run_path(SCRIPT)
    cpython = mpvm.results(buf.getvalue())
    assert len(cpython) == 16
    assert mpvm.results(vm_out) == cpython
    assert sum(1 for line in cpython if line.split()[2] == "1") >= 8


def test_solver_memory_and_no_allocation_per_node(vm_out):
    figs = mpvm.figures(vm_out)
    us = 1000.0 * figs["ms"] / figs["nodes"]
    FIGURES.append("Solver on " + mpvm.NAME + ", device table, deals 1-16:")
    FIGURES.append("  solver object (table and stacks): %6d bytes (budget %d)"
                   % (figs["solver"], SOLVER_BUDGET))
    FIGURES.append("  engine + solver code retained   : %6d bytes" % figs["imported"])
    FIGURES.append("  allocated over %d nodes       : %6d bytes (budget 0)"
                   % (figs["nodes"], figs["bytes_all_nodes"]))
    FIGURES.append("  VM time per node                : %6.1f us" % us)
    assert figs["nodes"] > 5000
    assert 0 < figs["solver"] <= SOLVER_BUDGET
    assert figs["bytes_all_nodes"] == 0
