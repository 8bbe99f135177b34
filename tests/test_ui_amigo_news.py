"""YoYo's news on the screen the player sees (issue 36, item 3): no line of news is lost to a
key, the decision waiting is asked once the news is told, Up and Down do what the help says,
and the last moves survive power-on."""
from engine.amigo import P_DRAWN, P_PASS, P_TAKE, P_TURN
from engine.amigo_cpu import GREEDY, HUMAN
from hw import keys
from tests.test_amigo_kit import index
from tests.test_amigo_kit import table as kit_table
from tests.test_ui_amigo import (
    boot,
    cpu_table,
    cursor_to,
    kit_name,
    new_match,
    news_in_turn,
    put_table,
    step_cpus,
)
from tests.ui_keys import press
from tools.text.view import row_text
from tools.text.yoyo_amigo import screen_text
from ui.app import QUIET_MS
from ui.persist import PLACE, TAG_AMIGO
from ui.seated.app import ASK, NEWS_MS, TABLE
from ui.yoyo_amigo import play as amigo_play
from ui.yoyo_amigo.words import lines


def message_row(app):
    """The message row as drawn, read back from its tiles."""
    return row_text(app.table.view._msg)


def skip_and_take():
    """P3 skips P1, P2's take-cards yellow lets P3 take one of P1's cards: P1's news is two
    lines, then the prompt."""
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 30)
    g = cpu_table(kit_table(3, [["B3", "B4", "B10"], ["Y14", "R20", "R18"],
                                ["Y16", "R19", "R17", "R15"]], pile=["B8"], turn=2,
                            draw=["R1"]), (HUMAN, GREEDY, GREEDY))
    before = [g.card(0, i) for i in range(3)]
    put_table(app, g)
    step_cpus(hw, app)
    assert g.seat == 0 and g.pending == P_TURN and app.screen == TABLE
    lost = [c for c in before if c not in [g.card(0, i) for i in range(g.counts[0])]]
    return hw, app, g, "P3 took your %s" % kit_name(lost[0])


def test_a_key_while_news_remains_shows_the_next_line_and_never_acts():
    hw, app, g, took = skip_and_take()
    assert message_row(app) == "P3 skipped you"
    position = g.save()
    for k in (keys.SELECT, keys.B, keys.A, keys.DOWN, keys.UP, keys.LEFT, keys.START):
        hw2, app2, g2, took2 = skip_and_take()
        press(hw2, app2, k)                     # at once, not NEWS_MS later
        assert message_row(app2) == took2, k    # the rest of the news, not lost
        assert app2.screen == TABLE and g2.save() == position and app2.table.picks.n == 0
        press(hw2, app2, k)                     # the news told: the prompt, still nothing done
        assert message_row(app2) == amigo_play.prompt(g2) and g2.save() == position
    # told in turn without a key, each line its time, as before
    assert news_in_turn(hw, app) == ["P3 skipped you", took, amigo_play.prompt(g)]


def pass_then_take():
    """P1 passes a card left; P2's take-cards yellow then lets P3 take one of P1's cards."""
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 30)
    g = cpu_table(kit_table(3, [["Y13", "B3", "R9", "B11"], ["Y14", "R2", "R4"],
                                ["B16", "R17", "R15"]], pile=["B8"], turn=0, draw=["R1"]),
                  (HUMAN, GREEDY, GREEDY))
    put_table(app, g)
    cursor_to(hw, app, index(g, 0, "Y13"))
    press(hw, app, keys.SELECT)                 # arrow left: each seat passes a card
    assert g.pending == P_PASS and g.seat == 0
    assert message_row(app) == amigo_play.P_PASS_TEXT
    cursor_to(hw, app, index(g, 0, "B3"))
    press(hw, app, keys.A)
    step_cpus(hw, app)
    assert g.seat == 0 and g.pending == P_TURN
    return hw, app, g


def test_after_a_pass_left_the_card_taken_is_told_before_the_next_decision():
    hw, app, g = pass_then_take()
    passed = "Passed left: you got %s" % kit_name(app.table.got[0])
    assert message_row(app) == passed
    told = [line for line in lines(app.table, 0) if line.startswith("P3 took your ")]
    assert len(told) == 1
    position = g.save()
    press(hw, app, keys.SELECT)         # a player in a hurry: the rest is shown, nothing done
    assert message_row(app) == told[0] and g.save() == position
    while message_row(app) != amigo_play.prompt(g):
        press(hw, app, keys.SELECT)
        assert g.save() == position
    press(hw, app, keys.DOWN)
    assert told[0] in screen_text(app).splitlines()


def test_a_take_choice_after_a_plus_asks_whom_not_old_news():
    # P1 draws R19 (no fit, kept, told at once); P2 plays B15, P3 its Plus: P1 takes
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 30)
    g = cpu_table(kit_table(3, [["R3", "R4"], ["B15", "R5"], ["Y14", "R2"]], pile=["B14"],
                            turn=0, draw=["R19"]), (HUMAN, GREEDY, GREEDY))
    put_table(app, g)
    press(hw, app, keys.B)
    assert message_row(app) == "Drew R19, no fit: kept"
    step_cpus(hw, app)
    assert g.seat == 0 and g.pending == P_TAKE
    # the question, at once: not the draw told before; the white underline is its answer
    assert message_row(app) == amigo_play.P_TAKE_TEXT == "Take from whom? Up/Dn, A"
    v = app.table.view
    assert not v._victim.hidden and v._victim.x == 53 + 1      # under P2, with the question
    hw.clock.advance(3 * NEWS_MS)
    app.step()
    assert message_row(app) == amigo_play.P_TAKE_TEXT
    press(hw, app, keys.DOWN)                   # the underline steps on to P3
    assert v._victim.x == 2 * 53 + 1 and message_row(app) == amigo_play.P_TAKE_TEXT


def test_up_in_a_pass_left_choice_opens_nothing_and_down_shows_the_last_moves():
    hw, app = new_match((HUMAN, GREEDY, GREEDY), 30)
    g = cpu_table(kit_table(3, [["Y13", "B3", "R9"], ["Y14", "R2"], ["B16", "R17"]],
                            pile=["B8"], turn=0), (HUMAN, GREEDY, GREEDY))
    put_table(app, g)
    cursor_to(hw, app, index(g, 0, "Y13"))
    press(hw, app, keys.SELECT)
    assert g.pending == P_PASS and message_row(app) == amigo_play.P_PASS_TEXT
    press(hw, app, keys.UP)
    assert app.screen == TABLE and message_row(app) == amigo_play.P_PASS_TEXT
    assert g.pending == P_PASS and g.seat == 0
    press(hw, app, keys.DOWN)
    assert app.screen == ASK and screen_text(app).splitlines()[0] == "Last moves"


def test_the_last_moves_and_untold_news_survive_power_on():
    hw, app, g, took = skip_and_take()
    assert message_row(app) == "P3 skipped you"
    hw.clock.advance(QUIET_MS)             # the save once play pauses
    app.step()
    assert app.unsaved_since < 0
    kept = app.persist.get(TAG_AMIGO | PLACE)
    # compact: the events untold to the one person, or the 8 the last moves show
    assert kept is not None and len(kept) == 1 + 4 * kept[0] + 12 and kept[0] <= 32
    assert message_row(app) == took         # the second line came while play paused
    press(hw, app, keys.DOWN, keys.DOWN)        # the prompt, then the last moves
    assert app.screen == ASK
    log = screen_text(app)
    assert "Nothing played yet" not in log
    # power cut mid-news: the new app tells the news from the line on screen, then the log
    hw2, again = boot(storage=hw.storage, seed=77)
    assert again.screen == TABLE and again.game.save() == g.save()
    assert message_row(again) == took
    press(hw2, again, keys.A)
    assert message_row(again) == amigo_play.prompt(again.game)
    press(hw2, again, keys.DOWN)
    assert screen_text(again) == log


def test_a_drawn_card_that_fits_still_asks_at_once():
    hw, app = new_match((HUMAN, GREEDY), 10)
    g = cpu_table(kit_table(2, [["R3", "R4"], ["B12", "R2"]], pile=["B14"], turn=0,
                            draw=["B16"]), (HUMAN, GREEDY))
    put_table(app, g)
    press(hw, app, keys.B)
    assert g.pending == P_DRAWN and message_row(app) == amigo_play.P_DRAWN_TEXT


def test_the_kept_log_and_the_log_agree_on_its_size_and_kinds():
    from ui.yoyo_amigo import keep, log
    assert keep._LOG_SIZE == log._LOG_SIZE
    assert (keep._E_PLAY, keep._E_SKIP, keep._E_TAKE, keep._E_SHUFFLE) == \
        (log._E_PLAY, log._E_SKIP, log._E_TAKE, log._E_SHUFFLE)
