"""Drawings a new player tripped on (issue 36 items 5 and 6), each read back from the stub's
screen: Big Ben's gaps drawn as they are counted, the "1" of a 10 clear of the card's border,
Calculation's cursor clear of the rank above it, and counters on their labels' text line."""
import displayio

from engine.amigo_cpu import GREEDY, HUMAN
from engine.bigben import HOURS
from engine.calculation import STOCK, WASTE
from hw import font, keys
from tests.test_ui_amigo import new_match
from tests.ui_keys import boot, press
from tools.text.view import row_text
from ui import deck as sprites
from ui.bigben.table import BigBenApp
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.calculation.view import TURNED


def gaps_drawn(t):
    """The gaps Big Ben's piles show: an empty place's outline, and each narrow outline."""
    n = 0
    for h in range(HOURS):
        grid = t._piles[h]
        for i in range(grid.width * grid.height):
            n += grid[i] in (sprites.GAP_TOP, sprites._SLOT_TOP_LEFT)
    return n


def test_big_ben_gaps_count_what_the_piles_show():
    # the issue: "Gaps 10" while two empty piles showed (deal 18046, ten hinted moves)
    hw, app = boot(BigBenApp)
    app.deal(18046)
    g, t = app.game, app.table
    seen = 0
    for _ in range(120):
        assert gaps_drawn(t) == g.gaps()
        # the count is shown while the reserve can fill the gaps
        assert row_text(t._gaps) == ("Gaps %d" % g.gaps() if g.gaps() and g.res_len else "")
        seen += g.gaps() > sum(g.n[h] == 0 for h in range(HOURS)) > 1
        press(hw, app, keys.SELECT, keys.A)
    assert seen


def test_the_one_of_a_ten_is_clear_of_the_cards_left_border():
    bmp, _ = sprites.build()
    for base in (sprites.RANK_BLACK, sprites.RANK_RED):
        for r in range(13):
            tile = (base + r) * sprites.TILE
            column = [bmp[0, tile + y] for y in range(sprites.TILE)]
            assert column == [sprites.EDGE] * sprites.TILE, (base, r)


def test_calculation_cursor_leaves_the_rank_above_it_whole():
    # the issue: round a fanned waste pile's top card the outline cut the Q above it
    hw, app = boot(CalcApp)
    g = app.game
    v = app.table.view
    while g.wlen[0] < 3:
        app.table._play(app, STOCK, WASTE)
    n = g.wlen[0]
    y = v._waste[0].y + sprites.TILE * (n - 1) - 1        # the covered card's last row
    xs = range(v._waste[0].x, v._waste[0].x + 3 * sprites.TILE)
    app.table.place = TURNED
    v.set_cursor(g, TURNED)
    hw.display.refresh()
    before = [hw.display.pixel(x, y) for x in xs]
    app.table.place = TURNED + 1
    v.set_cursor(g, TURNED + 1)
    hw.display.refresh()
    assert [hw.display.pixel(x, y) for x in xs] == before
    frame = v._fan_cursor                                   # and the top card is framed
    assert not frame.hidden and frame.y == y + 1


def text_rows(group):
    out = []
    for layer in group:
        if isinstance(layer, displayio.Group):
            out += text_rows(layer)
        elif layer.bitmap is font.sheet()[0] and not layer.hidden:
            out.append(layer)
    return out


def beside(group, label):
    """The text row right after the label on its line, and the label's row."""
    rows = text_rows(group)
    (lab,) = [r for r in rows if row_text(r) == label]
    after = [r for r in rows if r.y == lab.y and r.x > lab.x]
    return min(after, key=lambda r: r.x) if after else None, lab


def test_counters_are_text_on_their_labels_line():
    # the issue: counters in card-sheet digits sat 2 px above the text line, 8 px a digit
    # ("draw 2 1"; "Left 51 Moves 0 # 476")
    hw, app = boot(BlackHoleApp)
    app.deal(476)
    group = app.table.view.group
    for label, shown in (("Left", "51"), ("Moves", "0")):
        count, lab = beside(group, label)
        assert row_text(count) == shown and count.x >= lab.x + 6 * (len(label) + 1)
    count, lab = beside(group, "#")
    assert row_text(count) == "476" and count.x == lab.x + 6         # "#476"
    hw, app = new_match([HUMAN, GREEDY])
    count, lab = beside(app.table.view.group, "draw")
    assert row_text(count) == str(app.game.draw_len)
    hw, app = boot(CalcApp)
    count, lab = beside(app.table.view.group, "Deal")
    assert row_text(count).strip() == str(app.game.deal_number)
