"""displayio screens. Reaches hardware only through the hw object handed in by code.py."""


def forget(name):
    """Drop module ui.<name>, loaded for one screen, so its code leaves the heap once nothing
    uses it."""
    import sys

    import ui
    del sys.modules["ui." + name]
    delattr(ui, name)
