"""The played-positions benchmark (tools/bench/positions.py): the verdicts its app view takes
without a search (a move on from a lost position, a move along a found line) are the ones a
search gives."""

from engine.blackhole import BlackHole
from engine.solver import BUSY, NOWIN, WON, Solver
from hw import atlas
from tools.bench import positions as bench_positions

DEALS = (2, 3, 4, 5, 6, 9, 10, 12)


def test_the_app_view_takes_only_verdicts_a_search_confirms():
    # no row comes from the atlas alone
    assert all(atlas.winnable(d, atlas.BLACK_HOLE) for d in DEALS)
    rows = bench_positions.measure_warm(DEALS[0], DEALS[-1], 2000)
    rows = [r for r in rows if r[2] in DEALS]
    saved = {}
    for d in DEALS:
        for name, depth, s in bench_positions.positions(d):
            saved[name, depth, d] = s
    assert len(rows) == len(saved)
    g = BlackHole()
    s = Solver(100003)
    unsearched = 0
    for name, depth, deal, verdict, nodes in rows:
        if verdict == BUSY or nodes:
            continue
        unsearched += 1
        g.restore(saved[name, depth, deal])
        s.begin(g)
        assert s.run(1 << 22) == verdict, (deal, name, depth)
    assert unsearched >= 10
    assert {r[3] for r in rows if r[4] == 0} >= {WON, NOWIN}
