"""Benches' clock on CircuitPython's own interpreter (cpy32, CIRCUITPYTHON): a script run with
engine/ compiled to .mpy by CircuitPython's mpy-cross (CIRCUITPYTHON_MPY_CROSS), as a board
loads it. Board time is cpy32 CPU time x BOARD_X (../shared/CIRCUITPYTHON.md)."""
import os
import subprocess
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
BOARD_X = 100       # a PyBadge runs bytecode about 100x (85-120x) slower than cpy32


def compiled(dest):
    """engine/ compiled to .mpy under dest with CircuitPython's mpy-cross, as a board loads it;
    None when CIRCUITPYTHON_MPY_CROSS is not set."""
    cross = os.environ.get("CIRCUITPYTHON_MPY_CROSS")
    if not cross or not os.access(cross, os.X_OK):
        return None
    os.makedirs(os.path.join(dest, "engine"))
    for f in sorted(os.listdir(os.path.join(ROOT, "engine"))):
        if f.endswith(".py"):
            src = os.path.join(ROOT, "engine", f)
            subprocess.run([cross, "-s", "engine/" + f, "-o",
                            os.path.join(dest, "engine", f[:-3] + ".mpy"), src], check=True)
    return dest


def pct(xs, p):
    """The p-th percentile of sorted xs."""
    return xs[min(len(xs) - 1, len(xs) * p // 100)]


def run(script):
    """script's output lines on cpy32 (each split in words), engine/ from .mpy, and where it
    was loaded from; (None, None) when cpy32 is not set."""
    exe = os.environ.get("CIRCUITPYTHON")
    if not exe or not os.access(exe, os.X_OK):
        return None, None
    with tempfile.TemporaryDirectory() as tmp:
        tree = compiled(tmp)
        where = ".mpy" if tree else ".py (CIRCUITPYTHON_MPY_CROSS not set)"
        out = subprocess.run([exe, "-c", "import sys\nsys.path.insert(0, %r)\n" % (tree or ROOT)
                              + script], capture_output=True, text=True, cwd=tmp,
                             check=True).stdout
    return [line.split() for line in out.splitlines()], where


def asks(script, mark):
    """Board seconds of the asks a script times, each printed as "T <CPU us> <word>": all of
    them and those whose word is mark, two sorted lists, and where engine/ came from;
    (None, None, None) when cpy32 is not set."""
    rows, where = run(script)
    if rows is None:
        return None, None, None
    rows = [r for r in rows if r[:1] == ["T"]]
    every = sorted(BOARD_X * int(r[1]) / 1e6 for r in rows)
    marked = sorted(BOARD_X * int(r[1]) / 1e6 for r in rows if r[2] == mark)
    return every, marked, where


def spread(xs):
    """Median / 90th percentile / worst of sorted board seconds, as a table cell."""
    return "%.2f / %.2f / %.2f s" % (pct(xs, 50), pct(xs, 90), xs[-1]) if xs else "-"
