"""Hardware abstraction: the only door from ui/ and code.py to the machine.

Every backend builds one `Hardware` object (see hw/base.py) with the same small surface:

    hw.name              "pybadge", "pybadge_lc", "pygamer", "desktop" or "stub"
    hw.display           displayio-style display: .root_group, .refresh(), .width 160, .height 128
    hw.set_brightness(x) 0.0..1.0 where the board can dim the backlight
    hw.keys.poll()       next key press (hw.keys codes) or keys.NONE; held D-pad repeats
    hw.sound.beep(hz, ms), hw.sound.play(notes), hw.sound.muted
    hw.lights.count, .fill(rgb), .set(i, rgb), .show(), .brightness   (count 0 = no lights)
    hw.storage           raw persistent bytes: .size, .read(offset, n), .write(offset, data)
    hw.clock.ms()        monotonic milliseconds (small int that wraps; compare with ticks_diff)

`detect()` picks the backend at start-up from the board id, falling back to the desktop.
"""
