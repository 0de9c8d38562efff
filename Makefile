# Two commands:
#   make run    serve the app on http://127.0.0.1:8501 (PORT=9000 / HOST=0.0.0.0 to change)
#   make test   run every test layer: plain pytest, AppTest, headless Chromium
# Both create .venv and install the project on first use; the stamp files
# .venv/.installed* make later runs skip that until pyproject.toml changes.
# Both also compile the engine's hot path and the solver's search (tools/build_engine.py:
# Cython from PyPI, gcc): every run, which takes a moment when no source changed. A build
# runs only if it matches the sources (engine/native.py); without one, plain Python runs.

SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := help

PYTHON ?= python3
VENV := .venv
PORT ?= 8501
HOST ?= 127.0.0.1
# Some shells export HOST as the machine's name: only a HOST given on the
# make command line (make run HOST=0.0.0.0) counts.
ifeq ($(origin HOST),environment)
HOST := 127.0.0.1
endif
PYTEST_ARGS ?=
PYTEST_WORKERS ?= $(shell echo $$(( $$(nproc) + 1 )))
# Python's default, whatever the shell says: each module is compiled once and its bytecode
# kept in __pycache__ (git-ignored). The suite starts a score of app servers and many more
# interpreters; with PYTHONDONTWRITEBYTECODE=1 (some CI images set it) each compiles the
# app again (test_cli.py, the CLI, store and live-class tests: 12% more CPU).
unexport PYTHONDONTWRITEBYTECODE
# Hypothesis settings profile (tests/conftest.py): "ci" runs 40 fixed examples a property,
# "thorough" 200 new ones (make test HYPOTHESIS_PROFILE=thorough).
HYPOTHESIS_PROFILE ?= ci

# apt-get needs root: use sudo when we are not root and sudo exists.
SUDO := $(shell [ "$$(id -u)" -eq 0 ] || command -v sudo)
APT_INSTALL := $(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y
PIP := $(VENV)/bin/python -m pip --disable-pip-version-check install --progress-bar off

# axe-core, the accessibility checker the browser tests inject into each page
# (tests/browser/test_browser_accessibility.py): pinned, from the npm registry, fetched
# with the machine's npm only when missing (the folder is git-ignored).
AXE_VERSION := 4.14.1
AXE := .cache/axe-$(AXE_VERSION)/node_modules/axe-core/axe.min.js

.PHONY: help run test engine-build engine-build-deps browser-deps postgres-deps nginx-deps \
	clean

help:
	@echo "make run    start the app (PORT=$(PORT), HOST=$(HOST); make run HOST=0.0.0.0 serves a classroom)"
	@echo "make test   run the whole test suite, browser tests included"

# The app runs without the compiled engine (slower simulations), so a failed build only warns.
run: $(VENV)/.installed
	$(VENV)/bin/python tools/build_engine.py \
		|| echo "warning: the engine's compiled build failed; the app runs its plain Python" >&2
	$(VENV)/bin/euchre-tutorial --host "$(HOST)" --port "$(PORT)"

# EUCHRE_REQUIRE_COMPILED: tests/engine/test_compiled_path.py fails if the build is not in use.
# pytest-xdist: one worker per core and one more (PYTEST_WORKERS=0 runs in one process): the
# worker on the timing group (tests/conftest.py: servers, busy loops, timed waits) mostly
# waits on polls, paced cards and bounds, so another keeps the cores busy meanwhile (two
# cores: idle 18% of a two-worker run, 4% of a three-worker one). --dist loadgroup keeps
# each xdist_group on one worker.
test: $(VENV)/.installed-test browser-deps postgres-deps nginx-deps engine-build $(AXE)
	EUCHRE_REQUIRE_COMPILED=1 HYPOTHESIS_PROFILE=$(HYPOTHESIS_PROFILE) \
		$(VENV)/bin/python -m pytest -n $(PYTEST_WORKERS) --dist loadgroup \
		$(PYTEST_ARGS)

# Rebuilds only what changed (sources, .pxd types, this build's settings); see engine/native.py.
engine-build: $(VENV)/.installed-test engine-build-deps
	$(VENV)/bin/python tools/build_engine.py

$(AXE):
	@command -v npm >/dev/null 2>&1 || { echo "Installing Debian's npm for axe-core"; \
		$(SUDO) apt-get update && $(APT_INSTALL) npm; }
	npm install --prefix .cache/axe-$(AXE_VERSION) --no-save --no-audit --no-fund \
		axe-core@$(AXE_VERSION)
	test -s $@

# pip appears only once venv has fully worked (Debian needs python3-venv for that).
$(VENV)/bin/pip:
	@$(PYTHON) -c 'import sys; sys.exit(sys.version_info < (3, 11))' \
		|| { echo "Python 3.11 or newer is needed: make PYTHON=python3.11 ..." >&2; exit 1; }
	@if ! $(PYTHON) -m venv $(VENV); then \
		echo "Installing Debian's python3-venv, which 'python3 -m venv' needs"; \
		rm -rf $(VENV); \
		$(SUDO) apt-get update && $(APT_INSTALL) python3-venv; \
		$(PYTHON) -m venv $(VENV); \
	fi

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/pip
	$(PIP) -e '.[compiled]'
	touch $@

$(VENV)/.installed-test: pyproject.toml | $(VENV)/bin/pip
	$(PIP) -e '.[test,compiled]'
	touch $@ $(VENV)/.installed

# A C compiler and the headers of the Python that runs the venv (Debian's python3-dev for
# Debian's python3; a Python built from source, such as pyenv's, has its own).
engine-build-deps: | $(VENV)/bin/pip
	@missing=""; \
	command -v gcc >/dev/null 2>&1 || missing="gcc"; \
	$(VENV)/bin/python -c 'import os, sys, sysconfig; \
		sys.exit(not os.path.exists(os.path.join(sysconfig.get_paths()["include"], "Python.h")))' \
		|| missing="$$missing python3-dev"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages to compile the engine:$$missing"; \
		$(SUDO) apt-get update && $(APT_INSTALL) $$missing; \
	fi

# The browser tests drive Debian's Chromium (never `playwright install`);
# the emoji font keeps icons from showing as empty boxes.
browser-deps:
	@missing=""; \
	command -v chromium >/dev/null 2>&1 || missing="chromium"; \
	command -v chromium-headless-shell >/dev/null 2>&1 || missing="$$missing chromium-headless-shell"; \
	dpkg -s fonts-noto-color-emoji >/dev/null 2>&1 || missing="$$missing fonts-noto-color-emoji"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages for the browser tests:$$missing"; \
		$(SUDO) apt-get update && $(APT_INSTALL) $$missing; \
	fi

# The progress store's tests start a throwaway PostgreSQL server of their own (initdb,
# pg_ctl from Debian's postgresql) on a free local port; they never use the system's.
postgres-deps:
	@if ! compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null; then \
		echo "Installing Debian's postgresql for the progress store's tests"; \
		$(SUDO) apt-get update && $(APT_INSTALL) postgresql; \
	fi

# The deployment test (tests/deploy) puts Debian's nginx, with docs/nginx/euchre.conf, in
# front of two app processes: run by the test itself, unprivileged, from a temporary folder,
# on free local ports, with a certificate openssl makes for it (never the system's nginx).
nginx-deps:
	@missing=""; \
	command -v nginx >/dev/null 2>&1 || [ -x /usr/sbin/nginx ] || missing="nginx"; \
	command -v openssl >/dev/null 2>&1 || missing="$$missing openssl"; \
	if [ -n "$$missing" ]; then \
		echo "Installing Debian packages for the deployment test:$$missing"; \
		$(SUDO) apt-get update && $(APT_INSTALL) $$missing; \
	fi

clean:
	rm -rf $(VENV) test-artifacts *.egg-info engine/_native analysis/_native .cache/axe-*
