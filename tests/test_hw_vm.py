"""The PyBadge and PyGamer backends and the save slots under a real MicroPython VM, with the
fake board modules on its path: the dialect runs, not just compiles, and polling keys
allocates nothing on the heap."""
import pytest

from tests import mpvm

pytestmark = pytest.mark.vm

# gc.collect() only at module level and gc.mem_alloc() through a plain function: the WASI
# build's quirks described in tests/mpvm.py.
SCRIPT = """
import gc
sys.path.insert(0, '/input/tests/fakes')


def heap():
    return gc.mem_alloc()


import board
import keypad
import analogio
import supervisor
import microcontroller
board.setup('pybadge', True, True)
from hw import keys, pybadge
hw = pybadge.Hardware()
sr = keypad.instances[-1]
print('RES name', hw.name, hw.lights.count)

# Every global exists before the measured loops: a first assignment grows the globals dict.
i = k = got = before = 0
for n in (6, 7, 1):
    sr.inject(n, True)
    sr.inject(n, False)
gc.collect()
before = heap()
while i < 2000:
    supervisor.ticks += 7
    k = hw.keys.poll()
    if k != keys.NONE:
        got += 1
    i += 1
print('FIG pybadge_poll_bytes', heap() - before)
print('RES pybadge_keys', got)

board.setup('pygamer', True, True)
from hw import pygamer
gamer = pygamer.Hardware()
stick = analogio.inputs['JOYSTICK_X']
i = got = 0
gc.collect()
before = heap()
while i < 2000:
    supervisor.ticks += 7
    stick.value = 0 if (i // 500) % 2 else 32768
    k = gamer.keys.poll()
    if k != keys.NONE:
        got += 1
    i += 1
print('FIG pygamer_poll_bytes', heap() - before)
print('RES pygamer_keys', got)

from hw.storage import OLDER, SlotStore, Records


class Cut(Exception):
    pass


class CuttingNvm:
    # microcontroller.nvm behind the board's store, cut after `budget` bytes of a write
    def __init__(self):
        self.size = 512
        self.data = bytearray(512)
        self.budget = -1

    def read(self, offset, n):
        return self.data[offset:offset + n]

    def write(self, offset, data):
        if self.budget >= 0:
            self.data[offset:offset + self.budget] = data[:self.budget]
            raise Cut()
        self.data[offset:offset + len(data)] = data


r = Records()
r.put(1, b'settings')
r.put(3, bytes(range(40)))
first = r.pack()
second = bytes(range(100, 150))
bad = 0
for k in range(len(second) + 8):
    raw = CuttingNvm()
    s = SlotStore(raw)
    s.save(first)
    raw.budget = k
    try:
        s.save(second)
    except Cut:
        pass
    payload, notice = SlotStore(raw).load()
    # the previous save, and once the cut save's header is out, word that an older one loaded
    if payload != first or notice not in (None, OLDER) or k >= 4 and notice != OLDER:
        bad += 1
print('RES cuts', len(second) + 8, 'bad', bad)
print('RES records', Records(first).get(3) == bytes(range(40)))
nvm_store = hw.storage
SlotStore(nvm_store).save(b'on the board')
print('RES nvm', SlotStore(nvm_store).load())
"""


@pytest.fixture(scope="module")
def out():
    return mpvm.run(SCRIPT, seconds=120)


def test_backends_build_and_read_keys_under_micropython(out):
    res = mpvm.results(out)
    assert "RES name pybadge 5" in res
    assert "RES pybadge_keys 3" in res
    assert "RES pygamer_keys" in " ".join(res)
    pygamer = [r for r in res if r.startswith("RES pygamer_keys")][0]
    assert int(pygamer.split()[2]) > 2          # presses plus repeats while held


def test_polling_keys_allocates_nothing_under_micropython(out):
    # The heap may shrink as the fake's event list gives back room; it must never grow.
    figs = mpvm.figures(out)
    assert figs["pybadge_poll_bytes"] <= 0
    assert figs["pygamer_poll_bytes"] <= 0


def test_power_cuts_and_records_under_micropython(out):
    res = mpvm.results(out)
    assert "RES cuts 58 bad 0" in res
    assert "RES records True" in res
    assert "RES nvm (b'on the board', None)" in res
