"""Hardware abstraction: the only door from ui/ and code.py to the machine.

Every backend builds one `Hardware` object (hw/base.py) with the same small surface:

    hw.name              "pybadge", "pybadge_lc", "pygamer", "desktop" or "stub"
    hw.display           displayio-style display: .root_group, .refresh(), .width 160, .height 128
    hw.set_brightness(x) 0.0..1.0 where the board can dim the backlight
    hw.keys.poll()       next key press (hw.keys codes) or keys.NONE; held D-pad repeats
    hw.poll()            the next key as ui/ takes it: a key that finds the screen dimmed or
                         dark only wakes it (NONE); no key for dim_ms dims the backlight, for
                         dark_ms turns it and the NeoPixels off (hw.dim_ms, hw.dark_ms: 0
                         never; hw.power: 0 lit, 1 dimmed, hw.base.DARK; hw.wake() lights it)
    hw.keys.repeat.hold_b  True: B kept down 0.6 s is then also keys.HOLD_B (hw/base.py)
    hw.sound.beep(hz, ms), hw.sound.play(notes), hw.sound.muted     notes: (hz, ms) pairs
    hw.lights.count, .fill(rgb), .set(i, rgb), .show(), .brightness   (count 0 = no lights)
                         rgb is 0xRRGGBB; nothing changes until show()
    hw.storage           raw persistent bytes: .size, .read(offset, n), .write(offset, data);
                         hw/storage.py keeps two-slot CRC saves on it
    hw.clock.ms()        monotonic milliseconds, wrapping at 2**29
    hw.restart()         end the program; code.py starts again on a fresh heap (a board's
                         reload; elsewhere hw.base.Restart, which ui/programs.py catches)

Clocks wrap like CircuitPython's supervisor.ticks_ms(): compare times as
(a - b) & TICKS_MASK (defined in hw/base.py, which the backends build on, so that none of
them imports this package back).

Backends: pybadge.py (PyBadge, PyBadge LC, EdgeBadge), pygamer.py, desktop.py (pygame
window), stub.py (tests and headless runs). `detect()` picks one at start-up from the board
id, falling back to the desktop; only the board modules import CircuitPython's own modules.
"""
from hw.base import TICKS_MASK  # noqa: F401 (ui/ takes it from here)


def detect():
    """The backend for the machine this runs on."""
    import sys
    if sys.implementation.name == "circuitpython":
        import board
        if board.board_id == "pygamer":
            from hw import pygamer as backend
        else:
            from hw import pybadge as backend
        return backend.Hardware()
    from hw import desktop
    return desktop.Hardware()
