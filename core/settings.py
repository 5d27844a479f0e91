"""Typed settings, one section per concern, each field read from its environment variable.

Every field carries a description; ``tests/meta/test_settings_documented.py`` checks that each
environment variable has its row in docs/settings.md.
"""

from __future__ import annotations

import os
import re
import secrets
from enum import StrEnum
from functools import lru_cache
from pathlib import Path
from typing import Literal
from urllib.parse import urlsplit

from pydantic import Field, SecretStr, computed_field, field_validator, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

ROOT = Path(__file__).resolve().parent.parent
MIN_SECRET_LENGTH = 32


class Environment(StrEnum):
    DEVELOPMENT = "development"
    PRODUCTION = "production"
    TEST = "test"


def _config(prefix: str) -> SettingsConfigDict:
    return SettingsConfigDict(env_prefix=prefix, env_file=".env", extra="ignore")


class AppSettings(BaseSettings):
    model_config = _config("")

    environment: Environment = Field(
        Environment.DEVELOPMENT,
        description="development, production or test; production logs JSON and needs SECRET_KEY.",
    )
    data_dir: Path = Field(ROOT / "data", description="Folder for the embedded database, files.")
    tenants_file: Path = Field(ROOT / "tenants.yaml", description="The deployments served.")
    build: str = Field(
        "dev", description="BUILD identifier sent to clients; a change reloads them."
    )
    host: str = Field("127.0.0.1", description="Address `sportello serve` binds to.")
    port: int = Field(8000, description="Port `sportello serve` listens on.")
    seed_demo: bool | None = Field(
        None, description="Create the demo accounts and data on start (default: not in production)."
    )
    migrate_on_start: bool = Field(
        True, description="Apply pending migrations when the app starts."
    )
    daily_jobs: bool = Field(
        True, description="Run the background jobs (the daily policy renewals) in the server."
    )
    freeze_heap: bool = Field(
        True,
        description="Collect and freeze the start-up heap once started, so later full garbage "
        "collections skip it (a full collection costs ~170 ms: the test suite, which starts "
        "an app for every test, turns it off).",
    )
    web_dist_dir: Path = Field(ROOT / "web" / "dist", description="Built web shell to serve.")
    max_body_bytes: int = Field(
        20 * 1024 * 1024, description="Largest accepted request body for JSON routes, in bytes."
    )
    trusted_proxies: str = Field(
        "",
        description="Comma-separated addresses or networks of reverse proxies whose "
        "X-Forwarded-For is believed; empty trusts none.",
    )
    shutdown_grace_s: int = Field(
        30,
        description="On SIGTERM, how long `sportello serve` lets requests and socket calls in "
        "flight finish before cancelling them.",
    )


class DatabaseSettings(BaseSettings):
    model_config = _config("DATABASE_")

    url: str = Field(
        "",
        description="SQLAlchemy URL; empty means SQLite under DATA_DIR. "
        "PostgreSQL: postgresql+psycopg://owner@host:5432/db (used for migrations).",
    )
    app_role: str = Field(
        "sportello_app",
        description="PostgreSQL role the app connects as; it cannot bypass row-level security.",
    )
    app_password: str = Field("", description="Password of DATABASE_APP_ROLE, if the server asks.")
    echo: bool = Field(False, description="Log every SQL statement.")
    pool_size: int = Field(10, description="Connections kept open per process (PostgreSQL).")


class BusSettings(BaseSettings):
    model_config = _config("BROADCAST_")

    url: str = Field("memory://", description="Realtime fan-out: memory:// or redis://host:6379.")
    heartbeat_s: float = Field(
        5.0, description="How often each process checks that its bus subscription still hears."
    )


class AuthSettings(BaseSettings):
    model_config = _config("")

    secret_key: str = Field("", description="Key signing tokens and links; required in production.")
    token_ttl_days: int = Field(30, description="Lifetime of a login token, in days.")
    link_ttl_hours: int = Field(48, description="Lifetime of registration and reset links, hours.")
    login_max_failures: int = Field(5, description="Failed logins before the account is locked.")
    login_lock_minutes: int = Field(15, description="How long a locked account stays locked.")
    login_known_days: int = Field(
        90, description="How long an address an account logged in from is spared its pause."
    )
    login_device_days: int = Field(
        365, description="Lifetime of the device cookie set at login (spares it every lockout)."
    )
    cookie_secure: bool = Field(True, description="Mark the t cookies Secure (SameSite=None).")
    password_time_cost: int = Field(3, description="argon2 passes per password hash (RFC 9106).")
    password_memory_kib: int = Field(65536, description="argon2 memory per password hash, KiB.")


class RateLimitSettings(BaseSettings):
    model_config = _config("RATE_LIMIT_")

    storage_url: str = Field(
        "memory://",
        description="Where rate-limit counts live: memory:// (one process) or redis://host:6379 "
        "(shared by every process).",
    )
    login_per_address: str = Field("30/minute", description="Logins one client address may try.")
    login_failures_per_account: str = Field(
        "50/15minutes",
        description="Wrong passwords one account takes from all addresses before it is paused.",
    )
    reset_per_address: str = Field(
        "10/hour", description="Password-reset requests one client address may make."
    )
    reset_mails_per_email: str = Field(
        "3/hour", description="Reset mails one address receives; more requests mail nothing."
    )
    registration_per_address: str = Field(
        "10/hour", description="Registrations one client address may complete or check."
    )
    public_link_per_address: str = Field(
        "60/minute", description="Public quote-link requests one client address may make."
    )
    full_syncs_per_user: str = Field(
        "20/minute",
        description="Full getDbData syncs (a whole portfolio) one user may start; past it the "
        "call is refused with when to retry.",
    )
    full_syncs_per_tenant: str = Field(
        "120/minute", description="Full getDbData syncs one tenant's users may start together."
    )
    hash_concurrency: int = Field(
        0, description="Password hashes computed at once (0: one per CPU core)."
    )
    hash_queue: int = Field(
        0,
        description="Logins waiting for a hash slot, past which they get 429 at once "
        "(0: as many as the slots finish within hash_wait_ms, from measured hash times).",
    )
    hash_wait_ms: int = Field(
        3000, description="How long a login waits for a hash slot before 429."
    )


class RealtimeSettings(BaseSettings):
    model_config = _config("REALTIME_")

    ping_interval_ms: int = Field(8000, description="How often the server pings each socket.")
    ping_timeout_ms: int = Field(20000, description="Silence after which a socket is closed.")
    handshake_timeout_ms: int = Field(10000, description="Time a socket has to send #handshake.")
    max_frame_bytes: int = Field(1024 * 1024, description="Largest accepted socket frame.")
    compression: bool = Field(
        True, description="Accept permessage-deflate from the sockets that offer it."
    )
    protocol: Literal["sportello", "websockets-sansio", "websockets"] = Field(
        "sportello",
        description="The websocket implementation uvicorn serves sockets with: `sportello` is "
        "uvicorn's sans-I/O one (no task per socket, a 4 KB compression window) with a "
        "synchronous write for the fan-out.",
    )
    calls_per_second: int = Field(50, description="Calls a socket may make per second.")
    max_subscriptions: int = Field(100, description="Channels one socket may subscribe to.")
    resync_margin_s: int = Field(
        30, description="A watermark resync also resends what changed this long before it."
    )
    tombstone_days: int = Field(
        30, description="Deletions kept for resync; an older watermark gets a full sync."
    )
    outbox_messages: int = Field(
        2000, description="Frames queued for one socket before it is closed as too slow."
    )
    outbox_bytes: int = Field(
        4 * 1024 * 1024, description="Bytes queued for one socket before it is closed as too slow."
    )
    send_timeout_ms: int = Field(
        10000, description="Time one frame may take to reach a socket before it is closed."
    )
    syncs_per_user: int = Field(1, description="getDbData syncs one user may run at once.")
    syncs_per_tenant: int = Field(
        4,
        description="getDbData streams one tenant may read from the database at once (a sync "
        "waiting for its client to read holds none).",
    )
    sync_wait_ms: int = Field(
        5000, description="How long a getDbData waits for a free slot before it is refused."
    )
    anonymous_per_address: int = Field(
        20, description="Sockets not yet logged in that one client address may hold open."
    )
    login_cache_s: int = Field(
        60,
        description="How long a process trusts a login it checked for a socket's handshake and "
        "subscriptions, forgotten at once on any change of the user (0: always read the "
        "database).",
    )
    login_check_batch: int = Field(
        500,
        ge=1,
        description="Socket logins new to a process checked together in one database read (a "
        "storm of returning sockets costs one read per batch).",
    )
    login_checks_waiting: int = Field(
        5000,
        ge=1,
        description="Socket logins that may wait for a check; beyond, the socket is closed "
        "with 1013 and comes back after its jittered delay.",
    )


class UploadSettings(BaseSettings):
    model_config = _config("UPLOAD_")

    max_image_pixels: int = Field(
        40_000_000, description="Largest image (width × height) decoded for a thumbnail or avatar."
    )
    avatar_max_bytes: int = Field(5 * 1024 * 1024, description="Largest avatar file, in bytes.")
    image_memory_mb: int = Field(
        320,
        description="Memory image work may take at once per process, in MB, each image counted "
        "at width × height × 4 bytes (two of the largest at once); more waits its turn.",
    )
    image_wait_s: float = Field(
        15.0, description="How long image work waits for the memory budget before a 429."
    )
    user_quota_mb: int = Field(2048, description="Storage one user's uploads may take, in MB.")
    tenant_quota_mb: int = Field(51200, description="Storage one tenant's uploads may take, MB.")


class StorageSettings(BaseSettings):
    model_config = _config("STORAGE_")

    url: str = Field(
        "",
        description="Where documents are stored: empty for the folder DATA_DIR/files, or "
        "s3://bucket[/prefix] for an S3-compatible bucket (it must exist).",
    )
    endpoint: str = Field(
        "", description="S3 API address (e.g. http://127.0.0.1:9000); empty means AWS."
    )
    region: str = Field("", description="The bucket's region; empty leaves AWS's default.")
    access_key_id: str = Field(
        "", description="S3 access key id; empty takes the AWS_* environment or instance role."
    )
    secret_access_key: SecretStr = Field(
        SecretStr(""), description="S3 secret access key (never logged)."
    )
    allow_http: bool = Field(
        False, description="Accept an http:// STORAGE_ENDPOINT (a loopback or test store only)."
    )

    @field_validator("url")
    @classmethod
    def _s3_url(cls, value: str) -> str:
        value = value.strip()
        if value and bucket_and_prefix(value) is None:
            raise ValueError("STORAGE_URL: vuota (cartella locale) oppure s3://bucket[/prefisso]")
        return value

    @model_validator(mode="after")
    def _endpoint(self) -> StorageSettings:
        scheme = urlsplit(self.endpoint).scheme if self.endpoint else "https"
        if scheme not in ("https", "http"):
            raise ValueError("STORAGE_ENDPOINT: un indirizzo https:// (o http:// su loopback)")
        if scheme == "http" and not self.allow_http:
            raise ValueError(
                "STORAGE_ENDPOINT in http:// richiede STORAGE_ALLOW_HTTP=true "
                "(solo per un archivio su loopback o nei test)"
            )
        if bool(self.access_key_id) != bool(self.secret_access_key.get_secret_value()):
            raise ValueError(
                "STORAGE_ACCESS_KEY_ID e STORAGE_SECRET_ACCESS_KEY vanno date insieme "
                "(o nessuna delle due: valgono le AWS_* dell'ambiente)"
            )
        return self

    def bucket(self) -> tuple[str, str] | None:
        """(bucket, key prefix) of an ``s3://`` URL; ``None``: the local folder."""
        return bucket_and_prefix(self.url) if self.url else None


BUCKET = re.compile(r"[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]")


def bucket_and_prefix(url: str) -> tuple[str, str] | None:
    """``s3://docs/sportello/`` → ``("docs", "sportello")``; ``None`` if it is not one."""
    parts = urlsplit(url)
    prefix = parts.path.strip("/")
    if parts.scheme != "s3" or not BUCKET.fullmatch(parts.netloc) or parts.query:
        return None
    if any(part in ("", ".", "..") for part in prefix.split("/")) and prefix:
        return None
    return parts.netloc, prefix


class MailSettings(BaseSettings):
    model_config = _config("SMTP_")

    host: str = Field("", description="SMTP server; empty keeps mails only in the dev outbox.")
    port: int = Field(587, description="SMTP port.")
    username: str = Field("", description="SMTP user, if the server needs one.")
    password: str = Field("", description="SMTP password.")
    starttls: bool = Field(False, description="Upgrade the SMTP connection with STARTTLS.")
    sender: str = Field("Sportello <noreply@sportello.local>", description="From address.")


class PushSettings(BaseSettings):
    model_config = _config("PUSH_")

    allowed_hosts: str = Field(
        "fcm.googleapis.com,push.services.mozilla.com,notify.windows.com,push.apple.com",
        description="Push services a subscription may point at (host or parent domain, comma "
        "separated): the server posts to no other address.",
    )
    allow_http: bool = Field(
        False, description="Accept http:// push services (a loopback test service only)."
    )
    subscriptions_per_user: int = Field(
        10,
        description="Browsers one user may receive pushes on; a new one replaces the one "
        "registered (or renewed) longest ago.",
    )
    queue_size: int = Field(1000, description="Pushes waiting to be sent; past it, dropped.")
    concurrency: int = Field(4, description="Pushes sent at once.")
    timeout_s: float = Field(10.0, description="Time one push service has to answer.")
    retries: int = Field(2, description="Retries of a push the service failed (5xx, 429).")
    chat_grace_s: float = Field(
        2.0, description="Wait before a chat message's push: who saw the room meanwhile gets none."
    )

    def endpoint_allowed(self, endpoint: str) -> bool:
        """Only the push services named here, over https (http for a test service)."""
        parts = urlsplit(endpoint)
        host = (parts.hostname or "").lower().rstrip(".")
        allowed = (h.strip().lower() for h in self.allowed_hosts.split(",") if h.strip())
        schemes = ("https", "http") if self.allow_http else ("https",)
        return (
            parts.scheme in schemes and bool(host)
            and any(host == h or host.endswith(f".{h}") for h in allowed)
        )  # fmt: skip


class LogSettings(BaseSettings):
    model_config = _config("LOG_")

    level: str = Field("INFO", description="Log level: DEBUG, INFO, WARNING, ERROR.")
    json_output: bool | None = Field(
        None, alias="LOG_JSON", description="Force JSON (true) or console (false) log lines."
    )


MIN_METRICS_TOKEN = 24
"""A token a scrape guesses no sooner than a login's secret."""


class ObservabilitySettings(BaseSettings):
    model_config = _config("")

    metrics_token: SecretStr = Field(
        SecretStr(""),
        description="Bearer token a Prometheus scrape of /metrics must show (at least 24 "
        "characters); empty turns /metrics off (404).",
    )
    otel_enabled: bool = Field(
        False,
        description="Export OpenTelemetry traces (requests, socket calls, database queries) "
        "over OTLP/HTTP to OTEL_EXPORTER_OTLP_ENDPOINT.",
    )
    otel_service_name: str = Field("sportello", description="The service name the traces carry.")

    @field_validator("metrics_token")
    @classmethod
    def _long_enough(cls, token: SecretStr) -> SecretStr:
        if 0 < len(token.get_secret_value()) < MIN_METRICS_TOKEN:
            raise ValueError(f"METRICS_TOKEN troppo corto: almeno {MIN_METRICS_TOKEN} caratteri")
        return token


class Settings(BaseSettings):
    """All sections together; build it once with :func:`get_settings`."""

    model_config = _config("")

    app: AppSettings = Field(default_factory=AppSettings)
    db: DatabaseSettings = Field(default_factory=DatabaseSettings)
    bus: BusSettings = Field(default_factory=BusSettings)
    auth: AuthSettings = Field(default_factory=AuthSettings)
    mail: MailSettings = Field(default_factory=MailSettings)
    uploads: UploadSettings = Field(default_factory=UploadSettings)
    storage: StorageSettings = Field(default_factory=StorageSettings)
    rate_limits: RateLimitSettings = Field(default_factory=RateLimitSettings)
    realtime: RealtimeSettings = Field(default_factory=RealtimeSettings)
    log: LogSettings = Field(default_factory=LogSettings)
    push: PushSettings = Field(default_factory=PushSettings)
    observability: ObservabilitySettings = Field(default_factory=ObservabilitySettings)

    @computed_field  # type: ignore[prop-decorator]
    @property
    def database_url(self) -> str:
        if self.db.url:
            return self.db.url
        return f"sqlite+aiosqlite:///{self.app.data_dir / 'sportello.db'}"

    @property
    def is_production(self) -> bool:
        return self.app.environment is Environment.PRODUCTION

    @property
    def seeds_demo(self) -> bool:
        """Demo accounts have a known password: never by default in production."""
        if self.app.seed_demo is None:
            return not self.is_production
        return self.app.seed_demo

    @property
    def is_development(self) -> bool:
        return self.app.environment is Environment.DEVELOPMENT

    def signing_key(self) -> str:
        """The token key: configured, or (outside production) one kept under DATA_DIR."""
        if self.auth.secret_key:
            if self.is_production and len(self.auth.secret_key) < MIN_SECRET_LENGTH:
                raise RuntimeError(
                    f"SECRET_KEY troppo corta: almeno {MIN_SECRET_LENGTH} caratteri in produzione"
                )
            return self.auth.secret_key
        if self.is_production:
            raise RuntimeError("SECRET_KEY è obbligatoria in produzione")
        path = self.app.data_dir / ".secret_key"
        if not path.exists():
            path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
            descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
            with os.fdopen(descriptor, "w") as key_file:  # private from its first byte
                key_file.write(secrets.token_urlsafe(48))
        return path.read_text().strip()


@lru_cache(maxsize=1)
def get_settings() -> Settings:
    return Settings()
