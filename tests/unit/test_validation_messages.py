"""pydantic's problems told in Italian by ``core.validation.parse``: a value that should be an
object says so, at the top and nested in a list, as JSON validation words it ('Input should be
an object') and as Python validation does ('a valid dictionary')."""

from __future__ import annotations

from typing import Any

import pytest
from pydantic import BaseModel, ConfigDict

from core.errors import ClientError
from core.validation import italian_problem, parse


class Row(BaseModel):
    model_config = ConfigDict(extra="forbid")
    n: int


class Rows(BaseModel):
    model_config = ConfigDict(extra="forbid")
    rows: list[Row]


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ([], "Dati non validi: Deve essere un oggetto"),
        ("x", "Dati non validi: Deve essere un oggetto"),
        ({"rows": ["x"]}, "Dati non validi: Deve essere un oggetto (rows.0)"),
        ({"rows": {}}, "Dati non validi: Deve essere un elenco (rows)"),
    ],
)
def test_a_value_that_is_no_object(data: Any, message: str) -> None:
    with pytest.raises(ClientError) as refused:
        parse(Rows, data, "Dati non validi")
    assert refused.value.message == message


def test_both_wordings_read_alike() -> None:
    assert italian_problem("Input should be an object") == "Deve essere un oggetto"
    assert italian_problem("Input should be a valid dictionary") == "Deve essere un oggetto"
