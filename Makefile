# make run: set up and serve on the embedded SQLite; make test: set up and run every test on SQLite, then those that
# touch a database on PostgreSQL.
VENV ?= .venv
PY := $(VENV)/bin/python
HOST ?= 127.0.0.1
PORT ?= 5000

.PHONY: run run-lan test lint setup test-setup bench icons clean

# make run installs what the app runs on, nothing else; the test tools come with test-setup
$(VENV)/.installed: pyproject.toml
	python3 -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e .
	touch $@

$(VENV)/.installed-test: $(VENV)/.installed
	$(PY) -m pip install --quiet -e ".[test]"
	touch $@

setup: $(VENV)/.installed

run: setup
	$(VENV)/bin/scorekeeper serve --host $(HOST) --port $(PORT)

# serve on every interface so phones on the same Wi-Fi can scan the QR code
run-lan: setup
	$(VENV)/bin/scorekeeper serve --lan --port $(PORT)

# browser tests drive Debian's chromium (its headless shell, see tests/browser/conftest.py); the QR test decodes
# with zbarimg; the second run needs Debian's postgresql; tests/test_bench_capacity.py drives gunicorn with wrk;
# npm installs axe-core (package-lock.json), which the accessibility test runs in every page
test-setup: $(VENV)/.installed-test node_modules/.installed

node_modules/.installed: package.json package-lock.json | apt-packages
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

.PHONY: apt-packages
apt-packages:
	@if ! command -v chromium >/dev/null || ! command -v chromium-headless-shell >/dev/null \
		|| ! command -v zbarimg >/dev/null || ! command -v rsvg-convert >/dev/null \
		|| ! ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || ! command -v npm >/dev/null \
		|| ! command -v wrk >/dev/null; then \
		if [ "$$(id -u)" = 0 ]; then SUDO=; else SUDO=sudo; fi; \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium chromium-headless-shell zbar-tools librsvg2-bin postgresql wrk \
			$$(command -v npm >/dev/null || echo npm); \
	fi

# every test on SQLite, then on a throwaway PostgreSQL every test that touches a database (browser tests
# excepted, see tests/conftest.py; SKIP_POSTGRES=1 skips that run), on pytest-xdist processes (an idle one
# takes tests queued for a busy one, so a few long tests at the end do not leave a core idle): on SQLite two
# per core, so that one works while another waits on a browser, a page's poll or a server starting (8 min 18 s
# with one per core, 6 min 30 s to 7 min 4 s with two, on 2 cores); on PostgreSQL one per core, as there the
# server's own work fills the cores (4 min 16 s with two, 3 min 52 s to 4 min 2 s with one); the PostgreSQL
# run goes on even when the SQLite one failed, and make fails if either did
SQLITE_WORKERS ?= $$(( 2 * $$(nproc) ))
test: test-setup lint
	@status=0; \
	echo "== tests on SQLite"; \
	$(PY) -m pytest -q -n $(SQLITE_WORKERS) --dist worksteal || status=1; \
	if [ -n "$(SKIP_POSTGRES)" ] && [ "$(SKIP_POSTGRES)" != 0 ]; then \
		echo "== tests on PostgreSQL skipped (SKIP_POSTGRES=$(SKIP_POSTGRES))"; \
	else \
		echo "== tests on PostgreSQL"; \
		tests/run_postgres.sh $(PY) -n auto --dist worksteal || status=1; \
	fi; \
	exit $$status

# ruff over the code, tests and scripts; mypy over the engine, strictly (both configured in pyproject.toml)
lint: test-setup
	$(VENV)/bin/ruff check scorekeeper tests bench tools
	$(VENV)/bin/mypy

bench: setup
	$(PY) bench/engine.py
	$(PY) bench/gin.py
	$(PY) bench/capacity.py

# the PNG icons and favicon.ico, drawn from static/icons/icon.svg (committed: run again after changing the SVG)
icons:
	python3 tools/make_icons.py

clean:
	rm -rf $(VENV) build dist *.egg-info node_modules
