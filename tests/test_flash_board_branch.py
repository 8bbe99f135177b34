"""The flasher copies what the board imports, and no more: a branch the board never takes
(code.py's desktop branch, which starts ui/programs.py, the firmware's stand-in) is not
followed, so its modules stay off the drive."""
import os

import pytest

from tests.flash_fakes import ROOT, snapshot
from tests.test_flash_boot import flashed
from tools.flash import boards, deploy, imports, sources


def test_the_board_never_imports_the_programs_stand_in_so_it_is_not_copied(
        tmp_path, capsys, monkeypatch):
    graph, files = sources.app_files(ROOT)
    assert "ui.launcher" in graph.modules and "hw.pybadge" in graph.modules
    assert "ui.programs" not in graph.modules
    assert "ui/programs.py" not in [rel for rel, _src in files]
    d, _out = flashed(tmp_path, capsys, monkeypatch)
    folder = os.path.join(d, *deploy.running_folder(d).split("/"))
    on_drive = snapshot(folder)
    assert "ui/launcher.py" in on_drive and "ui/programs.py" not in on_drive
    # the desktop still runs it: the branch is code.py's, not a module nobody imports
    with open(os.path.join(ROOT, "code.py")) as f:
        assert "from ui.programs import Programs" in f.read()


def walked(tmp_path, main):
    for name in ("board_only", "host_only", "both", "either"):
        (tmp_path / (name + ".py")).write_text("X = 1\n")
    (tmp_path / "code.py").write_text(main)
    finder = imports.Finder(str(tmp_path), boards.provided_everywhere() | {"sys"},
                            packages=("board_only", "host_only", "both", "either"))
    graph = imports.walk(finder, str(tmp_path / "code.py"))
    assert graph.missing == []
    return sorted(graph.modules)


@pytest.mark.parametrize("test, taken", [
    ('sys.implementation.name == "circuitpython"', "body"),
    ('"circuitpython" == sys.implementation.name', "body"),
    ('sys.implementation.name != "circuitpython"', "else"),
    ('sys.implementation.name == "micropython"', "else"),
    ('not sys.implementation.name == "circuitpython"', "else"),
    ('sys.implementation.name == "circuitpython" or __name__ == "__main__"', "body"),
    ('sys.implementation.name != "circuitpython" and __name__ == "__main__"', "else"),
    ('sys.implementation.name == "circuitpython" and __name__ == "__main__"', None),
    ('sys.implementation.name != "circuitpython" or __name__ == "__main__"', None),
    ('__name__ == "__main__"', None),
    ('os.uname().machine == "circuitpython"', None),
])
def test_only_the_branch_the_board_takes_is_followed(tmp_path, test, taken):
    """taken: the branch the board always takes, the other one never (None: it cannot be
    told, so both are followed)."""
    got = walked(tmp_path, "import os\nimport sys\nimport both\nif %s:\n    import board_only\n"
                           "else:\n    import host_only\n" % test)
    assert "both" in got
    assert ("board_only" in got) == (taken != "else")
    assert ("host_only" in got) == (taken != "body")


def test_a_nested_board_test_is_read_inside_an_unknown_one(tmp_path):
    got = walked(tmp_path, 'import sys\nif __name__ == "__main__":\n    import either\n'
                           '    if sys.implementation.name == "circuitpython":\n'
                           '        import board_only\n    else:\n        import host_only\n')
    assert got == ["board_only", "either"]
