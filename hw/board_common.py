"""What the PyBadge family and the PyGamer share: display, NVM, clock, speaker, NeoPixels
and the shift-register buttons read through keypad with one reused Event."""
import array

import audiocore
import audioio
import board
import digitalio
import keypad
import microcontroller
import neopixel
import supervisor

from hw.repeat import Repeater

_WAVE_SAMPLES = 16


class NvmStore:
    def __init__(self):
        self.size = len(microcontroller.nvm)

    def read(self, offset, n):
        return microcontroller.nvm[offset:offset + n]

    def write(self, offset, data):
        # One slice assignment: NVM writes go to flash, so a save is a single write.
        microcontroller.nvm[offset:offset + len(data)] = data


class TicksClock:
    def ms(self):
        return supervisor.ticks_ms()


class Speaker:
    """Beeps from one preallocated square-wave cycle whose sample rate sets the pitch."""

    def __init__(self):
        self.muted = False
        wave = array.array("H", [0] * _WAVE_SAMPLES)
        for i in range(_WAVE_SAMPLES // 2):
            wave[i] = 0xC000
            wave[i + _WAVE_SAMPLES // 2] = 0x4000
        self._sample = audiocore.RawSample(wave, sample_rate=8000)
        self._out = audioio.AudioOut(board.SPEAKER)
        self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._enable.switch_to_output(value=False)

    def beep(self, hz, ms):
        if self.muted:
            return
        import time
        self._sample.sample_rate = hz * _WAVE_SAMPLES
        self._enable.value = True      # amplifier on only while sounding
        self._out.play(self._sample, loop=True)
        time.sleep(ms / 1000)
        self._out.stop()
        self._enable.value = False

    def play(self, notes):
        for hz, ms in notes:
            self.beep(hz, ms)


class Pixels:
    def __init__(self, count):
        self.count = count
        self._np = neopixel.NeoPixel(board.NEOPIXEL, count, brightness=0.1, auto_write=False)

    @property
    def brightness(self):
        return self._np.brightness

    @brightness.setter
    def brightness(self, value):
        self._np.brightness = value

    def set(self, i, rgb):
        self._np[i] = rgb

    def fill(self, rgb):
        self._np.fill(rgb)

    def show(self):
        self._np.show()


class ShiftKeys:
    """Buttons on the shift register; key numbers are hw.keys codes already."""

    def __init__(self, clock, count):
        self._keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=count, value_when_pressed=True)
        self._event = keypad.Event()
        self.repeat = Repeater(clock)

    def poll(self):
        while self._keys.events.get_into(self._event):
            if self._event.pressed:
                return self.repeat.pressed(self._event.key_number)
            self.repeat.released(self._event.key_number)
        return self.repeat.poll()


class BoardHardware:
    name = "board"

    def __init__(self, keys, pixels=5):
        self.display = board.DISPLAY
        self.display.auto_refresh = False
        self.clock = TicksClock()
        self.keys = keys(self.clock)
        self.sound = Speaker()
        self.lights = Pixels(pixels)
        self.storage = NvmStore()

    def set_brightness(self, value):
        self.display.brightness = value
