"""Saves that survive a power cut: two slots, a sequence number and a CRC in each.

The raw store (microcontroller.nvm, a file, or a test buffer: .size, .read(offset, n),
.write(offset, data)) is split into two halves. A save goes, in one write, to the half not
holding the newest good save, so a write cut short can only damage the slot being written
and the previous save still loads.
Slot layout: magic 'PP', sequence (2 bytes, wraps), length (2), payload, CRC16 (2), all
big-endian; the CRC covers everything before it.

What the slots guard against is a torn write: the first k bytes of a save written, the rest
not. On the SAMD51 boards CircuitPython's nvm write erases the whole 8 KB flash block holding
both slots, then programs its sixteen 512-byte pages in address order, so a cut after that
erase and before the lower slot's pages are programmed again loses both (README, "What a
power cut costs"). Slot 0 starts at the block's first page, so a save comes back with the
first page or two: no layout inside one block makes the window shorter than the erase.

What load() says: nothing when the newest save loads or the store is blank (a new board);
DAMAGED when there is data but no good save; OLDER when a good save loads but the other slot
holds data that is not the save before it, so a newer save was there and is lost.
"""
from engine.crc import crc16

try:
    from micropython import const
except ImportError:
    const = int

_MAGIC0 = const(0x50)   # 'P'
_MAGIC1 = const(0x50)
_OVERHEAD = const(8)

DAMAGED = "Save damaged: fresh start"     # a message row: 25 characters at most
OLDER = "Save damaged: older one"


def _newer(a, b):
    """Sequence a is newer than b, with 16-bit wrap-around."""
    return 0 < ((a - b) & 0xFFFF) < 0x8000


class SlotStore:
    def __init__(self, raw):
        self.raw = raw
        self.half = raw.size // 2
        self._seq = 0
        self._slot = -1         # the slot holding the newest good save; -1 before a load
        self._wipe = False      # the next save also blanks slot 1's header

    def _read_slot(self, i):
        """(sequence, payload) of slot i, or None when it holds no good save."""
        base = i * self.half
        head = self.raw.read(base, 6)
        if head[0] != _MAGIC0 or head[1] != _MAGIC1:
            return None
        n = (head[4] << 8) | head[5]
        if n > self.half - _OVERHEAD:
            return None
        data = self.raw.read(base, n + _OVERHEAD)
        end = 6 + n
        if crc16(data, 0xFFFF, 0, end) != (data[end] << 8) | data[end + 1]:
            return None
        return (head[2] << 8) | head[3], bytes(data[6:end])

    def load(self):
        """(payload, notice): payload None when nothing good is stored; notice says why
        when there was data but none of it could be trusted, or when an older save loads
        because the newest is damaged."""
        a = self._read_slot(0)
        b = self._read_slot(1)
        heads = (self.raw.read(0, 8), self.raw.read(self.half, 8))
        blank = (bytes(8), b"\xff" * 8)        # never written, or erased
        if a and b:
            best = 0 if _newer(a[0], b[0]) else 1
        elif a or b:
            best = 0 if a else 1
        else:
            self._slot = 1      # the next save goes to slot 0
            if heads[0] in blank and heads[1] in blank:
                return None, None
            # ...and blanks slot 1, whose leftovers would read as a newer save lost
            self._wipe = True
            return None, DAMAGED
        seq, payload = (a, b)[best]
        self._seq = seq
        self._slot = best
        head = heads[1 - best]
        # Saves alternate, so the other slot holds the save before this one (seq - 1):
        # damage to that costs nothing. Anything else there was a newer save, now lost.
        if a and b or head in blank or head[0] == _MAGIC0 and head[1] == _MAGIC1 and \
                (head[2] << 8) | head[3] == (seq - 1) & 0xFFFF:
            return payload, None
        return payload, OLDER

    def save(self, payload):
        """Write payload to the slot not holding the newest save, in one write."""
        if self._slot < 0:
            self.load()     # never overwrite a save this object has not seen
        if len(payload) > self.half - _OVERHEAD:
            raise ValueError("save is %d bytes, a slot holds %d" % (len(payload),
                                                                    self.half - _OVERHEAD))
        seq = (self._seq + 1) & 0xFFFF
        # One write, however long: on a board every nvm write costs the same erase. Bytes
        # past the CRC stay zero, which reads as blank.
        out = bytearray(self.half + 8 if self._wipe else len(payload) + _OVERHEAD)
        out[0] = _MAGIC0
        out[1] = _MAGIC1
        out[2] = seq >> 8
        out[3] = seq & 0xFF
        out[4] = len(payload) >> 8
        out[5] = len(payload) & 0xFF
        out[6:6 + len(payload)] = payload
        end = 6 + len(payload)
        c = crc16(out, 0xFFFF, 0, end)
        out[end] = c >> 8
        out[end + 1] = c & 0xFF
        target = 1 - self._slot
        self.raw.write(target * self.half, out)
        self._seq = seq
        self._slot = target
        self._wipe = False


class Records:
    """Tagged byte records in one payload: tag (1), length (2), bytes. Unknown tags are kept,
    so a newer app's records survive an older one."""

    def __init__(self, payload=None):
        self._items = {}
        if not payload:
            return
        i = 0
        while i + 3 <= len(payload):
            n = (payload[i + 1] << 8) | payload[i + 2]
            if i + 3 + n > len(payload):
                break
            self._items[payload[i]] = bytes(payload[i + 3:i + 3 + n])
            i += 3 + n

    def get(self, tag):
        return self._items.get(tag)

    def put(self, tag, data):
        self._items[tag] = bytes(data)

    def pack(self):
        out = bytearray()
        for tag in sorted(self._items):
            data = self._items[tag]
            out.append(tag)
            out.append(len(data) >> 8)
            out.append(len(data) & 0xFF)
            out.extend(data)
        return bytes(out)
