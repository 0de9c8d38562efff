"""The glossary's first load: the browser lays out and paints only the terms near the
screen. Each term's block is marked ``content-visibility: auto`` (the rest keep a
guessed height until scrolled to), so the first load does not lay out 27 card tables."""

from __future__ import annotations

import re

from app_driver import open_page

from lessons.glossary import glossary, term_slug

PAGE = "features/reference/glossary_page.py"


def test_every_term_block_is_drawn_only_near_the_screen():
    at = open_page(PAGE)
    styles = " ".join(element.proto.body for element in at.get("html"))
    rule = re.search(r"\[class\*=st-key-term-\]\s*\{([^}]*)\}", styles)
    assert rule is not None, "no style for the terms' blocks"
    assert "content-visibility: auto" in rule.group(1)
    assert "contain-intrinsic-size" in rule.group(1)  # a height kept: no jumping scrollbar
    blocks = {block.key for block in at.get("flex_container") if block.key}
    for term in glossary():
        assert f"term-{term_slug(term)}" in blocks
