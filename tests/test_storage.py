"""Two-slot saves: round trips, alternation, sequence wrap, damage and foreign data, power
cuts at every byte, and the record container."""
import pytest

from engine.crc import crc16
from hw.storage import DAMAGED, Records, SlotStore
from hw.stores import FileStore, MemoryStore


class PowerCut(Exception):
    pass


class CuttingStore(MemoryStore):
    """Writes only the first `budget` bytes of the next write, then loses power."""

    def __init__(self, size=512):
        super().__init__(size)
        self.budget = -1
        self.writes = 0

    def write(self, offset, data):
        self.writes += 1
        if self.budget >= 0:
            super().write(offset, data[:self.budget])
            raise PowerCut()
        super().write(offset, data)


def test_round_trip_and_one_write_per_save():
    raw = CuttingStore()
    s = SlotStore(raw)
    assert s.load() == (None, None)
    s.save(b"hello")
    assert raw.writes == 1
    assert SlotStore(raw).load() == (b"hello", None)
    s.save(b"")
    assert SlotStore(raw).load() == (b"", None)


def test_saves_alternate_between_the_halves():
    raw = MemoryStore(256)
    s = SlotStore(raw)
    s.load()
    s.save(b"one")
    s.save(b"two")
    assert raw.read(6, 3) == b"one" and raw.read(128 + 6, 3) == b"two"
    s.save(b"three")
    assert raw.read(6, 5) == b"three" and raw.read(128 + 6, 3) == b"two"


def test_the_newest_wins_across_the_sequence_wrap():
    raw = MemoryStore(256)
    s = SlotStore(raw)
    s.load()
    s._seq = 0xFFFD
    for i in range(6):
        s.save(bytes([i]) * 10)
        assert SlotStore(raw).load() == (bytes([i]) * 10, None), i


def test_a_store_that_saves_before_loading_keeps_the_newest_save():
    raw = CuttingStore()
    SlotStore(raw).save(b"first")
    SlotStore(raw).save(b"second")                # a fresh object must not reuse slot 0...
    raw.budget = 3
    with pytest.raises(PowerCut):
        SlotStore(raw).save(b"third")             # ...so this cut hits the older slot
    assert SlotStore(raw).load() == (b"second", None)


@pytest.mark.parametrize("fill", [0x00, 0xFF])
def test_a_blank_store_is_quiet(fill):
    raw = MemoryStore(256)
    raw.write(0, bytes([fill]) * 256)
    assert SlotStore(raw).load() == (None, None)


def test_foreign_data_gets_a_notice_and_the_next_save_replaces_it():
    raw = MemoryStore(256)
    raw.write(0, b"settings from some other program")
    s = SlotStore(raw)
    assert s.load() == (None, DAMAGED)
    s.save(b"ours")
    assert SlotStore(raw).load() == (b"ours", None)


def test_every_flipped_bit_is_caught():
    raw = MemoryStore(256)
    s = SlotStore(raw)
    s.save(b"payload!")
    good = raw.read(0, 256)
    for i in range(8 + 8):                        # header, payload and CRC of slot 0
        for bit in range(8):
            damaged = bytearray(good)
            damaged[i] ^= 1 << bit
            raw.write(0, damaged)
            assert SlotStore(raw).load() == (None, DAMAGED), (i, bit)


def test_one_damaged_slot_falls_back_to_the_other_quietly():
    raw = MemoryStore(256)
    s = SlotStore(raw)
    s.save(b"older")
    s.save(b"newer")
    raw.write(128 + 7, b"X")                      # inside the newer save's payload
    assert SlotStore(raw).load() == (b"older", None)


def test_a_length_past_the_slot_is_not_trusted():
    raw = MemoryStore(64)
    head = bytearray(b"PP\x00\x01\xff\xff")
    c = crc16(head)
    raw.write(0, bytes(head) + bytes((c >> 8, c & 0xFF)))
    assert SlotStore(raw).load() == (None, DAMAGED)


@pytest.mark.parametrize("already", [1, 2, 3])
def test_a_power_cut_at_any_byte_keeps_the_previous_save(already):
    # already = 1, 2, 3 puts the previous save in slot 0, 1, 0, so cuts hit both slots,
    # and with 3 the slot being cut still holds an older good save.
    first = bytes(range(60))
    second = bytes(range(100, 180))
    for k in range(len(second) + 8):
        raw = CuttingStore()
        s = SlotStore(raw)
        for i in range(already):
            s.save(bytes([i]) * 30 if i < already - 1 else first)
        raw.budget = k
        with pytest.raises(PowerCut):
            s.save(second)
        assert SlotStore(raw).load() == (first, None), k


def test_a_cut_save_can_be_retried():
    raw = CuttingStore()
    s = SlotStore(raw)
    s.save(b"kept")
    raw.budget = 5
    with pytest.raises(PowerCut):
        s.save(b"lost")
    raw.budget = -1
    s.save(b"retried")
    assert SlotStore(raw).load() == (b"retried", None)
    s.save(b"after")
    assert SlotStore(raw).load() == (b"after", None)


def test_oversized_save_is_refused():
    with pytest.raises(ValueError, match="slot holds"):
        SlotStore(MemoryStore(64)).save(bytes(100))


def test_file_store_keeps_saves_across_runs(tmp_path):
    path = str(tmp_path / "deep" / "nvm.bin")
    SlotStore(FileStore(path)).save(b"on disk")
    assert SlotStore(FileStore(path)).load() == (b"on disk", None)
    assert (tmp_path / "deep" / "nvm.bin").stat().st_size == 8192


def test_records_round_trip_in_tag_order():
    r = Records()
    r.put(3, b"game")
    r.put(1, b"\x01\x02")
    r.put(2, b"")
    packed = r.pack()
    assert packed == b"\x01\x00\x02\x01\x02" + b"\x02\x00\x00" + b"\x03\x00\x04game"
    again = Records(packed)
    assert (again.get(1), again.get(2), again.get(3), again.get(4)) == \
        (b"\x01\x02", b"", b"game", None)


def test_records_keep_unknown_tags_and_ignore_a_torn_tail():
    r = Records()
    r.put(1, b"abc")
    r.put(200, b"future")
    older_app = Records(r.pack() + b"\x05\x00")
    older_app.put(1, b"new")
    assert older_app.get(200) == b"future" and older_app.get(5) is None
    assert Records(older_app.pack()).get(200) == b"future"


def test_records_through_the_slots():
    raw = MemoryStore()
    r = Records()
    r.put(1, b"settings")
    r.put(2, bytes(300))
    SlotStore(raw).save(r.pack())
    payload, notice = SlotStore(raw).load()
    assert notice is None and Records(payload).get(2) == bytes(300)
