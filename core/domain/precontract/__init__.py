"""Pre-contract documents per quote (IVASS Reg. 40/2018, artt. 56, 58, 59; Allegati 3, 4, 4-ter):
made as PDFs, delivered through the quote's link, confirmed with a one-time e-mail code, and
required before emission where the tenant asks for it."""
