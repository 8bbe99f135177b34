"""Text on screen four ways, on CircuitPython's own interpreter: the project's rows (ui/text.py)
beside the Adafruit libraries the product names (adafruit_display_text's label and
bitmap_label, adafruit_displayio_layout's GridLayout of labels).

    .venv/bin/python tools/bench/text.py [--redraws 100]

Needs CIRCUITPYTHON and CIRCUITPYTHON_MPY_CROSS, as tools/bench/keys.py does; the libraries
come from the pinned packages in .venv (requirements-dev.txt), compiled to .mpy with
CircuitPython's own mpy-cross as a board would load them, with adafruit_ticks, which
bitmap_label imports and the PyBadge's firmware lacks. The board's built-ins are
tests/cpy_board.py's stand-ins (TileGrid, Group, terminalio.FONT as one glyph sheet);
bitmaptools and vectorio are the interpreter's own.

Two screens: the chooser (its title and the five games, as ui/launcher.py writes them: 6 rows)
and a menu (Black Hole's title and its 9 rows: 10). For each way, in a fresh interpreter:
- code: the heap the modules keep once imported (bytecode, names, module objects);
- objects: the heap the screen's rows keep once drawn (glyph tiles, bitmaps, groups);
- names: how much of those two is the growth of the interpreter's pool of interned names;
- one row: bytes allocated by changing one row's text (the chooser's second row to a longer
  one, as a score line would be; the menu's to one of the same length in other letters); the
  board collects them back later, in whichever pass runs out of heap;
- redraw: board ms to change every row's text (cpy32 CPU time x 100), with a 95 % interval
  over --redraws redraws. Timed as tools/bench/keys.py times a pass: wall time of the redraws
  this process was never switched out of (/proc/self/status), which is their CPU time, or
  when fewer than 10 were (a loaded machine), the CPU clock's mean over all of them. The
  free heap is the PyBadge's 146 KB in one run, and the script collects before each redraw,
  so collections stay out of the timing (the one-row figure is what they must reclaim).
"""
import argparse
import math
import os
import re
import statistics
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
if os.path.dirname(os.path.dirname(HERE)) not in sys.path:
    sys.path.append(os.path.dirname(os.path.dirname(HERE)))
from tools.bench import keys as bench_keys  # noqa: E402  (its interpreter harness: finding cpy32, running a script)

ROOT = bench_keys.ROOT
SITE = None
for _p in sys.path:
    if os.path.isdir(os.path.join(_p, "adafruit_display_text")):
        SITE = _p
        break
LIBS = ("adafruit_display_text", "adafruit_displayio_layout")
LIB_FILES = ("adafruit_ticks.py",)
# What the board's C objects hold on the heap (the platform notes' figures, read from
# CircuitPython's displayio source): a TileGrid about 100 B plus a byte a cell, a Group about
# 50 B plus 4 a child. The stand-ins are Python objects and hold more; the table's "on board"
# column takes the difference off.
BOARD_TILEGRID = 101
BOARD_GROUP = 50
WAYS = ("ui/text.py rows", "label.Label", "bitmap_label.Label", "GridLayout of label.Label")

DRIVER = r'''
import micropython


def build():
    """(code bytes, objects bytes, the rows, a writer of one row); the pool of interned names
    is printed before and after (qstr_info's n_total_bytes), as tests/cpy_session.py does."""
    gc.collect()
    micropython.qstr_info()
    a0 = gc.mem_alloc()
    if WAY == 0:
        from ui import text
        mods = (text,)
    elif WAY == 1:
        from adafruit_display_text import label
        mods = (label,)
    elif WAY == 2:
        from adafruit_display_text import bitmap_label
        mods = (bitmap_label,)
    else:
        from adafruit_display_text import label
        from adafruit_displayio_layout.layouts.grid_layout import GridLayout
        mods = (label, GridLayout)
    gc.collect()
    a1 = gc.mem_alloc()
    root = displayio.Group()
    rows = []
    n = len(LINES)
    if WAY == 0:
        for i in range(n):
            r = text.row(26 if i == 0 else 25, 2 if i == 0 else 8, 1 + i * 12,
                         0xFFD800 if i == 0 else 0xFFFFFF)
            text.write(r, LINES[i])
            rows.append(r)
            root.append(r)

        def put(i, t):
            text.write(rows[i], t)
    elif WAY in (1, 2):
        kind = label.Label if WAY == 1 else bitmap_label.Label
        for i in range(n):
            r = kind(terminalio.FONT, text=LINES[i], color=0xFFD800 if i == 0 else 0xFFFFFF,
                     x=2 if i == 0 else 8, y=7 + i * 12)
            rows.append(r)
            root.append(r)

        def put(i, t):
            rows[i].text = t
    else:
        grid = GridLayout(x=2, y=1, width=156, height=n * 12, grid_size=(1, n), cell_padding=0)
        for i in range(n):
            r = label.Label(terminalio.FONT, text=LINES[i],
                            color=0xFFD800 if i == 0 else 0xFFFFFF)
            grid.add_content(r, grid_position=(0, i), cell_size=(1, 1))
            rows.append(r)
        root.append(grid)

        def put(i, t):
            rows[i].text = t
    gc.collect()
    a2 = gc.mem_alloc()
    micropython.qstr_info()
    return a1 - a0, a2 - a1, (root, rows, mods), put


def count(g, n):
    """n[0] TileGrids and n[1] Groups (a label is a Group) under g."""
    if isinstance(g, TileGrid):
        n[0] += 1
    elif isinstance(g, Group):
        n[1] += 1
        for i in range(len(g)):
            count(g[i], n)


def heap_of(make):
    gc.collect()
    a = gc.mem_alloc()
    o = make()
    gc.collect()
    return gc.mem_alloc() - a


code, objects, keep, put = build()
print("FIG code", code)
print("FIG objects", objects)
n = [0, 0]
count(keep[0], n)
print("FIG tilegrids", n[0])
print("FIG groups", n[1])
print("FIG tilegrid_heap", heap_of(lambda: TileGrid(_FONT_SHEET, width=1, height=1, tile_width=6,
                                                    tile_height=12)))
print("FIG group_heap", heap_of(Group))
gc.collect()
gc.disable()
a = gc.mem_alloc()
put(1, OTHER[1])
print("FIG one_row", gc.mem_alloc() - a)
put(1, LINES[1])
gc.enable()
n = len(LINES)
for k in range(REDRAWS):
    texts = OTHER if k & 1 == 0 else LINES
    gc.collect()
    s = _switches()
    c = _cpu()
    t = _us()
    for i in range(n):
        put(i, texts[i])
    t = _since(_us(), t)
    c = _cpu() - c
    print("REDRAW", t, _switches() - s, int(c * 1000000 + 0.5))
print("DONE")
'''


def screens():
    """{name: (its rows, the rows a redraw alternates with)}: the chooser's from its own table
    of games, the menu Black Hole's."""
    sys.path.insert(0, ROOT)
    from ui.launcher import GAMES
    from ui.patience.menu import MENU
    chooser = ["Pocket Patience: games"] + ["%-12s%s" % (g[0], g[1]) for g in GAMES]
    chooser_b = ["Pocket Patience: scores"] + ["%-12s%s" % (g[0], "won 12 of 40")
                                               for g in GAMES]
    menu = ["Black Hole  deal 1234"] + list(MENU)
    menu_b = ["Black Hole  deal 31999"] + [r.upper() if i % 2 else r.lower()
                                           for i, r in enumerate(MENU)]
    return {"chooser (6 rows)": (chooser, chooser_b), "menu (10 rows)": (menu, menu_b)}


def compile_libs(tree, cpy):
    """The libraries' .py files compiled into tree, each named inside by its path in the
    library bundle (adafruit_display_text/label.py), as a board's copy would be: the
    interpreter keeps that name on the heap."""
    if SITE is None:
        sys.exit("bench_text: adafruit_display_text is not installed (make's .venv installs "
                 "requirements-dev.txt)")
    files = list(LIB_FILES)
    for d in LIBS:
        for base, _, names in os.walk(os.path.join(SITE, d)):
            files += [os.path.relpath(os.path.join(base, f), SITE) for f in names
                      if f.endswith(".py")]
    for rel in files:
        dst = os.path.join(tree, rel[:-3] + ".mpy")
        os.makedirs(os.path.dirname(dst), exist_ok=True)
        r = subprocess.run([cpy.compiler(), "-s", rel, "-o", dst, os.path.join(SITE, rel)],
                           capture_output=True, text=True)
        if r.returncode != 0:
            sys.exit("bench_text: %s does not compile: %s" % (rel, r.stderr.strip()))


def interval(samples):
    """Mean and half-width of its 95 % interval (Student's t, 10 or more samples)."""
    n = len(samples)
    t = 2.26 if n < 15 else 2.14 if n < 20 else 2.09 if n < 30 else 2.04 if n < 60 else 1.98
    return statistics.mean(samples), t * statistics.stdev(samples) / math.sqrt(n)


def measure(redraws, out=print):
    cpy = bench_keys.need_interpreter()
    results = {}
    with tempfile.TemporaryDirectory(prefix="bench_text") as tree:
        cpy.compile_tree(tree)
        compile_libs(tree, cpy)
        for name, (rows, other) in screens().items():
            for way in range(len(WAYS)):
                script = ("PROBE = False\nFREE = %d\nWAY = %d\nLINES = %r\nOTHER = %r\n"
                          "REDRAWS = %d\n" % (bench_keys.FREE, way, rows, other, redraws)
                          + bench_keys.harness() + bench_keys.COMMON + DRIVER)
                kb = bench_keys.heap_for(cpy, tree, script)
                lines, _, _ = bench_keys.run_once(cpy, tree, script, kb)
                figs = cpy.figures("\n".join(lines))
                pools = re.findall(r"n_total_bytes=(\d+)", "\n".join(lines))
                figs["names"] = int(pools[-1]) - int(pools[0])
                figs["board"] = figs["objects"] - figs["tilegrids"] * (
                    figs["tilegrid_heap"] - BOARD_TILEGRID) - figs["groups"] * (
                    figs["group_heap"] - BOARD_GROUP)
                samples = [list(map(int, ln.split()[1:])) for ln in lines
                           if ln.startswith("REDRAW ")]
                clean = [us for us, sw, _ in samples if sw == 0]
                if len(clean) >= 10:
                    used, how = clean, "wall"
                else:
                    used, how = [cpu for _, _, cpu in samples], "clock"
                board = [us * bench_keys.BOARD_X / 1000.0 for us in used]
                results[(name, way)] = (figs, interval(board), "%d %s" % (len(used), how))
                out("%s, %s: done" % (name, WAYS[way]))
    report(results, out)
    return results


def report(results, out=print):
    out("")
    out("Text on screen on CircuitPython 10.2.1's interpreter, from .mpy, 146 KB free at the "
        "start: heap in bytes; redraw (every row's text changed) in board ms = cpy32 CPU time "
        "x %d," % bench_keys.BOARD_X)
    out("the mean with its 95 % interval over the redraws the process was never switched out "
        "of ('wall': their wall time), or, when fewer than 10 were, over all of them by the "
        "CPU clock ('clock': 1 ms steps that fall at random, so the mean is unbiased); "
        "a PyBadge runs bytecode 85-120x slower than cpy32; displayio's C side and SPI not "
        "included.")
    out("")
    out("%-17s %-27s %6s %8s %9s %6s %6s %8s %8s %16s" % (
        "screen", "drawn with", "code", "objects", "on board", "grids", "names", "total",
        "one row", "redraw (ms)"))
    for (name, way), (figs, (ms, half), n) in results.items():
        out("%-17s %-27s %6d %8d %9d %6d %6d %8d %8d %8.1f +- %-5.1f (%s)" % (
            name, WAYS[way], figs["code"], figs["objects"], figs["board"], figs["tilegrids"],
            figs["names"], figs["code"] + figs["board"], figs["one_row"], ms, half, n))
    out("")
    some = next(iter(results.values()))[0]
    out("code: what the modules keep once imported; objects: what the screen's rows keep once "
        "drawn under the stand-ins; on board: the same with the board's sizes of TileGrid "
        "(about %d B) and Group (%d B) for the stand-ins' (%d and %d B here); grids: TileGrids "
        "on screen; names: how much of code + objects is the interpreter's pool of interned "
        "names, which grows in steps of KBs and is never given back (where a step lands moves "
        "bytes between code and objects: compare totals); total: code + objects on board; one "
        "row: bytes allocated by changing one row's text (garbage the board's collector must "
        "later reclaim, wherever the heap runs out)." % (
            BOARD_TILEGRID, BOARD_GROUP, some["tilegrid_heap"], some["group_heap"]))


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/bench/text.py", description=__doc__.split("\n")[0])
    ap.add_argument("--redraws", type=int, default=100,
                    help="timed redraws per screen and way (default 100)")
    args = ap.parse_args(argv)
    if args.redraws < 10:
        ap.error("--redraws must be at least 10")
    measure(args.redraws)


if __name__ == "__main__":
    main()
