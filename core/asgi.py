"""ASGI entry point for uvicorn: ``core.asgi:app``."""

from core.app import create_app

app = create_app()
