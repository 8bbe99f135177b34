"""Fit gate: the Yo-yo engine and CPU seats under a real MicroPython VM, against CPython."""
import io
import os
import runpy
from contextlib import redirect_stdout

import pytest

from tests import mpvm
from tests.conftest import FIGURES

SCRIPT = os.path.join(mpvm.ROOT, "tests", "vm", "yoyo_fit.py")

# Budgets as for Black Hole, whose 8 KB covers the rules engine: the Yo-yo rules get the same
# 8 KB. The CPU seats are a module of their own with their search buffers, imported only when
# a seat is a CPU (as Black Hole's solver is), with 4 KB of their own, as YoYo's are. Peak
# (the game and CPU objects included) and per-move budgets are Black Hole's.
RULES_BUDGET = 8 * 1024
CPU_BUDGET = 4 * 1024
PEAK_BUDGET = 2 * 1024
GAMES = 10

pytestmark = pytest.mark.vm


@pytest.fixture(scope="module")
def vm_out():
    with open(SCRIPT) as f:
        return mpvm.run(f.read())


@pytest.fixture(scope="module")
def cpython_out():
    buf = io.StringIO()
    with redirect_stdout(buf):
        runpy.run_path(SCRIPT)
    return buf.getvalue()


def test_micropython_games_equal_cpython(vm_out, cpython_out):
    cpython = mpvm.results(cpython_out)
    assert len(cpython) == 2 * GAMES
    assert mpvm.results(vm_out) == cpython


def test_every_game_ends_with_all_52_won_and_survives_save_and_undo(vm_out):
    lines = mpvm.results(vm_out)
    assert len(lines) == 2 * GAMES
    seen_players = set()
    for play, won in zip(lines[0::2], lines[1::2]):
        _, n, players, moves, dealt, same, size, _ = play.split()
        _, n2, word, w0, w1, w2, winner = won.split()
        players = int(players)
        seen_players.add(players)
        scores = [int(w0), int(w1), int(w2)]
        assert n == n2 and word == "won", (play, won)
        assert sum(scores) == 52 and scores[players:] == [0] * (3 - players), won
        best = max(scores)
        tied = scores.count(best) > 1
        assert int(winner) == (-1 if tied else scores.index(best)), won
        # Undone to the deal: only the Ace of spades in the centre; the save kept every action.
        assert dealt == "1" and same == "True", play
        assert int(moves) >= 52 and int(size) == 14 + 51 + int(moves) + 2, play
    assert seen_players == {2, 3}


def test_heap_figures_within_budget(vm_out):
    figs = mpvm.figures(vm_out)
    cpu = figs["retained"] - figs["rules"]
    FIGURES.append("Yo-yo engine and CPU seats on " + mpvm.NAME + ", %d games:" % GAMES)
    FIGURES.append("  rules retained after import: %6d bytes (budget %d)"
                   % (figs["rules"], RULES_BUDGET))
    FIGURES.append("  CPU seats retained         : %6d bytes (budget %d)" % (cpu, CPU_BUDGET))
    FIGURES.append("  (cards, rng, crc, tableau  : %6d bytes, shared, not counted)"
                   % figs["shared"])
    FIGURES.append("  peak heap above retained   : %6d bytes (budget %d)"
                   % (figs["peak_above_retained"], PEAK_BUDGET))
    FIGURES.append("  allocated over %d moves   : %6d bytes (budget 0)"
                   % (figs["moves"], figs["bytes_all_moves"]))
    assert figs["moves"] > 1000
    assert 0 < figs["rules"] <= RULES_BUDGET
    assert 0 < cpu <= CPU_BUDGET
    assert figs["peak_above_retained"] <= PEAK_BUDGET
    assert figs["bytes_all_moves"] == 0
