"""What the app keeps across power-off: settings, statistics and the game in progress.

Each is one record in the hw save slots; the records are tiny fixed layouts so a save is
one short write, and an unreadable record falls back to its defaults.
"""
from engine.crc import crc16
from hw.storage import Records, SlotStore

try:
    from micropython import const
except ImportError:
    const = int

TAG_SETTINGS = const(1)    # the device's settings and every patience's options (Settings)
TAG_STATS = const(2)
TAG_GAME = const(3)        # Black Hole in progress; options bits 0, 5, 6 are its own
TAG_YOYO = const(4)        # Yo-yo (Parlett) in progress
TAG_AMIGO = const(5)       # YoYo (Amigo) match in progress
TAG_CHOICE = const(6)      # where power-on starts: (game, 1 in it or 0 at the chooser)
TAG_YOYO_SETUP = const(7)  # Yo-yo seats and results, layout owned by ui/yoyo_parlett/table.py
TAG_AMIGO_SETUP = const(8)  # YoYo seats, names and results, layout owned by ui/yoyo_amigo/table.py
TAG_CALC = const(9)        # Calculation in progress; options bits 1, 2
TAG_CALC_STATS = const(10)  # Calculation's statistics
TAG_BB = const(11)         # Big Ben in progress; options bits 3, 4
TAG_BB_STATS = const(12)   # Big Ben's statistics
# tags 13 (Yo-yo) and 14 (YoYo): each person's record against the CPU, ui/seated/records.py
# A new game takes the next tags (15 up, below PLACE) and its options the next bits (7 up),
# each bit named in its table (ui/patience/table.py SWITCHES); neither number is ever reused.
BAD_DATA = "Some saved data was bad."
PLACE = const(0x80)        # | a patience's game tag: where its cursor was (ui/patience/app.py)
_OPTIONS = const(2)        # at first: Calculation's auto-play (its turned card has one home
                           # far more often than Black Hole has one fan)
# Settings.sleep: minutes with no key before the screen dims, then goes dark, in pairs;
# 0 never (hw/base.py Hardware.poll)
SLEEPS = b"\x01\x05\x02\x0a\x05\x0f\x00\x00"


class Settings:
    def __init__(self):
        self.sound = True
        self.brightness = 4        # 1..5
        self.lights = True
        self.sleep = 0              # when the screen dims and goes dark: a pair in SLEEPS
        self.options = _OPTIONS     # every patience's on/off options, one bit each (above)

    def idle(self, hw):
        """Tell the hardware when the screen dims and goes dark."""
        i = 2 * self.sleep
        hw.dim_ms = SLEEPS[i] * 60000
        hw.dark_ms = SLEEPS[i + 1] * 60000

    def pack(self):
        o = self.options
        return bytes((6, self.sound, self.brightness, self.lights, self.sleep, o & 255, o >> 8))

    def unpack(self, data):
        # Format 6 holds the options in two bytes. Formats 1-5 held Black Hole's two choices
        # a byte each, then a byte of auto-play bits (format 3 on) and one of deal choices
        # (format 4 on), the sleep pair last (format 5): the bits were numbered so that
        # those bytes load as the same options.
        n = len(data) if data else 0
        f = data[0] if n else 0
        if not (f == 6 and n == 7 or 0 < f < 6 and n == f + 4) or not 1 <= data[2] <= 5:
            return False
        if f == 6:
            sleep = data[4]
            o = data[5] | data[6] << 8
        else:
            sleep = data[8] if n > 8 else 0
            o = (data[6] if n > 6 else _OPTIONS) | (data[7] if n > 7 else 0) << 2 | \
                (data[4] != 0) << 5 | (n > 5 and data[5] != 0) << 6
        if 2 * sleep >= len(SLEEPS):
            return False
        self.sound = bool(data[1])
        self.brightness = data[2]
        self.lights = bool(data[3])
        self.sleep = sleep
        self.options = o
        return True


class Persist:
    def __init__(self, storage):
        self._slots = SlotStore(storage)
        self.records = Records()
        self.notice = None
        self._key = -1          # length and CRC of what the newest slot holds, -1 unknown

    def load(self, settings):
        """Fill settings; every game's records stay here for get()."""
        payload, self.notice = self._slots.load()
        # after a notice the first commit writes even an unchanged payload: a good save again
        self._key = _key(payload) if payload is not None and self.notice is None else -1
        self.records = Records(payload)
        data = self.records.get(TAG_SETTINGS)
        if data is not None and not settings.unpack(data) and self.notice is None:
            self.notice = BAD_DATA

    def get(self, tag):
        """A record loaded by load(), or None."""
        return self.records.get(tag)

    def put(self, tag, data):
        """Change a record in memory; commit() writes it."""
        self.records.put(tag, data)

    def commit(self, settings):
        """One write of every record, settings included: other games' records ride along.
        Nothing is written when that is what the store already holds (each write erases the
        whole save block: flash wears); True when it wrote."""
        self.records.put(TAG_SETTINGS, settings.pack())
        payload = self.records.pack()
        key = _key(payload)
        if key == self._key:
            return False
        self._slots.save(payload)
        self._key = key
        return True


def _key(payload):
    # Length and CRC stand for the payload: no copy kept in RAM, nothing allocated. Two saves
    # of one length with one CRC (1 in 65,536) would skip a write until the next change.
    # Another polynomial than the records': a record that ends with its own CRC-16/CCITT
    # leaves a CCITT CRC over it the same whatever the record holds.
    return len(payload) << 16 | crc16(payload, 0xFFFF, 0, len(payload), 0x8005)
