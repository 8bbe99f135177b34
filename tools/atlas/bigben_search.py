"""Big Ben with full information: best-first searches that see the reserve's order, capped in
positions, so they win some of what a player who knew every card could, not all (not a bound).

    python tools/atlas/bigben_search.py 1 50            # deals 1-50: won or not, nodes, seconds
    python tools/atlas/bigben_search.py 7001 --line     # the winning line of deal 7001, as moves
    python tools/atlas/bigben_search.py 1 200 --weights 16,1,1,0,3   # one weighting alone

A position is the piles' and the waste's faces (the two packs' copies play alike, so they are
one position), the foundations' heights and the reserve's length. Positions are taken best
first by cards home, less each card buried under one out of suit sequence; each is expanded
once. A win is a line of engine moves (src, dst), which solve() replays through
engine/bigben.py before it returns it: a deal counts as won only then. A search stops at
`cap` positions expanded; a deal it does not win is not shown lost, only not won.

solve() runs one search per weighting of the score in WEIGHTS, each to `cap`, until one wins.
Each weighting goes astray on different deals: on deals 1001-1200 the first alone won 35 at
1,500 positions, the five at 700 each won 53 (the weightings were picked on deals 101-300).
"""
import heapq
import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
sys.path.insert(0, ROOT)

from engine.bigben import (  # noqa: E402
    BASE_RANK,
    FOUND,
    GAPS,
    HOUR_SUIT,
    HOURS,
    RESERVE,
    WASTE,
    BigBen,
    size,
)

CAP = 700           # positions a weighting
_SIZE = bytes(size(h) for h in range(HOURS))
_HOURS_OF = tuple(tuple(h for h in range(HOURS) if HOUR_SUIT[h] == s) for s in range(4))
# The score's weights, by index: a card home; a card under the first one out of suit sequence
# (by its height); a card in the waste; how deep the card a foundation wants next lies; the
# waste's depth against a pile's, per card.
WEIGHTS = ((16, 1, 1, 0, 3), (8, 1, 1, 0, 3), (16, 0, 1, 1, 3), (16, 2, 2, 2, 2),
           (16, 1, 1, 2, 0))


def _score(piles, waste, fn, W):
    """Cards home, less the cards under one out of suit sequence, less how deep the card each
    foundation wants next lies (a card in the waste twice as deep)."""
    s = W[0] * sum(fn)
    depth = {}
    for p in piles:
        n = len(p)
        for i in range(n - 1, 0, -1):
            a, b = p[i - 1], p[i]
            if a & 3 != b & 3 or (b >> 2) != ((a >> 2) + 12) % 13:
                s -= W[1] * i          # everything under the first card out of sequence
                break
        for i in range(n):
            d = n - 1 - i
            if depth.get(p[i], 99) > d:
                depth[p[i]] = d
    n = len(waste)
    for i in range(n):
        d = W[4] * (n - 1 - i)
        if depth.get(waste[i], 99) > d:
            depth[waste[i]] = d
    for h in range(HOURS):
        if fn[h] < _SIZE[h]:
            d = depth.get(((BASE_RANK[h] + fn[h]) % 13) * 4 + HOUR_SUIT[h], -1)
            if d > 0:
                s -= W[3] * d
    return s - W[2] * n


def moves(piles, waste, res_len, fn):
    """Every legal move of a position as (src, dst): builds first, then pile moves."""
    out = []
    takers = {}             # a full pile's top face -> the piles with it, in order
    for q in range(HOURS):
        t = piles[q]
        if len(t) >= 3:
            f = t[-1]
            # the face a pile with top f takes: same suit, a rank lower (the Ace under a 2)
            k = (((f >> 2) + 12) % 13) * 4 + (f & 3)
            takers.setdefault(k, []).append(q)
    later = []
    for src in range(HOURS + 1):
        p = piles[src] if src < HOURS else waste
        if not p:
            continue
        f = p[-1]
        r = f >> 2
        for h in _HOURS_OF[f & 3]:
            if fn[h] < _SIZE[h] and (BASE_RANK[h] + fn[h]) % 13 == r:
                out.append((WASTE if src == HOURS else src, FOUND + h))
        if not out:
            s = WASTE if src == HOURS else src
            for q in takers.get(f, ()):
                if q != src:
                    later.append((s, q))
    if out:             # a build is never worse than a pile move: the builds alone are tried
        return out
    out = later
    if res_len:
        out.append((RESERVE, GAPS) if any(len(p) < 3 for p in piles) else (RESERVE, WASTE))
    return out


def apply(piles, waste, res_len, fn, reserve, m):
    """The position after move m, as new objects (the old position is kept)."""
    src, dst = m
    piles = list(piles)
    if src == RESERVE:
        if dst == WASTE:
            res_len -= 1
            return piles, waste + reserve[res_len:res_len + 1], res_len, fn
        for p in range(HOURS):
            need = 3 - len(piles[p])
            if need > 0 and res_len:
                k = min(need, res_len)
                piles[p] = piles[p] + reserve[res_len - k:res_len][::-1]
                res_len -= k
        return piles, waste, res_len, fn
    if src == WASTE:
        c = waste[-1]
        waste = waste[:-1]
    else:
        c = piles[src][-1]
        piles[src] = piles[src][:-1]
    if dst >= FOUND:
        fn = bytearray(fn)
        fn[dst - FOUND] += 1
        fn = bytes(fn)
    else:
        piles[dst] = piles[dst] + bytes((c,))
    return piles, waste, res_len, fn


def search(layout, cap=CAP, w=WEIGHTS[0]):
    """(line or None, positions expanded) for a deal's layout (engine order, 104 cards), with
    the score weighted by w."""
    faces = bytes(c >> 1 for c in layout)
    reserve = faces[48:104]
    piles = [faces[12 + 3 * h:15 + 3 * h] for h in range(HOURS)]
    start = (piles, b"", 56, bytes(HOURS * (1,)))
    parent = {}
    key0 = _key(*start)
    parent[key0] = None
    heap = [(-_score(piles, b"", start[3], w), 0, start, key0)]
    tick = expanded = 0
    while heap and expanded < cap:
        _, _, pos, key = heapq.heappop(heap)
        expanded += 1
        for m in moves(*pos):
            nxt = apply(*pos[:4], reserve, m)
            k = _key(*nxt)
            if k in parent:
                continue
            parent[k] = (key, m)
            if sum(nxt[3]) == 104:
                return _line(parent, k), expanded
            tick += 1
            heapq.heappush(heap, (-_score(nxt[0], nxt[1], nxt[3], w), -tick, nxt, k))
    return None, expanded


def _key(piles, waste, res_len, fn):
    return b"\xff".join(piles) + b"\xfe" + waste + bytes((res_len,)) + fn


def _line(parent, k):
    out = []
    while parent[k] is not None:
        k, m = parent[k]
        out.append(m)
    return out[::-1]


def solve(number, cap=CAP, strict=False, weights=WEIGHTS):
    """(line, positions expanded in all) for deal `number`: each weighting in turn searches
    to `cap` until one wins; line is None unless it replays to a win."""
    g = BigBen()
    g.new_deal(number)
    expanded = 0
    for w in weights:
        line, k = search(g.layout, cap, w)
        expanded += k
        if line is not None:
            break
    if line is not None and not replays(number, line, strict):
        raise RuntimeError("deal %d: the search's line does not win" % number)
    return line, expanded


def replays(number, line, strict=False):
    g = BigBen()
    g.strict = strict
    g.new_deal(number)
    for src, dst in line:
        g.play(src, dst)
    return g.is_won()


def main(argv=None):
    import argparse
    import time
    ap = argparse.ArgumentParser(
        prog="tools/atlas/bigben_search.py", description=__doc__.split("\n")[0])
    ap.add_argument("first", type=int)
    ap.add_argument("last", type=int, nargs="?")
    ap.add_argument("--cap", type=int, default=CAP, help="positions expanded a weighting")
    ap.add_argument("--weights", help="one weighting (five integers, comma separated) alone")
    ap.add_argument("--line", action="store_true", help="print each winning line")
    args = ap.parse_args(argv)
    weights = WEIGHTS
    if args.weights:
        w = args.weights.split(",")
        if len(w) != 5 or not all(x.strip().isdigit() for x in w):
            ap.error("--weights takes five whole numbers, comma separated")
        weights = (tuple(int(x) for x in w),)
    last = args.last or args.first
    won = 0
    for n in range(args.first, last + 1):
        t0 = time.process_time()
        line, expanded = solve(n, args.cap, weights=weights)
        won += line is not None
        print("%d %s %d %.2fs" % (n, "won" if line else "-", expanded, time.process_time() - t0))
        if line and args.line:
            print(" ".join("%d %d" % m for m in line))
    print("won %d of %d (cap %d)" % (won, last - args.first + 1, args.cap))
    return 0


if __name__ == "__main__":
    sys.exit(main())
