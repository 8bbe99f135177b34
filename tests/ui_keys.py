"""Driving an app on the stub backend as a player would: power it on, press keys."""
from hw import stub
from ui.persist import Persist, Settings


def boot(app_class, storage=None, seed=5, lights=5):
    """A board powered on: the launcher's Persist and Settings, then the game's app."""
    hw = stub.Hardware(storage=storage, lights=lights)
    settings = Settings()
    persist = Persist(hw.storage)
    persist.load(settings)
    app = app_class(hw, seed, persist, settings)
    app.step()
    return hw, app


def press(hw, app, *ks):
    """Each key, then one pass of the app's main loop."""
    for k in ks:
        hw.keys.press(k)
        app.step()
