"""What the progress page keeps in the session between reruns: each key, declared once."""

IMPORT_FILE = "progress-import-file"  # widget: the CSV file to bring back
IMPORTING = "progress-importing"  # (job number, the file's text) while the pool imports
IMPORTED = "progress-import-report"  # (tone, words, bad rows) of the last import
RESET_SURE = "progress-reset-sure"  # widget: "Yes, delete my progress"
RESET_PROBLEM = "progress-reset-problem"  # why the reset could not be done
RESET_DONE = "progress-reset-done"  # the reset was done: say so once
NAME_KEY = "progress-display-name"  # widget: the learner's display name
NAME_PROBLEM = "progress-name-problem"  # why the name could not be saved
PAGE_KEY = "progress-table-page"  # which page of the newest answers is shown (0: newest)
