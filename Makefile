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

.PHONY: help install web-install run test lint fmt test-sqlite test-postgres bench clean

help: ## Show the targets
	@grep -hE '^[a-z-]+:.*## ' $(MAKEFILE_LIST) | awk -F':.*## ' '{printf "  \033[1m%-14s\033[0m %s\n", $$1, $$2}'

$(UV):
	$(PYTHON) -m venv .tools
	.tools/bin/pip install --quiet --disable-pip-version-check uv==0.13.8

install: $(UV) ## Install the locked Python dependencies into .venv
	$(UV) sync --frozen --quiet

web-install: web/node_modules/.package-lock.json ## Install the locked web packages (npm ci; the tests use socketcluster-client)

web/node_modules/.package-lock.json: web/package.json web/package-lock.json
	cd web && npm ci --no-audit --no-fund

run: install ## Install and serve every tenant on :8000 (SQLite, demo data)
	$(BIN)/sportello serve

lint: install ## ruff (lint + format check) and mypy
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy .

fmt: install ## Format and auto-fix the code
	$(BIN)/ruff format .
	$(BIN)/ruff check --fix .

test-sqlite: install web-install ## pytest on the embedded SQLite database
	$(BIN)/pytest -q

test-postgres: install web-install ## pytest on PostgreSQL (TEST_POSTGRES_URL)
	$(BIN)/python scripts/require_postgres.py "$(TEST_POSTGRES_URL)"
	TEST_DATABASE_URL="$(TEST_POSTGRES_URL)" $(BIN)/pytest -q

test: lint test-sqlite test-postgres ## Install and run every check: lint, types, tests on SQLite and PostgreSQL

bench: install ## Run the benchmarks under bench/ and print their tables
	$(BIN)/python -m bench

clean: ## Remove the virtualenvs, caches and the embedded database
	rm -rf .tools $(VENV) .pytest_cache .mypy_cache .ruff_cache data
