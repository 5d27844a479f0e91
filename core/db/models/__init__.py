"""Core models, imported together as ``from core.db import models as m``."""

from core.db.models.accounts import LoginThrottle, OutboxMail, RevokedToken, SpentLink
from core.db.models.audit import AuditEntry
from core.db.models.chats import Chat, ChatLastSeen, ChatMessage
from core.db.models.claims import Claim
from core.db.models.clients import Client
from core.db.models.documents import Document
from core.db.models.dunning import DunningReminder
from core.db.models.line_commissions import LineCommission
from core.db.models.needs import NeedsAssessment, NeedsQuestionnaire
from core.db.models.policies import CashDay, CommissionMonth, Instalment, Policy, RenewalRun
from core.db.models.policy_changes import PolicyChange
from core.db.models.portfolio import ImportJob, ImportKey, ImportSource
from core.db.models.precontract import PrecontractSet, ProductDocument
from core.db.models.privacy import PrivacyConsent, PrivacyLogEntry, PrivacyNotice
from core.db.models.products import Product
from core.db.models.quotes import Quote
from core.db.models.remittances import ReconciliationLine, Remittance, RemittanceReconciliation
from core.db.models.rui import RuiRegistration, TrainingAlert, TrainingEntry
from core.db.models.sync import Tombstone, WebPushSubscription
from core.db.models.tenant_settings import TenantSettings
from core.db.models.users import BalanceEntry, User

__all__ = [
    "AuditEntry",
    "BalanceEntry",
    "CashDay",
    "Chat",
    "ChatLastSeen",
    "ChatMessage",
    "Claim",
    "Client",
    "CommissionMonth",
    "Document",
    "DunningReminder",
    "ImportJob",
    "ImportKey",
    "ImportSource",
    "Instalment",
    "LineCommission",
    "LoginThrottle",
    "NeedsAssessment",
    "NeedsQuestionnaire",
    "OutboxMail",
    "Policy",
    "PolicyChange",
    "PrecontractSet",
    "PrivacyConsent",
    "PrivacyLogEntry",
    "PrivacyNotice",
    "Product",
    "ProductDocument",
    "Quote",
    "ReconciliationLine",
    "Remittance",
    "RemittanceReconciliation",
    "RenewalRun",
    "RevokedToken",
    "RuiRegistration",
    "SpentLink",
    "TenantSettings",
    "Tombstone",
    "TrainingAlert",
    "TrainingEntry",
    "User",
    "WebPushSubscription",
]
