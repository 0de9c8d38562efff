"""Your progress: what you answered and how it went, from the progress store.

Charts of accuracy per skill over time, stars and mastery per lesson, and the days you
practised (a calendar), all from counts the database makes (never every answer); the
newest answers as a table, a page at a time; your answers as a CSV file, built only when
the download is pressed, or brought back from one; and a reset, asked twice. Anything
from an imported file or a name is shown as text. A learner whose rows cannot be read
gets a warning and still the import and the reset. (No st.stop: the router draws the
learner-token component after the page.)
"""

import io
import logging
import secrets
from dataclasses import dataclass
from datetime import datetime
from functools import partial

import pandas as pd
import streamlit as st

from lessons.loader import load_all
from lessons.spaced import daily_streak
from tutorial_app.features.progress import jobs
from tutorial_app.features.progress.charts import (
    accuracy_chart,
    answers_per_day,
    counts_frame,
    lessons_chart,
    recent_table,
    streak_calendar,
)
from tutorial_app.features.progress.keys import (
    IMPORT_FILE,
    IMPORTED,
    IMPORTING,
    NAME_KEY,
    NAME_PROBLEM,
    PAGE_KEY,
    RESET_DONE,
    RESET_PROBLEM,
    RESET_SURE,
)
from tutorial_app.features.progress.mistakes_view import show_mistakes
from tutorial_app.learner.current import (
    current_token,
    learner_zone,
    store_or_problem,
    unsaved_warning,
    unsaved_words,
)
from tutorial_app.learner.progress_cache import all_progress, forget_everything_read
from tutorial_app.limits.display_names import DisplayNameError as InvalidDisplayNameError  # the one
from tutorial_app.limits.display_names import optional_display_name as display_name  # name rule
from tutorial_app.limits.numbers import MAX_IMPORT_ROWS, MAX_UPLOAD_BYTES
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.store import (
    OwnMistakes,
    Store,
    StoreUnavailable,
    export_mistakes_csv,
    is_mistakes_csv,
)
from tutorial_app.work.pool_view import JobFailed, pooled

LOG = logging.getLogger(__name__)
EMPTY = "Nothing yet: answer a question in any lesson and it shows here."
UNREADABLE = (
    "Some of your saved answers could not be read, so your charts are not shown. "
    "You can still bring back answers or delete your progress below."
)
CHART_CONFIG = {"displayModeBar": False}
PAGE_SIZE = 20  # answers a page of the table shows
MOST_BAD_ROWS_SHOWN = 20  # a file's bad rows named one by one; then a count
UPLOAD_MB = MAX_UPLOAD_BYTES // 2**20


def name_changed(found: Store, token: str) -> None:
    """Keep the name typed (optional: an empty box forgets it), or say why not."""
    try:
        found.set_display_name(token, display_name(st.session_state.get(NAME_KEY) or ""))
    except InvalidDisplayNameError as error:
        st.session_state[NAME_PROBLEM] = str(error)
    except StoreUnavailable as error:
        st.session_state[NAME_PROBLEM] = unsaved_words(error.message)


def import_clicked(found: Store, token: str) -> None:
    """Bring back the answers of the uploaded file; what happened shows on the next run
    (with the charts already showing them)."""
    upload = st.session_state.get(IMPORT_FILE)
    if upload is None:
        return
    # Streamlit's own cap (max_upload_size) is the browser's; the size is checked here
    # again before the file is read, and never more than the bound is read.
    if upload.size > MAX_UPLOAD_BYTES:
        st.session_state[IMPORTED] = (
            "error",
            f"That file is bigger than {UPLOAD_MB} MB, "
            "the most one import takes: nothing was imported.",
            [],
        )
        return
    upload.seek(0)
    data = upload.read(MAX_UPLOAD_BYTES + 1)
    if len(data) > MAX_UPLOAD_BYTES:
        st.session_state[IMPORTED] = (
            "error",
            f"That file is bigger than {UPLOAD_MB} MB, "
            "the most one import takes: nothing was imported.",
            [],
        )
        return
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError:
        st.session_state[IMPORTED] = (
            "error",
            "That file is not a CSV text file (UTF-8): nothing was imported.",
            [],
        )
        return
    # Read and written in the worker pool (jobs.import_answers), not in this thread.
    st.session_state[IMPORTING] = (secrets.token_hex(8), text)


def import_finished(found: Store, token: str) -> bool:
    """Whether the import asked for has ended (its report kept for the page); False while
    the pool works on it (a progress bar shows, and the page runs again at its end)."""
    number, text = st.session_state[IMPORTING]
    database = found.engine.url.render_as_string(hide_password=False)
    try:
        report = pooled(
            ("import", number),
            jobs.import_answers,
            (database, token, text),
            doing="Bringing back your answers...",
        )
    except JobFailed as failed:
        del st.session_state[IMPORTING]
        st.session_state[IMPORTED] = ("error", f"{failed} Nothing was imported.", [])
        return True
    if report is None:
        return False
    del st.session_state[IMPORTING]
    if isinstance(report, str):
        st.session_state[IMPORTED] = ("unsaved", report, [])
        return True
    if report.refused:
        st.session_state[IMPORTED] = ("error", report.refused, [])
        return True
    forget_everything_read()
    noun = "kept mistake" if is_mistakes_csv(text) else "answer"
    words = f"Imported {report.imported} {noun}{'s' if report.imported != 1 else ''}"
    if report.already_there:
        words += f" ({report.already_there} you had already were left as they were)"
    st.session_state[IMPORTED] = (
        "success" if report.imported or not report.bad_rows else "info",
        words + ".",
        report.bad_rows,
    )
    return True


def show_import_report() -> None:
    tone, words, bad_rows = st.session_state.pop(IMPORTED)
    if tone == "unsaved":
        unsaved_warning(words)
        return
    {"success": st.success, "info": st.info, "error": st.error}[tone](words)
    if bad_rows:
        named = bad_rows[:MOST_BAD_ROWS_SHOWN]
        more = len(bad_rows) - len(named)
        st.warning(
            f"{len(bad_rows)} row{'s' if len(bad_rows) != 1 else ''} could not be "
            "imported:\n\n"
            + "\n".join(f"- Line {line}: {markdown_text(reason)}" for line, reason in named)
            + (f"\n- ... and {more} more." if more else "")
        )


def reset(found: Store, token: str) -> None:
    try:
        found.reset(token)
    except StoreUnavailable as error:
        st.session_state[RESET_PROBLEM] = error.message
        return
    forget_everything_read(quizzes_too=True)
    st.session_state[RESET_SURE] = False
    st.session_state[RESET_DONE] = True


@dataclass(frozen=True)
class PageData:
    """What the page draws, read from the store: counts, a name, one page of answers."""

    name: str | None
    counts: pd.DataFrame  # progress_charts.counts_frame: per skill per quarter hour
    total: int
    recent: pd.DataFrame  # one page of the newest answers


def read_page(found: Store, token: str, page: int) -> PageData:
    """The page's data for this learner; raises StoreUnavailable (or whatever a stored
    row the page cannot read raises: the caller says so and keeps the reset)."""
    counts = counts_frame(found.answer_counts(token))
    total = int(counts["answers"].sum()) if not counts.empty else 0
    pages = max(1, -(-total // PAGE_SIZE))
    page = min(max(page, 0), pages - 1)
    st.session_state[PAGE_KEY] = page
    return PageData(
        found.display_name(token),
        counts,
        total,
        found.recent_answers(token, PAGE_SIZE, page * PAGE_SIZE),
    )


def turn_page(step: int) -> None:
    st.session_state[PAGE_KEY] = max(0, st.session_state.get(PAGE_KEY, 0) + step)


def show_recent(data: PageData, zone) -> None:
    """One page of the newest answers, with buttons to the newer and older ones."""
    st.header("Your latest answers")
    page = st.session_state.get(PAGE_KEY, 0)
    first = page * PAGE_SIZE + 1
    last = min(first + PAGE_SIZE - 1, data.total)
    st.dataframe(
        recent_table(data.recent, zone, limit=PAGE_SIZE), key="progress-table", hide_index=True
    )
    newer, where, older = st.columns([1, 2, 1])
    newer.button(
        "Newer",
        key="progress-newer",
        disabled=page == 0,
        on_click=turn_page,
        args=(-1,),
        icon=":material/chevron_left:",
    )
    where.caption(f"Answers {first:,} to {last:,} of {data.total:,}, newest first.")
    older.button(
        "Older",
        key="progress-older",
        disabled=last >= data.total,
        on_click=turn_page,
        args=(1,),
        icon=":material/chevron_right:",
    )


def show_charts(data: PageData, zone) -> None:
    """The figures, the facts above them and the latest answers."""
    progress = all_progress()
    days = answers_per_day(data.counts, zone)
    today = datetime.now(zone).date()
    right = int(data.counts["right"].sum()) if data.total else 0
    facts = st.columns(4)
    facts[0].metric("Answers", data.total)
    facts[1].metric("Right", f"{100 * right / data.total:.0f}%" if data.total else "-")
    streak = daily_streak(days, today)
    facts[2].metric("Daily streak", f"{streak} day{'s' if streak != 1 else ''}")
    facts[3].metric("Lessons with stars", sum(1 for p in progress.values() if p.stars))
    left, right_side = st.columns(2)
    left.plotly_chart(
        accuracy_chart(data.counts, zone), key="progress-accuracy", config=CHART_CONFIG
    )
    lessons = [(lesson.id, f"{lesson.number}. {lesson.title}") for lesson in load_all()]
    right_side.plotly_chart(
        lessons_chart(progress, lessons), key="progress-lessons", config=CHART_CONFIG
    )
    st.plotly_chart(streak_calendar(days, today), key="progress-calendar", config=CHART_CONFIG)
    show_recent(data, zone)


def exported_csv(found: Store, token: str) -> str:
    """The learner's answers as CSV text: called only when the download is pressed."""
    text = io.StringIO()
    try:
        found.export_csv(token, text)
    except StoreUnavailable as error:
        return f"Your answers could not be read: {error.message}\n"
    return text.getvalue()


def exported_mistakes(found: Store, token: str) -> str:
    """The learner's kept mistakes as CSV text: called only when the download is pressed."""
    text = io.StringIO()
    try:
        export_mistakes_csv(OwnMistakes(found), token, text)
    except StoreUnavailable as error:
        return f"Your mistakes could not be read: {error.message}\n"
    return text.getvalue()


def show_your_data(found: Store, token: str, rows: int | None, mistakes: int = 0) -> None:
    """Export, import and reset (``rows`` None: the answers could not be read)."""
    st.header("Your data")
    export, bring_back, delete = st.columns(3)
    with export:
        st.download_button(
            "Download my answers (CSV)",
            partial(exported_csv, found, token),
            key="progress-export",
            file_name="euchre-progress.csv",
            mime="text/csv",
            icon=":material/download:",
            disabled=not rows,
            # No rerun on the click: a rerun revokes the deferred file the click is
            # fetching, and under load the download was lost.
            on_click="ignore",
        )
        if rows is not None:
            st.caption(
                f"{rows} answer{'s' if rows != 1 else ''}, one a line: keep them, or "
                "bring them to another computer."
            )
        if mistakes:
            st.download_button(
                "Download my mistakes (CSV)",
                partial(exported_mistakes, found, token),
                key="progress-export-mistakes",
                file_name="euchre-mistakes.csv",
                mime="text/csv",
                icon=":material/download:",
                on_click="ignore",
            )
    with bring_back:
        upload = st.file_uploader(
            "Bring back answers or mistakes from a CSV file",
            type=["csv"],
            key=IMPORT_FILE,
            max_upload_size=UPLOAD_MB,
            help=f"A file this page made, of answers or of mistakes: at most {UPLOAD_MB} MB "
            f"and {MAX_IMPORT_ROWS:,} rows.",
        )
        st.button(
            "Import",
            key="progress-import",
            disabled=upload is None,
            on_click=import_clicked,
            args=(found, token),
            icon=":material/upload:",
        )
        if IMPORTING in st.session_state and import_finished(found, token):
            st.rerun()  # the charts and counts show the answers brought back
        if IMPORTED in st.session_state:
            show_import_report()
    with delete:
        sure = st.checkbox("Yes, delete my progress", key=RESET_SURE)
        st.button(
            "Delete my progress",
            key="progress-reset",
            disabled=not sure,
            on_click=reset,
            args=(found, token),
            icon=":material/delete_forever:",
        )
        if st.session_state.get(RESET_PROBLEM):
            unsaved_warning(st.session_state.pop(RESET_PROBLEM))
        st.caption(
            "Deletes every answer, star and kept quiz place. It cannot be undone: "
            "download your answers first if you may want them back."
        )


def show_page() -> None:
    st.title("Your progress")
    found, problem = store_or_problem()
    if found is None:
        assert problem is not None  # no store: the reason why
        unsaved_warning(problem)
        return
    token = current_token()
    data = None
    try:
        data = read_page(found, token, st.session_state.get(PAGE_KEY, 0))
    except StoreUnavailable as error:
        unsaved_warning(error.message)
    except Exception:  # a stored row this page cannot read: words, and the reset stays
        LOG.exception("the progress page could not read a learner's rows")
        st.warning(UNREADABLE, icon=":material/warning:")
    name = data.name if data else None
    if name:
        st.markdown(f"Progress of **{markdown_text(name)}**")
    with st.popover("Your name (optional)", icon=":material/badge:"):
        st.session_state.setdefault(NAME_KEY, name or "")
        st.text_input(
            "A name to show on this page",
            key=NAME_KEY,
            max_chars=30,
            on_change=name_changed,
            args=(found, token),
            help="Only you see it. Leave it empty to show none.",
        )
    if st.session_state.get(NAME_PROBLEM):
        st.warning(markdown_text(st.session_state.pop(NAME_PROBLEM)))
    if st.session_state.pop(RESET_DONE, False):
        st.success("Your progress is deleted. Everything starts again from here.")
    if data is not None:
        if not data.total and not any(p.stars for p in all_progress().values()):
            st.info(EMPTY, icon=":material/hourglass_empty:")
        else:
            show_charts(data, learner_zone())
    kept = []
    try:
        kept, hands = OwnMistakes(found).mine(token), found.hands(token, "play")
    except StoreUnavailable as error:
        unsaved_warning(error.message)
    else:
        show_mistakes(kept, hands, learner_zone())
    show_your_data(found, token, data.total if data else None, len(kept))


show_page()
