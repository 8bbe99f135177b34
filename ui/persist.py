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

TAG_SETTINGS = const(1)
TAG_STATS = const(2)
TAG_GAME = const(3)        # Black Hole in progress
TAG_YOYO = const(4)        # Yo-yo (Parlett) in progress
TAG_AMIGO = const(5)       # YoYo (Amigo) match in progress
TAG_CHOICE = const(6)      # where power-on starts: (game, 1 in it or 0 at the chooser)
TAG_YOYO_SETUP = const(7)  # Yo-yo seats and results, layout owned by ui/yoyo_parlett/table.py
TAG_AMIGO_SETUP = const(8)  # YoYo seats, names and results, layout owned by ui/yoyo_amigo/table.py
TAG_CALC = const(9)        # Calculation in progress
TAG_CALC_STATS = const(10)  # Calculation's statistics
TAG_BB = const(11)         # Big Ben in progress
TAG_BB_STATS = const(12)   # Big Ben's statistics
# tags 13 (Yo-yo) and 14 (YoYo): each person's record against the CPU, ui/seated/records.py
BAD_DATA = "Some saved data was bad."
PLACE = const(0x80)        # | a patience's game tag: where its cursor was (ui/patience/app.py)
AUTO_BH = const(1)         # Settings.autoplay bits
AUTO_CALC = const(2)
WIN_CALC = const(1)        # Settings.deals bits: new deals only from the game's atlas,
WIN_BB = const(2)
STRICT_BB = const(4)       # Big Ben's new deals under the strict readings
# Settings.sleep: minutes with no key before the screen dims, then goes dark, in pairs;
# 0 never (hw/base.py Hardware.poll)
SLEEPS = b"\x01\x05\x02\x0a\x05\x0f\x00\x00"


class Settings:
    def __init__(self):
        self.sound = True
        self.brightness = 4        # 1..5
        self.lights = True
        self.winnable_only = False  # new deals: only those the atlas marks winnable
        self.verdict = False        # the winnable? bar under the hole, kept up after moves
        # the patiences that play forced moves and finish a sure win, one bit each (AUTO_*):
        # Calculation's turned card has one home far more often than Black Hole has one fan
        self.autoplay = AUTO_CALC
        self.deals = 0              # Calculation's and Big Ben's deal choices (WIN_*, STRICT_BB)
        self.sleep = 0              # when the screen dims and goes dark: a pair in SLEEPS

    def idle(self, hw):
        """Tell the hardware when the screen dims and goes dark."""
        i = 2 * self.sleep
        hw.dim_ms = SLEEPS[i] * 60000
        hw.dark_ms = SLEEPS[i + 1] * 60000

    def pack(self):
        return bytes((5, self.sound, self.brightness, self.lights, self.winnable_only,
                      self.verdict, self.autoplay, self.deals, self.sleep))

    def unpack(self, data):
        # Format 1 had no verdict byte, format 2 no auto-play byte (the default, then), format
        # 3 no deals byte, format 4 no sleep byte; their records still load.
        if data is None or (data[0], len(data)) not in ((1, 5), (2, 6), (3, 7), (4, 8),
                                                        (5, 9)) or \
                not 1 <= data[2] <= 5 or len(data) > 8 and 2 * data[8] >= len(SLEEPS):
            return False
        self.sound = bool(data[1])
        self.brightness = data[2]
        self.lights = bool(data[3])
        self.winnable_only = bool(data[4])
        self.verdict = len(data) > 5 and bool(data[5])
        self.autoplay = data[6] if len(data) > 6 else AUTO_CALC
        self.deals = data[7] if len(data) > 7 else 0
        self.sleep = data[8] if len(data) > 8 else 0
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
