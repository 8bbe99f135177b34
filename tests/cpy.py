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
import threading

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


def fixed_name(target, slot="r"):
    """target under one fixed name, /tmp/ppc/<slot>, about as long as the board's own version
    folder (pp/v1a2b3c4d, tools/flash/deploy.py). The interpreter keeps each module's file
    name on its heap, and its pool of names grows in steps of KBs, so measuring from wherever a
    clone or a temporary folder happens to live would move the figures by up to a KB.
    CPY_LINKS names another folder of the same length (/tmp/pp2) so that two clones can run
    their tests at once without pointing each other's links away; within one run, each
    pytest-xdist worker names its own slots (worker_slot())."""
    link = os.path.join(os.environ.get("CPY_LINKS", "/tmp/ppc"), slot)
    if os.path.realpath(link) != os.path.realpath(target):
        os.makedirs(os.path.dirname(link), exist_ok=True)
        tmp = "%s.%d.%d" % (link, os.getpid(), threading.get_ident())
        os.symlink(os.path.realpath(target), tmp)
        os.replace(tmp, link)
    return link


def fixed_root():
    return fixed_name(ROOT)         # one target for every worker: they can share its link


def worker_slot(i):
    """Slot i of this process, 3 characters for every worker of a pytest-xdist run (gw0 p00,
    gw1 q00, ... 26 letters), so parallel workers never point each other's links away and every
    worker's figures are measured from names of the same length."""
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    return "%s%02d" % ("pqrstuvwxyzabcdefghijklmno"[int(worker[2:] or 0) % 26], i)


def run(script, path=(ROOT,), heapsize="2M", seconds=600, cwd=None):
    """Run `script` under the real interpreter with `path` first on sys.path (the repository
    under its fixed name); returns (exit code, stdout + stderr)."""
    path = [fixed_root() if p == ROOT else fixed_name(p, worker_slot(i))
            for i, p in enumerate(path)]
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
    """src compiled to dst, named inside by its path in the repository (ui/text.py), as the
    flasher names files for the board, so the figures do not depend on where the clone is."""
    name = os.path.relpath(src, ROOT)
    if name.startswith(".."):
        name = os.path.basename(src)
    r = subprocess.run([compiler(), "-s", name, "-o", dst, src], capture_output=True,
                       text=True)
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
