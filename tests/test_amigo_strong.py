"""The strong YoYo CPU (engine/amigo_strong.py): it never peeks, its moves are legal, slices
give the same move as one go, and under the real CircuitPython it allocates nothing per
rollout and fits the CPU seats' heap budget."""
import random

import pytest

from engine.amigo import DECK_SIZE, ESCALATE, P_DRAWN, P_OVER, Amigo
from engine.amigo_cpu import GREEDY, PLANNER, Cpu
from engine.amigo_strong import STRONG, Strong
from tests import cpy
from tests.conftest import FIGURES
from tests.test_amigo_kit import all_cards

CPU_BUDGET = 4 * 1024       # as for amigo_cpu (tests/test_amigo_fit.py)
PEAK_BUDGET = 2 * 1024


def positions(players, seed, every=1):
    """Positions met in a CPU-only match (planner and greedy seats, the escalated rule in odd
    seeds), as saves: a decision of every kind turns up."""
    cpus = [Cpu(GREEDY), Cpu(PLANNER)]
    g = Amigo()
    g.new_match(players, seed, ESCALATE if seed & 1 else 0)
    out = []
    k = 0
    while True:
        while g.pending != P_OVER:
            if k % every == 0:
                out.append(g.save())
            k += 1
            cpu = cpus[g.seat & 1]
            assert g.apply(cpu.decide(g), cpu.arg, cpu.sel) == 0
        if g.match_over():
            return out
        g.next_game()


def restored(data):
    g = Amigo()
    g.restore(data)
    return g


def scramble(g, rnd):
    """The same position as far as g.seat can tell: the other hands and the draw pile
    re-dealt from the cards among them (counts kept), the other seats' passes, another game
    seed and generator state, another last-taken card."""
    s = g.seat
    hidden = list(g.draw[:g.draw_len])
    for o in range(g.players):
        if o != s:
            hidden += [g.card(o, i) for i in range(g.counts[o])]
    rnd.shuffle(hidden)
    k = 0
    for o in range(g.players):
        if o != s:
            m = g.counts[o]
            g.hands[o * DECK_SIZE:o * DECK_SIZE + m] = bytes(sorted(hidden[k:k + m]))
            g.passes[o] = rnd.randrange(m)      # face down, if chosen yet
            k += m
    g.draw[:g.draw_len] = bytes(hidden[k:])
    g.seed = rnd.randrange(1 << 30)
    g.rng.seed(rnd.randrange(1 << 30))
    if g.pending != P_DRAWN:
        g.drawn = rnd.choice(hidden)
    g.taken = rnd.choice(hidden)


def choice(g, rollouts=24, seed=5):
    cpu = Strong(rollouts, seed=seed)
    a = cpu.decide(g)
    return a, cpu.arg, bytes(cpu.sel[:cpu.arg]) if a == 1 else b""


@pytest.mark.parametrize("players", [2, 3, 4, 6])
def test_choice_does_not_change_when_the_hidden_cards_do(players):
    rnd = random.Random(players)
    changed = tries = 0
    for data in positions(players, 40 + players, every=3)[:60]:
        g = restored(data)
        before = choice(g)
        for _ in range(3):
            h = restored(data)
            scramble(h, rnd)
            assert all_cards(h) == all_cards(g)
            changed += h.save() != data
            tries += 1
            assert choice(h) == before, h.save().hex()
    # the scrambles did change what the seat cannot see
    assert tries >= 60 and changed > tries * 9 // 10


def test_own_hand_does_change_the_choice():
    """The control for the test above: what the seat does see matters."""
    differ = 0
    for data in positions(2, 7, every=2)[:40]:
        g = restored(data)
        a = choice(g)
        s = g.seat
        o = 1 - s
        m = min(g.counts[s], g.counts[o])
        mine = bytes(g.hands[s * DECK_SIZE:s * DECK_SIZE + m])
        g.hands[s * DECK_SIZE:s * DECK_SIZE + m] = g.hands[o * DECK_SIZE:o * DECK_SIZE + m]
        g.hands[o * DECK_SIZE:o * DECK_SIZE + m] = mine
        differ += choice(g) != a
    assert differ > 5


def test_slices_give_the_move_of_one_go_and_every_move_is_legal():
    for players in (2, 3, 5):
        g = Amigo()
        g.new_match(players, 300 + players, ESCALATE,
                    bytes(STRONG if s == 0 else GREEDY for s in range(players)))
        one = Strong(30, seed=9)
        sliced = Strong(30, seed=9)
        greedy = Cpu(GREEDY)
        while True:
            while g.pending != P_OVER:
                if g.kinds[g.seat] == STRONG:
                    a = one.decide(g)
                    sliced.start(g)
                    slices = 1
                    while not sliced.think(g, 7):
                        slices += 1
                    assert sliced.think(g, 7)           # ready stays ready
                    assert sliced.move() == a and sliced.arg == one.arg
                    assert sliced.sel[:one.arg] == one.sel[:one.arg]
                    assert slices <= 30 // 7 + 1
                    assert g.apply(a, one.arg, one.sel) == 0
                else:
                    assert g.apply(greedy.decide(g), greedy.arg, greedy.sel) == 0
            if g.match_over():
                break
            g.next_game()


def test_move_is_ready_early_when_the_clock_runs_out():
    """A screen may stop thinking at any slice (its time budget); move() then gives the best
    so far, a legal move."""
    for data in positions(3, 11, every=2)[:40]:
        g = restored(data)
        cpu = Strong(60, seed=3)
        cpu.start(g)
        cpu.think(g, 1)
        a = cpu.move()
        assert g.check(a, cpu.arg, cpu.sel) == 0


def test_beats_greedy_at_two_players():
    won = 0
    matches = 30
    cpus = {GREEDY: Cpu(GREEDY), STRONG: Strong(40, seed=2)}
    for seed in range(matches):
        g = Amigo()
        ps = seed & 1
        g.new_match(2, 900 + seed, seed & 1, bytes(STRONG if s == ps else GREEDY for s in range(2)))
        while True:
            while g.pending != P_OVER:
                cpu = cpus[g.kinds[g.seat]]
                assert g.apply(cpu.decide(g), cpu.arg, cpu.sel) == 0
            if g.match_over():
                break
            g.next_game()
        won += g.scores[ps] == max(g.scores[:2])
    assert won > matches // 2


# Under CircuitPython: import and construction heap, then many decisions with gc off, the
# heap compared before and after each decision's rollouts (the buffers exist after start()).
_SCRIPT = """
import gc
gc.collect()
base = gc.mem_alloc()
import engine.rng, engine.crc
from engine.amigo import Amigo, P_OVER
from engine.amigo_cpu import Cpu, GREEDY
gc.collect()
rules_cpu = gc.mem_alloc() - base
from engine.amigo_strong import Strong, STRONG, ROLLOUTS
gc.collect()
module = gc.mem_alloc() - base - rules_cpu
cpu = Strong()
gc.collect()
obj = gc.mem_alloc() - base - rules_cpu - module
g = Amigo()
greedy = Cpu(GREEDY)
grew = rollouts = decisions = peak = n = a = before = 0
gc.collect()
floor = gc.mem_alloc()
while n < 6:
    n += 1
    g.new_match(2 + n % 5, 700 + n, n & 1, bytes([STRONG, GREEDY, GREEDY, GREEDY, GREEDY, GREEDY]))
    while g.pending != P_OVER:
        if g.seat == 0:
            gc.collect()
            gc.disable()
            before = gc.mem_alloc()
            cpu.start(g)
            if gc.mem_alloc() - before > peak:
                peak = gc.mem_alloc() - before
            before = gc.mem_alloc()
            while not cpu.think(g, 8):
                pass
            grew += gc.mem_alloc() - before
            rollouts += cpu.done
            decisions += 1
            a = cpu.move()
            gc.enable()
            g.apply(a, cpu.arg, cpu.sel)
        else:
            g.apply(greedy.decide(g), greedy.arg, greedy.sel)
print("FIG module", module)
print("FIG object", obj)
print("FIG start_peak", peak)
print("FIG bytes_all_rollouts", grew)
print("FIG rollouts", rollouts)
print("FIG decisions", decisions)
print("FIG budget", ROLLOUTS[2])
"""


@cpy.needs_cpy
def test_circuitpython_heap_and_no_allocation_per_rollout(tmp_path):
    build = cpy.compile_tree(str(tmp_path), dirs=("engine",))
    figs = cpy.figures(cpy.check(_SCRIPT, path=(build,), heapsize="256K"))
    retained = figs["module"] + figs["object"]
    FIGURES.append("YoYo strong CPU under CircuitPython 10.2.1 (compiled .mpy), %d decisions:"
                   % figs["decisions"])
    FIGURES.append("  module retained after import : %6d bytes" % figs["module"])
    FIGURES.append("  one Strong (scratch game, buffers): %6d bytes" % figs["object"])
    FIGURES.append("  retained in all              : %6d bytes (CPU budget %d)"
                   % (retained, CPU_BUDGET))
    FIGURES.append("  allocated by start(), gc off : %6d bytes (peak budget %d)"
                   % (figs["start_peak"], PEAK_BUDGET))
    FIGURES.append("  allocated over %d rollouts : %6d bytes (budget 0)"
                   % (figs["rollouts"], figs["bytes_all_rollouts"]))
    assert figs["rollouts"] > 1000
    assert figs["bytes_all_rollouts"] == 0
    assert figs["start_peak"] == 0


def test_rollout_policy_is_the_greedy_seat():
    """Rollouts play every seat as engine.amigo_cpu's GREEDY does, by a faster path."""
    from engine.amigo_rollout import greedy as fast
    greedy = Cpu(GREEDY)
    f = Cpu(GREEDY)
    sel = bytearray(20)
    n = 0
    for players in (2, 3, 4, 6):
        for data in positions(players, 60 + players):
            g = restored(data)
            a = greedy.decide(g)
            assert fast(g, f, sel) == a and f.arg == greedy.arg
            if a == 1:
                assert sel[:f.arg] == greedy.sel[:greedy.arg]
            n += 1
    assert n > 1000


def test_field_indices_follow_the_engine():
    from engine import amigo, amigo_strong
    assert amigo.NAMES.index("drawn") == amigo_strong._DRAWN
    assert amigo.NAMES.index("taken") == amigo_strong._TAKEN


def test_with_draw_any_drawing_is_a_candidate_while_a_card_fits():
    from engine.amigo import A_DRAW, DRAW_ANY
    g = Amigo()
    g.new_match(3, 5, DRAW_ANY)
    cpu = Strong(12)
    cpu.start(g)
    assert g.can_play(g.seat) and A_DRAW in cpu.ca[:cpu.k]
    g.options = 0
    cpu.start(g)
    assert A_DRAW not in cpu.ca[:cpu.k]


# Under CircuitPython: the no-peeking check again, on the board's own interpreter (its 31-bit
# small ints and its bytearrays), with the engine's generator doing the scrambling.
_NO_PEEK = """
from engine.amigo import Amigo, P_OVER, P_DRAWN, ESCALATE
from engine.amigo_cpu import Cpu, GREEDY, PLANNER
from engine.amigo_strong import Strong
from engine.rng import MsRandom
cpus = [Cpu(GREEDY), Cpu(PLANNER)]
g = Amigo()
h = Amigo()
rnd = MsRandom(99)
buf = bytearray(64)
tries = changed = differ = k = 0

def choice(x):
    c = Strong(16, seed=5)
    a = c.decide(x)
    return (a, c.arg, bytes(c.sel[:c.arg]) if a == 1 else b"")

def scramble(x):
    s = x.seat
    m = 0
    for i in range(x.draw_len):
        buf[m] = x.draw[i]
        m += 1
    for o in range(x.players):
        if o != s:
            for i in range(x.counts[o]):
                buf[m] = x.card(o, i)
                m += 1
    rnd.shuffle(buf, m)
    for o in range(x.players):
        if o != s:
            n = x.counts[o]
            x.counts[o] = 0
            for i in range(n):
                m -= 1
                x._add(o, buf[m])
    for i in range(m):
        x.draw[i] = buf[i]
    x.seed = rnd.rand()
    x.rng.seed(rnd.rand())
    x.taken = buf[0]
    if x.pending != P_DRAWN:
        x.drawn = buf[1]

for players in (2, 3, 4, 6):
    g.new_match(players, 50 + players, players & 1)
    k = 0
    while g.pending != P_OVER and k < 75:
        if k % 3 == 0:
            data = g.save()
            want = choice(g)
            for r in range(2):
                h.restore(data)
                scramble(h)
                changed += h.save() != data
                tries += 1
                differ += choice(h) != want
        k += 1
        c = cpus[g.seat & 1]
        g.apply(c.decide(g), c.arg, c.sel)
print("FIG tries", tries)
print("FIG changed", changed)
print("FIG differ", differ)
"""


@cpy.needs_cpy
def test_circuitpython_choice_does_not_change_when_the_hidden_cards_do():
    figs = cpy.figures(cpy.check(_NO_PEEK, heapsize="512K"))
    FIGURES.append("YoYo strong CPU under CircuitPython 10.2.1: %d scrambles of what it cannot see"
                   " (%d changed the position), %d changed its choice"
                   % (figs["tries"], figs["changed"], figs["differ"]))
    assert figs["tries"] >= 100 and figs["changed"] > figs["tries"] * 9 // 10
    assert figs["differ"] == 0


def test_one_strong_object_serves_every_strong_seat():
    """ui/yoyo_amigo/play.py's Cpus makes one Strong for all strong seats (one set of buffers):
    nothing of one seat's decision carries into the next seat's but the generator, so each
    decision equals a fresh object's given the same generator state."""
    g = Amigo()
    g.new_match(4, 31, ESCALATE, bytes([STRONG, STRONG, GREEDY, STRONG]))
    shared = Strong(20, seed=4)
    greedy = Cpu(GREEDY)
    seats = set()
    while True:
        while g.pending != P_OVER:
            if g.kinds[g.seat] == STRONG:
                fresh = Strong(20)
                fresh.rng._lo, fresh.rng._hi = shared.rng._lo, shared.rng._hi
                a = shared.decide(g)
                assert fresh.decide(g) == a and fresh.arg == shared.arg
                if a == 1:
                    assert fresh.sel[:shared.arg] == shared.sel[:shared.arg]
                seats.add(g.seat)
                assert g.apply(a, shared.arg, shared.sel) == 0
            else:
                assert g.apply(greedy.decide(g), greedy.arg, greedy.sel) == 0
        if g.game >= 1:
            break
        g.next_game()
    assert seats == {0, 1, 3}
