"""Run a live class: start a class, show its code, join link and QR code on the
projector, ask questions that every learner answers on their own screen, watch the
answers come in, reveal the answer with the engine's reason, and read the report.

The teacher key is the only proof of being the teacher. It lives in this session and
in this page's address (``?class=CODE&key=...``), so a reload keeps the class: keep
the address to yourself (present full screen)."""

import html

import streamlit as st

from tutorial_app.answer_chart import answer_chart
from tutorial_app.class_link import join_url, qr_img
from tutorial_app.class_pages import POLL_SECONDS, attempt, live_classes, show_refusal, watch
from tutorial_app.markdown_text import markdown_text
from tutorial_app.store import ClassError, StoreUnavailable, open_classes
from tutorial_app.store.class_codes import parse_class_code
from tutorial_app.widgets.card_table import card_table
from tutorial_app.widgets.live_question import teacher_model
from tutorial_app.widgets.question_picker import pick_question
from tutorial_app.widgets.quiz_scene import has_table

CODE, KEY, SHOWN = "class-code", "class-key", "class-screen"

st.html("""<style>
.st-key-class-code-box .class-code { font-size: 5.5rem; font-weight: 800; letter-spacing: 0.5rem;
  line-height: 1; font-family: ui-monospace, monospace; color: #0b6b2f; }
.st-key-class-code-box .join-link { font-size: 1.4rem; word-break: break-all; }
.st-key-class-count p { font-size: 1.5rem; }
</style>""")
st.title("Run a live class")


def remember(code: str, key: str) -> None:
    st.session_state[CODE], st.session_state[KEY] = code, key
    st.query_params["class"], st.query_params["key"] = code, key


def start() -> None:
    started = attempt(lambda: open_classes().start_class())
    if started:
        remember(*started)


def forget() -> None:
    for name in (CODE, KEY, SHOWN):
        st.session_state.pop(name, None)
    st.query_params.clear()


# The class of this session, else of this address (a reload), else none yet.
if CODE not in st.session_state and "class" in st.query_params:
    classes = live_classes()
    linked, key = st.query_params.get("class", ""), st.query_params.get("key", "")
    try:
        code = parse_class_code(linked)
        if classes.is_teacher(code, key):
            remember(code, key)
        else:
            st.error(f"This address does not hold class {code}'s teacher key: only the teacher "
                     "who started a class can run it. You can start a class of your own.",
                     icon=":material/lock:")
    except ClassError as error:
        st.error(markdown_text(error.message), icon=":material/error:")

if CODE not in st.session_state:
    st.markdown("Start a class, show its code or QR code on the projector, and every "
                "learner answers your questions on their own phone or laptop: real euchre "
                "situations, judged by the rules engine.")
    st.button("Start a class", key="class-start", type="primary", on_click=start,
              icon=":material/co_present:")
    show_refusal()
    st.stop()

code, key = st.session_state[CODE], st.session_state[KEY]
classes = live_classes()
try:
    status = classes.status(code)
except (ClassError, StoreUnavailable) as error:
    st.error(markdown_text(error.message))
    st.stop()
st.session_state[SHOWN] = status.screen

link = join_url(st.context.url, code, st.get_option("server.baseUrlPath") or "")
with st.container(key="class-code-box"):
    words, picture = st.columns([1, 1], vertical_alignment="center")
    words.markdown("Join at the address below, or scan the code, and type this class code:")
    words.html(f'<div class="class-code">{html.escape(code)}</div>'
               f'<p class="join-link">{html.escape(link)}</p>')
    picture.markdown(qr_img(link, 400, f"QR code of {link}"), unsafe_allow_html=True)


@st.fragment(run_every=POLL_SECONDS)
def live_count() -> None:
    """Who has joined and how many have answered: refreshed every POLL_SECONDS."""
    try:
        tally = classes.tally(code, key)
        names = classes.member_names(code)
    except (ClassError, StoreUnavailable) as error:
        st.warning(markdown_text(error.message))
        return
    with st.container(key="class-count"):
        joined = f"**{tally.members}** learner{'s' if tally.members != 1 else ''} joined"
        if status.question_id is not None:
            st.markdown(f"{joined} · **{tally.answered}** answered")
        else:
            st.markdown(joined)
    if names:
        st.caption(", ".join(markdown_text(name) for name in names))
    if status.question_id is not None and st.session_state.get("class-chart"):
        live = classes.current(code)
        st.plotly_chart(answer_chart(live.question, tally.answers, live.revealed),
                        key="class-answers-chart", config={"displayModeBar": False})


live = classes.current(code) if status.question_id is not None else None
if not status.open:
    st.info(f"Class {code} has ended: its code no longer works. The report is below.")
else:
    live_count()
    watch(code, classes, SHOWN)   # a reveal or question pushed from another tab shows here

if live is not None:
    question = live.question
    st.subheader(f"Question {live.position}")
    st.markdown(f"**{question.prompt}**")
    if question.scene.facts:
        st.markdown("\n".join(f"- {fact}" for fact in question.scene.facts))
    if has_table(question):
        card_table(teacher_model(question, live.revealed), key="class-table")
    elif live.revealed:
        st.success(f"**The answer: {question.answer_text}.** {question.explanation}")
    if status.open:
        reveal, chart = st.columns([1, 1], vertical_alignment="center")
        reveal.button("Reveal the answer", key="class-reveal", type="primary",
                      disabled=live.revealed, on_click=lambda: attempt(
                          lambda: classes.reveal(code, key)))
        chart.toggle("Show the answers as a chart", key="class-chart")

show_refusal()
if status.open:
    with st.expander("Ask a question", expanded=live is None or live.revealed,
                     icon=":material/help:"):
        make_source = pick_question()
        st.button("Ask this question", key="class-push", type="primary",
                  on_click=lambda: attempt(
                      lambda: classes.push_question(code, key, make_source())))

with st.expander("Report", expanded=not status.open, icon=":material/table:"):
    report = classes.report(code, key)
    st.markdown("**Each question: the share of answers right**")
    st.dataframe(report.questions, hide_index=True,
                 column_config={"share_right": st.column_config.NumberColumn(
                     "share right", format="percent")})
    st.download_button("Download the questions (CSV)", report.questions.to_csv(index=False),
                       file_name=f"class-{code}-questions.csv", mime="text/csv",
                       key="class-download-questions")
    st.markdown("**Each learner: the score**")
    st.dataframe(report.learners, hide_index=True)
    st.download_button("Download the learners (CSV)", report.learners.to_csv(index=False),
                       file_name=f"class-{code}-learners.csv", mime="text/csv",
                       key="class-download-learners")

if status.open:
    st.button("End the class", key="class-end",
              on_click=lambda: attempt(lambda: classes.end(code, key)))
else:
    st.button("Start a new class", key="class-new", on_click=forget)
st.caption("This page's address holds your teacher key: reloading keeps your class. Keep "
           "the address to yourself (present full screen, F11).")
