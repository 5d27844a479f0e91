"""Each customer field type: values accepted (and how they are stored), values refused."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.products.fields import FIELD_TYPES, check_value, validate_value

OPTIONS = ["Benzina", "Diesel", "Elettrica"]
ATR_SHARE = (
    "Attestato di rischio non valido: una quota di responsabilità paritaria dev'essere tra 1% e 50%"
)


def field(field_type: str, **extra: Any) -> dict[str, Any]:
    return {"_id": "f1", "name": "Campo", "type": field_type, **extra}


def test_the_types_of_the_spec() -> None:
    assert set(FIELD_TYPES) == {
        "text", "Selezione", "Selezione multipla", "cf", "targa", "Data", "bool", "atr",
        "marcamodello", "immatricolazione", "pa", "importo", "massimale", "fatturato", "valore",
    }  # fmt: skip


ACCEPTED: list[tuple[str, dict[str, Any], Any, Any]] = [
    ("text", {}, " Mario ", "Mario"),
    ("Selezione", {"options": OPTIONS}, "Diesel", "Diesel"),
    ("Selezione", {}, "qualsiasi", "qualsiasi"),
    ("Selezione multipla", {"options": OPTIONS}, ["Diesel", "Benzina", "Diesel"],
     ["Diesel", "Benzina"]),
    ("cf", {}, "rssmra85t10a562s", "RSSMRA85T10A562S"),
    ("cf", {}, "00743110157", "00743110157"),
    ("targa", {}, {"value": "ab123cd", "tipoBersani": " Art. 134 ", "targaAgev": True},
     {"value": "AB123CD", "tipoBersani": "Art. 134", "targaAgev": True}),
    ("targa", {}, "AB 12345", {"value": "AB12345"}),
    ("Data", {}, "1900-01-01", "1900-01-01"),
    ("Data", {}, "2099-12-31", "2099-12-31"),
    ("bool", {}, False, False),
    ("atr", {}, {"years": {"2022": 1, "2021": 0, "2023": 2}, "total": 3},
     {"years": {"2021": 0, "2022": 1, "2023": 2}, "total": 3}),
    ("atr", {}, {"years": {"2023": 2}}, {"years": {"2023": 2}, "total": 2}),
    # with the responsibility: main claims and the shares of those with equal responsibility
    ("atr", {}, {"years": {"2024": {"principali": 1, "paritarie": [50, 30]},
                           "2023": {"principali": 0}}, "total": 3},
     {"years": {"2023": {"principali": 0, "paritarie": []},
                "2024": {"principali": 1, "paritarie": [50, 30]}}, "total": 3}),
    ("atr", {}, {"years": {"2022": 2, "2023": {"paritarie": [1, 50]}}},
     {"years": {"2022": 2, "2023": {"principali": 0, "paritarie": [1, 50]}}, "total": 4}),
    ("atr", {}, {"years": {str(2015 + i): 0 for i in range(10)}, "total": 0},
     {"years": {str(2015 + i): 0 for i in range(10)}, "total": 0}),
    ("marcamodello", {}, {"brand": " Fiat ", "model": "Panda"},
     {"brand": "Fiat", "model": "Panda"}),
    ("marcamodello", {}, {"brand": "Fiat"}, {"brand": "Fiat", "model": ""}),
    ("immatricolazione", {}, {"isNew": True, "date": "x"}, {"isNew": True}),
    ("immatricolazione", {}, {"isNew": False, "date": "2019-03-01"},
     {"isNew": False, "date": "2019-03-01"}),
    ("pa", {}, {"isInsured": False}, {"isInsured": False}),
    ("pa", {}, {"isInsured": True, "company": "Allianz", "exp": "2026-05-31",
                "at": "2026-01-10T09:30:00+00:00"},
     {"isInsured": True, "company": "Allianz", "exp": "2026-05-31",
      "at": "2026-01-10T09:30:00+00:00"}),
    ("importo", {}, 0, 0),
    ("massimale", {}, 6_070_000, 6_070_000),
    ("fatturato", {}, 1234.5, 1234.5),
    ("valore", {}, 19999.99, 19999.99),
]  # fmt: skip


@pytest.mark.parametrize(("field_type", "extra", "value", "stored"), ACCEPTED)
def test_accepted_values_are_normalised(
    field_type: str, extra: dict[str, Any], value: Any, stored: Any
) -> None:
    assert check_value(field(field_type, **extra), value) == (stored, None)


REFUSED: list[tuple[str, dict[str, Any], Any, str]] = [
    ("text", {}, 12, "Testo non valido per Campo"),
    ("text", {}, "x" * 1001, "Testo troppo lungo per Campo"),
    ("Selezione", {"options": OPTIONS}, "GPL", "Valore non ammesso per Campo"),
    ("Selezione", {"options": OPTIONS}, ["Diesel"], "Valore non ammesso per Campo"),
    ("Selezione multipla", {"options": OPTIONS}, ["Diesel", "GPL"], "Valore non ammesso per Campo"),
    ("Selezione multipla", {"options": OPTIONS}, "Diesel", "Valore non ammesso per Campo"),
    ("cf", {}, "RSSMRA85T10A562T", "Codice fiscale errato"),
    ("cf", {}, "RSSMRA85T10", "Codice fiscale errato"),
    ("cf", {}, "00743110158", "Partita IVA errata"),
    ("cf", {}, "0074311015", "Partita IVA errata"),
    ("cf", {}, 743110157, "Codice fiscale errato"),
    ("targa", {}, {"value": "AI123CD"}, "Targa non valida"),
    ("targa", {}, {"value": "AB123CD", "targaAgev": "sì"}, "Valore non ammesso per targaAgev"),
    ("targa", {}, {"value": "AB123CD", "tipoBersani": 3}, "Valore non ammesso per tipoBersani"),
    ("targa", {}, ["AB123CD"], "Targa non valida"),
    ("Data", {}, "1899-12-31", "Data non valida"),
    ("Data", {}, "2100-01-01", "Data non valida"),
    ("Data", {}, "2023-02-29", "Data non valida"),
    ("Data", {}, "01/02/2023", "Data non valida"),
    ("Data", {}, "2023-02-01T00:00:00", "Data non valida"),
    ("bool", {}, "true", "Valore non valido per Campo"),
    ("bool", {}, 1, "Valore non valido per Campo"),
    ("atr", {}, {"years": {"2022": 1}, "total": 2},
     "Il totale dei sinistri non corrisponde alla somma degli anni"),
    ("atr", {}, {"years": {"22": 1}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": -1}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": True}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": [1, 2]}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": 1.5}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": 1000}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": "1"}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"principali": -1}}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"principali": 1.0}}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"principali": 1000}}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"principali": True}}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"paritarie": 50}}}, "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"paritarie": [50] * 21}}},
     "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"principali": 0, "colpa": 1}}},
     "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": 0}, "total": 0, "note": "x"},
     "Attestato di rischio non valido"),
    ("atr", {}, {"years": {"2022": {"paritarie": [0]}}}, ATR_SHARE),
    ("atr", {}, {"years": {"2022": {"paritarie": [60]}}}, ATR_SHARE),
    ("atr", {}, {"years": {"2022": {"paritarie": [-50]}}}, ATR_SHARE),
    ("atr", {}, {"years": {"2022": {"paritarie": [25.5]}}}, ATR_SHARE),
    ("atr", {}, {"years": {"2022": {"paritarie": [True]}}}, ATR_SHARE),
    ("atr", {}, {"years": {"2022": {"paritarie": ["50"]}}}, ATR_SHARE),
    ("atr", {}, {"years": {"2022": {"principali": 1, "paritarie": [50]}}, "total": 1},
     "Il totale dei sinistri non corrisponde alla somma degli anni"),
    ("atr", {}, {"years": {str(2014 + i): 0 for i in range(11)}},
     "Attestato di rischio non valido: al massimo 10 anni"),
    ("atr", {}, {"years": {str(i): 0 for i in range(100_000)}},
     "Attestato di rischio non valido: al massimo 10 anni"),
    ("marcamodello", {}, {"brand": "", "model": "Panda"}, "Marca e modello non validi"),
    ("marcamodello", {}, {"brand": "Fiat", "model": 3}, "Marca e modello non validi"),
    ("marcamodello", {}, "Fiat Panda", "Marca e modello non validi"),
    ("immatricolazione", {}, {"isNew": False}, "Data di immatricolazione non valida"),
    ("immatricolazione", {}, {"isNew": False, "date": "2019-02-30"},
     "Data di immatricolazione non valida"),
    ("immatricolazione", {}, {"isNew": "no"}, "Data di immatricolazione non valida"),
    ("pa", {}, {"company": "Allianz"}, "Dati della precedente assicurazione non validi"),
    ("pa", {}, {"isInsured": True, "exp": "31/05/2026"}, "Data non valida"),
    ("pa", {}, {"isInsured": True, "at": "ieri"}, "Dati della precedente assicurazione non validi"),
    ("importo", {}, -1, "Importo non valido"),
    ("importo", {}, 10.005, "Importo non valido"),
    ("importo", {}, 0.1 + 0.2, "Importo non valido"),
    ("importo", {}, float("nan"), "Importo non valido"),
    ("importo", {}, float("inf"), "Importo non valido"),
    ("importo", {}, 10**12, "Importo non valido"),
    ("massimale", {}, "1000", "Importo non valido"),
    ("fatturato", {}, True, "Importo non valido"),
    ("nuovo-tipo", {}, "x", "Tipo di campo sconosciuto: nuovo-tipo"),
]  # fmt: skip


@pytest.mark.parametrize(("field_type", "extra", "value", "message"), REFUSED)
def test_refused_values_get_an_italian_message(
    field_type: str, extra: dict[str, Any], value: Any, message: str
) -> None:
    assert validate_value(field(field_type, **extra), value) == message


EMPTY: list[tuple[str, Any]] = [
    ("text", "  "),
    ("Selezione", None),
    ("Selezione multipla", []),
    ("cf", ""),
    ("targa", {"value": "", "targaAgev": False}),
    ("Data", None),
    ("bool", None),
    ("atr", {"years": {}}),
    ("marcamodello", {"brand": "", "model": ""}),
    ("immatricolazione", {}),
    ("pa", None),
    ("importo", None),
]


@pytest.mark.parametrize(("field_type", "value"), EMPTY)
def test_empty_values_are_fine_unless_required(field_type: str, value: Any) -> None:
    assert check_value(field(field_type), value) == (None, None)
    assert validate_value(field(field_type, required=True), value) == "Campo obbligatorio: Campo"
