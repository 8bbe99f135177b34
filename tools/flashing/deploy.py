"""Compare, then copy: only changed files, each through a temp name and a rename, code.py last.

The drive keeps a manifest (MANIFEST) of every file the flasher wrote. A file is removed only
when the manifest lists it and the app no longer has it, so nothing the user put on the drive
(settings.toml, boot.py, other libraries, their own files in ui/) is ever deleted.
"""
import errno
import os
import sys

from flashing import FlashError

MANIFEST = ".pocket-patience-files"
MANIFEST_HEAD = "# Files written by Pocket Patience's tools/flash.py; it removes only these.\n"
TMP = ".flashtmp"
CLUSTER = 4096          # FAT cluster on a 2 MB CIRCUITPY is 512 B..4 KB: count the worst
MARGIN = 8192


def _path(drive, rel):
    return os.path.join(drive, *rel.split("/"))


def _safe_rel(rel):
    parts = rel.split("/")
    return rel and not rel.startswith("/") and ".." not in parts and ":" not in rel


def read_manifest(drive):
    try:
        with open(_path(drive, MANIFEST), encoding="utf-8") as f:
            lines = f.read().splitlines()
    except FileNotFoundError:
        return []
    except OSError as e:
        raise _os_error(e, drive, "reading the manifest")
    return [ln.strip() for ln in lines if ln.strip() and not ln.startswith("#")
            and _safe_rel(ln.strip())]


def _read(path):
    try:
        with open(path, "rb") as f:
            return f.read()
    except (FileNotFoundError, IsADirectoryError, NotADirectoryError):
        return None


class Plan:
    def __init__(self, files, writes, removals, unchanged):
        self.files = files              # [(rel, bytes)], the whole app, code.py last
        self.writes = writes            # [(rel, bytes, "new" | "changed")], code.py last
        self.removals = removals        # [rel]
        self.unchanged = unchanged      # count

    @property
    def write_bytes(self):
        return sum(len(d) for _r, d, _w in self.writes)

    def space_needed(self):
        rounded = sum(-(-max(len(d), 1) // CLUSTER) * CLUSTER for _r, d, _w in self.writes)
        return rounded + (MARGIN if self.writes else 0)

    def describe(self):
        lines = [f"  {'+' if why == 'new' else '~'} {rel}  ({len(d):,} B, {why})"
                 for rel, d, why in self.writes]
        lines += [f"  - {rel}  (no longer part of the app)" for rel in self.removals]
        return lines


def make_plan(drive, files):
    wanted = {rel for rel, _d in files}
    writes, unchanged = [], 0
    for rel, data in files:
        try:
            old = _read(_path(drive, rel))
        except OSError as e:
            raise _os_error(e, drive, f"reading {rel}")
        if old == data:
            unchanged += 1
        else:
            writes.append((rel, data, "new" if old is None else "changed"))
    removals = [rel for rel in read_manifest(drive)
                if rel not in wanted and rel != "code.py" and os.path.isfile(_path(drive, rel))]
    return Plan(files, writes, removals, unchanged)


def check_space(drive, plan, free):
    need = plan.space_needed()
    if plan.writes and free < need:
        raise FlashError(f"{drive} is too full: this copy needs about {need // 1024:,} KB free "
                         f"and the drive has {free // 1024:,} KB. Nothing was written. "
                         "Delete files you no longer need from the drive (old lib/ folders, "
                         "images, sounds) and run again.")


def _os_error(e, drive, doing, done=None):
    where = f" after {done}" if done else ""
    no = getattr(e, "errno", None)
    if no == errno.ENOSPC:
        return FlashError(f"{drive} filled up while {doing}{where}. code.py is still the "
                          "previous one. Free some space on the drive and run again.")
    if no in (errno.EROFS, errno.EACCES, errno.EPERM):
        return FlashError(f"{drive} is read-only ({doing}{where}). If boot.py remounts the "
                          "drive for the board, the computer cannot write to it.")
    if not os.path.isdir(drive) or no in (errno.ENOENT, errno.EIO, errno.ENODEV, errno.ENXIO):
        return FlashError(f"The drive {drive} went away while {doing}{where}. Plug the board "
                          "back in and run again: code.py is written last, so the board still "
                          "runs the previous app.")
    return FlashError(f"Writing to {drive} failed while {doing}{where}: {e.strerror or e}.")


def _atomic_write(drive, rel, data, hook):
    dest = _path(drive, rel)
    os.makedirs(os.path.dirname(dest), exist_ok=True)
    tmp = dest + TMP
    with open(tmp, "wb") as f:
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    hook("temp", rel)
    os.replace(tmp, dest)
    hook("done", rel)


def _write_manifest(drive, rels, hook):
    body = MANIFEST_HEAD + "".join(r + "\n" for r in sorted(set(rels)))
    if _read(_path(drive, MANIFEST)) == body.encode():
        return
    _atomic_write(drive, MANIFEST, body.encode(), hook)


def _clean_temps(drive, tops):
    """Remove our own temp files left by an interrupted run (only names ending in TMP)."""
    for top in [MANIFEST] + list(tops):
        base = _path(drive, top)
        if os.path.isfile(base + TMP):
            os.remove(base + TMP)
        for dirpath, _dirs, names in os.walk(base):
            for n in names:
                if n.endswith(TMP):
                    os.remove(os.path.join(dirpath, n))


def _prune_dirs(drive, rel):
    parts = rel.split("/")[:-1]
    while len(parts) > 1 or (parts and parts[0] not in ("lib",)):
        d = _path(drive, "/".join(parts))
        try:
            os.rmdir(d)         # only succeeds when empty
        except OSError:
            return
        parts.pop()


def apply(drive, plan, progress=None, hook=None):
    """Write the plan. hook(event, rel) is called after each temp file and each rename."""
    hook = hook or (lambda event, rel: None)
    # With nothing to change this writes nothing: temps only exist after an interruption and
    # the manifest is rewritten only when its content differs.
    wanted = [rel for rel, _d in plan.files]
    tops = sorted({r.split("/")[0] if not r.startswith("lib/") else "/".join(r.split("/")[:2])
                   for r in wanted + plan.removals})
    done = 0
    try:
        _clean_temps(drive, tops)
        # Before anything else: the manifest names every file this run may leave behind.
        _write_manifest(drive, read_manifest(drive) + wanted, hook)
        for rel, data, _why in plan.writes:
            _atomic_write(drive, rel, data, hook)
            done += 1
            if progress:
                progress.step(rel, len(data))
        for rel in plan.removals:
            os.remove(_path(drive, rel))
            hook("removed", rel)
            _prune_dirs(drive, rel)
        _write_manifest(drive, wanted, hook)
    except OSError as e:
        raise _os_error(e, drive, "copying", f"{done} of {len(plan.writes)} files")
    finally:
        if progress:
            progress.finish()


def verify(drive, files):
    """Read every file back: [rel] that differ or are missing."""
    bad = []
    for rel, data in files:
        try:
            got = _read(_path(drive, rel))
        except OSError as e:
            raise _os_error(e, drive, f"reading back {rel}")
        if got != data:
            bad.append(rel)
    return bad


class Progress:
    """One line: a bar, files and bytes. Redrawn in place on a terminal, else printed once."""

    def __init__(self, files, total, stream=None, width=24):
        self.files, self.total, self.width = files, max(total, 1), width
        self.stream = stream or sys.stderr
        self.n = self.bytes = 0
        self.tty = getattr(self.stream, "isatty", lambda: False)()

    def line(self):
        filled = int(self.width * self.bytes / self.total)
        return (f"[{'#' * filled}{'.' * (self.width - filled)}] {self.n}/{self.files} files  "
                f"{self.bytes / 1024:,.1f}/{self.total / 1024:,.1f} KB")

    def step(self, rel, nbytes):
        self.n += 1
        self.bytes += nbytes
        if self.tty:
            self.stream.write("\r" + self.line() + f"  {rel[-30:]:<30}")
            self.stream.flush()

    def finish(self):
        if self.files:
            self.stream.write(("\r" if self.tty else "") + self.line() + " " * 32 + "\n")
            self.stream.flush()
