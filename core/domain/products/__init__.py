"""Products: the catalogue an agent quotes from and the customer fields each one asks for."""
