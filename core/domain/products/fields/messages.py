"""Every message the customer-field validators give, in Italian, in one place.

The web validators (``web/src/features/products/fields/validators.ts``) use the same texts.
"""

from __future__ import annotations

CF_INVALID = "Codice fiscale errato"
PIVA_INVALID = "Partita IVA errata"
PLATE_INVALID = "Targa non valida"
DATE_INVALID = "Data non valida"
AMOUNT_INVALID = "Importo non valido"
BOOL_INVALID = "Valore non valido per {name}"
TEXT_INVALID = "Testo non valido per {name}"
TEXT_TOO_LONG = "Testo troppo lungo per {name}"
REQUIRED = "Campo obbligatorio: {name}"
NOT_ALLOWED = "Valore non ammesso per {name}"
ATR_INVALID = "Attestato di rischio non valido"
ATR_TOTAL = "Il totale dei sinistri non corrisponde alla somma degli anni"
ATR_YEARS = "Attestato di rischio non valido: al massimo 10 anni"
ATR_SHARE = (
    "Attestato di rischio non valido: una quota di responsabilità paritaria dev'essere tra 1% e 50%"
)
BRAND_MODEL_INVALID = "Marca e modello non validi"
REGISTRATION_INVALID = "Data di immatricolazione non valida"
PREVIOUS_INSURANCE_INVALID = "Dati della precedente assicurazione non validi"
UNKNOWN_FIELD = "Campo non previsto: {name}"
DUPLICATE_FIELD = "Campo ripetuto: {name}"
USR_DATA_INVALID = "Dati del cliente non validi"
UNKNOWN_TYPE = "Tipo di campo sconosciuto: {name}"
FIELD_DEFINITION_INVALID = "Definizione del campo non valida"
FIELD_KEY_MISSING = "Manca {name} nella definizione del campo"
FIELD_KEY_INVALID = "Valore di {name} non valido nella definizione del campo"
OPTIONS_MISSING = "Il campo {name} richiede un elenco di opzioni"
