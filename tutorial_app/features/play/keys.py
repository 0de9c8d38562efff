"""What the Play page keeps in the session between reruns: each key, declared once.
The rules and level widgets' keys are also the start link's query parameters."""

GAME = "play-game"  # the BotGame: the game, its seed, the moves so far
HINT = "play-hint"  # the hint asked for the decision on screen
REVIEW = "play-review"  # the grades of the last hand's decisions
NOTE = "play-note"  # (what the link got wrong, the game it is about)
PENDING = "play-pending"  # (rules, level) asked for while a game is in progress
UNSAVED = "play-unsaved"  # why the last finished hand was not saved
GRADING = "play-grading"  # finished hands waiting for the pool to keep their mistakes
RULES = "play-rules"  # widget (and start link): the rules
LEVEL = "play-level"  # widget (and start link): the bots' level
NO_UNDO = "play-no-undo"  # widget: play every decision for real
LIFT = "play-lift"  # widget: lift the cards I may play
FOUR_COLOUR = "play-four"  # widget: a four-colour deck
LAST_TRICK = "play-last"  # widget (and address): show the last trick
PACE = "play-pace"  # widget (and address): how fast the bots' cards arrive
SETTINGS = "play-table-settings"  # table_pace.TableSettings: the two above, kept
ARRIVAL = "play-arrival"  # (the game, cards on the table before its move, a count)
CHART_KEPT = "play-chart-kept"  # (the game's key, its score chart), drawn once a game
CELEBRATED = "play-celebrated"  # the seed of the game whose win was celebrated
