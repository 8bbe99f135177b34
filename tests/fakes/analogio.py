"""Fake `analogio`: AnalogIn with a value tests set (0..65535, resting at the centre)."""

inputs = {}     # pin name -> AnalogIn, so a test can move the PyGamer's stick


class AnalogIn:
    def __init__(self, pin):
        self.pin = pin
        self.value = 32768
        self.reference_voltage = 3.3
        inputs[pin.name] = self
