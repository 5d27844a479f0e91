"""One check per customer field type (SPEC §3): the normalised value, or an Italian message.

Each check receives a value that is not empty (see ``is_empty``) and returns
``(normalised value, None)`` or ``(None, message)``.
"""

from __future__ import annotations

import math
import re
from collections.abc import Callable, Mapping, Sequence
from datetime import date, datetime
from decimal import Decimal
from typing import Any

from core.domain.products.fields import messages as msg
from core.domain.products.fields.fiscal import (
    CF_LENGTH,
    is_codice_fiscale,
    is_partita_iva,
    normalise,
)
from core.domain.products.fields.plates import is_plate, normalise_plate

Result = tuple[Any, str | None]
Check = Callable[[Mapping[str, Any], Any], Result]

MIN_DATE = date(1900, 1, 1)
MAX_DATE = date(2099, 12, 31)
MAX_TEXT = 1000
MAX_AMOUNT = 10**12
"""Amounts are below a thousand billion euros: anything larger is a typing slip."""
_ISO_DATE = re.compile(r"\d{4}-\d{2}-\d{2}")
_YEAR = re.compile(r"(19|20)\d\d")


def _name(field: Mapping[str, Any]) -> str:
    return str(field.get("name") or field.get("_id") or "")


def _fail(message: str, field: Mapping[str, Any] | None = None) -> Result:
    return None, message.format(name=_name(field)) if field is not None else message


def is_blank(value: Any) -> bool:
    return value is None or (isinstance(value, str) and not value.strip())


def is_empty(field_type: str, value: Any) -> bool:
    """Whether nothing was entered: the field counts as missing (fine unless required)."""
    if field_type == "targa" and isinstance(value, Mapping):
        return is_blank(value.get("value"))
    if field_type == "marcamodello" and isinstance(value, Mapping):
        return is_blank(value.get("brand")) and is_blank(value.get("model"))
    if isinstance(value, Mapping):
        return all(is_empty("", v) for v in value.values())
    if isinstance(value, list):
        return not value
    return is_blank(value)


def parse_date(value: Any) -> date | None:
    """A ``YYYY-MM-DD`` date within 1900-01-01..2099-12-31 (SPEC §5), else None."""
    if not isinstance(value, str) or not _ISO_DATE.fullmatch(value):
        return None
    try:
        day = date.fromisoformat(value)
    except ValueError:
        return None
    return day if MIN_DATE <= day <= MAX_DATE else None


def _options(field: Mapping[str, Any]) -> list[str] | None:
    options = field.get("options")
    return [str(o) for o in options] if isinstance(options, Sequence) and options else None


def check_text(field: Mapping[str, Any], value: Any) -> Result:
    if not isinstance(value, str):
        return _fail(msg.TEXT_INVALID, field)
    if len(value) > MAX_TEXT:
        return _fail(msg.TEXT_TOO_LONG, field)
    return value.strip(), None


def check_select(field: Mapping[str, Any], value: Any) -> Result:
    """One of the field's options (any text when the field lists none)."""
    options = _options(field)
    if not isinstance(value, str) or (options is not None and value not in options):
        return _fail(msg.NOT_ALLOWED, field)
    return value, None


def check_multi_select(field: Mapping[str, Any], value: Any) -> Result:
    """A list of the field's options, each once, in the order given."""
    options = _options(field)
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        return _fail(msg.NOT_ALLOWED, field)
    if options is not None and any(v not in options for v in value):
        return _fail(msg.NOT_ALLOWED, field)
    return list(dict.fromkeys(value)), None


def check_fiscal_code(_field: Mapping[str, Any], value: Any) -> Result:
    """16 characters: Codice Fiscale; otherwise a Partita IVA (11 digits)."""
    if not isinstance(value, str):
        return _fail(msg.CF_INVALID)
    code = normalise(value)
    if len(code) == CF_LENGTH or not code.isdigit():
        return (code, None) if is_codice_fiscale(code) else _fail(msg.CF_INVALID)
    return (code, None) if is_partita_iva(code) else _fail(msg.PIVA_INVALID)


def check_plate(field: Mapping[str, Any], value: Any) -> Result:
    """``{value, tipoBersani?, targaAgev?}``; a bare plate string is accepted too."""
    data: Mapping[str, Any] = {"value": value} if isinstance(value, str) else value
    if not isinstance(data, Mapping):
        return _fail(msg.PLATE_INVALID)
    plate, bersani, agev = data.get("value"), data.get("tipoBersani"), data.get("targaAgev")
    if not isinstance(plate, str) or not is_plate(plate):
        return _fail(msg.PLATE_INVALID)
    if not (bersani is None or isinstance(bersani, str)):
        return _fail(msg.NOT_ALLOWED, {"name": "tipoBersani"})
    if not (agev is None or isinstance(agev, bool)):
        return _fail(msg.NOT_ALLOWED, {"name": "targaAgev"})
    out: dict[str, Any] = {"value": normalise_plate(plate)}
    if bersani is not None and bersani.strip():
        out["tipoBersani"] = bersani.strip()
    if agev is not None:
        out["targaAgev"] = agev
    return out, None


def check_date(_field: Mapping[str, Any], value: Any) -> Result:
    return (value, None) if parse_date(value) else _fail(msg.DATE_INVALID)


def check_bool(field: Mapping[str, Any], value: Any) -> Result:
    return (value, None) if isinstance(value, bool) else _fail(msg.BOOL_INVALID, field)


def _count(value: Any) -> int | None:
    ok = isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 1000
    return value if ok else None


MAX_ATR_YEARS = 10
"""A risk certificate (attestato di rischio) reports the claims of the last ten years."""
MAX_SHARES = 20
"""Claims with equal responsibility in one year: more is a typing slip."""
_ATR_KEYS = frozenset({"years", "total"})
_ATR_YEAR_KEYS = frozenset({"principali", "paritarie"})
AtrYear = tuple[int | dict[str, Any], int] | str
"""A year's entry as stored and its claims, or the message refusing it."""


def _is_share(value: Any) -> bool:
    """A share (%) of a claim with equal responsibility (responsabilità paritaria): 1 to 50."""
    return isinstance(value, int) and not isinstance(value, bool) and 1 <= value <= 50


def _atr_year(value: Any) -> AtrYear:
    """A year of the certificate: a number of claims (how quotes stored it before the
    responsibility was asked), or ``{"principali": n, "paritarie": [shares]}``: the claims
    with main responsibility and the share of each claim with equal responsibility."""
    count = _count(value)
    if count is not None:
        return count, count
    if not isinstance(value, Mapping) or not set(value) <= _ATR_YEAR_KEYS:
        return msg.ATR_INVALID
    main, shares = _count(value.get("principali", 0)), value.get("paritarie", [])
    if main is None or not isinstance(shares, list) or len(shares) > MAX_SHARES:
        return msg.ATR_INVALID
    if not all(_is_share(share) for share in shares):
        return msg.ATR_SHARE
    return {"principali": main, "paritarie": list(shares)}, main + len(shares)


def check_atr(_field: Mapping[str, Any], value: Any) -> Result:
    """Claims per year and their total, which must be the sum: ``{"years": {"2021": 0, …},
    "total"}``, each year a count or ``{"principali", "paritarie"}`` (see :func:`_atr_year`);
    at most :data:`MAX_ATR_YEARS` years."""
    if not isinstance(value, Mapping) or not set(value) <= _ATR_KEYS:
        return _fail(msg.ATR_INVALID)
    years = value.get("years")
    if not isinstance(years, Mapping):
        return _fail(msg.ATR_INVALID)
    if len(years) > MAX_ATR_YEARS:
        return _fail(msg.ATR_YEARS)
    entries: dict[str, int | dict[str, Any]] = {}
    claims = 0
    for year, raw in years.items():
        if not isinstance(year, str) or not _YEAR.fullmatch(year):
            return _fail(msg.ATR_INVALID)
        entry = _atr_year(raw)
        if isinstance(entry, str):
            return _fail(entry)
        entries[year], claims = entry[0], claims + entry[1]
    total = value.get("total")
    if total is not None and _count(total) is None:
        return _fail(msg.ATR_INVALID)
    if total is not None and total != claims:
        return _fail(msg.ATR_TOTAL)
    return {"years": dict(sorted(entries.items())), "total": claims}, None


def check_brand_model(_field: Mapping[str, Any], value: Any) -> Result:
    """``{brand, model}``: both text, the brand given."""
    if not isinstance(value, Mapping):
        return _fail(msg.BRAND_MODEL_INVALID)
    brand, model = value.get("brand"), value.get("model", "")
    if not isinstance(brand, str) or not brand.strip() or not isinstance(model, str | None):
        return _fail(msg.BRAND_MODEL_INVALID)
    if len(brand) > MAX_TEXT or len(model or "") > MAX_TEXT:
        return _fail(msg.BRAND_MODEL_INVALID)
    return {"brand": brand.strip(), "model": (model or "").strip()}, None


def check_registration(_field: Mapping[str, Any], value: Any) -> Result:
    """``{isNew: true}`` or ``{isNew: false, date}``."""
    is_new = value.get("isNew") if isinstance(value, Mapping) else None
    if is_new is True:
        return {"isNew": True}, None
    if is_new is False and parse_date(value.get("date")):
        return {"isNew": False, "date": value["date"]}, None
    return _fail(msg.REGISTRATION_INVALID)


def _is_iso_datetime(value: Any) -> bool:
    try:
        datetime.fromisoformat(value)
    except (TypeError, ValueError):
        return False
    return True


def check_previous_insurance(_field: Mapping[str, Any], value: Any) -> Result:
    """``{isInsured, company?, exp?, at?}``: whether the vehicle is insured, with whom, until."""
    if not isinstance(value, Mapping) or not isinstance(value.get("isInsured"), bool):
        return _fail(msg.PREVIOUS_INSURANCE_INVALID)
    out: dict[str, Any] = {"isInsured": value["isInsured"]}
    company, exp, at = value.get("company"), value.get("exp"), value.get("at")
    if company is not None:
        if not isinstance(company, str) or len(company) > MAX_TEXT:
            return _fail(msg.PREVIOUS_INSURANCE_INVALID)
        if company.strip():
            out["company"] = company.strip()
    if exp is not None and exp != "":
        if not parse_date(exp):
            return _fail(msg.DATE_INVALID)
        out["exp"] = exp
    if at is not None:
        if not _is_iso_datetime(at):
            return _fail(msg.PREVIOUS_INSURANCE_INVALID)
        out["at"] = at
    return out, None


def check_amount(_field: Mapping[str, Any], value: Any) -> Result:
    """A number ≥ 0 with at most two decimals (euro cents)."""
    if isinstance(value, bool) or not isinstance(value, int | float):
        return _fail(msg.AMOUNT_INVALID)
    if not math.isfinite(value) or not 0 <= value < MAX_AMOUNT:
        return _fail(msg.AMOUNT_INVALID)
    exponent = Decimal(str(value)).as_tuple().exponent
    if not isinstance(exponent, int) or exponent < -2:
        return _fail(msg.AMOUNT_INVALID)
    return value, None


CHECKS: dict[str, Check] = {
    "text": check_text,
    "Selezione": check_select,
    "Selezione multipla": check_multi_select,
    "cf": check_fiscal_code,
    "targa": check_plate,
    "Data": check_date,
    "bool": check_bool,
    "atr": check_atr,
    "marcamodello": check_brand_model,
    "immatricolazione": check_registration,
    "pa": check_previous_insurance,
    "importo": check_amount,
    "massimale": check_amount,
    "fatturato": check_amount,
    "valore": check_amount,
}
