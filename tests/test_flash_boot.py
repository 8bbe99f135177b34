"""Acceptance: the real app flashed onto a fake PyBadge drive is a tree that boots.

Every import reachable from the copied code.py must resolve, the way CircuitPython resolves
it (sys.path '', '/', '/lib'), to a .py or .mpy file on the drive, or be a module the
firmware provides. A rerun writes nothing."""
import ast
import os
import re

from tests.flash_fakes import ROOT, make_drive, snapshot

import flash  # noqa: E402

# Provided by CircuitPython's firmware on the PyBadge and PyGamer (built-in modules).
FIRMWARE = {
    "analogio", "array", "audiocore", "audioio", "audiopwmio", "bitmaptools", "board",
    "builtins", "busdisplay", "busio", "collections", "digitalio", "displayio", "errno",
    "fontio", "fourwire", "gc", "io", "json", "keypad", "math", "microcontroller",
    "micropython", "neopixel_write", "os", "pwmio", "rtc", "storage", "struct", "supervisor", "sys",
    "terminalio", "time", "usb_cdc", "vectorio",
}
# Copied but never imported on the board: hw.detect() imports the desktop backend only when
# sys.implementation.name is not "circuitpython" (it needs pygame).
DESKTOP_ONLY = {"hw.desktop"}
APP_PACKAGES = ("engine", "hw", "ui")
DOTTED = re.compile(r"[a-z_][a-z0-9_]*(\.[a-z_][a-z0-9_]*)+")


def _dynamic(tree, guarded):
    """Modules a file imports by name (ui/launcher.py's game table feeds __import__): every
    dotted string in an app package, and whether the __import__ calls sit in try/ImportError."""
    calls = [n for n in ast.walk(tree) if isinstance(n, ast.Call)
             and isinstance(n.func, ast.Name) and n.func.id == "__import__"]
    if not calls:
        return [], True
    names = [n.value for n in ast.walk(tree) if isinstance(n, ast.Constant)
             and isinstance(n.value, str) and DOTTED.fullmatch(n.value)
             and n.value.split(".")[0] in APP_PACKAGES]
    return names, all(id(c) in guarded for c in calls)


def _guarded_ids(tree):
    ids = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Try) and any(
                h.type is None or (isinstance(h.type, ast.Name)
                                   and h.type.id in ("ImportError", "Exception"))
                for h in node.handlers):
            for stmt in node.body:
                ids.update(id(s) for s in ast.walk(stmt))
    return ids


def resolve(drive, module):
    parts = module.split(".")
    for root in (drive, os.path.join(drive, "lib")):
        base = os.path.join(root, *parts)
        for cand in (base + ".py", base + ".mpy", os.path.join(base, "__init__.py"),
                     os.path.join(base, "__init__.mpy")):
            if os.path.isfile(cand):
                return cand
    return None


def walk(drive):
    """(reached modules, [(missing module, importer)])."""
    reached, missing = {}, []
    todo = [("__main__", os.path.join(drive, "code.py"))]
    while todo:
        name, path = todo.pop()
        if name in reached:
            continue
        reached[name] = path
        with open(path) as f:
            tree = ast.parse(f.read(), path)
        guarded = _guarded_ids(tree)
        is_pkg = os.path.basename(path).startswith("__init__.")
        package = name if is_pkg else name.rpartition(".")[0]
        names, dyn_guarded = _dynamic(tree, guarded)
        for mod in names:
            found = resolve(drive, mod)
            if found and found.endswith(".py"):
                todo.append((mod, found))
            elif found:
                reached[mod] = found
            elif not dyn_guarded:
                missing.append((mod, name))
        for node in ast.walk(tree):
            wanted = []
            if isinstance(node, ast.Import):
                wanted = [a.name for a in node.names]
            elif isinstance(node, ast.ImportFrom):
                base = node.module or ""
                if node.level:
                    pkg = package.split(".") if package else []
                    pkg = pkg[:len(pkg) - (node.level - 1)]
                    base = ".".join(pkg + ([base] if base else []))
                wanted = [base]
                # `from pkg import sub` may name a submodule: follow it when it is one.
                for a in node.names:
                    if resolve(drive, f"{base}.{a.name}"):
                        wanted.append(f"{base}.{a.name}")
            for mod in wanted:
                if mod in DESKTOP_ONLY:
                    continue
                found = resolve(drive, mod)
                if found:
                    if found.endswith(".py"):
                        todo.append((mod, found))
                    else:
                        reached[mod] = found
                elif mod.split(".")[0] not in FIRMWARE and id(node) not in guarded:
                    missing.append((mod, name))
    return reached, missing


def flashed(tmp_path, capsys, kind="pybadge-10"):
    d = make_drive(tmp_path, kind)
    rc = flash.main(["--drive", d])
    out, err = capsys.readouterr()
    assert rc == 0, err
    return d, out


def test_flashed_tree_boots_and_a_rerun_writes_nothing(tmp_path, capsys):
    d, _out = flashed(tmp_path, capsys)
    reached, missing = walk(d)
    assert missing == []
    for mod in ("ui.launcher", "hw.pybadge", "hw.pygamer", "hw.board_common", "ui.app", "engine.blackhole",
                "adafruit_display_text.bitmap_label", "adafruit_ticks"):
        assert mod in reached, mod
    assert all(p.startswith(d) for p in reached.values())
    before = {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)}
    rc = flash.main(["--drive", d])
    out, _err = capsys.readouterr()
    assert rc == 0 and "Wrote 0 files" in out
    assert {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)} == before


def test_every_device_module_of_the_checkout_is_on_the_drive(tmp_path, capsys):
    d, _out = flashed(tmp_path, capsys, "pygamer")
    snap = snapshot(d)
    for folder in ("engine", "hw", "ui"):
        for name in os.listdir(os.path.join(ROOT, folder)):
            if name.endswith(".py"):
                assert f"{folder}/{name}" in snap
    assert not [r for r in snap if "__pycache__" in r or r.endswith(".pyc")]


def test_the_walk_notices_a_missing_library(tmp_path, capsys):
    d, _out = flashed(tmp_path, capsys)
    os.remove(os.path.join(d, "lib", "adafruit_ticks.py"))
    _reached, missing = walk(d)
    assert ("adafruit_ticks", "adafruit_display_text.bitmap_label") in missing
