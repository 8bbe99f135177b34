"""Put Pocket Patience on a CircuitPython board over USB, in one command.

    python tools/flash.py                    find CIRCUITPY, copy the app and its libraries
    python tools/flash.py --dry-run          list what would change, write nothing
    python tools/flash.py --verify --watch   copy, read everything back, show the board's output
    python tools/flash.py --firmware adafruit-circuitpython-pybadge-en_US-10.3.0.uf2
                                             on the bootloader drive (PYBADGEBOOT): install
                                             CircuitPython, wait for CIRCUITPY, then copy

Only changed files are written, each through a temporary name and a rename; code.py goes
last, so an interrupted copy leaves the previous app runnable. Files are removed only when
the flasher wrote them before (its list is .pocket-patience-files on the drive).
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(HERE)
# Appended, never inserted: the repo's code.py must not shadow the standard library's `code`.
for p in (HERE, ROOT):
    if p not in sys.path:
        sys.path.append(p)

from flashing import FlashError, deploy, drive, sources, watch  # noqa: E402


def parse(argv):
    ap = argparse.ArgumentParser(
        prog="flash.py", description="Copy Pocket Patience to a CircuitPython board "
        "(PyBadge, PyBadge LC, EdgeBadge, PyGamer; CircuitPython 9.2.x or 10.x).")
    ap.add_argument("--drive", metavar="PATH",
                    help="the CIRCUITPY (or bootloader) drive; default: find it")
    ap.add_argument("--firmware", metavar="FILE.uf2",
                    help="install this CircuitPython first (the board must show its BOOT drive: "
                         "double-press reset)")
    ap.add_argument("--wait", type=float, default=90, metavar="S",
                    help="seconds to wait for CIRCUITPY after --firmware (default 90)")
    ap.add_argument("--mpy-cross", metavar="PATH",
                    help="compile to .mpy with CircuitPython's mpy-cross (a MicroPython one is "
                         "refused and .py files are copied)")
    ap.add_argument("--circup", action="store_true",
                    help="install lib/requirements.txt with circup (online) instead of copying "
                         "the installed Python packages")
    ap.add_argument("--dry-run", action="store_true", help="list what would change; write nothing")
    ap.add_argument("--verify", action="store_true", help="read every file back after copying")
    ap.add_argument("--watch", action="store_true",
                    help="soft-restart the board over its serial port and print its output "
                         "until Ctrl-C")
    ap.add_argument("--port", metavar="DEV", help="serial port for --watch; default: find it")
    ap.add_argument("--source", metavar="DIR", default=ROOT, help=argparse.SUPPRESS)
    return ap.parse_args(argv)


def say(msg=""):
    print(msg, flush=True)


def resolve_drive(args):
    """The CIRCUITPY path, installing firmware first when given a bootloader drive."""
    if args.drive:
        if not os.path.isdir(args.drive):
            raise FlashError(f"{args.drive} is not a mounted drive or folder. Plug the board in "
                             "with a data USB cable and check the path.")
        candidates, uf2 = [args.drive], [args.drive] if drive.is_uf2(args.drive) else []
        if uf2:
            candidates = []
    else:
        candidates, uf2 = drive.find_circuitpy(), []
        if not candidates:
            uf2 = drive.find_uf2()
    if len(candidates) > 1:
        raise FlashError("More than one CIRCUITPY drive is mounted (" + ", ".join(candidates)
                         + "): pick one with --drive PATH.")
    if candidates:
        if args.firmware:
            raise FlashError(f"--firmware needs the board's bootloader drive, and {candidates[0]} "
                             "is CIRCUITPY. Double-press the board's reset button to get the "
                             "BOOT drive (PYBADGEBOOT or PYGAMERBOOT), then run again.")
        return candidates[0]
    if not uf2:
        raise FlashError("No CIRCUITPY drive found. Plug the board in with a data USB cable "
                         "(some cables only charge), wait for the drive to appear, or pass "
                         "--drive PATH.")
    boot = uf2[0]
    if not args.firmware:
        raise FlashError(f"{boot} is the board's UF2 bootloader drive, not CIRCUITPY. Press "
                         "reset once to start CircuitPython, or install it with --firmware "
                         "FILE.uf2 (from circuitpython.org/board/pybadge/ or /pygamer/).")
    if args.dry_run:
        say(f"Would copy {args.firmware} to {boot}, wait for CIRCUITPY, then copy the app.")
        return None
    say(f"Installing {os.path.basename(args.firmware)} on {boot} ...")
    drive.copy_firmware(args.firmware, boot)
    found = drive.wait_for_circuitpy(args.wait)
    say(f"CIRCUITPY is at {found}.")
    return found


def run_circup(root, path):
    exe = shutil.which("circup") or os.path.join(os.path.dirname(sys.executable), "circup")
    if not os.path.exists(exe) and not shutil.which("circup"):
        raise FlashError("--circup needs circup: `pip install circup`, or leave out --circup to "
                         "copy the libraries installed in this Python (works offline).")
    req = os.path.join(root, "lib", "requirements.txt")
    r = subprocess.run([exe, "--path", path, "install", "-r", req])
    if r.returncode:
        raise FlashError(f"circup failed (exit {r.returncode}); see its output above. "
                         "Leave out --circup to copy the installed libraries instead.")


def flash(args, hook=None):
    """Everything but the watch. Returns the Plan (None for a bootloader dry run)."""
    target = resolve_drive(args)
    if target is None:
        return None
    info = drive.read_boot_out(target)
    drive.check_supported(info)
    say(f"Found {info} at {target}")
    mpy = None
    if args.mpy_cross:
        verdict = sources.check_compiler(args.mpy_cross)
        if verdict is True:
            mpy = args.mpy_cross
        else:
            print(f"flash: {verdict} Copying .py files instead.", file=sys.stderr, flush=True)
    files = sources.build(args.source, with_libs=not args.circup, mpy_cross=mpy)
    plan = deploy.make_plan(target, files)
    if args.dry_run:
        say(f"Dry run: {len(plan.writes)} to write ({plan.write_bytes:,} B), "
            f"{len(plan.removals)} to remove, {plan.unchanged} unchanged.")
        for line in plan.describe():
            say(line)
        if args.circup:
            say("  circup would install lib/requirements.txt")
        return plan
    if plan.writes or plan.removals or args.circup:
        drive.check_writable(target)
        deploy.check_space(target, plan, drive.free_bytes(target))
    if args.circup:
        run_circup(args.source, target)
    deploy.apply(target, plan, deploy.Progress(len(plan.writes), plan.write_bytes), hook)
    n = len(plan.writes)
    say(f"Wrote {n} file{'' if n == 1 else 's'} ({plan.write_bytes:,} B), removed "
        f"{len(plan.removals)}, {plan.unchanged} unchanged.")
    if args.verify:
        bad = deploy.verify(target, files)
        if bad:
            raise FlashError(f"Read-back found {len(bad)} files that differ on {target}: "
                             + ", ".join(bad[:5]) + (" ..." if len(bad) > 5 else "")
                             + ". The drive may be failing or was written meanwhile; run again.")
        say(f"Verified: all {len(files)} files read back identical.")
    return plan


def main(argv=None, hook=None):
    args = parse(argv)
    try:
        flash(args, hook)
        if args.watch and not args.dry_run:
            return watch.watch(args.port or watch.find_port())
        return 0
    except FlashError as e:
        print(f"flash: {e}", file=sys.stderr, flush=True)
        return e.code
    except KeyboardInterrupt:
        print("\nflash: interrupted. code.py is written last, so the board still runs a whole "
              "app; run again to finish the copy.", file=sys.stderr, flush=True)
        return 130
    except OSError as e:
        print(f"flash: {e.strerror or e} ({getattr(e, 'filename', '') or ''})",
              file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
