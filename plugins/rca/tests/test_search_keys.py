"""The search keys: how names, plates and codes are read, and the index ranges a prefix
becomes (no database)."""

from __future__ import annotations

import pytest

from plugins.rca.models import Plate
from plugins.rca.search import after_prefix, keys_of, search_key, word_rows, words_of


@pytest.mark.parametrize(
    ("text", "key", "words"),
    [
        ("ab 123-cd", "AB123CD", ["AB", "123", "CD"]),
        ("Nicolò D'Amico", "NICOLODAMICO", ["NICOLO", "D", "AMICO"]),
        ("  Rossi   Rossi ", "ROSSIROSSI", ["ROSSI"]),
        ("Società Ferri S.r.l.", "SOCIETAFERRISRL", ["SOCIETA", "FERRI", "S", "R", "L"]),
        ("---", "", []),
        ("ß€", "SS", ["SS"]),
        ("a b c d e f g h i j", "ABCDEFGHIJ", list("ABCDEFGH")),  # at most eight words
    ],
)
def test_queries_and_names_are_read_as_keys(text: str, key: str, words: list[str]) -> None:
    assert (search_key(text), words_of(text)) == (key, words)


def test_keys_are_bounded() -> None:
    assert len(search_key("A" * 10_000)) == 40
    assert words_of("B" * 10_000) == ["B" * 40]


@pytest.mark.parametrize(
    ("prefix", "after"),
    [
        ("AB", "AC"),
        ("AB9", "ABA"),
        ("A9", "AA"),
        ("AZ", "B"),
        ("AZZ", "B"),
        ("ZZ", None),
        ("9", "A"),
    ],
)
def test_a_prefix_is_a_range(prefix: str, after: str | None) -> None:
    assert after_prefix(prefix) == after
    if after is not None:
        assert prefix < after
        assert all(not word.startswith(prefix) for word in (after, after + "0"))
        assert all(prefix <= prefix + tail < after for tail in ("", "0", "Z", "ZZZZ"))


def test_a_plates_keys() -> None:
    plate = Plate(
        id="p1", plate="AB123CD", owner_name="Luca Bianchi", owner_code="BNCLCU80A01H501Q",
        agent_id="a1", parent_agent_id="g1", active=True,
    )  # fmt: skip
    assert keys_of(plate) == ["AB123CD", "BNCLCU80A01H501Q", "LUCA", "BIANCHI"]
    rows = word_rows(plate)
    assert {(r["word"], r["plate"], r["agent_id"], r["parent_agent_id"]) for r in rows} == {
        (k, "AB123CD", "a1", "g1") for k in keys_of(plate)
    }
    plate.active = False
    assert word_rows(plate) == []  # a retired plate is found by nothing
