"""What the Teach page keeps in the session between reruns: each key, declared once."""

REPLAY = "teach-hand"  # the one Replay: the whole record and how many of its moves show
NOTE = "teach-note"  # what was left out of a record opened, or replaced by a new move
ARRIVAL = "teach-arrival"  # (the Replay shown, cards on the table before its move, a count)
JUMPED = "teach-jumped"  # the Replay a trick button showed: the trick to lead, none held
REFUSAL = "teach-refusal"  # the engine's sentence for the last move it refused
PLAYING = "teach-playing"  # the record plays on by itself
LAST_STEP = "teach-last-step"  # monotonic time of the last move played on
SPEED = "teach-speed"  # widget: how fast it plays on ("slow", "normal", "fast")
FACE_UP = "teach-shown"  # widget: the seats whose cards lie face up, as "N", "E", "S", "W"
LINK = "teach-link"  # the ?hand= code this session opened or wrote last
ERROR = "teach-error"  # why the pasted record or the deal could not be opened
RECORD_TEXT = "teach-json"  # widget: the pasted hand record (JSON)
PASTE_REFUSED = "teach-paste-refused"  # why the last paste was too long to keep, or None
RULES = "teach-rules"  # widget: the rules of a new deal
DEALER = "teach-dealer"  # widget: the dealer of a new deal
BOT_LEVEL = "teach-bot-level"  # widget: the bots that play on
BOTS_MENU = "teach-bots-menu"  # widget: the "Bots play on" popover open (True) or closed
