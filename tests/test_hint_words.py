"""Hint words that name the move (issue 30 item 5), made by ui/calculation/words.py and
ui/bigben/words.py from the move alone: every word form on its table's message row, for every
kind of move, within 25 characters, and Big Ben's cards drawn as on the cards (a chip of the
card's rank and suit tiles over three blank cells)."""
import pytest

from engine.bigben import FOUND, GAPS, HOURS, RESERVE, WASTE
from engine.calculation import STOCK, move_dst, move_src
from engine.calculation import WASTE as CWASTE
from hw import keys
from tests.ui_keys import boot, press
from tools.text.view import row_text, row_with_cards
from ui import deck as sprites
from ui.bigben import table as bb_table
from ui.bigben.table import BigBenApp
from ui.calculation import table as calc_table
from ui.calculation.table import CalcApp

ROW = 25
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
CALC_RANKS = ("Ace",) + RANKS[1:]           # "A" alone would read as the key
SUITS = "♣♦♥♠"


def hinting(monkeypatch, module, h):
    """The table's hint engine says h (with reason bits above the move, as engines once
    gave: the words must read the move alone)."""
    monkeypatch.setattr(module.hints, "hint", lambda g: h)
    if hasattr(module.hints, "finish"):     # Calculation's table finishes what it thought ahead
        monkeypatch.setattr(module.hints, "finish", lambda cards: h)


# -- Calculation -------------------------------------------------------------------------------
def calc_said(app):
    return row_text(app.table.view.message.row)


def set_turned(g, card):
    g.stock[g.stock_len - 1] = card


def set_waste_top(g, w, card):
    if g.wlen[w] == 0:
        g.wlen[w] = 1
    g.waste[w * 48 + g.wlen[w] - 1] = card


@pytest.mark.parametrize("rank", range(13))
def test_calculation_names_each_place_as_the_screen_labels_it(monkeypatch, rank):
    hw, app = boot(CalcApp)
    g = app.game
    width = app.table.view.message.row.width
    labels = shown_labels(app)
    assert labels == ["+1", "+2", "+3", "+4"]
    for f in range(4):
        set_turned(g, rank * 4 + f)
        hinting(monkeypatch, calc_table, 9 * 64 + ((STOCK - CWASTE) << 3) + f)
        press(hw, app, keys.SELECT)
        assert calc_said(app) == "%s home to %s" % (CALC_RANKS[rank], labels[f])
        assert app.table.place == f                     # the cursor on where it goes
    for w in range(4):
        hinting(monkeypatch, calc_table, 8 * 64 + ((STOCK - CWASTE) << 3) + CWASTE + w)
        press(hw, app, keys.SELECT)
        said = calc_said(app)
        assert said == "%s to the waste under %s" % (CALC_RANKS[rank], labels[w])
        assert len(said) <= ROW <= width
    for w in range(4):
        set_waste_top(g, w, rank * 4 + 3)
        for f in range(4):
            hinting(monkeypatch, calc_table, (w << 3) + f)
            press(hw, app, keys.SELECT)
            said = calc_said(app)
            assert said == "%s under %s home to %s" % (CALC_RANKS[rank], labels[w], labels[f])
            assert len(said) <= ROW <= width
            press(hw, app, keys.RIGHT)      # the hinted move is forgotten after another key


def shown_labels(app):
    """The text rows of Calculation's table that label a foundation, left to right."""
    import displayio

    from hw import font
    rows = [r for r in app.table.group if isinstance(r, displayio.TileGrid)
            and r.bitmap is font.sheet()[0] and row_text(r).startswith("+")]
    return [row_text(r) for r in sorted(rows, key=lambda r: r.x)]


def test_calculation_words_are_the_issues_and_a_plays_what_they_name(monkeypatch):
    hw, app = boot(CalcApp)
    g = app.game
    set_turned(g, 6 * 4)                                    # a 7
    hinting(monkeypatch, calc_table, ((STOCK - CWASTE) << 3) + 1)
    press(hw, app, keys.SELECT)
    assert calc_said(app) == "7 home to +2"                 # not "to the 2s"
    set_turned(g, 0 * 4 + 2)                                # an Ace
    hinting(monkeypatch, calc_table, ((STOCK - CWASTE) << 3) + CWASTE + 2)
    press(hw, app, keys.SELECT)
    assert calc_said(app) == "Ace to the waste under +3"    # not "A to waste 3"
    press(hw, app, keys.A)                                  # A makes the move named
    assert g.wlen[2] == 1 and g.top(CWASTE + 2) == 0 * 4 + 2
    set_waste_top(g, 1, 8 * 4)                              # a 9 under +2
    hinting(monkeypatch, calc_table, (1 << 3) + 2)
    press(hw, app, keys.SELECT)
    assert calc_said(app) == "9 under +2 home to +3"        # not "Waste 2's 9"
    monkeypatch.undo()
    g.new_deal(1)
    press(hw, app, keys.SELECT)                             # the real hint, in words
    words = {"%s home to +%d" % (r, f) for r in CALC_RANKS for f in range(1, 5)}
    words |= {"%s to the waste under +%d" % (r, w) for r in CALC_RANKS for w in range(1, 5)}
    assert calc_said(app) in words


def test_calculation_auto_play_tells_what_it_did():
    """Auto-play's moves are told on the message row, which the issue found blank."""
    hw, app = boot(CalcApp)
    g = app.game
    told = set()
    for deal in range(1, 40):
        app.deal(deal)
        for _ in range(60):
            if g.is_won() or g.is_stuck():
                break
            made = g.moves_made
            press(hw, app, keys.SELECT, keys.A)
            while app.table.busy():
                app.step()
                if g.moves_made > made + 1:         # auto-play moved a card: said so
                    last = g.history[g.moves_made - 1]
                    src, dst = move_src(last), move_dst(last)
                    card = CALC_RANKS[g.top(dst) >> 2]
                    said = calc_said(app)
                    if g.is_won():
                        assert said == "You won! A: what next"
                    else:
                        lead = "Auto-play" if src == STOCK else "Sure win"
                        assert said == "%s: %s home to +%d" % (lead, card, dst + 1)
                        assert len(said) <= ROW
                        told.add(lead)
                    made = g.moves_made
        if told == {"Auto-play", "Sure win"}:
            break
    assert told == {"Auto-play", "Sure win"}


# -- Big Ben -----------------------------------------------------------------------------------
def bb_said(app):
    t = app.table
    return row_with_cards(t.message.row, t.chips)


def name(c):            # Big Ben's card byte: face << 1 | pack, face = rank * 4 + suit
    return RANKS[c >> 3] + SUITS[(c >> 1) & 3]


def set_top(g, place, c):
    if g.n[place]:
        g.pop(place)
    g.push(place, c)


def chips_are_cards_on_blank_cells(app, *cards):
    """The shown chips are these cards' rank and suit tiles as the table draws them, each over
    three blank cells of the message row, within its 12-pixel height."""
    t = app.table
    shown = [c for c in t.chips if not c.hidden]
    assert len(shown) == len(cards)
    words = row_text(t.message.row).ljust(t.message.row.width)
    for chip, c in zip(shown, cards):
        face = c >> 1
        assert chip[0] == sprites.rank_tile(face) and chip[1] == sprites.SUIT + (face & 3)
        at = (chip.x - t.message.row.x) // 6
        row = t.message.row
        assert words[at:at + 3] == "   " and chip.x + 2 * sprites.TILE <= row.x + 6 * (at + 3)
        assert t.message.row.y <= chip.y and chip.y + sprites.TILE <= t.message.row.y + 12


def test_big_ben_the_issues_words(monkeypatch):
    hw, app = boot(BigBenApp)
    g = app.game
    jc = (10 * 4 + 0) * 2                                   # J of clubs, first pack
    set_top(g, 7, jc)
    hinting(monkeypatch, bb_table, (4 << 10) | (7 << 5) | (FOUND + 5))
    press(hw, app, keys.SELECT)
    assert bb_said(app) == "J♣ home to 5 o'clock"
    chips_are_cards_on_blank_cells(app, jc)
    assert app.table.held == 7 and app.table.place == FOUND + 5
    six, seven = (5 * 4 + 3) * 2, (6 * 4 + 3) * 2 + 1       # 6 and 7 of spades
    set_top(g, 1, six)
    set_top(g, 3, seven)
    hinting(monkeypatch, bb_table, (1 << 5) | 3)
    press(hw, app, keys.SELECT)
    assert bb_said(app) == "6♠ onto 7♠ at 3"
    chips_are_cards_on_blank_cells(app, six, seven)
    hinting(monkeypatch, bb_table, (2 << 10) | (RESERVE << 5) | GAPS)
    press(hw, app, keys.SELECT)
    assert bb_said(app) == "Fill the gaps" and all(c.hidden for c in app.table.chips)
    assert app.table.place == RESERVE and app.table.held < 0
    hinting(monkeypatch, bb_table, (RESERVE << 5) | WASTE)
    assert g.card_move() >= 0
    press(hw, app, keys.SELECT)
    assert bb_said(app) == "Deal: a new card to play"   # a card could move: not forced
    monkeypatch.setattr(g, "card_move", lambda: -1)
    press(hw, app, keys.SELECT)
    assert bb_said(app) == "Deal: no card can move"
    monkeypatch.setattr(bb_table.hints, "hint", lambda g: -1)
    press(hw, app, keys.SELECT)
    legal = bb_legal(g)
    assert legal and bb_said(app) == "No move helps: %d remain" % len(legal)
    monkeypatch.setattr(g, "check", lambda src, dst: 1)
    press(hw, app, keys.SELECT)
    assert bb_said(app) == "No move to suggest"


def bb_legal(g):
    return [(s, d) for s in list(range(HOURS)) + [WASTE] for d in range(WASTE)
            if g.check(s, d) == 0]


def test_big_ben_says_no_move_helps_and_how_many_remain_when_moves_are_legal():
    """Hint play to its end: on most deals cards can still move when the hint has nothing
    that gets one home (issue 37: it said "No move to suggest" in 45 of 200 games). The
    words then say none helps and how many moves remain, and they fit the row."""
    hw, app = boot(BigBenApp)
    g = app.game
    told = 0
    for deal in range(1, 25):
        app.deal(deal)
        h = bb_table.hints.hint(g)
        while h >= 0:
            g.play((h >> 5) & 31, h & 31)
            h = bb_table.hints.hint(g)
        if g.is_won() or g.is_stuck():         # the end's own words
            continue
        press(hw, app, keys.SELECT)
        legal = bb_legal(g)
        said = bb_said(app)
        assert legal and said == "No move helps: %d remain" % len(legal), deal
        assert len(said) <= ROW
        told += 1
    assert told >= 3


@pytest.mark.parametrize("hour", range(HOURS))
def test_big_ben_words_for_every_card_and_hour_fit_the_row(monkeypatch, hour):
    hw, app = boot(BigBenApp)
    g = app.game
    width = app.table.message.row.width
    src = (hour + 5) % HOURS
    for face in range(52):
        c = face * 2 + face % 2
        onto = ((face + 48) % 52) * 2                  # one rank higher, same suit
        set_top(g, src, c)
        set_top(g, hour, onto)
        set_top(g, WASTE, c)
        for s in (src, WASTE):
            hinting(monkeypatch, bb_table, (s << 5) | (FOUND + hour))
            press(hw, app, keys.SELECT)
            said = bb_said(app)
            assert said == "%s home to %d o'clock" % (name(c), hour or 12)
            assert len(row_text(app.table.message.row)) <= ROW <= width
            chips_are_cards_on_blank_cells(app, c)
            hinting(monkeypatch, bb_table, (s << 5) | hour)
            press(hw, app, keys.SELECT)
            assert bb_said(app) == "%s onto %s at %d" % (name(c), name(onto), hour or 12)
            assert len(row_text(app.table.message.row)) <= ROW
            chips_are_cards_on_blank_cells(app, c, onto)
            press(hw, app, keys.B)                  # put back: other words, no chips
            assert all(chip.hidden for chip in app.table.chips)


def test_big_ben_hint_play_names_each_move_and_never_calls_a_free_deal_forced():
    """Hints played on several deals: the words name the move A then makes (its card, its
    hour), and "no card can move" only when none can."""
    hw, app = boot(BigBenApp)
    g = app.game
    seen = set()
    for deal in (2, 5, 72):
        app.deal(deal)
        for _ in range(250):
            if g.is_won() or g.is_stuck():
                break
            was = g.save()
            press(hw, app, keys.SELECT)
            said = bb_said(app)
            if said.startswith("No move helps"):
                break                               # the reserve used up, moves left
            made = g.moves_made
            src, dst = app.table.held, app.table.place
            forced = g.card_move() < 0
            press(hw, app, keys.A)
            assert g.moves_made == made + 1, said
            if said.startswith("Deal"):
                assert said == ("Deal: no card can move" if forced else "Deal: a new card to play")
                seen.add("deal")
            elif said == "Fill the gaps":
                seen.add("fill")
            else:
                c = g.top(dst)
                assert dst < WASTE and g.history[2 * made] == src
                hour = (dst - FOUND if dst >= FOUND else dst) or 12
                assert said.startswith(name(c) + " ") and said.endswith(
                    " %d o'clock" % hour if dst >= FOUND else " at %d" % hour)
                seen.add("home" if dst >= FOUND else "onto")
            assert g.save() != was
    assert seen == {"deal", "fill", "home", "onto"}
