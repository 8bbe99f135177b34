"""Every patience keeps its settings one way (ui/persist.py Settings.options, the precedent the
README's "How to add a game" gives): on/off options, a bit each, named in the game's table and
listed beside its tag in ui/persist.py; no two games share a bit. A save written before the
options were one field (format 5: a byte for each of Black Hole's two choices, a byte of
auto-play bits, a byte of deal bits) loads as the same settings, shown on each game's settings
screen as they were chosen."""
import itertools
import os
import re

import pytest

from hw.storage import Records, SlotStore
from hw.stores import MemoryStore
from tests.ui_keys import boot
from ui.bigben.table import BigBenApp, BigBenTable
from ui.blackhole.table import BlackHoleApp, BlackHoleTable
from ui.calculation.table import CalcApp, CalcTable
from ui.persist import TAG_BB, TAG_CALC, TAG_GAME, TAG_SETTINGS, Settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TABLES = {TAG_GAME: BlackHoleTable, TAG_CALC: CalcTable, TAG_BB: BigBenTable}
BH, CALC, BB = BlackHoleTable, CalcTable, BigBenTable


def bits(table):
    """The options bits a table names (its upper-case int class attributes besides its tags)."""
    return {v for k, v in vars(table).items()
            if k.isupper() and isinstance(v, int) and not isinstance(v, bool)
            and not k.endswith("_TAG")}


def test_each_game_names_its_own_bits_and_no_two_share_one():
    listed = {}
    with open(os.path.join(ROOT, "ui", "persist.py")) as f:
        for m in re.finditer(r"^TAG_\w+ = const\((\d+)\).*options bits ([\d, ]+)", f.read(), re.M):
            listed[int(m.group(1))] = {1 << int(b) for b in m.group(2).split(",")}
    assert set(listed) == set(TABLES)
    seen = set()
    for tag, table in TABLES.items():
        own = bits(table)
        assert own == listed[tag] == set(table.SWITCHES), table.__name__
        assert all(b & (b - 1) == 0 for b in own) and not own & seen
        seen |= own
    assert max(seen) < 1 << 16          # the record keeps two bytes of them


def old_record(sound, brightness, lights, bh_winnable, bh_bar, auto, deals, sleep):
    """A settings record as format 5 wrote it: auto-play bits (Black Hole 1, Calculation 2)
    and deal bits (Calculation winnable 1, Big Ben winnable 2, Big Ben strict 4)."""
    return bytes((5, sound, brightness, lights, bh_winnable, bh_bar, auto, deals, sleep))


CHOICES = list(itertools.product((0, 1), repeat=7))


@pytest.mark.parametrize("choice", CHOICES, ids=lambda c: "".join(map(str, c)))
def test_a_format_5_record_loads_as_the_same_choices_and_keeps_them(choice):
    bh_win, bh_bar, bh_auto, calc_auto, calc_win, bb_win, bb_strict = choice
    old = old_record(1, 2, 0, bh_win, bh_bar, bh_auto | calc_auto << 1,
                     calc_win | bb_win << 1 | bb_strict << 2, 3)
    s = Settings()
    assert s.unpack(old)
    o = s.options
    assert [bool(o & b) for b in (BH.WINNABLE, BH.VERDICT, BH.AUTO, CALC.AUTO, CALC.WINNABLE,
                                  BB.WINNABLE, BB.STRICT)] == [bool(c) for c in choice]
    assert (s.sound, s.brightness, s.lights, s.sleep) == (True, 2, False, 3)
    again = Settings()
    assert again.unpack(s.pack()) and again.options == o and again.sleep == 3


def test_an_old_save_shows_the_same_settings_in_every_game():
    """A whole save as the app wrote it before (format 5 settings beside other records):
    each game's settings screen shows what the player had chosen."""
    store = MemoryStore()
    r = Records()
    r.put(TAG_SETTINGS, old_record(0, 4, 1, 1, 0, 1, 0b110, 0))     # BH: winnable, auto-play;
    SlotStore(store).save(r.pack())         # Calculation: auto-play off; Big Ben: both on
    rows = {}
    for app_class in (BlackHoleApp, CalcApp, BigBenApp):
        hw, app = boot(app_class, storage=store)
        assert app.persist.notice is None and not app.settings.sound
        rows[app_class] = dict(app.table.option_rows(app))
    assert rows[BlackHoleApp] == {"Winnable?": "hidden", "New deals": "winnable",
                                  "Auto-play": "on"}
    assert rows[CalcApp] == {"Auto-play": "off", "New deals": "any"}
    assert rows[BigBenApp]["New deals"] != "any" and \
        rows[BigBenApp]["Strict deals"] in ("on", "next: on")
