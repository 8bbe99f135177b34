"""The Black Hole and Yo-yo apps under MicroPython 1.27, with stand-ins for displayio and the
board (tests/vm/ui_standins.py): what their code and objects keep on the heap, and what one key,
one solver slice or one CPU move allocates on the table once every object exists. tracemalloc
on CPython cannot see what MicroPython allocates (a tuple per grid[x, y], say); this can."""
import os

import pytest

from tests import mpvm
from tests.conftest import FIGURES
from tests.test_ui_app import DEAL_2_WIN

pytestmark = pytest.mark.vm

APP_BUDGET = 48 * 1024       # engine, screens' code and objects; displayio's own memory apart


def run(driver, **subs):
    with open(os.path.join(mpvm.ROOT, "tests", "vm", "ui_standins.py")) as f:
        script = f.read() + driver % subs
    return mpvm.figures(mpvm.run(script, seconds=240))


# Shared by both drivers: a key press (or a pass with no key) measured alone.
MEASURE = r'''
K = hw.keys
q = hw_.keys.queue
n = peak = grew = before = 0


def press(k):
    global n, peak, grew, before
    if k >= 0:
        q.append(k)
    before = gc.mem_alloc()
    app.step()
    grew = gc.mem_alloc() - before
    if grew > peak:
        peak = grew
    n += 1
'''

BLACK_HOLE = r'''
gc.collect()
base = heap()
import engine.blackhole  # noqa: E402
gc.collect()
rules = heap() - base
import ui.app  # noqa: E402
gc.collect()
code = heap() - base - rules
ui.app.gc = _NoGc
app = ui.app.App(hw_, 5, persist, settings)
app._new_deal(2, False)
gc.collect()
objects = heap() - base - rules - code
print("FIG rules", rules)
print("FIG code", code)
print("FIG objects", objects)
''' + MEASURE + r'''
WIN = %(win)r
# Warm up every path once (cursor, a refused move, a move and its undo), then measure the
# deal played to one move from the win: the win itself is an event with its message.
for k in (K.RIGHT, K.LEFT, K.A, K.B):
    press(k)
for f in WIN[:1]:
    while app.cursor != f:
        press(K.RIGHT)
    press(K.A)
press(K.B)
gc.collect()
n = peak = 0
for f in WIN[:-1]:
    while app.cursor != f:
        press(K.RIGHT)
    press(K.A)
print("FIG presses", n)
print("FIG peak_key", peak)
print("FIG left", app.game.cards_left())
# A hint on deal 922, which needs far more than the app's node cap: the first slice builds the
# solver, and every slice that leaves it thinking must allocate nothing (the last one, which
# says the answer, is an event).
app._new_deal(922, False)
press(K.SELECT)
press(-1)
gc.collect()
n = slices = 0
think = 0
while app.busy() and n < 5000:
    press(-1)
    if app.busy():
        slices += 1
        if grew > think:
            think = grew
print("FIG slices", slices)
print("FIG peak_slice", think)
print("FIG said_unknown", int(app.table._said == "Too deep to tell, sorry"))
'''

YOYO = r'''
gc.collect()
base = heap()
import engine.tableau  # noqa: E402
import engine.cards  # noqa: E402
import engine.yoyo  # noqa: E402
gc.collect()
rules = heap() - base
import ui.yoyo_app  # noqa: E402
gc.collect()
code = heap() - base - rules
ui.yoyo_app.gc = _NoGc
app = ui.yoyo_app.YoyoApp(hw_, 5, persist, settings)
gc.collect()
objects = heap() - base - rules - code
print("FIG rules", rules)
print("FIG code", code)
print("FIG objects", objects)
''' + MEASURE + r'''
# Two CPU seats, look-ahead and greedy, started from the setup screen's "Start game".
app.edit_kinds[0] = 2
app.edit_kinds[1] = 1
for k in (K.DOWN, K.DOWN, K.DOWN, K.A):
    press(k)
for i in range(4):
    hw_.clock.now += 700
    press(-1)
gc.collect()
n = 0
plays = events = most = 0
g = app.game
turn = 0
while app.screen == 0 and app.busy() and n < 1000:
    hw_.clock.now += 700
    turn = g.turn
    press(-1)
    if g.turn == turn and not g.is_over():
        plays += 1
        if grew > most:
            most = grew
    elif grew > events:
        events = grew
print("FIG moves", n)
print("FIG plays", plays)
print("FIG peak_cpu", most)
print("FIG peak_event", events)
print("FIG over", int(g.is_over()))
'''


def test_black_hole_app_heap_and_nothing_allocated_per_key_or_solver_slice():
    figs = run(BLACK_HOLE, win=bytes(DEAL_2_WIN))  # a long list literal traps this VM build
    total = figs["rules"] + figs["code"] + figs["objects"]
    FIGURES.append(
        "Black Hole app under MicroPython 1.27: engine %d, screens' code %d, objects %d "
        "(displayio apart), total %d bytes; largest allocation by one of %d table keys %d bytes, "
        "by one of %d solver slices %d bytes"
        % (figs["rules"], figs["code"], figs["objects"], total, figs["presses"],
           figs["peak_key"], figs["slices"], figs["peak_slice"]))
    assert figs["left"] == 1 and figs["presses"] > 50
    assert figs["slices"] > 100 and figs["said_unknown"] == 1
    assert figs["peak_key"] == 0
    assert figs["peak_slice"] == 0
    assert total <= APP_BUDGET


def test_yoyo_app_heap_and_nothing_allocated_per_cpu_move():
    figs = run(YOYO)
    total = figs["rules"] + figs["code"] + figs["objects"]
    FIGURES.append(
        "Yo-yo app under MicroPython 1.27: engine %d, screens' code %d, objects %d "
        "(displayio apart), total %d bytes; largest allocation by one of %d paced CPU plays "
        "%d bytes, by a turn's end (new words on screen) %d"
        % (figs["rules"], figs["code"], figs["objects"], total, figs["plays"], figs["peak_cpu"],
           figs["peak_event"]))
    assert figs["plays"] > 30 and figs["over"] == 1
    assert figs["peak_cpu"] == 0
    assert total <= APP_BUDGET
