"""Web Push: the tenants' VAPID keys and the sender that delivers off the request path."""
