"""The dunning rules without a database: the due dates a day's run reads for each of the
tenant's days, the plan read from the settings, the cover in words and the e-mail. Days worked
by hand in the comments."""

from __future__ import annotations

from datetime import date, datetime
from decimal import Decimal

from core.domain.dunning.plan import DEFAULT_OFFSETS, plan_of
from core.domain.dunning.reminders import CATCH_UP_DAYS, due_of, due_window, first_number
from core.domain.dunning.words import cover_words, midnight_words, reminder_mail
from core.domain.policies.cover import Cover
from core.i18n import ROME


def test_the_windows_of_a_day() -> None:
    assert CATCH_UP_DAYS == 3
    today = date(2026, 3, 14)
    # 7 days before: due 21/03, or 20/03 and 19/03 when their runs were missed
    assert due_window(today, -7) == (date(2026, 3, 19), date(2026, 3, 21))
    # on the day: 14/03 back to 12/03
    assert due_window(today, 0) == (date(2026, 3, 12), date(2026, 3, 14))
    # 14 days after, across February's end: 14/03 − 14 = 28/02; two days earlier 26/02
    assert due_window(today, 14) == (date(2026, 2, 26), date(2026, 2, 28))
    # across the spring clock change the days are calendar days: 30/03 − 1 = 29/03
    assert due_window(date(2026, 3, 30), 1) == (date(2026, 3, 27), date(2026, 3, 29))
    # 180 days after 01/01/2027: 2026 has 365 days, 01/01/2027 − 180 = 05/07/2026
    assert due_window(date(2027, 1, 1), 180) == (date(2026, 7, 3), date(2026, 7, 5))


def test_the_plan_read_from_the_settings() -> None:
    assert plan_of({}).offsets == DEFAULT_OFFSETS == (-7, 0, 7, 14)
    assert (plan_of({}).email, plan_of({}).push) == (True, True)
    stored = {"solleciti": [14, -3, 0], "sollecitiEmail": False, "sollecitiPush": True}
    assert (plan_of(stored).offsets, plan_of(stored).email) == ((-3, 0, 14), False)
    assert plan_of({"solleciti": []}).offsets == ()  # no reminder at all
    for unreadable in ("7", [1, "2"], [500], [True]):
        assert plan_of({"solleciti": unreadable}).offsets == DEFAULT_OFFSETS


def test_the_rows_the_cover_reads() -> None:
    paid_at = datetime(2026, 2, 20, 23, 30, tzinfo=ROME)
    assert due_of(2, date(2026, 1, 31), True, paid_at, {}) is not None
    due = due_of(2, date(2026, 1, 31), True, paid_at, None)
    assert due is not None
    assert due.paid_on == date(2026, 2, 20)
    assert due_of(2, date(2026, 1, 31), False, None, {"SOSP": True}) is None
    assert due_of(3, date(2026, 1, 31), False, None, {"kind": "appendice"}) is None
    assert first_number([d for d in (due,) if d]) == 2


def test_the_cover_in_words() -> None:
    # 00:00 of 16/02 is 24:00 of 15/02
    assert midnight_words(datetime(2026, 2, 16, tzinfo=ROME)) == "24:00 del 15/02/2026"
    # across the spring change: 30/03 00:00 +02:00 is 24:00 of 29/03
    assert midnight_words(datetime(2026, 3, 30, tzinfo=ROME)) == "24:00 del 29/03/2026"
    ahead = Cover("in_copertura", None, datetime(2026, 3, 23, tzinfo=ROME), 2)
    assert cover_words(ahead, date(2026, 3, 7), first=False) == (
        "se la rata non è pagata, la copertura sarà sospesa dalle 24:00 del 22/03/2026"
    )
    # not due yet: 21/03 + 15 = 05/04, 24:00 of 05/04
    assert cover_words(Cover("in_copertura"), date(2026, 3, 21), first=False).endswith(
        "24:00 del 05/04/2026"
    )
    # the first premium: from its due date's first instant, 24:00 of the day before
    assert cover_words(Cover("in_copertura"), date(2026, 5, 1), first=True).endswith(
        "24:00 del 30/04/2026"
    )
    since = datetime(2026, 2, 16, tzinfo=ROME)
    assert cover_words(Cover("sospesa", since), date(2026, 1, 31), first=False) == (
        "la copertura è sospesa dalle 24:00 del 15/02/2026 e riprende dalle 24:00 del giorno "
        "del pagamento"
    )
    six = cover_words(Cover("insoluta_sei_mesi", since), date(2026, 1, 31), first=False)
    assert six.endswith("la compagnia può risolvere il contratto (art. 1901 c. 3 c.c.)")


def test_the_mail() -> None:
    mail = reminder_mail(
        to="a@b.it", customer="Laura Bianchi", policy="Allianz P-1", n=3, due=date(2026, 3, 7),
        total=Decimal("1234.5"), today=date(2026, 3, 14), cover="la copertura è sospesa",
        link="https://x/acquisto-polizza/p?c=k",
    )  # fmt: skip
    assert mail.subject == "Sollecito: rata 3 della polizza Allianz P-1"
    # 1234.5 → 1.234,50 €
    assert "la rata 3 della polizza Allianz P-1, di 1.234,50 €, è scaduta il 07/03/2026." in (
        mail.text
    )
    assert "La copertura è sospesa." in mail.text
    assert "https://x/acquisto-polizza/p?c=k" in mail.text
    ahead = reminder_mail(
        to="a@b.it", customer="", policy="P", n=2, due=date(2026, 3, 21), total=Decimal(10),
        today=date(2026, 3, 14), cover="x", link="l",
    )  # fmt: skip
    assert ahead.subject.startswith("Promemoria")
    assert "Gentile cliente" in ahead.text
    assert "scadrà il 21/03/2026" in ahead.text
