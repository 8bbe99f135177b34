"""The responsiveness benchmark (tools/bench/keys.py): it runs as `make bench` runs it and prints
its table, its estimate of a pass's CPU time never takes a disturbed sample for the figure, and
it refuses to run without the real interpreter, saying why."""
import os
import re
import subprocess
import sys

import pytest

from tests import cpy
from tools.bench import keys as bench_keys

TOOL = os.path.join(cpy.ROOT, "tools", "bench", "keys.py")


def test_a_pass_is_timed_by_its_undisturbed_runs_only():
    # (wall us, CPU-clock ms, times switched out) per run
    f = bench_keys.Figure([(900, 1, 0), (400, 0, 1), (700, 1, 0)])
    assert f.us == 700 and f.how == "" and f.used == [900, 700]
    # switched out in every run: the CPU clock's mean, unless a wall time is lower
    f = bench_keys.Figure([(9000, 3, 1), (8000, 4, 2), (12000, 2, 1)])
    assert f.us == 3000 and f.how == "c"
    f = bench_keys.Figure([(1500, 2, 1), (1600, 3, 1)])
    assert f.us == 1500 and f.how == "w"
    assert bench_keys.board_ms(1500) == 150.0


def test_without_the_interpreter_it_says_what_to_set():
    env = {k: v for k, v in os.environ.items()
           if k not in ("CIRCUITPYTHON", "CIRCUITPYTHON_MPY_CROSS")}
    r = subprocess.run([sys.executable, TOOL, "--runs", "1", "--quick"], capture_output=True,
                       text=True, env=env, timeout=60)
    assert r.returncode != 0
    assert "CIRCUITPYTHON and CIRCUITPYTHON_MPY_CROSS" in r.stderr


@cpy.needs_cpy
@pytest.mark.vm
def test_the_bench_prints_every_game_and_figure_in_a_quick_run():
    r = subprocess.run([sys.executable, TOOL, "--runs", "1", "--quick"], capture_output=True,
                       text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    out = r.stdout
    header = next(ln for ln in out.splitlines() if ln.startswith("pass (board ms)"))
    assert all(g in header for g in bench_keys.GAMES)

    def cells(name):
        row = next(ln for ln in out.splitlines() if ln.startswith(name))
        return re.findall(r"\d+ \d+/\d+/\d+[cw]?|(?<= )-(?= |$)", row[40:])

    # every game has cursor keys, moves and its menu; Black Hole's solver thinks in slices,
    # and Calculation's hint; only YoYo's strong seats do; only Calculation has a hint row
    for name in ("cursor key", "card move with its redraw", "menu: open it",
                 "menu: move in it", "open from the chooser", "leave to the chooser"):
        assert len(cells(name)) == 4 and "-" not in cells(name), name
    assert cells("solver or hint slice")[1:3] == ["-"] * 2
    assert "-" not in (cells("solver or hint slice")[0], cells("solver or hint slice")[3])
    assert cells("hint key")[:3] == ["-"] * 3 and cells("hint key")[3] != "-"
    assert re.search(r"\(Calculation: \d+ asks, .* the median \d+ ms   target <= 2000\)", out)
    assert cells("strong CPU slice")[2] != "-"
    assert cells("strong CPU slice")[:2] == ["-"] * 2
    assert re.search(r"power-on to the chooser .*: \d+ ", out)
    assert re.search(r"power-on into the last game played \(YoYo", out)
    assert re.search(r"switch of games, the slowest pair: leave .* = \d+ ms", out)
    assert "cpy32 CPU time x 100" in out and "85-120x" in out


@cpy.needs_cpy
@pytest.mark.vm
def test_the_idle_loop_is_measured_lit_dimmed_and_dark_and_allocates_nothing():
    r = subprocess.run([sys.executable, TOOL, "--idle", "--runs", "1", "--quick"],
                       capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stdout[-3000:] + r.stderr[-3000:]
    rows = {ln[:12].strip(): ln[12:] for ln in r.stdout.splitlines()
            if ln[:12].strip() in {p.replace("_", " ") for p in bench_keys.IDLE_PLACES}}
    assert len(rows) == len(bench_keys.IDLE_PLACES)
    for place, row in rows.items():
        cells = re.findall(r"(\d+)/(\d+), ([\d.]+), ([\d.]+)%", row)
        assert len(cells) == 3, (place, row)
        lit, dimmed, dark = cells
        for median, mean, alloc, share in cells:
            assert int(median) > 0 and float(alloc) == 0.0, (place, row)
        # a tenth of the passes a second once the screen sleeps: far less of the CPU
        assert float(dark[3]) < float(lit[3]) / 3, (place, row)
