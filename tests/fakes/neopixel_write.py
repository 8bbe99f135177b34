"""Fake `neopixel_write`: neopixel_write(pin, buf) as the firmware has it built in; each call
is recorded as (pin, bytes of buf), so a test reads exactly what went down the wire."""

writes = []


def neopixel_write(digitalinout, buf):
    if digitalinout.direction != "OUTPUT":
        raise ValueError("pin must be an output")    # the real one drives the pin as it is
    if not isinstance(buf, (bytes, bytearray, memoryview)):
        raise TypeError("buf must be a buffer")
    writes.append((digitalinout, bytes(buf)))
