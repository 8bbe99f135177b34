"""Fit gate: the Calculation engine and its hint under the real CircuitPython 10 interpreter
(32-bit, as on the SAMD51 boards), from source and compiled by CircuitPython's mpy-cross,
against CPython: heap kept after import, peak above it, bytes allocated per move (the scripts
and tests: tests/patience_fit.py)."""
from tests import cpy, patience_fit

pytestmark = cpy.needs_cpy

# Black Hole's budgets: 8 KB for the rules (with the modules they import, rng, crc and cards,
# which Black Hole shares), 2 KB peak above what is kept. The hint is a module of its own,
# imported when first asked. It had the 4 KB the CPU seats of the other games have until its
# rollouts (issue 37): their tables, buffers and code keep 8.6 KB from .mpy (2.4 KB
# before), and the Calculation session, which fitted at 84 KB of 112, has the room.
RULES_BUDGET = 8 * 1024
HINT_BUDGET = 10 * 1024
PEAK_BUDGET = 2 * 1024

patience_fit.install(globals(), "calculation", "Calculation", "Calculation",
                     ("cards", "crc", "rng"), "move_src(h), move_dst(h)",
                     (RULES_BUDGET, HINT_BUDGET, PEAK_BUDGET), helpers=("move_dst", "move_src"))
