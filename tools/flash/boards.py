"""What the supported boards' firmware provides, from board_modules.json (facts, kept as data).

An import is fine on the board only when its module is built in (or frozen) on every supported
board at every supported version: the app is flashed once and must run on all of them."""
import json
import os

DATA = os.path.join(os.path.dirname(os.path.abspath(__file__)), "board_modules.json")
BOARDS = ("pybadge", "pygamer", "edgebadge")


def load(path=DATA):
    with open(path, encoding="utf-8") as f:
        return json.load(f)["versions"]


def provided_everywhere(versions=None):
    """Module names built into or frozen into every supported board at every listed version."""
    versions = versions or load()
    common = None
    for boards in versions.values():
        for name in BOARDS:
            have = set(boards[name]["modules"]) | set(boards[name]["frozen"])
            common = have if common is None else common & have
    return frozenset(common or ())
