"""Fake `audioio`: AudioOut logging the sample rate of each play()."""


class AudioOut:
    def __init__(self, left_channel, *, right_channel=None, quiescent_value=0x8000):
        self.pin = left_channel
        self.played = []
        self.playing = False

    def play(self, sample, *, loop=False):
        self.played.append(sample.sample_rate)
        self.playing = True

    def stop(self):
        self.playing = False
