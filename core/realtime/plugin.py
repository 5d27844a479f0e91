"""The transport, registered through the same hooks plugins use: the socket endpoint, the
``dbData`` channel and the calls every stream shares (``getDbData``, ``saveData``), plus the
client's timing report and the admins' app-wide triggers."""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from litestar.types import ControllerRouterHandler

from core.extensions import CallHandler, Publication
from core.hookspecs import hookimpl
from core.realtime.app_events import send_app_event
from core.realtime.publications import DB_DATA
from core.realtime.save import save_data
from core.realtime.server import socketcluster
from core.realtime.sync import get_db_data
from core.realtime.timing import log_time


@hookimpl
def register_routes() -> Sequence[ControllerRouterHandler]:
    return [socketcluster]


@hookimpl
def register_publications() -> Sequence[Publication]:
    return [DB_DATA]


@hookimpl
def register_calls() -> Mapping[str, CallHandler]:
    return {
        "getDbData": get_db_data,
        "saveData": save_data,
        "logTime": log_time,
        "sendAppEvent": send_app_event,
    }
