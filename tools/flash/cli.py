"""Put Pocket Patience on a CircuitPython board over USB, in one command.

    python tools/flash/cli.py                    find CIRCUITPY, copy the app and its libraries
    python tools/flash/cli.py --dry-run          list what would change, write nothing
    python tools/flash/cli.py --verify --watch   copy, read everything back, show the board's output
    python tools/flash/cli.py --mpy-cross auto   compile to .mpy with Adafruit's mpy-cross for the
                                             board's version (downloaded once, then cached)
    python tools/flash/cli.py --firmware adafruit-circuitpython-pybadge-en_US-10.3.0.uf2
                                             on the bootloader drive (PYBADGEBOOT): install
                                             CircuitPython, wait for CIRCUITPY, then copy

The app goes into a folder of its own on the drive (pp/v<hash>/, compiled to .mpy when
CircuitPython's mpy-cross is at hand); a short switcher runs it, and is changed only once that
folder is complete and synced: on Linux code.py is renamed over, elsewhere the switcher moves
between code.py and main.py so that one of them always exists. The previous version is removed
only after that: a cut at any moment leaves the old app or the new one, never a mix
(docs/flashing.md).
"""
import argparse
import os
import shutil
import subprocess
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
# Appended, never inserted: the repo's code.py must not shadow the standard library's `code`.
for p in (ROOT,):
    if p not in sys.path:
        sys.path.append(p)

from tools.flash import FlashError, compiler, deploy, drive, sources, watch  # noqa: E402


def parse(argv):
    ap = argparse.ArgumentParser(
        prog="tools/flash/cli.py", description="Copy Pocket Patience to a CircuitPython board "
        "(PyBadge, PyBadge LC, EdgeBadge, PyGamer; CircuitPython 9.2.x or 10.x).")
    ap.add_argument("--drive", metavar="PATH",
                    help="the CIRCUITPY (or bootloader) drive; default: find it")
    ap.add_argument("--firmware", metavar="FILE.uf2",
                    help="install this CircuitPython first (the board must show its BOOT drive: "
                         "double-press reset)")
    ap.add_argument("--wait", type=float, default=90, metavar="S",
                    help="seconds to wait for CIRCUITPY after --firmware (default 90)")
    ap.add_argument("--mpy-cross", metavar="PATH|auto|off",
                    help="compile to .mpy with CircuitPython's mpy-cross for the board's "
                         "version: a path, 'auto' (download Adafruit's build once into your "
                         "cache) or 'off'; default: $CIRCUITPYTHON_MPY_CROSS if set, else copy "
                         ".py files. A MicroPython or wrong-version compiler is refused")
    ap.add_argument("--circup", action="store_true",
                    help="install the libraries the app imports with circup (online, into /lib) "
                         "instead of copying them from this Python's installed packages")
    ap.add_argument("--switch", choices=(deploy.REPLACE, deploy.ALTERNATE),
                    help="how the switcher is changed: 'replace' renames a new code.py over "
                         "the old (safe on Linux's FAT driver), 'alternate' moves it between "
                         "code.py and main.py, never renaming over a file; default: replace on "
                         "Linux, alternate on macOS, Windows and WSL's Windows drives")
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


def run_circup(path, names):
    if not names:
        return
    exe = shutil.which("circup") or os.path.join(os.path.dirname(sys.executable), "circup")
    if not os.path.exists(exe) and not shutil.which("circup"):
        raise FlashError("--circup needs circup: `pip install circup`, or leave out --circup to "
                         "copy the libraries installed in this Python (works offline).")
    r = subprocess.run([exe, "--path", path, "install"] + list(names))
    if r.returncode:
        raise FlashError(f"circup failed (exit {r.returncode}); see its output above. "
                         "Leave out --circup to copy the installed libraries instead.")


def warn(msg):
    print(f"flash: {msg}", file=sys.stderr, flush=True)


def flash(args, hook=None):
    """Everything but the watch. Returns the Plan (None for a bootloader dry run)."""
    target = resolve_drive(args)
    if target is None:
        return None
    info = drive.read_boot_out(target)
    drive.check_supported(info)
    say(f"Found {info} at {target}")
    mpy = compiler.choose(args.mpy_cross, info.version, say=say, warn=warn)
    graph, files = sources.build(args.source, with_libs=not args.circup, mpy_cross=mpy)
    if mpy:
        say(f"Compiled {len(files)} files to CircuitPython .mpy with {mpy}.")
    else:
        size = sum(len(d) for r, d in files if r.endswith(".py"))
        say(f"No CircuitPython compiler: copying {size / 1024:,.0f} KB of .py source. The board "
            "then compiles each module as it is imported, which takes time and extra heap at "
            f"every start; `--mpy-cross auto` fetches CircuitPython {info.version}'s compiler "
            "once and copies compiled files instead.")
    lib_names = sources.library_names(graph) if args.circup else []
    mode = args.switch or deploy.default_switch(sys.platform, drive.fs_type(target))
    plan = deploy.make_plan(target, files, extra_path=("/lib",) if args.circup else (),
                            mode=mode)
    if args.dry_run:
        say(f"Dry run: {plan.write_count} to write ({plan.write_bytes:,} B), "
            f"{len(plan.removals) + len(plan.entry.clear + plan.entry.drop)} to remove, "
            f"{plan.unchanged} unchanged.")
        for line in plan.describe():
            say(line)
        if lib_names:
            say("  circup would install " + " ".join(lib_names))
        return plan
    if plan.write_count:
        deploy.check_space(target, plan, drive.free_bytes(target))
    if lib_names:
        run_circup(target, lib_names)
    n = plan.write_count
    deploy.apply(target, plan, deploy.Progress(n, plan.write_bytes), hook)
    r = len(plan.removals)
    say(f"Wrote {n} file{'' if n == 1 else 's'} ({plan.write_bytes:,} B) into {plan.folder}, "
        f"{plan.unchanged} unchanged; removed {r} file{'' if r == 1 else 's'} of the previous "
        "version.")
    if args.verify:
        bad = deploy.verify(target, plan)
        if bad:
            raise FlashError(f"Read-back found {len(bad)} files that differ on {target}: "
                             + ", ".join(bad[:5]) + (" ..." if len(bad) > 5 else "")
                             + ". The drive may be failing or was written meanwhile; run again.")
        say(f"Verified: all {len(files) + 1} files read back identical.")
    if plan.changes:
        say("Synced: the board runs the new app. It is safe to unplug.")
    else:
        say("The board already runs this app; nothing changed. It is safe to unplug.")
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
        print("\nflash: interrupted. The board runs either the app it had or the new one, never "
              "a mix; run again to finish the copy.", file=sys.stderr, flush=True)
        return 130
    except OSError as e:
        print(f"flash: {e.strerror or e} ({getattr(e, 'filename', '') or ''})",
              file=sys.stderr, flush=True)
        return 1


if __name__ == "__main__":
    sys.exit(main())
