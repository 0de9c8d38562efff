"""Text from outside (a URL, a user, a file) shown as itself in Streamlit Markdown."""

from __future__ import annotations

import re

MARKDOWN_SIGNS = frozenset("\\`*_{}[]()#+-.!|~$:&")  # ":" stops :emoji: and :red[colour]

# GitHub-flavoured Markdown turns "www.", "http://" and "name@host.tld" in plain text into
# links, after escapes are undone (Streamlit's renderer finds them in the parsed text), so
# a backslash cannot stop them: an invisible WORD JOINER inside each form does.
WORD_JOINER = "\u2060"
_AUTOLINK_SEAMS = re.compile(r"(?i)(?<=www)(?=\.)|(?=@)|(?<=:)(?=//)")


def markdown_text(text: str) -> str:
    r"""``text`` escaped for Streamlit Markdown: no HTML, Markdown, LaTeX ($), emoji,
    colour or link (``www.x.y``, ``https://x.y``, ``a@x.y`` included) in it takes effect.

    >>> print(markdown_text("<b>*hi*</b> :red[x] $1$"))
    &lt;b&gt;\*hi\*&lt;/b&gt; \:red\[x\] \$1\$
    >>> markdown_text("www.x.y https://x.y a@x.y").replace(WORD_JOINER, "|")
    'www|\\.x\\.y https\\:|//x\\.y a|@x\\.y'
    """
    text = _AUTOLINK_SEAMS.sub(WORD_JOINER, text)
    escaped = "".join("\\" + char if char in MARKDOWN_SIGNS else char for char in text)
    return escaped.replace("<", "&lt;").replace(">", "&gt;")
