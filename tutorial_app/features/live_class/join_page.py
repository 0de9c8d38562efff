"""Join a class: type the class code (or follow the teacher's link or QR code) and a
display name, wait for the teacher's question, answer it on the card table (you can
change your answer until the reveal), then see whether you were right and why.

The question area follows the class by itself: its watcher (``class_watch``) asks the
server every second whether the class has moved on, and runs the question area again
(a fragment, not the whole page) only when it has: a new question or the reveal shows
within a second or so, without reloading. A timed question's countdown ticks in the
browser."""

import math
import time

import streamlit as st

from tutorial_app.card_table.component import card_table
from tutorial_app.features.live_class.class_view import (
    SHARED_SECONDS,
    attempt,
    code_wait,
    live_classes,
    note_right_code,
    note_wrong_code,
    on_live_click,
    send_answer,
    show_refusal,
)
from tutorial_app.features.live_class.class_watch import seconds_left, watch_class
from tutorial_app.features.live_class.keys import (
    CODE_INPUT,
    FRESH,
    LAST_WRONG,
    NAME_INPUT,
    PICKS,
    POINTS,
    POINTS_TRIED,
    SENT,
)
from tutorial_app.features.live_class.learner_summary import show_summary
from tutorial_app.features.live_class.live_question import (
    answer_words,
    learner_model,
    points_missing,
    revealed_feedback,
)
from tutorial_app.features.live_class.table_seat import (
    ended_games,
    forget_ended_games,
    show_seat,
)
from tutorial_app.learner.current import current_token
from tutorial_app.limits.display_names import NAME_BOX_MAX
from tutorial_app.quiz.scene import has_table
from tutorial_app.quiz.view import points_inputs, points_number_key, points_team_key
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import sync_params
from tutorial_app.store import (
    ClassError,
    ClassTables,
    MySeat,
    Reason,
    StoreUnavailable,
    parse_class_code,
)

# Only a <style>: it takes no room. Streamlit's 6rem top margin, as on Play and Teach,
# is room a class table's choices and hint need at 1280x720.
st.html('<style>[data-testid="stMainBlockContainer"] { padding-top: 2.5rem; }</style>')
st.title("Join a class")


def go_to_code() -> None:
    sync_params({"code": st.session_state.get(CODE_INPUT, "")})


def ask_for_code(label: str = "Go to the class") -> None:
    # A form, so that Enter (a phone's Go key) sends the code as the button does.
    with st.form("join-code-form", border=False):
        st.text_input("Class code", key=CODE_INPUT, max_chars=12, placeholder="K7WQ3M")
        st.form_submit_button(label, key="join-code-go", type="primary", on_click=go_to_code)
    st.stop()


typed = st.query_params.get("code", "")[:40]
if not typed:
    st.markdown("Type the code on your teacher's screen, or scan its QR code.")
    ask_for_code()

# A wrong code slows the next ones down (class_pages.code_wait): codes cannot be guessed.
wait = code_wait(st.session_state, time.monotonic())
if typed == st.session_state.get(LAST_WRONG):
    wait = 0.0  # the same code again (a rerun): its sentence again, not counted again
elif wait > 0:
    st.warning(
        f"Too many wrong codes. Wait {math.ceil(wait)} seconds, then check the code "
        "on your teacher's screen and try again.",
        icon=":material/timer:",
    )
    ask_for_code("Try this code")

classes = live_classes()
try:
    code = parse_class_code(typed)
    status = classes.status(code)
    if not status.open and show_summary(classes, code, current_token()):
        st.stop()  # a member of the ended class: their own summary, not an error
    if not status.open:
        classes.check_open(code)  # raises with the sentence for an ended or closed class
    note_right_code(st.session_state)
except (ClassError, StoreUnavailable) as error:
    if getattr(error, "reason", None) is Reason.NO_SUCH_CLASS and typed != st.session_state.get(
        LAST_WRONG
    ):
        note_wrong_code(st.session_state, typed, time.monotonic())
    st.error(markdown_text(error.message), icon=":material/error:")
    ask_for_code("Try this code")

token = current_token()
member = classes.member(code, token)
if member is None:

    def join() -> None:
        attempt(lambda: classes.join(code, st.session_state.get(NAME_INPUT, ""), token))

    st.markdown(f"Class **{code}**. Which name should your teacher see?")
    with st.form("join-name-form", border=False):  # Enter joins, as the button does
        st.text_input("Your name", key=NAME_INPUT, max_chars=NAME_BOX_MAX, placeholder="Sam")
        st.form_submit_button("Join the class", key="join-button", type="primary", on_click=join)
    show_refusal()
    st.stop()

st.markdown(f"Class **{code}** · you are **{markdown_text(member.name)}**")


def acted() -> None:
    """A click of this learner's: the next draw reads the class afresh."""
    st.session_state[FRESH] = True


def watch(seen: str, countdown: float | None = None) -> None:
    """The watcher of this learner's screen (``class_watch``): news runs the panel again."""
    watch_class(code, seen, name="join", stamp="screen", on_news=acted, countdown=countdown)


@st.fragment
def question_panel() -> None:
    """The question on screen, drawn again by itself when the class moves on (its
    watcher) or at a click: a new question or the reveal shows without a run of the
    whole page. A run after news reads the class afresh; any other through the
    process's shared, short-lived copy (``showing``)."""
    fresh = st.session_state.pop(FRESH, False)
    try:
        status, live = classes.showing(code, max_age=0 if fresh else SHARED_SECONDS)
    except (ClassError, StoreUnavailable) as error:
        st.warning(f"{markdown_text(error.message)} Trying again…", icon=":material/sync:")
        watch("")  # any answer of the server's is news: the next run tries again
        return
    if not status.open:
        st.rerun()  # the whole page says the class has ended
    if fresh and seated() is not None:
        st.rerun()  # the teacher has seated the class at tables: the page shows the seat
    if live is None:
        st.info("Waiting for the next question…", icon=":material/hourglass_top:")
        watch(status.news)
        ended_games(ClassTables(classes.store))  # the last table's score and review, if any
        return
    forget_ended_games()
    question = live.question
    if SENT(live.id) not in st.session_state:  # a reload: the answer kept in the store
        st.session_state[SENT(live.id)] = classes.my_answer(code, token, live.id)
    sent = st.session_state[SENT(live.id)]

    def clicked(ident: str) -> None:
        acted()
        on_live_click(st.session_state, classes, code, token, live, ident)

    st.subheader(f"Question {live.position}")
    st.markdown(f"**{question.prompt}**")
    if question.scene.facts:
        st.markdown("\n".join(f"- {fact}" for fact in question.scene.facts))
    watch(status.news, seconds_left(live))
    show_refusal()
    if has_table(question):
        model = learner_model(
            question, st.session_state.get(PICKS(live.id), ()), sent, live.revealed
        )
        card_table(model, key="join-table", on_card=clicked, on_action=clicked)
    elif live.revealed:
        feedback = revealed_feedback(question, sent)
        (st.success if feedback.correct else st.error)(
            f"**{feedback.headline}** {feedback.explanation}"
        )
    else:
        points_form(question, live.id, sent)
    if live.revealed:
        st.caption("Your teacher will ask the next question soon.")


def points_form(question, question_id: int, sent) -> None:
    """A team and a number of points, then Send (POINTS questions have no table). A
    send with a part missing says which, and keeps saying it at every tick until the
    part is there (a message shown once would vanish at the next poll)."""
    points_inputs(question, POINTS)

    def chosen() -> tuple[str | None, float | None]:
        state = st.session_state
        return state.get(points_team_key(POINTS)), state.get(points_number_key(POINTS))

    def submit() -> None:
        acted()
        team, points = chosen()
        if points_missing(team, points):
            st.session_state[POINTS_TRIED] = question_id
            return
        st.session_state.pop(POINTS_TRIED, None)
        assert team is not None and points is not None  # points_missing said so
        send_answer(st.session_state, classes, code, token, question_id, (team, str(int(points))))

    st.button(
        "Send my answer" if sent is None else "Change my answer",
        key="join-points-send",
        type="primary",
        on_click=submit,
    )
    missing = points_missing(*chosen())
    if st.session_state.get(POINTS_TRIED) == question_id and missing:
        st.warning(missing, icon=":material/edit:")
    if sent is not None:
        st.info(
            f"You answered: {answer_words(question, sent)}. You can change it until your "
            "teacher reveals the answer."
        )


def seated() -> MySeat | None:
    """This learner's seat at the class's open tables, or None."""
    try:
        return ClassTables(classes.store).my_seat(code, token)
    except (ClassError, StoreUnavailable):
        return None


@st.fragment
def seat_panel() -> None:
    """The learner's table, drawn again by itself when its game moves (its watcher)."""
    mine = seated()
    if mine is None:
        st.rerun()  # the tables have ended: back to the class's questions
    show_seat(ClassTables(classes.store), code, token, mine)


if seated() is not None:
    seat_panel()
else:
    question_panel()
