"""The Black Hole app (ui/blackhole/table.py on ui/patience/app.py) on the stub backend: play,
refusals,
menus, saves, budgets, monkey."""
import random
import tracemalloc

import pytest

from engine.blackhole import BlackHole
from hw import keys, stub
from tests.conftest import FIGURES
from tests.ui_keys import press
from tools.bench import ui_budget
from tools.text.view import row_text
from ui import app as ui_app
from ui import screens
from ui.blackhole.table import BlackHoleApp
from ui.patience import menu as patience_menu
from ui.persist import Persist, Settings

DEAL_2_WIN = [1, 6, 5, 7, 12, 6, 16, 0, 0, 3, 4, 1, 7, 3, 16, 11, 8, 11, 5, 4, 2, 4, 10, 2,
              13, 11, 14, 12, 9, 5, 13, 2, 0, 9, 1, 9, 15, 8, 14, 10, 13, 7, 8, 3, 14, 15, 6,
              12, 10, 16, 15]


def power_on(hw, seed=7):
    settings = Settings()
    persist = Persist(hw.storage)
    persist.load(settings)
    return BlackHoleApp(hw, seed, persist, settings)


def make_app(hw=None, deal=2):
    hw = hw or stub.Hardware()
    app = power_on(hw)
    app.deal(deal)
    app.step()
    return hw, app


def said(app):
    return row_text(app.table.view.message.row)


def move_cursor_to(hw, app, f):
    while app.table.cursor != f:
        press(hw, app, keys.RIGHT)


def menu_row(hw, app, row):
    """Start, then down to the row and A."""
    press(hw, app, keys.START, *([keys.DOWN] * patience_menu.MENU.index(row)), keys.A)


def all_cards(g):
    t = g.tableau
    return sorted(list(g.hole[:g.hole_len]) +
                  [t.cards[f * 3 + i] for f in range(17) for i in range(t.heights[f])])


def test_a_whole_game_is_played_with_the_keys_and_won():
    hw, app = make_app()
    for f in DEAL_2_WIN:
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)
    assert app.game.is_won()
    assert app.stats.won == 1 and app.stats.played == 1 and app.stats.streak == 1
    assert said(app) == "You won! A: what next"
    press(hw, app, keys.A)                      # the choices, not a new deal at once
    assert app.stack[-1].title == "You won!" and app.game.is_won()


def test_a_refused_move_buzzes_says_why_and_changes_nothing():
    hw, app = make_app(deal=1)
    before = app.game.save()
    press(hw, app, keys.A)                  # fan 0's top is TH: not next to the ace
    assert app.game.save() == before
    assert said(app) == "Play a K or a 2"
    assert hw.sound.log and hw.sound.log[-1][0] == 110
    press(hw, app, keys.RIGHT, keys.RIGHT, keys.A, keys.LEFT, keys.LEFT, keys.A)
    assert said(app) == "Play an Ace or a 3"      # 2C went on the ace: "an" before Ace and 8


def test_b_undoes_and_the_menu_redoes():
    hw, app = make_app()
    move_cursor_to(hw, app, DEAL_2_WIN[0])
    press(hw, app, keys.A)
    assert app.game.moves_made == 1
    press(hw, app, keys.B)
    assert app.game.moves_made == 0 and app.game.moves_known == 1
    menu_row(hw, app, "Redo move")
    assert app.stack[-1] is app.table and app.game.moves_made == 1
    menu_row(hw, app, "Redo move")              # nothing left: a notice, the row stays put
    assert isinstance(app.stack[-1], screens.Notice) and app.game.moves_made == 1


def test_select_points_the_cursor_at_a_playable_fan():
    hw, app = make_app()
    press(hw, app, keys.SELECT)
    for _ in range(5000):           # the hint is thought out in slices, one per main-loop pass
        if not app.busy():
            break
        app.step()
    assert app.game.check(app.table.cursor) == 0 and said(app) == "Hint: this fan"


def test_deal_number_entry_starts_that_deal():
    hw, app = make_app()
    menu_row(hw, app, "Deal number...")
    assert app.stack[-1].digits == ""           # typed from empty: 1, then 12
    press(hw, app, keys.UP, keys.RIGHT, keys.UP, keys.UP, keys.A)
    assert app.stack[-1] is app.table and app.game.deal_number == 12


def test_game_settings_and_statistics_survive_power_off():
    hw, app = make_app()
    for f in DEAL_2_WIN[:10]:
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)
    app.settings.brightness = 2
    hw.clock.advance(ui_app.QUIET_MS)
    app.step()                                  # the pause-triggered save, settings with it
    again = power_on(stub.Hardware(storage=hw.storage), seed=99)
    assert again.game.save() == app.game.save()
    assert again.settings.brightness == 2


def test_damaged_storage_starts_fresh_with_a_notice():
    hw, app = make_app()
    app.save_now()
    raw = hw.storage
    for i in range(0, raw.size, 7):
        raw.write(i, bytes([raw.read(i, 1)[0] ^ 0x5A]))
    again = power_on(stub.Hardware(storage=raw), seed=3)
    assert again.game.cards_left() == 51
    assert said(again)                # the notice is shown instead of silently losing data


def test_screen_memory_is_within_budget():
    hw, app = make_app()
    cost = ui_budget.tree_bytes(app.root)
    total = sum(cost.values())
    FIGURES.append("displayio memory of the Black Hole screen: %d bytes (budget 16384) %r"
                   % (total, cost))
    assert 2000 < total <= 16 * 1024


def test_a_normal_move_redraws_at_most_a_tenth_of_the_screen():
    hw, app = make_app()
    worst = 0
    for f in DEAL_2_WIN[:12]:
        move_cursor_to(hw, app, f)
        hw.display.last_dirty_pixels = 0
        press(hw, app, keys.A)
        worst = max(worst, hw.display.last_dirty_pixels)
    FIGURES.append("largest redraw for one move: %d of 20480 pixels, %.1f%% (budget 10%%)"
                   % (worst, worst / 204.8))
    assert 0 < worst <= 2048


def test_moves_in_the_ui_loop_allocate_nothing_in_our_code():
    hw, app = make_app()
    ours = [tracemalloc.Filter(True, "*/ui/*"), tracemalloc.Filter(True, "*/engine/*")]
    for f in DEAL_2_WIN[:5]:                    # warm up: labels, first-use caches
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)
    press(hw, app, keys.B, keys.A)
    tracemalloc.start(1)
    before = tracemalloc.take_snapshot().filter_traces(ours)
    for f in DEAL_2_WIN[5:15]:
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)
        press(hw, app, keys.B)
        press(hw, app, keys.A)
    after = tracemalloc.take_snapshot().filter_traces(ours)
    tracemalloc.stop()
    grown = [s for s in after.compare_to(before, "lineno") if s.size_diff > 0]
    assert not grown, grown[:5]


@pytest.mark.parametrize("seed", [1, 2])
def test_monkey_50000_random_keys_through_every_screen(seed):
    hw, app = make_app(deal=seed * 11)
    rnd = random.Random(seed)
    choices = [keys.A, keys.B, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.SELECT,
               keys.START, keys.A, keys.A]
    seen = set()
    check = BlackHole()
    for i in range(50000):
        press(hw, app, rnd.choice(choices))
        if app.leave:
            app.leave = False
            app.back_to_table()
        seen.add(type(app.stack[-1]).__name__)
        if i % 97 == 0:
            hw.clock.advance(rnd.randrange(0, 5000))
            assert all_cards(app.game) == list(range(52))
        if i % 1009 == 0:
            data = app.game.save()
            check.restore(data)
            assert check.save() == data
    assert len(seen) >= 6, seen


def test_a_new_deal_asks_first_and_counts_a_loss_only_on_yes():
    hw, app = make_app()
    move_cursor_to(hw, app, DEAL_2_WIN[0])
    press(hw, app, keys.A)
    menu_row(hw, app, "New deal")
    assert isinstance(app.stack[-1], screens.Confirm)
    press(hw, app, keys.B, keys.B)
    assert app.game.deal_number == 2 and app.game.moves_made == 1 and app.stats.played == 0
    menu_row(hw, app, "New deal")
    press(hw, app, keys.A)
    assert app.game.moves_made == 0 and (app.stats.played, app.stats.won) == (1, 0)


def test_the_header_counts_stay_apart_and_clear_of_the_bar():
    hw, app = make_app()
    v = app.table.view
    grids = [v._left, v._moves, v._deal, v._hole_count]
    boxes = [(g.x, g.y, g.x + g.tile_width * g.width, g.y + g.tile_height * g.height)
             for g in grids]
    m = app.table.meter.grid
    boxes.append((m.x, m.y, m.x + 24, m.y + 4))
    for i, a in enumerate(boxes):
        for b in boxes[i + 1:]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)
    assert all(b[2] <= 160 for b in boxes)


def test_help_shows_the_pages_and_its_words_leave_the_heap_again():
    import sys
    hw, app = make_app()
    menu_row(hw, app, "Help")
    lines = app.text.lines()
    assert lines[0].startswith("Black Hole  1/") and lines[1].startswith("Put every card into")
    assert "ui.patience.help" not in sys.modules         # only the shown pages keep the words
    press(hw, app, keys.RIGHT)
    assert app.text.lines()[0].startswith("Black Hole  2/")
