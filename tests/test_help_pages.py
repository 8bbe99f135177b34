"""Help pages (ui/pages.py): every game's help laid out in pages that say how to turn
them and leave, break between sentences where a page can, lose no word and end on no stub."""
import pytest

from hw import keys
from ui import pages
from ui.patience import help as patience_help
from ui.seated import help as seat_help
from ui.textview import LINE_CHARS, LINES, TextView

HELPS = {"Black Hole": patience_help.BLACK_HOLE, "Calculation": patience_help.CALCULATION,
         "Big Ben": patience_help.BIG_BEN, "Yo-yo": seat_help.YOYO, "YoYo": seat_help.AMIGO}
PER = LINES - 2         # the title above, the keys line below
KEYS_LINE = "Left/right: page  B: back"


def laid_out(paragraphs):
    p = pages.Pages("", paragraphs)
    return [p.lines(i)[0] for i in range(p.count)]


@pytest.mark.parametrize("name", sorted(HELPS))
def test_pages_hold_every_word_in_order_within_the_rows(name):
    paragraphs = HELPS[name]
    laid = laid_out(paragraphs)
    assert all(0 < len(page) <= PER for page in laid)
    assert all(len(line) <= LINE_CHARS for page in laid for line in page)
    assert " ".join(" ".join(page) for page in laid).split() == " ".join(paragraphs).split()


@pytest.mark.parametrize("name", sorted(HELPS))
def test_pages_end_between_sentences_where_they_can_and_the_last_is_no_stub(name):
    laid = laid_out(HELPS[name])
    assert len(laid[-1]) >= 3, laid[-1]
    for page in laid[:-1]:
        if page[-1][-1] in ".!?" or len(page) < PER:
            continue
        # a full page ending inside a sentence: no sentence ended on its second half
        assert not any(line.rstrip()[-1:] in ".!?" or ". " in line
                       for line in page[PER // 2:]), page


def sentence_starts(paragraphs):
    """The indices, in the whole text's words, where a page may start: a sentence's first
    word, or a paragraph's when the one before does not lead into it with a colon."""
    starts = {0}
    i = 0
    for p in paragraphs:
        words = p.split()
        for w in words[:-1]:
            i += 1
            if w[-1] in ".!?":
                starts.add(i)
        i += 1
        if words[-1][-1] != ":":
            starts.add(i)
    return starts


@pytest.mark.parametrize("name", sorted(HELPS) + ["Big Ben strict"])
def test_no_page_starts_mid_sentence(name):
    # the issue: YoYo 8/9 started with the orphan "stays.", Calculation 7/9 mid-sentence
    paragraphs = HELPS.get(name) or patience_help.BIG_BEN_STRICT
    starts = sentence_starts(paragraphs)
    at = 0
    for k, page in enumerate(laid_out(paragraphs)):
        assert at in starts, "page %d/%s starts mid-sentence: %r" % (k + 1, name, page[0])
        at += len(" ".join(page).split())


@pytest.mark.parametrize("name", sorted(HELPS) + ["Big Ben strict"])
def test_no_line_holds_one_short_word_where_the_next_would_fit(name):
    # the issue: Calculation 2/9 had "K" alone on four lines, each row of ranks a cell too long
    lines = [line for page in laid_out(HELPS.get(name) or patience_help.BIG_BEN_STRICT)
             for line in page]
    for line, after in zip(lines, lines[1:]):
        if len(line.split()) == 1 and len(line) <= 3 and after:
            assert len(line) + 1 + len(after.split()[0]) > LINE_CHARS, (line, after)


def test_the_checks_catch_the_issues_pages():
    # the same checks on texts like the issue's: a stub line, a page starting mid-sentence
    stub = ("Ranks:", "A 2 3 4 5 6 7 8 9 10 J Q K", "2 4 6 8 10 Q A 3 5 7 9 J K")
    lines = [line for page in laid_out(stub) for line in page]
    assert "K" in lines and len("K 2") <= LINE_CHARS
    long = ("word " * 60 + "end.",)
    laid = laid_out(long)
    assert len(laid) > 1 and len(" ".join(laid[0]).split()) not in sentence_starts(long)


def test_a_sentence_too_long_for_the_rest_of_a_page_starts_the_next():
    # six lines of short sentences, then one of three lines: it goes over whole
    paragraphs = ("One two three. " * 12, "word " * 14 + "end.")
    laid = laid_out(paragraphs)
    assert [line.split()[0] for line in (laid[0][-1], laid[1][0])] != ["word", "word"]
    assert laid[1][0].startswith("word") and laid[0][-1].endswith(".")


class _App:
    def __init__(self):
        self.text = TextView()
        self.popped = 0

    def pop(self):
        self.popped += 1


def test_every_page_says_how_to_page_and_leave_and_keys_turn_and_leave():
    app = _App()
    p = pages.Pages("Yo-yo", seat_help.YOYO)
    p.show(app)
    assert app.text.lines()[0] == "Yo-yo  1/%d" % p.count
    assert app.text.lines()[LINES - 1] == KEYS_LINE
    for _ in range(p.count):
        p.key(app, keys.RIGHT)
        assert app.text.lines()[LINES - 1] == KEYS_LINE
    assert p.page == 0 and app.popped == 0          # round to the first page again
    p.key(app, keys.LEFT)
    assert p.page == p.count - 1
    p.key(app, keys.B)
    assert app.popped == 1


# -- Big Ben: the help tells the rules of the deal in play (issue 36 item 1) ------------------
def help_shown(hw, app):
    """Start, Help, every page turned: the title line of the first and the text of all, as
    the stub's screen shows them; then back to the table."""
    from tests.ui_keys import press
    from ui.patience.menu import MENU
    press(hw, app, keys.START, *[keys.DOWN] * MENU.index("Help"), keys.A)
    title = app.text.lines()[0]
    count = app.stack[-1].count
    words = []
    for _ in range(count):
        words += " ".join(app.text.lines()[1:LINES - 1]).split()
        press(hw, app, keys.RIGHT)
    while len(app.stack) > 1:
        press(hw, app, keys.B)
    return title, " ".join(words)


# Each rule the strict setting changes: the sentence the default help tells, the one the
# strict help tells, and a probe of the rules in play that is True where the default holds.
DEAL_DEFAULT = ("With no gap open, it deals a card to the waste instead, even while a card "
                "could move.")
DEAL_STRICT = ("Strict: only with no gap open and no card able to move does it deal a card "
               "to the waste.")
RUN_STRICT = "Strict: a card on the next of its suit moves only home."


def deal_probe(g):
    """A position with no gap open and a card that could move: may the reserve deal?"""
    from engine.bigben import RESERVE, WASTE
    assert g.gaps() == 0 and g.card_move() >= 0 and g.res_len
    return g.check(RESERVE, WASTE) == 0


def run_probe(g):
    """A♦ lying on a 2♦ at 1 o'clock, the other 2♦ on top at 2: may the A♦ go onto it?"""
    from engine.bigben import OK
    ace, two = (0 * 4 + 1) * 2, (1 * 4 + 1) * 2
    for place, cards in ((1, (two, ace)), (2, (two + 1,))):
        while g.n[place] > 3 - len(cards):
            g.pop(place)
        for c in cards:
            g.push(place, c)
    return g.check(1, 2) == OK


def play_to_the_issues_deal(hw, app):
    """The issue's position (it was deal 18046 after 38 hints of the heuristic hint): no gap, a
    card could move, and the hint deals. The planning hint reaches one on deal 4 after 23."""
    from tests.ui_keys import press
    app.deal(4)
    for _ in range(23):
        press(hw, app, keys.SELECT, keys.A)


def test_big_ben_help_tells_the_default_deal_rule_the_issues_repro():
    from engine.bigben import RESERVE, WASTE
    from tests.ui_keys import boot, press
    from tools.text.view import row_with_cards
    from ui.bigben.table import BigBenApp
    hw, app = boot(BigBenApp)
    play_to_the_issues_deal(hw, app)
    g = app.game
    press(hw, app, keys.SELECT)
    t = app.table
    # the hint deals though a card could move: words that do not sound lost
    assert g.card_move() >= 0 and t.place == RESERVE
    assert row_with_cards(t.message.row, t.chips) == "Deal: a new card to play"
    title, told = help_shown(hw, app)
    assert title.startswith("Big Ben  1/")
    assert deal_probe(g) and DEAL_DEFAULT in told
    assert "Only when no card can move" not in told and "Strict: only" not in told
    waste = g.n[WASTE]
    press(hw, app, keys.SELECT, keys.A)          # A then deals, as the help says
    assert g.n[WASTE] == waste + 1


def test_big_ben_help_matches_the_rules_of_the_deal_in_play_for_each_setting():
    from tests.ui_keys import boot, press
    from ui.bigben.table import BigBenApp, BigBenTable
    hw, app = boot(BigBenApp)
    for strict in (False, True, False):
        app.settings.options = BigBenTable.STRICT if strict else 0
        play_to_the_issues_deal(hw, app)
        g = app.game
        for _ in range(200):        # on to a position where the two readings differ
            if g.gaps() == 0 and g.card_move() >= 0 and g.res_len:
                break
            press(hw, app, keys.SELECT, keys.A)
        assert g.strict == strict
        title, told = help_shown(hw, app)
        assert title.startswith("Big Ben strict  1/" if strict else "Big Ben  1/")
        # each rule sentence told is the one the rules in play follow
        assert deal_probe(g) == (not strict)
        assert (DEAL_STRICT in told, DEAL_DEFAULT in told) == (strict, not strict)
        assert run_probe(g) == (not strict)
        assert (RUN_STRICT in told) == strict
        # the setting changes the next deal, not the one in play: nor the help
        app.settings.options ^= BigBenTable.STRICT
        assert help_shown(hw, app)[1] == told


def test_rules_html_tells_big_bens_default_rule_and_the_strict_one_apart():
    # the issue: rules.html carried the strict deal rule as Big Ben's rule
    from tools import build_web
    page = build_web.rules_page()
    big_ben = page[page.index("<h2>Big Ben</h2>"):]
    big_ben = big_ben[:big_ben.index("<h2>", 4)] if "<h2>" in big_ben[4:] else big_ben
    default, strict = big_ben.split("<h3>Big Ben with Strict deals on</h3>")
    assert DEAL_DEFAULT in default and "Strict: only" not in default
    assert "Only when no card can move" not in page
    assert DEAL_STRICT in strict and RUN_STRICT in strict
    for p in patience_help.BIG_BEN_STRICT:     # the rest is the default's, told once
        assert (p in patience_help.BIG_BEN) == (build_web.html.escape(p) not in strict)
