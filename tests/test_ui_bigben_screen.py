"""Big Ben's table as a new player meets it (issue 31): a refused drop keeps the card in hand,
no label over a card, nothing past the screen's edge, the counts beside what they count, the
cards home in the end messages, and the terminal's picture of the dial."""
import types

from engine.bigben import FOUND, OK, RESERVE, WASTE
from hw import font, keys
from tests.test_bigben_hint import WON_DEAL
from tests.test_ui_calc import type_deal
from tests.ui_keys import boot, press
from tools.sim import screen_text
from tools.text.bigben import card_name
from tools.text.view import row_text
from ui import deck as sprites
from ui.bigben.table import BigBenApp

W, H = 160, 128


def message(app):
    return row_text(app.table.message.row)


_inked = {}


def ink(g, tile):
    """The box of a tile's drawn pixels (colour 0 is the felt or clear), relative to the
    tile, or None for a blank tile."""
    key = (id(g.bitmap), tile)
    if key not in _inked:
        b, tw, th = g.bitmap, g.tile_width, g.tile_height
        ox, oy = tile % (b.width // tw) * tw, tile // (b.width // tw) * th
        pts = [(x, y) for y in range(th) for x in range(tw) if b[ox + x, oy + y]]
        _inked[key] = (min(x for x, _ in pts), min(y for _, y in pts),
                       max(x for x, _ in pts) + 1, max(y for _, y in pts) + 1) if pts else None
    return _inked[key]


def boxes(app):
    """What the table shows, as boxes (x0, y0, x1, y1, what, grid): the drawn pixels of each
    card tile and each character of a label; each frame whole."""
    glyph_w = font.sheet()[1]
    out = []
    for g in app.table.group:
        if g.hidden:
            continue
        if g.tile_width in (sprites.TILE, glyph_w) and g.width * g.height > 1 or \
                g.tile_width == glyph_w:
            what = "card" if g.tile_width == sprites.TILE else "label"
            for i in range(g.width * g.height):
                box = ink(g, g[i])
                if box:
                    x = g.x + i % g.width * g.tile_width
                    y = g.y + i // g.width * g.tile_height
                    out.append((x + box[0], y + box[1], x + box[2], y + box[3], what, id(g)))
        else:
            out.append((g.x, g.y, g.x + g.tile_width, g.y + g.tile_height, "frame", id(g)))
    return out


def collisions(app):
    """Boxes past the screen's edge, and labels over a card or over a label of another row."""
    out = [b for b in boxes(app) if b[0] < 0 or b[1] < 0 or b[2] > W or b[3] > H]
    shown = [b for b in boxes(app) if b[4] != "frame"]
    for i, a in enumerate(shown):
        for b in shown[i + 1:]:
            if "label" in (a[4], b[4]) and a[5] != b[5]:
                if a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]:
                    out.append((a, b))
    return out


def table_text(app):
    """What `make play` shows in the terminal for the table."""
    return screen_text(types.SimpleNamespace(app=app))


def hint_play(hw, app, until, limit=400):
    for _ in range(limit):
        if until(app.game) or app.game.is_won() or app.game.is_stuck():
            return
        press(hw, app, keys.SELECT, keys.A)


def test_a_refused_drop_keeps_the_card_in_hand():
    # The repro: deal 72, r d r, A picks up the 5 of spades; up to 4 o'clock, A is refused;
    # up to the 6 of spades, A puts the 5 on it.
    hw, app = boot(BigBenApp)
    type_deal(hw, app, 72)
    t = app.table
    g = app.game
    press(hw, app, keys.RIGHT, keys.DOWN, keys.RIGHT, keys.A)
    src = t.place
    assert t.held == src and message(app) == "A where it goes, B back"
    made = g.moves_made
    press(hw, app, keys.UP, keys.A)
    assert g.check(src, t.place) != OK and g.moves_made == made
    assert t.held == src and not t._held.hidden, message(app)
    press(hw, app, keys.B)                      # B still puts it back
    assert t.held == -1 and t._held.hidden and g.moves_made == made
    press(hw, app, keys.DOWN, keys.A, keys.UP, keys.A, keys.UP)
    assert t.held == src and g.check(src, t.place) == OK
    press(hw, app, keys.A)
    assert g.moves_made == made + 1 and bytes(g.history[2 * made:2 * made + 2]) == bytes(
        (src, t.place)) and t.held == -1 and t._held.hidden


def test_no_label_over_a_card_and_nothing_past_the_edge_while_gaps_are_open():
    hw, app = boot(BigBenApp)
    app.deal(3)
    hint_play(hw, app, lambda g: g.gaps() and g.n[7] >= 3 and g.res_len)
    g = app.game
    assert g.gaps() and g.res_len
    for place in list(range(RESERVE + 1)):   # the cursor on every place, the 2 o'clock pile too
        app.table.place = place
        app.table._set_cursor()
        assert not collisions(app), (place, collisions(app))


def test_the_won_table_shows_no_gaps_and_says_all_104_are_home():
    hw, app = boot(BigBenApp)
    type_deal(hw, app, WON_DEAL)
    hint_play(hw, app, lambda g: False, 600)
    assert app.game.is_won()
    shown = " ".join(row_text(g) for g in app.table.group
                     if g.tile_width == font.sheet()[1] and not g.hidden)
    assert "Gaps" not in shown
    assert "104" in message(app) and message(app).startswith("You won!")
    assert len(message(app)) <= 26 and not collisions(app)


def test_a_stuck_deal_says_how_many_of_the_104_cards_got_home():
    hw, app = boot(BigBenApp)
    for deal in range(1, 30):
        app.deal(deal)
        hint_play(hw, app, lambda g: False, 600)
        if app.game.is_stuck():
            break
    g = app.game
    assert g.is_stuck()
    assert "%d/104" % g.on_foundations() in message(app) and len(message(app)) <= 26
    assert message(app).startswith("Stuck")


def test_the_waste_count_stands_by_the_waste():
    hw, app = boot(BigBenApp)
    app.deal(5)             # hint play deals to the waste here (deal 72 it fills gaps only)
    hint_play(hw, app, lambda g: g.n[WASTE] >= 2)
    t = app.table
    n = app.game.n[WASTE]
    assert n >= 2
    assert int(row_text(t._waste_n)) == n
    w = t._waste
    # its count just below the waste's own box, its digits' ink (rows 2-9 of the font's
    # cell) a pixel clear of the cursor's frame round the waste (tests/screen_check.py)
    assert t._waste_n.y + 2 == w.y + w.height * sprites.TILE + 1
    assert w.x <= t._waste_n.x < w.x + w.width * sprites.TILE


def test_the_terminal_names_the_hours_as_the_dial_does_with_cursor_and_held_card():
    hw, app = boot(BigBenApp)
    app.deal(72)
    g = app.game
    t = app.table
    lines = table_text(app).splitlines()
    entries = [e.strip() for line in lines[:3] for e in line.split("|")]
    assert [e.split(":")[0] for e in entries] == [str(h or 12) for h in range(12)]
    # each hour: its pile's top card and size, then its foundation's top card
    for h, e in enumerate(entries):
        assert e.split()[1:] == [card_name(g.top(h)), "(3)", "home",
                                 card_name(g.top(FOUND + h))], e
    assert ">" not in "".join(entries) and ">reserve 56" in lines[3]   # the cursor's start
    press(hw, app, keys.RIGHT, keys.DOWN, keys.RIGHT, keys.A)  # deal 72: the 5 of spades held
    assert t.held == 5 and "5: >*%s (3)" % card_name(g.top(5)) in table_text(app)
    press(hw, app, keys.UP)
    text = table_text(app)
    assert "5: *%s" % card_name(g.top(5)) in text
    assert "4: >%s" % card_name(g.top(4)) in text
    go = t.place = FOUND + 4
    t._set_cursor()
    assert "4: %s (3) home >%s" % (card_name(g.top(4)), card_name(g.top(go))) in table_text(app)
    press(hw, app, keys.B)
    hint_play(hw, app, lambda g: g.gaps())
    assert g.gaps() and "gaps %d" % g.gaps() in table_text(app)
    assert "(%d)" % g.n[WASTE] in table_text(app).splitlines()[3]


def test_nothing_collides_through_whole_games_of_hint_play():
    hw, app = boot(BigBenApp)
    for deal in (1, WON_DEAL):
        app.deal(deal)
        for _ in range(300):
            if app.game.is_won() or app.game.is_stuck():
                break
            for k in (keys.SELECT, keys.A):
                press(hw, app, k)
                assert not collisions(app), (deal, app.game.moves_made, collisions(app))
