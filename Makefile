# Two commands matter: `make play` and `make test`. Both build .venv on first use.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: play test bench clean

$(VENV)/.installed: requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -r requirements-dev.txt
	touch $@

play: $(VENV)/.installed
	$(PY) tools/sim.py $(ARGS)

test: $(VENV)/.installed
	$(VENV)/bin/pytest $(ARGS)

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis
