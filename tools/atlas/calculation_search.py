"""A full-information search for Calculation: it sees the whole stock order (desktop only, plain
CPython). A beam, so its win rate bounds no hint: issue 37 measured a no-peek player above it.

    python tools/atlas/calculation_search.py 1 100           # deals 1-100: won / not won,
    positions, seconds
    python tools/atlas/calculation_search.py 7 7 --line      # deal 7's winning line, move by move

solve(layout, widths) is a beam search, one level per stock card: every position kept is
followed by every place the turned card may go, each followed by the builds from waste tops
(a top that builds is built at once; the search branches over which foundation takes it).
Waste piles are interchangeable, so positions that differ only in their order are one. The
`width` best positions are kept, by a score that sees the stock: cards home count for, and
every card buried under one wanted later counts against, by how many such cards lie above
it and how soon it is wanted, where "wanted" counts the copies of its rank still to come
from the stock (while k copies are to come, a card in view serves the (k+1)th foundation to
want its rank). A width that does not win is tried again wider, up to the last of `widths`;
a deal no width wins is "not won", never "lost". A winning line is a list of (source,
destination) places for engine/calculation.py's play(); replay() checks it there.
"""
import argparse
import os
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
if ROOT not in sys.path:
    sys.path.append(ROOT)

from engine.calculation import PILES, STOCK, WASTE, Calculation, deal_cards, rank_at  # noqa: E402

WIDTHS = (12, 40, 200, 800)
BURY = 15           # the score's weights: a card home, a card above a card wanted sooner
HOME = 40
# _POS[f][r]: the index on foundation f of rank r (0 = the base); _NEED[f][k]: rank of card k.
_POS = [[0] * 13 for _ in range(PILES)]
_NEED = [[rank_at(f, k) for k in range(13)] + [-1] for f in range(PILES)]
for _f in range(PILES):
    for _k in range(13):
        _POS[_f][rank_at(_f, _k)] = _k


def _soon(flen, left):
    """Per rank: cards the foundations take before the one a card in view serves wants it;
    left[r]: copies of rank r still in the stock."""
    soon = []
    for r in range(13):
        ks = sorted(_POS[f][r] - flen[f] for f in range(PILES) if _POS[f][r] >= flen[f])
        j = left[r]
        soon.append(ks[j if j < len(ks) else -1] if ks else 13)
    return soon


def _burial(p, soon):
    """What waste pile p costs: each card under k cards wanted later than it."""
    s = 0
    above = [0] * 14
    for i in range(len(p) - 1, -1, -1):
        d = soon[p[i] >> 2]
        k = sum(above[d + 1:])
        if k:
            s += BURY * k + 2 * (13 - d)
        above[d] += 1
    return s


def _settle(flen, piles, line, out):
    """Build waste tops until none builds, branching over the foundation; into out."""
    needs = [_NEED[f][flen[f]] for f in range(PILES)]
    for w in range(PILES):
        p = piles[w]
        if p and p[-1] >> 2 in needs:
            r = p[-1] >> 2
            fs = [f for f in range(PILES) if needs[f] == r]
            if fs:
                for f in fs:
                    fl = list(flen)
                    fl[f] += 1
                    ps = list(piles)
                    ps[w] = p[:-1]
                    _settle(fl, ps, ((WASTE + w, f), line), out)
                return
    out.append((flen, piles, line))


def _unroll(line):
    out = []
    while line:
        out.append(line[0])
        line = line[1]
    return out[::-1]


def beam(layout, width):
    """(line or None, positions scored) for one beam width."""
    stock = bytes(layout[PILES:52])
    left = [[0] * 13]
    for c in stock:                     # left[sl]: ranks among the bottom sl stock cards
        row = list(left[-1])
        row[c >> 2] += 1
        left.append(row)
    states = [((1, 1, 1, 1), (b"", b"", b"", b""), None)]
    nodes = 0
    for sl in range(len(stock), 0, -1):
        c = stock[sl - 1]
        r = c >> 2
        kids = []
        for flen, piles, line in states:
            builds = False
            for f in range(PILES):
                if _NEED[f][flen[f]] == r:
                    fl = list(flen)
                    fl[f] += 1
                    _settle(fl, piles, ((STOCK, f), line), kids)
                    builds = True
            if builds:
                continue        # laid on a waste pile it would build from there: the same
            empty = False
            for w in range(PILES):
                if not piles[w]:
                    if empty:
                        continue
                    empty = True
                ps = list(piles)
                ps[w] = piles[w] + bytes((c,))
                kids.append((flen, ps, ((STOCK, WASTE + w), line)))     # nothing more builds
        seen = {}
        soons = {}
        buried = {}
        for flen, piles, line in kids:
            fl = bytes(flen)
            key = fl + b"|".join(sorted(piles))
            if key not in seen:
                soon = soons.get(fl)
                if soon is None:
                    soon = soons[fl] = _soon(flen, left[sl - 1])
                s = HOME * (flen[0] + flen[1] + flen[2] + flen[3])
                for p in piles:
                    k = buried.get((fl, p))
                    if k is None:
                        k = buried[(fl, p)] = _burial(p, soon)
                    s -= k
                seen[key] = (s, tuple(flen), piles, line)
        nodes += len(seen)
        best = sorted(seen.values(), key=lambda x: -x[0])[:width]
        states = [(fl, ps, ln) for _, fl, ps, ln in best]
    for flen, _, line in states:
        if sum(flen) == 52:
            return _unroll(line), nodes
    return None, nodes


def solve(layout, widths=WIDTHS):
    """(line or None, positions scored): beams of each width in turn until one wins."""
    nodes = 0
    for w in widths:
        line, k = beam(layout, w)
        nodes += k
        if line is not None:
            return line, nodes
    return None, nodes


def replay(number, line):
    """True when line plays deal `number` to a win through engine/calculation.py."""
    g = Calculation()
    g.new_deal(number)
    for src, dst in line:
        g.play(src, dst)
    return g.is_won()


def solve_deal(number, widths=WIDTHS):
    """(won?, positions, line): a won line has been replayed to a win through the engine."""
    line, nodes = solve(deal_cards(number, bytearray(52)), widths)
    if line is not None and not replay(number, line):
        raise RuntimeError("deal %d: the search's line does not win" % number)
    return line is not None, nodes, line


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/atlas/calculation_search.py", description=__doc__.split("\n")[0])
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int)
    ap.add_argument("--widths", default=",".join(map(str, WIDTHS)),
                    help="beam widths tried in turn (default %(default)s)")
    ap.add_argument("--line", action="store_true")
    args = ap.parse_args(argv)
    widths = tuple(int(x) for x in args.widths.split(","))
    won = 0
    t0 = time.time()
    for n in range(args.first, args.last + 1):
        t = time.time()
        ok, nodes, line = solve_deal(n, widths)
        won += ok
        print("%d %s %d %.3f" % (n, "won" if ok else "-", nodes, time.time() - t), flush=True)
        if ok and args.line:
            print(" ".join("%d>%d" % m for m in line))
    k = args.last - args.first + 1
    print("won %d of %d (%.1f %%) in %.1f s" % (won, k, 100.0 * won / k, time.time() - t0))
    return 0


if __name__ == "__main__":
    sys.exit(main())
