"""The real CircuitPython: its unix interpreter (32-bit, like the SAMD51 boards) and its own
mpy-cross, found through two environment variables that .ci/run sets:

    CIRCUITPYTHON             path to a CircuitPython unix-port interpreter (cpy32)
    CIRCUITPYTHON_MPY_CROSS   path to CircuitPython's mpy-cross (writes .mpy starting "C")

Without them the real-firmware tests are skipped, and the run says so once, loudly
(tests/conftest.py). Scripts run with the repository (or a compiled copy of it) first on
sys.path, and print `FIG name value` lines for figures, as the MicroPython VM scripts do.
"""
import os
import shutil
import subprocess

import pytest

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
DEVICE_DIRS = ("engine", "hw", "ui")

HOW_TO_ENABLE = (
    "real-CircuitPython tests skipped: set CIRCUITPYTHON to a CircuitPython unix-port "
    "interpreter and CIRCUITPYTHON_MPY_CROSS to CircuitPython's mpy-cross (README, "
    "'Real CircuitPython on the desktop'); .ci/run sets both when ../shared/bin exists")


def interpreter():
    return _exe("CIRCUITPYTHON")


def compiler():
    return _exe("CIRCUITPYTHON_MPY_CROSS")


def _exe(var):
    path = os.environ.get(var, "")
    return path if path and os.access(path, os.X_OK) else None


def available():
    return interpreter() is not None and compiler() is not None


needs_cpy = pytest.mark.skipif(not available(), reason=HOW_TO_ENABLE)


def run(script, path=(ROOT,), heapsize="2M", seconds=600, cwd=None):
    """Run `script` under the real interpreter with `path` first on sys.path; returns
    (exit code, stdout + stderr)."""
    prelude = "import sys\n" + "".join(
        "sys.path.insert(%d, %r)\n" % (i, p) for i, p in enumerate(path))
    r = subprocess.run(
        [interpreter(), "-X", "heapsize=" + heapsize, "-c", prelude + script],
        capture_output=True, text=True, timeout=seconds, cwd=cwd or ROOT)
    return r.returncode, r.stdout + r.stderr


def check(script, **kw):
    """run(), failing the test with the interpreter's own words when the script fails."""
    code, out = run(script, **kw)
    assert code == 0, out
    return out


def figures(out):
    """Lines 'FIG name value' as a dict of ints."""
    figs = {}
    for line in out.splitlines():
        if line.startswith("FIG "):
            _, key, value = line.split()
            figs[key] = int(value)
    return figs


def compile_file(src, dst):
    r = subprocess.run([compiler(), "-o", dst, src], capture_output=True, text=True)
    if r.returncode != 0:
        raise RuntimeError("%s: %s" % (src, r.stderr.strip() or r.stdout.strip()))


def compile_tree(dest, sources=ROOT, dirs=DEVICE_DIRS):
    """Compile every .py of the device packages under `sources` into `dest` as .mpy, keeping
    the package layout (an __init__ compiles like any module). Returns dest."""
    for d in dirs:
        for base, _, files in os.walk(os.path.join(sources, d)):
            if "__pycache__" in base:
                continue
            rel = os.path.relpath(base, sources)
            os.makedirs(os.path.join(dest, rel), exist_ok=True)
            for f in files:
                if f.endswith(".py"):
                    compile_file(os.path.join(base, f),
                                 os.path.join(dest, rel, f[:-3] + ".mpy"))
                elif not f.endswith((".pyc", ".mpy")):
                    shutil.copy(os.path.join(base, f), os.path.join(dest, rel, f))
    return dest
