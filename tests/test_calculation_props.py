"""Calculation property tests: the 52 cards are conserved through random play with undo and
redo, undo/redo are inverses, saves round-trip, damaged saves are refused."""
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import calculation_hint
from engine.calculation import OK, STOCK, WASTE, Calculation, SaveError, move_dst, move_src
from engine.calculation_hint import hint

deals = st.integers(min_value=1, max_value=32000)
# Each step: a non-negative number plays the pick-th legal move (modulo), -1 undoes, -2 redoes.
steps = st.lists(st.integers(min_value=-2, max_value=23), max_size=140)


def legal_moves(g, out):
    """Every move check() allows, into out; how many."""
    k = 0
    for src in range(WASTE, STOCK + 1):
        for dst in range(STOCK):
            if g.check(src, dst) == OK:
                out[k] = ((src - WASTE) << 3) | dst
                k += 1
    return k


def all_cards(g):
    out = [g.found[f * 13 + i] for f in range(4) for i in range(g.flen[f])]
    out += [g.waste_card(w, i) for w in range(4) for i in range(g.wlen[w])]
    out += list(g.stock[:g.stock_len])
    return sorted(out)


def snapshot(g):
    """What the table shows (slots above a pile's height are not part of the game)."""
    return (tuple(bytes(g.found[f * 13:f * 13 + g.flen[f]]) for f in range(4)),
            tuple(bytes(g.waste[w * 48:w * 48 + g.wlen[w]]) for w in range(4)),
            bytes(g.stock[:g.stock_len]), g.moves_made)


def run(n, picks, check=None):
    g = Calculation()
    g.new_deal(n)
    out = bytearray(24)
    for p in picks:
        if p == -1:
            g.undo()
        elif p == -2:
            g.redo()
        else:
            k = legal_moves(g, out)
            if k == 0:
                continue
            m = out[p % k]
            g.play(move_src(m), move_dst(m))
        if check:
            check(g)
    return g


def conserved(g):
    assert all_cards(g) == list(range(52))
    assert g.on_foundations() + sum(g.wlen) + g.stock_len == 52
    for f in range(4):                      # each foundation holds exactly its sequence
        for i in range(g.flen[f]):
            assert g.found[f * 13 + i] >> 2 == ((i + 1) * (f + 1) - 1) % 13
    assert g.is_won() == (g.on_foundations() == 52)
    if g.is_stuck():
        assert g.stock_len == 0 and legal_moves(g, bytearray(24)) == 0


@settings(max_examples=300, deadline=None)
@given(deals, steps)
def test_the_52_cards_are_conserved_through_play_undo_and_redo(n, picks):
    run(n, picks, conserved)


@settings(max_examples=200, deadline=None)
@given(deals, steps, st.integers(min_value=0, max_value=100))
def test_undo_then_redo_returns_to_the_same_position(n, picks, k):
    g = run(n, picks)
    while g.redo():
        pass
    end = snapshot(g)
    undone = 0
    while undone < k and g.undo():
        undone += 1
        assert all_cards(g) == list(range(52))
    while g.redo():
        pass
    assert snapshot(g) == end
    back = Calculation()
    back.new_deal(n)
    while g.undo():
        pass
    assert snapshot(g) == snapshot(back)


@settings(max_examples=200, deadline=None)
@given(deals, steps, st.integers(min_value=0, max_value=100))
def test_save_restore_round_trip_keeps_redo(n, picks, k):
    g = run(n, picks)
    for _ in range(k):
        g.undo()
    data = g.save()
    h = Calculation()
    h.restore(data)
    assert snapshot(h) == snapshot(g) and h.deal_number == n and h.save() == data
    while g.redo():
        assert h.redo()
    assert snapshot(h) == snapshot(g) and not h.redo()


@settings(max_examples=150, deadline=None)
@given(deals, steps, st.data())
def test_damaged_saves_are_refused_and_change_nothing(n, picks, data):
    good = run(n, picks).save()
    victim = Calculation()
    victim.new_deal(3)
    victim.play(STOCK, 5)
    before = snapshot(victim)
    cut = data.draw(st.integers(min_value=0, max_value=len(good) - 1))
    flip_at = data.draw(st.integers(min_value=0, max_value=len(good) - 1))
    bit = data.draw(st.integers(min_value=0, max_value=7))
    flipped = bytearray(good)
    flipped[flip_at] ^= 1 << bit
    for bad in (good[:cut], bytes(flipped)):
        try:
            victim.restore(bad)
        except SaveError:
            pass
        else:
            raise AssertionError("damaged save accepted")
        assert snapshot(victim) == before


@settings(max_examples=100, deadline=None)
@given(deals)
def test_the_hint_always_offers_a_legal_move_until_the_game_ends(n):
    # The rollouts choose among legal piles whatever their budget: a small one keeps 100 deals
    # quick (tests/test_calculation_rules.py plays the shipped budget).
    g = Calculation()
    g.new_deal(n)
    budget = calculation_hint.BUDGET
    calculation_hint.BUDGET = 700
    try:
        while True:
            h = hint(g)
            if h < 0:
                break
            g.play(move_src(h), move_dst(h))
    finally:
        calculation_hint.BUDGET = budget
    assert g.is_won() or g.is_stuck()
