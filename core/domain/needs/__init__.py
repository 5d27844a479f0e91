"""Demands and needs: the questionnaire a customer answers before the contract."""
