"""The web page in headless Chromium, against the desktop simulator: the same keys go to the
page and to a stub board rendering through Blinka's displayio, and the canvas, read back at
board resolution, must equal the desktop's 160x128 image pixel for pixel. The stub is also
the oracle that picks the keys (the hint to follow, the YoYo decision to make), since both run
the same code from the same seed.

Setup builds build/web (npm ci from web/package-lock.json when the VM is not installed yet)
and installs Chromium where it is missing (tests/web_page.py); if either cannot be done the
tests fail saying so.
"""
import os
import random

import pygame
import pytest

from engine import bigben_hint
from hw import atlas, keys, stub
from hw.storage import DAMAGED, OLDER
from tests import test_ui_amigo, test_ui_yoyo, web_page
from tests.test_damaged_save import flip_three_bytes_in_the_newest, screen_text
from tools import build_web
from ui.launcher import GAMES
from ui.patience.menu import MENU
from ui.programs import Programs

SEED = 7            # the page's ?seed= and the desktop launcher's seed
PASSES = 200000     # main-loop passes the desktop may need to settle (CPU pace at 10 ms each)


@pytest.fixture(scope="module")
def page(tmp_path_factory):
    # built in a folder of this run's own: parallel workers and `make web` share no build/web
    server = web_page.Server(build_web.build(str(tmp_path_factory.mktemp("web"))))
    browser = web_page.Browser()
    try:
        yield web_page.Page(browser, server.url)
    finally:
        browser.close()
        server.close()


class Desk:
    """The desktop simulator's stub board, settled after every key as the page is."""

    def __init__(self, seed, storage=None):
        self.seed = seed
        self.hw = stub.Hardware(storage=storage)
        self.launcher = Programs(self.hw, seed=seed, fresh=False)
        self.settle()

    @property
    def app(self):
        return self.launcher.app

    def settle(self):
        self.launcher.step()
        for _ in range(PASSES):
            app = self.launcher.app
            if app is None or not app.busy():
                return
            self.hw.clock.advance(10)
            self.launcher.step()
        raise AssertionError("the desktop app stayed busy")

    def press(self, k):
        self.hw.keys.press(k)
        self.settle()

    def power_cycle(self):
        """As the page reloads: the game saves, and a board on the same storage starts."""
        if self.launcher.app is not None:
            self.launcher.app.save_now()
        self.__init__(self.seed, self.hw.storage)

    def screen(self):
        surface = self.hw.display._render_all()
        data = pygame.image.tobytes(surface, "RGB")
        return [data[i] << 16 | data[i + 1] << 8 | data[i + 2] for i in range(0, len(data), 3)]


class Twin:
    """The page and the desktop, one key at a time to both."""

    def __init__(self, page, seed=SEED):
        self.page = page
        self.desk = Desk(seed)
        page.open(seed)
        self.compared = 0
        self.distinct = set()       # the screens compared, so a test can see they changed

    def press(self, *ks):
        for k in ks:
            self.desk.press(k)
            self.page.press(k)

    def tap(self, *ks):
        """The keys from the on-screen buttons on the page, as from the keyboard on the desk."""
        for k in ks:
            self.desk.press(k)
            self.page.tap(k)

    def reload(self):
        self.page.reload()
        self.desk.power_cycle()

    def check(self, what):
        want = self.desk.screen()
        got = self.page.screen()
        assert len(got) == len(want) == web_page.W * web_page.H
        diff = [i for i in range(len(want)) if got[i] != want[i]]
        if diff:
            i = diff[0]
            where = os.path.join(os.environ.get("TMPDIR", "/tmp"), "web-mismatch")
            _save(where + "-page.png", got)
            _save(where + "-desktop.png", want)
            raise AssertionError(
                "%s: %d pixels differ, first at (%d, %d): page %06x, desktop %06x (images: "
                "%s-page.png, %s-desktop.png)" % (what, len(diff), i % 160, i // 160, got[i],
                                                  want[i], where, where))
        self.compared += 1
        self.distinct.add(hash(tuple(want)))


def _save(path, pixels):
    surface = pygame.Surface((web_page.W, web_page.H))
    for i, c in enumerate(pixels):
        surface.set_at((i % web_page.W, i // web_page.W), c)
    pygame.image.save(surface, path)


def open_game(twin, i):
    twin.press(*[keys.DOWN] * i)
    twin.check("chooser on %s" % GAMES[i][0])
    twin.press(keys.A)
    assert twin.desk.launcher.game == i
    twin.check("%s opened" % GAMES[i][0])


# A few keys each game takes on its first screen, its table, its menu and help.
GAME_KEYS = (keys.RIGHT, keys.A, keys.DOWN, keys.SELECT, keys.B, keys.START, keys.DOWN,
             keys.A, keys.B, keys.START, keys.UP, keys.A)


@pytest.mark.parametrize("game", range(len(GAMES)), ids=[g[0] for g in GAMES])
def test_every_game_shows_the_desktop_pixels(page, game):
    twin = Twin(page)
    twin.check("chooser")
    open_game(twin, game)
    for n, k in enumerate(GAME_KEYS):
        twin.press(k)
        twin.check("%s after %s (key %d)" % (GAMES[game][0], keys.NAMES[k], n + 1))
    assert twin.compared == 3 + len(GAME_KEYS)
    assert len(twin.distinct) >= 6, "the keys hardly changed the screen"


def test_the_buttons_under_the_screen_are_the_keys(page):
    twin = Twin(page)
    twin.tap(keys.DOWN, keys.DOWN, keys.DOWN)
    twin.check("chooser after three taps down")
    twin.tap(keys.A)
    assert twin.desk.launcher.game == 3
    for k in (keys.RIGHT, keys.SELECT, keys.A, keys.START, keys.DOWN, keys.B, keys.B,
              keys.LEFT, keys.UP):
        twin.tap(k)
        twin.check("Calculation after %s tapped" % keys.NAMES[k])
    assert len(twin.distinct) >= 5


@pytest.mark.parametrize("finger", [False, True], ids=["keyboard", "finger"])
def test_a_held_direction_repeats_as_on_the_board(page, finger):
    # Held until the page has moved two rows, which one press cannot do: the press, then
    # repeats at 400 ms and every 120 ms after (hw/base.py). It counts its own moves (one frame
    # a pass), so the row it stops on is known however slow the machine, wrapping round or not.
    twin = Twin(page)
    moved = page.hold(keys.DOWN, 2, finger=finger)
    assert moved >= 2
    for _ in range(moved):
        twin.desk.press(keys.DOWN)
    twin.check("chooser after DOWN held for %d moves" % moved)


def winnable_seed():
    """A seed whose first Black Hole deal can be won (the atlas knows)."""
    for seed in range(1, 200):
        d = Desk(seed)
        d.launcher.open(0)
        if atlas.winnable(d.app.game.deal_number, atlas.BLACK_HOLE):
            return seed
    raise AssertionError("no winnable first deal among 200 seeds")


def test_black_hole_won_by_hints_through_a_reload(page):
    twin = Twin(page, winnable_seed())
    open_game(twin, 0)
    g = twin.desk.app.game
    moves = 0
    while not twin.desk.app.game.is_won():
        twin.press(keys.SELECT, keys.A)     # the hint's fan, then play it
        moves += 1
        assert moves <= 52, "the hints did not win"
        if moves % 10 == 0:
            twin.check("Black Hole after %d hinted moves" % moves)
            # one green dot a playable fan, as the board's NeoPixels show
            assert page.lights() == twin.desk.hw.lights.pixels
        if moves == 20:
            made = twin.desk.app.game.moves_made
            twin.reload()
            g = twin.desk.app.game
            assert twin.desk.launcher.game == 0 and g.moves_made == made
            twin.check("Black Hole after the reload, at move %d" % made)
    assert twin.desk.app.game.hole_len == 52
    twin.check("Black Hole won")
    assert page.lights() == twin.desk.hw.lights.pixels


@pytest.mark.parametrize("game", [3, 4], ids=["Calculation", "Big Ben"])
def test_a_patience_deal_played_by_hints_through_a_reload(page, game):
    title = GAMES[game][0]
    twin = Twin(page)
    open_game(twin, game)
    moves = 0
    while True:
        g = twin.desk.app.game
        # Big Ben's hint stops, without a move to suggest, once nothing it would play is left
        if g.is_won() or g.is_stuck() or game == 4 and bigben_hint.hint(g) < 0:
            break
        twin.press(keys.SELECT, keys.A)
        moves += 1
        assert moves <= 300, "the deal did not end"
        if moves % 15 == 0:
            twin.check("%s after %d hinted moves" % (title, moves))
        if moves == 30:
            made = g.moves_made
            twin.reload()
            assert twin.desk.launcher.game == game and twin.desk.app.game.moves_made == made
            twin.check("%s after the reload" % title)
    assert moves > 30
    twin.check("%s deal over (%s)" % (title, "won" if g.is_won() else "lost"))


def choose_seats(twin, app, kinds):
    """On a seated game's setup screen, with the keys in both: len(kinds) players, each seat
    of its kind; the cursor is left on the last seat."""
    from ui.seated.app import SETUP
    setup = app.stack[-1]
    assert app.screen == SETUP
    while setup.players != len(kinds):
        twin.press(keys.RIGHT)
    for s, kind in enumerate(kinds):
        twin.press(keys.DOWN)
        while setup.kinds[s] != kind:
            twin.press(keys.RIGHT)


def test_a_three_seat_yoyo_with_two_cpu_seats_through_a_reload(page, monkeypatch):
    from engine.amigo import P_OVER
    from engine.amigo_cpu import GREEDY, HUMAN, PLANNER
    from ui.seated.app import SCORES, TABLE
    twin = Twin(page)
    # the YoYo tests' own player: its keys go to the page as well as the desktop
    monkeypatch.setattr(test_ui_amigo, "press", lambda hw, app, *ks: twin.press(*ks))
    open_game(twin, 2)
    app = twin.desk.app
    kinds = (HUMAN, GREEDY, PLANNER)
    choose_seats(twin, app, kinds)
    twin.check("YoYo setup, three seats")
    twin.press(keys.DOWN, keys.A)
    g = app.game
    assert g.players == 3 and list(g.kinds[:3]) == list(kinds)
    twin.check("YoYo, the first turn")
    rnd = random.Random(3)
    decisions = 0
    reloaded = False
    while app.screen == TABLE and g.pending != P_OVER:
        assert g.kinds[g.seat] == HUMAN        # the desktop settled: the CPU seats have played
        test_ui_amigo.human_decides(twin.desk.hw, app, rnd, check=False)
        decisions += 1
        assert decisions < 300, "the game did not end"
        if decisions % 3 == 0:
            twin.check("YoYo after %d decisions" % decisions)
        if decisions == 4 and app.screen == TABLE and g.pending != P_OVER:
            before = g.save()
            twin.reload()
            app = twin.desk.app
            g = app.game
            assert g.save() == before and g.players == 3
            twin.check("YoYo after the reload")
            reloaded = True
    assert reloaded, "the game was over after %d decisions" % decisions
    assert app.screen == SCORES
    twin.check("YoYo game over")


def test_a_three_seat_yo_yo_with_two_cpu_seats_through_a_reload(page, monkeypatch):
    from engine.yoyo import GREEDY, HUMAN, LOOKAHEAD
    from ui.seated.app import CURTAIN, SCORES, TABLE
    twin = Twin(page)
    # the Yo-yo tests' own player: its keys go to the page as well as the desktop
    monkeypatch.setattr(test_ui_yoyo, "press", lambda hw, app, *ks: twin.press(*ks))
    open_game(twin, 1)
    app = twin.desk.app
    kinds = (HUMAN, GREEDY, LOOKAHEAD)
    choose_seats(twin, app, kinds)
    twin.press(keys.DOWN, keys.A)
    g = app.game
    assert g.players == 3 and list(g.kinds[:3]) == list(kinds)
    twin.check("Yo-yo, the first turn")
    rnd = random.Random(5)
    actions = 0
    reloaded = False
    while app.screen != SCORES:
        if app.screen == CURTAIN:
            twin.press(keys.A)
            continue
        assert app.screen == TABLE and g.kinds[g.turn] == HUMAN    # the CPU seats have played
        made = g.hist_len
        test_ui_yoyo._keys_for(twin.desk.hw, app, rnd.choice(test_ui_yoyo.legal(g)))
        assert g.hist_len > made          # the action, and the CPU seats' after it if it ended
                                          # the turn (the twin settles after every key)
        actions += 1
        assert actions < 400, "the game did not end"
        if actions % 8 == 0:
            twin.check("Yo-yo after %d actions" % actions)
        if actions == 6 and app.screen == TABLE:
            before = bytes(g.save())
            twin.reload()
            app = twin.desk.app
            g = app.game
            assert bytes(g.save()) == before
            twin.check("Yo-yo after the reload")
            reloaded = True
    assert reloaded, "the game was over after %d actions" % actions
    twin.check("Yo-yo game over")



@pytest.mark.parametrize("item", ["noise", "not hex"])
def test_a_damaged_save_is_told_in_the_page_as_on_the_board(page, item):
    # Saved in a game, then left at the chooser: the page saves nothing as it reloads there.
    twin = Twin(page)
    open_game(twin, 0)
    twin.press(keys.A, keys.RIGHT, keys.A, keys.START,
               *[keys.DOWN] * MENU.index("Other games"), keys.A)
    assert twin.desk.launcher.app is None
    noise = random.Random(8).randbytes(8192)
    stored = noise.hex() if item == "noise" else "zz: not hex"
    page.browser.js("localStorage.setItem('pocket-patience-nvm', '%s')" % stored)
    twin.desk.hw.storage.data[:] = noise
    twin.reload()
    assert twin.desk.launcher.app is None
    assert DAMAGED in screen_text(twin.desk.launcher.root)
    twin.check("the chooser over a damaged save (%s)" % item)
    twin.press(keys.A)
    assert DAMAGED in screen_text(twin.desk.app.root)
    twin.check("Black Hole's first screen over a damaged save (%s)" % item)


def test_an_older_save_loaded_is_told_in_the_page_as_on_the_board(page):
    # Played and left at the chooser, a setting changed there (the page saves nothing as it
    # reloads at the chooser); then the newest save damaged: the one before it loads, and the
    # chooser and the game opened say so.
    twin = Twin(page)
    open_game(twin, 0)
    twin.press(keys.A, keys.RIGHT, keys.A, keys.START,
               *[keys.DOWN] * MENU.index("Other games"), keys.A)
    assert twin.desk.launcher.app is None
    twin.press(keys.UP, keys.A, keys.RIGHT, keys.B, keys.DOWN)     # Settings: sound off
    assert not twin.desk.launcher.settings.sound
    data = bytearray(twin.desk.hw.storage.data)
    flip_three_bytes_in_the_newest(data)
    page.browser.js("localStorage.setItem('pocket-patience-nvm', '%s')" % data.hex())
    twin.desk.hw.storage.data[:] = data
    twin.reload()
    assert twin.desk.launcher.app is None and twin.desk.launcher.settings.sound
    assert OLDER in screen_text(twin.desk.launcher.root)
    twin.check("the chooser over an older save")
    twin.press(keys.A)
    assert OLDER in screen_text(twin.desk.app.root)
    twin.check("Black Hole's first screen over an older save")
