"""What a retention duty keeps after an erasure request, and until when (pure rules).

Art. 17(1) GDPR gives the customer the right to erasure; art. 17(3)(b) excepts what the
controller must keep to comply with a legal obligation, and art. 17(3)(e) what it needs for
legal claims. The duties that apply to an insurance broker's records:

* art. 2220 c.c.: accounting records, invoices and letters are kept ten years from the last
  entry. A policy's premiums, instalments and commissions are such records: the policy is
  kept ten years after it ends (its end date, or the day it was cancelled).
* D.Lgs. 231/2007 art. 31 (anti-money laundering): the customer's identification data and
  the records of the relationship are kept ten years from the end of the continuous
  relationship: the client's name, fiscal code, address and identity document stay as long
  as its latest policy is kept.
* art. 2952 c.c. and art. 2946 c.c. (limitation of insurance and ordinary rights): a claim
  and its documents are kept ten years after the event, and never less than its policy.
* art. 2220 c.c. also keeps the letters received and the copies of those sent about the
  business, for ten years: the chat of a kept quote (the contract's correspondence with the
  office) and the reminders of its premiums mailed to the customer stay as long as the
  policy; a kept claim's chat stays as the claim (art. 2946 c.c.). A record's files follow
  the record. The one-time codes and link mails carry no term of a contract: they go.
* IVASS Reg. 40/2018, artt. 56, 58 and 59: the pre-contract documents made for a quote, the
  customer's confirmation of receipt and the answers on demands and needs prove the contract
  was proposed as the rules ask; they follow the quote (kept with a kept policy's quote).
* art. 6(1)(b) GDPR: while a policy is in force the data serve the contract; art. 17(1)(a)
  does not apply to them, so the erasure is refused until it ends (the customer may still
  revoke marketing and profiling consents, art. 7(3) and art. 21(3)).

What no duty keeps (contacts, quotes that led to no policy, their documents and chats, the
files of records anonymised, the mails that are no letter of a kept contract, the consents
to marketing and profiling) is anonymised or removed.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date

RETENTION_YEARS = 10
"""Art. 2220 c.c.; D.Lgs. 231/2007 art. 31; art. 2946 c.c."""

ACCOUNTING = "art. 2220 c.c. (scritture contabili, 10 anni)"
AML = "D.Lgs. 231/2007 art. 31 (antiriciclaggio, 10 anni dalla fine del rapporto)"
CLAIMS = "artt. 2952 e 2946 c.c. (diritti derivanti dal sinistro)"
CONSENT_PROOF = "art. 7(1) e art. 5(2) GDPR (prova del consenso)"
CORRESPONDENCE = "art. 2220 c.c. (corrispondenza relativa al contratto, 10 anni)"
PRECONTRACT = (
    "Reg. IVASS 40/2018, artt. 56, 58 e 59 (prova della consegna dei documenti precontrattuali e "
    "della valutazione delle richieste ed esigenze)"
)


def years_after(day: date, years: int = RETENTION_YEARS) -> date:
    """``day`` plus ``years`` calendar years (29 February becomes 28 February)."""
    try:
        return day.replace(year=day.year + years)
    except ValueError:
        return day.replace(year=day.year + years, day=28)


def policy_end(end_date: date | None, cancelled_on: date | None, start_date: date | None) -> date:
    """The day a policy's cover ended or ends: the cancellation, else its end date, else its
    start (a policy with no dates at all counts as ending the day it starts)."""
    ends = [d for d in (cancelled_on, end_date) if d is not None]
    if ends:
        return min(ends)
    return start_date or date.min


def in_force(end: date, today: date) -> bool:
    """Whether a policy ending on ``end`` still covers ``today`` (cover ends at 24:00)."""
    return end >= today


def policy_kept_until(end: date) -> date:
    """Art. 2220 c.c. and D.Lgs. 231/2007 art. 31: ten years after the end."""
    return years_after(end)


def claim_kept_until(event_date: date, policy_until: date) -> date:
    """Ten years after the event (art. 2946 c.c.), never before its policy's records go."""
    return max(years_after(event_date), policy_until)


@dataclass(frozen=True, slots=True)
class Kept:
    """One record an erasure keeps: what, why (the rule) and until when."""

    kind: str
    record_id: str
    label: str
    reason: str
    until: date | None

    def as_payload(self) -> dict[str, str | None]:
        return {
            "kind": self.kind, "id": self.record_id, "label": self.label, "reason": self.reason,
            "until": self.until.isoformat() if self.until else None,
        }  # fmt: skip
