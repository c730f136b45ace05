# Two commands on a fresh machine (Python 3.11+):
#   make run    install, migrate the SQLite file in instance/, serve on http://127.0.0.1:8000
#   make test   install, run the whole test suite (set TEST_DATABASE_URL to add PostgreSQL); the
#               browser tests use Debian's chromium, installed with apt-get when missing (as root)
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run test bench sweep

$(BIN)/.installed-run: requirements.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements.txt
	touch $@

$(BIN)/.installed-test: requirements.txt requirements-dev.txt
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --disable-pip-version-check -r requirements-dev.txt
	touch $@ $(BIN)/.installed-run

run: $(BIN)/.installed-run
	$(BIN)/flask --app wsgi db upgrade
	$(BIN)/gunicorn --bind 127.0.0.1:$(PORT) wsgi:app

test: $(BIN)/.installed-test
	sh tools/browser-deps.sh
	$(BIN)/python -m pytest

bench: $(BIN)/.installed-test
	$(BIN)/python bench/bench.py

# The full invariant sweep: 1,000 seeded random matches per game.
sweep: $(BIN)/.installed-test
	ADDGAMES_SWEEP=full $(BIN)/python -m pytest tests/engine/test_protocol.py
