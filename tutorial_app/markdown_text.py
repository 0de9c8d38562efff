"""Text from outside (a URL, a user) shown as itself in Streamlit Markdown."""

from __future__ import annotations

MARKDOWN_SIGNS = frozenset("\\`*_{}[]()#+-.!|~$:&")  # ":" stops :emoji: and :red[colour]


def markdown_text(text: str) -> str:
    r"""``text`` escaped for Streamlit Markdown: no HTML, Markdown, LaTeX ($), emoji
    or colour in it takes effect.

    >>> print(markdown_text("<b>*hi*</b> :red[x] $1$"))
    &lt;b&gt;\*hi\*&lt;/b&gt; \:red\[x\] \$1\$
    """
    escaped = "".join("\\" + char if char in MARKDOWN_SIGNS else char for char in text)
    return escaped.replace("<", "&lt;").replace(">", "&gt;")
