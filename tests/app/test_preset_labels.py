"""Learners see the presets by name (Board Game Arena, Pagat, CardSuite) with one line
each; the URL keeps the short values bga, pagat and cardsuite."""

from __future__ import annotations

import re

import pytest
from app_driver import open_page

from engine import PRESET_DESCRIPTIONS, PRESET_NAMES, PRESETS
from lessons.loader import load_all
from tutorial_app.features.teach.keys import REPLAY
from tutorial_app.rule_tables.ranking import presets_frame

NAMES = [PRESET_NAMES[key] for key in PRESETS]


def test_the_presets_table_heads_its_columns_with_the_names():
    frame = presets_frame()
    assert list(frame.columns) == ["House rule", *NAMES]
    assert list(frame.iloc[0][NAMES]) == [PRESET_DESCRIPTIONS[key] for key in PRESETS]


def _lesson_words(lesson) -> list[str]:
    words = [lesson.title, lesson.summary, lesson.intro]
    for step in lesson.steps:
        words += [step.text, step.caption]
        if step.question is not None:
            words.append(step.question.prompt)
    words += [item.question.prompt for item in lesson.items]
    return words


@pytest.mark.parametrize("lesson", load_all(), ids=lambda lesson: lesson.id)
def test_lessons_call_the_presets_by_name(lesson):
    for text in _lesson_words(lesson):
        keys = re.findall(rf"\b(?:{'|'.join(PRESETS)})\b", text)
        assert not keys, f"{lesson.id}: say {[PRESET_NAMES[k] for k in keys]}, not {keys}"


@pytest.mark.app
@pytest.mark.parametrize("script,key", [("features/practise/page.py", "rules")])
def test_rules_selectors_show_names_and_keep_short_url_values(script, key):
    # Play keeps its rules in the game link: test_play_page.py checks its selector.
    at = open_page(script, timeout=60, **{key: "pagat"})
    control = at.segmented_control(key=key)
    assert control.options == NAMES
    assert control.value == "pagat"
    assert any(PRESET_DESCRIPTIONS["pagat"] in caption.value for caption in at.caption)
    control.set_value("cardsuite").run()
    assert not at.exception
    assert at.query_params[key] in ("cardsuite", ["cardsuite"])


@pytest.mark.app
def test_teach_rules_selector_shows_names():
    at = open_page("features/teach/page.py")
    assert at.selectbox(key="teach-rules").options == NAMES
    at.selectbox(key="teach-rules").set_value("pagat").run()
    at.button(key="teach-deal").click().run()
    assert at.session_state[REPLAY].shown.rules.preset_name == "pagat"
    assert any("Rules: Pagat" in caption.value for caption in at.caption)
