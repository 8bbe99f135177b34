"""The text benchmark (tools/bench/text.py): the Adafruit text libraries run on CircuitPython's
interpreter under the board's stand-ins, and the table it prints holds the project's reason for
drawing text with ui/text.py: its rows keep less heap than any library way and changing their
text allocates nothing, where every library way allocates."""
import os
import subprocess
import sys

import pytest

from tests import cpy
from tools.bench import text as bench_text

TOOL = os.path.join(cpy.ROOT, "tools", "bench", "text.py")


def test_the_interval_is_students_on_the_samples():
    mean, half = bench_text.interval([10.0] * 5 + [12.0] * 5)
    assert mean == 11.0
    assert abs(half - 2.26 * 1.0541 / 10 ** 0.5) < 0.01


@cpy.needs_cpy
@pytest.mark.vm
def test_the_libraries_run_and_the_projects_rows_are_the_leanest():
    lines = []
    results = bench_text.measure(10, out=lines.append)
    assert len(results) == 2 * len(bench_text.WAYS)
    for (screen, way), (figs, (ms, half), _) in results.items():
        assert figs["code"] > 0 and figs["objects"] > 0, (screen, way)
        if way == 0:
            assert figs["one_row"] == 0, screen
            continue
        assert figs["one_row"] > 0, (screen, bench_text.WAYS[way])
        mine = results[(screen, 0)][0]
        assert mine["code"] + mine["board"] < figs["code"] + figs["board"], (screen, way)
    # label draws a TileGrid a character, the rows and bitmap_label one a row; the board's
    # estimate takes off what the stand-ins hold over the C objects, never adds
    rows = results[("menu (10 rows)", 0)][0]
    assert rows["tilegrids"] == 10
    assert results[("menu (10 rows)", 1)][0]["tilegrids"] > 50
    assert results[("menu (10 rows)", 2)][0]["tilegrids"] == 10
    for figs, _, _ in results.values():
        assert 0 < figs["board"] <= figs["objects"]
    assert any(ln.startswith("menu (10 rows)    bitmap_label.Label") for ln in lines)


def test_without_the_interpreter_it_says_what_to_set():
    env = {k: v for k, v in os.environ.items()
           if k not in ("CIRCUITPYTHON", "CIRCUITPYTHON_MPY_CROSS")}
    r = subprocess.run([sys.executable, TOOL, "--redraws", "10"], capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode != 0
    assert "CIRCUITPYTHON and CIRCUITPYTHON_MPY_CROSS" in r.stderr
