"""The page's entry point, what code.py is on the board: the browser backend and the game
chooser, each game a program of its own as on the board (ui/programs.py restarts them here).
The page (main.js) calls start() once, then tick() on a timer and after each key; the board's
endless loop (ui/launcher.py's run) would never hand the browser back its thread."""
import binascii

from hw import web

hw = web.Hardware()     # first: it gives the app its displayio and terminalio
launcher = None


def start(seed):
    global launcher
    from ui.programs import Programs
    launcher = Programs(hw, seed=seed)


def busy():
    """Whether the app has work of its own (a solver, CPU seats, auto-play) between keys."""
    app = launcher.app
    return app is not None and app.busy()


def tick(budget_ms):
    """One pass of the main loop, and more while the app is busy, for up to budget_ms; then
    the display's refresh count, which tells the page whether there is a new frame."""
    start_ms = hw.clock.ms()
    launcher.step()
    while busy() and (hw.clock.ms() - start_ms) & web.TICKS_MASK < budget_ms:
        launcher.step()
    return hw.display.refreshes


def key(code, down):
    hw.key(code, down)


def frame():
    """The screen in hex, a byte a pixel: an index into colours(). (A string reaches the page
    only up to its first NUL, so the bytes cannot go as they are; hex is the quick way.)"""
    return binascii.hexlify(hw.display.frame).decode()


def colours():
    return ",".join("%06x" % c for c in web.webdisplay.colours())


def brightness():
    return hw.display.brightness


def save():
    """The page is going away (closed or reloaded): the game saves now, as when leaving it."""
    if launcher is not None and launcher.app is not None:
        launcher.app.save_now()
