"""The loans line's money rules, exact to the cent (Decimal, half up), one job a module:

* :mod:`~plugins.prestiti.money.amortisation` — instalment and French amortisation plan;
* :mod:`~plugins.prestiti.money.taeg` — the TAEG (Directive 2008/48/EC, Annex I);
* :mod:`~plugins.prestiti.money.usury` — usury thresholds (L. 108/1996) and the check;
* :mod:`~plugins.prestiti.money.cessione` — cessione del quinto / delegazione limits;
* :mod:`~plugins.prestiti.money.early_repayment` — early repayment (TUB art. 125-sexies);
* :mod:`~plugins.prestiti.money.consultancy` — the consultancy slider in euro, first instalment;
* :mod:`~plugins.prestiti.money.inputs`, :mod:`~plugins.prestiti.money.italian`,
  :mod:`~plugins.prestiti.money.errors` — accepted figures, their Italian text, the refusal.

The rules and their sources: plugins/prestiti/README.md.
"""
