"""Documents as clients see them, and which ones a user may read."""

from core.domain.documents.access import visible_documents
from core.domain.documents.serialize import document_payload

__all__ = ["document_payload", "visible_documents"]
