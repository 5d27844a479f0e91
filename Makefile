# Sportello — every target explains itself: `make help`.
SHELL := /bin/bash
.DEFAULT_GOAL := help

PYTHON ?= python3
UV := .tools/bin/uv
VENV := .venv
BIN := $(VENV)/bin
export UV_PYTHON_DOWNLOADS := never
export UV_PROJECT_ENVIRONMENT := $(VENV)
TEST_POSTGRES_URL ?= postgresql+psycopg://postgres@127.0.0.1:5432/test

.PHONY: help install run test lint fmt test-sqlite test-postgres test-web web web-install chromium web-dev bench bench-soak bench-web mutation clean

help: ## Show the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  \033[1m%-14s\033[0m %s\n", $$1, $$2}'

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check uv==0.13.8

install: $(UV) ## Install the locked Python dependencies into .venv
	$(UV) sync --frozen --quiet

WEB_STAMP := web/node_modules/.sportello-installed

$(WEB_STAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund --loglevel=error
	touch $@

web-install: $(WEB_STAMP) ## Install the locked web packages into web/node_modules

chromium: ## Debian's Chromium for the browser tests (installed with apt-get when missing)
	@test -x /usr/bin/chromium || apt-get install -y --no-install-recommends chromium

WEB_SOURCES := $(shell find web/src web/federation web/index.html web/public web/vite.config.ts web/scripts/chunk-packages.mjs web/package.json \
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

lint: install ## ruff (lint + format check) and mypy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .

fmt: install ## Format and auto-fix the code
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

PYTEST := $(BIN)/pytest -q -n 2 --dist loadfile

test-sqlite: install web-install ## pytest on the embedded SQLite database (both cores)
	$(PYTEST)

test-postgres: install web-install ## pytest on PostgreSQL (TEST_POSTGRES_URL)
	$(BIN)/python scripts/require_postgres.py "$(TEST_POSTGRES_URL)"
	TEST_DATABASE_URL="$(TEST_POSTGRES_URL)" $(PYTEST)

test-web: install web chromium ## Web: types, Vitest, then Playwright (Debian Chromium) against a live server
	cd web && npm run --silent typecheck
	cd web && npm run --silent test
	cd web && npm run --silent e2e

# lint (mypy, one core) runs while the web app installs and builds; the rest runs in order
test: ## Install and run every check: lint, types, web, tests on SQLite and PostgreSQL
	$(MAKE) -j2 --output-sync=target lint web
	$(MAKE) test-web test-sqlite test-postgres

bench: install ## Run the benchmarks under bench/ and print their tables
	$(BIN)/python -m bench

bench-soak: install ## Soak: 100 clients for 60 s against one server, one socket never reading (bench/soak.py)
	$(BIN)/python -m bench.soak

mutation: install ## Mutation testing (mutmut) of tenancy, permissions, fiscal codes and money rules
	rm -rf mutants
	$(BIN)/mutmut run --max-children 2 || true
	$(BIN)/python scripts/mutation_score.py

bench-web: install web ## Measure the web bundle (bench/web-bundle.md) and the 10,000-quote list (bench/web-quotes.md) in Chromium
	cd web && npm run --silent report
	cd web && npm run --silent bench:quotes

clean: ## Remove the virtualenvs, caches and the embedded database
	rm -rf .tools $(VENV) .pytest_cache .mypy_cache .ruff_cache data mutants web/node_modules web/dist plugins/*/web/dist plugins/*/web/node_modules
