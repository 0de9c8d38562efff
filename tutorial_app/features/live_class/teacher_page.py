"""Run a live class: start a class, show its code, join link and QR code, ask questions
that every learner answers on their own screen, watch the answers come in, reveal the
answer with the engine's reason, and read the report. This is the teacher's control
page (a laptop); "Open the projector view" opens ``screen_page`` for the projector.

The teacher's moves (ask, reveal) sit on top, drawn in every run while the class is
open; one fragment follows the class (the count, and a rerun when the class moved on
elsewhere), run again by its watcher (``class_watch``) only when there is news. Each
move acts on the question the page showed, so a click Streamlit delivers twice asks one
question (``class_view.push_after``).

The teacher key is the only proof of being the teacher. It is never in this page's
address (``/class?class=CODE`` names the class only): it lives in this session and in
this browser's storage, per class (``widgets/teacher_key``), so a reload keeps the
class. To run the class from another device, the teacher asks for a teacher link: a
one-time code (``?teacher=``) that works once, for 10 minutes, and gives that device a
key of its own. Changing the key stops every other key and link. An old address with
``?key=`` still opens the class once: the key is then changed, so that address (in a
history or a proxy log) opens nothing again."""

import html
from contextlib import suppress

import streamlit as st

from tutorial_app.card_table.component import card_table
from tutorial_app.features.live_class.answer_chart import answer_chart, right_count
from tutorial_app.features.live_class.class_link import (
    CLASS_PAGE,
    JOIN_PAGE,
    SCREEN_PAGE,
    address_html,
    qr_img,
)
from tutorial_app.features.live_class.class_view import (
    attempt,
    live_classes,
    push_after,
    request,
    reveal_shown,
    show_refusal,
)
from tutorial_app.features.live_class.class_watch import seconds_left, watch_class
from tutorial_app.features.live_class.keys import (
    CHART,
    CODE,
    KEY,
    LEARNERS_PAGE,
    LINK_NOTE,
    LINK_SEEN,
    NEW_NAME,
    QUESTIONS_PAGE,
    REFUSAL,
    SCREEN,
    TEACHER_LINK,
)
from tutorial_app.features.live_class.live_question import teacher_model
from tutorial_app.features.live_class.question_picker import choose_next, pick_question
from tutorial_app.features.live_class.report_view import grid_box, mistakes_box
from tutorial_app.features.live_class.set_controls import (
    next_in_set,
    push_timer,
    set_box,
)
from tutorial_app.features.live_class.tables_box import tables_box, tables_playing
from tutorial_app.features.live_class.teacher_key import (
    ask_again,
    drop_from_address,
    hand_to_browser,
    keep_teacher_key,
    reported_key,
)
from tutorial_app.limits.display_names import NAME_BOX_MAX
from tutorial_app.quiz.scene import has_table
from tutorial_app.shell.addresses import only_this_computer
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.page_notes import lasting_note
from tutorial_app.shell.scroll_top import scroll_to_top_when
from tutorial_app.shell.url_state import app_page_url, clear_params, sync_params
from tutorial_app.store import (
    MAX_CLASS_MEMBERS,
    REPORT_KEPT,
    REPORT_PAGE_ROWS,
    TEACHER_LINK_LIFETIME,
    ClassError,
    Reason,
    StoreUnavailable,
    open_classes,
    parse_class_code,
)

TEACHER_PARAM, LEGACY_PARAM = "teacher", "key"
# The page was opened as 127.0.0.1 or localhost: the links it makes name the teacher's
# own computer, which no learner's phone reaches.
LOOPBACK_NOTE = (
    "This address only works on this computer: learners' phones cannot open it. Open "
    "the app at this computer's network address (the start command prints it, e.g. "
    "`http://192.168.1.20:8501/class`): the link and the QR code follow it."
)
END_ASKED = "class-end-asked"  # the teacher pressed "End the class" and is asked to confirm
NOT_THE_KEY = (
    "This browser does not hold class {code}'s teacher key, or there is no such class "
    "(check the code). Only the teacher who started a class can run it: on the device "
    'that runs it, open "Teacher key and other devices" and make a teacher link; or '
    "start a class of your own."
)

st.html("""<style>
/* The code's size follows its column (six monospace letters, 0.6em and 0.5rem apart),
   so it never runs off a phone or a narrow window: at most 5.5rem. */
.st-key-class-code-box [data-testid="stColumn"] { container-type: inline-size; }
.st-key-class-code-box .class-code { font-size: min(5.5rem, calc(26cqi - 14px));
  font-weight: 800; letter-spacing: 0.5rem;
  line-height: 1; font-family: ui-monospace, monospace; color: #0b6b2f; }
.st-key-class-code-box .join-link { font-size: 1.4rem; word-break: break-all; }
.st-key-class-code-box .join-line { font-size: 1.2rem; margin: 0; word-break: break-all; }
.st-key-class-code-box .join-query { white-space: nowrap; }  /* the code read in one piece */
.st-key-class-code-box .class-code-small { font-weight: 800; letter-spacing: 0.2rem;
  font-family: ui-monospace, monospace; color: #0b6b2f; }
.st-key-class-count p { font-size: 1.5rem; }
</style>""")
st.title("Run a live class")


def remember(code: str, key: str, *, write_address: bool = True) -> None:
    """Run class ``code`` with ``key`` in this session; the browser keeps the key. The
    address names the class only."""
    st.session_state[CODE], st.session_state[KEY] = code, key
    st.session_state.pop(SCREEN, None)
    hand_to_browser(key)
    if write_address:
        sync_params({"class": code})


def start() -> None:
    started = attempt(lambda: open_classes().start_class())
    if started:
        remember(*started)


def forget() -> None:
    """Leave this class (the browser keeps its key while the report is kept)."""
    for name in (CODE, KEY, SCREEN, TEACHER_LINK):
        st.session_state.pop(name, None)
    clear_params()


def follow_address() -> None:
    """A teacher link (``?teacher=``) or an old address with ``?key=``: read once, then
    taken off the address bar by the browser (no history entry keeps it). A teacher
    link is spent; an old key opens the class and is changed at once."""
    params, state = st.query_params, st.session_state
    if TEACHER_PARAM not in params and LEGACY_PARAM not in params:
        return
    if state.get(LINK_SEEN):
        # Streamlit's copy still has them; the address bar has lost them already.
        for name in (TEACHER_PARAM, LEGACY_PARAM):
            if name in params:
                del params[name]
        return
    state[LINK_SEEN] = True
    drop_from_address(TEACHER_PARAM, LEGACY_PARAM)
    try:
        classes = open_classes()
        code = parse_class_code(params.get("class", ""))
        if TEACHER_PARAM in params:
            key = classes.use_teacher_link(code, params.get(TEACHER_PARAM, ""))
        else:
            old = params.get(LEGACY_PARAM, "")
            if not classes.is_teacher(code, old):
                raise ClassError(Reason.NOT_TEACHER, NOT_THE_KEY.format(code=code))
            key = classes.rotate_key(code, old)  # that address opens nothing again
        remember(code, key, write_address=False)
    except (ClassError, StoreUnavailable) as error:
        state[LINK_NOTE] = ("class", error.message)
    except ValueError as error:  # a database address that names no database we run on
        state[LINK_NOTE] = ("class", str(error))


def key_reported() -> None:
    """The browser said which key it keeps for the class in the address."""
    try:
        code = parse_class_code(st.query_params.get("class", ""))
    except ClassError:
        return
    key = reported_key(code)
    if not key or CODE in st.session_state:
        return
    try:
        if open_classes().is_teacher(code, key):
            remember(code, key, write_address=False)
    except (StoreUnavailable, ValueError):
        return  # the page's run says what is wrong with the database


def make_teacher_link(code: str, key: str) -> None:
    one_time = attempt(lambda: open_classes().teacher_link_code(code, key))
    if one_time:
        st.session_state[TEACHER_LINK] = app_page_url(
            CLASS_PAGE, {"class": code, "teacher": one_time}
        )


def change_key(code: str, key: str) -> None:
    fresh = attempt(lambda: open_classes().rotate_key(code, key))
    if fresh:
        remember(code, fresh, write_address=False)
        st.session_state[REFUSAL] = (
            "The teacher key has changed. Other devices and teacher "
            "links no longer open this class."
        )


def no_class_yet(asked_for: str | None) -> None:
    """The page before a class: a start button (and why an address opened nothing)."""
    if asked_for:
        st.error(markdown_text(NOT_THE_KEY.format(code=asked_for)), icon=":material/lock:")
    st.markdown(
        "Start a class, show its code or QR code on the projector, and every "
        "learner answers your questions on their own phone or laptop: real euchre "
        "situations, judged by the rules engine."
    )
    st.button(
        "Start a class",
        key="class-start",
        type="primary",
        on_click=start,
        icon=":material/co_present:",
    )
    show_refusal()


def teacher_page() -> str | None:
    """The whole page; the class code whose stored key the browser should report (a
    reload), else None."""
    follow_address()
    if CODE in st.session_state:
        st.session_state.pop(LINK_NOTE, None)
    note = lasting_note(LINK_NOTE, "class", None)
    if note:
        st.error(markdown_text(note), icon=":material/link_off:")
    if CODE not in st.session_state and "class" in st.query_params:
        try:
            code = parse_class_code(st.query_params.get("class", ""))
        except ClassError as error:
            st.error(markdown_text(error.message), icon=":material/error:")
            no_class_yet(None)
            return None
        if reported_key(code) is None:
            st.info(f"Opening class {code}…", icon=":material/hourglass_top:")
            ask_again()  # a report lost while the page loaded is asked for again
            return code  # the browser reports its key for the class, and the page reruns
        no_class_yet(None if note else code)
        return None
    if CODE not in st.session_state:
        no_class_yet(None)
        return None
    run_class(st.session_state[CODE], st.session_state[KEY])
    return None


def code_box(code: str, compact: bool) -> None:
    """The join code, the join link and the QR code, large until the first question
    (then one line: the projector view shows them large), and the projector view's link."""
    link = app_page_url(JOIN_PAGE, {"code": code})
    projector = app_page_url(SCREEN_PAGE, {"class": code})
    with st.container(key="class-code-box"):
        if compact:
            words, button = st.columns([5, 2], vertical_alignment="center")
            words.html(
                f'<p class="join-line">Class <span class="class-code-small">'
                f"{html.escape(code)}</span> · join at {address_html(link)}</p>"
            )
        else:
            words, picture = st.columns([1, 1], vertical_alignment="center")
            words.markdown("Join at the address below, or scan the code, and type this class code:")
            words.html(
                f'<div class="class-code">{html.escape(code)}</div>'
                f'<p class="join-link">{address_html(link)}</p>'
            )
            picture.markdown(qr_img(link, 400, f"QR code of {link}"), unsafe_allow_html=True)
            button = words
        if not compact and only_this_computer(link):
            st.warning(LOOPBACK_NOTE, icon=":material/wifi_off:")
        button.link_button(
            "Open the projector view",
            projector,
            icon=":material/present_to_all:",
            help="A page for the projector, in a new tab: the code, each question, the "
            "answer and the answers given, large. You keep running the class here.",
        )


def run_class(code: str, key: str) -> None:
    classes = live_classes()
    try:
        status, live = classes.showing(code)  # one read: the screen and its question agree
    except (ClassError, StoreUnavailable) as error:
        st.error(markdown_text(error.message))
        return
    st.session_state[SCREEN] = status.screen
    shown_id = status.question_id  # what the buttons drawn in this run act on

    in_set = None  # the set the class runs through, if any (None when it cannot be read)
    if status.open:  # an ended class's code no longer works: it is not advertised
        code_box(code, compact=live is not None)
        # A new question, or a set taken up below: its buttons are on top, in sight.
        with suppress(ClassError, StoreUnavailable):
            in_set = classes.set_progress(code)
            scroll_to_top_when(
                f"{live.id if live else ''}/{in_set.name if in_set else ''}", "class-teacher"
            )

    def watch(seen: str) -> None:
        """The page's one watcher (``class_watch``): a join, an answer, a question asked
        or revealed elsewhere (another tab, a timer) runs ``live_count`` again. It shows
        a timed question's countdown."""
        countdown = seconds_left(live)
        watch_class(code, seen, name="teacher", stamp="room", countdown=countdown)

    @st.fragment
    def live_count() -> None:
        """Who has joined and how many have answered, drawn again when the watcher sees
        news; a question asked or revealed elsewhere reruns the whole page."""
        try:
            classes.status(code)  # the poll's read: a timed question past its time is revealed
            tally = classes.tally(code, key)
            names = classes.member_names(code)
        except (ClassError, StoreUnavailable) as error:
            st.warning(markdown_text(error.message))
            watch("")  # any answer of the server's is news: the next run tries again
            return
        if tally.screen != st.session_state.get(SCREEN):
            st.rerun()
        with st.container(key="class-count"):
            joined = joined_words(tally.members)
            if live is not None and live.revealed:  # the count a teacher says aloud
                right = right_count(live.question, tally.answers)
                st.markdown(f"{joined} · **{tally.answered}** answered · **{right}** right")
            elif shown_id is not None:
                st.markdown(f"{joined} · **{tally.answered}** answered")
            else:
                st.markdown(joined)
        if names:
            st.caption(", ".join(markdown_text(name) for name in names))
        if live is not None and st.session_state.get(CHART):
            st.plotly_chart(
                answer_chart(live.question, tally.answers, live.revealed),
                key="class-answers-chart",
                config={"displayModeBar": False},
            )
        watch(tally.news)

    if not status.open:
        st.info(
            f"Class {code} has ended: its code no longer works. The report below is "
            f"kept for {REPORT_KEPT.days} days."
        )
    else:
        live_count()
        # The teacher's moves, on top where they are always in sight (never folded into
        # an expander): the buttons are drawn into this slot once the picker below ran.
        moves = st.container(key="class-moves")
    show_refusal()
    # While the class plays at tables, their overview comes first: it is what the
    # teacher watches (the question controls wait below).
    games = tables_playing(classes, code, key)
    if games:
        tables_box(classes, code, key, status.open, games)

    if live is not None:
        question = live.question
        st.subheader(f"Question {live.position}")
        st.markdown(f"**{question.prompt}**")
        if question.scene.facts:
            st.markdown("\n".join(f"- {fact}" for fact in question.scene.facts))
        if has_table(question):
            card_table(
                teacher_model(question, live.revealed, on_projector=False), key="class-table"
            )
        elif live.revealed:
            st.success(f"**The answer: {question.answer_text}.** {question.explanation}")

    if status.open:
        with st.container(border=True, key="class-ask"):
            st.markdown("**The next question**: choose it here, then press *Ask this question*.")
            make_source = pick_question()
            timer = push_timer()

        def ask_then_choose_next() -> None:
            if push_after(classes, code, key, shown_id, make_source, timer) is not None:
                choose_next(make_source)  # pressing again asks the next, not the same

        with moves:
            ask, reveal, chart = st.columns(3, vertical_alignment="center")
            ask.button(
                "Ask this question",
                key="class-push",
                # While a set runs, its "Next question" is the one step on, filled alone.
                type="primary"
                if (live is None or live.revealed) and (in_set is None or in_set.done)
                else "secondary",
                icon=":material/help:",
                on_click=lambda: request(ask_then_choose_next),
            )
            if live is not None:
                reveal.button(
                    "Reveal the answer",
                    key="class-reveal",
                    type="primary",
                    disabled=live.revealed,
                    icon=":material/visibility:",
                    on_click=lambda: request(lambda: reveal_shown(classes, code, key, shown_id)),
                )
                chart.toggle("Show the answers as a chart", key=CHART)
            next_in_set(classes, code, key)
        set_box(classes, code, key)

    members_box(classes, code, key)

    @st.fragment
    def class_record() -> None:
        """The report and the grid, drawn again when an answer or a join comes in: a
        watcher of their own (the count's fragment above reruns only itself). The news
        is read first, so an answer that lands while they are read is news next time."""
        seen = ""
        if status.open:
            with suppress(ClassError, StoreUnavailable):
                seen = classes.news(code).room
        report_box(classes, code, key, status.open)
        grid_box(classes, code, key, status.open)
        if status.open:
            watch_class(code, seen, name="teacher-record", stamp="room")

    class_record()
    mistakes_box(classes, code, key)
    if not games:
        tables_box(classes, code, key, status.open, games)
    devices_box(code, key)

    if status.open:
        end_box(classes, code, key)
    else:
        st.button("Start a new class", key="class-new", on_click=forget)
    st.caption(
        "Your teacher key is kept in this browser, never in the address: reloading "
        "keeps your class. This page shows learners' names and answers, and a teacher "
        "link once you make one: show the class the projector view instead."
    )


def joined_words(members: int) -> str:
    """'**3** learners joined (up to 100)': the count, and the cap in brackets (a bare
    "3 of 100" read as the size of the class)."""
    learners = "learner" if members == 1 else "learners"
    return f"**{members}** {learners} joined (up to {MAX_CLASS_MEMBERS})"


def end_box(classes, code: str, key: str) -> None:
    """End the class, once asked to and once more confirmed: it cannot be undone, and a
    double click on one button would have ended it and started a new class. "Keep it
    running" takes the first button's place, so a second click keeps the class."""
    if not st.session_state.get(END_ASKED):
        st.button("End the class", key="class-end", on_click=_set_end_asked, args=(True,))
        return
    st.warning(
        f"End class {code} for everyone? Learners can no longer answer, and its code "
        "stops working. This cannot be undone.",
        icon=":material/warning:",
    )
    with st.container(horizontal=True, gap="small"):
        st.button("Keep it running", key="class-end-no", on_click=_set_end_asked, args=(False,))

        def end() -> None:
            _set_end_asked(False)
            request(lambda: classes.end(code, key))

        st.button("Yes, end the class", key="class-end-yes", type="primary", on_click=end)


def _set_end_asked(asked: bool) -> None:
    st.session_state[END_ASKED] = asked


def members_box(classes, code: str, key: str) -> None:
    """Rename or remove a learner (a rude name, a duplicate, someone who left)."""
    with st.expander("Learners: rename or remove", icon=":material/group:"):
        names = classes.member_names(code)
        if not names:
            st.caption("Nobody has joined yet.")
            return
        chosen = st.selectbox("Learner", names, key="class-member")

        def rename() -> None:
            attempt(
                lambda: classes.rename_member(code, key, chosen, st.session_state.get(NEW_NAME, ""))
            )

        def remove() -> None:
            attempt(lambda: classes.remove_member(code, key, chosen))

        st.text_input("New name", key=NEW_NAME, max_chars=NAME_BOX_MAX)
        rename_column, remove_column = st.columns(2)
        rename_column.button("Rename", key="class-rename", on_click=rename)
        remove_column.button("Remove from the class", key="class-remove", on_click=remove)
        st.caption(
            "A learner who is removed loses their answers in this class; they can "
            "join again with the code."
        )


def page_number(label: str, key: str, rows: int) -> int:
    """The page of a list to show (0 first), asked only when there is more than one."""
    pages = max(1, -(-rows // REPORT_PAGE_ROWS))
    if pages == 1:
        return 0
    if st.session_state.get(key, 1) > pages:  # the list got shorter (a learner removed)
        st.session_state[key] = pages
    return (
        int(
            st.number_input(
                f"{label}: page (of {pages})", min_value=1, max_value=pages, step=1, key=key
            )
        )
        - 1
    )


def report_box(classes, code: str, key: str, open_: bool) -> None:
    """The report, a page at a time; each CSV is built only when its button is pressed."""
    with st.expander("Report", expanded=not open_, icon=":material/table:"):
        state = st.session_state
        try:
            report = classes.report(
                code,
                key,
                question_page=state.get(QUESTIONS_PAGE, 1) - 1,
                learner_page=state.get(LEARNERS_PAGE, 1) - 1,
                rows=REPORT_PAGE_ROWS,
            )
        except (ClassError, StoreUnavailable) as error:
            st.warning(markdown_text(error.message))
            return
        st.markdown("**Each question: the share of answers right**")
        page_number("Questions", QUESTIONS_PAGE, report.question_count)
        st.dataframe(
            report.questions,
            hide_index=True,
            column_config={
                "share_right": st.column_config.NumberColumn("share right", format="percent")
            },
        )
        st.download_button(
            "Download the questions (CSV)",
            lambda: classes.report_csv(code, key, "questions"),
            file_name=f"class-{code}-questions.csv",
            mime="text/csv",
            key="class-download-questions",
            on_click="ignore",  # no rerun: it would revoke the file being fetched
        )
        st.markdown("**Each learner: the score**")
        page_number("Learners", LEARNERS_PAGE, report.learner_count)
        st.dataframe(report.learners, hide_index=True)
        st.download_button(
            "Download the learners (CSV)",
            lambda: classes.report_csv(code, key, "learners"),
            file_name=f"class-{code}-learners.csv",
            mime="text/csv",
            key="class-download-learners",
            on_click="ignore",  # no rerun: it would revoke the file being fetched
        )
        st.caption(f"The report is kept for {REPORT_KEPT.days} days after the class ends.")


def devices_box(code: str, key: str) -> None:
    """A teacher link for another device, and a new key."""
    minutes = TEACHER_LINK_LIFETIME.seconds // 60
    with st.expander("Teacher key and other devices", icon=":material/key:"):
        st.markdown(
            f"To run this class from another device (a phone, a second laptop), make "
            f"a teacher link and open it there. It works **once**, within **{minutes} "
            "minutes**. Do not show it on the projector."
        )
        st.button(
            "Make a teacher link",
            key="class-teacher-link",
            on_click=lambda: make_teacher_link(code, key),
            icon=":material/link:",
        )
        made = st.session_state.pop(TEACHER_LINK, None)
        if made:
            st.code(made, language=None, wrap_lines=True)
        st.markdown(
            "If someone may have seen your key or a teacher link, change the key: "
            "every other device and link stops working."
        )
        st.button(
            "Change the teacher key",
            key="class-rotate",
            on_click=lambda: change_key(code, key),
            icon=":material/autorenew:",
        )


def keep_browser_side(want_code: str | None) -> None:
    code = st.session_state.get(CODE) or want_code
    keep_teacher_key(code, want=want_code is not None, on_reported=key_reported)


wanted = None
try:
    wanted = teacher_page()
finally:  # also after st.stop(): the browser keeps a key handed to it, drops a link
    keep_browser_side(wanted)
