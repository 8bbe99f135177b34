"""How fast the web page answers a key, in headless Chromium: from the keydown handler to the
canvas painted with the result (web/main.js keeps the times in pp.keyMs).

    python tools/bench/web.py [--keys N]

Each game is opened from the chooser and played with a fixed mix of keys (cursor moves,
plays, hints, undos, the menu); the table gives each game's median with its 95 % interval
(distribution-free, from the order statistics), the 95th percentile, the slowest key, and how
many keys were answered within 50 ms. Figures, not pass/fail: they depend on the machine.
"""
import argparse
import math
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__)))))

from hw import keys
from tests import web_page
from tools import build_web

BUDGET_MS = 50
# (game, chooser row, the keys played in turn)
MIXES = (
    ("Black Hole", 0, (keys.RIGHT, keys.RIGHT, keys.SELECT, keys.A, keys.LEFT, keys.B,
                       keys.DOWN, keys.UP)),
    ("Calculation", 3, (keys.SELECT, keys.A, keys.RIGHT, keys.DOWN, keys.LEFT, keys.UP,
                        keys.B)),
    ("Big Ben", 4, (keys.RIGHT, keys.DOWN, keys.A, keys.B, keys.LEFT, keys.UP)),
)


def median_interval(samples):
    """The median and a 95 % interval for it: the order statistics n/2 -+ 1.96 sqrt(n)/2."""
    s = sorted(samples)
    n = len(s)
    half = 1.96 * math.sqrt(n) / 2
    lo = max(0, int(math.floor(n / 2 - half)))
    hi = min(n - 1, int(math.ceil(n / 2 + half)))
    mid = s[n // 2] if n % 2 else (s[n // 2 - 1] + s[n // 2]) / 2
    return mid, s[lo], s[hi]


def percentile(samples, p):
    s = sorted(samples)
    return s[min(len(s) - 1, int(math.ceil(p / 100 * len(s))) - 1)]


def measure(count, out=print):
    build_web.build()
    server = web_page.Server(build_web.OUT)
    browser = web_page.Browser()
    page = web_page.Page(browser, server.url)
    every = []
    try:
        out("Key to painted canvas in the page, headless Chromium (ms; %d keys a game)" % count)
        out("%-12s %8s %17s %7s %7s %9s" % ("game", "median", "95% interval", "p95", "max",
                                          "<=%d ms" % BUDGET_MS))
        for title, row, mix in MIXES:
            page.open(seed=7)
            for _ in range(row):
                page.press(keys.DOWN)
            page.press(keys.A)
            browser.js("pp.keyMs.length = 0")
            for i in range(count):
                page.press(mix[i % len(mix)])
            ms = browser.js("pp.keyMs")
            every += ms
            out(row_text(title, ms))
        out(row_text("all", every))
    finally:
        browser.close()
        server.close()
    return every


def row_text(title, ms):
    mid, lo, hi = median_interval(ms)
    within = sum(1 for m in ms if m <= BUDGET_MS)
    return "%-12s %8.1f %7.1f .. %6.1f %7.1f %7.1f %5d/%d" % (
        title, mid, lo, hi, percentile(ms, 95), max(ms), within, len(ms))


def main(argv=None):
    ap = argparse.ArgumentParser(description="Key-to-canvas time of the web page.")
    ap.add_argument("--keys", type=int, default=120, help="keys a game (default 120)")
    args = ap.parse_args(argv)
    measure(args.keys)
    return 0


if __name__ == "__main__":
    sys.exit(main())
