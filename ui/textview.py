"""A page of text lines with a movable marker: menus, help, settings, statistics, dialogs.

Rows are created once (ui/text.py); new words change tile indices and allocate nothing.
"""
import displayio

from hw import keys
from ui import text

try:
    from micropython import const
except ImportError:
    const = int

LINES = const(10)
_LINE_H = const(12)
TITLE_COLOUR = 0xFFD800
TEXT_COLOUR = 0xFFFFFF
TITLE_CHARS = const(26)     # the title starts at x 2, the other lines at x 8, after the marker
LINE_CHARS = const(25)


def line_top(i):
    return 1 + i * _LINE_H


class TextView:
    def __init__(self):
        self.group = displayio.Group()
        self._rows = []
        self._texts = []
        for i in range(LINES):
            r = text.row(TITLE_CHARS if i == 0 else LINE_CHARS, 2 if i == 0 else 8, line_top(i),
                         TITLE_COLOUR if i == 0 else TEXT_COLOUR)
            self._rows.append(r)
            self._texts.append("")
            self.group.append(r)
        self._marker = text.row(1, 1, line_top(0), TITLE_COLOUR)
        text.write(self._marker, ">")
        self._marker.hidden = True
        self.marked = -1
        self.group.append(self._marker)

    def show(self, lines, marker=-1):
        """lines[0] is the title; marker is a line number or -1 for none."""
        for i in range(LINES):
            self.set_line(i, lines[i] if i < len(lines) else "")
        self.mark(marker)

    def set_line(self, i, words):
        if self._texts[i] != words:
            self._texts[i] = words
            text.write(self._rows[i], words)

    def lines(self):
        """The words on each line, as shown (tools and tests read the screen through this)."""
        return self._texts

    def mark(self, line):
        self.marked = line
        self._marker.hidden = line < 0
        if line >= 0:
            self._marker.y = line_top(line)


def turn_page(page, k, count):
    """Help pages: right, down or A turn forward, left or up back (both wrap); any other key
    leaves, which is -1."""
    if k == keys.RIGHT or k == keys.DOWN or k == keys.A:
        return (page + 1) % count
    if k == keys.LEFT or k == keys.UP:
        return (page - 1) % count
    return -1
