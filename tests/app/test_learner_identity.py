"""The learner token, the progress link's transfer code and the display name (plain
pytest, no Streamlit): tokens and codes are random, only their exact form is accepted,
the link carries a code and never the token, and a refused code or name says what was
wrong and what is accepted, without repeating it."""

from __future__ import annotations

import doctest
import math
import secrets
import string
from urllib.parse import parse_qs, urlsplit

import pytest

from tutorial_app.learner.progress_link import transfer_link
from tutorial_app.limits import learner_identity
from tutorial_app.limits.display_names import DisplayNameError as InvalidDisplayNameError
from tutorial_app.limits.display_names import optional_display_name as display_name
from tutorial_app.limits.learner_identity import (
    FREE_WRONG_TRIES,
    LONGEST_WAIT_SECONDS,
    TOKEN_LENGTH,
    TRANSFER_ALPHABET,
    TRANSFER_CODE_LENGTH,
    TransferCodeError,
    is_transfer_code,
    is_well_formed_token,
    new_learner_token,
    new_transfer_code,
    parse_transfer_code,
    seconds_to_wait,
    token_from_browser,
    token_problem,
)

URL_SAFE = set(string.ascii_letters + string.digits + "-_")
GOOD = "aZ09-_" * 5 + "xy"  # 32 characters, every kind the alphabet has


def test_doctests():
    assert doctest.testmod(learner_identity).failed == 0


def test_a_new_token_is_32_url_safe_characters_carrying_at_least_128_bits():
    tokens = {new_learner_token() for _ in range(2000)}
    assert len(tokens) == 2000  # no repeats
    assert all(len(token) == TOKEN_LENGTH and set(token) <= URL_SAFE for token in tokens)
    assert TOKEN_LENGTH * math.log2(len(URL_SAFE)) >= 128  # 192 bits of room ...
    # ... and the randomness fills it: every position takes many values, none favoured.
    for position in range(TOKEN_LENGTH):
        seen = {token[position] for token in tokens}
        assert len(seen) > 50, (position, len(seen))
    assert all(is_well_formed_token(token) for token in tokens)


def test_the_token_is_read_from_the_random_source_not_a_seeded_one(monkeypatch):
    monkeypatch.setattr(secrets, "token_urlsafe", lambda n: "Q" * 32 if n == 24 else "")
    assert new_learner_token() == "Q" * 32


@pytest.mark.parametrize(
    "text, problem",
    [
        ("", "is empty"),
        ("abc", "has 3 characters"),
        (GOOD[:-1], "has 31 characters"),
        (GOOD + "a", "has 33 characters"),
        (GOOD[:-1] + "=", "has characters other than letters, digits, - and _"),  # base64 padding
        (GOOD[:-1] + "+", "has characters other than letters, digits, - and _"),  # plain base64
        (GOOD[:-1] + " ", "has characters other than letters, digits, - and _"),
        (GOOD[:-1] + "é", "has characters other than letters, digits, - and _"),
        (GOOD[:-1] + "\n", "has characters other than letters, digits, - and _"),
        (
            "<script>alert(1)</script>" + "x" * 7,
            "has characters other than letters, digits, - and _",
        ),
        ("../../etc/passwd" + "a" * 16, "has characters other than letters, digits, - and _"),
        ("' OR 1=1 --" + "a" * 21, "has characters other than letters, digits, - and _"),
    ],
)
def test_forged_and_malformed_tokens_are_refused_with_the_reason(text, problem):
    assert not is_well_formed_token(text)
    assert token_problem(text) == problem
    assert text not in token_problem(text) or not text  # never repeated back


@pytest.mark.parametrize("value", [None, 12345, b"a" * 32, ["a" * 32]])
def test_only_strings_can_be_tokens(value):
    assert not is_well_formed_token(value)


def test_a_well_formed_token_has_no_problem():
    assert is_well_formed_token(GOOD) and token_problem(GOOD) is None


def test_a_browser_report_keeps_a_stored_token_and_else_takes_the_offer():
    offer = new_learner_token()
    assert token_from_browser(GOOD, offer) == GOOD
    for stored in ("", None, "abc", GOOD[:-1] + "=", 42):
        assert token_from_browser(stored, offer) == offer
        fresh = token_from_browser(stored, None)  # nothing offered: a new one
        assert is_well_formed_token(fresh) and fresh not in (stored, offer)


# ---- the progress link: a one-time transfer code ---------------------------------------


def test_a_transfer_code_is_12_signs_without_look_alikes_carrying_60_bits():
    assert len(set(TRANSFER_ALPHABET)) == 32 and not set("ilou") & set(TRANSFER_ALPHABET)
    codes = {new_transfer_code() for _ in range(2000)}
    assert len(codes) == 2000
    assert all(
        len(code) == TRANSFER_CODE_LENGTH and set(code) <= set(TRANSFER_ALPHABET) for code in codes
    )
    assert TRANSFER_CODE_LENGTH * math.log2(len(TRANSFER_ALPHABET)) >= 60
    for position in range(TRANSFER_CODE_LENGTH):  # every sign is used, at every position
        assert {code[position] for code in codes} == set(TRANSFER_ALPHABET)
    assert all(is_transfer_code(code) for code in codes)


def test_a_transfer_code_is_read_from_the_random_source(monkeypatch):
    monkeypatch.setattr(secrets, "choice", lambda alphabet: alphabet[-1])
    assert new_transfer_code() == "z" * 12


CODE = "0123456789ab"
NOT_IN_A_CODE = "its code has letters or signs that a code never has"


@pytest.mark.parametrize(
    "values, problem",
    [
        ([], "it has 0 codes"),
        ([CODE, CODE], "it has 2 codes"),
        ([""], "its code is empty"),
        (["abc"], "its code has 3 characters"),
        ([CODE + "c"], "its code has 13 characters"),
        (["x" * 100_000], "its code has 100000 characters"),
        (["0123456789ai"], NOT_IN_A_CODE),  # i: a look-alike
        (["0123456789a="], NOT_IN_A_CODE),
        (["<b>x</b>1234"], NOT_IN_A_CODE),
        (["０123456789ab"], NOT_IN_A_CODE),  # a full-width 0
        (["0123456789a\n"], NOT_IN_A_CODE),
        ([GOOD], "its code has 32 characters"),  # a token: no
    ],
)
def test_a_malformed_code_is_refused_with_the_reason_and_never_repeated(values, problem):
    with pytest.raises(TransferCodeError) as error:
        parse_transfer_code(values)
    sentence = str(error.value)
    assert sentence == (
        f"This progress link was not used: {problem}. A code is 12 letters "
        "and digits. Make a new link on the device that has your progress."
    )
    assert not any(value and value in sentence for value in values)
    assert isinstance(error.value, ValueError)


def test_a_code_is_read_in_either_case():
    assert parse_transfer_code([CODE]) == parse_transfer_code([CODE.upper()]) == CODE


@pytest.mark.parametrize(
    "page_url, base, expected",
    [
        ("http://127.0.0.1:8501/", "", "http://127.0.0.1:8501/"),
        ("http://127.0.0.1:8501/bowers?step=2#x", "", "http://127.0.0.1:8501/"),
        ("https://school.example/euchre/play?seed=5", "/euchre/", "https://school.example/euchre/"),
        ("", "", "/"),
    ],
)
def test_the_progress_link_opens_the_start_page_with_only_the_code(page_url, base, expected):
    link = transfer_link(page_url, base, CODE)
    assert link == f"{expected}?transfer={CODE}"
    assert parse_qs(urlsplit(link).query) == {"transfer": [CODE]}


@pytest.mark.parametrize("not_a_code", ["abc", GOOD, CODE.upper(), "0123456789ai"])
def test_no_progress_link_for_anything_but_a_code(not_a_code):
    with pytest.raises(ValueError, match="not a transfer code"):
        transfer_link("http://h/", "", not_a_code)


def test_wrong_codes_cost_nothing_at_first_then_ever_longer_waits_up_to_a_minute():
    waits = [seconds_to_wait(wrong) for wrong in range(20)]
    assert waits[:FREE_WRONG_TRIES] == [0] * FREE_WRONG_TRIES
    assert waits[FREE_WRONG_TRIES : FREE_WRONG_TRIES + 4] == [2, 4, 8, 16]
    assert waits == sorted(waits) and max(waits) == LONGEST_WAIT_SECONDS
    assert seconds_to_wait(10**9) == LONGEST_WAIT_SECONDS  # no overflow, no huge power


@pytest.mark.parametrize(
    "typed, name",
    [
        ("Sam", "Sam"),
        ("  Ms. O'Neil  ", "Ms. O'Neil"),
        ("<b>Zoë</b> *x*", "<b>Zoë</b> *x*"),  # kept as typed: escaping is for showing it
        ("x" * 30, "x" * 30),
        ("Sam\nSmith", "Sam Smith"),  # white space tidied into one line
        ("Sam\tSmith", "Sam Smith"),
        ("", None),
        ("   ", None),
    ],
)
def test_a_display_name_is_trimmed_and_optional(typed, name):
    assert display_name(typed) == name


@pytest.mark.parametrize(
    "typed, reason",
    [
        ("x" * 31, "at most 30 letters; this one has 31"),
        ("Sam\x1b[31m", "no line breaks, tabs or hidden characters"),
        ("Sam\u202eevil", "no line breaks, tabs or hidden characters"),  # right-to-left override
    ],
)
def test_an_unusable_display_name_is_refused_with_the_reason(typed, reason):
    with pytest.raises(InvalidDisplayNameError, match=reason.replace("(", r"\(")) as error:
        display_name(typed)
    assert isinstance(error.value, ValueError)
