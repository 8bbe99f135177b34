"""The Black Hole solver: verdicts against an established solver, lines replayed, slices."""
import csv
import os
import random

import pytest

from engine.blackhole import BlackHole
from engine.solver import BUSY, DEVICE_SLOTS, NOWIN, WON, Solver, prime_at_most
from hw import atlas
from tests.conftest import FIGURES

CSV = os.environ.get("BLACKHOLE_REFERENCE_CSV", "")
NO_CSV = ("solver reference check SKIPPED: set BLACKHOLE_REFERENCE_CSV to "
          "blackhole_pysol_1-1000.csv (.ci/run sets it when ../shared/data has it)")
CAP = 20000


def truth():
    """Deal -> 1 when the established exhaustive solver wins it (deals 1-1000)."""
    if not CSV or not os.path.exists(CSV):
        FIGURES.append("!!! " + NO_CSV)
        pytest.skip(NO_CSV)
    with open(CSV) as f:
        return {int(row["deal"]): int(row["solvable"]) for row in csv.DictReader(f)}


def solve(solver, cap=CAP, step=CAP):
    r = BUSY
    while r == BUSY and solver.nodes < cap:
        r = solver.run(min(step, cap - solver.nodes))
    return r


def replay(game, solver):
    """Play the solver's line through the engine; True when the game ends won."""
    for i in range(solver.line_len):
        game.play(solver.line[i])
    return game.is_won()


@pytest.fixture(scope="module")
def solver():
    return Solver()


def test_device_table_has_a_prime_bucket_count_and_fits_12k():
    s = Solver()
    assert s.buckets == prime_at_most(DEVICE_SLOTS // 2) and s.slots == 2 * s.buckets
    assert len(s.table) * s.table.itemsize <= 12 * 1024


# A fast CI sample of the established solver's verdicts: every 6th deal (167 deals).
SAMPLE = list(range(1, 1001, 6))


def test_sample_agrees_with_established_solver_and_lines_replay(solver):
    t = truth()
    assert sum(t.values()) == 877 and len(t) == 1000
    decided = won = lost = 0
    game = BlackHole()
    for n in SAMPLE:
        game.new_deal(n)
        solver.begin(game)
        r = solve(solver)
        if r == BUSY:
            continue
        decided += 1
        assert r == (WON if t[n] else NOWIN), "deal %d" % n
        if r == WON:
            won += 1
            assert solver.line_len == 51
            assert replay(game, solver), "deal %d" % n
        else:
            lost += 1
    FIGURES.append("Solver CI sample (every 6th deal of 1-1000, device table, cap %d nodes): "
                   "%d of %d decided, all agreeing" % (CAP, decided, len(SAMPLE)))
    assert won > 100 and lost > 10
    assert decided >= 0.93 * len(SAMPLE)


def test_begin_leaves_the_game_alone(solver):
    game = BlackHole()
    game.new_deal(2)
    game.play(1)
    before = game.save()
    solver.begin(game)
    solve(solver)
    assert game.save() == before


def test_slices_give_the_same_search_as_one_call():
    a, b = Solver(), Solver()
    game = BlackHole()
    game.new_deal(39)           # a winnable deal that needs a few thousand nodes
    a.begin(game)
    assert a.run(10 ** 6) == WON
    b.begin(game)
    calls = 0
    while b.run(37) == BUSY:
        calls += 1
        assert b.nodes == 37 * calls
    assert calls > 10
    assert b.nodes == a.nodes
    assert b.line[:b.line_len] == a.line[:a.line_len]


def test_run_answers_busy_within_budget_then_keeps_its_verdict():
    s = Solver()
    game = BlackHole()
    game.new_deal(4)
    s.begin(game)
    assert s.run(10) == BUSY and s.nodes == 10
    assert solve(s, cap=10 ** 6) == WON
    nodes = s.nodes
    assert s.run(100) == WON and s.nodes == nodes


def test_mid_game_positions_solve_and_replay(solver):
    game = BlackHole()
    for n in (2, 3, 6, 7):
        game.new_deal(n)
        solver.begin(game)
        assert solve(solver) == WON
        line = bytes(solver.line[:solver.line_len])
        for f in line[:20]:
            game.play(f)
        solver.begin(game)
        assert solve(solver) == WON
        assert solver.line_len == 31
        assert replay(game, solver)


def test_a_losing_move_gives_nowin_and_undoing_it_gives_won_again():
    # Off a winning line, some single move loses; find one and check both verdicts.
    game = BlackHole()
    s = Solver()
    out = bytearray(17)
    losing = 0
    for n in (2, 3, 6, 7, 8, 9):
        game.new_deal(n)
        s.begin(game)
        assert solve(s) == WON
        line = bytes(s.line[:s.line_len])
        for depth in range(0, 40, 3):
            game.new_deal(n)
            for f in line[:depth]:
                game.play(f)
            for i in range(game.legal_moves(out)):
                game.play(out[i])
                s.begin(game)
                r = solve(s, cap=10 ** 6)
                game.undo()
                assert r != BUSY
                if r == NOWIN:
                    losing += 1
                    s.begin(game)
                    assert solve(s, cap=10 ** 6) == WON
    assert losing >= 5


def test_won_and_stuck_positions():
    s = Solver()
    game = BlackHole()
    game.new_deal(2)
    s.begin(game)
    assert solve(s) == WON
    line = bytes(s.line[:s.line_len])
    for f in line:
        game.play(f)
    s.begin(game)
    assert s.run(10) == WON and s.line_len == 0 and s.nodes == 0
    game.new_deal(1)                       # unwinnable
    while game.first_move() >= 0:
        game.play(game.first_move())
    assert game.is_stuck()
    s.begin(game)
    assert s.run(10) == NOWIN


def test_pruning_never_changes_a_verdict():
    """The walk count, the equal-rank rule and restarts only cut lost positions: compare
    with a plain search from positions off winning lines (small enough to finish)."""
    rng = random.Random(7)
    full, plain = Solver(10007), Solver(10007)
    plain.use_walk = plain.use_equal = False
    plain.rfirst = 0
    game = BlackHole()
    seen = {WON: 0, NOWIN: 0}
    out = bytearray(17)
    winnable = [n for n in range(1, 200) if atlas.winnable(n, atlas.BLACK_HOLE)]
    for trial in range(40):
        n = rng.choice(winnable)
        game.new_deal(n)
        full.begin(game)
        if solve(full) != WON:
            continue
        line = bytes(full.line[:full.line_len])
        for f in line[:rng.randrange(20, 36)]:
            game.play(f)
        k = game.legal_moves(out)
        game.play(out[rng.randrange(k)])
        full.begin(game)
        plain.begin(game)
        a = solve(full, cap=200000)
        b = solve(plain, cap=200000)
        if a == BUSY or b == BUSY:
            continue
        assert a == b, "trial %d deal %d" % (trial, n)
        seen[a] += 1
        if a == WON:
            assert replay(game, full)
    assert seen[WON] >= 5 and seen[NOWIN] >= 5, seen


def first_moves(s):
    return sorted(s.cand[i] for i in range(s.ncand[0]))


def test_of_two_fans_matching_rank_for_rank_only_the_lower_is_played_from():
    """Fans 0 and 5 hold 9-2-6 in other suits; fan 7 holds 9-3-6. With a 5 in the hole, the
    6 on fan 5 is the same move as the 6 on fan 0 (swap the fans in any winning line)."""
    cards = bytearray(51)
    for f in range(17):
        for i, r in enumerate((10, 10, 10)):
            cards[3 * f + i] = r * 4 + (f + i) % 4
    for f, ranks in ((0, (9, 2, 6)), (5, (9, 2, 6)), (7, (9, 3, 6)), (9, (4, 8, 6))):
        for i, r in enumerate(ranks):
            cards[3 * f + i] = r * 4 + f % 4
    heights = bytearray([3] * 17)
    s = Solver()
    s.use_walk = False                          # the layout is not a real deck
    s.load(cards, heights, 5)
    assert first_moves(s) == [0, 7, 9]
    cards[15] = 8 * 4 + 1                       # fan 5 becomes 8-2-6: a bottom card differs
    s.load(cards, heights, 5)
    assert first_moves(s) == [0, 5, 7, 9]
    cards[15] = 9 * 4 + 1
    s.use_equal = False
    s.load(cards, heights, 5)
    assert first_moves(s) == [0, 5, 7, 9]


def some_walk(counts, at, ends):
    """Brute force: a +-1 walk round the ranks from `at` that lands on each rank as often as
    it has cards left and ends on a rank in `ends`."""
    if not any(counts):
        return at in ends
    for step in (1, 12):
        r = (at + step) % 13
        if counts[r]:
            counts[r] -= 1
            found = some_walk(counts, r, ends)
            counts[r] += 1
            if found:
                return True
    return False


def test_walk_count_says_exactly_whether_the_ranks_admit_a_walk():
    """The kept-up walk count against a brute-force search for the walk, on small hands."""
    rng = random.Random(11)
    s = Solver()
    agree = {True: 0, False: 0}
    for trial in range(4000):
        counts = [0] * 13
        top = at = rng.randrange(13)
        for _ in range(rng.randrange(1, 9)):        # a walk's visits, then maybe a change
            at = (at + rng.choice((1, 12))) % 13
            counts[at] = min(4, counts[at] + 1)
        if rng.random() < 0.5:
            r = rng.randrange(13)
            counts[r] = min(4, counts[r] + 1) if rng.random() < 0.5 else max(0, counts[r] - 1)
        if not any(counts):
            continue
        bottoms = [1 if counts[r] and rng.random() < 0.6 else 0 for r in range(13)]
        if not any(bottoms):
            bottoms[counts.index(max(counts))] = 1
        s.counts[:] = bytes(counts)
        s.bottoms[:] = bytes(bottoms)
        s.top = top
        s._walk_init()
        s.x[18] = rng.randrange(13)     # the end tried first (the last to pass): any will do
        want = some_walk(counts, top, {r for r in range(13) if bottoms[r]})
        assert s._walk_ok() == want, (counts, bottoms, top)
        agree[want] += 1
    assert agree[True] >= 300 and agree[False] >= 300, agree


def brute_force_wins(cards, heights, top, seen):
    """Plain search, no pruning: can the fans be cleared from here?"""
    if not any(heights):
        return True
    key = (bytes(heights), top)
    if key in seen:
        return False
    seen.add(key)
    for f in range(17):
        k = heights[f]
        if k and (cards[3 * f + k - 1] // 4 - top) % 13 in (1, 12):
            heights[f] = k - 1
            won = brute_force_wins(cards, heights, cards[3 * f + k - 1] // 4, seen)
            heights[f] = k
            if won:
                return True
    return False


def test_the_order_of_the_fans_prunes_only_lost_positions():
    """Endgames of real deals (a winning line played to 8-14 cards from the end, then a few
    random moves): every position the walk test refuses, on the ranks and the fans' order,
    is lost by a plain search, some of them only by the order, and the solver's verdict is
    the plain search's."""
    rng = random.Random(3)
    s, liner = Solver(), Solver()
    game = BlackHole()
    out = bytearray(17)
    refused = by_order = won = 0
    for trial in range(400):
        game.new_deal(rng.randrange(1, 32001))
        liner.begin(game)
        if solve(liner) != WON:
            continue
        line = bytes(liner.line[:liner.line_len])
        for f in line[:51 - rng.randrange(8, 15)]:
            game.play(f)
        for _ in range(rng.randrange(0, 4)):
            n = game.legal_moves(out)
            if n:
                game.play(out[rng.randrange(n)])
        t = game.tableau
        top = game.top_rank()
        s.load(t.cards, t.heights, top)
        truth = brute_force_wins(t.cards, bytearray(t.heights), top, set())
        won += truth
        if not s._walk_ok():
            refused += 1
            assert not truth, (game.deal_number, bytes(game.history[:game.moves_made]))
            counts = [0] * 13
            for f in range(17):
                for i in range(t.heights[f]):
                    counts[t.cards[3 * f + i] // 4] += 1
            ends = {t.cards[3 * f] // 4 for f in range(17) if t.heights[f]}
            by_order += some_walk(counts, top, ends)
        assert s.run(10 ** 6) == (WON if truth else NOWIN)
    assert won >= 50 and refused >= 30 and by_order >= 5, (won, refused, by_order)


def test_every_position_on_a_winning_line_passes_the_walk_count(solver):
    game = BlackHole()
    s = Solver()
    for n in (2, 3, 5, 6):
        game.new_deal(n)
        solver.begin(game)
        assert solve(solver) == WON
        line = bytes(solver.line[:solver.line_len])
        for f in line[:-1]:
            game.play(f)
            s.begin(game)
            assert s._walk_ok(), (n, game.moves_made)


def split(key):
    return key % 2 ** 18, key >> 18


def test_table_is_exact_and_keeps_the_biggest_proof_per_bucket():
    s = Solver(1031 * 2)
    p = s.buckets
    assert s.slots == 2 * p and len(s.table) == s.slots
    key = 77 * 2 ** 18 + 12345
    same = [key + m * p for m in range(4)]           # one bucket, four keys
    s._bury(*split(same[0]), size=50000)             # a big proof
    assert s._dead(*split(same[0]))
    assert not s._dead(*split(same[1])) and not s._dead(*split(key + 1))
    s._bury(*split(same[1]), size=3)
    s._bury(*split(same[2]), size=5)                 # replaces the small one, not the big
    assert s._dead(*split(same[0])) and s._dead(*split(same[2]))
    assert not s._dead(*split(same[1]))
    s._bury(*split(same[3]), size=10 ** 6)           # bigger still: the big one moves over
    assert s._dead(*split(same[3])) and s._dead(*split(same[0]))
    assert not s._dead(*split(same[2]))


def test_table_words_stay_small_ints_at_device_size():
    s = Solver()
    assert s.slots == 2998 and s.buckets == 1499
    top_key = (12 * 2 ** 16 + 2 ** 16 - 1) * 2 ** 18 + 2 ** 18 - 1
    s._bury(*split(top_key), size=10 ** 9)
    assert s._dead(*split(top_key))
    assert max(s.table) < 2 ** 30


def test_smaller_table_still_agrees(solver):
    """Against the verdict atlas (checked against the reference in tests/test_atlas.py)."""
    small = Solver(1031)
    game = BlackHole()
    for n in range(1, 31):
        game.new_deal(n)
        small.begin(game)
        r = solve(small)
        if r != BUSY:
            assert r == (WON if atlas.winnable(n, atlas.BLACK_HOLE) else NOWIN), n


def test_rejects_tiny_tables():
    with pytest.raises(ValueError):
        Solver(100)


def test_known_winnable_search_finds_lines_and_still_proves_no_win():
    s = Solver()
    game = BlackHole()
    for n in (2, 3, 4, 6):
        game.new_deal(n)
        s.begin(game, winnable=True)
        assert solve(s, cap=10 ** 6) == WON
        assert replay(game, s)
    game.new_deal(1)                      # unwinnable: the answer is still a proof
    s.begin(game, winnable=True)
    assert solve(s, cap=10 ** 6) == NOWIN
