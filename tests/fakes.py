"""Stand-ins for CircuitPython's board modules, shaped like the real ones, for CPython tests.

install(monkeypatch, board_id) puts them in sys.modules (Blinka ships modules of the same
names, so they must be replaced, not merely shadowed on sys.path).
"""
import sys
import types


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.released = not pressed


class EventQueue:
    def __init__(self):
        self.pending = []

    def get_into(self, event):
        if not self.pending:
            return False
        number, pressed = self.pending.pop(0)
        event.key_number = number
        event.pressed = pressed
        event.released = not pressed
        return True


class ShiftRegisterKeys:
    instances = []

    def __init__(self, *, clock, data, latch, key_count, value_when_pressed,
                 interval=0.020, max_events=64):
        self.key_count = key_count
        self.events = EventQueue()
        ShiftRegisterKeys.instances.append(self)


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768


class NeoPixel(list):
    def __init__(self, pin, n, *, brightness=1.0, auto_write=True, pixel_order=None):
        super().__init__([(0, 0, 0)] * n)
        self.brightness = brightness
        self.auto_write = auto_write
        self.shows = 0

    def fill(self, colour):
        for i in range(len(self)):
            self[i] = colour

    def show(self):
        self.shows += 1


class DigitalInOut:
    def __init__(self, pin):
        self.pin = pin
        self.value = False

    def switch_to_output(self, value=False, drive_mode=None):
        self.value = value


class RawSample:
    def __init__(self, buffer, *, channel_count=1, sample_rate=8000):
        self.buffer = buffer
        self.sample_rate = sample_rate


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.played = []
        self.playing = False

    def play(self, sample, *, loop=False):
        self.played.append(sample.sample_rate)
        self.playing = True

    def stop(self):
        self.playing = False


class FakeDisplay:
    width = 160
    height = 128

    def __init__(self):
        self.root_group = None
        self.auto_refresh = True
        self.brightness = 1.0
        self.refreshes = 0

    def refresh(self, *, target_frames_per_second=None, minimum_frames_per_second=0):
        self.refreshes += 1
        return True


def _module(name, **attrs):
    m = types.ModuleType(name)
    for k, v in attrs.items():
        setattr(m, k, v)
    return m


def install(monkeypatch, board_id="pybadge"):
    pins = {p: p for p in ("BUTTON_CLOCK", "BUTTON_OUT", "BUTTON_LATCH", "SPEAKER",
                           "SPEAKER_ENABLE", "NEOPIXEL", "JOYSTICK_X", "JOYSTICK_Y", "LIGHT")}
    ShiftRegisterKeys.instances = []
    mods = {
        "board": _module("board", board_id=board_id, DISPLAY=FakeDisplay(), **pins),
        "keypad": _module("keypad", ShiftRegisterKeys=ShiftRegisterKeys, Event=Event,
                          EventQueue=EventQueue),
        "analogio": _module("analogio", AnalogIn=AnalogIn),
        "neopixel": _module("neopixel", NeoPixel=NeoPixel),
        "digitalio": _module("digitalio", DigitalInOut=DigitalInOut),
        "audioio": _module("audioio", AudioOut=AudioOut),
        "audiocore": _module("audiocore", RawSample=RawSample),
        "microcontroller": _module("microcontroller", nvm=bytearray(8192)),
        "supervisor": _module("supervisor", ticks_ms=lambda: fake_ticks[0]),
    }
    for name, mod in mods.items():
        monkeypatch.setitem(sys.modules, name, mod)
    for name in ("hw.board_common", "hw.pybadge", "hw.pygamer"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    return mods


fake_ticks = [0]
