"""Stand-ins for CircuitPython's board modules, shaped like the real ones (same names,
signatures and behaviour that hw/ relies on), for running the board backends on CPython.

Each file here is one module. install() loads a fresh copy of each into sys.modules under
the real name, so every test starts from a clean board; Blinka ships modules with some of
these names, so they must be replaced there, not merely shadowed on sys.path.
"""
import importlib.util
import os
import sys

# In dependency order: board needs microcontroller, keypad needs supervisor.
NAMES = ("microcontroller", "supervisor", "board", "keypad", "analogio", "neopixel_write",
         "digitalio", "audioio", "audiocore")
# Backends bound to a previous install's modules; dropped so they import the new ones.
BACKENDS = ("hw.board_common", "hw.pybadge", "hw.pygamer")


def _load(name):
    path = os.path.join(os.path.dirname(os.path.abspath(__file__)), name + ".py")
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def install(monkeypatch, board_id="pybadge", accelerometer=True, pullups=True):
    """Fresh fake modules for board_id ("pybadge" or "pygamer") in sys.modules; returns them
    by name. accelerometer=False and pullups=False model a PyBadge LC (no
    LIS3DH; with pullups=False board.I2C() raises as it does on a bus with nothing fitted)."""
    mods = {}
    for name in NAMES:
        mods[name] = _load(name)
        monkeypatch.setitem(sys.modules, name, mods[name])
    mods["board"].setup(board_id, accelerometer, pullups)
    for name in BACKENDS:
        monkeypatch.delitem(sys.modules, name, raising=False)
        # `from hw import pybadge` reads the package attribute before sys.modules.
        package = sys.modules.get("hw")
        if package is not None:
            monkeypatch.delattr(package, name.split(".")[1], raising=False)
    return mods
