"""What the PyBadge family and the PyGamer share: display, NVM, clock, speaker, NeoPixels
and the shift-register buttons read through keypad with one reused Event."""
import array
import time

import audiocore
import audioio
import board
import digitalio
import keypad
import microcontroller
import neopixel
import supervisor

from hw import base

_WAVE_SAMPLES = 16


class NvmStore:
    """microcontroller.nvm as the raw store behind hw.storage."""

    def __init__(self):
        self.size = len(microcontroller.nvm)

    def read(self, offset, n):
        return microcontroller.nvm[offset:offset + n]

    def write(self, offset, data):
        # One slice assignment: every nvm write erases and reprograms flash, so a save is
        # one write, never a loop of small ones.
        microcontroller.nvm[offset:offset + len(data)] = data


class TicksClock:
    def ms(self):
        return supervisor.ticks_ms()


class Speaker(base.Silent):
    """Beeps from one preallocated square-wave cycle whose sample rate sets the pitch; the
    amplifier is on only while a tone sounds, so the speaker stays quiet otherwise."""

    def __init__(self):
        super().__init__()
        wave = array.array("H", [0xC000] * (_WAVE_SAMPLES // 2) + [0x4000] * (_WAVE_SAMPLES // 2))
        self._sample = audiocore.RawSample(wave, sample_rate=8000)
        self._out = audioio.AudioOut(board.SPEAKER)
        self._enable = digitalio.DigitalInOut(board.SPEAKER_ENABLE)
        self._enable.switch_to_output(value=False)

    def beep(self, hz, ms):
        """Blocks for ms: tones here are short, and blocking keeps them free of timers."""
        if self.muted:
            return
        self._sample.sample_rate = hz * _WAVE_SAMPLES
        self._enable.value = True
        self._out.play(self._sample, loop=True)
        time.sleep(ms / 1000)
        self._out.stop()
        self._enable.value = False


class Pixels:
    """The NeoPixel strip under the screen; colours are 0xRRGGBB ints."""

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
    """Buttons on the shift register. Their key numbers are hw.keys codes already."""

    def __init__(self, clock, count):
        self._keys = keypad.ShiftRegisterKeys(
            clock=board.BUTTON_CLOCK, data=board.BUTTON_OUT, latch=board.BUTTON_LATCH,
            key_count=count, value_when_pressed=True)
        self._event = keypad.Event()    # filled in place by get_into: polling allocates nothing
        self.repeat = base.Repeater(clock)

    def poll(self):
        while self._keys.events.get_into(self._event):
            if self._event.pressed:
                return self.repeat.pressed(self._event.key_number)
            self.repeat.released(self._event.key_number)
        return self.repeat.poll()


class BoardHardware(base.Hardware):
    def __init__(self, name, make_keys, pixels):
        display = board.DISPLAY
        display.auto_refresh = False    # the app refreshes once a move is drawn
        clock = TicksClock()
        super().__init__(name, display, make_keys(clock), Speaker(), Pixels(pixels),
                         NvmStore(), clock)
