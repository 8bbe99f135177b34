"""The verdict atlas (hw/blackhole_atlas.bin, made by tools/atlas/blackhole.py) and its board-side
reader
hw/atlas.py: exact against the reference verdicts and the solver, read without loading it,
and under the real CircuitPython from compiled files."""
import csv
import os
import random
import shutil

import pytest

from engine.blackhole import BlackHole
from engine.solver import BUSY, WON, Solver
from hw import atlas
from tests import cpy
from tests.conftest import FIGURES
from tools.atlas import blackhole as maker
from tools.atlas import common

BH = atlas.BLACK_HOLE
ATLAS = os.path.join(cpy.ROOT, "hw", BH)
REFERENCE = os.environ.get("BLACKHOLE_REFERENCE_CSV", "")
NO_REFERENCE = ("atlas reference check SKIPPED: set BLACKHOLE_REFERENCE_CSV to "
                "blackhole_pysol_1-1000.csv (.ci/run sets it when ../shared/data has it)")


@pytest.fixture
def fake_atlas(tmp_path):
    """A random verdict table packed by the tool, in use by the reader for one test."""
    rng = random.Random(14)
    verdicts = {n: rng.random() < 0.85 for n in range(1, atlas.LAST_DEAL + 1)}
    p = tmp_path / BH
    p.write_bytes(common.pack(verdicts))
    atlas.use(str(p), BH)
    yield verdicts
    atlas.use(None, BH)


@pytest.fixture
def real_atlas():
    assert os.path.exists(ATLAS), "hw/%s is missing: run make atlas" % BH
    atlas.use(ATLAS, BH)
    yield
    atlas.use(None, BH)


def test_layout_constants_agree():
    assert atlas.TABLE_BYTES == (atlas.LAST_DEAL >> 3) + 1
    assert atlas.BLOCKS == common.BLOCKS
    assert atlas.BLOCKS * atlas.BLOCK_BYTES >= atlas.TABLE_BYTES


def test_reader_answers_every_deal_of_a_packed_table(fake_atlas):
    won = sorted(n for n, w in fake_atlas.items() if w)
    assert all(atlas.winnable(n, BH) == fake_atlas[n] for n in range(1, atlas.LAST_DEAL + 1))
    assert atlas.count(BH) == len(won)
    rng = random.Random(3)
    for k in [0, 1, 255, 256, len(won) - 1] + [rng.randrange(len(won)) for _ in range(300)]:
        assert atlas.nth_winnable(k, BH) == won[k], k
    assert atlas.nth_winnable(len(won), BH) == 0 and atlas.nth_winnable(-1, BH) == 0
    assert atlas.random_winnable(len(won) + 5, BH) == won[5]
    assert common.unpack(common.pack(fake_atlas)) == fake_atlas


def test_every_block_boundary(fake_atlas):
    won = sorted(n for n, w in fake_atlas.items() if w)
    for k in range(len(won)):
        if k % 97 == 0 or won[k] >> 8 != won[k - 1] >> 8:
            assert atlas.nth_winnable(k, BH) == won[k], k


def test_outside_the_range_or_without_a_file_it_says_none(fake_atlas, tmp_path):
    assert atlas.winnable(0, BH) is None and atlas.winnable(atlas.LAST_DEAL + 1, BH) is None
    atlas.use(str(tmp_path / "absent.bin"), BH)
    assert atlas.winnable(5, BH) is None
    atlas.use("", BH)
    assert atlas.winnable(5, BH) is None and atlas.count(BH) == 0
    assert atlas.nth_winnable(0, BH) == 0 and atlas.random_winnable(7, BH) == 0


def test_reader_finds_the_file_beside_itself():
    atlas.use(None, BH)
    assert atlas.path(BH) == ATLAS


def packed(tmp_path, name, seed, rate):
    """A random verdict table for atlas name, packed by the tool into tmp_path: (verdicts, path)."""
    rng = random.Random(seed)
    verdicts = {n: rng.random() < rate for n in range(1, atlas.LAST_DEAL + 1)}
    p = tmp_path / name
    p.write_bytes(common.pack(verdicts))
    return verdicts, str(p)


def test_each_game_reads_its_own_file_and_black_hole_keeps_its_calls(tmp_path):
    """Three files of one layout at once: each name answers from its own, Black Hole's by the
    calls without a name it has always used, and a game without its file deals from none."""
    calc, calc_path = packed(tmp_path, atlas.CALCULATION, 3, 0.3)
    bb, bb_path = packed(tmp_path, atlas.BIG_BEN, 4, 0.05)
    bh, bh_path = packed(tmp_path, BH, 5, 0.85)
    try:
        atlas.use(calc_path, atlas.CALCULATION)
        atlas.use(bb_path, atlas.BIG_BEN)
        atlas.use(bh_path, BH)
        for verdicts, name in ((calc, atlas.CALCULATION), (bb, atlas.BIG_BEN), (bh, BH)):
            won = sorted(n for n, w in verdicts.items() if w)
            assert atlas.count(name) == len(won)
            assert all(atlas.winnable(n, name) == verdicts[n] for n in range(1, 3000))
            assert [atlas.nth_winnable(k, name) for k in (0, 7, len(won) - 1)] == \
                [won[0], won[7], won[-1]]
            assert atlas.random_winnable(len(won) + 9, name) == won[9]
        with pytest.raises(TypeError):      # no game's file is the default: each names its own
            atlas.count()
        assert atlas.path(atlas.BIG_BEN) == bb_path and atlas.path(BH) == bh_path
        atlas.use(str(tmp_path / "absent.bin"), atlas.BIG_BEN)      # Big Ben's is gone
        assert atlas.count(atlas.BIG_BEN) == 0 and atlas.winnable(5, atlas.BIG_BEN) is None
        assert atlas.random_winnable(7, atlas.BIG_BEN) == 0
        assert atlas.count(atlas.CALCULATION) == sum(calc.values())     # the others stay
    finally:
        for name in (atlas.CALCULATION, atlas.BIG_BEN, BH):
            atlas.use(None, name)


def test_a_game_without_its_file_beside_the_reader_has_none(tmp_path, monkeypatch):
    """Looked for beside the reader, then in /hw/ and /: found nowhere, the answer is ""
    (remembered), and looking again after use(None) finds a file put there since."""
    monkeypatch.setattr(atlas, "_here", lambda: str(tmp_path) + "/")
    name = "nogame_atlas.bin"
    try:
        assert atlas.path(name) == "" and atlas.count(name) == 0
        packed(tmp_path, name, 6, 0.5)
        assert atlas.path(name) == ""           # remembered: no stat per question
        atlas.use(None, name)
        assert atlas.path(name) == str(tmp_path / name) and atlas.count(name) > 10000
    finally:
        atlas.use(None, name)


def test_atlas_file_is_about_4k_and_covers_every_deal(real_atlas):
    with open(ATLAS, "rb") as f:
        data = f.read()
    assert len(data) == atlas.TABLE_BYTES + 2 * (atlas.BLOCKS + 1) < 4400
    assert data[0] & 1 == 0
    verdicts = common.unpack(data)
    assert common.pack(verdicts) == data          # the counts match the bits
    n = atlas.count(BH)
    FIGURES.append("Atlas: %d of deals 1-%d winnable (%.2f %%), %d bytes"
                   % (n, atlas.LAST_DEAL, 100.0 * n / atlas.LAST_DEAL, len(data)))
    assert 0.8 * atlas.LAST_DEAL < n < 0.95 * atlas.LAST_DEAL


def test_atlas_agrees_with_the_reference_on_1_to_1000(real_atlas):
    if not REFERENCE or not os.path.exists(REFERENCE):
        FIGURES.append("!!! " + NO_REFERENCE)
        pytest.skip(NO_REFERENCE)
    with open(REFERENCE) as f:
        ref = {int(r["deal"]): bool(int(r["solvable"])) for r in csv.DictReader(f)}
    assert len(ref) == 1000
    bad = [n for n in sorted(ref) if atlas.winnable(n, BH) != ref[n]]
    assert not bad
    FIGURES.append("Atlas against the reference solver: deals 1-1000 all agree")


def test_atlas_agrees_with_the_solver_on_a_sample_of_other_deals(real_atlas):
    """Deals above 1000 the solver decides quickly (within 20,000 nodes at device size)."""
    rng = random.Random(1414)
    s = Solver()
    g = BlackHole()
    checked = won = lost = 0
    for n in rng.sample(range(1001, atlas.LAST_DEAL + 1), 150):
        g.new_deal(n)
        s.begin(g)
        r = s.run(20000)
        if r == BUSY:
            continue
        checked += 1
        assert atlas.winnable(n, BH) == (r == WON), n
        won += r == WON
        lost += r != WON
    FIGURES.append("Atlas against the solver on 150 random deals 1001-32000: %d decided "
                   "within 20,000 nodes, all agreeing (%d won, %d no win)" % (checked, won, lost))
    assert checked >= 130 and won > 100 and lost > 5


# Under CircuitPython, from compiled files: the reader finds the file beside its own .mpy,
# answers as on CPython, and allocates only what open() costs.
ON_BOARD = """
import gc
from hw import atlas
print("PATH", atlas.path(atlas.BLACK_HOLE))
for n in (1, 2, 400, 915, 31999, 32000):
    print("DEAL", n, atlas.winnable(n, atlas.BLACK_HOLE))
print("COUNT", atlas.count(atlas.BLACK_HOLE))
for k in (0, 1, 1000, 27000):
    print("NTH", k, atlas.nth_winnable(k, atlas.BLACK_HOLE))
atlas.winnable(7, atlas.BLACK_HOLE)
atlas.random_winnable(12345, atlas.BLACK_HOLE)
gc.collect()
a = gc.mem_alloc()
atlas.winnable(8, atlas.BLACK_HOLE)
print("FIG winnable_bytes", gc.mem_alloc() - a)
gc.collect()
a = gc.mem_alloc()
atlas.random_winnable(54321, atlas.BLACK_HOLE)
print("FIG random_bytes", gc.mem_alloc() - a)
print("CPATH", atlas.path(atlas.CALCULATION))
for n in (1, 2, 400, 915, 31999, 32000):
    print("CDEAL", n, atlas.winnable(n, atlas.CALCULATION))
print("CCOUNT", atlas.count(atlas.CALCULATION))
print("BCOUNT", atlas.count(atlas.BIG_BEN))
atlas.winnable(9, atlas.CALCULATION)
gc.collect()
a = gc.mem_alloc()
atlas.winnable(10, atlas.CALCULATION)
print("FIG other_bytes", gc.mem_alloc() - a)
"""


@cpy.needs_cpy
def test_reader_under_circuitpython_from_mpy(tmp_path, real_atlas):
    dest = str(tmp_path / "board")
    os.makedirs(os.path.join(dest, "hw"))
    cpy.compile_file(os.path.join(cpy.ROOT, "hw", "atlas.py"),
                     os.path.join(dest, "hw", "atlas.mpy"))
    open(os.path.join(dest, "hw", "__init__.py"), "w").close()
    shutil.copy(ATLAS, os.path.join(dest, "hw", BH))
    calc, _ = packed(tmp_path / "board" / "hw", atlas.CALCULATION, 3, 0.3)   # Big Ben's absent
    out = cpy.check(ON_BOARD, path=(dest,), heapsize="64K", cwd=dest)
    lines = out.splitlines()
    assert lines[0].startswith("PATH ")        # the folder is run under a fixed name (tests/cpy.py)
    assert os.path.realpath(lines[0][5:]) == os.path.realpath(os.path.join(dest, "hw", BH))
    for line in lines:
        w = line.split()
        if w[0] == "DEAL":
            assert w[2] == str(atlas.winnable(int(w[1]), BH))
        elif w[0] == "COUNT":
            assert int(w[1]) == atlas.count(BH)
        elif w[0] == "NTH":
            assert int(w[2]) == atlas.nth_winnable(int(w[1]), BH)
        elif w[0] == "CDEAL":
            assert w[2] == str(calc[int(w[1])])
    assert "CCOUNT %d" % sum(calc.values()) in lines and "BCOUNT 0" in lines
    assert any(x.startswith("CPATH ") and x.endswith("/hw/" + atlas.CALCULATION) for x in lines)
    figs = cpy.figures(out)
    FIGURES.append("Atlas reader under CircuitPython 10.2.1 (.mpy): %d B per winnable(), "
                   "%d B per random_winnable() (the file object open() makes)"
                   % (figs["winnable_bytes"], figs["random_bytes"]))
    assert figs["winnable_bytes"] <= 256 and figs["random_bytes"] <= 256
    assert figs["other_bytes"] <= figs["winnable_bytes"]     # another game's file: no dearer


def test_the_tool_decides_deals_as_the_atlas_says(real_atlas):
    maker._init(10007)
    for n in range(1, 21):
        deal, won, nodes, _ = maker.decide(n)
        assert deal == n and won == atlas.winnable(n, BH) and nodes >= 0


def test_the_tool_resumes_from_its_progress_file(tmp_path, real_atlas):
    progress = str(tmp_path / "progress.csv")
    done = maker.run(3, 6, 1, 10007, progress)
    assert sorted(done) == [3, 4, 5, 6]
    again = maker.run(3, 7, 1, 10007, progress)       # only deal 7 is searched
    assert sorted(again) == [3, 4, 5, 6, 7]
    with open(progress) as f:
        assert len(f.read().splitlines()) == 5
    assert all(again[n][0] == atlas.winnable(n, BH) for n in again)


def test_the_tool_checks_the_file_against_the_reference(real_atlas):
    if not REFERENCE or not os.path.exists(REFERENCE):
        pytest.skip(NO_REFERENCE)
    assert maker.check(ATLAS, maker.read_reference(REFERENCE))
