"""The rules of the RCA line, written once for the server and the tests: plate formats
(:mod:`.plates`), the CU class (:mod:`.cu`) and the Bersani / RC familiare class
(:mod:`.bersani`). No database, no web: plain values in, plain values out."""
