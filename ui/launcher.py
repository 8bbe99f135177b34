"""The game chooser, and the program that runs one game: each is a program of its own.

Picking a game records it and restarts (hw.restart(): on a board CircuitPython's reload, a
fresh heap); the new program finds the choice and runs that game alone, and its "Other games"
records the chooser and restarts again. So the heap holds the chooser or one game's code and
display objects, never more, and nothing a game interned or left behind reaches the next
(docs/programs.md). Power-on starts where the player was: in the game, or at the chooser.
Every app takes (hw, seed, persist, settings), has step() and save_now(), and sets `leave`
when its menu's "Other games" is picked.
"""
import gc

import displayio

from hw import keys
from hw.storage import DAMAGED, OLDER
from ui.persist import BAD_DATA, TAG_CHOICE, Persist, Settings
from ui.textview import TextView

# (title, players, module, class); the module is imported only when the game starts. The two
# yo-yo games are told apart by who made them: Parlett's and the Kuhns' (Amigo). Players are
# people: CPU seats fill the rest, so one person can play every game (SEATS says so).
GAMES = (
    ("Black Hole", "1", "ui.blackhole.table", "BlackHoleApp"),
    ("Yo-yo (Parlett)", "1-3", "ui.yoyo_parlett.table", "YoyoApp"),
    ("YoYo (Amigo)", "1-6", "ui.yoyo_amigo.table", "AmigoApp"),
    ("Calculation", "1", "ui.calculation.table", "CalcApp"),
    ("Big Ben", "1", "ui.bigben.table", "BigBenApp"),
)
# What power-on found wrong with the saves, carried to the game the player opens next (the
# choice record's third byte, index + 1): its program would otherwise find a good save,
# written by the chooser, and deal a fresh game or resume an older one without a word.
_NOTICES = (DAMAGED, BAD_DATA, OLDER)
SEATS = "Alone? CPU seats join in"


class Launcher:
    def __init__(self, hw, seed=1):
        self.hw = hw
        self.seed = seed
        self.settings = Settings()
        self.persist = Persist(hw.storage)
        self.persist.load(self.settings)
        hw.sound.muted = not self.settings.sound
        hw.set_brightness(self.settings.brightness / 5)
        self.settings.idle(hw)
        self.app = None
        self.game = -1
        self.item = 0
        self.root = None
        self.text = None
        self.screen = None        # the device's settings, over the chooser
        # (game, in it[, notice]): the game being played, or the chooser with that game
        # marked; a one-byte record, from before games were programs, meant "in that game"
        self.carry = 0
        notice = self.persist.notice
        if notice in _NOTICES:
            self.carry = 1 + _NOTICES.index(notice)
        choice = self.persist.get(TAG_CHOICE)
        if choice is not None and 0 < len(choice) <= 3 and choice[0] < len(GAMES):
            self.item = choice[0]
            if len(choice) == 3:
                if 0 < choice[2] <= len(_NOTICES) and notice is None:
                    self.persist.notice = notice = _NOTICES[choice[2] - 1]
                # told once: the game's next save no longer carries it
                self.persist.put(TAG_CHOICE, choice[:2])
            if len(choice) == 1 or choice[1]:
                self.start(choice[0])
                return
        self.show_chooser(notice or "")

    def start(self, i):
        """This program runs game i; a game that cannot start (its modules missing, no memory
        left, any error as it starts) leaves the chooser up, saying so."""
        title, _, module, cls = GAMES[i]
        gc.collect()        # what reading the saves left goes before the game's code comes
        try:
            make = getattr(__import__(module, None, None, (cls,)), cls)
            self.app = make(self.hw, self.seed, self.persist, self.settings)
        except Exception as e:      # MemoryError and ImportError among them
            # A game that cannot start must not be started again at every power-on: the
            # chooser comes up, says why, and is where the next power-on starts.
            self.app = None
            gc.collect()
            self.persist.put(TAG_CHOICE, bytes((i, 0)))
            self.persist.commit(self.settings)
            self.show_chooser("%s: %s" % (title, e))
            return
        self.game = i

    def _failed(self):
        """The game stopped on an error, which the board shows: the next power-on starts at the
        chooser, not in a game that may stop the same way again. Its play is as last saved."""
        try:
            self.persist.put(TAG_CHOICE, bytes((self.game, 0)))
            self.persist.commit(self.settings)
        except MemoryError:
            pass

    def open(self, i):
        """From the chooser: the next program plays game i (and says what power-on found
        wrong with the saves, if anything)."""
        self.persist.put(TAG_CHOICE, bytes((i, 1, self.carry) if self.carry else (i, 1)))
        self.persist.commit(self.settings)
        self.hw.restart()

    def close(self):
        """From the game: the next program is the chooser. The game's save_now() writes that
        with its play, in one write (flash wears)."""
        self.persist.put(TAG_CHOICE, bytes((self.game, 0)))
        self.app.save_now()
        self.hw.restart()

    def show_chooser(self, message=""):
        if self.text is None:
            self.text = TextView()
            self.root = displayio.Group()
            self.root.append(self.text.group)
        lines = ["Pocket Patience   players"]      # "players" over the numbers below
        for title, players, _, _ in GAMES:
            lines.append("%-17s%7s" % (title, players))
        # a message takes the place of the key line: ten lines hold five games and two more
        lines += ["Settings", SEATS, "Up/down choose, A play"] if not message else [
            "Settings", message[:25], message[25:50]]
        self.text.show(lines, 1 + self.item)
        self.hw.display.root_group = self.root
        self.hw.display.refresh()

    def step(self):
        if self.app is not None:
            try:
                self.app.step()
            except Exception:
                self._failed()
                raise
            if self.app.leave:
                self.close()
            return
        k = self.hw.poll()
        if k == keys.NONE:
            return
        rows = len(GAMES) + 1
        if self.screen is not None:
            self.screen.key(self, k)
        elif k == keys.UP or k == keys.DOWN:
            self.item = (self.item + (1 if k == keys.DOWN else rows - 1)) % rows
            self.text.mark(1 + self.item)
        elif (k == keys.A or k == keys.START) and self.item == len(GAMES):
            # imported only now: the chooser keeps nothing a player may never open
            from ui.screens import device_settings
            self.screen = device_settings()
            self.screen.show(self)
        elif k == keys.A or k == keys.START:
            self.open(self.item)
            return
        self.hw.display.refresh()

    def nap(self):
        """Seconds the loop sleeps after a pass: longer while the screen is dimmed or dark and
        the game has no work of its own (CPU seats, the solver); the key that wakes it waits
        in the keys' queue meanwhile, and does nothing else anyway."""
        a = self.app
        return 0.1 if self.hw.power and not (a and a.busy()) else 0.01

    def save_now(self):
        """The device's settings, changed from the chooser (ui/screens.py Options)."""
        self.persist.commit(self.settings)

    def pop(self):
        """The settings screen is done: back to the chooser."""
        self.screen = None
        self.show_chooser()


def run(program, stop=()):
    """The main loop, the only one: a board's code.py runs a Launcher in it until the
    firmware reloads; the desktop runs ui/programs.py's Programs until `stop` turns true."""
    import time
    while not stop:
        program.step()
        time.sleep(program.nap())

