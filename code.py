"""Pocket Patience: the board's entry point. Finds the hardware and runs the app."""
import hw
from ui.app import App

App(hw.detect()).run()
