"""Your progress: what you answered and how it went, from the progress store.

Charts of accuracy per skill over time, stars and mastery per lesson, and the days you
practised (a calendar); the newest answers as a table; your answers as a CSV file to
download or to bring back; and a reset, asked twice. Anything from an imported file
or a name is shown as text. (No st.stop: the router draws the learner-token component
after the page.)
"""

import io
from datetime import datetime

import streamlit as st

from lessons.loader import load_all
from lessons.spaced import daily_streak
from tutorial_app.learner import current_token, store_or_problem, unsaved_warning, unsaved_words
from tutorial_app.display_names import (DisplayNameError as InvalidDisplayNameError,  # the one
                                        optional_display_name as display_name)     # name rule
from tutorial_app.markdown_text import markdown_text
from tutorial_app.practice_mode import learner_zone
from tutorial_app.progress_charts import (accuracy_chart, lessons_chart, recent_table,
                                          streak_calendar)
from tutorial_app.progress_store import all_progress, forget_everything_read
from tutorial_app.store import Store, StoreUnavailable

EMPTY = "Nothing yet: answer a question in any lesson and it shows here."
CHART_CONFIG = {"displayModeBar": False}
IMPORTED = "progress-import-report"   # (tone, words, bad rows) of the last import
RESET_PROBLEM, RESET_DONE = "progress-reset-problem", "progress-reset-done"
NAME_KEY, NAME_PROBLEM = "progress-display-name", "progress-name-problem"


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
    upload = st.session_state.get("progress-import-file")
    if upload is None:
        return
    try:
        text = upload.getvalue().decode("utf-8-sig")
    except UnicodeDecodeError:
        st.session_state[IMPORTED] = ("error", "That file is not a CSV text file (UTF-8): "
                                      "nothing was imported.", [])
        return
    try:
        report = found.import_csv(token, text)
    except StoreUnavailable as error:
        st.session_state[IMPORTED] = ("unsaved", error.message, [])
        return
    forget_everything_read()
    words = f"Imported {report.imported} answer{'s' if report.imported != 1 else ''}"
    if report.already_there:
        words += f" ({report.already_there} you had already were left as they were)"
    st.session_state[IMPORTED] = ("success" if report.imported or not report.bad_rows
                                  else "info", words + ".", report.bad_rows)


def show_import_report() -> None:
    tone, words, bad_rows = st.session_state.pop(IMPORTED)
    if tone == "unsaved":
        unsaved_warning(words)
        return
    {"success": st.success, "info": st.info, "error": st.error}[tone](words)
    if bad_rows:
        st.warning(f"{len(bad_rows)} row{'s' if len(bad_rows) != 1 else ''} could not be "
                   "imported:\n\n" + "\n".join(f"- Line {line}: {markdown_text(reason)}"
                                               for line, reason in bad_rows))


def reset(found: Store, token: str) -> None:
    try:
        found.reset(token)
    except StoreUnavailable as error:
        st.session_state[RESET_PROBLEM] = error.message
        return
    forget_everything_read(quizzes_too=True)
    st.session_state["progress-reset-sure"] = False
    st.session_state[RESET_DONE] = True


def show_charts(answers, zone) -> None:
    """The figures, the facts above them and the latest answers."""
    progress = all_progress()
    days = answers["answered_at"].dt.tz_convert(zone).dt.date.value_counts().to_dict()
    today = datetime.now(zone).date()
    right = int(answers["correct"].sum())
    facts = st.columns(4)
    facts[0].metric("Answers", len(answers))
    facts[1].metric("Right", f"{100 * right / len(answers):.0f}%" if len(answers) else "-")
    streak = daily_streak(days, today)
    facts[2].metric("Daily streak", f"{streak} day{'s' if streak != 1 else ''}")
    facts[3].metric("Lessons with stars", sum(1 for p in progress.values() if p.stars))
    left, right_side = st.columns(2)
    left.plotly_chart(accuracy_chart(answers, zone), key="progress-accuracy",
                      config=CHART_CONFIG)
    lessons = [(lesson.id, f"{lesson.number}. {lesson.title}") for lesson in load_all()]
    right_side.plotly_chart(lessons_chart(progress, lessons), key="progress-lessons",
                            config=CHART_CONFIG)
    st.plotly_chart(streak_calendar(days, today), key="progress-calendar",
                    config=CHART_CONFIG)
    st.subheader("Your latest answers")
    st.dataframe(recent_table(answers, zone), key="progress-table", hide_index=True)


def show_your_data(found: Store, token: str, exported: str, rows: int) -> None:
    """Export, import and reset."""
    st.subheader("Your data")
    export, bring_back, delete = st.columns(3)
    with export:
        st.download_button("Download my answers (CSV)", exported, key="progress-export",
                           file_name="euchre-progress.csv", mime="text/csv",
                           icon=":material/download:", disabled=not rows)
        st.caption(f"{rows} answer{'s' if rows != 1 else ''}, one a line: keep them, or "
                   "bring them to another computer.")
    with bring_back:
        upload = st.file_uploader("Bring back answers from a CSV file", type=["csv"],
                                  key="progress-import-file")
        st.button("Import", key="progress-import", disabled=upload is None,
                  on_click=import_clicked, args=(found, token), icon=":material/upload:")
        if IMPORTED in st.session_state:
            show_import_report()
    with delete:
        sure = st.checkbox("Yes, delete my progress", key="progress-reset-sure")
        st.button("Delete my progress", key="progress-reset", disabled=not sure,
                  on_click=reset, args=(found, token), icon=":material/delete_forever:")
        if st.session_state.get(RESET_PROBLEM):
            unsaved_warning(st.session_state.pop(RESET_PROBLEM))
        st.caption("Deletes every answer, star and kept quiz place. It cannot be undone: "
                   "download your answers first if you may want them back.")


def show_page() -> None:
    st.title("Your progress")
    found, problem = store_or_problem()
    if found is None:
        unsaved_warning(problem)
        return
    token = current_token()
    try:
        answers = found.answers(token)
        name = found.display_name(token)
        exported = io.StringIO()
        rows = found.export_csv(token, exported)
    except StoreUnavailable as error:
        unsaved_warning(error.message)
        return
    if name:
        st.markdown(f"Progress of **{markdown_text(name)}**")
    with st.popover("Your name (optional)", icon=":material/badge:"):
        st.session_state.setdefault(NAME_KEY, name or "")
        st.text_input("A name to show on this page", key=NAME_KEY, max_chars=30,
                      on_change=name_changed, args=(found, token),
                      help="Only you see it. Leave it empty to show none.")
    if st.session_state.get(NAME_PROBLEM):
        st.warning(markdown_text(st.session_state.pop(NAME_PROBLEM)))
    if st.session_state.pop(RESET_DONE, False):
        st.success("Your progress is deleted. Everything starts again from here.")
    if answers.empty and not any(p.stars for p in all_progress().values()):
        st.info(EMPTY, icon=":material/hourglass_empty:")
    else:
        show_charts(answers, learner_zone())
    show_your_data(found, token, exported.getvalue(), rows)


show_page()
