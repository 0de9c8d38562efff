"""The class on the projector: ``/class-screen?class=CODE``, opened from the control page
(``/class``) in a tab of its own and put on the projector. No sidebar, no controls:
before the first question the join code and QR code, huge; during a question the
question and its table, a countdown when the question has a deadline, and how many
have answered; after the reveal the answer with the engine's reason and the answers
given as large bars. The teacher drives the class from the control page; this page
follows it by itself (its watcher, ``class_watch``, runs the numbers again when the
class has news, and they rerun the page when what is on screen changes, as on the
control page).

Like the control page it needs the teacher key, and the key is never in the address:
the browser's storage hands it over (``teacher_key``), or this session holds it."""

import html
from dataclasses import dataclass

import streamlit as st

from tutorial_app.card_table.component import card_table
from tutorial_app.features.live_class.answer_chart import answer_bars
from tutorial_app.features.live_class.class_link import JOIN_PAGE, address_html, qr_img
from tutorial_app.features.live_class.class_view import live_classes
from tutorial_app.features.live_class.class_watch import seconds_left, watch_class
from tutorial_app.features.live_class.keys import CODE, KEY, PROJECTOR_SHOWN
from tutorial_app.features.live_class.live_question import teacher_model
from tutorial_app.features.live_class.projector import (
    PROJECTOR_CSS,
    Phase,
    answer_bars_html,
    phase,
)
from tutorial_app.features.live_class.table_projector import (
    PROJECTOR_SECONDS,
    show_projected,
    show_tables_playing,
)
from tutorial_app.features.live_class.teacher_key import (
    ask_again,
    keep_teacher_key,
    reported_key,
)
from tutorial_app.quiz.scene import has_table, options_are_cards
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import app_page_url
from tutorial_app.store import (
    ClassError,
    ClassTables,
    LiveClasses,
    LiveQuestion,
    StoreUnavailable,
    TableError,
    parse_class_code,
)

st.html(PROJECTOR_CSS)
# The page's heading, for screen readers and the tab's title: the picture needs none.
st.html(
    "<style>.st-key-pj-title { position: absolute; width: 1px; height: 1px; "
    "overflow: hidden; clip: rect(0 0 0 0); }</style>"
)
with st.container(key="pj-title"):
    st.title("Projector view")


def teacher_key_for(classes: LiveClasses, code: str) -> str | None:
    """This session's key for class ``code``, or the one the browser keeps (checked);
    None (and a sentence) while the browser has not said, or when neither key is the
    class's teacher key."""
    state = st.session_state
    if state.get(CODE) == code:
        return state[KEY]
    stored = reported_key(code)
    if stored is None:
        st.info(f"Opening class {code}…", icon=":material/hourglass_top:")
        ask_again()
        return None
    if stored and classes.is_teacher(code, stored):
        state[CODE], state[KEY] = code, stored
        return stored
    st.error(
        f"This browser does not hold class {code}'s teacher key. Open the projector "
        "view from the class's control page (*Open the projector view*). For a "
        "projector with a computer of its own: on the device that runs the class, open "
        "*Teacher key and other devices* and make a teacher link, open that link in "
        "this browser, then press *Open the projector view* there.",
        icon=":material/lock:",
    )
    return None


def has_cards(question) -> bool:
    """Whether the question's table shows cards (else it is only its choices)."""
    scene = question.scene
    return has_table(question) and bool(
        scene.record or scene.cards or scene.trick or options_are_cards(question)
    )


@dataclass(frozen=True)
class Projected:
    """The class on this projector and the key that reads its answers."""

    classes: LiveClasses
    code: str
    key: str


def waiting(at: Projected) -> None:
    code = at.code
    link = app_page_url(JOIN_PAGE, {"code": code})
    words, picture = st.columns([3, 2], vertical_alignment="center")
    words.html(
        '<p class="pj-join">Join the class: scan the code, or go to</p>'
        f'<p class="pj-link">{address_html(link)}</p>'
        '<p class="pj-join">and type this code:</p>'
        f'<div class="pj-code">{html.escape(code)}</div>'
    )
    with words:
        numbers(at, Phase.WAITING)
    picture.markdown(qr_img(link, 520, f"QR code of {link}"), unsafe_allow_html=True)


def asking(at: Projected, live: LiveQuestion) -> None:
    question = live.question
    top, clock = st.columns([3, 2], vertical_alignment="bottom")
    top.html(f'<p class="pj-prompt">Question {live.position}. {html.escape(question.prompt)}</p>')
    with clock:
        numbers(at, Phase.ASKING, live)
    if question.scene.facts:
        facts = "".join(f"<li>{html.escape(fact)}</li>" for fact in question.scene.facts)
        st.html(f'<ul class="pj-facts">{facts}</ul>')
    if has_cards(question):
        card_table(teacher_model(question, revealed=False), key="pj-table")
    elif has_table(question):  # words only: the choices, large
        choices = "".join(
            f'<span class="pj-choice">{html.escape(option.label)}</span>'
            for option in question.options
        )
        st.html(f'<div class="pj-choices">{choices}</div>')
    else:
        st.html('<p class="pj-reason">Answer on your own screen: the team and the points.</p>')


def revealed(at: Projected, live: LiveQuestion) -> None:
    question = live.question
    st.html(f'<p class="pj-prompt">Question {live.position}. {html.escape(question.prompt)}</p>')
    left, right = st.columns([3, 2])
    answer = f'<p class="pj-answer">The answer: {html.escape(question.answer_text)}.</p>'
    reason = f'<p class="pj-reason">{html.escape(question.explanation)}</p>'
    cards = has_cards(question)  # words only: the bars show every choice
    # With a table, the reason goes under the answers given, where the column is empty,
    # so that the table and its choices still fit one screen.
    left.html(answer if cards else answer + reason)
    if cards:
        with left:
            card_table(teacher_model(question, revealed=True), key="pj-table")
    with right:
        numbers(at, Phase.REVEALED, live)
        if cards:
            st.html(reason)


def numbers(at: Projected, shown: Phase, live: LiveQuestion | None = None) -> None:
    """How many joined or answered, the countdown, the answers given (after the reveal),
    drawn again when the watcher sees news; a new question, the reveal or the end
    reruns the whole page."""

    def watch(seen: str, countdown: float | None = None) -> None:
        watch_class(
            at.code,
            seen,
            name="projector",
            stamp="room",
            countdown=countdown,
            clock_class="pj-clock",
            up_class="pj-up",
            icon="",
            minutes=True,
        )

    @st.fragment
    def follow() -> None:
        try:
            status = at.classes.status(at.code)  # reveals a timed question past its time
            tally = at.classes.tally(at.code, at.key)
        except (ClassError, StoreUnavailable):
            st.caption("Trying again…")  # the next news, or the page's run, says more
            watch("")
            return
        if status.screen != st.session_state.get(PROJECTOR_SHOWN) or tally.screen != status.screen:
            st.rerun()  # a new question, the reveal, the end: draw it whole
        tables = ClassTables(at.classes.store)
        if tables.projected(at.code, at.key) is not None or tables.overview(at.code, at.key):
            st.rerun()  # the teacher has put a table up, or seated the class at tables
        if shown is Phase.WAITING:
            st.html(f'<p class="pj-count">{tally.members} joined</p>')
            watch(tally.news)
            return
        if shown is Phase.ASKING:
            watch(tally.news, seconds_left(live))
            # A learner who comes in late joins from the screen: the code stays up, small.
            st.html(
                f'<p class="pj-count">{tally.answered} of {tally.members} answered</p>'
                f'<p class="pj-late">Joining late? Code <b>{html.escape(at.code)}</b></p>'
            )
            return
        assert live is not None  # the reveal shows the answers to its question
        st.html(
            f'<p class="pj-count">{tally.answered} of {tally.members} answered</p>'
            + answer_bars_html(answer_bars(live.question, tally.answers, True), True)
        )
        watch(tally.news)

    follow()


def projector_page() -> tuple[str | None, bool]:
    """The whole page: (the class in the address, whether the browser must report its
    key for it). Returns early rather than stopping, so that the key component below
    is always mounted."""
    typed = st.query_params.get("class", "")
    if not typed:
        st.info(
            "Open this page from Run a live class: it shows your class on the projector.",
            icon=":material/present_to_all:",
        )
        return None, False
    try:
        code = parse_class_code(typed)
    except ClassError as error:
        st.error(markdown_text(error.message), icon=":material/error:")
        return None, False
    classes = live_classes()
    key = teacher_key_for(classes, code)
    if key is None:
        return code, reported_key(code) is None
    try:
        status, live = classes.showing(code)
    except (ClassError, StoreUnavailable) as error:
        st.error(markdown_text(error.message), icon=":material/error:")
        return code, False
    st.session_state[PROJECTOR_SHOWN] = status.screen
    tables = ClassTables(classes.store)
    try:
        up = tables.projected(code, key) if status.open else None
        playing = bool(tables.overview(code, key)) if status.open else False
    except (ClassError, StoreUnavailable, TableError):
        up, playing = None, False
    if up is not None:  # a table on the projector, drawn again every second
        st.fragment(show_projected, run_every=PROJECTOR_SECONDS)(tables, code, key, up.number)
        return code, False
    if playing:  # the class at tables: their lines, not a question nobody sees
        st.fragment(show_tables_playing, run_every=PROJECTOR_SECONDS)(tables, code, key)
        return code, False
    at = Projected(classes, code, key)
    shown = phase(status.open, live is not None, status.revealed)
    if shown is Phase.ENDED:
        st.html(f'<p class="pj-ended">Class {html.escape(code)} has ended. Well played!</p>')
    elif shown is Phase.WAITING:
        waiting(at)
    elif live is not None and shown is Phase.ASKING:
        asking(at, live)
    elif live is not None:
        revealed(at, live)
    return code, False


shown_code, want = None, False
try:
    shown_code, want = projector_page()
finally:  # also after an error: the browser reports the key it keeps for the class
    keep_teacher_key(shown_code, want=want, on_reported=lambda: None)
