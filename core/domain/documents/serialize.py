"""A document file as clients see it (SPEC §3 'Document file')."""

from __future__ import annotations

from typing import Any

from core.db import models as m


def document_payload(document: m.Document) -> dict[str, Any]:
    return {
        "_id": document.id,
        "uri": document.uri,
        "name": document.name,
        "fileType": document.file_type,
        "thumb": document.thumb,
        "at": document.at.isoformat(),
        "usrId": document.uploaded_by,
        "nRata": document.instalment_number,
        "selected": document.selected,
        "size": document.size,
        "type": document.doc_type,
        "owner": {"kind": document.owner_kind, "id": document.owner_id},
        "roles": list(document.roles or ()),
    }
