"""The Italian messages the server sends in more than one place, each written once.

A message used by one module only stays beside its code; anything two modules (or HTTP and
the socket) answer alike lives here, so the wording cannot drift apart.
"""

from __future__ import annotations

LOGIN_FIRST = "Non autorizzato: effettua l'accesso"
"""No user: the request or socket has not logged in."""
USER_GONE = "Non autorizzato: utente inesistente"
SESSION_ENDED = "Sessione terminata: effettua di nuovo l'accesso"
"""A socket closed because its login ended (logout, new password, role change)."""
SUSPENDED = "Account sospeso"
REMOVED = "Account eliminato"
NOT_FOR_YOUR_ROLE = "Operazione non consentita per il tuo ruolo"
FORBIDDEN = "Operazione non consentita"

LINE_NOT_AVAILABLE = "Prodotto non disponibile"
"""A product line the tenant does not offer, or has switched off."""
PRODUCT_NOT_YOURS = "Prodotto non abilitato per il tuo utente"
"""A product line on for the tenant that this user may not work."""
UNKNOWN_CALL = "Chiamata sconosciuta: {name}"

INVALID_DATA = "Dati non validi"
"""A body or payload that does not match its schema."""
INVALID_JSON = "JSON non valido"
BAD_REQUEST = "Richiesta non valida"
NOT_FOUND = "Risorsa non trovata"
UNKNOWN_SITE = "Sito non trovato"
"""A Host no tenant serves."""
EMAIL_TAKEN = "Esiste già un utente con questa email"

QUOTE_NOT_FOUND = "Preventivo non trovato"
POLICY_NOT_FOUND = "Polizza non trovata"
CLAIM_NOT_FOUND = "Sinistro non trovato"
PRODUCT_NOT_FOUND = "Prodotto non trovato"
USER_NOT_FOUND = "Utente non trovato"
EMISSION_NOT_REQUESTED = "L'emissione di questo preventivo non è stata richiesta"
POLICY_ISSUED = "La polizza di questo preventivo è già stata emessa"
SEARCH_TEXT_LENGTH = "La ricerca va da {low} a {high} caratteri"
SEARCH_LIMIT = "Il numero di risultati per gruppo va da 1 a {high}"

# --- People and the tenant --------------------------------------------------------------------
ABOVE_YOUR_ROLE = "Non puoi modificare un utente con un ruolo superiore al tuo"
NOT_YOURSELF = "Non puoi farlo sul tuo stesso utente"
KEEP_OWN_ADMIN = "Non puoi togliere a te stesso il ruolo di amministratore"
# The messages name no role the tenant words its own way (SPEC §1: 'Agente' is 'Car Dealer' on
# rcadealer): they speak of collaborators, the word every tenant shares.
PARENT_HAS_SUBAGENTS = (
    "Questo collaboratore ha una sua rete: resta di primo livello finché non la sposti"
)
PARENT_IS_SELF = "Un collaboratore non può fare riferimento a se stesso"
UNKNOWN_EXTRA_PRODUCT = "Prodotto extra sconosciuto: {product}"
UNKNOWN_REFERRED_USER = "Utente segnalato inesistente: {user}"
ALREADY_SUSPENDED = "Utente già sospeso"
NOT_SUSPENDED = "L'utente non è sospeso"
WRONG_PASSWORD = "La password attuale non è corretta"
FOLDER_NOT_FOUND = "Cartella non trovata"
UPLOAD_LIMIT_ABOVE = "La dimensione massima dei file non può superare {mb} mega"
