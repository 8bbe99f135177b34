"""The whole app on the real CircuitPython 10.2.1 interpreter, as a PyBadge would run it.

One player's session per game (tests/cpy_session.py: the chooser as code.py starts it, the
game played through its keys with hints, CPU seats, curtains, menus, help and settings, then
back to the chooser), and all four games in a row. Each is run loaded from .mpy (what
`make flash` puts on a board with a compiler) and from .py, with the free heap at start one
unbroken run of the size under test, as on a fresh board. Printed per session: heap after the
game's import, the live peak, and the smallest free heap on which it completes, bisected in
4 KB steps, so fragmentation is part of the figure. Budgets: the four-game session
completes in 96 KB from .mpy and 128 KB from .py (a PyBadge has about 130 KB free).
"""
import os
import re
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import cpy
from tests.conftest import FIGURES

pytestmark = [cpy.needs_cpy, pytest.mark.vm]

MPY_BUDGET = 96 * 1024
PY_BUDGET = 128 * 1024
STEP = 4 * 1024
WHOLE = ("blackhole", "yoyo", "amigo", "calc")
SESSIONS = tuple((g,) for g in WHOLE) + (WHOLE,)
NAMES = {"blackhole": "Black Hole", "yoyo": "Yo-yo", "amigo": "YoYo", "calc": "Calculation"}


def _text(name):
    with open(os.path.join(cpy.ROOT, "tests", name)) as f:
        return f.read()


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """{"py": sys.path for sources, "mpy": sys.path for compiled files}."""
    out = str(tmp_path_factory.mktemp("mpy"))
    cpy.compile_tree(out)
    return {"py": (cpy.ROOT,), "mpy": (out,)}


def session(path, games, free, measure):
    script = "FREE = %d\nMEASURE = %r\nGAMES = %r\n" % (free, measure, games)
    script += _text("cpy_board.py") + _text("cpy_session.py")
    code, out = cpy.run(script, path=path, heapsize="1M", seconds=300)
    return code == 0 and "\nDONE" in out, out


def smallest(path, games, lo=32 * 1024, hi=256 * 1024):
    """The smallest free heap, in STEP steps, on which the session completes."""
    ok, out = session(path, games, hi, False)
    assert ok, out[-3000:]
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if session(path, games, mid, False)[0]:
            hi = mid
        else:
            lo = mid
    return hi


@pytest.fixture(scope="module")
def figures(trees):
    """Every session from both trees: its measured run's figures and its smallest heap."""
    jobs = [(kind, games) for kind in ("mpy", "py") for games in SESSIONS]

    def one(job):
        kind, games = job
        ok, out = session(trees[kind], games, 256 * 1024, True)
        assert ok, out[-3000:]
        figs = cpy.figures(out)
        figs["max_free_blocks"] = int(re.search(r"max free sz: (\d+)", out).group(1))
        figs["smallest"] = smallest(trees[kind], games)
        return job, figs

    with ThreadPoolExecutor(2) as pool:
        return dict(pool.map(one, jobs))


def test_the_harness_starts_the_app_on_one_unbroken_free_run(figures):
    for (kind, games), figs in figures.items():
        assert figs["max_free_blocks"] * 16 >= 256 * 1024 - 64, (kind, games)


def test_every_game_in_a_row_fits_the_budgets(figures):
    whole = WHOLE
    FIGURES.append("Whole app on CircuitPython 10.2.1 (32-bit unix port), one player's session "
                   "per game; KB:")
    FIGURES.append("  %-22s %-4s %8s %8s %10s" % ("session", "from", "open", "peak",
                                                  "needs free"))
    for (kind, games), figs in sorted(figures.items(), key=lambda x: (len(x[0][1]), x[0])):
        label = "all four in a row" if games == WHOLE else NAMES[games[0]]
        opened = max(figs.get(NAMES[g] + "_open", figs.get(g + "_open", 0)) for g in games)
        peak = max(max(figs.get(NAMES[g] + "_peak", 0), figs.get(g + "_peak", 0))
                   for g in games)
        FIGURES.append("  %-22s %-4s %8.1f %8.1f %10d" % (label, "." + kind, opened / 1024,
                                                       peak / 1024, figs["smallest"] // 1024))
    FIGURES.append("  budgets for all four: %d KB from .mpy, %d KB from .py; a PyBadge has "
                   "about 130 KB free" % (MPY_BUDGET // 1024, PY_BUDGET // 1024))
    assert figures[("mpy", whole)]["smallest"] <= MPY_BUDGET
    assert figures[("py", whole)]["smallest"] <= PY_BUDGET


def test_the_chooser_gets_back_what_a_game_took(figures):
    """Back at the chooser the game's code and objects are gone: what stays is names the
    interpreter interned and saved records, a few KB a game, never a game's worth."""
    figs = figures[("mpy", WHOLE)]
    assert figs["after_calc"] - figs["chooser"] < 16 * 1024
