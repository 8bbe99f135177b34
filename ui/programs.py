"""What a board's firmware does between programs, for the hosts that have none: the desktop
simulator, the web page and the tests. code.py on a board runs one Launcher until hw.restart()
reloads it; here Programs catches hw.base.Restart and starts a new Launcher on the same machine,
first dropping the modules the last program loaded (fresh=True) so that a module keeping state
from one program to the next misbehaves here as it would on a board."""
import sys

from hw.base import Restart

_APP_PACKAGES = ("ui", "engine", "hw")


class Programs:
    def __init__(self, hw, seed=1, fresh=True):
        self.hw = hw
        self.seed = seed
        self.fresh = fresh
        self.started = 0            # programs run so far: the chooser and games alike
        self.launcher = None
        # the machine's own modules stay with it; the app's, a game's hw.atlas among them, go
        self.host = set(sys.modules)
        self._start()

    def _start(self):
        if self.fresh and self.launcher is not None:
            for name in list(sys.modules):
                if name.split(".")[0] in _APP_PACKAGES and name not in self.host \
                        and name != __name__:
                    del sys.modules[name]
        self.launcher = None
        self.hw.display.root_group = None
        from ui.launcher import Launcher
        # a board seeds each program from os.urandom; a host's seed makes its runs repeat
        self.launcher = Launcher(self.hw, seed=(self.seed + 7919 * self.started) & 0x3FFFFFFF)
        self.started += 1

    def _guard(self, fn, *args):
        try:
            fn(*args)
        except Restart:
            self._start()

    def step(self):
        self._guard(self.launcher.step)

    def open(self, i):
        """Play game i, leaving the one being played first."""
        if self.launcher.app is not None:
            self._guard(self.launcher.close)
        self._guard(self.launcher.open, i)

    def close(self):
        """Back to the chooser from a game."""
        self._guard(self.launcher.close)

    def __getattr__(self, name):
        # the running program's launcher answers for it: its app, text, game, item...
        return getattr(self.launcher, name)
