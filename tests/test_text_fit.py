"""Every message the app can show fits the row it is shown on, and every message in the code is
among those shown here.

The rule: ui/text.py write() is the one door every word on the screen goes through (a
TextView's lines, the tables' message rows, YoYo's seat names and game row), and each row is
made as wide as its place on the 160x128 screen allows in 6x12 characters (ui/textview.py: a
title 26, the lines under it 25 after the marker; the Black Hole, Yo-yo and Calculation
message rows 26; YoYo's 25; seat names 5 or 6). The fixture wraps write() to record each text
with the width of the row it went to, and TextView.show() to record screens of more lines
than the view has, then drives the real code on the stub backend:
  - the chooser and its settings;
  - each game powered on over a damaged save and over an older save loaded (hw/storage.py's
    notices), a bad settings or statistics record, a damaged game record and (seated games) a
    damaged setup record;
  - each patience game's every menu row and the screens under it: help to its last page,
    every setting changed, statistics with the largest counts, number entry out of range and
    at the largest deal, every confirmation, the choices after a win and when stuck, the
    refusals at every rank, the hints, the solver's every message;
  - each seated game's setup with the most seats and six-letter names, its menu, rules,
    curtains in every phase with six-letter names, score tables with the widest scores and
    ties, every refusal code at every rank, the CPU lines, and random keys through it all.
Then:
  - no recorded text is wider than its row, and no screen has more lines than the view;
  - every string constant of ui/, hw/storage.py and the engines' words that reach the screen
    (engine/bigben_hint.py's hints, engine/bigben.py's refusals) that can reach the screen
    was seen on one: verbatim or inside a longer text, a format
    string matched by some shown text, a "|" table or help paragraph piece by piece.
    Constants that never reach the screen are in NOT_SHOWN, each with why; strings under
    three characters (blanks, separators, markers) and glyph drawings are not messages.
So a new message fails the second check until the drive shows it, and then the first holds
it to its row.
"""
import ast
import os
import random
import re
import tempfile

import pytest

from engine import amigo as am
from engine import bigben, calculation_hint, cards
from engine import yoyo as yy
from hw import atlas, keys, stub
from hw import storage as storage_module
from hw.stores import MemoryStore
from tests import ui_keys
from tests.test_amigo_kit import table as amigo_table
from tests.test_bigben_hint import WON_DEAL
from tests.ui_keys import press
from tools.atlas import common as atlas_maker
from tools.text.view import row_text
from ui import app as ui_app
from ui import launcher, text, textview
from ui.bigben import table as bb_table
from ui.bigben.table import BigBenApp
from ui.blackhole import solving as bh_solving
from ui.blackhole.table import BlackHoleApp
from ui.calculation.table import CalcApp
from ui.patience import help as patience_help
from ui.patience import menu as patience_menu
from ui.persist import (
    TAG_AMIGO,
    TAG_AMIGO_SETUP,
    TAG_BB,
    TAG_BB_STATS,
    TAG_CALC,
    TAG_CALC_STATS,
    TAG_GAME,
    TAG_SETTINGS,
    TAG_STATS,
    TAG_YOYO,
    TAG_YOYO_SETUP,
    Persist,
    Settings,
)
from ui.seated import app as seats
from ui.seated import help as seat_help
from ui.seated import records as seat_records
from ui.yoyo_amigo import play as amigo_play
from ui.yoyo_amigo.table import AmigoApp
from ui.yoyo_parlett.table import YoyoApp
from ui.yoyo_parlett.view import refusal as yoyo_refusal

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LONG_NAMES = ["WWWWWW"] * 6       # setup allows six letters; W is as wide as any
BIGGEST = 0xFFFF                  # statistics are kept in 16 bits (ui/persist.py)

# Constants in the scanned code that never reach the screen, and why.
NOT_SHOWN = {
    "ui.blackhole.table", "ui.yoyo_parlett.table", "ui.yoyo_amigo.table",   # modules to import
    "ui.calculation.table", "ui.bigben.table",
    "BlackHoleApp", "YoyoApp", "AmigoApp", "CalcApp", "BigBenApp",   # classes to make
    "ui.", "patience.help", "seated.help", "seated.setup", "patience.menu",  # modules to forget
    "blackhole.back", "seated.records", "patience.stats", "patience.celebrate",
    "yoyo_amigo.keep",
    "engine",                                                        # a package to drop
    "pages",                                                         # a module to forget
    "YOYO", "AMIGO", "BLACK_HOLE", "CALCULATION", "BIG_BEN",         # help tuples' names
    "BIG_BEN_STRICT",
    " ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",                         # a name's letters
    "0123456789",                                                    # a count's digits
    "1234",                                                          # a waste pile's number
    "save is %d bytes, a slot holds %d", "CPU move refused: %d",     # exceptions' texts
    ".!?",                                                           # what ends a sentence
}
# Word lists split on blanks by the code: each word must be seen.
WORD_LISTS = {"P1 P2 P3 P4 P5 P6", "blue red yellow"}
SCANNED = sorted(os.path.relpath(os.path.join(d, f), ROOT).replace(os.sep, "/")
                 for d, _, fs in os.walk(os.path.join(ROOT, "ui")) for f in fs if f.endswith(".py"))
SCANNED += ["hw/storage.py"]
HELP = (patience_help.BLACK_HOLE + patience_help.CALCULATION + patience_help.BIG_BEN +
        patience_help.BIG_BEN_STRICT +
        seat_help.YOYO + seat_help.AMIGO)


class Shown:
    def __init__(self):
        self.rows = set()         # (row width, text)
        self.tall = []            # screens of more lines than the view has

    def texts(self):
        return {t for _, t in self.rows}


@pytest.fixture(scope="module")
def shown():
    rec = Shown()
    mp = pytest.MonkeyPatch()
    write = text.write
    put = text.put
    show = textview.TextView.show

    def recording_write(grid, words):
        # a line made in place (YoYo's news) is its bytes, blank-filled to its row
        told = words if isinstance(words, str) else bytes(words).decode().rstrip()
        rec.rows.add((grid.width, told))
        write(grid, words)

    def recording_show(view, lines, marker=-1):
        if len(lines) > textview.LINES:
            rec.tall.append(list(lines))
        show(view, lines, marker)

    def recording_put(grid, at, words):
        after = put(grid, at, words)
        rec.rows.add((grid.width, row_text(grid)))        # the line put together so far
        return after

    mp.setattr(text, "write", recording_write)
    mp.setattr(text, "put", recording_put)
    mp.setattr(textview.TextView, "show", recording_show)
    try:
        drive_chooser()
        for app_class in (BlackHoleApp, CalcApp, YoyoApp, AmigoApp, BigBenApp):
            drive_notices(app_class)
        drive_black_hole()
        drive_calculation()
        drive_big_ben()
        drive_deal_settings()
        drive_won_then_undone()
        for app_class in (YoyoApp, AmigoApp):
            drive_setup(app_class)
            drive_seated_menu(app_class)
            for seed in (1, 2):
                walk(app_class, seed)
        drive_yoyo_words()
        drive_amigo_words()
        drive_seat_guides()
    finally:
        mp.undo()
    return rec


def test_no_text_is_wider_than_its_row(shown):
    cut = sorted((w, t) for w, t in shown.rows if len(t) > w)
    assert not cut, "cut on the screen (row width, text): %r" % cut


def test_no_screen_has_more_lines_than_the_view(shown):
    assert not shown.tall


def test_every_message_in_the_code_is_shown(shown):
    texts = shown.texts()
    missing = [(path, line, s) for path, line, s in message_constants()
               if not is_shown(s, texts)]
    assert not missing, "never seen on a screen by this test's drive: %r" % missing


def test_the_scan_finds_the_messages_it_must():
    # the enumeration itself: a storage notice, a seated notice, a prompt table, help
    found = {s for _, _, s in message_constants()}
    assert storage_module.DAMAGED in found and ui_app.DAMAGED in found
    assert amigo_play.P_PLAY_TEXT in found and HELP[0] in found
    assert " to the waste under +" in found and " o'clock" in found   # hint words, put together
    assert not found & NOT_SHOWN - {s for _, _, s in all_constants()}


def test_a_cut_and_an_unseen_message_would_be_caught():
    rec = Shown()
    rec.rows.add((25, "x" * 26))
    assert [t for w, t in rec.rows if len(t) > w]
    assert not is_shown("%s, then press A.", {"then press A."})
    assert is_shown("%s, then press A.", {"WWWWWW, then press A."})
    assert is_shown("Pile way|announced|turns", {"Pile way     announced", "x turns"})
    assert not is_shown("Pile way|announced|turns", {"Pile way     announced"})


# -- the constants ---------------------------------------------------------------------------
def all_constants():
    """(path, line, text) of every string constant but docstrings in the scanned files."""
    for path in SCANNED + ["engine/bigben.py"]:
        tree = ast.parse(open(os.path.join(ROOT, path)).read())
        docs = set()
        for node in ast.walk(tree):
            if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef)) and node.body:
                first = node.body[0]
                if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
                    docs.add(id(first.value))
        for node in ast.walk(tree):
            if isinstance(node, ast.Constant) and isinstance(node.value, str) and \
                    id(node) not in docs:
                yield path, node.lineno, node.value


def message_constants():
    for path, line, s in all_constants():
        if path.startswith("engine/") and s not in bigben.REASONS:
            continue        # of the engine, only Big Ben's refusals reach the screen
        if len(s.strip()) < 3 or s in NOT_SHOWN or set(s) <= set("# |"):
            continue
        yield path, line, s


def is_shown(s, texts):
    if s in HELP:       # shown line by line: each next run of its words is a shown line
        words = s.split()
        i = 0
        while i < len(words):
            runs = [n for n in range(1, len(words) - i + 1) if " ".join(words[i:i + n]) in texts]
            if not runs:
                return False
            i += max(runs)
        return True
    if s in WORD_LISTS:
        return all(is_shown(w, texts) for w in s.split())
    if "|" in s:
        return all(is_shown(piece, texts) for piece in s.split("|"))
    if "%" in s:
        pattern = re.compile(format_pattern(s))
        return any(pattern.search(t) for t in texts)
    up = s[:1].upper() + s[1:]          # a refusal's reason starts the row with a capital
    return any(s in t or up in t for t in texts)


def format_pattern(s):
    """A regular expression matching what s % args can give."""
    out = []
    for literal, spec in re.findall(r"([^%]*)(%-?\d*[dsc%]|$)", s):
        out.append(re.escape(literal))
        if spec == "%%":
            out.append("%")
        elif spec.endswith("d"):
            out.append(r" *-?\d+ *")
        elif spec:
            out.append(".*")
    return "".join(out)


# -- the drive -------------------------------------------------------------------------------
def drive_chooser():
    hw = stub.Hardware()
    ch = launcher.Launcher(hw)
    for _ in range(len(launcher.GAMES)):
        hw.keys.press(keys.DOWN)
        ch.step()
    for k in (keys.A, keys.RIGHT, keys.DOWN, keys.RIGHT, keys.DOWN, keys.RIGHT, keys.DOWN,
              keys.LEFT, keys.B):         # the screen's sleep times: "never" is left of the first
        hw.keys.press(k)
        ch.step()
    # a game whose modules are missing: the chooser says so on its last two lines
    mp = pytest.MonkeyPatch()
    mp.setattr(launcher, "GAMES", (("Calculation", "1", "ui.no_such_game", "X"),) +
               launcher.GAMES[1:])
    try:
        ch.start(0)
    finally:
        mp.undo()


def saved(tags):
    """A store holding these records, as the app writes them."""
    store = MemoryStore()
    p = Persist(store)
    p.load(Settings())
    for tag, data in tags.items():
        p.put(tag, data)
    p.commit(Settings())
    if TAG_SETTINGS in tags:    # commit() wrote good settings: write the bad ones as given
        p.records.put(TAG_SETTINGS, tags[TAG_SETTINGS])
        p._slots.save(p.records.pack())
    return store


def older_loaded():
    """A store whose newest save is damaged and the one before it good."""
    store = MemoryStore()
    p = Persist(store)
    p.load(Settings())
    p.commit(Settings())                        # slot 0
    p.commit(Settings())                        # slot 1, the newest
    store.data[store.size // 2 + 7] ^= 0x5A
    return store


def drive_notices(app_class):
    """Powered on over a damaged store, an older save loaded, bad records and damaged game and
    setup records."""
    damaged = MemoryStore()
    damaged.data[:] = bytes(random.Random(3).randrange(256) for _ in range(damaged.size))
    game_tag = {BlackHoleApp: TAG_GAME, CalcApp: TAG_CALC, YoyoApp: TAG_YOYO,
                AmigoApp: TAG_AMIGO, BigBenApp: TAG_BB}[app_class]
    stores = [damaged, older_loaded(), saved({TAG_SETTINGS: b"\x07"}),
              saved({game_tag: b"\x01\x02\x03"})]
    if app_class in (BlackHoleApp, CalcApp, BigBenApp):
        stats_tag = {BlackHoleApp: TAG_STATS, CalcApp: TAG_CALC_STATS,
                     BigBenApp: TAG_BB_STATS}[app_class]
        stores.append(saved({stats_tag: b"\x02\x00"}))
    else:
        # a good game under a damaged setup record: the notice is on the table
        hw, app = ui_keys.boot(app_class)
        press(hw, app, keys.UP, keys.A)
        app.save_now()
        setup_tag = TAG_YOYO_SETUP if app_class is YoyoApp else TAG_AMIGO_SETUP
        p = Persist(hw.storage)
        p.load(Settings())
        p.put(setup_tag, b"\x02\x09")
        p.commit(Settings())
        stores.append(hw.storage)
    for store in stores:
        hw = stub.Hardware(storage=store)
        ch = launcher.Launcher(hw)
        ch.start([g[3] for g in launcher.GAMES].index(app_class.__name__))
        ch.step()


def menu(hw, app, row, rows=patience_menu.MENU):
    """The menu opened over the table (as Start does there), down to the row, A."""
    app.back_to_table()
    app.open_menu()
    press(hw, app, *([keys.DOWN] * rows.index(row)), keys.A)


def every_patience_screen(hw, app):
    """Every menu row of a patience game and every screen under it."""
    g = app.game
    for row in patience_menu.MENU:
        if row == "Other games":
            continue
        menu(hw, app, row)
        for _ in range(12):             # help to its last page, every setting both ways
            press(hw, app, keys.RIGHT, keys.DOWN)
    menu(hw, app, "Deal number...")
    press(hw, app, keys.A)              # nothing typed: out of range
    press(hw, app, keys.UP, keys.UP, keys.UP, *[keys.RIGHT] * 4, keys.A)   # 30000
    assert g.deal_number == 30000 or len(app.stack) > 1
    while len(app.stack) > 1:
        press(hw, app, keys.B)
    press(hw, app, keys.RIGHT, keys.A, keys.A)     # a move, maybe: then the questions
    for row in ("New deal", "Restart this deal", "Deal number..."):
        menu(hw, app, row)
        if row == "Deal number...":
            press(hw, app, *[keys.UP] * 3, *[keys.RIGHT] * 4, keys.A)
        press(hw, app, keys.B)
    s = app.stats
    s.played = s.won = s.streak = s.best = s.wplayed = s.wwon = s.nohint = BIGGEST
    s.top = 0                           # Black Hole's widest: 52 cards left
    menu(hw, app, "Statistics")
    press(hw, app, keys.A)              # reset? asked first; B keeps them
    press(hw, app, keys.B)
    while len(app.stack) > 1:
        press(hw, app, keys.B)
    app.choices()                       # the menu after the deal, either way
    app.back_to_table()


def drive_black_hole():
    from tests.test_ui_app import DEAL_2_WIN
    hw, app = ui_keys.boot(BlackHoleApp)
    every_patience_screen(hw, app)
    app.deal(2)
    t = app.table
    for f in DEAL_2_WIN:                # won: its line and its choices
        t.cursor = f
        press(hw, app, keys.A)
    press(hw, app, keys.A)
    app.back_to_table()
    press(hw, app, keys.B)              # undone into play after the win: a new deal asks
    menu(hw, app, "New deal")
    press(hw, app, keys.B)
    app.deal(2)
    for f in range(17):                 # refusals: an empty fan, every rank at the hole
        for r in range(13):
            app.game.hole[app.game.hole_len - 1] = r * 4
            t.cursor = f
            press(hw, app, keys.A)
            press(hw, app, keys.B)
    press(hw, app, keys.B, keys.B)      # nothing to undo

    def think():
        for _ in range(5000):
            if not app.busy():
                break
            app.step()
    app.deal(2)
    press(hw, app, keys.SELECT)         # a hint: thinking, then this fan
    think()
    # a lost deal with moves made: looking back, then how far to undo
    lost = next(n for n in range(1, 200) if t.describe_deal(n) == "Cannot be won")
    app.deal(lost)
    for f in range(17):
        t.cursor = f
        press(hw, app, keys.A)
    press(hw, app, keys.SELECT)
    think()
    # winnable deals played badly: no win here, looking back
    for n in range(2, 40):
        if t.describe_deal(n) != "Winnable":
            continue
        app.deal(n)
        for f in (16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0) * 2:
            t.cursor = f
            press(hw, app, keys.A)
        press(hw, app, keys.SELECT)
        think()
        if app.game.is_stuck():         # the choices' row undoes that far
            app.choices()
            rows = app.stack[-1].rows
            press(hw, app, *[keys.DOWN] * rows.index(patience_menu.TO_WINNABLE), keys.A)
            think()
    mp = pytest.MonkeyPatch()
    try:
        # the solver's cap reached at once: too deep to tell
        mp.setattr(bh_solving, "CAP", 1)
        app.deal(5)
        press(hw, app, keys.RIGHT, keys.A, keys.SELECT)
        think()
        # looking back ends three ways; the most undos a deal can need
        for found, undos in ((bh_solving.WINNABLE, 51), (bh_solving.LOST, 1), (0, 1)):
            t.thinker.job = bh_solving.BACK
            mp.setattr(t.thinker, "step", lambda: True)
            t.thinker.found, t.thinker.undos = found, undos
            t.tick(app)
        # no room for the solver

        def no_room():
            raise MemoryError
        mp.setattr(bh_solving, "Thinker", no_room)
        ui_keys.boot(BlackHoleApp)
    finally:
        mp.undo()


def drive_calculation():
    # The hint's rollouts only choose among the piles the card may go to, and any choice is
    # told in the same words, so their budget is cut here (as tests/test_calculation_rules.py
    # cuts it to shuffle the stock): at the shipped 7,000 cards a hint this drive took five
    # times as long (61 s of CPU, 12 s now) and showed no more kinds of message.
    mp = pytest.MonkeyPatch()
    mp.setattr(calculation_hint, "BUDGET", 600)
    try:
        calculation_screens()
    finally:
        mp.undo()


def calculation_screens():
    hw, app = ui_keys.boot(CalcApp)
    every_patience_screen(hw, app)
    rnd = random.Random(2)
    ks = [keys.A, keys.A, keys.A, keys.B, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN,
          keys.SELECT, keys.SELECT]
    for n in range(1, 40):
        press(hw, app, keys.LEFT)       # a key first, as a deal comes from the menu
        app.deal(n)
        for _ in range(300):
            g = app.game
            if g.is_won() or g.is_stuck():
                press(hw, app, keys.SELECT, keys.A)
                app.back_to_table()
                break
            press(hw, app, rnd.choice(ks))
    t = app.table
    for n in range(1, 60):              # hints to the end, with the late refusals
        press(hw, app, keys.LEFT)
        app.deal(n)
        g = app.game
        for _ in range(200):
            if g.is_won() or g.is_stuck():
                press(hw, app, keys.SELECT, keys.A)
                app.back_to_table()
                break
            for place in range(4):
                if g.needed(place) < 0:     # a finished foundation
                    t.place = place
                    press(hw, app, keys.A)
            if g.turned() < 0:              # the stock used up
                for place in (4, 5):
                    t.place = place
                    press(hw, app, keys.A)
            press(hw, app, keys.SELECT, keys.A)
            while t.busy():                 # auto-play between keys, its moves told
                app.step()


def drive_big_ben():
    hw, app = ui_keys.boot(BigBenApp)
    every_patience_screen(hw, app)
    t = app.table
    rnd = random.Random(5)
    ks = [keys.A, keys.A, keys.A, keys.B, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN,
          keys.SELECT]
    for n in range(1, 30):              # random keys: picks, put backs, refusals
        press(hw, app, keys.LEFT)
        app.deal(n)
        for _ in range(200):
            if app.game.is_won() or app.game.is_stuck():
                break
            press(hw, app, rnd.choice(ks))
        app.back_to_table()
    for n in range(1, 30):              # hints to a deal that sticks: its cards home said
        app.deal(n)
        g = app.game
        while not (g.is_won() or g.is_stuck()) and bb_table.hints.hint(g) >= 0:
            press(hw, app, keys.SELECT, keys.A)
        if g.is_stuck():
            break
    for n in range(1, 30):              # hint play to its end with moves left: "No move helps"
        app.deal(n)
        g = app.game
        h = bb_table.hints.hint(g)
        while h >= 0:
            g.play((h >> 5) & 31, h & 31)
            h = bb_table.hints.hint(g)
        if not (g.is_won() or g.is_stuck()):
            press(hw, app, keys.SELECT)
            break
    press(hw, app, keys.LEFT)
    app.deal(2)                         # forty hints on deal 2, each told
    for _ in range(40):
        press(hw, app, keys.SELECT, keys.A)
    press(hw, app, keys.LEFT)
    app.deal(WON_DEAL)                  # hints to the win; on the way A on every foundation
    g = app.game
    for i in range(400):
        if g.is_won():
            break
        if i % 5 == 0:
            for place in range(bigben.FOUND, bigben.WASTE):
                t.place = place
                before = g.save()
                press(hw, app, keys.A)
                if g.save() != before:
                    press(hw, app, keys.B)
        press(hw, app, keys.SELECT, keys.A)
    assert g.is_won()
    app.deal(2)                         # dealing when a card could move: never called forced
    mp = pytest.MonkeyPatch()
    mp.setattr(bb_table.hints, "hint", lambda g: (bigben.RESERVE << 5) | bigben.WASTE)
    try:
        press(hw, app, keys.SELECT)
        mp.setattr(g, "card_move", lambda: -1)
        press(hw, app, keys.SELECT)
    finally:
        mp.undo()
    check = g.check
    for code in range(1, len(bigben.REASONS)):    # every refusal on the table's row
        g.check = lambda src, dst, code=code: code
        t.held = -1
        t._play(app, 0, 1)
    g.check = check


def drive_deal_settings():
    """Calculation's and Big Ben's deal settings with their atlas file and without it, and
    Big Ben's strict deals changed with a deal in play."""
    for app_class, name in ((CalcApp, atlas.CALCULATION), (BigBenApp, atlas.BIG_BEN)):
        with tempfile.TemporaryDirectory() as d:
            path = os.path.join(d, name)
            with open(path, "wb") as f:
                f.write(atlas_maker.pack({n: n % 3 == 0 for n in range(1, atlas.LAST_DEAL + 1)}))
            for where in (path, ""):
                atlas.use(where, name)
                try:
                    hw, app = ui_keys.boot(app_class)
                    press(hw, app, keys.RIGHT, keys.A)          # a deal in play
                    menu(hw, app, "Settings")
                    for _ in range(8):
                        press(hw, app, keys.DOWN, keys.RIGHT)
                    press(hw, app, keys.B)
                    menu(hw, app, "New deal")
                    press(hw, app, keys.A)
                    menu(hw, app, "Settings")
                    if app_class is BigBenApp:      # the help of a deal under strict rules
                        app.settings.options |= app.table.STRICT
                        app.deal(5)
                        menu(hw, app, "Help")
                        for _ in range(14):
                            press(hw, app, keys.RIGHT)
                finally:
                    atlas.use(None, name)


def drive_won_then_undone():
    """A won deal undone: leaving it asks, and says the win stays counted."""
    from tests.test_ui_app import DEAL_2_WIN
    hw, app = ui_keys.boot(BlackHoleApp)
    press(hw, app, keys.LEFT)
    app.deal(2)
    for f in DEAL_2_WIN:
        app.table.cursor = f
        press(hw, app, keys.A)
    assert app.game.is_won()
    press(hw, app, keys.B)
    menu(hw, app, "New deal")


# -- the seated games ------------------------------------------------------------------------
def walk(app_class, seed, n=2500):
    """Random keys through every screen, the clock running."""
    hw, app = ui_keys.boot(app_class, seed=seed)
    rnd = random.Random(seed)
    ks = [keys.A, keys.B, keys.LEFT, keys.RIGHT, keys.UP, keys.DOWN, keys.SELECT, keys.START,
          keys.A, keys.A, keys.RIGHT, keys.DOWN]
    for i in range(n):
        press(hw, app, rnd.choice(ks))
        if i % 5 == 0:
            hw.clock.advance(rnd.randrange(0, 1500))
        if app.leave:
            app.save_now()
            hw, app = ui_keys.boot(app_class, storage=hw.storage, seed=i)


def long_lineup(hw, app, kinds):
    """Setup: the most seats, six-letter names, these kinds; every row and name edit seen."""
    setup = app.stack[-1]
    t = app.table
    while setup.players != t.MAX_SEATS:
        press(hw, app, keys.RIGHT)
    setup.names[:] = LONG_NAMES
    setup.kinds[:] = bytes(kinds)
    for _ in range(setup.rows()):
        press(hw, app, keys.DOWN, keys.RIGHT, keys.LEFT)
        if t.NAMES and 0 < setup.item <= setup.players:
            press(hw, app, keys.A, keys.RIGHT, keys.UP, keys.DOWN, keys.A)
    while setup.item != setup.rows() - 1:
        press(hw, app, keys.DOWN)


def drive_setup(app_class):
    hw, app = ui_keys.boot(app_class)
    press(hw, app, keys.B, keys.B)             # leave with nothing set up: asked first
    long_lineup(hw, app, [0, 0] + [1] * 4)
    press(hw, app, keys.A)
    menu(hw, app, "Setup", app.table.MENU)
    press(hw, app, *[keys.DOWN] * (app.stack[-1].rows() - 1), keys.A, keys.B)


def drive_seated_menu(app_class):
    hw, app = ui_keys.boot(app_class)
    long_lineup(hw, app, [0, 0] + [1] * 4)
    press(hw, app, keys.A)
    t = app.table
    for _ in range(6):                          # a game under way, the curtain passed
        press(hw, app, keys.A, keys.SELECT, keys.UP, keys.B)
    # the widest records against the CPU, for the score table (ui/seated/records.py)
    app.persist.put(13 if app_class is YoyoApp else 14, seat_records.pack(
        [[app.table.seat_name(app, s), BIGGEST, BIGGEST] for s in range(2)]))
    for row in t.MENU:
        if row == "Other games":
            continue
        menu(hw, app, row, t.MENU)
        for _ in range(8):
            press(hw, app, keys.RIGHT, keys.DOWN)
    menu(hw, app, "Other games", t.MENU)        # leaving with a game under way
    press(hw, app, keys.B)


def drive_seat_guides():
    """Each seated table on a person's decision through a long pause: every guide line."""
    for app_class in (YoyoApp, AmigoApp):
        hw, app = ui_keys.boot(app_class, seed=3)
        app.stack[-1].kinds[:2] = bytes((0, 1))     # a person first, then a CPU seat
        press(hw, app, keys.UP, keys.A)
        for _ in range(400):
            if app.screen == seats.TABLE and not app.busy():
                break
            hw.clock.advance(800)
            press(hw, app, keys.A) if app.screen != seats.TABLE else app.step()
        for _ in range(len(app.table.GUIDES) + 1):
            hw.clock.advance(9000)
            app.step()


def drive_yoyo_words():
    """Yo-yo's curtains in every phase, its refusals at every rank, turn-end lines, scores."""
    hw, app = ui_keys.boot(YoyoApp)
    setup = app.stack[-1]
    press(hw, app, keys.RIGHT)
    setup.kinds[:3] = bytes((0, 0, 0))          # three people: a curtain before every turn
    press(hw, app, keys.UP, keys.A)
    rnd = random.Random(4)
    g = app.game
    t = app.table
    out = bytearray(17)
    for _ in range(3000):
        if g.is_over():
            break
        if app.screen == seats.CURTAIN:
            press(hw, app, keys.A)
            continue
        for code in range(1, 12):
            t.view.say(yoyo_refusal(g, code))
        g.play(out[rnd.randrange(g.legal(out))])
        app.back_to_table()
    for opt in (0, yy.FREE_WAY):                # every rank wanted, either way
        for n in range(1, 300):
            g.new_game(n, 3, n % 3, b"", opt)
            for step in range(n % 40):
                k = g.legal(out)
                if k == 0:
                    break
                g.play(out[(n * 7 + step) % k])
            for code in range(1, 12):
                t.view.say(yoyo_refusal(g, code))
    # one person among CPU seats, every kind of turn end and prompt, both rule readings
    for seed in range(1, 13):
        hw, app = ui_keys.boot(YoyoApp, seed=seed)
        app.options = yy.FREE_WAY if seed % 2 else yy.XFER_MAY
        press(hw, app, keys.UP, keys.A)
        rnd = random.Random(seed)
        g = app.game
        for _ in range(2000):
            if g.is_over():
                break
            if g.kinds[g.turn] == yy.HUMAN and app.screen == seats.TABLE:
                if rnd.randrange(8) == 0:       # power off and on: the prompt without event
                    app.save_now()
                    hw, app = ui_keys.boot(YoyoApp, storage=hw.storage, seed=seed)
                    g = app.game
                app.table._try(app, out[rnd.randrange(g.legal(out))])
            else:
                app.step()
                hw.clock.advance(800)
    # the widest news: a 10 moved under fan 17, a pile of 50 won with an Ace wanted next
    from ui.yoyo_parlett.view import start_words, transfer_words, turn_words
    g = yy.Yoyo()
    g.new_game(1, 3, 0, b"", 0)
    g.history[0:4] = bytes((yy.XFER + 16, 0, yy.STUCK, 50 | 2 << 6))
    g.hist_len = 2
    g.phase, g.down, g.base = yy.PLAY, 1, g.n
    g.played[g.n - 1] = cards.parse("2D")
    app.table.view.say(transfer_words(g, "CPU3", cards.parse("10D")))
    app.table.view.say("%s %s" % (turn_words(g, "CPU3"), start_words(g, 1)))
    assert app.table.view.said == "CPU3 won 50. Play an Ace"
    # a pass and a transfer name the rank wanted, or both ranks either way (issue 36)
    from ui.yoyo_parlett.words import prompt_words
    for way in (0, yy.FREE_WAY):
        g.options = way
        g.n = g.base + 1
        for p in (3, 4, 7):
            app.table.view.say(prompt_words(g, p))
    # CPU seats' turn ends with the widest counts, then scores of the largest figures
    hw, app = ui_keys.boot(YoyoApp)
    press(hw, app, keys.RIGHT)
    app.stack[-1].kinds[:3] = bytes((1, 2, 2))
    press(hw, app, keys.UP, keys.A)
    for _ in range(400):
        if app.game.is_over():
            break
        app.step()
        hw.clock.advance(800)
    t = app.table
    t.games, t.wins = 65535, [30000, 20000, 15000]
    app.game.deal_number = 31999
    for then in (None, seats.Seated.new_game):
        app.scores(then)
        app.pop()
    app.game.phase = yy.OVER
    app.game.won[:3] = bytes((18, 18, 16))
    app.scores(seats.Seated.new_game)
    app.pop()
    app.game.won[:3] = bytes((18, 17, 17))
    t.games, t.wins = 3, [1, 1, 1]
    app.scores(seats.Seated.new_game)


def drive_amigo_log(hw, app):
    """Every event of YoYo's log, with the widest figures, as news on a curtain and on the
    table and on the log screen, for the holder and for the others; the end of a game."""
    from ui.yoyo_amigo import log, words
    t = app.table
    g = amigo_table(6, [["B1", "B2"], ["R3"], ["R4"], ["B5"], ["B6"], ["B7"]],
                    pile=["Y14"], direction=1)
    app.game = t.game = g
    t.clear()
    t.got[:] = bytes([0x2E, 0x34, 0x52, 0x72, 0x92, 0xB2])
    # a play's seat byte holds the seat and 8 times the cards played
    events = [(1, 2 | 8, 0x12, 0x12), (1, 5 | 160, 0x01, 0x14), (1, 3 | 16, 0x2E, 0x2D),
              (1, 0 | 24, 0x81, 0x23), (2, 4, 0, 0),
              (3, 4, 0, 0), (4, 1, 1, 0), (4, 1, 0, 0), (5, 2, 0, 0), (5, 2, 3, 0),
              (6 + 16, 1, 0, 0x33), (6 + 16, 0, 1, 0x33), (6 + 16, 1, 3, 0x33),
              (6 + 32, 5, 0, 0), (6 + 48, 0, 4, 0), (7, 3, 0, 0), (8, 4, 0, 0)]
    for holder in (0, 3, -1):
        for first in range(0, len(events), 8):
            t.clear()
            for e in events[first:first + 8]:
                log._push(t, *e)
            app.holder = holder
            app.push(seats.kind(words.LastMoves(), seats.ASK))
            app.pop()
            for s in range(6):
                for line in log.tell(t, s) + log.tell(t, s, False):
                    t.view.say(line)
    for e in events:                            # each event alone: the table's news
        t.clear()
        log._push(t, *e)
        for s in range(6):
            t.seen[s] = 0
            if log.start(t, s):
                t.view.say_line(t.line)
    # a drawn card kept for not fitting, the widest, and the draw pile reshuffled
    t.clear()
    t.names = app.names
    log._push(t, 2, 0, 0x12, 1)
    log._push(t, 9, 0, 0, 0)
    assert log.start(t, 0)
    t.view.say_line(t.line)
    assert log.more(t) and not log.more(t)
    t.view.say_line(t.line)
    app.kinds[:] = bytes(6)
    g.kinds[:] = bytes(6)
    g.seat = 0
    app.holder = 5
    app.curtain()                               # the news on a curtain: no card named
    app.pop()
    t.clear()
    app.holder = 0
    app.push(seats.kind(words.LastMoves(), seats.ASK))   # nothing yet
    app.pop()
    for end in (am.WENT_OUT, am.TOOK_LAST, am.PILE_OUT):
        g.end, g.winner = end, 2
        t.view.say(words.over(g, app.names))


def drive_amigo_words():
    """YoYo with six six-letter names: curtains in every phase, scores with the widest
    figures and every ending, every refusal, the CPU lines."""
    hw, app = ui_keys.boot(AmigoApp)
    long_lineup(hw, app, [0, 3, 3, 3, 3, 3])
    press(hw, app, keys.A)
    t = app.table
    for s in range(6):
        t.view.say(t.cpu_say[s])
        t.view.say(t.think_say[s])
    for top in ("B14", "R19", "Y18", "B1", "R2", "B20", "Y11"):
        for way in (0, 1):
            g = amigo_table(6, [["B1", "B2"], ["R3"], ["R4"], ["B5"], ["B6"], ["B7"]],
                            pile=[top], direction=way)
            for code in range(1, 15):
                t.view.say(amigo_play.refusal(code, g, bytearray(2)))
    for text_ in (amigo_play.P_PLAY_TEXT, amigo_play.P_STUCK_TEXT, amigo_play.P_DRAWN_TEXT,
                  amigo_play.P_DIR_TEXT, amigo_play.P_TAKE_TEXT, amigo_play.P_ANSWER_TEXT,
                  amigo_play.P_PASS_TEXT, amigo_play.SKIPPING, amigo_play.TOO_MANY,
                  "This fits. Up: next one", "Only this card fits", "Nothing to take back"):
        t.view.say(text_)
    drive_amigo_log(hw, app)
    app.kinds[:] = bytes(6)                     # six people: the curtain names each
    for pending in (am.P_TURN, am.P_DRAWN, am.P_DIR, am.P_TAKE, am.P_PASS):
        for top in ("Y14", "B20", "R19", None):
            g = amigo_table(6, [["B1", "B2"], ["R3"], ["R4"], ["B5"], ["B6"], ["B7"]],
                            pile=[top] if top else [], direction=1)
            g.pending = pending
            g.draw_len = 99
            g.kinds[:] = bytes(6)
            app.game = t.game = g
            app.holder = -1
            app.curtain()
            app.pop()
    for end in (am.WENT_OUT, am.TOOK_LAST, am.PILE_OUT):
        for game in (0, 11):
            for best in (1, 2, 6):
                g = amigo_table(6, [["B%d" % (s + 3)] for s in range(6)], pile=["Y14"])
                g.game, g.end, g.winner, g.pending = game, end, 2, am.P_OVER
                for s in range(6):
                    g.scores[s] = 999 if s < best else -999
                app.game = t.game = g
                app.scores(None)
                app.pop()
                app.scores(seats.Seated.new_game)
                app.pop()
                g.pending = am.P_TURN
                app.scores(None)
                app.pop()
