"""Pocket Patience: the board's entry point. Finds the hardware and runs the game chooser.

`make flash` copies this file into the app's version folder on the drive as
pocket_patience(.mpy); the drive's own code.py (or main.py, where the flasher alternates the
two) is a short switcher that imports it from there (docs/flashing.md)."""
import sys

# On a desktop this file can shadow the standard library's `code` module (pdb imports it),
# so there it starts the app only when run as a program; on the board it always does.
if sys.implementation.name == "circuitpython" or __name__ == "__main__":
    import os

    import hw
    from ui.launcher import run

    seed = 1 + int.from_bytes(os.urandom(3), "big")
    if sys.implementation.name == "circuitpython":
        from ui.launcher import Launcher
        run(Launcher(hw.detect(), seed=seed))     # hw.restart() reloads: a new program
    else:
        from ui.programs import Programs  # no firmware here to start the next one
        run(Programs(hw.detect(), seed=seed))
