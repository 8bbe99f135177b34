"""Fake `microcontroller`: Pin objects and nvm, a fixed 8192-byte array written by slices."""


class Pin:
    def __init__(self, name):
        self.name = name

    def __repr__(self):
        return "board." + self.name


class ByteArray:
    """nvm.ByteArray: fixed length; a slice assignment must keep the length, as on the
    board. writes counts assignments, each of which is a flash erase-and-program there."""

    def __init__(self, size):
        self._data = bytearray(size)
        self.writes = 0

    def __len__(self):
        return len(self._data)

    def __getitem__(self, index):
        return self._data[index]

    def __setitem__(self, index, value):
        if isinstance(index, slice):
            start, stop, step = index.indices(len(self._data))
            if step != 1 or stop - start != len(value):
                raise ValueError("Slice and value different lengths.")
        self._data[index] = value
        self.writes += 1


nvm = ByteArray(8192)
