"""The learner token, the progress link and the display name (plain pytest, no Streamlit):
tokens are long and random, only their exact form is accepted, and a refused link or
name says what was wrong and what is accepted."""

from __future__ import annotations

import doctest
import math
import secrets
import string
from urllib.parse import parse_qs, urlsplit

import pytest

from tutorial_app import learner_identity
from tutorial_app.learner_identity import (TOKEN_LENGTH, InvalidDisplayNameError, display_name,
                                           is_well_formed_token, link_token_problem,
                                           new_learner_token, progress_link, token_from_browser,
                                           token_problem)

URL_SAFE = set(string.ascii_letters + string.digits + "-_")
GOOD = "aZ09-_" * 5 + "xy"   # 32 characters, every kind the alphabet has


def test_doctests():
    assert doctest.testmod(learner_identity).failed == 0


def test_a_new_token_is_32_url_safe_characters_carrying_at_least_128_bits():
    tokens = {new_learner_token() for _ in range(2000)}
    assert len(tokens) == 2000                                   # no repeats
    assert all(len(token) == TOKEN_LENGTH and set(token) <= URL_SAFE for token in tokens)
    assert TOKEN_LENGTH * math.log2(len(URL_SAFE)) >= 128        # 192 bits of room ...
    # ... and the randomness fills it: every position takes many values, none favoured.
    for position in range(TOKEN_LENGTH):
        seen = {token[position] for token in tokens}
        assert len(seen) > 50, (position, len(seen))
    assert all(is_well_formed_token(token) for token in tokens)


def test_the_token_is_read_from_the_random_source_not_a_seeded_one(monkeypatch):
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: "Q" * 32 if n == 24 else "")
    assert new_learner_token() == "Q" * 32


@pytest.mark.parametrize("text, problem", [
    ("", "is empty"),
    ("abc", "has 3 characters"),
    (GOOD[:-1], "has 31 characters"),
    (GOOD + "a", "has 33 characters"),
    (GOOD[:-1] + "=", "has characters other than letters, digits, - and _"),   # base64 padding
    (GOOD[:-1] + "+", "has characters other than letters, digits, - and _"),   # plain base64
    (GOOD[:-1] + " ", "has characters other than letters, digits, - and _"),
    (GOOD[:-1] + "é", "has characters other than letters, digits, - and _"),
    (GOOD[:-1] + "\n", "has characters other than letters, digits, - and _"),
    ("<script>alert(1)</script>" + "x" * 7, "has characters other than letters, digits, - and _"),
    ("../../etc/passwd" + "a" * 16, "has characters other than letters, digits, - and _"),
    ("' OR 1=1 --" + "a" * 21, "has characters other than letters, digits, - and _"),
])
def test_forged_and_malformed_tokens_are_refused_with_the_reason(text, problem):
    assert not is_well_formed_token(text)
    assert token_problem(text) == problem
    assert text not in link_token_problem([text]) or not text   # never repeated back


@pytest.mark.parametrize("value", [None, 12345, b"a" * 32, ["a" * 32]])
def test_only_strings_can_be_tokens(value):
    assert not is_well_formed_token(value)


def test_a_well_formed_token_has_no_problem():
    assert is_well_formed_token(GOOD) and token_problem(GOOD) is None
    assert link_token_problem([GOOD]) is None


def test_a_refused_link_says_what_was_wrong_and_what_is_accepted():
    sentence = link_token_problem(["abc"])
    assert "has 3 characters" in sentence
    assert "exactly 32 letters, digits, - or _" in sentence
    assert "starts fresh" in sentence


def test_a_link_with_two_learner_codes_is_refused():
    sentence = link_token_problem([GOOD, new_learner_token()])
    assert "it has 2 learner codes" in sentence
    assert link_token_problem([]) is not None


def test_a_browser_report_keeps_a_stored_token_and_else_takes_the_offer():
    offer = new_learner_token()
    assert token_from_browser(GOOD, offer) == GOOD
    for stored in ("", None, "abc", GOOD[:-1] + "=", 42):
        assert token_from_browser(stored, offer) == offer
        fresh = token_from_browser(stored, None)   # nothing offered: a new one
        assert is_well_formed_token(fresh) and fresh not in (stored, offer)


@pytest.mark.parametrize("page_url, base, expected", [
    ("http://127.0.0.1:8501/", "", "http://127.0.0.1:8501/"),
    ("http://127.0.0.1:8501/bowers?step=2#x", "", "http://127.0.0.1:8501/"),
    ("https://school.example/euchre/play?seed=5", "/euchre/", "https://school.example/euchre/"),
    ("", "", "/"),
])
def test_the_progress_link_opens_the_start_page_with_only_the_token(page_url, base, expected):
    link = progress_link(page_url, base, GOOD)
    assert link == f"{expected}?learner={GOOD}"
    assert parse_qs(urlsplit(link).query) == {"learner": [GOOD]}


def test_no_progress_link_for_a_malformed_token():
    with pytest.raises(ValueError, match="has 3 characters"):
        progress_link("http://h/", "", "abc")


@pytest.mark.parametrize("typed, name", [
    ("Sam", "Sam"),
    ("  Ms. O'Neil  ", "Ms. O'Neil"),
    ("<b>Zoë</b> *x*", "<b>Zoë</b> *x*"),     # kept as typed: escaping is for showing it
    ("x" * 30, "x" * 30),
    ("", None),
    ("   ", None),
])
def test_a_display_name_is_trimmed_and_optional(typed, name):
    assert display_name(typed) == name


@pytest.mark.parametrize("typed, reason", [
    ("x" * 31, "at most 30 characters; this one has 31"),
    ("Sam\nSmith", "no line breaks, tabs or control codes"),
    ("Sam\tSmith", "no line breaks, tabs or control codes"),
    ("Sam\x1b[31m", "no line breaks, tabs or control codes"),
    ("Sam\u202eevil", "no line breaks, tabs or control codes"),   # right-to-left override
])
def test_an_unusable_display_name_is_refused_with_the_reason(typed, reason):
    with pytest.raises(InvalidDisplayNameError, match=reason.replace("(", r"\(")) as error:
        display_name(typed)
    assert isinstance(error.value, ValueError)
