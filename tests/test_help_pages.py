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
