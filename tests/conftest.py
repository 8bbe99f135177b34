import gc
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Appended for the reason in pytest.ini: code.py must not shadow the stdlib `code`.
if ROOT not in sys.path:
    sys.path.append(ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

# Property tests draw the same examples on every run, so a red CI is a real change, never a
# new random draw; HYPOTHESIS_PROFILE=explore draws fresh ones when hunting for bugs.
from hypothesis import settings  # noqa: E402

settings.register_profile("repeatable", derandomize=True)
settings.register_profile("explore", derandomize=False)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "repeatable"))


# The files that take longest (pytest --durations) start first, so that a parallel run
# (`make test`: pytest-xdist, a file to a worker, --no-loadscope-reorder keeping this order)
# never ends on one of them running alone; the rest keep their order.
LONGEST_FIRST = ("test_board_heap.py", "test_web.py", "test_calculation_rules.py",
                 "test_sim_kill.py", "test_ui_app.py", "test_wear.py", "test_calculation_fit.py",
                 "test_text_fit.py", "test_autoplay.py", "test_restore_props.py",
                 "test_launcher.py", "test_ui_yoyo.py", "test_ui_seats_fit.py")


def pytest_collection_modifyitems(items):
    def rank(item):
        name = os.path.basename(str(item.path))
        return LONGEST_FIRST.index(name) if name in LONGEST_FIRST else len(LONGEST_FIRST)
    items.sort(key=rank)


def pytest_collection_finish(session):
    # The app collects its heap as a board must (gc.collect() before each seated game, as a
    # patience game starts, ...); on CPython a collection walks every object of the process,
    # most of them the modules and tests collected by now, none of them garbage. Frozen, they
    # are left out: a collection costs what the tests since made, not ~30 ms.
    gc.collect()
    gc.freeze()


# A stub board replaces the last one's display (hw/stub.py), and Blinka's PyGameDisplay lets
# go of a display with pygame.quit(), which stops the mixer pygame.init() started and waits
# out its audio thread: about 90 ms of every board a test powers on, thousands a run. No test
# shows a window, so pygame stays up from one stub board to the next.
from hw import stub  # noqa: E402

stub.CountingDisplay._release = lambda self: None


# Figures the fit and budget tests measured, printed after every run (pytest hides test
# output by default, and these numbers are the point of those tests). Under pytest-xdist
# (`make test`) each worker sends its own to the run that prints them.
FIGURES = []


def pytest_configure(config):
    if config.pluginmanager.hasplugin("xdist"):
        config.pluginmanager.register(_WorkerFigures())


class _WorkerFigures:
    def pytest_testnodedown(self, node, error):
        FIGURES.extend(getattr(node, "workeroutput", {}).get("figures", ()))


def pytest_sessionfinish(session):
    out = getattr(session.config, "workeroutput", None)     # set in a worker only
    if out is not None:
        out["figures"] = list(FIGURES)


def pytest_terminal_summary(terminalreporter):
    from tests import cpy
    if not cpy.available():
        terminalreporter.section("REAL CIRCUITPYTHON NOT TESTED", sep="!")
        terminalreporter.write_line(cpy.HOW_TO_ENABLE)
    if FIGURES:
        terminalreporter.section("measured figures")
        for line in FIGURES:
            terminalreporter.write_line(line)


# The collision check (tests/screen_check.py): every screen a test refreshes on the stub
# display is read back, and a drawing off the screen or text over a card or other text fails
# the test that drew it.
import pytest  # noqa: E402

from tests import screen_check  # noqa: E402

screen_check.install()


def pytest_runtest_setup(item):
    screen_check.take_seen()        # what the test's fixtures draw counts as the test's


@pytest.hookimpl(wrapper=True)
def pytest_runtest_call(item):
    result = yield
    seen = screen_check.take_seen()
    if seen:
        raise AssertionError("drawn on the screen where it collides:\n  " + "\n  ".join(seen))
    return result
