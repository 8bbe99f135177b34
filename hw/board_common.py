"""What the PyBadge family and the PyGamer share: display, NVM, clock, speaker, NeoPixels
and the shift-register buttons read through keypad with one reused Event.

Every module imported here is built into the boards' CircuitPython firmware (9.2 and 10.x):
the NeoPixels are driven through `neopixel_write`, not the `neopixel` library, which the
firmware does not have."""
import array
import time

import audiocore
import audioio
import board
import digitalio
import keypad
import microcontroller
import neopixel_write
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
    """The NeoPixel strip under the screen; colours are 0xRRGGBB ints.

    Colours are kept at full strength in one bytearray in the strip's GRB order; show()
    scales them by the brightness into a second preallocated bytearray and writes it with
    the built-in neopixel_write. Integer arithmetic only, so show() allocates nothing."""

    def __init__(self, count):
        self.count = count
        self._pin = digitalio.DigitalInOut(board.NEOPIXEL)
        self._pin.direction = digitalio.Direction.OUTPUT
        self._grb = bytearray(3 * count)     # full-strength colours
        self._out = bytearray(3 * count)     # what goes down the wire
        self._scale = 0
        self.brightness = 0.1

    @property
    def brightness(self):
        return self._scale / 256

    @brightness.setter
    def brightness(self, value):
        self._scale = int(min(1.0, max(0.0, value)) * 256)

    def set(self, i, rgb):
        j = 3 * i
        g = self._grb
        g[j] = (rgb >> 8) & 0xFF
        g[j + 1] = (rgb >> 16) & 0xFF
        g[j + 2] = rgb & 0xFF

    def fill(self, rgb):
        for i in range(self.count):
            self.set(i, rgb)

    def show(self):
        grb = self._grb
        out = self._out
        scale = self._scale
        for j in range(len(grb)):
            out[j] = (grb[j] * scale) >> 8
        neopixel_write.neopixel_write(self._pin, out)


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

    def restart(self):
        # The firmware ends the program at its next check and runs code.py again on a new
        # heap; the display shows its terminal until the next program draws.
        supervisor.reload()
