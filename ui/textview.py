"""A page of text lines with a movable marker: menus, help, settings, statistics, dialogs.

Labels are created once; a line's bitmap is rebuilt only when its words change, which
happens when a screen opens or a value is edited, never per frame.
"""
import displayio
import terminalio
from adafruit_display_text import bitmap_label

from hw import keys

try:
    from micropython import const
except ImportError:
    const = int

LINES = const(10)
LINE_H = const(12)
TITLE_COLOUR = 0xFFD800
TEXT_COLOUR = 0xFFFFFF
LINE_CHARS = const(26)


class TextView:
    def __init__(self):
        self.group = displayio.Group()
        self._labels = []
        self._texts = []
        for i in range(LINES):
            lab = bitmap_label.Label(terminalio.FONT, text=" ",
                                     color=TITLE_COLOUR if i == 0 else TEXT_COLOUR,
                                     x=8 if i else 2, y=6 + i * LINE_H)
            self._labels.append(lab)
            self._texts.append(" ")
            self.group.append(lab)
        self._marker = bitmap_label.Label(terminalio.FONT, text=">", color=TITLE_COLOUR, x=1, y=6)
        self._marker.hidden = True
        self.group.append(self._marker)

    def show(self, lines, marker=-1):
        """lines[0] is the title; marker is a line number or -1 for none."""
        for i in range(LINES):
            text = lines[i] if i < len(lines) else ""
            self.set_line(i, text)
        self.mark(marker)

    def set_line(self, i, text):
        text = text[:LINE_CHARS] or " "
        if self._texts[i] != text:
            self._texts[i] = text
            self._labels[i].text = text

    def mark(self, line):
        self._marker.hidden = line < 0
        if line >= 0:
            self._marker.y = 6 + line * LINE_H


def turn_page(page, k, count):
    """Help pages: right, down or A turn forward, left or up back (both wrap); any other key
    leaves, which is -1."""
    if k == keys.RIGHT or k == keys.DOWN or k == keys.A:
        return (page + 1) % count
    if k == keys.LEFT or k == keys.UP:
        return (page - 1) % count
    return -1
