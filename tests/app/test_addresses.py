"""Addresses and text from outside: which address names no page, and how text from a
URL is shown as itself in Markdown (plain pytest)."""

from __future__ import annotations

import doctest
import re

import pytest

from tutorial_app import navigation
from tutorial_app.navigation import all_pages, unknown_address
from tutorial_app.shell import markdown_text as markdown_module
from tutorial_app.shell.markdown_text import WORD_JOINER, markdown_text


@pytest.mark.parametrize(
    "url, base, missing",
    [
        ("http://h:1/no-such-page", "", "/no-such-page"),
        ("http://h:1/no-such-page/", "", "/no-such-page"),
        ("http://h:1/%3Cb%3Ex%3C%2Fb%3E", "", "/<b>x</b>"),
        ("http://h:1/euchre/nowhere", "euchre", "/nowhere"),
        ("http://h:1/euchre", "/euchre/", None),
        ("http://h:1", "", None),
        ("http://h:1/", "", None),
        (None, "", None),
    ],
)
def test_unknown_address(url, base, missing):
    assert unknown_address(url, base) == missing


def test_every_page_address_is_known():
    for page in all_pages():
        assert unknown_address(f"http://h:1/{page.url_path}") is None


@pytest.mark.parametrize(
    "text",
    [
        "<script>alert(1)</script>",
        "**bold** _it_",
        ":red[x]",
        "$x^2$",
        "[a](javascript:alert(1))",
        "`code`",
        "a\\b",
    ],
)
def test_markdown_text_leaves_no_sign_unescaped(text):
    escaped = markdown_text(text)
    assert "<" not in escaped and ">" not in escaped
    for i, char in enumerate(escaped):
        if char in "*_[]()`$:":
            assert escaped[i - 1] == "\\", (text, escaped)


@pytest.mark.parametrize("module", [navigation, markdown_module])
def test_the_examples_in_the_docstrings(module):
    failures, tried = doctest.testmod(module)
    assert tried and not failures


# The forms GitHub-flavoured Markdown links in plain text, after escapes are undone (the
# patterns of mdast-util-gfm-autolink-literal, which Streamlit's renderer runs); the
# browser test counts the links a page really draws (test_browser_escaping.py).
AUTOLINK_FORMS = (
    re.compile(r"(?i)(https?://|www(?=\.))[-.\w]+"),
    re.compile(r"(?i)(mailto:|xmpp:)?[-.\w+]+@[-\w]+(\.[-\w]+)+"),
)


@pytest.mark.parametrize(
    "text",
    [
        "www.evil.com",
        "WWW.EVIL.COM",
        "https://x.y",
        "see http://evil.com/a now",
        "x@evil.com",
        "mailto:x@evil.com",
        "![i](https://a.b/i.png)",
    ],
)
def test_markdown_text_leaves_no_autolink(text):
    plain = markdown_text(text).replace("\\", "")  # what the autolink pass reads
    assert any(form.search(text) for form in AUTOLINK_FORMS)
    assert not any(form.search(plain) for form in AUTOLINK_FORMS), plain
    assert plain.replace(WORD_JOINER, "").replace("&lt;", "<") == text  # reads the same
