"""Customer field types of a product and their validators (SPEC §3, §5).

``validate_value`` checks one value, ``validate_usr_data`` a quote's whole ``usrData``;
``FIELD_TYPES`` lists the types a product field may have. The web twin is
``web/src/features/products/fields/validators.ts``: same rules, same messages.
"""

from core.domain.products.fields.fiscal import (
    decode_codice_fiscale,
    is_codice_fiscale,
    is_partita_iva,
)
from core.domain.products.fields.plates import is_plate
from core.domain.products.fields.validate import (
    FIELD_TYPES,
    USR_DATA_KEY,
    check_value,
    field_definition_problems,
    validate_usr_data,
    validate_value,
)

__all__ = [
    "FIELD_TYPES",
    "USR_DATA_KEY",
    "check_value",
    "decode_codice_fiscale",
    "field_definition_problems",
    "is_codice_fiscale",
    "is_partita_iva",
    "is_plate",
    "validate_usr_data",
    "validate_value",
]
