# syntax=docker/dockerfile:1
# Sportello's image: the web shell and the product modules built from the lock file, then the
# locked Python dependencies on a slim runtime, run as a user without privileges.
# docs/operations.md ("In produzione: container") says how compose.yaml runs it.

# --- the web shell (web/dist) and each product plugin's module (plugins/<name>/web/dist)
FROM node:20-bookworm-slim AS web
WORKDIR /src/web
COPY web/package.json web/package-lock.json ./
COPY web/packages/host-api/package.json packages/host-api/package.json
RUN npm ci --no-audit --no-fund --loglevel=error
COPY web/ ./
COPY plugins/ /src/plugins/
RUN npm run --silent build
# the modules' dist folders gathered under /out with their paths, for one COPY below
WORKDIR /src
RUN for dist in plugins/*/web/dist; do mkdir -p "/out/${dist%/dist}" && cp -r "$dist" "/out/$dist"; done

# --- the locked Python dependencies and the project (editable: /app is the source tree)
FROM python:3.11-slim-bookworm AS python
ENV UV_COMPILE_BYTECODE=1 \
    UV_LINK_MODE=copy \
    UV_PYTHON_DOWNLOADS=never \
    UV_PROJECT_ENVIRONMENT=/app/.venv
RUN pip install --no-cache-dir uv==0.13.8
WORKDIR /app
COPY pyproject.toml uv.lock README.md ./
RUN uv sync --frozen --no-dev --no-group bench --no-group docs --no-install-project
COPY core/ core/
COPY plugins/ plugins/
COPY tenants/ tenants/
COPY tenants.yaml ./
RUN uv sync --frozen --no-dev --no-group bench --no-group docs

# --- the runtime
FROM python:3.11-slim-bookworm
# pg_dump and pg_restore for `sportello backup` and `sportello restore` (Debian's current
# PostgreSQL 15 client: the version follows the security updates, not a pin)
# hadolint ignore=DL3008
RUN apt-get update \
    && apt-get install -y --no-install-recommends postgresql-client \
    && rm -rf /var/lib/apt/lists/*
RUN groupadd --system --gid 10001 sportello \
    && useradd --system --uid 10001 --gid sportello --home-dir /app --no-create-home \
       --shell /usr/sbin/nologin sportello \
    && mkdir -p /var/lib/sportello \
    && chown sportello:sportello /var/lib/sportello
WORKDIR /app
COPY --from=python /app /app
COPY --from=web /src/web/dist web/dist
COPY --from=web /out/plugins/ plugins/
ENV PATH=/app/.venv/bin:$PATH \
    PYTHONUNBUFFERED=1 \
    ENVIRONMENT=production \
    WEB_DIST_DIR=/app/web/dist \
    TENANTS_FILE=/app/tenants.yaml \
    DATA_DIR=/var/lib/sportello \
    PORT=8000 \
    HEALTHCHECK_HOST=localhost
USER 10001:10001
EXPOSE 8000
# every route answers only a tenant's host: HEALTHCHECK_HOST names one of tenants.yaml
HEALTHCHECK --interval=15s --timeout=5s --start-period=90s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request as r; r.urlopen(r.Request('http://127.0.0.1:' + os.environ['PORT'] + '/healthz', headers={'Host': os.environ['HEALTHCHECK_HOST']}), timeout=4)"]
ENTRYPOINT ["sportello"]
CMD ["serve", "--host", "0.0.0.0"]
