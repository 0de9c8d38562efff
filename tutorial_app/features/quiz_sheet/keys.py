"""What the quiz sheet page keeps in the session: each key, declared once."""

SHEET_HTML = "sheet-html"  # the sheet the download holds (tests read it)
SHEET_COPIES = "sheet-copies-plan"  # each copy's (name, seed) the copies download holds
