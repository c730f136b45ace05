# Two commands on a fresh machine (Python 3.11+):
#   make run    install, migrate the SQLite file in instance/, serve on http://127.0.0.1:8000
#   make test   install, lint (`make lint`: ruff and mypy), run the whole test suite (set TEST_DATABASE_URL
#               to add PostgreSQL, PYTEST_ARGS for pytest options); the browser tests use Debian's
#               chromium, installed with apt-get when missing (as root)
PYTHON ?= python3
PORT ?= 8000
VENV := .venv
BIN := $(VENV)/bin

.PHONY: run lint test test-contract bench bench-opcodes bench-load bench-versus bench-bots sweep

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

# The npm tools of the contract tests (linters, openapi-typescript, tsc), from the committed lock file.
CONTRACT_TOOLS := tests/contract/node_modules/.installed
$(CONTRACT_TOOLS): tests/contract/package.json tests/contract/package-lock.json
	cd tests/contract && npm ci --no-audit --no-fund --ignore-scripts --loglevel=error
	touch $@

# ruff's chosen rules on the whole repo and mypy (strict on engine/), as pyproject.toml sets them: part of `test`.
lint: $(BIN)/.installed-test
	$(BIN)/ruff check .
	$(BIN)/mypy

test: $(BIN)/.installed-test $(CONTRACT_TOOLS) lint
	sh tools/browser-deps.sh
	$(BIN)/python -m pytest $(PYTEST_ARGS)

# openapi.yaml as integrators use it (tests/contract/, part of `test` too): .ci/run runs it beside the rest.
test-contract: $(BIN)/.installed-test $(CONTRACT_TOOLS)
	$(BIN)/python -m pytest tests/contract

bench: $(BIN)/.installed-test
	$(BIN)/python bench/bench.py

# Python bytecodes each request kind runs in the app (bench/opcodes.py): the same count on every run.
bench-opcodes: $(BIN)/.installed-test
	$(BIN)/python -m bench.opcodes $(BENCH_ARGS)

# The load from outside over HTTP (bench/load.py), and beside the boardgame.io peer (bench/versus.py).
# BENCH_ARGS=--quick for a short trial; BENCH_PG_URL=postgresql://... adds PostgreSQL.
bench-load: $(BIN)/.installed-run
	$(BIN)/python -m bench.load $(BENCH_ARGS)

bench-versus: $(BIN)/.installed-run
	$(BIN)/python -m bench.versus $(BENCH_ARGS)

# The bots' strength (win rates with 95 % intervals) and the CPU time of a hard move.
bench-bots: $(BIN)/.installed-test
	$(BIN)/python bench/bots.py

# The full invariant sweep: 1,000 seeded random matches per game.
sweep: $(BIN)/.installed-test
	ADDGAMES_SWEEP=full $(BIN)/python -m pytest tests/engine/test_protocol.py
