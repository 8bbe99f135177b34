"""Acceptance: the real app flashed onto a fake drive boots.

Every import reachable from the drive's switcher (code.py, or main.py when alternating), in the
app and in every library copied to its lib/, resolves to a file in the version folder or to a
module built into every supported board (tools/flash/board_modules.json); nothing unused is
copied. With CircuitPython's compiler, the drive holds only .mpy files and the switcher, and
the real interpreter runs the switcher, imports the app and plays it. A rerun writes nothing."""
import json
import os

import pytest

from tests import cpy
from tests.flash_fakes import ROOT, board_entry, make_drive, snapshot
from tools.flash import boards, compiler, deploy, imports, sources
from tools.flash import cli as flash

SUPPORTED = (("10.2.1", ("pybadge", "pygamer", "edgebadge")),
             ("9.2.9", ("pybadge", "pygamer", "edgebadge")))


def flashed(tmp_path, capsys, monkeypatch, kind="pybadge-10.2.1", mpy_cross=None,
            switch=deploy.REPLACE):
    """The app flashed onto a new drive (with CircuitPython's own code.py): the switcher
    lands in code.py when replacing, in main.py when alternating."""
    monkeypatch.delenv(compiler.ENV, raising=False)
    if mpy_cross:
        monkeypatch.setenv(compiler.ENV, mpy_cross)
    d = make_drive(tmp_path, kind, hello=True)
    rc = flash.main(["--drive", d, "--switch", switch])
    out, err = capsys.readouterr()
    assert rc == 0, err
    return d, out


def walk_drive(d):
    """The shared walk (tools/flash/imports.py) over what the drive's switcher runs: the
    version folder's modules and its lib/, against the firmware's modules."""
    folder = os.path.join(d, *deploy.running_folder(d).split("/"))
    lib = os.path.join(folder, "lib")
    tops = {n[:-3] if n.endswith(".py") else n for n in os.listdir(lib)} if os.path.isdir(lib) \
        else set()
    finder = imports.Finder(folder, boards.provided_everywhere(), {t: lib for t in tops})
    return folder, imports.walk(finder, os.path.join(folder, sources.ENTRY_MODULE + ".py"))


@pytest.mark.parametrize("switch", [deploy.REPLACE, deploy.ALTERNATE])
def test_every_import_of_the_flashed_app_resolves_and_nothing_unused_is_copied(
        tmp_path, capsys, monkeypatch, switch):
    d, _out = flashed(tmp_path, capsys, monkeypatch, switch=switch)
    assert board_entry(d) == ("code.py" if switch == deploy.REPLACE else "main.py")
    folder, graph = walk_drive(d)
    assert graph.missing == []
    for mod in ("ui.launcher", "hw.pybadge", "hw.pygamer", "hw.board_common", "ui.blackhole.table",
                "engine.blackhole", "engine.solver"):
        assert mod in graph.modules, mod
    assert "neopixel_write" in graph.builtin and "neopixel" not in graph.builtin
    reached = {os.path.relpath(p, folder) for _k, p in graph.modules.values()}
    on_drive = {r for r in snapshot(folder) if r.endswith(".py")}
    assert on_drive - reached == {sources.ENTRY_MODULE + ".py"}     # the walk's start
    assert not [r for r in on_drive if r.startswith("lib/adafruit_displayio_layout")]
    # the host backends import what no board has (pygame, the web VM's js and framebuf): the
    # walk from code.py never reaches them, so they never reach the drive
    for host in ("hw/desktop.py", "hw/stub.py", "hw/web.py", "hw/webdisplay.py"):
        assert host not in on_drive and host[:-3].replace("/", ".") not in graph.modules, host
    assert not [r for r in snapshot(d) if "__pycache__" in r or r.endswith(".pyc")]
    before = {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)}
    rc = flash.main(["--drive", d, "--switch", switch])
    out, _err = capsys.readouterr()
    assert rc == 0 and "Wrote 0 files" in out
    assert {p: os.stat(os.path.join(d, p)).st_mtime_ns for p in snapshot(d)} == before


def test_the_walk_notices_a_module_missing_from_the_drive(tmp_path, capsys, monkeypatch):
    d, _out = flashed(tmp_path, capsys, monkeypatch, "pygamer")
    folder, _graph = walk_drive(d)
    os.remove(os.path.join(folder, "hw", "board_common.py"))
    _folder, graph = walk_drive(d)
    assert ("hw.board_common", "hw.pygamer") in graph.missing


def test_the_walk_follows_library_packages_and_skips_guarded_imports(tmp_path):
    src = tmp_path / "lib" / "fancy"
    src.mkdir(parents=True)
    (src / "__init__.py").write_text("from . import core\ntry:\n    import typing\n"
                                     "except ImportError:\n    pass\n")
    (src / "core.py").write_text("import displayio\nfrom .extra import X\n")
    (src / "extra.py").write_text("X = 1\n")
    (src / "unused.py").write_text("import nowhere\n")
    (tmp_path / "code.py").write_text("import fancy\nimport neopixel\n")
    finder = imports.Finder(str(tmp_path), boards.provided_everywhere(),
                            {"fancy": str(tmp_path / "lib")})
    graph = imports.walk(finder, str(tmp_path / "code.py"))
    assert sorted(graph.modules) == ["fancy", "fancy.core", "fancy.extra"]
    assert graph.missing == [("neopixel", "__main__")]
    assert graph.builtin == {"displayio"}


def test_the_board_list_holds_what_every_supported_firmware_provides():
    provided = boards.provided_everywhere()
    for name in ("neopixel_write", "displayio", "keypad", "terminalio", "stage", "ugame",
                 "microcontroller", "supervisor"):
        assert name in provided, name
    for name in ("neopixel", "adafruit_ticks", "adafruit_display_text", "typing", "heapq"):
        assert name not in provided, name
    # pygamer's firmware lacks epaperdisplay, so it is not provided everywhere.
    assert "epaperdisplay" in boards.load()["10.2.1"]["pybadge"]["modules"]
    assert "epaperdisplay" not in provided


@pytest.mark.skipif(not os.environ.get("CIRCUITPYTHON_BUILTINS"),
                    reason="CIRCUITPYTHON_BUILTINS (the shared board data) is not set")
def test_the_committed_board_list_matches_the_shared_data():
    with open(os.environ["CIRCUITPYTHON_BUILTINS"]) as f:
        shared = json.load(f)
    ours = boards.load()
    tables = {"10.2.1": shared["boards"]}
    tables.update({v: o["boards"] for v, o in shared["other_versions"].items()})
    assert sorted(ours) == sorted(tables)
    for version, names in SUPPORTED:
        for board in names:
            for field in ("modules", "frozen"):
                assert sorted(ours[version][board][field]) == sorted(
                    tables[version][board][field]), (version, board, field)


DRIVER = r'''
import sys
_time = sys.modules["time"]
_script = [1, 4, 1, 4, 1, 7, 1, 3, 0, 0, 2]     # A opens Black Hole; plays, a hint, the menu
_n = [0]
_stand_ins = sorted(n for n in sys.modules if isinstance(sys.modules[n], _Mod))
print("STANDIN", " ".join(_stand_ins))


class _Done(BaseException):
    pass


def _sleep(s):
    wait(int(s * 1000) or 10)
    _n[0] += 1
    if _n[0] % 25 == 0 and _script:
        queue_key(_script.pop(0))
    if not _script and _n[0] > 25 * 12 + 600:     # 3 s and more after the last key: saved
        raise _Done()


_time.sleep = _sleep
for _entry in ("code.txt", "code.py", "main.py", "main.txt"):    # the board's order
    try:
        _source = open(_entry).read()
        break
    except OSError:
        pass
print("ENTRY", _entry)
_before = set(sys.modules)
while True:
    try:
        exec(_source, {"__name__": "__main__"})
    except _Done:
        break
    except ReloadRequested:         # the chooser started the game: the firmware runs it anew
        print("RELOAD")
        for _name in list(sys.modules):
            if _name not in _before:
                del sys.modules[_name]
print("PLAYED", _n[0])
print("NVM", sum(1 for b in microcontroller.nvm.data if b))
print("REFRESHES", _board.DISPLAY.refreshes)
for name in sorted(sys.modules):
    f = getattr(sys.modules[name], "__file__", None)
    if f:
        print("MOD", name, f)
'''


@cpy.needs_cpy
@pytest.mark.parametrize("switch", [deploy.REPLACE, deploy.ALTERNATE])
def test_the_compiled_app_imports_and_plays_under_circuitpython(tmp_path, capsys, monkeypatch,
                                                               switch):
    """Flashed with CircuitPython's mpy-cross to a fake PyBadge on 10.2.1: the drive holds
    only .mpy files and the switcher (code.py, or main.py when alternating over the drive's
    own code.py), and CircuitPython's interpreter, started in the drive as the board starts,
    runs the switcher, imports the app from the version folder and plays a game. Only
    modules the board has built in are stood in (tests/cpy_board.py)."""
    d, out = flashed(tmp_path, capsys, monkeypatch, mpy_cross=cpy.compiler(), switch=switch)
    assert "Compiled" in out
    entry = "code.py" if switch == deploy.REPLACE else "main.py"
    snap = snapshot(d)
    ours = [r for r in snap if r in deploy.ENTRIES or r.startswith(deploy.APP_DIR)]
    # code is all .mpy but the switcher; the rest is data read at run time (the atlas)
    code = [r for r in ours if not r.endswith((".mpy", ".bin"))]
    assert code == [entry] and len(ours) > 20
    # every game's atlas in hw/ (Black Hole's, and Calculation's and Big Ben's once made)
    atlases = sorted(n for n in os.listdir(os.path.join(ROOT, "hw")) if n.endswith(".bin"))
    assert "blackhole_atlas.bin" in atlases
    assert sorted(r.rsplit("/", 2)[-2:] for r in ours if r.endswith(".bin")) == \
        [["hw", n] for n in atlases]
    assert all(snap[r][:1] == b"C" for r in ours if r.endswith(".mpy"))  # CircuitPython's
    # The same modules as the walk of the checkout reaches, each compiled.
    folder = deploy.running_folder(d)
    _graph, files = sources.app_files(ROOT)
    assert sorted(r[len(folder) + 1:-4] for r in ours if r.endswith(".mpy")) == sorted(
        r[:-3] for r, _src in files if r.endswith(".py"))
    with open(os.path.join(ROOT, "tests", "cpy_board.py")) as f:
        prefix = f.read()
    text = cpy.check(prefix + DRIVER, path=(), cwd=d)
    lines = text.splitlines()
    assert "ENTRY " + entry in lines and lines.count("RELOAD") == 1, text
    stand_ins = next(ln for ln in lines if ln.startswith("STANDIN")).split()[1:]
    assert stand_ins and set(stand_ins) <= boards.provided_everywhere(), stand_ins
    figs = {ln.split()[0]: int(ln.split()[1]) for ln in lines
            if ln.split()[:1] in (["PLAYED"], ["NVM"], ["REFRESHES"])}
    assert figs["NVM"] > 0 and figs["REFRESHES"] > 5, text     # the game was saved
    mods = dict(ln.split()[1:3] for ln in lines if ln.startswith("MOD "))
    folder = deploy.running_folder(d)
    app = {n: p for n, p in mods.items() if n.split(".")[0] in imports.PACKAGES}
    for name in ("ui.launcher", "ui.blackhole.table", "engine.blackhole", "engine.solver",
                 "hw.pybadge"):
        assert name in app, (name, text)
    assert all(p.startswith(folder + "/") and p.endswith(".mpy") for p in app.values()), app
