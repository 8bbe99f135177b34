"""A win: a fanfare with a chase of colours round the NeoPixels, one step a note. A note
blocks for its length on the board, so the chase keeps the fanfare's time without a timer;
with the sound off the notes take no time and only the last colours show, briefly. Loaded
only for a win (ui/patience/app.py celebrate), so it costs the heap nothing during play."""

NOTES = ((523, 90), (659, 90), (784, 90), (1047, 120), (784, 90), (1047, 260))
RGB = (0xFF2000, 0xFFB000, 0x00FF40, 0x0080FF, 0xB000FF)


def play(hw, lights_on):
    lights = hw.lights
    n = lights.count if lights_on else 0
    for step in range(len(NOTES)):
        for i in range(n):
            lights.set(i, RGB[(i + step) % len(RGB)])
        if n:
            lights.show()
        hw.sound.beep(NOTES[step][0], NOTES[step][1])
    if n:                       # the table's own lights (if any) come back after this
        lights.fill(0)
        lights.show()
