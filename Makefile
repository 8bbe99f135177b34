# Two commands matter: `make play` and `make test`. Every target builds .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play test bench flash clean atlas atlas-calc atlas-bigben web

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

play: $(VENV)/.installed
	$(PY) tools/sim.py $(ARGS)

# Tests run in parallel, one worker a core (pytest-xdist), each test file on one worker so a
# file's costly setup (the browser, the interpreter runs a fit gate measures) happens once,
# the longest files first (tests/conftest.py); JOBS=0 runs them in this one process.
JOBS ?= auto
test: $(VENV)/.installed
	$(VENV)/bin/ruff check .
	$(VENV)/bin/pytest -n $(JOBS) --dist loadfile --no-loadscope-reorder $(ARGS)

# Figures, not pass/fail: tables of solver, Yo-yo and YoYo measurements (a few minutes), the
# Calculation and Big Ben hints beside the full-information search (CALC_ARGS="--last 1200"
# and BB_ARGS="--last 1100" for a quick run), and the app's responsiveness at the board's speed
# and text drawn four ways (ui/text.py beside the Adafruit text libraries) on CircuitPython's
# own interpreter (needs CIRCUITPYTHON and CIRCUITPYTHON_MPY_CROSS, as the real-interpreter
# tests do), and last the writes of the save block in an evening of each game (a minute).
bench: $(VENV)/.installed
	$(PY) tools/bench/solver.py $(ARGS)
	$(PY) tools/bench/positions.py --full --warm
	$(PY) tools/bench/yoyo_parlett.py
	$(PY) tools/bench/yoyo_amigo.py
	$(PY) tools/bench/calculation_hint.py $(CALC_ARGS)
	$(PY) tools/bench/bigben_hint.py $(BB_ARGS)
	$(PY) tools/bench/keys.py
	$(PY) tools/bench/text.py
	$(PY) tools/bench/web.py
	$(PY) tools/bench/wear.py

# The verdict atlas hw/blackhole_atlas.bin: every deal 1-32000 decided on every core (resumes
# from build/atlas-progress.csv; about 12 minutes on 2 cores).
atlas: $(VENV)/.installed
	$(PY) tools/atlas/blackhole.py $(ARGS)

# The Calculation atlas hw/calculation_atlas.bin: the deals 1-32000 that the full-information
# search or the game's hint wins, each line replayed to a win (resumes from
# build/calc-atlas-progress.csv; a few CPU-hours in all: docs/performance.md, issue 37).
atlas-calc: $(VENV)/.installed
	nice -n 10 $(PY) tools/atlas/calculation.py $(ARGS)

# The Big Ben atlas hw/bigben_atlas.bin: the deals 1-32000 the full-information searches or
# the game's hint win, each line replayed to a win (resumes from
# build/bigben-atlas-progress.csv; about an hour of one core). ARGS="--minutes 50" boxes a run.
atlas-bigben: $(VENV)/.installed
	nice -n 10 $(PY) tools/atlas/bigben.py $(ARGS)

# The game in a web page: builds build/web (npm ci from web/package-lock.json on first use,
# nothing fetched when the page runs) and serves it on 127.0.0.1, printing the address to
# open; ARGS="--no-serve" only builds, ARGS="--port N" picks the port.
web: $(VENV)/.installed
	$(PY) tools/build_web.py $(ARGS)

# Copy the app to a plugged-in board; ARGS="--dry-run", "--verify", "--watch", ...
flash: $(VENV)/.installed
	$(PY) tools/flash/cli.py $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
