"""Nothing is lost when the simulator is stopped from outside: Ctrl-C (SIGINT), SIGTERM and a
closed terminal (SIGHUP) save and exit quietly, and a session killed outright (SIGKILL) still
has the save the app made once play paused (ui/app.py QUIET_MS). Each next start resumes the
exact position: the same engine bytes in the save file, the same table on the screen.
The terminal front end and the window (pygame, SDL's dummy video driver) are both run as
separate processes."""
import os
import signal
import subprocess
import sys
import threading
import time

import pytest

from engine.blackhole import BlackHole
from hw import keys
from hw.stores import FileStore
from tests.test_ui_app import DEAL_2_WIN
from tests.ui_keys import boot, press
from ui.app import QUIET_MS
from ui.blackhole.table import BlackHoleApp
from ui.persist import TAG_GAME, Persist, Settings

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
SIM = os.path.join(ROOT, "tools", "sim.py")
DEAL = 2
MOVES = 12            # DEAL_2_WIN's first moves, then one undone
PROMPT = "\n> "
# A screen is whole once its last line, naming the PNG, and the prompt after it are read: the
# cursor's mark opens a row too ("> 0 KD ..."), so "\n> " alone may stand mid-screen, and a
# reader slowed by a busy machine stopped there, a screen early.
END = ")" + PROMPT
SIGNALS = (signal.SIGINT, signal.SIGTERM, signal.SIGHUP)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="POSIX signals")


def key_lines():
    """One line of terminal keys a move (cursor steps right, then a), a last 'b', and the
    engine bytes the same keys leave on a board."""
    hw, app = boot(BlackHoleApp)
    app.deal(DEAL)
    app.step()
    lines = []
    for f in DEAL_2_WIN[:MOVES]:
        words = []
        while app.table.cursor != f:
            press(hw, app, keys.RIGHT)
            words.append("r")
        press(hw, app, keys.A)
        lines.append(" ".join(words + ["a"]))
    press(hw, app, keys.B)
    lines.append("b")
    return lines, app.game.save()


def env():
    e = dict(os.environ)
    for name in ("DISPLAY", "WAYLAND_DISPLAY"):
        e.pop(name, None)
    e["SDL_VIDEODRIVER"] = "dummy"
    e["SDL_AUDIODRIVER"] = "dummy"
    e["HOME"] = "/nonexistent"       # a save anywhere but the test's file would fail loudly
    return e


class Run:
    """A simulator process; its stdout is gathered by a thread, so waiting never blocks."""

    def __init__(self, args, tmp_path):
        self.proc = subprocess.Popen(
            args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
            env=env(), cwd=tmp_path, text=True, bufsize=1)
        self.out = ""
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self):
        for chunk in iter(lambda: self.proc.stdout.read(1), ""):
            self.out += chunk

    def wait_for(self, text, count=1, timeout=120):
        end = time.monotonic() + timeout
        while self.out.count(text) < count:
            assert self.proc.poll() is None, (self.out[-2000:], self.proc.stderr.read())
            assert time.monotonic() < end, "waited for %r: %s" % (text, self.out[-2000:])
            time.sleep(0.02)

    def type(self, line):
        """A line of keys; returns once the screen after them is read whole."""
        n = self.out.count(END)
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()
        self.wait_for(END, n + 1)

    def finish(self, timeout=60):
        self.proc.wait(timeout)
        self._reader.join(timeout)
        return self.proc.returncode, self.out, self.proc.stderr.read()


class SlowReader(Run):
    """A reader a busy machine holds up: it stops a while after every line that opens with
    "> ", the prompt or the cursor's mark."""

    def _read(self):
        for chunk in iter(lambda: self.proc.stdout.read(1), ""):
            self.out += chunk
            if self.out.endswith(PROMPT):
                time.sleep(0.1)


def headless(tmp_path, *args, run=Run):
    r = run([sys.executable, SIM, "--headless", "--save", str(tmp_path / "nvm.bin"),
             "--screenshot", str(tmp_path / "screen.png")] + list(args), tmp_path)
    r.wait_for(END)
    return r


def table(screen):
    """The fans and the hole line of a Black Hole screen printed by the terminal; the cursor
    mark is left out, as the cursor is not part of the position."""
    lines = screen.strip("\n").split("\n")
    top = next(i for i, ln in enumerate(lines) if ln[1:4] == " 0 ")
    return [ln.replace(">", " ") for ln in lines[top:top + 4]]


def last_table(out):
    return table(out.rsplit("(screen:", 1)[0].rsplit(END, 1)[-1])


def first_table(out):
    return table(out.split("(screen:", 1)[0])


def saved_game(tmp_path):
    persist = Persist(FileStore(str(tmp_path / "nvm.bin")))
    persist.load(Settings())
    return persist.get(TAG_GAME)


def resumed(tmp_path):
    """The next start: the table it shows first, and its exit status after 'q'."""
    r = headless(tmp_path)
    r.proc.stdin.write("q\n")
    r.proc.stdin.flush()
    code, out, err = r.finish()
    assert code == 0, err
    return first_table(out)


@pytest.fixture(scope="module")
def played():
    return key_lines()


def test_each_screen_is_read_whole_however_slow_the_reader(played, tmp_path):
    lines, _ = played
    r = headless(tmp_path, "--deal", str(DEAL), run=SlowReader)
    for n, line in enumerate(lines):
        r.type(line)
        made = n + 1 if n < MOVES else MOVES - 1
        assert "moves %d   deal %d" % (made, DEAL) in last_table(r.out)[3], line
    r.proc.stdin.write("q\n")
    r.proc.stdin.flush()
    assert r.finish()[0] == 0


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_a_signal_saves_exits_quietly_and_the_next_start_resumes(sig, played, tmp_path):
    lines, expected = played
    r = headless(tmp_path, "--deal", str(DEAL))
    for line in lines:
        r.type(line)
    before = last_table(r.out)
    assert "moves %d   deal %d" % (MOVES - 1, DEAL) in before[3]
    r.proc.send_signal(sig)
    code, out, err = r.finish()
    assert code == 0, err
    assert "Traceback" not in err and "Traceback" not in out, err
    assert err.strip() == "", err
    if sig != signal.SIGHUP:
        assert "Saved" in out.rsplit(END, 1)[-1]
    assert saved_game(tmp_path) == expected
    state = BlackHole()
    state.restore(saved_game(tmp_path))
    assert state.moves_made == MOVES - 1 and state.redo()      # the undone move is redoable
    assert resumed(tmp_path) == before


@pytest.fixture(scope="module")
def paused(played, tmp_path_factory):
    """The two pause tests' sessions, the window's and the terminal's, their keys played, both
    started before either test waits: their pauses (QUIET_MS, 20 s) then pass at once."""
    lines, _ = played
    win = tmp_path_factory.mktemp("window")
    term = tmp_path_factory.mktemp("terminal")
    runs = []
    try:
        runs.append(window(win, lines))
        runs.append(headless(term, "--deal", str(DEAL)))
        for line in lines:
            runs[1].type(line)
        yield {"window": (runs[0], win), "terminal": (runs[1], term, last_table(runs[1].out))}
    finally:
        for r in runs:
            if r.proc.poll() is None:
                r.proc.kill()
                r.finish()


def test_a_pause_saves_so_even_a_kill_loses_nothing(played, paused):
    _, expected = played
    r, tmp_path, before = paused["terminal"]
    end = time.monotonic() + QUIET_MS / 1000 + 30
    while saved_game(tmp_path) != expected:      # the app's own save, once play paused
        assert time.monotonic() < end, "no save after a pause"
        time.sleep(0.2)
    r.proc.kill()
    r.finish()
    assert resumed(tmp_path) == before


def test_a_signal_while_the_solver_thinks_still_saves_quietly(played, tmp_path):
    lines, expected = played
    r = headless(tmp_path, "--deal", str(DEAL))
    for line in lines:
        r.type(line)
    r.proc.stdin.write("e e e\n")                # hints: the solver runs between the keys
    r.proc.stdin.flush()
    time.sleep(0.3)
    r.proc.send_signal(signal.SIGINT)
    code, out, err = r.finish()
    assert code == 0 and "Traceback" not in err, err
    assert saved_game(tmp_path) == expected      # hints change nothing in the game


# -- the window front end ---------------------------------------------------------------------
# The keys reach the window's keyboard code as pygame events from a list: posting them into
# SDL's own queue crashed pygame 2.6.1 (SIGSEGV in event.poll) under the dummy video driver.
WINDOW = """
import argparse, os, sys
sys.path.insert(0, %(root)r)
from tools import sim
sim.quiet_imports()
import pygame
from hw import desktop
hw = desktop.Hardware(scale=1, storage_path=%(save)r)
launcher = sim.start(hw, argparse.Namespace(seed=1, game=None, deal=%(deal)d, yes=False))
queue = [pygame.event.Event(kind, key=key) for key in %(keys)r
         for kind in (pygame.KEYDOWN, pygame.KEYUP)]
sdl_poll = pygame.event.poll
pygame.event.poll = lambda: queue.pop(0) if queue else sdl_poll()
while queue:
    launcher.step()
print("ready", launcher.app.game.moves_made, flush=True)
sys.exit(sim.play_window(launcher))
"""

PYGAME_KEYS = {"r": "K_RIGHT", "a": "K_a", "b": "K_b"}


def window(tmp_path, lines):
    import pygame
    codes = [getattr(pygame, PYGAME_KEYS[w]) for line in lines for w in line.split()]
    script = WINDOW % {"root": ROOT, "save": str(tmp_path / "nvm.bin"), "deal": DEAL,
                       "keys": codes}
    r = Run([sys.executable, "-c", script], tmp_path)
    r.wait_for("ready")
    return r


@pytest.mark.parametrize("sig", SIGNALS, ids=lambda s: signal.Signals(s).name)
def test_the_window_saves_on_a_signal_too(sig, played, tmp_path):
    lines, expected = played
    r = window(tmp_path, lines)
    r.wait_for("\n")
    assert "ready %d" % (MOVES - 1) in r.out
    r.proc.send_signal(sig)
    code, out, err = r.finish()
    assert code == 0 and "Traceback" not in err, err
    assert saved_game(tmp_path) == expected
    table = resumed(tmp_path)
    assert "moves %d   deal %d" % (MOVES - 1, DEAL) in table[3]


def test_the_window_saves_after_a_pause(played, paused):
    _, expected = played
    r, tmp_path = paused["window"]
    end = time.monotonic() + QUIET_MS / 1000 + 30
    while saved_game(tmp_path) != expected:
        assert time.monotonic() < end, "no save after a pause"
        time.sleep(0.2)
    r.proc.kill()
    r.finish()
