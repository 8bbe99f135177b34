"""The game chooser: one game app at a time, the one last played resumed at power-on.

Only the chosen game's modules are imported, and they are dropped again when the player goes
back to the chooser, so the heap holds one game's code and display objects, never three.
Every app takes (hw, seed, persist, settings), has step() and save_now(), and sets `leave`
when its menu's "Other games" is picked.
"""
import gc
import sys

import displayio

from hw import keys
from ui.persist import TAG_CHOICE, Persist, Settings
from ui.textview import TextView

# (title, players, module, class); the module is imported only when the game starts. The two
# yo-yo games are told apart by who made them: Parlett's and the Kuhns' (Amigo).
GAMES = (
    ("Black Hole", "1", "ui.bh_table", "BlackHoleApp"),
    ("Yo-yo (Parlett)", "2-3", "ui.yoyo_app", "YoyoApp"),
    ("YoYo (Amigo)", "2-6", "ui.amigo_app", "AmigoApp"),
    ("Calculation", "1", "ui.calc_table", "CalcApp"),
    ("Big Ben", "1", "ui.bb_table", "BigBenApp"),
)


class Launcher:
    def __init__(self, hw, seed=1):
        self.hw = hw
        self.seed = seed
        self.settings = Settings()
        self.persist = Persist(hw.storage)
        self.persist.load(self.settings)
        hw.sound.muted = not self.settings.sound
        hw.set_brightness(self.settings.brightness / 5)
        self.app = None
        self.game = -1
        self.item = 0
        self.root = None
        self.text = None
        self.loaded = ()          # sys.modules before the game was imported
        self.screen = None        # the device's settings, over the chooser
        choice = self.persist.get(TAG_CHOICE)
        if choice is not None and len(choice) == 1 and choice[0] < len(GAMES):
            self.open(choice[0])
        else:
            self.show_chooser()

    def open(self, i):
        """Start game i; a game whose modules are missing leaves the chooser up, saying so."""
        title, _, module, cls = GAMES[i]
        self.root = self.text = None
        gc.collect()
        self.loaded = tuple(sys.modules)
        try:
            make = getattr(__import__(module, None, None, (cls,)), cls)
        except ImportError as e:
            self.show_chooser("%s: %s" % (title, e))
            return
        self.game = i
        self.item = i
        self.persist.put(TAG_CHOICE, bytes((i,)))
        self.app = make(self.hw, self.seed, self.persist, self.settings)
        self.seed = (self.seed * 1103515245 + 12345) & 0x3FFFFFFF

    def close(self):
        self.app.save_now()
        self.app = None
        self._forget_modules(GAMES[self.game][2])
        self.game = -1
        gc.collect()
        self.show_chooser()

    def _forget_modules(self, game_module):
        """Drop the game's module and every module it imported (its screens, engine, CPU seats,
        solver), each one's name on its package too, so their code leaves the heap with it."""
        for name in list(sys.modules):
            if name != game_module and name in self.loaded:
                continue
            del sys.modules[name]
            dot = name.rfind(".")
            parent = sys.modules.get(name[:dot]) if dot > 0 else None
            if parent is not None and hasattr(parent, name[dot + 1:]):
                delattr(parent, name[dot + 1:])
        self.loaded = ()

    def show_chooser(self, message=""):
        if self.text is None:
            self.text = TextView()
            self.root = displayio.Group()
            self.root.append(self.text.group)
        lines = ["Pocket Patience   players"]      # "players" over the numbers below
        for title, players, _, _ in GAMES:
            lines.append("%-17s%7s" % (title, players))
        # a message takes the place of the key line: ten lines hold five games and two more
        lines += ["Settings", "", "Up/down choose, A play"] if not message else [
            "Settings", message[:25], message[25:50]]
        self.text.show(lines, 1 + self.item)
        self.hw.display.root_group = self.root
        self.hw.display.refresh()

    def step(self):
        if self.app is not None:
            self.app.step()
            if self.app.leave:
                self.close()
            return
        k = self.hw.keys.poll()
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

    def pop(self):
        """The settings screen is done: back to the chooser."""
        self.screen = None
        self.show_chooser()

    def run(self):
        import time
        while True:
            self.step()
            time.sleep(0.01)
