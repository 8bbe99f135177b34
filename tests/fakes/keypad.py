"""Fake `keypad`: Event, EventQueue and ShiftRegisterKeys with CircuitPython's signatures.
Tests stand in for the scanner by calling inject() on the ShiftRegisterKeys."""
import supervisor

instances = []


class Event:
    def __init__(self, key_number=0, pressed=True):
        self.key_number = key_number
        self.pressed = pressed
        self.timestamp = 0

    @property
    def released(self):
        return not self.pressed


class EventQueue:
    def __init__(self, max_events=64):
        self._pending = []
        self._max = max_events
        self.overflowed = False

    def _put(self, key_number, pressed):
        if len(self._pending) >= self._max:
            self.overflowed = True
            return
        self._pending.append((key_number, pressed, supervisor.ticks_ms()))

    def get_into(self, event):
        if not self._pending:
            return False
        event.key_number, event.pressed, event.timestamp = self._pending.pop(0)
        return True


class ShiftRegisterKeys:
    def __init__(self, *, clock, data, latch, value_to_latch=True, key_count,
                 value_when_pressed, interval=0.020, max_events=64, debounce_threshold=1):
        self.pins = (clock, data, latch)
        self.key_count = key_count
        self.value_when_pressed = value_when_pressed
        self.events = EventQueue(max_events)
        instances.append(self)

    def inject(self, key_number, pressed=True):
        """What a scan finds when a button changes."""
        if not 0 <= key_number < self.key_count:
            raise ValueError("key_number out of range")
        self.events._put(key_number, pressed)
