"""The strong YoYo seat over random positions (tests/vm/amigo_positions.py), hands from one
card to nearly the whole deck: it never raises, its move is legal, and no change to what its
seat cannot see (the other hands, the draw pile's order, the other seats' face-down passes,
the game's generator) changes its move. The same checks run under the real CircuitPython."""
import os

from hypothesis import given, settings
from hypothesis import strategies as st

from engine.amigo import DECK, P_PASS, Amigo
from engine.amigo_strong import Strong
from engine.rng import MsRandom
from tests import cpy
from tests.conftest import FIGURES
from tests.test_amigo_kit import all_cards
from tests.vm.amigo_positions import choice, position, scramble

POSITIONS = os.path.join(cpy.ROOT, "tests", "vm", "amigo_positions.py")


def check_position(players, seed, own_seed, rollouts=16):
    """Build a position, ask the strong seat, scramble what it cannot see twice and ask again
    with its generator seeded the same. Returns (position, its move)."""
    rnd = MsRandom(seed)
    g = Amigo()
    position(g, rnd, players)
    assert all_cards(g) == sorted(DECK)
    data = g.save()
    want = choice(g, rollouts, own_seed)
    a, arg, cards = want
    sel = bytearray(20)
    sel[:len(cards)] = cards
    assert g.check(a, arg, sel) == 0, data.hex()
    for _ in range(2):
        h = Amigo()
        h.restore(data)
        scramble(h, rnd)
        assert choice(h, rollouts, own_seed) == want, (data.hex(), h.save().hex())
    assert g.apply(a, arg, sel) == 0
    return g, want


@settings(max_examples=120, deadline=None)
@given(st.integers(2, 6), st.integers(0, 2**30 - 1), st.integers(1, 2**30 - 1),
       st.integers(1, 40))
def test_never_raises_plays_legally_and_never_peeks(players, seed, own_seed, rollouts):
    check_position(players, seed, own_seed, rollouts)


def test_the_positions_reach_big_hands_crowded_choices_and_passes():
    """The property above is only as good as its positions: they include hands of 40+ cards,
    more candidates than the seat has slots, and passes chosen face down by others."""
    big = crowded = passing = 0
    cpu = Strong(4)
    for seed in range(300):
        g = Amigo()
        position(g, MsRandom(seed), 2 + seed % 5)
        big += max(g.counts[:g.players]) >= 40
        passing += g.pending == P_PASS and g.actor != g.seat
        cpu.start(g)
        crowded += cpu.k == 16
    assert big >= 30 and crowded >= 10 and passing >= 20


def test_a_full_candidate_list_keeps_drawing_and_the_best_rated_plays():
    """Over 16 candidate plays the seat keeps drawing (or keeping a drawn card) and the plays
    CPU hard rates highest; it then decides without fault."""
    seen = 0
    for seed in range(400):
        g = Amigo()
        position(g, MsRandom(seed), 2 + seed % 5)
        cpu = Strong(8)
        cpu.start(g)
        if cpu.k < 16 or g.pending not in (1, 2):
            continue
        seen += 1
        assert (2 in cpu.ca) == (g.check(2) == 0)
        assert (3 in cpu.ca) == (g.pending == 2)
        while not cpu.think(g, 8):
            pass
        assert g.check(cpu.move(), cpu.arg, cpu.sel) == 0
    assert seen >= 10


def test_other_seats_passes_are_not_read():
    """The face-down passes alone: with everything else the same, any passes chosen by the
    others give the same move."""
    tried = 0
    for seed in range(400):
        g = Amigo()
        rnd = MsRandom(seed)
        position(g, rnd, 2 + seed % 5)
        if g.pending != P_PASS or g.actor == g.seat:
            continue
        want = choice(g)
        for o in range(g.players):
            if o != g.seat:
                g.passes[o] = rnd.below(g.counts[o])
        assert choice(g) == want
        tried += 1
    assert tried >= 20


# Under CircuitPython 10.2.1: the same positions and scrambles from the engine's generator.
_SCRIPT = """
from engine.amigo import Amigo
from engine.rng import MsRandom
g = Amigo()
h = Amigo()
sel = bytearray(20)
tries = differ = illegal = big = changed = 0
for seed in range(%d):
    rnd = MsRandom(seed)
    position(g, rnd, 2 + seed %% 5)
    big += max(g.counts[:g.players]) >= 40
    data = g.save()
    a, arg, cards = choice(g, 12, 1 + seed)
    for i in range(len(cards)):
        sel[i] = cards[i]
    illegal += g.check(a, arg, sel) != 0
    h.restore(data)
    scramble(h, rnd)
    changed += h.save() != data
    differ += choice(h, 12, 1 + seed) != (a, arg, cards)
    tries += 1
print("FIG tries", tries)
print("FIG big", big)
print("FIG changed", changed)
print("FIG illegal", illegal)
print("FIG differ", differ)
"""


@cpy.needs_cpy
def test_circuitpython_never_raises_and_never_peeks():
    with open(POSITIONS) as f:
        module = f.read()
    n = 150
    figs = cpy.figures(cpy.check(module + _SCRIPT % n, heapsize="512K"))
    FIGURES.append("YoYo strong CPU under CircuitPython 10.2.1: %d random positions (%d with a "
                   "hand of 40+ cards), no fault, %d illegal moves, %d of %d scrambles of what "
                   "it cannot see changed its move"
                   % (figs["tries"], figs["big"], figs["illegal"], figs["differ"],
                      figs["changed"]))
    assert figs["tries"] == n and figs["big"] >= n // 10
    assert figs["changed"] >= n * 9 // 10
    assert figs["illegal"] == 0 and figs["differ"] == 0

