"""The seated tables' key guide and Yo-yo's B held for redo (ui/seated/app.py): on a person's
decision, once play pauses, the prompt gives way to the table's guide lines in turn and comes
back; never over news or a refusal; B kept down on Yo-yo's table brings back what B took back,
and YoYo, which has no redo, never reports a held B."""
import tracemalloc

from engine.amigo import P_TURN
from engine.yoyo import GREEDY, STUCK
from hw import keys
from tests.test_ui_guide import IDLE_MS, hold_b
from tests.test_ui_yoyo import human_action, legal
from tests.test_ui_yoyo import new_game as yoyo_game
from tests.ui_keys import press
from ui.seated.app import HUMAN, TABLE
from ui.yoyo_amigo.table import AmigoTable
from ui.yoyo_amigo.view import MSG_CHARS
from ui.yoyo_parlett.table import YoyoTable
from ui.yoyo_parlett.view import PROMPTS


def idle(hw, app):
    hw.clock.advance(IDLE_MS)
    app.step()
    return app.table.view.said


def amigo_match():
    from engine.amigo_cpu import GREEDY as AMIGO_GREEDY
    from tests.test_ui_amigo import new_match
    hw, app = new_match((HUMAN, AMIGO_GREEDY))
    for _ in range(200):
        if app.screen == TABLE and not app.busy():
            return hw, app
        hw.clock.advance(1000)
        app.step()
    raise AssertionError("the CPU seat never gave the turn to the person")


def test_the_guide_lines_fit_the_message_rows_and_name_the_menu():
    for table in (YoyoTable, AmigoTable):
        assert table.GUIDES and all(len(g) <= MSG_CHARS for g in table.GUIDES)
        assert any("Start: menu" in g for g in table.GUIDES)
    assert "hold B: redo" in YoyoTable.GUIDES[0] and YoyoTable.REDOES
    assert "Up: what fits" in AmigoTable.GUIDES[0] and not AmigoTable.REDOES


def test_yoyo_shows_its_guide_when_play_pauses_and_the_prompt_comes_back():
    hw, app = yoyo_game((HUMAN, GREEDY))
    prompt = app.table.view.said
    assert prompt in PROMPTS and prompt
    hw.clock.advance(IDLE_MS - 100)
    app.step()
    assert app.table.view.said == prompt            # not yet: only after a real pause
    assert idle(hw, app) == YoyoTable.GUIDES[0]
    assert idle(hw, app) == prompt
    press(hw, app, keys.B)                           # nothing to undo: those words stay
    refused = app.table.view.said
    assert refused == "Nothing to undo this turn"
    assert idle(hw, app) == refused


def test_yoyo_b_held_redoes_what_b_took_back_and_says_when_there_is_nothing():
    hw, app = yoyo_game((HUMAN, GREEDY))
    g = app.game
    assert hw.keys.repeat.hold_b                     # the table asks for B held
    made = 0
    while legal(g) != [STUCK] and made < 3:
        human_action(hw, app, legal(g)[0])
        made += 1
    assert made >= 2
    after = bytes(g.save())
    press(hw, app, keys.B)                           # one taken back...
    assert g.hist_len == made - 1
    press(hw, app, keys.B)                           # ... two
    assert g.hist_len == made - 2
    hold_b(hw, app)                                  # the press takes one, the hold two back
    assert g.hist_len == made - 1
    hold_b(hw, app)
    assert g.hist_len == made and bytes(g.save()) == after
    assert app.table.view.said == PROMPTS[app.table.prompt_index_now()]
    hold_b(hw, app)          # the press takes one back, the hold brings it back, no more
    assert g.hist_len == made and bytes(g.save()) == after
    assert app.table.view.said == "Nothing to redo"
    press(hw, app, keys.START)                       # off the table, no B held
    assert not hw.keys.repeat.hold_b


def test_yoyo_guide_and_idle_passes_allocate_nothing():
    hw, app = yoyo_game((HUMAN, GREEDY))
    for _ in range(3):
        idle(hw, app)
    tracemalloc.start()
    try:
        before = tracemalloc.take_snapshot()
        for _ in range(6):
            idle(hw, app)
            app.step()
        grown = sum(s.size_diff for s in tracemalloc.take_snapshot().compare_to(before, "lineno")
                    if s.size_diff > 0 and "ui/" in str(s.traceback))
    finally:
        tracemalloc.stop()
    assert grown == 0


def test_yoyo_amigo_guide_turns_with_its_prompt_on_a_persons_turn_only():
    hw, app = amigo_match()
    g = app.game
    assert g.pending == P_TURN and g.kinds[g.seat] == HUMAN
    prompt = app.table.view.said
    assert prompt == app.table.prompt(app) and prompt
    assert not hw.keys.repeat.hold_b                 # no redo in YoYo: B held is never reported
    seen = [idle(hw, app) for _ in range(len(AmigoTable.GUIDES) + 1)]
    assert seen == list(AmigoTable.GUIDES) + [prompt]
    press(hw, app, keys.UP)                          # what fits: its words stay on a pause
    hint = app.table.view.said
    assert hint not in AmigoTable.GUIDES
    assert idle(hw, app) == hint
