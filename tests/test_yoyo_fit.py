"""Fit gate: the Yo-yo engine and CPU seats under a real MicroPython VM, against CPython."""
import io
import os
import runpy
from contextlib import redirect_stdout

import pytest

from tests import mpvm
from tests.conftest import FIGURES

SCRIPT = os.path.join(mpvm.ROOT, "tests", "vm", "yoyo_fit.py")

# Black Hole's budgets: the rules and the CPU seats together in 8 KB retained, 2 KB of peak
# above that (the game and CPU objects included), nothing allocated per move.
RETAINED_BUDGET = 8 * 1024
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


def test_heap_figures_are_measured_and_nothing_is_allocated_per_move(vm_out):
    figs = mpvm.figures(vm_out)
    over = lambda v, b: "   OVER BUDGET" if v > b else ""  # noqa: E731
    FIGURES.append("Yo-yo engine and CPU seats under MicroPython 1.27, %d games:" % GAMES)
    FIGURES.append("  heap retained after import : %6d bytes (budget %d)%s"
                   % (figs["retained"], RETAINED_BUDGET,
                      over(figs["retained"], RETAINED_BUDGET)))
    FIGURES.append("    of which the rules       : %6d bytes, the CPU seats %d"
                   % (figs["rules"], figs["retained"] - figs["rules"]))
    FIGURES.append("  (cards, rng, crc, tableau  : %6d bytes, shared, not counted)"
                   % figs["shared"])
    FIGURES.append("  peak heap above retained   : %6d bytes (budget %d)%s"
                   % (figs["peak_above_retained"], PEAK_BUDGET,
                      over(figs["peak_above_retained"], PEAK_BUDGET)))
    FIGURES.append("  allocated over %d moves   : %6d bytes (budget 0)"
                   % (figs["moves"], figs["bytes_all_moves"]))
    assert figs["moves"] > 1000
    assert 0 < figs["rules"] < figs["retained"]
    assert figs["bytes_all_moves"] == 0


# Missed when this gate was written (8,336 B retained, 2,176 B peak) and reported, not
# loosened: strict, so the day the engine fits these start failing as XPASS and the marks go.
MISSED = "Yo-yo missed Black Hole's budget when measured; reported to the lead"


@pytest.mark.xfail(strict=True, reason=MISSED)
def test_retained_heap_within_budget(vm_out):
    assert mpvm.figures(vm_out)["retained"] <= RETAINED_BUDGET


@pytest.mark.xfail(strict=True, reason=MISSED)
def test_peak_heap_within_budget(vm_out):
    assert mpvm.figures(vm_out)["peak_above_retained"] <= PEAK_BUDGET
