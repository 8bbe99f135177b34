"""Screens every game shares, drawn on one TextView: menus, option lists, help pages, notices,
confirmations and number entry (help pages in ui/pages.py, loaded only while shown).

A screen is an object with show(app) and key(app, k); the app (ui/patience/app.py, or the chooser
for the device's settings) keeps screens on a stack, so push() puts one over another and pop()
goes back to what was under it. Every line is laid out to fit its row (ui/textview.py: 26
characters for a title, 25 below it); tests/test_text_fit.py renders each screen and fails on a
line that would be cut.
"""
from hw import keys
from ui.persist import SLEEPS

DEVICE_ROWS = 4     # the device's rows come first in every settings screen; a game's follow


class Menu:
    """Rows chosen with up/down and A; B or Start goes back. pick(app, i) acts on row i. The
    rows never change while the menu is up, so nothing moves under the marker."""

    def __init__(self, title, rows, pick, item=0):
        self.title = title
        self.rows = rows
        self.pick = pick
        self.item = item

    def show(self, app):
        app.text.show([self.title] + list(self.rows), 1 + self.item)

    def key(self, app, k):
        if k == keys.UP or k == keys.DOWN:
            n = len(self.rows)
            self.item = (self.item + (1 if k == keys.DOWN else n - 1)) % n
            app.text.mark(1 + self.item)
        elif k == keys.A:
            self.pick(app, self.item)
        elif k == keys.B or k == keys.START:
            app.pop()


class Options:
    """Settings: up/down choose a row, left/right change it, B goes back. rows(app) gives the
    (label, value) pairs; change(app, i, step) changes row i by +1 or -1. A change takes
    effect at once and is saved as the screen closes (app.save_now()), in one write however
    many steps it took: each write erases the whole save block."""

    def __init__(self, title, rows, change):
        self.title = title
        self.rows = rows
        self.change = change
        self.item = 0
        self.unsaved = False        # a row changed since the screen opened

    def show(self, app):
        lines = [self.title]
        for label, value in self.rows(app):
            lines.append("%-13s%s" % (label, value))
        if len(lines) < 8:      # the ten lines hold seven rows without the blank one
            lines.append("")
        lines += ["Left/right: change", "B: back"]
        app.text.show(lines, 1 + self.item)

    def key(self, app, k):
        n = len(self.rows(app))
        if k == keys.UP or k == keys.DOWN:
            self.item = (self.item + (1 if k == keys.DOWN else n - 1)) % n
            app.text.mark(1 + self.item)
        elif k == keys.LEFT or k == keys.RIGHT or k == keys.A:
            self.change(app, self.item, -1 if k == keys.LEFT else 1)
            self.unsaved = True
            self.show(app)
        elif k == keys.B or k == keys.START:
            if self.unsaved:
                self.unsaved = False
                app.save_now()
            app.pop()


def help_pages(title, paragraphs):
    """The help screen (ui/pages.py): its code is loaded for it and leaves the heap with it."""
    from ui import forget
    from ui.pages import Pages
    forget("pages")
    return Pages(title, paragraphs)


class Notice:
    """Lines to read; any key goes back."""

    def __init__(self, lines):
        self.lines = lines

    def show(self, app):
        app.text.show(list(self.lines) + ["", "Any key: back"])

    def key(self, app, k):
        app.pop()


class Confirm:
    """A question: A answers yes (yes(app) runs), B keeps things as they are."""

    def __init__(self, lines, yes):
        self.lines = lines
        self.yes = yes

    def show(self, app):
        app.text.show(list(self.lines) + ["", "A: yes    B: no, go back"])

    def key(self, app, k):
        if k == keys.A:
            app.pop()
            self.yes(app)
        elif k == keys.B or k == keys.START:
            app.pop()


class NumberEntry:
    """A number typed digit by digit from empty: up/down change the last digit (held, they
    repeat), which is the one shown in brackets, right adds a digit (a 1 from empty, a 0
    after it), left takes one back, A
    accepts a number from lo to hi (else says why on one line), B cancels. describe(n) may add
    a line about the number so far. The entry stays under what accept() pushes (a question),
    so going back from there finds the number as it was typed."""

    def __init__(self, title, lo, hi, accept, describe=None):
        self.title = title
        self.lo = lo
        self.hi = hi
        self.accept = accept
        self.describe = describe
        self.digits = ""
        self.why = ""

    def value(self):
        return int(self.digits) if self.digits else 0

    def show(self, app):
        n = self.value()
        about = self.describe(n) if self.describe and self.lo <= n <= self.hi else ""
        d = self.digits or " "
        app.text.show((self.title, "", "     %s[%s]" % (d[:-1], d[-1]), about, self.why,
                       "Up/down: change [digit]", "Right: add a digit", "Left: delete",
                       "A: accept   B: cancel"))

    def key(self, app, k):
        d = self.digits
        self.why = ""
        if k == keys.UP or k == keys.DOWN:
            last = int(d[-1]) if d else 0
            last = (last + (1 if k == keys.UP else 9)) % 10
            if not d and last == 0:
                last = 1 if k == keys.UP else 9
            self.digits = d[:-1] + str(last)
        elif k == keys.RIGHT:         # from empty the first digit, 1: a number has no leading 0
            if len(d) < len(str(self.hi)):
                self.digits = d + "0" if d else "1"
        elif k == keys.LEFT:
            self.digits = d[:-1]
        elif k == keys.A:
            n = self.value()
            if self.lo <= n <= self.hi:
                self.accept(app, n)
                return
            self.why = "Only %d to %d, please" % (self.lo, self.hi)
        elif k == keys.B or k == keys.START:
            app.pop()
            return
        self.show(app)


# -- the device's settings, the same from the chooser and from every game -----------------
def device_rows(app):
    s = app.settings
    return (("Sound", "on" if s.sound else "off"),
            ("Brightness", "%d of 5" % s.brightness),
            ("Lights", "on" if s.lights else "off"),
            # after how many minutes with no key the screen dims, then goes dark
            ("Dim, off", "%d, %d min" % (SLEEPS[2 * s.sleep], SLEEPS[2 * s.sleep + 1])
             if SLEEPS[2 * s.sleep] else "never"))


def device_change(app, i, step):
    s = app.settings
    if i == 3:
        s.sleep = (s.sleep + step) % (len(SLEEPS) // 2)
        s.idle(app.hw)
    elif i == 0:
        s.sound = not s.sound
        app.hw.sound.muted = not s.sound
    elif i == 1:
        s.brightness = 1 + (s.brightness - 1 + step) % 5
        app.hw.set_brightness(s.brightness / 5)
    elif i == 2:
        s.lights = not s.lights
        if not s.lights:
            app.hw.lights.fill(0)
            app.hw.lights.show()


def device_settings():
    return Options("Settings", device_rows, device_change)
