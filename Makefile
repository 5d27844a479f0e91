# Sportello — every target explains itself: `make help`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
UV := .tools/bin/uv
VENV := .venv
BIN := $(VENV)/bin
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
# Python keeps the modules it compiles (__pycache__, ignored by git): every process of a run
# (the test workers, the servers the browser journeys start, the CLI tests' subprocesses) then
# reads them instead of compiling them again; importing the app took 5.5 s of CPU a process
# without them, 2.3 s with them
unexport PYTHONDONTWRITEBYTECODE
TEST_POSTGRES_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/test

.PHONY: help install run run-cluster test lint fmt test-sqlite test-postgres test-web web-check test-e2e docs web web-install chromium nginx web-dev lighthouse bench bench-soak bench-cluster bench-login bench-web mutation clean

help: ## Show the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  \033[1m%-14s\033[0m %s\n", $$1, $$2}'

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check uv==0.13.8

# --inexact: a product line installed into .venv beside Sportello (docs/new-line.md) stays installed
install: $(UV) ## Install the locked Python dependencies into .venv
	$(UV) sync --frozen --inexact --quiet

WEB_STAMP := web/node_modules/.sportello-installed

$(WEB_STAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

web-install: $(WEB_STAMP) ## Install the locked web packages into web/node_modules

chromium: ## Debian's Chromium for the browser tests (installed with apt-get when missing)
	@test -x /usr/bin/chromium || apt-get install -y --no-install-recommends chromium

nginx: ## Debian's nginx for the local cluster and its tests (installed with apt-get when missing)
	@test -x /usr/sbin/nginx || apt-get install -y --no-install-recommends nginx

WEB_SOURCES := $(shell find web/src web/packages web/federation web/index.html web/public web/vite.config.ts web/scripts/chunk-packages.mjs web/package.json \
	plugins/*/web -path '*/node_modules' -prune -o -path '*/dist' -prune -o -type f -print 2>/dev/null)
WEB_BUILT := web/dist/.sportello-built

$(WEB_BUILT): $(WEB_STAMP) $(WEB_SOURCES)
	cd web && npm run --silent build
	touch $@

web: $(WEB_BUILT) ## Install the locked web dependencies and build the shell and the plugin modules (when changed)

web-dev: $(WEB_STAMP) ## Vite with hot reload on :5173, proxying to a backend on :8000 (start `make run` first)
	cd web && npm run dev

run: install web ## Install, build the web app and serve every tenant on :8000 (SQLite, demo data)
	$(BIN)/sportello serve

run-cluster: install web nginx ## The production topology as local processes: nginx on :8000, two workers, PostgreSQL, Redis (Ctrl-C stops all)
	$(BIN)/sportello cluster

lint: install ## ruff (lint + format check), mypy, the import contracts (import-linter) and hadolint on the Dockerfile
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .
	$(BIN)/lint-imports
	$(BIN)/hadolint Dockerfile

docs: install ## Build the documentation site into site/ (mkdocs build --strict: a broken link or anchor fails)
	NO_MKDOCS_2_WARNING=1 $(BIN)/mkdocs build --strict

fmt: install ## Format and auto-fix the code
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

# three workers on two cores: tests spend a share of their time waiting on sockets, timers and the
# database, and a third worker fills it (SQLite pass 280 s to 207 s, PostgreSQL 290 s to 204 s)
# the files in the order conftest.py gives them (the slow ones first), not xdist's (most tests first)
PYTEST := $(BIN)/pytest -q -n 3 --dist loadfile --no-loadscope-reorder

test-sqlite: install web-install ## pytest on the embedded SQLite database (three workers)
	$(PYTEST)

test-postgres: install web-install nginx ## pytest on PostgreSQL (TEST_POSTGRES_URL; the local cluster's tests need nginx)
	$(BIN)/python scripts/require_postgres.py "$(TEST_POSTGRES_URL)"
	TEST_DATABASE_URL="$(TEST_POSTGRES_URL)" $(PYTEST)

web-check: $(WEB_STAMP) ## Web: the TypeScript check and Vitest
	cd web && npm run --silent typecheck
	cd web && npm run --silent test

test-e2e: install web chromium ## Web: the browser journeys (Playwright, Debian Chromium) against live servers
	cd web && npm run --silent e2e

test-web: web-check test-e2e ## Web: types, Vitest, then the browser journeys

# the checks that need no server share the two cores (lint and mypy, the docs, the web build,
# the TypeScript check and Vitest); then the browser journeys and the two database passes
test: ## Install and run every check: lint, types, docs, web, tests on SQLite and PostgreSQL
	$(MAKE) -j2 --output-sync=target lint docs web web-check
	$(MAKE) test-e2e test-sqlite test-postgres

bench: install ## Run the benchmarks under bench/ and print their tables
	$(BIN)/python -m bench

bench-soak: install ## Soak: 100 clients for 60 s against one server, one socket never reading (bench/soak.py)
	$(BIN)/python -m bench.soak

bench-cluster: install web nginx ## Rolling restarts: 40 clients for 60 s through nginx while each of two workers restarts (bench/cluster.py)
	$(BIN)/python -m bench.cluster

bench-login: install ## Login load: 50 clients logging in for 30 s, then everyone again a minute later (bench/login.py)
	$(BIN)/python -m bench.login

mutation: install $(WEB_STAMP) ## Mutation testing: mutmut on the Python rules, Stryker on the web's; the score per module (docs/mutation-score.md)
	rm -rf mutants web/reports/mutation
	@# both at once: each leaves a core idle in its single-process phases (mutmut's first
	@# runs of the tests, Stryker's start); Stryker's output is shown once mutmut is done
	mkdir -p web/reports/mutation
	start=$$(date +%s); \
	(cd web && npx stryker run > reports/mutation/stryker.log 2>&1) & stryker=$$!; \
	$(BIN)/mutmut run --max-children 2 || true; \
	wait $$stryker || true; \
	tail -n 40 web/reports/mutation/stryker.log; \
	$(BIN)/python scripts/mutation_score.py --seconds $$(( $$(date +%s) - start ))

bench-web: install web ## Measure the web bundle (bench/web-bundle.md) and the 10,000-quote list (bench/web-quotes.md) in Chromium
	cd web && npm run --silent report
	cd web && npm run --silent bench:quotes

lighthouse: install web ## Lighthouse (performance, accessibility) and Chromium's installability on the login and home pages; not part of make test
	cd web && node scripts/lighthouse.mjs assicurapp
	cd web && node scripts/lighthouse.mjs assicurapp --desktop

clean: ## Remove the virtualenvs, caches and the embedded database
	rm -rf .tools $(VENV) site .pytest_cache .mypy_cache .ruff_cache data mutants web/reports web/.stryker-tmp web/node_modules web/dist plugins/*/web/dist plugins/*/web/node_modules
