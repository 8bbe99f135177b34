"""The collision check (tests/screen_check.py) that every refreshed stub screen goes through:
what it calls a collision, what it lets be, and the collisions players met (issue 31), each
on the screen where it was seen."""
import displayio

from engine.bigben import FOUND, RESERVE, WASTE
from engine.yoyo import GREEDY, HUMAN
from hw import keys, stub
from tests import screen_check
from tests.test_ui_yoyo import new_game
from tests.ui_keys import boot, press
from tools.text.view import row_text
from ui import deck as sprites
from ui import text
from ui.bigben.table import BigBenApp
from ui.glyphs import felt


def screen(*layers):
    """A stub display showing these layers over the felt; its collisions."""
    hw = stub.Hardware()
    root = displayio.Group()
    root.append(felt(0x0B5D2A))
    for layer in layers:
        root.append(layer)
    hw.display.root_group = root
    return screen_check.check_root(root)


def label(words, x, y):
    r = text.row(len(words), x, y)
    text.write(r, words)
    return r


def card(x, y, c=0, covered=False):
    bmp, pal = sprites.build()
    g = displayio.TileGrid(bmp, pixel_shader=pal, width=3, height=2, tile_width=8,
                           tile_height=8, x=x, y=y)
    sprites.set_card(g, 0, 0, c, covered)
    return g


def digits(x, y, value):
    bmp, pal = sprites.build()
    g = displayio.TileGrid(bmp, pixel_shader=pal, width=2, height=1, tile_width=8,
                           tile_height=8, x=x, y=y)
    sprites.set_number(g, 0, 0, 2, value)
    return g


def frame(x, y, w=26, h=18):
    holder = displayio.Group()
    g = sprites.frame(holder, w, h, sprites.CURSOR)
    holder.remove(g)
    g.x, g.y = x, y
    return g


def backdrop(x, y, w, h):
    bmp = displayio.Bitmap(w, h, 1)
    pal = displayio.Palette(1)
    pal[0] = 0x0B5D2A
    return displayio.TileGrid(bmp, pixel_shader=pal, x=x, y=y)


def test_a_clean_screen_has_no_collision():
    assert screen(label("Moves", 2, 0), card(10, 20), card(10, 28), frame(9, 19),
                  digits(40, 20, 42), label("Left", 60, 20)) == []


def test_text_over_a_card_and_a_card_over_text_collide():
    (got,) = screen(card(10, 20), label("Gaps 3", 12, 24))
    assert got.startswith('text text "Gaps 3" at (12, 24) drawn over card')
    (got,) = screen(label("Gaps 3", 12, 24), card(10, 20))
    assert got.startswith("card 3x2 tiles at (10, 20) drawn over text")


def test_text_over_text_collides_and_text_beside_text_does_not():
    (got,) = screen(label("CPU3", 10, 0), label("12", 30, 2))
    assert 'text "12"' in got and 'over text text "CPU3"' in got
    assert screen(label("CPU3", 10, 0), label("12", 34, 0)) == []
    # a counter's digit tiles on the card sheet read as text too
    (got,) = screen(label("CPU3", 10, 0), digits(30, 1, 19))
    assert "2x1 tiles at (30, 1) drawn over text" in got


def test_cards_may_overlap_and_a_cursor_may_frame_a_card_but_not_cross_text():
    assert screen(card(10, 20, covered=True), card(10, 28), frame(9, 19, 26, 26)) == []
    (got,) = screen(label("4", 40, 30), frame(20, 26, 22, 18))
    assert got.startswith("outline 22x18 bitmap at (20, 26) drawn over text")


def test_a_backdrop_may_hide_a_label_wholly_but_not_cut_one():
    assert screen(label("Left 40", 1, 0), backdrop(0, 0, 160, 13), label("P1", 9, 1)) == []
    (got,) = screen(label("Left 40", 1, 0), backdrop(0, 0, 20, 13))
    assert got == 'text "Left 40" at (1, 0) is cut by 20x13 bitmap at (0, 0)'


def test_off_the_edge_a_sheet_tile_by_its_cell_text_and_outlines_by_their_ink():
    # a digit's tile whose cell crosses the right edge, its ink still inside (Yo-yo's CPU3)
    (got,) = screen(digits(146, 2, 19))
    assert got == "2x1 tiles at (146, 2) runs off the screen: drawn over x 146..161, y 2..9"
    assert screen(digits(144, 2, 19)) == []
    # a text row's cell above the top, its letters' ink inside (the font's spacing rows)
    assert screen(label("Waste", 0, -2)) == []
    (got,) = screen(label("Waste", 0, -6))
    assert "runs off the screen" in got
    (got,) = screen(frame(135, 33))
    assert got == "26x18 bitmap at (135, 33) runs off the screen: drawn over x 135..160, y 33..50"


def test_hidden_layers_and_blank_cells_do_not_count():
    over = label("Hidden", 12, 24)
    over.hidden = True
    blank = text.row(20, 150, 120)
    assert screen(card(10, 20), over, blank) == []
    g = displayio.Group()
    g.append(label("Hidden too", 12, 24))
    g.hidden = True
    assert screen(card(10, 20), g) == []


def big_card():
    big = displayio.Group(scale=2, x=4, y=25)     # YoYo's top card, 48x32 on the screen
    big.append(card(0, 0))
    return big


def test_a_scaled_group_is_checked_at_its_size_on_screen():
    assert screen(big_card(), label("draw", 56, 29)) == []
    (got,) = screen(big_card(), label("draw", 50, 29))
    assert got.startswith('text text "draw" at (50, 29) drawn over card')


def test_the_stub_display_checks_what_it_refreshes():
    hw = stub.Hardware()
    root = displayio.Group()
    root.append(card(10, 20))
    root.append(label("over", 12, 24))
    hw.display.root_group = root
    screen_check.take_seen()
    hw.display.refresh()
    seen = screen_check.take_seen()
    assert len(seen) == 1 and "drawn over card" in seen[0]
    hw.display.refresh()                    # the same screen again: checked once, seen again
    assert screen_check.take_seen() == seen


# -- what players met (issue 31): each must be gone for these to pass --------------------------
def shown(hw):
    return screen_check.check_root(hw.display.root_group)


def test_yoyo_third_seat_score_stays_on_the_screen():
    hw, app = new_game([HUMAN, GREEDY, GREEDY])
    app.game.won[2] = 19
    app.table.view.draw_seats(app.game)
    assert shown(hw) == []


def test_big_ben_gaps_label_is_clear_of_the_piles():
    hw, app = boot(BigBenApp)
    for _ in range(400):
        if app.game.gaps():
            break
        press(hw, app, keys.SELECT, keys.A)
    assert app.game.gaps(), "no gap in 400 hinted moves"
    assert row_text(app.table._gaps).startswith("Gaps")
    assert [c for c in shown(hw) if "Gaps" in c] == []


def test_big_ben_cursor_frame_stays_on_the_screen_on_every_place():
    hw, app = boot(BigBenApp)
    t = app.table
    off = []
    for place in range(RESERVE + 1):
        t.place = place
        t._set_cursor()
        off += ["place %d: %s" % (place, c) for c in shown(hw) if "runs off" in c]
    assert off == []


def test_big_ben_cursor_and_held_frames_clear_every_label_through_hint_play():
    # deal 3 empties the 1 o'clock pile: the frame round its foundation once touched the
    # corner of the empty pile's outline; the frames round the middle once crossed the hour
    # labels and the waste's count
    hw, app = boot(BigBenApp)
    app.deal(3)
    t, g = app.table, app.game
    seen = []
    for m in range(120):
        if g.is_won() or g.is_stuck():
            break
        press(hw, app, keys.SELECT, keys.A)
        for place in range(RESERVE + 1) if m % 7 == 0 else ():
            t.place = place
            t.held = place if (place < FOUND or place == WASTE) and g.n[place] else -1
            t._set_cursor()
            seen += ["move %d, place %d: %s" % (m, place, c) for c in shown(hw)]
        t.held = -1
    assert g.moves_made > 63 and seen == []


# -- touching (issue 36 item 6): a frame and text with no pixel of felt between them ----------
def test_an_outline_touching_text_side_by_side_or_corner_to_corner_collides():
    # "4" at x 40: its ink starts at x 40 (the font's cell has no blank column before it)
    (got,) = screen(label("4", 40, 30), frame(14, 30, 26, 18))      # frame's right edge x 39
    assert got.startswith("outline 26x18 bitmap at (14, 30) touches text")
    assert screen(label("4", 40, 30), frame(13, 30, 26, 18)) == []  # one pixel of felt
    (got,) = screen(frame(41, 22, 26, 10), label("4", 36, 30))     # corner to corner
    assert "touches" in got
    assert screen(frame(42, 21, 26, 10), label("4", 36, 30)) == []
    # a frame round a card beside text, the case: the cursor round Big Ben's middle
    (got,) = screen(card(14, 31), frame(13, 30), label("4", 39, 34))
    assert got.startswith('text text "4" at (39, 34) touches outline')
    # a card sheet's glyph (an empty place's outline, a digit tile) is not a label: a frame
    # may lie round it a pixel out
    assert screen(digits(40, 30, 42), frame(14, 30)) == []


def test_big_ben_frames_round_the_middle_clear_the_hour_labels_and_the_counts():
    # the issue: the cursor frame touched the 3 and 4 hour labels; the reserve's count sat on
    # its outline's bottom line
    hw, app = boot(BigBenApp)
    app.deal(18046)
    t = app.table
    for place in (WASTE, RESERVE):
        t.place = place
        t._set_cursor()
        assert shown(hw) == [], place
    reserve, count = t._reserve, t._res_n
    assert row_text(count) == "56"
    # the count's ink (rows 2-9 of its row) a pixel or more inside the outline's lines
    assert reserve.y + 1 < count.y + 2 and count.y + 9 < reserve.y + reserve.bitmap.height - 2
