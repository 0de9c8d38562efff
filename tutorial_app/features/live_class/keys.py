"""What the live class pages keep in the session between reruns: each key, declared
once. The teacher's page, the learners' page and the browser's teacher-key store."""

# The teacher's page
CODE = "class-code"  # the class this session runs
KEY = "class-key"  # its teacher key
SCREEN = "class-screen"  # the class's screen last drawn here (a push elsewhere redraws)
LINK_SEEN = "class-link-seen"  # this session has read its ?teacher= or ?key=
LINK_NOTE = "class-link-note"  # why that address opened nothing
TEACHER_LINK = "class-teacher-link-made"  # a teacher link just made, shown once
CHART = "class-chart"  # widget: show the answers as a chart
NEW_NAME = "class-new-name"  # widget: a learner's new display name
QUESTIONS_PAGE = "class-questions-page"  # widget: the report's page of questions
LEARNERS_PAGE = "class-learners-page"  # widget: the report's page of learners
# widget: the question chosen from a quiz or a set; one widget a list, so a list changed
# (another lesson, topic or number) is a new choice, never the old one's words
QUESTION_CHOICE = "class-question"


def question_choice_key(list_id: str) -> str:
    """The widget that chooses a question of the list ``list_id`` ("cards-and-deal-7")."""
    return f"{QUESTION_CHOICE}-{list_id}"


# The projector view
PROJECTOR_SHOWN = "class-projector-shown"  # the class's screen last drawn on the projector

# Both pages
REFUSAL = "class-refusal"  # the last refused request's sentence

# The learners' page
CODE_INPUT = "join-code-input"  # widget: the class code typed
NAME_INPUT = "join-name"  # widget: the learner's display name
POINTS = "join-points"  # the prefix of a POINTS question's widgets
POINTS_TRIED = "join-points-tried"  # the POINTS question a send was tried on, incomplete
FRESH = "join-fresh"  # set by a click: the next draw reads the class afresh
WRONG_CODES = "join-wrong-codes"  # wrong class codes typed in a row
NEXT_TRY = "join-next-try"  # monotonic time before which a code is not checked
LAST_WRONG = "join-last-wrong"  # the last wrong code (a rerun does not count it again)


def SENT(question_id: int) -> str:  # noqa: N802 - a key maker, named like the other keys
    """The answer this session sent to the question (or the store kept)."""
    return f"join-sent-{question_id}"


def PICKS(question_id: int) -> str:  # noqa: N802 - a key maker, named like the other keys
    """The options picked so far on the question."""
    return f"join-picks-{question_id}"


# The browser's teacher-key store (teacher_key.py)
TEACHER_KEY_BROWSER = "teacher-key-browser"  # the component (it reports what it stores)
STORE_KEY = "teacher-key-to-store"  # a key the browser must keep
DROP_KEY = "teacher-key-drop"  # query parameters the browser must take off
FORGET_KEY = "teacher-key-forget"  # a class whose key the browser must forget
ASKED = "teacher-key-asked"  # times the browser was asked again for the key it keeps
ASK_SINCE = "teacher-key-ask-since"  # monotonic time the page began to wait for its answer

# Question sets (sets_page.py, set_controls.py) and the report (report_view.py)
SET_DRAFT = "class-set-draft"  # the set being prepared: (its id or None, its sources)
SET_CHOICE = "class-set-choice"  # widget: which of this browser's sets is open
SET_NAME = "class-set-name"  # widget: the set's name
SET_TIMER = "class-set-timer"  # widget: the set's timer (seconds, or None)
SET_LINKS = "class-set-links"  # widget: question links pasted
SET_NOTE = "class-set-note"  # what the last action on the set did, or why not
SET_COPIED = "class-set-copied"  # the share code whose set was copied in this session
CLASS_SET = "class-use-set"  # widget: the set the class will run through
CLASS_SET_LINK = "class-use-set-link"  # widget: a set's share link pasted into the class
PUSH_TIMER = "class-push-timer"  # widget: the timer of a question asked by hand
LEADERBOARD = "class-leaderboard"  # widget: the class leaderboard switch

# ---- tables of four (issue 23) ----
# (table, game version, paused, sentence): why the learner's last move was refused, shown
# only while the table is as it was then (a move or the teacher's pause or resume moves on)
TABLE_REFUSAL = "table-refusal"
TABLE_HANDS_SEEN = "table-hands-seen"  # (table, finished hands this learner has gone on from)
TABLE_LAST = "table-last-seat"  # (table, seat) this learner last sat at: its summary once ended
TABLE_HINT = "table-hint-kept"  # (table, game version, title, reason): the hint asked for
TABLE_HOW = "tables-how"  # widget: seat the class in join order or at random
TABLE_RULES = "tables-rules"  # widget: the tables' rules preset
TABLE_BOTS = "tables-bots"  # widget: the bots' level
TABLE_HINTS = "tables-hints"  # widget: hints allowed at the tables
TABLES_PROBLEM = "tables-problem"  # why the class could not be seated
TABLE_SEATING = "tables-seating"  # widget: the teacher's own seating (learner, table, seat)
TABLE_REVIEW_OF = "tables-review-of"  # widget: whose graded decisions the teacher reads
TABLE_REVIEWS_READ = "table-reviews-read"  # (table, hand) -> the seat's graded hand, once kept
TABLE_PER = "tables-per"  # widget: how many learners sit at each table (bots in the rest)
TABLE_RESEAT_ASK = "tables-reseat-ask"  # the teacher asked to seat again while tables play
TABLES_ENDED_HERE = "tables-ended-here"  # this page ended the games: their results stay open
TABLES_END_ASKED = "tables-end-asked"  # "End the games" was pressed: asked to confirm
