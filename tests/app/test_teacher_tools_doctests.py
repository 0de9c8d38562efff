"""The doctests of the teacher's tools: links, replay, builder, questions, quiz sheet."""

import doctest

import pytest

from lessons import scenario_questions
from tutorial_app import (
    build_moves,
    presentation,
    quiz_sheet,
    replay,
    scenario_draft,
    scenario_link,
    sheet_sources,
)


@pytest.mark.parametrize("module", [scenario_link, replay, scenario_draft, build_moves,
                                    quiz_sheet, sheet_sources, scenario_questions,
                                    presentation], ids=lambda module: module.__name__)
def test_doctests(module):
    failures, _ = doctest.testmod(module)
    assert failures == 0
