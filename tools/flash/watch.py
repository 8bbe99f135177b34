"""--watch: soft-restart the board over its serial REPL and print what it prints."""
import sys
import time

from tools.flash import FlashError

ADAFRUIT_VID = 0x239A
CTRL_C, CTRL_D = b"\x03", b"\x04"


def find_port():
    try:
        from serial.tools import list_ports
    except ImportError:
        raise FlashError("--watch needs pyserial: run `make test` once, or `pip install pyserial`.")
    ports = [p for p in list_ports.comports() if p.vid == ADAFRUIT_VID]
    if not ports:
        raise FlashError("No CircuitPython serial port found (USB vendor 0x239A). "
                         "Pass --port (e.g. /dev/ttyACM0, /dev/cu.usbmodem1101 or COM3).")
    # A board with two CDC interfaces lists the REPL first.
    return sorted(p.device for p in ports)[0]


def watch(port, out=None, open_serial=None, settle=0.2):
    """Ctrl-C, then Ctrl-D, then copy the board's output to `out` until Ctrl-C or unplug.

    Returns 0 after Ctrl-C; raises FlashError when the port vanishes or cannot be opened.
    """
    out = out or sys.stdout
    if open_serial is None:
        import serial

        def open_serial(p):
            return serial.Serial(p, 115200, timeout=0.1)
    try:
        ser = open_serial(port)
    except Exception as e:          # serial.SerialException is an OSError subclass or not
        raise FlashError(f"Cannot open the serial port {port}: {e}. Is another program "
                         "(a serial monitor, an editor) using it?")
    try:
        try:
            ser.write(CTRL_C)       # stop what runs (a second one in case it catches the first)
            ser.flush()
            time.sleep(settle)
            ser.write(CTRL_C)
            ser.flush()
            time.sleep(settle)
            ser.reset_input_buffer()
            ser.write(CTRL_D)       # soft reboot: the switcher runs again, its output follows
            ser.flush()
            out.write(f"--- watching {port}: the board restarted; Ctrl-C stops watching ---\n")
            out.flush()
            while True:
                data = ser.read(256)
                if data:
                    out.write(data.decode("utf-8", errors="replace").replace("\r\n", "\n"))
                    out.flush()
        except KeyboardInterrupt:
            out.write("\n--- stopped watching (the board keeps running) ---\n")
            out.flush()
            return 0
        except Exception as e:      # pyserial raises SerialException, OSError or TypeError
            raise FlashError(f"The serial port {port} went away ({e}): the board was unplugged "
                             "or reset into its bootloader.")
    finally:
        try:
            ser.close()
        except Exception:
            pass
