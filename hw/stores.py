"""Raw byte stores behind hw.storage: read(offset, n), write(offset, data), size.

The board's store wraps microcontroller.nvm (see hw/board_common.py); these two serve the
desktop and the tests.
"""


class MemoryStore:
    def __init__(self, size=8192):
        self.size = size
        self.data = bytearray(size)

    def read(self, offset, n):
        return bytes(self.data[offset:offset + n])

    def write(self, offset, data):
        self.data[offset:offset + len(data)] = data


class FileStore(MemoryStore):
    """A board's NVM kept in a file, so the desktop simulator's saves outlive the window."""

    def __init__(self, path, size=8192):
        super().__init__(size)
        self.path = path
        try:
            with open(path, "rb") as f:
                data = f.read(size)
            self.data[0:len(data)] = data
        except OSError:
            pass

    def write(self, offset, data):
        super().write(offset, data)
        import os
        folder = os.path.dirname(self.path)
        if folder:
            os.makedirs(folder, exist_ok=True)
        tmp = self.path + ".tmp"
        with open(tmp, "wb") as f:
            f.write(self.data)
        os.replace(tmp, self.path)
