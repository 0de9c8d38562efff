"""Print a quiz sheet: a lesson's quiz by its number, a Practise set, or a list of
scenario question links, as one HTML page laid out for printing (cards drawn, questions
in two columns, the answer key with the engine's reasons on its own page). A lesson quiz
or a Practise set can also come as one copy per learner: each copy its own quiz number,
headed with a name (or a copy number), and every copy's key at the end of the file.

The sheet is built by ``tutorial_app.features.quiz_sheet.sheet``; the questions are the
app's own."""

import streamlit as st

from engine import PRESET_NAMES, PRESETS
from lessons.loader import load_all
from lessons.quiz import Question
from lessons.quizzes import DEFAULT_PRACTICE_TOPICS, PRACTICE_TOPICS, SEED_LIMIT
from tutorial_app.features.quiz_sheet.copies import copies_form
from tutorial_app.features.quiz_sheet.keys import SHEET_HTML
from tutorial_app.features.quiz_sheet.sheet import quiz_sheet_html
from tutorial_app.features.quiz_sheet.sources import SeededSet, scenario_questions_from
from tutorial_app.shell.markdown_text import markdown_text

SOURCES = {
    "lesson": "A lesson's quiz",
    "practise": "A Practise set",
    "scenarios": "Built scenarios",
}
SHEETS = {"one": "One sheet", "copies": "A copy per learner"}
LESSONS = {lesson.id: f"{lesson.number}. {lesson.title}" for lesson in load_all()}

st.title("Print a quiz sheet")
st.caption(
    "Download a page to print: the questions with their cards, then the answer key "
    "with the engine's reasons on a page of its own. Or one copy for each learner, "
    "each with other questions, and all the keys at the end."
)
# Side by side, so that a copy per learner's names and download fit on one screen.
source_column, sheets_column = st.columns([3, 2])
source = source_column.segmented_control(
    "Questions from",
    list(SOURCES),
    key="sheet-source",
    format_func=SOURCES.__getitem__,
    default="lesson",
    required=True,
)
questions: list[Question] = []
problems: list[str] = []
origin = ""
seeded: SeededSet | None = None  # a lesson quiz or a Practise set: copies can differ
seed = 1
copies = source != "scenarios" and (
    sheets_column.segmented_control(
        "Sheets",
        list(SHEETS),
        key="sheet-copies",
        format_func=SHEETS.__getitem__,
        default="one",
        required=True,
    )
    == "copies"
)
if source == "lesson":
    left, right = st.columns(2)
    lesson_id = left.selectbox(
        "Lesson", list(LESSONS), key="sheet-lesson", format_func=LESSONS.__getitem__
    )
    seed = right.number_input(
        "Quiz number (the same number gives the same quiz)",
        1,
        SEED_LIMIT - 1,
        value=42,
        key="sheet-seed",
    )
    seeded = SeededSet(lesson_id=lesson_id)
elif source == "practise":
    topics = st.pills(
        "Topics",
        list(PRACTICE_TOPICS),
        selection_mode="multi",
        default=list(DEFAULT_PRACTICE_TOPICS),
        key="sheet-topics",
        format_func=lambda t: PRACTICE_TOPICS[t][0],
    )
    left, middle, right = st.columns(3)
    preset = left.selectbox(
        "Rules", list(PRESETS), key="sheet-rules", format_func=PRESET_NAMES.__getitem__
    )
    seed = middle.number_input("Set number", 1, SEED_LIMIT - 1, value=7, key="sheet-set")
    length = right.number_input("Questions", 1, 40, value=10, key="sheet-length")
    if topics:
        seeded = SeededSet(topics=tuple(topics), preset=preset, length=int(length))
    else:
        st.info("Pick at least one topic.")
else:
    text = st.text_area(
        "Question links, one a line (made on the Build a scenario page)",
        key="sheet-links",
        height=140,
        max_chars=40000,
    )
    questions, problems = scenario_questions_from(text or "")
    origin = "Built scenarios"
    for problem in problems:
        st.warning(markdown_text(problem))
if seeded is not None:
    questions, origin = seeded.questions(int(seed)), seeded.origin(int(seed))

title_column, names_column = st.columns(2) if copies else (st.container(), None)
title = title_column.text_input(
    "Title on the sheet", value="Euchre quiz", max_chars=120, key="sheet-title"
)
if seeded is not None and names_column is not None:
    copies_form(seeded, int(seed), title or "Euchre quiz", names_column)
elif questions:
    sheet = quiz_sheet_html(questions, title or "Euchre quiz", origin)
    st.session_state[SHEET_HTML] = sheet  # what the download holds, for tests
    count = f"{len(questions)} question{'' if len(questions) == 1 else 's'}"
    st.download_button(
        f"Download the sheet ({count}, HTML)",
        sheet,
        file_name="euchre-quiz-sheet.html",
        mime="text/html",
        key="sheet-download",
        type="primary",
        icon=":material/download:",
        on_click="ignore",
    )
    st.caption(
        "To print or make a PDF: open the downloaded page in a browser and print "
        "it (choose “Save as PDF” for a PDF). The app makes no PDF itself: "
        "no tool installed with it can draw one."
    )
    with st.expander("The questions on the sheet"):
        st.markdown(
            "\n".join(f"{n}. {markdown_text(q.prompt)}" for n, q in enumerate(questions, 1))
        )
elif source == "scenarios" and not problems:
    st.info("Paste one or more question links to make a sheet of them.")
