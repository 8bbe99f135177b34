"""Calculation's and Big Ben's deal settings (ui/patience/deals.py): "New deals: winnable"
deals only deals the game's atlas marks (hw/atlas.py, one file a game), says so when the file
is missing and then deals as ever; statistics count wins among marked deals; Big Ben's
"Strict deals" reaches the engine's strict at a new deal only, and both survive power-on
(ui/persist.py Settings.options; records of the older layouts load)."""
import pytest

from hw import atlas, keys
from tests.ui_keys import boot, press
from tools.atlas import common as maker
from ui.bigben.table import BigBenApp, BigBenTable
from ui.calculation.table import CalcApp, CalcTable
from ui.patience import menu as patience_menu
from ui.persist import TAG_BB, Persist, Settings
from ui.screens import DEVICE_ROWS

MARKED = (7, 77, 7777, 31001)
WIN_CALC, WIN_BB, STRICT_BB = CalcTable.WINNABLE, BigBenTable.WINNABLE, BigBenTable.STRICT
DEALS = WIN_CALC | WIN_BB | STRICT_BB           # the deal choices' bits of Settings.options


@pytest.fixture(params=[(CalcApp, atlas.CALCULATION, WIN_CALC, DEVICE_ROWS + 1),
                        (BigBenApp, atlas.BIG_BEN, WIN_BB, DEVICE_ROWS)],
                ids=["calculation", "big_ben"])
def game(request, tmp_path):
    """(app class, its atlas name, its setting bit, its settings row) with a small atlas
    marking only MARKED."""
    app_class, name, bit, row = request.param
    p = tmp_path / name
    p.write_bytes(maker.pack({n: n in MARKED for n in range(1, atlas.LAST_DEAL + 1)}))
    atlas.use(str(p), name)
    yield app_class, name, bit, row
    atlas.use(None, name)


def settings_rows(hw, app):
    """Menu > Settings: its rows as shown."""
    app.back_to_table()
    app.open_menu()
    press(hw, app, *[keys.DOWN] * patience_menu.MENU.index("Settings"), keys.A)
    return [line.strip() for line in app.text.lines()[1:] if line.strip()]


def change(hw, app, row):
    """Settings opened, its row changed by the D-pad."""
    settings_rows(hw, app)
    press(hw, app, *[keys.DOWN] * row, keys.RIGHT)


def new_deal(hw, app):
    app.back_to_table()
    app.open_menu()
    press(hw, app, *[keys.DOWN] * patience_menu.MENU.index("New deal"), keys.A)
    if app.stack[-1] is not app.table:          # a deal in play: asked first
        press(hw, app, keys.A)
    return app.game.deal_number


def test_settings_keep_the_deal_choices_and_older_records_load():
    s = Settings()
    assert s.options & DEALS == 0
    s.options |= WIN_CALC | STRICT_BB
    data = s.pack()
    assert data[0] == 6 and len(data) == 7        # format 6: the options in two bytes
    again = Settings()
    assert again.unpack(data) and again.options == s.options
    assert again.unpack(bytes((4, 1, 3, 1, 0, 1, 2, 5))) and again.options & DEALS == \
        WIN_CALC | STRICT_BB                      # format 4's deals byte: 1, 2, 4
    for old in (bytes((3, 1, 3, 1, 1, 1, 2)), bytes((2, 1, 3, 1, 0, 1)), bytes((1, 1, 3, 1, 0))):
        again = Settings()
        again.options = DEALS
        assert again.unpack(old) and again.options & DEALS == 0 and again.brightness == 3
    assert not Settings().unpack(bytes((4, 1, 3, 1, 0, 1, 2)))      # format 4 needs its 8th
    assert not Settings().unpack(bytes((6, 1, 3, 1, 0, 2)))         # format 6 needs its 7th


def test_new_deals_winnable_deals_only_marked_deals_and_survives_power_on(game):
    app_class, name, bit, row = game
    hw, app = boot(app_class)
    assert "New deals    any" in settings_rows(hw, app)
    change(hw, app, row)
    assert app.settings.options & bit and "New deals    winnable" in settings_rows(hw, app)
    dealt = {new_deal(hw, app) for _ in range(12)}
    assert dealt <= set(MARKED) and len(dealt) > 1
    assert app.table.describe_deal(77) == "Winnable" and app.table.describe_deal(78) == ""
    app.save_now()
    hw2, again = boot(app_class, storage=hw.storage)
    assert again.settings.options & DEALS == bit          # the other game's bit stays off
    assert new_deal(hw2, again) in MARKED
    change(hw2, again, row)                                  # off: any deal again
    assert not again.settings.options & bit
    assert {new_deal(hw2, again) for _ in range(6)} - set(MARKED)


def test_without_its_atlas_the_row_says_so_and_deals_come_as_ever(game, tmp_path):
    app_class, name, bit, row = game
    atlas.use(str(tmp_path / "absent.bin"), name)
    hw, app = boot(app_class)
    change(hw, app, row)
    rows = settings_rows(hw, app)
    assert app.settings.options & bit and "New deals    any: no list" in rows
    assert all(len(r) <= 25 for r in rows)
    assert {new_deal(hw, app) for _ in range(6)} - set(MARKED)
    assert app.table.describe_deal(77) == ""            # never "Cannot be won" without a proof
    assert app.table.winnable() is None


def test_statistics_count_wins_among_marked_deals(game):
    app_class, name, bit, row = game
    hw, app = boot(app_class)
    for deal, marked in ((77, 1), (78, 0), (7, 1)):
        app.deal(deal)
        press(hw, app, keys.SELECT, keys.A)                # a move: leaving it counts a loss
        assert app.table.winnable() == (True if marked else None)
    app.deal(5)
    s = app.stats
    assert (s.played, s.wplayed, s.wwon) == (3, 2, 0)


def test_strict_deals_reach_the_engine_at_a_new_deal_only_and_survive_power_on():
    hw, app = boot(BigBenApp)
    g = app.game
    assert not getattr(g, "strict", False) and app.settings.options & DEALS == 0   # off at first
    press(hw, app, keys.SELECT, keys.A)                                    # a deal in play
    rows = settings_rows(hw, app)
    assert "Strict deals off" in rows
    change(hw, app, DEVICE_ROWS + 1)
    assert app.settings.options & DEALS == STRICT_BB
    assert "Strict deals next: on" in settings_rows(hw, app)   # the deal in play keeps its rules
    assert not getattr(g, "strict", False)
    new_deal(hw, app)
    assert g.strict is True and "Strict deals on" in settings_rows(hw, app)
    app.deal(12)                                               # a typed deal number too
    assert g.strict is True
    app.save_now()
    hw2, again = boot(BigBenApp, storage=hw.storage)
    assert again.settings.options & DEALS == STRICT_BB
    new_deal(hw2, again)
    assert again.game.strict is True
    change(hw2, again, DEVICE_ROWS + 1)                             # off: the next deal is not
    new_deal(hw2, again)
    assert again.game.strict is False


def test_a_deal_made_at_power_on_takes_the_strict_setting():
    """No game saved (or a damaged one): the deal made at power-on is dealt strict too."""
    hw, app = boot(BigBenApp)
    app.settings.options |= STRICT_BB
    app.save_now()
    p = Persist(hw.storage)
    p.load(Settings())
    p.put(TAG_BB, b"\x01\x02")
    p.commit(app.settings)
    hw2, again = boot(BigBenApp, storage=hw.storage)
    assert again.game.strict is True and again.game.moves_made == 0
