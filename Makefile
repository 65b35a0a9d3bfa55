# Gin Rummy: build, serve, test.  `make play` to play, `make test` to check everything.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
PORT   ?= 8000
HOST   ?= 127.0.0.1
CHROMIUM := /usr/bin/chromium
SUDO   := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)

GIN_FILES  := $(shell find gin -type f ! -path '*/__pycache__/*' ! -name '*.py[co]' 2>/dev/null)
SITE_FILES := index.html pyscript.json $(shell find static -type f ! -path 'static/vendor/*' ! -name gin.zip.gz ! -name gin.snapshot ! -name stdlib.zip.gz 2>/dev/null)

.PHONY: help setup venv npm chromium vendor locale bundle site play test lint typecheck unit coverage e2e bench screenshots clean distclean

help:
	@echo "make play   build the site and serve it at http://localhost:$(PORT)/ (PORT=... to change)"
	@echo "make test   lint, type-check, unit tests and browser tests"
	@echo "make site   build the publishable static site into _site/"
	@echo "make bench  run the benchmarks in bench/"
	@echo "make coverage  the unit tests' statement coverage of gin/"
	@echo "make screenshots  every phase at every window size (320x568 to 3840x2160), in test-results/"
	@echo "make setup  install everything (venv, npm packages, chromium) and build the assets"
	@echo "make clean  remove build outputs (distclean: also .venv and node_modules)"

# ---- setup (idempotent; stamp files keep a second run fast) ---------------------------------

setup: venv npm chromium vendor locale bundle

# Every package comes at the exact version of constraints.txt: `-c` for the install itself,
# PIP_CONSTRAINT for the isolated environment in which pip builds this project (setuptools).
venv: $(VENV)/.stamp
$(VENV)/.stamp: pyproject.toml constraints.txt
	@$(PYTHON) -c 'import ensurepip, venv' 2>/dev/null || { \
	  echo "Installing Debian's python3-venv..."; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y python3-venv; }
	@[ -x $(PY) ] || $(PYTHON) -m venv $(VENV)
	PIP_CONSTRAINT="$(CURDIR)/constraints.txt" $(PY) -m pip install --quiet \
	  --disable-pip-version-check -c constraints.txt -e '.[dev]'
	@touch $@

npm: node_modules/.stamp
node_modules/.stamp: package.json $(wildcard package-lock.json)
	@command -v npm >/dev/null || { \
	  echo "Installing Debian's nodejs and npm..."; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y nodejs npm; }
	@if [ -f package-lock.json ]; then npm ci --no-audit --no-fund; else npm install --no-audit --no-fund; fi
	@touch $@

chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  echo "Installing Debian's chromium (for the browser tests)..."; \
	  $(SUDO) apt-get update && $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium; \
	fi

# ---- build ----------------------------------------------------------------------------------

# tools/build.py writes static/vendor/.stamp itself.  The PyScript modules it copies depend
# on the plugins the page turns off (pyscript.json, index.html's <mpy-config>).
vendor: static/vendor/.stamp
static/vendor/.stamp: node_modules/.stamp tools/build.py pyscript.json index.html
	$(PYTHON) tools/build.py vendor

# The translations: gin/locale/*/LC_MESSAGES/gin.po -> gin.mo (Babel, from the venv), so
# CPython's unit tests read them too.  `python tools/i18n.py extract|update|check` for the rest.
locale: venv
	$(PY) tools/i18n.py compile

# The bundle compiles the translations first (Babel): it runs with the venv's python; then
# the Python sources, with node and the Pyodide of node_modules/ (tools/compile_pyodide.mjs),
# writes the standard library the page can import (tools/stdlib.py) and saves the start-up
# snapshot from them (tools/snapshot_pyodide.mjs).
bundle: static/gin.zip.gz
static/gin.zip.gz: $(GIN_FILES) tools/build.py tools/i18n.py tools/compile_pyodide.mjs tools/stdlib.py tools/stdlib_probe.py tools/stdlib_pyodide.mjs tools/snapshot_pyodide.mjs static/js/snapshot-format.mjs node_modules/.stamp | venv
	$(PY) tools/build.py bundle

# Needs Python with Babel (the venv) and npm: this is what the Pages workflow runs.
site: venv node_modules/.stamp
	$(PY) tools/build.py site

# ---- use ------------------------------------------------------------------------------------

play: site
	@echo "Open http://localhost:$(PORT)/ in your browser."
	$(PY) tools/serve.py _site --host $(HOST) --port $(PORT)

# ---- checks ---------------------------------------------------------------------------------

test: setup site lint typecheck unit e2e

lint: venv
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .

typecheck: venv
	$(PY) -m mypy

# pytest exits 5 when it collects no tests: accept that (and only that) for the unit tests.
unit: venv locale
	@if [ -d tests ]; then \
	  $(PY) -m pytest tests; rc=$$?; \
	  if [ $$rc -eq 5 ]; then echo "(no unit tests collected)"; rc=0; fi; \
	  exit $$rc; \
	else echo "(no tests/ folder)"; fi

# Statement coverage of the unit tests, package by package (the data file stays in .venv).
coverage: venv locale
	COVERAGE_FILE=$(VENV)/.coverage $(PY) -m coverage run --source=gin -m pytest -q tests
	COVERAGE_FILE=$(VENV)/.coverage $(PY) -m coverage report --skip-covered \
	  --omit='gin/web/*' --sort=cover | tail -25
	@for package in 'gin/table/*' 'gin/ai/*'; do \
	  printf '%s ' "$$package"; COVERAGE_FILE=$(VENV)/.coverage $(PY) -m coverage report \
	    --include="$$package" | tail -1; done

# Chromium's renderer very rarely crashes under load on two cores ("Page crashed"): such a
# test is run again, up to twice. A failed assertion or a page error is never retried.
E2E_RERUNS := --reruns 2 --only-rerun "Page crashed" --only-rerun "Target crashed"
e2e: venv chromium site
	$(PY) -m pytest e2e $(E2E_RERUNS)

# Every phase at every window size of e2e/layout.py, and the hand's measures per window and
# card size: test-results/screenshots/ (SIZE=393x851 for one size).
screenshots: venv chromium site
	$(PY) tools/screenshots.py $(if $(SIZE),--size $(SIZE))

# Every bench script that runs without arguments; knock_table.py is two steps (collect, then fit)
# and danger_samples.py holds arena factories: their docstrings say how to run them.
BENCH_BY_HAND := bench/knock_table.py bench/danger_samples.py
bench: setup site
	@set -e; for script in $(filter-out $(BENCH_BY_HAND),$(wildcard bench/*.py)); do \
	  echo "== $$script"; $(PY) $$script; done

# ---- cleaning -------------------------------------------------------------------------------

clean:
	rm -rf _site build static/vendor static/gin.zip.gz static/gin.snapshot static/stdlib.zip.gz test-results .pytest_cache .mypy_cache .ruff_cache
	find . -name __pycache__ -type d -not -path './.venv/*' -not -path './node_modules/*' -prune -exec rm -rf {} +

distclean: clean
	rm -rf $(VENV) node_modules
