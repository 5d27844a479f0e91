"""A quote's whole ``usrData`` against a product's fields, and field definitions."""

from __future__ import annotations

from typing import Any

import pytest

from core.domain.products.fields import (
    USR_DATA_KEY,
    field_definition_problems,
    validate_usr_data,
)

FIELDS: list[dict[str, Any]] = [
    {"_id": "nome", "name": "Nome", "type": "text", "required": True},
    {"_id": "cf", "name": "Codice fiscale", "type": "cf", "required": True},
    {"_id": "targa", "name": "Targa", "type": "targa"},
    {"_id": "note", "name": "Note interne", "type": "text", "hide": True},
    {"_id": "alim", "name": "Alimentazione", "type": "Selezione", "options": ["Benzina", "Diesel"]},
]


def test_valid_data_comes_back_normalised_in_field_order() -> None:
    entries, errors = validate_usr_data(
        FIELDS,
        [
            {"_id": "note", "value": "cliente storico"},
            {"_id": "cf", "value": "rssmra85t10a562s", "name": "ignored", "type": "ignored"},
            {"_id": "nome", "value": "Mario Rossi"},
            {"_id": "alim", "value": ""},
        ],
    )
    assert errors == {}
    assert entries == [
        {"_id": "nome", "name": "Nome", "type": "text", "value": "Mario Rossi", "hide": False},
        {"_id": "cf", "name": "Codice fiscale", "type": "cf", "value": "RSSMRA85T10A562S",
         "hide": False},
        {"_id": "note", "name": "Note interne", "type": "text", "value": "cliente storico",
         "hide": True},
    ]  # fmt: skip


def test_every_problem_is_reported_by_field() -> None:
    entries, errors = validate_usr_data(
        FIELDS,
        [
            {"_id": "cf", "value": "RSSMRA85T10A562T"},
            {"_id": "targa", "value": {"value": "AB123"}},
            {"_id": "alim", "value": "GPL"},
            {"_id": "alim", "value": "Diesel"},
            {"_id": "sconosciuto", "value": "x"},
        ],
    )
    assert errors == {
        "nome": "Campo obbligatorio: Nome",
        "cf": "Codice fiscale errato",
        "targa": "Targa non valida",
        "alim": "Campo ripetuto: Alimentazione",
        "sconosciuto": "Campo non previsto: sconosciuto",
    }
    assert entries == []


@pytest.mark.parametrize("usr_data", ["nome", None, 3, [None], [{"value": "x"}], [{"_id": 1}]])
def test_a_malformed_list_is_refused(usr_data: Any) -> None:
    entries, errors = validate_usr_data(FIELDS[2:], usr_data)
    assert errors == {USR_DATA_KEY: "Dati del cliente non validi"}
    assert entries == []


def test_field_definitions() -> None:
    assert field_definition_problems(FIELDS[4]) == []
    assert field_definition_problems({"_id": "a", "name": "Ok", "type": "bool", "hide": True}) == []
    assert field_definition_problems({"_id": "", "name": "A", "type": "boh", "required": "sì"}) == [
        "Manca _id nella definizione del campo",
        "Tipo di campo sconosciuto: boh",
        "Valore di required non valido nella definizione del campo",
    ]
    assert field_definition_problems({"_id": "a", "name": "Tipo", "type": "Selezione"}) == [
        "Il campo Tipo richiede un elenco di opzioni"
    ]
    assert field_definition_problems(
        {"_id": "a", "name": "T", "type": "Selezione multipla", "options": ["x", ""]}
    ) == ["Valore di options non valido nella definizione del campo"]
    assert field_definition_problems("text") == ["Definizione del campo non valida"]
