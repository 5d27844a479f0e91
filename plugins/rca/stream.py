"""The register as a synced stream, ``rca/targhe``: the shell syncs it, keeps it live and
resyncs it by watermark like the quotes; the screens read ``useCollection('rca/targhe')``."""

from __future__ import annotations

from core.api import Publication, rows_loader
from core.api import permissions as perm
from plugins.rca.models import Plate
from plugins.rca.payload import CHANNEL, PRODUCT_ID, plate_payload, plate_visible, plates_in_view

SYNCED_COLUMNS_SKIPPED = ("tenant_id",)
"""The payload's ``at`` is ``updated_at``: only the tenant is left out of the synced rows."""
PAYLOAD_VERSION = 1
"""The version of :func:`plate_payload`'s shape: raise it whenever the payload changes."""

PUBLICATION = Publication(
    CHANNEL, perm.sees_plates, plate_visible, Plate, "p", plate_payload, product=PRODUCT_ID,
    sync=rows_loader(
        Plate, plate_payload, plates_in_view, SYNCED_COLUMNS_SKIPPED,
        stored_version=PAYLOAD_VERSION,
    ),
)  # fmt: skip
"""Events to the users whose agent tree holds the plate; a plate retired or moved to another
tree leaves its former viewers' copies live (a deletion) and at their next resync (a
tombstone)."""
