"""The patience tables end a move and refuse one the same way (ui/patience/app.py: played(),
refuse(), say_state()): a click for a move, a buzz and the reason for a refusal, a low tone
and the end on the message row when a deal sticks."""
import pytest

from hw import keys
from tests.ui_keys import boot, press
from ui.bigben.table import BigBenApp
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp


def said(app):
    return app.table.message.said


def hint_move(hw, app):
    """Black Hole: A on the first fan that plays (its solver's hint waits on ticks); the
    others: Select and A."""
    if app_class_of(app) is BlackHoleApp:
        f = app.game.first_move()
        if f >= 0:
            app.table.cursor = f
        press(hw, app, keys.A)
    else:
        press(hw, app, keys.SELECT, keys.A)


def app_class_of(app):
    return {"BlackHoleTable": BlackHoleApp, "CalcTable": CalcApp}.get(
        type(app.table).__name__, BigBenApp)


@pytest.mark.parametrize("app_class", [BlackHoleApp, CalcApp, BigBenApp])
def test_a_move_clicks_a_refusal_buzzes_and_a_stuck_deal_sounds_low(app_class):
    hw, app = boot(app_class)
    g = app.game
    for deal in range(1, 40):
        app.deal(deal)
        while not (g.is_won() or g.is_stuck()):
            made = g.moves_made
            hint_move(hw, app)
            if g.is_stuck():
                break
            assert g.moves_made > made and hw.sound.log[-1] == (1200, 15)
            press(hw, app, keys.A)               # A again where the hint's card went
            if g.is_won() or g.is_stuck():
                break
            assert hw.sound.log[-1] in ((1200, 15), (110, 150))
            if hw.sound.log[-1] == (110, 150):
                assert said(app) and said(app)[0].isupper()
        if g.is_stuck():
            break
    assert g.is_stuck() and hw.sound.log[-1] == (196, 120)
    assert said(app).startswith(("No moves left", "Stuck"))


@pytest.mark.parametrize("app_class", [BlackHoleApp, CalcApp, BigBenApp])
def test_undo_clicks_and_reads_like_a_move_and_says_when_there_is_none(app_class):
    """B takes a move back as app.played() ends a move (Black Hole's table on its own path,
    for its solver, to the same end): the move's click, the state line; at a deal's start the
    same words in every patience."""
    hw, app = boot(app_class)
    g = app.game
    app.deal(3)
    press(hw, app, keys.B)
    assert g.moves_made == 0 and said(app) == "Nothing to undo"
    heard = len(hw.sound.log)
    hint_move(hw, app)
    assert g.moves_made == 1
    hw.sound.log.append(None)                # a mark: the undo's sound comes after it
    press(hw, app, keys.B)
    assert g.moves_made == 0 and len(hw.sound.log) > heard
    assert hw.sound.log[-1] == (1200, 15) and hw.sound.log[-2] is None
    assert said(app) != "Nothing to undo"
