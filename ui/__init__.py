"""displayio screens. Reaches hardware only through the hw object handed in by code.py."""


def forget(name):
    """Drop module ui.<name> (a dotted name for a game's folder: "patience.menu"), loaded for
    one screen, so its code leaves the heap once nothing uses it."""
    import sys

    full = "ui." + name
    del sys.modules[full]
    at = full.rfind(".")
    delattr(sys.modules[full[:at]], full[at + 1:])
