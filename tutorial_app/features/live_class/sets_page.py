"""Prepare question sets before the lesson: an ordered list of questions from lesson
quizzes, Practise topics, built scenarios or pasted question links, a name and an
optional timer per question. A set is kept in the progress store under this browser's
private token (only this browser changes it) and shared by a link that copies it
(``?copy=CODE``), never the key to change it. On "Run a live class" the teacher picks
the set and steps through it with "Next question in the set"."""

from dataclasses import replace

import streamlit as st

from lessons.loader import load_all
from lessons.question_source import TOPIC_SET_LENGTH, QuestionSource, question_for, source_label
from tutorial_app.features.live_class.keys import (
    SET_CHOICE,
    SET_COPIED,
    SET_DRAFT,
    SET_LINKS,
    SET_NAME,
    SET_NOTE,
    SET_TIMER,
)
from tutorial_app.features.live_class.question_picker import choose_next, pick_question
from tutorial_app.features.live_class.set_controls import timer_words
from tutorial_app.features.live_class.set_sources import sources_from_links
from tutorial_app.learner.current import current_token
from tutorial_app.limits.question_sets import (
    LINKS_TEXT_MAX,
    MAX_SET_QUESTIONS,
    SET_NAME_MAX,
    TIMER_CHOICES,
    share_code_in,
)
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.shell.url_state import app_page_url, sync_params
from tutorial_app.store import ClassError, QuestionSet, StoreUnavailable, open_question_sets

SETS_PAGE = "class-sets"  # this page's address; ?copy=<share code> copies a set
NEW = 0  # the choice "A new set"

st.title("Prepare question sets")
token = current_token()
try:
    sets = open_question_sets()
    mine = {kept.id: kept for kept in sets.mine(token)}
except (StoreUnavailable, ValueError) as error:
    st.error(f"Question sets need the progress database: {markdown_text(str(error))}")
    st.stop()

state = st.session_state


def note(text: str, tone: str = "info", place: str = "top") -> None:
    """A note for the next run, shown at ``place``: "top" (by Save) or "adding" (under the
    buttons that add questions, where the teacher is looking)."""
    state[SET_NOTE] = (tone, text, place)


def show_note(place: str) -> None:
    tone, text, at = state.get(SET_NOTE, ("", "", ""))
    if text and at == place:
        del state[SET_NOTE]
        {"success": st.success, "warning": st.warning}.get(tone, st.info)(markdown_text(text))


def open_set(kept: QuestionSet | None) -> None:
    """Put ``kept`` (None: a new, empty set) in the draft and its widgets."""
    state[SET_DRAFT] = (None, ()) if kept is None else (kept.id, kept.sources)
    state[SET_NAME] = "" if kept is None else kept.name
    if kept is None or kept.timer is None:
        # The box's first choice, "No timer: I reveal": a None put in its key reads as
        # no choice at all, and the box said "Choose an option".
        state.pop(SET_TIMER, None)
    else:
        state[SET_TIMER] = kept.timer
    state[SET_CHOICE] = NEW if kept is None else kept.id


def chosen() -> None:
    open_set(mine.get(state.get(SET_CHOICE, NEW)))


def add(sources: list[QuestionSource], left_out: str = "") -> None:
    """Add ``sources`` to the draft, each question once (a class would be asked a
    question twice), up to MAX_SET_QUESTIONS; a note says what was added and what was
    left out (``left_out``: what the caller could not read)."""
    set_id, kept = state.get(SET_DRAFT, (None, ()))
    new: list[QuestionSource] = []
    for source in sources:
        if source not in kept and source not in new:
            new.append(source)
    room = MAX_SET_QUESTIONS - len(kept)
    state[SET_DRAFT] = (set_id, (*kept, *new[:room]))
    notes = []
    if len(new) < len(sources):
        twice = len(sources) - len(new)
        notes.append(f"{twice} question{'s were' if twice > 1 else ' was'} in the set already.")
    if len(new) > room:
        notes.append(f"A set holds at most {MAX_SET_QUESTIONS} questions: the rest is left out.")
    if left_out:
        notes.append(left_out)
    added = min(len(new), room)
    if added:
        notes.insert(0, f"Added {added} question{'s' if added > 1 else ''}.")
    if notes:
        note(" ".join(notes), "warning" if len(notes) > bool(added) else "success", "adding")


def move(index: int, by: int) -> None:
    set_id, kept = state[SET_DRAFT]
    order = list(kept)
    if 0 <= index + by < len(order):
        order[index], order[index + by] = order[index + by], order[index]
    state[SET_DRAFT] = (set_id, tuple(order))


def remove(index: int) -> None:
    set_id, kept = state[SET_DRAFT]
    state[SET_DRAFT] = (set_id, kept[:index] + kept[index + 1 :])


def save() -> None:
    set_id, kept = state[SET_DRAFT]
    try:
        made = sets.save(token, set_id, state.get(SET_NAME, ""), kept, timer=state.get(SET_TIMER))
    except (ClassError, StoreUnavailable) as error:
        note(error.message, "warning")
        return
    state[SET_DRAFT] = (made.id, made.sources)
    state[SET_CHOICE] = made.id
    note(f"Saved: {made.name} ({len(made.sources)} questions).", "success")


def delete() -> None:
    set_id, _ = state[SET_DRAFT]
    try:
        sets.delete(token, set_id)
    except (ClassError, StoreUnavailable) as error:
        note(error.message, "warning")
        return
    open_set(None)
    note("The set is deleted.", "success")


def copy_from_link() -> None:
    """``?copy=CODE``: the shared set becomes one of this browser's, once per session."""
    code = share_code_in(st.query_params.get("copy", ""))
    if code is None:
        note("This share link holds no set code: ask for the link again.", "warning")
    elif state.get(SET_COPIED) != code:
        try:
            made = sets.copy_shared(token, code)
        except (ClassError, StoreUnavailable) as error:
            note(error.message, "warning")
        else:
            state[SET_COPIED] = code
            mine[made.id] = made
            open_set(made)
            note(f"Copied to your sets: {made.name}. Change it as you like.", "success")
    sync_params({"copy": None})


if "copy" in st.query_params:
    copy_from_link()
if SET_DRAFT not in state or state[SET_DRAFT][0] not in (None, *mine):
    open_set(None)

st.markdown(
    "Prepare the questions of a lesson here. In **Run a live class**, choose the set and "
    "press **Next question in the set** to ask them one by one."
)
st.selectbox(
    "Your sets",
    [NEW, *mine],
    key=SET_CHOICE,
    on_change=chosen,
    format_func=lambda i: (
        "A new set" if i == NEW else f"{mine[i].name} ({len(mine[i].sources)} questions)"
    ),
)
name_column, timer_column = st.columns([2, 1])
name_column.text_input("Name of the set", key=SET_NAME, max_chars=SET_NAME_MAX)
timer_column.selectbox(
    "Timer for each question",
    TIMER_CHOICES,
    key=SET_TIMER,
    format_func=timer_words,
)
set_id, kept = state[SET_DRAFT]

show_note("top")

save_column, delete_column = st.columns([1, 1])
save_column.button("Save the set", key="set-save", type="primary", on_click=save)
if set_id is not None:
    delete_column.button("Delete the set", key="set-delete", on_click=delete)
    saved = mine.get(set_id)
    if saved is not None:
        st.markdown("**Share this set** (the link copies it; nobody changes yours):")
        st.code(app_page_url(SETS_PAGE, {"copy": saved.share_code}), language=None)

# Open while the set is empty, and while it has news of an adding (a note under its buttons).
adding = state.get(SET_NOTE, ("", "", ""))[2] == "adding"
with st.expander("Add questions", expanded=not kept or adding, icon=":material/add:"):
    make_source = pick_question()
    one, every = st.columns(2)

    def add_one() -> None:
        try:
            add([make_source()])
            choose_next(make_source)
        except ValueError as error:
            note(f"That question cannot be added: {error}", "warning", "adding")

    def add_every() -> None:
        try:
            first = make_source()
        except ValueError as error:
            note(f"That question cannot be added: {error}", "warning", "adding")
            return
        if first.kind == "lesson":
            length = next(item for item in load_all() if item.id == first.ref).quiz_length
        else:
            length = TOPIC_SET_LENGTH if first.kind == "topic" else 1
        add([replace(first, index=index) for index in range(length)])

    one.button("Add this question", key="set-add-one", on_click=add_one, type="primary")
    every.button("Add every question of this quiz or set", key="set-add-all", on_click=add_every)
    st.text_area(
        "Or paste question links, one a line (Build a scenario, a lesson quiz, a Practise set)",
        key=SET_LINKS,
        max_chars=LINKS_TEXT_MAX,
        height=100,
    )

    def add_links() -> None:
        found, problems = sources_from_links(state.get(SET_LINKS, ""))
        add(found, f"Some lines were left out. {' '.join(problems)}" if problems else "")

    st.button("Add these links", key="set-add-links", on_click=add_links)
    show_note("adding")

with st.container(key="set-questions", border=True):
    st.markdown(f"**Questions: {len(kept)} of at most {MAX_SET_QUESTIONS}**")
    if not kept:
        st.caption("No questions yet: add some above.")
    for index, source in enumerate(kept):
        words, up, down, out = st.columns([12, 1, 1, 1], vertical_alignment="center")
        prompt = question_for(source).prompt
        words.markdown(f"{index + 1}. {markdown_text(prompt)}  \n*{source_label(source)}*")
        up.button("↑", key=f"set-up-{index}", on_click=move, args=(index, -1), help="Earlier")
        down.button("↓", key=f"set-down-{index}", on_click=move, args=(index, 1), help="Later")
        out.button("✕", key=f"set-remove-{index}", on_click=remove, args=(index,), help="Remove")

st.caption(
    "Your sets are kept with this browser's progress: your progress link (on Home) "
    "brings them to another device."
)
