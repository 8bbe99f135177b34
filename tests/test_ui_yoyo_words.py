"""Yo-yo's prompts name what is wanted (issue 36, item 4), on the message row the player sees:
a transfer names the rank it would free, a pass says which rank no fan offers, and the cursor
stays on its fan across power-on."""
from engine import cards
from engine.yoyo import GREEDY, HUMAN, STUCK, UP
from hw import keys
from tests.test_ui_yoyo import (
    TRANSFER,
    boot,
    cpus_until_a_person,
    cursor_to,
    human_action,
    legal,
    new_game,
)
from tests.test_yoyo_kit import fan_of
from tests.test_yoyo_kit import table as kit_table
from tests.ui_keys import press
from tools.text.view import row_text
from tools.text.yoyo_parlett import screen_text
from ui.app import QUIET_MS
from ui.persist import PLACE, TAG_YOYO
from ui.seated.app import CURTAIN, NEWS_MS, TABLE

RANKS = ("Ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def message_row(app):
    """The message row as drawn, read back from its tiles."""
    return row_text(app.table.view.table.message.row)


def told(hw, app):
    """The message row line by line, as the player sees it wait its time, till it stays."""
    out = [message_row(app)]
    for _ in range(6):
        hw.clock.advance(NEWS_MS)
        app.step()
        if message_row(app) == out[-1]:
            return out
        out.append(message_row(app))
    raise AssertionError(out)


def test_after_a_cpu_is_stuck_the_transfer_prompt_names_the_rank_it_frees():
    # P1 plays up to the 2D and is stuck; CPU2 is stuck too: P1 may move a top card under
    hw, app = new_game((HUMAN, GREEDY))
    g = app.game
    g.start(kit_table(TRANSFER, low="3AJ").layout, 2, 0, bytes((HUMAN, GREEDY)))
    app.begin()
    for a in (UP, fan_of(g, "2D"), STUCK):
        human_action(hw, app, a)
    cpus_until_a_person(hw, app)
    assert g.turn == 0 and g.transfer_allowed() and app.screen == TABLE
    rank = RANKS[g.need()]
    lines = told(hw, app)
    assert lines[0].startswith("CPU2 is stuck.")
    assert "Sel: free a%s %s" % ("n" if rank in ("Ace", "8") else "", rank) in lines[-1]
    assert all(len(line) <= 26 for line in lines)
    cursor_to(hw, app, 1)
    press(hw, app, keys.SELECT)                     # frees the Ace under the 8H
    assert cards.name(g.tableau.top(1)) == "AH"


def test_a_pass_after_a_won_pile_says_no_fan_offers_the_rank():
    hw, app = new_game((HUMAN, GREEDY))
    g = app.game
    for deal in range(1, 400):              # CPU2 starts, wins its pile, P1 has nothing
        g.new_game(deal, 2, 1, bytes((HUMAN, GREEDY)))
        app.begin()
        cpus_until_a_person(hw, app)
        if g.pile_count() == 0 and g.won[1] > 0 and legal(g) == [STUCK]:
            break
    else:
        raise AssertionError("no deal to test on")
    lines = told(hw, app)
    assert lines[0].startswith("CPU2 won %d" % g.won[1])
    want = RANKS[g.need()]
    other = g.other()
    if other >= 0:
        want += "/" + RANKS[other]
    assert lines[-1] == "No %s fits: A passes" % want       # why A passes
    press(hw, app, keys.A)
    assert g.turn == 1 or g.hist_len > 0


def test_the_cursor_stays_on_its_fan_across_power_on():
    hw, app = new_game((HUMAN, GREEDY))
    g = app.game
    human_action(hw, app, legal(g)[0])              # the way
    cursor_to(hw, app, 9)
    assert app.table.cursor == 9
    hw.clock.advance(QUIET_MS)
    app.step()
    assert app.unsaved_since < 0 and app.persist.get(TAG_YOYO | PLACE) is not None
    before = screen_text(app)
    assert "[" in before
    hw2, again = boot(storage=hw.storage, seed=77)
    if again.screen == CURTAIN:
        press(hw2, again, keys.A)
    assert again.screen == TABLE and again.table.cursor == 9
    assert screen_text(again).splitlines()[1:4] == before.splitlines()[1:4]   # the fans


class _Wants:
    """need() and other() as a game in play answers them."""

    def __init__(self, need, other):
        self.n, self.o = need, other

    def need(self):
        return self.n

    def other(self):
        return self.o


def test_every_prompt_that_names_a_rank_fits_the_row_and_names_it():
    from ui.yoyo_parlett.words import prompt_words
    for p in (3, 4, 7):                     # pass, transfer, transfer or pass
        for r in range(13):
            for o in [-1] + [x for x in range(13) if x != r]:
                words = prompt_words(_Wants(r, o), p)
                assert len(words) <= 26 and RANKS[r] in words, words
                assert o < 0 or RANKS[o] in words, words
                assert ("A passes" if p == 3 else "Sel: free ") in words
