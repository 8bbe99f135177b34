"""The flasher's parts: drive finding, what to copy, the copy itself, the serial watch."""


class FlashError(Exception):
    """One clear message for the user; tools/flash/cli.py prints it and exits non-zero."""

    def __init__(self, message, code=1):
        super().__init__(message)
        self.code = code
