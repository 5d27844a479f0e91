"""The kinds of loan the line brokers, as a practice's ``prodotto.type`` names them."""

from __future__ import annotations

from enum import StrEnum

from plugins.prestiti.money.errors import LoanRuleError


class LoanKind(StrEnum):
    CESSIONE_QUINTO_STIPENDIO = "cessione_quinto_stipendio"
    CESSIONE_QUINTO_PENSIONE = "cessione_quinto_pensione"
    DELEGAZIONE_PAGAMENTO = "delegazione_pagamento"
    PRESTITO_PERSONALE = "prestito_personale"
    MUTUO = "mutuo"

    @property
    def label(self) -> str:
        """The kind as the screens name it: 'Cessione del quinto dello stipendio'."""
        return LABELS[self]

    @property
    def on_pay(self) -> bool:
        """Repaid from a salary or pension (DPR 180/1950): the fifth and the 120 months apply,
        and the practice shows 'Netto erogato' (SPEC §2)."""
        return self in ON_PAY


LABELS = {
    LoanKind.CESSIONE_QUINTO_STIPENDIO: "Cessione del quinto dello stipendio",
    LoanKind.CESSIONE_QUINTO_PENSIONE: "Cessione del quinto della pensione",
    LoanKind.DELEGAZIONE_PAGAMENTO: "Delegazione di pagamento",
    LoanKind.PRESTITO_PERSONALE: "Prestito personale",
    LoanKind.MUTUO: "Mutuo",
}
ON_PAY = frozenset(
    {
        LoanKind.CESSIONE_QUINTO_STIPENDIO,
        LoanKind.CESSIONE_QUINTO_PENSIONE,
        LoanKind.DELEGAZIONE_PAGAMENTO,
    }
)


def loan_kind(value: object) -> LoanKind:
    """``value`` (a practice's ``prodotto.type``) as a kind, refused when it names none."""
    if isinstance(value, str) and value in KINDS:
        return LoanKind(value)
    known = ", ".join(KINDS)
    raise LoanRuleError(f"Tipo di finanziamento sconosciuto {value!r}: uno di {known}")


KINDS = tuple(kind.value for kind in LoanKind)
