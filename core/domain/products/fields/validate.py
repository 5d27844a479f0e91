"""Validating customer field values one at a time and a quote's whole ``usrData``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.domain.products.fields import messages as msg
from core.domain.products.fields.values import CHECKS, Result, is_empty

FIELD_TYPES: tuple[str, ...] = tuple(CHECKS)
"""The customer field types of SPEC §3, as stored in a product field's ``type``."""

USR_DATA_KEY = "usrData"
"""The key of errors about the ``usrData`` list itself rather than one field."""


def _name(field: Mapping[str, Any]) -> str:
    return str(field.get("name") or field.get("_id") or "")


def check_value(field: Mapping[str, Any], value: Any) -> Result:
    """``(normalised value, None)``, ``(None, message)``, or ``(None, None)`` when empty."""
    field_type = str(field.get("type", ""))
    check = CHECKS.get(field_type)
    if check is None:
        return None, msg.UNKNOWN_TYPE.format(name=field_type)
    if is_empty(field_type, value):
        return None, msg.REQUIRED.format(name=_name(field)) if field.get("required") else None
    return check(field, value)


def validate_value(field: Mapping[str, Any], value: Any) -> str | None:
    """The Italian message for a wrong (or missing required) value of ``field``, or None."""
    return check_value(field, value)[1]


def validate_usr_data(
    fields: Sequence[Mapping[str, Any]], usr_data: Sequence[Mapping[str, Any]]
) -> tuple[list[dict[str, Any]], dict[str, str]]:
    """Check a quote's customer values (``[{_id, value}]``) against the product's fields.

    Returns the normalised entries (``_id, name, type, value, hide``, in the product's field
    order, only the fields given a value) and the errors by field id: wrong values, required
    fields left empty, ids the product does not have or given twice. Errors about the list
    itself are under ``USR_DATA_KEY``.
    """
    errors: dict[str, str] = {}
    given: dict[str, Any] = {}
    by_id = {str(f.get("_id")): f for f in fields}
    if isinstance(usr_data, str | bytes) or not isinstance(usr_data, Sequence):
        return [], {USR_DATA_KEY: msg.USR_DATA_INVALID}
    for entry in usr_data:
        field_id = entry.get("_id") if isinstance(entry, Mapping) else None
        if not isinstance(field_id, str):
            errors[USR_DATA_KEY] = msg.USR_DATA_INVALID
        elif field_id not in by_id:
            errors[field_id] = msg.UNKNOWN_FIELD.format(name=field_id)
        elif field_id in given:
            errors[field_id] = msg.DUPLICATE_FIELD.format(name=_name(by_id[field_id]))
        else:
            given[field_id] = entry.get("value")
    entries: list[dict[str, Any]] = []
    for field_id, field in by_id.items():
        if field_id in errors:
            continue
        value, error = check_value(field, given.get(field_id))
        if error is not None:
            errors[field_id] = error
        elif value is not None:
            entries.append(
                {
                    "_id": field_id,
                    "name": field.get("name", ""),
                    "type": field.get("type"),
                    "value": value,
                    "hide": bool(field.get("hide", False)),
                }
            )
    return entries, errors


def field_definition_problems(field: Any) -> list[str]:
    """What is wrong with a product's field definition (``{_id, name, type, …}``), in Italian."""
    if not isinstance(field, Mapping):
        return [msg.FIELD_DEFINITION_INVALID]
    problems: list[str] = []
    for key in ("_id", "name"):
        if not isinstance(field.get(key), str) or not field[key].strip():
            problems.append(msg.FIELD_KEY_MISSING.format(name=key))
    if field.get("type") not in CHECKS:
        problems.append(msg.UNKNOWN_TYPE.format(name=field.get("type")))
    for key in ("required", "hide"):
        if key in field and not isinstance(field[key], bool):
            problems.append(msg.FIELD_KEY_INVALID.format(name=key))
    options = field.get("options")
    if options is not None and (
        not isinstance(options, list) or not all(isinstance(o, str) and o for o in options)
    ):
        problems.append(msg.FIELD_KEY_INVALID.format(name="options"))
    if field.get("type") in ("Selezione", "Selezione multipla") and not options:
        problems.append(msg.OPTIONS_MISSING.format(name=field.get("name")))
    return problems
