"""--watch against a pseudo-terminal that answers like CircuitPython's REPL."""
import io
import os
import signal
import sys

import pytest

from tests.flash_fakes import FakeRepl, make_drive
from tools.flash import FlashError, watch
from tools.flash import cli as flash

pytestmark = pytest.mark.skipif(not hasattr(os, "openpty"), reason="needs a pseudo-terminal")


class Out(io.StringIO):
    def seen(self):
        return self.getvalue()


def board(then):
    master, slave = os.openpty()
    out = Out()
    repl = FakeRepl(master, out.seen, then)
    repl.start()
    return repl, os.ttyname(slave), slave, out


@pytest.fixture
def ctrl_c_reaches_python():
    """The fake's Ctrl-C is _thread.interrupt_main(), which does nothing while SIGINT is
    ignored (as for a job a shell starts in the background): Python's own handler meanwhile."""
    before = signal.signal(signal.SIGINT, signal.default_int_handler)
    yield
    signal.signal(signal.SIGINT, before)


def test_watch_restarts_the_board_and_prints_its_traceback_until_ctrl_c(ctrl_c_reaches_python):
    repl, port, slave, out = board("ctrl-c")
    try:
        assert watch.watch(port, out=out, settle=0.05) == 0
    finally:
        repl.done.set()
        repl.join(5)
        os.close(slave)
    # Ctrl-C came first (stop the running program), then Ctrl-D (soft reboot).
    assert b"\x03" in repl.received and b"\x04" in repl.received
    assert repl.received.index(b"\x03") < repl.received.index(b"\x04")
    assert set(repl.received) <= {3, 4}     # nothing else is typed at the board
    text = out.getvalue()
    assert "Traceback (most recent call last):" in text
    assert 'File "code.py", line 12' in text and "MemoryError" in text
    assert "\r" not in text and "stopped watching" in text


def test_watch_ends_cleanly_when_the_port_vanishes():
    repl, port, slave, out = board("unplug")
    try:
        with pytest.raises(FlashError, match="went away"):
            watch.watch(port, out=out, settle=0.05)
    finally:
        repl.done.set()
        repl.join(5)
        os.close(slave)
    assert "MemoryError" in out.getvalue()


def test_flash_then_watch_from_the_command_line(tmp_path, capsys, monkeypatch):
    monkeypatch.delenv("CIRCUITPYTHON_MPY_CROSS", raising=False)
    d = make_drive(tmp_path)
    src = tmp_path / "app"
    (src / "lib").mkdir(parents=True)
    (src / "lib" / "requirements.txt").write_text("")
    (src / "code.py").write_text("print('hi')\n")
    master, slave = os.openpty()
    repl = FakeRepl(master, lambda: sys.stdout.getvalue(), "unplug")   # capsys's stdout
    repl.start()
    try:
        rc = flash.main(["--drive", d, "--source", str(src), "--watch", "--port",
                         os.ttyname(slave)])
    finally:
        repl.done.set()
        repl.join(5)
        os.close(slave)
    out, err = capsys.readouterr()
    assert "MemoryError" in out and "Wrote 2 files " in out     # the entry and code.py
    assert rc != 0 and "went away" in err and "Traceback (most recent" not in err
    assert os.path.exists(os.path.join(d, "code.py"))


def test_a_port_that_cannot_open_is_one_message():
    with pytest.raises(FlashError, match="Cannot open the serial port"):
        watch.watch("/dev/no-such-port-here", out=io.StringIO())
