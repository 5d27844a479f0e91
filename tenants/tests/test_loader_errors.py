"""Broken tenants files fail with one plain line per problem: file, tenant, key, what is wrong."""

from __future__ import annotations

from pathlib import Path

import pytest

from tenants.loader import TenantsConfigError, load_tenants
from tenants.tests.helpers import PRODUCTS, WriteTenants, tenant


def problems(path: Path, known_products: set[str] | None = None) -> list[str]:
    """The error lines ``load_tenants`` raises for ``path``."""
    with pytest.raises(TenantsConfigError) as caught:
        load_tenants(path, known_products)
    lines = str(caught.value).splitlines()
    assert all(line.startswith(f"{path}: ") for line in lines), lines
    assert caught.value.problems == tuple(line.removeprefix(f"{path}: ") for line in lines)
    return list(caught.value.problems)


def test_duplicate_id(write_tenants: WriteTenants) -> None:
    path = write_tenants(tenant("acme"), tenant("acme", domains=["other.localhost"]))
    assert problems(path) == ["tenant 'acme', key 'id': already used by tenant #1"]


def test_duplicate_domain(write_tenants: WriteTenants) -> None:
    path = write_tenants(
        tenant("rcadealer"), tenant("other", domains=["other.localhost", "RCADEALER.localhost"])
    )
    assert problems(path) == [
        "tenant 'other', key 'domains[1]': 'rcadealer.localhost' is already claimed by "
        "tenant 'rcadealer'"
    ]


def test_domain_listed_twice_in_one_tenant(write_tenants: WriteTenants) -> None:
    path = write_tenants(tenant("acme", domains=["a.localhost", "a.localhost"]))
    assert problems(path) == ["tenant 'acme', key 'domains': domains listed more than once: "
                              "a.localhost"]  # fmt: skip


def test_bad_colour(write_tenants: WriteTenants) -> None:
    path = write_tenants(tenant("rcadealer", colors={"primary": "#zz", "secondary": "#12345"}))
    assert problems(path) == [
        "tenant 'rcadealer', key 'colors.primary': not a CSS colour '#zz' (use #rgb or #rrggbb)",
        "tenant 'rcadealer', key 'colors.secondary': not a CSS colour '#12345' "
        "(use #rgb or #rrggbb)",
    ]


def test_unquoted_colour_is_explained(write_tenants: WriteTenants) -> None:
    text = "tenants:\n- id: acme\n  app_name: acme\n  domains: [a.localhost]\n  title: A\n"
    text += "  colors:\n    primary: #fff\n"
    path = write_tenants(text=text)
    [line] = problems(path)
    assert line.startswith("tenant 'acme', key 'colors.primary': no colour given")
    assert "'#' starts a comment" in line


def test_unknown_key(write_tenants: WriteTenants) -> None:
    path = write_tenants(tenant("acme", colours={"primary": "#fff"}, menu={"hide": ["cassa"]}))
    assert sorted(problems(path)) == [
        "tenant 'acme', key 'colours': unknown key (did you mean 'colors'?)",
        "tenant 'acme', key 'menu.hide': unknown key",
    ]


def test_unknown_top_level_key(write_tenants: WriteTenants) -> None:
    path = write_tenants(text="tenants: [{id: a, app_name: a, domains: [a.x], title: A}]\nx: 1\n")
    assert problems(path) == ["key 'x': unknown key"]


@pytest.mark.parametrize(
    ("overrides", "expected"),
    [
        ({"max_upload_mb": "lots"}, "key 'max_upload_mb': expected a whole number, got 'lots'"),
        ({"max_upload_mb": 0}, "key 'max_upload_mb': must be greater than 0, got int 0"),
        ({"title": 42}, "key 'title': expected text, got int 42"),
        ({"domains": "acme.localhost"}, "key 'domains': expected a list, got 'acme.localhost'"),
        ({"domains": []}, "key 'domains': must not be empty"),
        ({"wording": "Agente"}, "key 'wording': expected a mapping (key: value), got 'Agente'"),
        ({"wording": {"agent": " "}}, "key 'wording.agent': must not be empty"),
        ({"menu": {"only": []}}, "key 'menu.only': lists no entry"),
        ({"languages": ["it", "de"]}, "key 'languages[1]': must be one of 'it' or 'en'"),
        ({"languages": ["en"]}, "key 'default_language': 'it' is not one of languages (en)"),
        ({"logo": "../logo.svg"}, "key 'logo': not a plain file name '../logo.svg'"),
        ({"domains": ["acme.localhost:8000"]}, "key 'domains[0]': not a bare host name"),
        ({"domains": ["https://acme.it"]}, "key 'domains[0]': not a bare host name"),
        ({"domains": ["bad_host.it"]}, "key 'domains[0]': not a valid host name 'bad_host.it'"),
        ({"app_name": "Acme App"}, "key 'app_name': not a valid app name 'Acme App'"),
        ({"products": ["rca", "rca"]}, "key 'products': products listed more than once: rca"),
    ],
)
def test_wrong_values(
    write_tenants: WriteTenants, overrides: dict[str, object], expected: str
) -> None:
    [line] = problems(write_tenants(tenant("acme", **overrides)))
    assert line.startswith(f"tenant 'acme', {expected}")


def test_tenant_without_id_is_named_by_position(write_tenants: WriteTenants) -> None:
    nameless = tenant("x")
    del nameless["id"]
    path = write_tenants(tenant("acme"), nameless | {"title": ""})
    assert problems(path) == [
        "tenant #2, key 'id': required key is missing",
        "tenant #2, key 'title': must not be empty",
    ]


def test_all_problems_reported(write_tenants: WriteTenants) -> None:
    path = write_tenants(
        tenant("a", colors={"primary": "red"}), tenant("b", max_upload_mb=-1, extra=True)
    )
    assert [line.split(":")[0] for line in problems(path)] == [
        "tenant 'a', key 'colors.primary'",
        "tenant 'b', key 'max_upload_mb'",
        "tenant 'b', key 'extra'",
    ]


def test_unknown_product(write_tenants: WriteTenants) -> None:
    path = write_tenants(tenant("acme", products=["rca", "leasing"], menu={"only": ["whatever"]}))
    assert problems(path, PRODUCTS) == [
        "tenant 'acme', key 'products[1]': unknown product 'leasing' "
        "(installed: noleggio-auto, prestiti, rca)"
    ]
    assert load_tenants(path).tenants[0].products == ("rca", "leasing")  # unchecked without list


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("tenants: [\n", "not valid YAML at line 2, column 1: "),
        ("tenants:\n  - id: a\n   bad: indent\n", "not valid YAML at line 3, column "),
        (
            "tenants:\n  - id: a\n    id: b\n",
            "not valid YAML at line 3, column 5: key 'id' is given",
        ),
        ("", "the top level must be a mapping with a 'tenants:' list, found nothing"),
        ("- id: a\n", "the top level must be a mapping with a 'tenants:' list, found a list"),
        ("tenants: []\n", "key 'tenants': must not be empty"),
        ("tenants: acme\n", "key 'tenants': expected a list, got 'acme'"),
        ("tenants:\n  - acme\n", "tenant #1: expected a mapping (key: value), got 'acme'"),
        ("other: 1\n", "key 'tenants': required key is missing"),
    ],
)
def test_malformed_file(write_tenants: WriteTenants, text: str, expected: str) -> None:
    assert problems(write_tenants(text=text))[0].startswith(expected)


def test_missing_file(tmp_path: Path) -> None:
    assert problems(tmp_path / "nope.yaml") == ["file not found"]


def test_error_is_a_value_error(write_tenants: WriteTenants) -> None:
    with pytest.raises(ValueError, match=r"tenants\.yaml: tenant 'acme', key 'colors\.primary'"):
        load_tenants(write_tenants(tenant("acme", colors={"primary": "#zz"})))
