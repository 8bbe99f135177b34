"""The fit gate shared by the one-player patience engines (tests/test_calculation_fit.py,
tests/test_bigben_fit.py): a game's IMPORTS and GAMES scripts run on CPython and on the real
CircuitPython interpreter from source and compiled, their results compared line by line and
their heap figures held to the budgets. A test module calls install(globals(), ...) and gets
its fixtures and tests."""
import io
import os
from contextlib import redirect_stdout

import pytest

from tests import cpy
from tests.conftest import FIGURES


def results(out):
    return [line for line in out.splitlines() if line.startswith("RES ")]


def install(ns, name, title, files, imports, games_script, games, budgets, shared_label):
    """Fixtures and the two tests into module namespace ns. budgets: (rules, hint, peak)."""
    rules_budget, hint_budget, peak_budget = budgets

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
