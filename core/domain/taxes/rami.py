"""The rami (classes of insurance) a premium line belongs to, as codes other areas share."""

from __future__ import annotations

from typing import Final

RCA: Final = "rca"
"""Motor liability: the provincial tax and the SSN contribution instead of the tariff's rate."""

RAMI: Final[dict[str, str]] = {
    RCA: "RC auto",
    "cvt": "Corpi veicoli terrestri",
    "infortuni": "Infortuni",
    "malattia": "Malattia",
    "incendio": "Incendio",
    "furto": "Furto",
    "rc_generale": "RC generale",
    "tutela_legale": "Tutela legale",
    "assistenza": "Assistenza",
    "perdite_pecuniarie": "Perdite pecuniarie",
    "credito": "Credito",
    "cauzione": "Cauzione",
    "vita": "Vita",
}
"""Ramo code → its Italian name."""

TARIFF_RAMI: Final = tuple(code for code in RAMI if code != RCA)
"""The rami taxed at the rate of the tariff annexed to law 1216/1961."""

PROVINCES: Final[dict[str, str]] = {
    "AG": "Agrigento", "AL": "Alessandria", "AN": "Ancona", "AO": "Aosta",
    "AP": "Ascoli Piceno", "AQ": "L'Aquila", "AR": "Arezzo", "AT": "Asti", "AV": "Avellino",
    "BA": "Bari", "BG": "Bergamo", "BI": "Biella", "BL": "Belluno", "BN": "Benevento",
    "BO": "Bologna", "BR": "Brindisi", "BS": "Brescia", "BT": "Barletta-Andria-Trani",
    "BZ": "Bolzano", "CA": "Cagliari", "CB": "Campobasso", "CE": "Caserta", "CH": "Chieti",
    "CL": "Caltanissetta", "CN": "Cuneo", "CO": "Como", "CR": "Cremona", "CS": "Cosenza",
    "CT": "Catania", "CZ": "Catanzaro", "EN": "Enna", "FC": "Forlì-Cesena", "FE": "Ferrara",
    "FG": "Foggia", "FI": "Firenze", "FM": "Fermo", "FR": "Frosinone", "GE": "Genova",
    "GO": "Gorizia", "GR": "Grosseto", "IM": "Imperia", "IS": "Isernia", "KR": "Crotone",
    "LC": "Lecco", "LE": "Lecce", "LI": "Livorno", "LO": "Lodi", "LT": "Latina", "LU": "Lucca",
    "MB": "Monza e della Brianza", "MC": "Macerata", "ME": "Messina", "MI": "Milano",
    "MN": "Mantova", "MO": "Modena", "MS": "Massa-Carrara", "MT": "Matera", "NA": "Napoli",
    "NO": "Novara", "NU": "Nuoro", "OR": "Oristano", "PA": "Palermo", "PC": "Piacenza",
    "PD": "Padova", "PE": "Pescara", "PG": "Perugia", "PI": "Pisa", "PN": "Pordenone",
    "PO": "Prato", "PR": "Parma", "PT": "Pistoia", "PU": "Pesaro e Urbino", "PV": "Pavia",
    "PZ": "Potenza", "RA": "Ravenna", "RC": "Reggio Calabria", "RE": "Reggio Emilia",
    "RG": "Ragusa", "RI": "Rieti", "RM": "Roma", "RN": "Rimini", "RO": "Rovigo",
    "SA": "Salerno", "SI": "Siena", "SO": "Sondrio", "SP": "La Spezia", "SR": "Siracusa",
    "SS": "Sassari", "SU": "Sud Sardegna", "SV": "Savona", "TA": "Taranto", "TE": "Teramo",
    "TN": "Trento", "TO": "Torino", "TP": "Trapani", "TR": "Terni", "TS": "Trieste",
    "TV": "Treviso", "UD": "Udine", "VA": "Varese", "VB": "Verbano-Cusio-Ossola",
    "VC": "Vercelli", "VE": "Venezia", "VI": "Vicenza", "VR": "Verona", "VT": "Viterbo",
    "VV": "Vibo Valentia",
}  # fmt: skip
"""The 107 provinces and metropolitan cities by their vehicle-registration code."""
