# The two commands a host needs: `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python
RUN_STAMP := $(VENV)/.installed-run
STAMP := $(VENV)/.installed

.PHONY: run test system lint typecheck soak bench clean

# `make run` needs only the runtime packages, so a first run is quick; `make test`
# adds the test tools (pytest, Playwright, PokerKit, ...) on top.
$(RUN_STAMP): pyproject.toml constraints.txt
	test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -c constraints.txt -e .
	touch $(RUN_STAMP)

$(STAMP): $(RUN_STAMP)
	$(PY) -m pip install --quiet -c constraints.txt -e '.[test]'
	touch $(STAMP)

NODE_STAMP := node_modules/.installed

$(NODE_STAMP): package.json
	npm install --no-audit --no-fund --silent
	touch $(NODE_STAMP)

run: $(RUN_STAMP)
	$(VENV)/bin/pitboss run

# Debian packages (Chromium, Node.js, PostgreSQL, card decks) and the local
# PostgreSQL server: the suite uses the real ones and never skips them.
system:
	bash .ci/system.sh

test: system $(STAMP) $(NODE_STAMP) lint typecheck
	$(PY) -m pytest -n 2

lint: $(STAMP)
	$(VENV)/bin/ruff check .

typecheck: $(STAMP)
	$(VENV)/bin/mypy

soak: $(STAMP)
	$(PY) -m pytest tests/soak -m soak -q -s -p no:xdist

bench: $(STAMP)
	$(PY) -m pip install --quiet -c constraints.txt -e '.[bench]'
	for b in benchmarks/bench_*.py; do $(PY) $$b; done

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache
