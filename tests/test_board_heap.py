"""The whole app on the real CircuitPython 10.2.1 interpreter, as a PyBadge would run it.

The fit gate: one session per game in the heaviest setup a player can choose
(tests/cpy_session.py: Black Hole with "Winnable?" shown and winnable deals only, Yo-yo with
three seats, one person and two hard CPUs, YoYo with six seats, two people and four strong CPUs,
Calculation and Big Ben with hints and undo; each from the chooser as code.py starts it, through
menus, help and settings, then back to the chooser), and all five in one session. Each is run
loaded from .mpy (what `make flash` puts on a board with a compiler) and from .py, with the free
heap at start laid out two ways: one unbroken run, and CircuitPython 10's heap areas
(tests/cpy_board.py, fill_heap_areas), where no object can span two areas. Printed per session:
heap after the game's import, the live peak, and the smallest free heap on which it completes in
each layout, bisected in 4 KB steps, so fragmentation is part of the figure. Budgets for the
worst case: 112 KB from .mpy (the larger of the two layouts) and 128 KB from .py: a PyBadge has
about 146 KB free at code.py start, less a quarter for what no emulator shows. """
import os
import re
import tempfile
from concurrent.futures import ThreadPoolExecutor

import pytest

from tests import cpy
from tests.conftest import FIGURES

pytestmark = [cpy.needs_cpy, pytest.mark.vm]

MPY_BUDGET = 112 * 1024
PY_BUDGET = 128 * 1024
STEP = 4 * 1024
WHOLE = ("blackhole", "yoyo", "amigo", "calc", "bigben")
SESSIONS = tuple((g,) for g in WHOLE) + (WHOLE,)
NAMES = {"blackhole": "Black Hole", "yoyo": "Yo-yo", "amigo": "YoYo", "calc": "Calculation",
         "bigben": "BigBen"}


def _text(name):
    with open(os.path.join(cpy.ROOT, "tests", name)) as f:
        return f.read()


@pytest.fixture(scope="module")
def trees(tmp_path_factory):
    """{"py": sys.path for sources, "mpy": sys.path for compiled files}."""
    out = str(tmp_path_factory.mktemp("mpy"))
    cpy.compile_tree(out)
    return {"py": (cpy.ROOT,), "mpy": (out,)}


def programs(games):
    """A session's programs in order: each game chosen at the chooser, then played in its own
    program, and at the end the chooser once more (tests/cpy_session.py)."""
    out = []
    for g in games:
        out += [("choose", g), ("play", g)]
    return out + [("end", None)]


def session(path, games, free, measure, areas=False):
    """Every program of the session in turn, each on a new interpreter with `free` bytes of
    heap, as a board's reload gives it, the NVM carried from one to the next. (completed,
    output of them all); the first program that fails ends it."""
    outs = []
    links = os.environ.get("CPY_LINKS", "/tmp/ppc")
    os.makedirs(links, exist_ok=True)
    with tempfile.TemporaryDirectory(dir=links) as d:
        nvm = ""
        for i, program in enumerate(programs(games)):
            out_file = os.path.join(d, "nvm%d" % i)
            script = ("FREE = %d\nMEASURE = %r\nAREAS = %r\nPROGRAM = %r\nNVM_IN = %r\n"
                      "NVM_OUT = %r\n" % (free, measure, areas, program, nvm, out_file))
            script += _text("cpy_board.py") + _text("cpy_session.py")
            code, out = cpy.run(script, path=path, heapsize="1M", seconds=300)
            outs.append(out)
            if code != 0 or "\nDONE" not in out:
                return False, "\n".join(outs)
            nvm = out_file
    return True, "\n".join(outs)


def smallest(path, games, areas, budget, peak):
    """The smallest free heap, in STEP steps, on which the session completes, and whether it
    completes on exactly the budget. That run comes first, as it halves the range to bisect:
    the session completed on 256 KB (the measured run). Under `peak`, the largest live heap
    that run measured, no run can complete: every run that completes plays the same (the seed,
    the clock and the keys are fixed, nothing reads the free heap, and a game that meets a
    MemoryError fails its session), so it holds those same live bytes at the same pass. The
    bisection starts there, not at 32 KB, which saves it half its runs."""
    at_budget = session(path, games, budget, False, areas)[0]
    below = max(32 * 1024, (peak - 1) // STEP * STEP)       # the last step under the peak
    lo, hi = (below, budget) if at_budget else (max(budget, below), 256 * 1024)
    while hi - lo > STEP:
        mid = (lo + hi) // 2 // STEP * STEP
        if session(path, games, mid, False, areas)[0]:
            hi = mid
        else:
            lo = mid
    return hi, at_budget


def live_peak(figs, games):
    """The largest live heap any game of the session reached in its measured run, bytes."""
    return max(max(figs.get(NAMES[g] + "_peak", 0), figs.get(g + "_peak", 0)) for g in games)


@pytest.fixture(scope="module")
def figures(trees):
    """Every session from both trees: its measured run's figures and its smallest heap."""
    # all five in a row first: the longest, they would otherwise end the run on one thread
    jobs = [(kind, games) for games in SESSIONS[::-1] for kind in ("mpy", "py")]

    def one(job):
        kind, games = job
        ok, out = session(trees[kind], games, 256 * 1024, True)
        assert ok, out[-3000:]
        figs = cpy.figures(out)
        figs["max_free_blocks"] = int(re.search(r"max free sz: (\d+)", out).group(1))
        figs["choosers"] = [int(n) for n in re.findall(r"FIG chooser (\d+)", out)]
        # The bisection assumes more room never hurts, which fragmentation can break: so the
        # session is also played on exactly the budget, in both layouts.
        budget = MPY_BUDGET if kind == "mpy" else PY_BUDGET
        peak = live_peak(figs, games)
        assert peak > 0, out[-3000:]
        figs["block"], whole = smallest(trees[kind], games, False, budget, peak)
        figs["areas"], parted = smallest(trees[kind], games, True, budget, peak)
        figs["smallest"] = max(figs["block"], figs["areas"])
        figs["at_budget"] = [areas for areas, ok in ((False, whole), (True, parted)) if not ok]
        return job, figs

    with ThreadPoolExecutor(2) as pool:
        return dict(pool.map(one, jobs))


def test_the_harness_starts_the_app_on_one_unbroken_free_run(figures):
    for (kind, games), figs in figures.items():
        assert figs["max_free_blocks"] * 16 >= 256 * 1024 - 64, (kind, games)


def test_every_session_fits_the_budgets(figures):
    FIGURES.append("Whole app on CircuitPython 10.2.1 (32-bit unix port), one player's session "
                   "per game; KB:")
    FIGURES.append("  %-22s %-4s %8s %8s %8s %8s" % ("session", "from", "open", "peak",
                                                     "1 block", "areas"))
    for (kind, games), figs in sorted(figures.items(), key=lambda x: (len(x[0][1]), x[0])):
        label = "all five in a row" if games == WHOLE else NAMES[games[0]]
        opened = max(figs.get(NAMES[g] + "_open", figs.get(g + "_open", 0)) for g in games)
        peak = live_peak(figs, games)
        FIGURES.append("  %-22s %-4s %8.1f %8.1f %8d %8d" % (
            label, "." + kind, opened / 1024, peak / 1024, figs["block"] // 1024,
            figs["areas"] // 1024))
    FIGURES.append("  budgets, each session and all five: %d KB from .mpy, %d KB from .py; a "
                   "PyBadge has about 146 KB free" % (MPY_BUDGET // 1024, PY_BUDGET // 1024))
    FIGURES.append("  on exactly the budget, in one run and in areas: %d of %d sessions complete"
                   % (sum(not f["at_budget"] for f in figures.values()), len(figures)))
    over = ["%s from .%s: %d KB" % (games, kind, figs["smallest"] // 1024)
            for (kind, games), figs in figures.items()
            if figs["smallest"] > (MPY_BUDGET if kind == "mpy" else PY_BUDGET)]
    over += ["%s from .%s fails on exactly its budget (%s)" % (
        games, kind, " and ".join("areas" if a else "one run" for a in figs["at_budget"]))
        for (kind, games), figs in figures.items() if figs["at_budget"]]
    assert not over, over


def test_a_program_after_five_games_starts_as_light_as_the_first(figures):
    """Nothing a game loaded or interned reaches the next program: the chooser's program
    after all five games holds what it held at the first power-on plus the records it reads
    back (each game's save and statistics), a few KB, never a game's worth."""
    choosers = figures[("mpy", WHOLE)]["choosers"]
    assert len(choosers) == len(WHOLE) + 1, choosers
    assert 0 <= choosers[-1] - choosers[0] < 4 * 1024, choosers
    FIGURES.append("The chooser's program at power-on, from .mpy: %d bytes on a new board, "
                   "%d after all five games" % (choosers[0], choosers[-1]))


def _layout(fill):
    """Free bytes and the longest free run after fill(112 KB), read off the collector's own
    figures: a trial allocation would leave its pointer on the C stack and its block alive."""
    script = _text("cpy_board.py") + (
        "import micropython\nheld = %s(112 * 1024)\ngc.collect()\ngc.collect()\n"
        "print('FIG free', gc.mem_free())\nmicropython.mem_info()\n" % fill)
    out = cpy.check(script, heapsize="1M")
    return cpy.figures(out)["free"], int(re.search(r"max free sz: (\d+)", out).group(1)) * 16


def test_the_area_layout_parts_the_free_heap_as_a_board_does():
    """112 KB laid out in areas: about that much free, but no run longer than the last area
    (112 - 8 - 8 - 16 - 32 KB, less the collector's tables); in one block, one run."""
    free, largest = _layout("fill_heap_areas")
    assert 110 * 1024 <= free <= 114 * 1024, free
    assert 48 * 1024 <= largest <= 51 * 1024, largest
    free, largest = _layout("fill_heap_leaving")
    assert largest >= 110 * 1024, (free, largest)
