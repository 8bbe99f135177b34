"""Flash wear and what a power cut costs (issue 34): every save erases the board's whole 8 KB
save block, rated for 10k erases, so the app writes only what matters, when it matters.

- a scripted evening in every game writes only for the reasons it may: the schedule (at most
  one per ui/app.py SAVE_BY_MS of play), a finished game, leaving, opening, a changed setting;
- a power cut at any moment of play loses at most the last two minutes, for a player who
  pauses and for one who never does;
- a finished game and its statistics, a changed setting, and leaving are written at once, in
  one write each; a payload the store already holds is not written again.
Each test drives the real app on the stub clock (tools/bench/wear.py's player, or keys)."""
import random

import pytest

from engine.crc import crc16
from hw import keys, stub
from hw.stores import MemoryStore
from tests.conftest import FIGURES
from tests.test_bigben_hint import WON_DEAL
from tests.test_ui_app import DEAL_2_WIN, move_cursor_to
from tests.ui_keys import boot, press
from tools.bench.wear import GAMES, MODELS, CountingStore, Evening
from ui.app import QUIET_MS, SAVE_BY_MS
from ui.launcher import Launcher
from ui.patience.record import Stats
from ui.persist import TAG_CHOICE, TAG_GAME, TAG_SETTINGS, Persist, Settings

TWO_MINUTES = 120000


def stored(storage, tag):
    """Record tag as a power-on would find it in storage (read only)."""
    p = Persist(storage)
    p.load(Settings())
    return p.get(tag)


def fast(rng):
    """A quick player who never pauses: 0.4-2.5 s before every key."""
    return int(rng.uniform(400, 2500))


# -- how often ---------------------------------------------------------------------------
@pytest.mark.parametrize("model", ("think", "slow"))
@pytest.mark.parametrize("game", range(len(GAMES)), ids=lambda g: GAMES[g].split()[0])
def test_every_write_of_an_evening_has_its_reason(game, model):
    # the think-time model, and a player who stops to think 20-40 s before a third of
    # the keys: the schedule's share stays one per SAVE_BY_MS for both
    ev = Evening(game, seed=2, minutes=30, gaps=MODELS[model]).run()
    e = ev.events
    hours = ev.elapsed / 3600000.0
    allowed = (ev.elapsed // SAVE_BY_MS + 1        # the schedule: one per SAVE_BY_MS at most
               + ev.ends                           # a finished game
               + e.get("open", 0) + e.get("leave", 0)
               + e.get("change_setting", 0)        # the settings screen closed after a change
               + 1)                                # a patience's first deal, kept at once
    assert ev.store.writes <= allowed, (ev.store.writes, allowed, e, ev.ends)
    FIGURES.append("%s, %s player: %d writes in a %d min evening, %.1f an hour (at most %d "
                   "allowed)" % (GAMES[game], model, ev.store.writes, ev.elapsed // 60000,
                      ev.store.writes / hours, allowed))


# -- what a power cut costs ----------------------------------------------------------------
class Cuts:
    """After every main-loop pass: what a power cut now would bring back (the game record in
    the store) must be a position the game held within the last two minutes."""

    def __init__(self):
        self.history = []         # (since, state) of each position the game in play held
        self.back = {}            # store version: the game record it holds
        self.worst = 0
        self.checked = 0

    def __call__(self, ev):
        app = ev.la.app
        if app is None or not getattr(app, "playing", True):
            return
        t = ev.elapsed
        state = bytes(app.game.save())
        if not self.history or self.history[-1][1] != state:
            self.history.append((t, state))
        v = ev.store.version
        if v not in self.back:
            self.back[v] = stored(ev.store, app.table.GAME_TAG)
        back = self.back[v]
        if back is None:
            return
        held_until = None
        for i in range(len(self.history) - 1, -1, -1):
            if self.history[i][1] == back:
                held_until = t if i == len(self.history) - 1 else self.history[i + 1][0]
                break
        assert held_until is not None, "a power cut now brings back a position never played"
        self.worst = max(self.worst, t - held_until)
        self.checked += 1


@pytest.mark.parametrize("gaps", ("think", "fast"))
@pytest.mark.parametrize("game", range(len(GAMES)), ids=lambda g: GAMES[g].split()[0])
def test_a_power_cut_at_any_moment_loses_at_most_two_minutes(game, gaps):
    # the evening's model, with its menus and leaving; and a quick player who only plays
    cuts = Cuts()
    kw = {} if gaps == "think" else {"gaps": fast, "extras": False}
    Evening(game, seed=3, minutes=12, observe=cuts, **kw).run()
    assert cuts.checked > 1000
    assert cuts.worst <= TWO_MINUTES, "a cut would lose %.1f s of play" % (cuts.worst / 1000)
    FIGURES.append("%s, %s player: a power cut loses at most %.1f s of play (%d moments)"
                   % (GAMES[game], gaps, cuts.worst / 1000, cuts.checked))


def test_a_pause_saves_well_before_the_two_minutes_unless_the_schedule_just_wrote():
    hw, app = boot_bh()
    play_moves(hw, app, 3)
    before = bytes(hw.storage.data)
    hw.clock.advance(QUIET_MS - 1)
    app.step()
    assert bytes(hw.storage.data) == before         # not yet: the player may be thinking
    hw.clock.advance(1)
    app.step()
    assert stored(hw.storage, app.table.GAME_TAG) == bytes(app.game.save())
    # a move, another pause: the schedule wrote under SAVE_BY_MS ago, so the pause waits for
    # the oldest unsaved move to be SAVE_BY_MS old (a slow thinker is not a write a move)
    writes = hw.storage.writes
    play_moves_from(hw, app, 3, 4)
    hw.clock.advance(QUIET_MS)
    app.step()
    assert hw.storage.writes == writes
    hw.clock.advance(SAVE_BY_MS - QUIET_MS - 1)
    app.step()
    assert hw.storage.writes == writes
    hw.clock.advance(1)
    app.step()
    assert hw.storage.writes == writes + 1
    assert stored(hw.storage, app.table.GAME_TAG) == bytes(app.game.save())


# -- what is written at once -------------------------------------------------------------
def boot_bh(deal=2):
    hw, app = boot(_app("BlackHoleApp"), storage=CountingStore())
    app.deal(deal)
    app.step()
    return hw, app


def _app(name):
    import importlib
    module = {"BlackHoleApp": "ui.blackhole.table", "CalcApp": "ui.calculation.table",
              "BigBenApp": "ui.bigben.table"}[name]
    return getattr(importlib.import_module(module), name)


def play_moves(hw, app, n):
    play_moves_from(hw, app, 0, n)


def play_moves_from(hw, app, first, end):
    for f in DEAL_2_WIN[first:end]:
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)


def test_a_won_black_hole_and_its_statistics_are_saved_in_the_pass_that_wins():
    hw, app = boot_bh()
    for f in DEAL_2_WIN:
        move_cursor_to(hw, app, f)
        press(hw, app, keys.A)                      # no pause: the clock never moves
    assert app.game.is_won()
    assert stored(hw.storage, app.table.GAME_TAG) == bytes(app.game.save())
    s = Stats()
    assert s.unpack(stored(hw.storage, app.table.STATS_TAG)) and (s.played, s.won) == (1, 1)


@pytest.mark.parametrize("name,deal", [("CalcApp", 7), ("BigBenApp", WON_DEAL)])
def test_a_finished_patience_is_saved_in_the_pass_that_ends_it(name, deal):
    hw, app = boot(_app(name), storage=CountingStore())
    app.deal(deal)
    g = app.game
    for _ in range(400):
        if g.is_won() or g.is_stuck():
            break
        press(hw, app, keys.SELECT, keys.A)
    assert g.is_won() or g.is_stuck()
    assert stored(hw.storage, app.table.GAME_TAG) == bytes(g.save())
    s = Stats()
    assert s.unpack(stored(hw.storage, app.table.STATS_TAG)) and s.played == 1


def test_a_finished_yoyo_game_and_its_results_are_saved_at_once():
    from engine.yoyo import GREEDY, HUMAN, LOOKAHEAD
    from tests.test_ui_yoyo import new_game, play_to_end
    hw, app = new_game((HUMAN, LOOKAHEAD, GREEDY))
    play_to_end(hw, app, random.Random(5))
    assert app.game.is_over()
    assert stored(hw.storage, app.table.GAME_TAG) == bytes(app.game.save())
    assert stored(hw.storage, app.table.SETUP_TAG)


def test_a_finished_amigo_match_is_saved_at_once():
    from engine.amigo_cpu import GREEDY, HUMAN
    from tests.test_ui_amigo import new_match, play_match
    hw, app = new_match((HUMAN, GREEDY), seed=6)
    play_match(hw, app, random.Random(6), hurry=True)
    assert app.game.match_over()
    assert stored(hw.storage, app.table.GAME_TAG) == bytes(app.game.save())


def settings_steps(hw, step, text):
    """On the settings screen: down to Brightness, right three times; the writes meanwhile."""
    for _ in range(6):
        if text.lines()[text.marked].startswith("Brightness"):
            break
        hw.keys.press(keys.DOWN)
        step()
    writes = hw.storage.writes
    for _ in range(3):
        hw.keys.press(keys.RIGHT)
        step()
    return hw.storage.writes - writes


def test_a_setting_changed_in_a_game_is_one_write_as_its_screen_closes():
    hw, app = boot_bh()
    press(hw, app, keys.START)
    while not app.text.lines()[app.text.marked].startswith("Settings"):
        press(hw, app, keys.DOWN)
    press(hw, app, keys.A)
    assert settings_steps(hw, app.step, app.text) == 0       # stepping a row writes nothing
    writes = hw.storage.writes
    press(hw, app, keys.B)
    assert hw.storage.writes == writes + 1
    s = Settings()
    assert s.unpack(stored(hw.storage, TAG_SETTINGS))
    assert s.brightness == app.settings.brightness != 4


def test_a_setting_changed_at_the_chooser_is_one_write_as_its_screen_closes():
    hw = stub.Hardware(storage=CountingStore())
    la = Launcher(hw)
    for _ in range(len(GAMES) + 1):
        if la.text.lines()[la.text.marked].startswith("Settings"):
            break
        hw.keys.press(keys.DOWN)
        la.step()
    hw.keys.press(keys.A)
    la.step()
    assert settings_steps(hw, la.step, la.text) == 0
    writes = hw.storage.writes
    hw.keys.press(keys.B)
    la.step()
    assert hw.storage.writes == writes + 1 and la.screen is None
    s = Settings()
    assert s.unpack(stored(hw.storage, TAG_SETTINGS))
    assert s.brightness == la.settings.brightness != 4


@pytest.mark.parametrize("game", range(len(GAMES)), ids=lambda g: GAMES[g].split()[0])
def test_leaving_a_game_with_play_unsaved_is_one_write(game):
    ev = Evening(game, seed=4, minutes=60, gaps=lambda rng: 200)
    ev.open_game()
    ev.setup()
    for _ in range(40):
        ev.play()
    app = ev.la.app
    assert app.unsaved_since >= 0, "the play is meant to be unsaved when leaving"
    tag = app.table.GAME_TAG
    writes = ev.store.writes
    ev.leave()
    assert ev.store.writes == writes + 1
    # the play as it was when left (auto-play and CPU seats may move while the menu opens)
    assert stored(ev.store, tag) == bytes(app.game.save())
    assert stored(ev.store, TAG_CHOICE) == bytes((game, 0))


def test_a_commit_of_what_the_store_holds_writes_nothing():
    store = CountingStore()
    p = Persist(store)
    p.load(Settings())
    p.put(200, b"abc")
    assert p.commit(Settings()) and store.writes == 1
    assert not p.commit(Settings()) and store.writes == 1
    again = Persist(store)                    # after a power-on too
    again.load(Settings())
    assert not again.commit(Settings()) and store.writes == 1
    again.put(200, b"abd")
    assert again.commit(Settings()) and store.writes == 2


def test_a_change_inside_a_record_that_carries_its_own_crc_is_written():
    # Game saves end with their CRC-16: a CRC of the same kind over the payload would not move
    # when such a record changes, and the change would never be written.
    store = CountingStore()
    p = Persist(store)
    p.load(Settings())
    for body in (b"deal one", b"DEAL TWO", b"deal 3!!"):
        c = crc16(body, 0xFFFF, 0, len(body))
        p.put(TAG_GAME, body + bytes((c >> 8, c & 0xFF)))
        assert p.commit(Settings())
    assert store.writes == 3
    again = Persist(store)
    again.load(Settings())
    assert again.get(TAG_GAME)[:8] == b"deal 3!!"


def test_a_store_that_held_nothing_good_is_written_again_even_unchanged():
    raw = MemoryStore()
    raw.write(0, b"PP\x00\x01\x00\x05garbage")        # a damaged save: the notice, then a
    p = Persist(raw)                                   # good save at the first commit
    p.load(Settings())
    assert p.notice and p.commit(Settings())
