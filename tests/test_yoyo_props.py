"""Yo-yo properties over random legal actions, CPU-only games, and saves good and bad."""
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine.cards import DECK_SIZE
from engine.crc import crc16
from engine.tableau import NUM_FANS
from engine.yoyo import (
    FREE_WAY,
    GREEDY,
    LOOKAHEAD,
    MAX_ACTIONS,
    OVER,
    STUCK,
    XFER_MAY,
    SaveError,
    Yoyo,
)
from engine.yoyo_cpu import Cpu
from tests.conftest import FIGURES
from tests.test_yoyo_kit import all_cards, snapshot

deals = st.integers(min_value=1, max_value=2**30 - 1)
seats = st.sampled_from([(2, 0), (2, 1), (3, 0), (3, 1), (3, 2)])
picks = st.lists(st.integers(min_value=0, max_value=16), max_size=220)


def random_game(n, players, first, choices, out=None, options=0):
    g = Yoyo()
    g.new_game(n, players, first, b"", options)
    out = out or bytearray(NUM_FANS)
    for p in choices:
        k = g.legal(out)
        if k == 0:
            break
        g.play(out[p % k])
    return g


@settings(max_examples=150, deadline=None)
@given(deals, seats, picks)
def test_every_card_is_in_one_place_and_legal_agrees_with_check(n, ps, choices):
    players, first = ps
    g = Yoyo()
    g.new_game(n, players, first)
    out = bytearray(NUM_FANS)
    for p in choices:
        k = g.legal(out)
        allowed = set(out[:k])
        assert {a for a in range(-2, 130) if g.check(a) == 0} == allowed
        assert (k == 0) == g.is_over()
        if k == 0:
            break
        g.play(out[p % k])
        assert all_cards(g) == list(range(DECK_SIZE))
        assert sum(g.won) + g.pile_count() + 52 - g.n == DECK_SIZE
        assert g.hist_len <= MAX_ACTIONS and g.stuck <= 2


@settings(max_examples=150, deadline=None)
@given(deals, seats, picks)
def test_retracting_every_action_walks_back_through_every_position(n, ps, choices):
    players, first = ps
    g = Yoyo()
    g.new_game(n, players, first)
    out = bytearray(NUM_FANS)
    seen = []
    for p in choices:
        k = g.legal(out)
        if k == 0:
            break
        seen.append(snapshot(g))
        g.play(out[p % k])
    for k in range(g.hist_len - 1, -1, -1):
        g.retract(g.history[2 * k], g.history[2 * k + 1])
        assert snapshot(g) == seen[k]


@settings(max_examples=150, deadline=None)
@given(deals, seats, picks, st.integers(min_value=0, max_value=60))
def test_undo_then_redo_returns_to_the_same_position(n, ps, choices, k):
    g = random_game(n, ps[0], ps[1], choices)
    end = snapshot(g)
    undone = 0
    while undone < k and g.undo():
        undone += 1
    assert g.hist_len == 0 or g.history[2 * g.hist_len - 2] == STUCK or undone == k
    for _ in range(undone):
        assert g.redo()
    assert not g.redo() and snapshot(g) == end


@settings(max_examples=150, deadline=None)
@given(deals, seats, picks, st.integers(min_value=0, max_value=60))
def test_save_restore_round_trip_keeps_redo(n, ps, choices, k):
    g = random_game(n, ps[0], ps[1], choices)
    for _ in range(k):
        g.undo()
    data = g.save()
    h = Yoyo()
    h.restore(data)
    assert snapshot(h) == snapshot(g) and h.save() == data and h.deal_number == n
    while g.redo():
        assert h.redo()
    assert not h.redo() and snapshot(h) == snapshot(g)


def resealed(data):
    """data with a fresh CRC, so only the checks behind the CRC can refuse it."""
    b = bytearray(data)
    crc = crc16(b, 0xFFFF, 0, len(b) - 2)
    b[-2] = crc >> 8
    b[-1] = crc & 0xFF
    return bytes(b)


@settings(max_examples=100, deadline=None)
@given(deals, seats, picks, st.data())
def test_damaged_saves_are_refused_and_change_nothing(n, ps, choices, data):
    good = random_game(n, ps[0], ps[1], choices).save()
    g = random_game(n % 1000 + 1, 2, 0, choices[:7])
    before = (snapshot(g), g.save())
    cut = data.draw(st.integers(min_value=0, max_value=len(good) - 1))
    i = data.draw(st.integers(min_value=0, max_value=len(good) - 3))
    flipped = bytearray(good)
    flipped[i] ^= 1 << data.draw(st.integers(min_value=0, max_value=7))
    bad = [good[:cut], bytes(flipped), b"BH" + good[2:], resealed(b"YY\x02" + good[3:])]
    layout = bytearray(good)
    layout[14] = layout[15]                     # a card twice
    bad.append(resealed(layout))
    if len(good) > 65 + 2:
        wrong = bytearray(good)
        wrong[65] = 99                          # no such action
        bad.append(resealed(wrong))
    for b in bad:
        with pytest.raises(SaveError):
            g.restore(b)
        assert (snapshot(g), g.save()) == before


def test_a_save_with_an_illegal_move_puts_the_old_game_back():
    g = random_game(5, 2, 0, [0] * 30)
    good = g.save()
    assert g.history[2] < NUM_FANS
    bad = bytearray(good)
    bad[14 + 51 + 1] = STUCK                    # announce, then stuck at once: refused
    h = random_game(9, 3, 2, [1] * 40)
    before = (snapshot(h), h.save())
    with pytest.raises(SaveError, match="impossible game"):
        h.restore(resealed(bad))
    assert (snapshot(h), h.save()) == before


def cpu_game(g, cpu):
    out = bytearray(NUM_FANS)
    while not g.is_over():
        a = cpu.choose(g)
        k = g.legal(out)
        assert a in out[:k]
        g.play(a)
    assert g.phase == OVER and g.n == DECK_SIZE and g.pile_count() >= 1
    assert sum(g.won) == DECK_SIZE and g.hist_len <= MAX_ACTIONS
    return g


@pytest.mark.parametrize("players", [2, 3])
def test_thousands_of_greedy_games_end_with_all_52_won(players):
    cpu = Cpu()
    g = Yoyo()
    longest = 0
    for n in range(1, 1501):
        g.new_game(n * 7919, players, n % players, bytes([GREEDY] * 3))
        cpu_game(g, cpu)
        longest = max(longest, g.hist_len)
    assert longest < MAX_ACTIONS


@pytest.mark.parametrize("players", [2, 3])
def test_look_ahead_beats_greedy(players):
    """Each seat in turn is the look-ahead CPU; it must win most games outright."""
    g = Yoyo()
    games = 240 if players == 2 else 150
    cpu = Cpu()
    wins = cards = 0
    for n in range(1, games + 1):
        strong = n % players
        kinds = bytes([LOOKAHEAD if s == strong else GREEDY for s in range(3)])
        g.new_game(n, players, 0, kinds)
        cpu_game(g, cpu)
        wins += g.winner() == strong
        cards += g.won[strong]
    rate = wins / games
    FIGURES.append("Yo-yo look-ahead CPU against greedy, %d players, %d games: wins %.0f%%, "
                   "%.1f cards a game (fair share %.1f)"
                   % (players, games, 100 * rate, cards / games, 52 / players))
    assert rate > 0.5 and cards / games > 52 / players + 4


def test_look_ahead_leaves_the_game_as_it_found_it():
    g = random_game(77, 2, 0, [0, 0, 0])
    assert g.history[4] < NUM_FANS and g.undo() and g.undo()   # redo must survive too
    before = (snapshot(g), g.save())
    Cpu().choose(g, LOOKAHEAD)
    assert (snapshot(g), g.save()) == before


@settings(max_examples=200, deadline=None)
@given(deals, seats, picks, st.sampled_from([FREE_WAY, XFER_MAY, FREE_WAY | XFER_MAY]))
def test_the_other_readings_keep_every_card_legal_agreeing_and_undo_exact(n, ps, choices, opt):
    # The settings' rule readings (docs/rules.md): the same invariants, retract walks back,
    # and a save brings the same position back with the option.
    players, first = ps
    g = Yoyo()
    g.new_game(n, players, first, b"", opt)
    out = bytearray(NUM_FANS)
    seen = []
    for p in choices:
        k = g.legal(out)
        assert {a for a in range(-2, 130) if g.check(a) == 0} == set(out[:k])
        assert (k == 0) == g.is_over()
        if k == 0:
            break
        seen.append(snapshot(g))
        g.play(out[p % k])
        assert all_cards(g) == list(range(DECK_SIZE))
        assert g.hist_len <= MAX_ACTIONS
    h = Yoyo()
    h.restore(g.save())
    assert snapshot(h) == snapshot(g) and h.options == opt
    for k in range(g.hist_len - 1, -1, -1):
        g.retract(g.history[2 * k], g.history[2 * k + 1])
        assert snapshot(g) == seen[k]


@pytest.mark.parametrize("opt", [FREE_WAY, XFER_MAY, FREE_WAY | XFER_MAY])
def test_cpu_games_under_the_other_readings_end_with_all_52_won(opt):
    cpu = Cpu()
    g = Yoyo()
    longest = 0
    for n in range(1, 301):
        kinds = bytes([GREEDY, LOOKAHEAD, GREEDY]) if n % 5 == 0 else bytes([GREEDY] * 3)
        g.new_game(n * 7919, 2 + n % 2, n % 2, kinds, opt)
        cpu_game(g, cpu)
        longest = max(longest, g.hist_len)
    assert longest <= MAX_ACTIONS
