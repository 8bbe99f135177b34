"""A patience's message row (the bottom line of its table), apart from ui/text.py so the seated
games, which word their rows themselves, do not carry it."""
from ui import text

try:
    from micropython import const
except ImportError:
    const = int

_SCREEN_CHARS = const(26)        # 160 px less a 2 px margin each side, at 6 px a character


class Message:
    """A table's message row (the bottom line of a patience's table), written only when the
    words change. said is what it shows; None while a hint's words were put there piece by
    piece (put(), with card chips), so the next words always replace them and the key guide
    never does; forget() sets None too, after a new deal, so the first words are written."""

    def __init__(self, group, x=2, y=116, rgb=0xFFFFFF):
        self.row = text.row(_SCREEN_CHARS, x, y, rgb)
        group.append(self.row)
        self.said = ""

    def say(self, words):
        """True if the words changed."""
        if words == self.said:
            return False
        self.said = words
        text.write(self.row, words)
        return True

    def start(self):
        """A blank row to put words on piece by piece."""
        self.say("")
        self.said = None

    def forget(self):
        self.said = None
