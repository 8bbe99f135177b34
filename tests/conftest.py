import os
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# Appended for the reason in pytest.ini: code.py must not shadow the stdlib `code`.
if ROOT not in sys.path:
    sys.path.append(ROOT)
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
