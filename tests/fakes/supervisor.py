"""Fake `supervisor`: ticks_ms() returns `ticks`, which tests move by hand."""

ticks = 0


def ticks_ms():
    return ticks
