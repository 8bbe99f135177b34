import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Appended for the reason in pytest.ini: code.py must not shadow the stdlib `code`.
if ROOT not in sys.path:
    sys.path.append(ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")


# Figures the fit and budget tests measured, printed after every run (pytest hides test
# output by default, and these numbers are the point of those tests).
FIGURES = []


def pytest_terminal_summary(terminalreporter):
    if FIGURES:
        terminalreporter.section("measured figures")
        for line in FIGURES:
            terminalreporter.write_line(line)
