"""Text from outside is shown as itself, links counted in the real page: a lesson link
whose ``?step=`` is a web address, and a learner's name that is one, draw no link
(GitHub-flavoured Markdown would turn ``www.`` and ``https://`` into live links)."""

from __future__ import annotations

from playwright.sync_api import Browser, expect
from test_browser_pages import wait_for_app

from tutorial_app.shell.markdown_text import WORD_JOINER


def seen(text: str) -> str:
    """What a reader sees: the invisible word joiners that break autolinks left out."""
    return text.replace(WORD_JOINER, "").strip()


ADDRESSES = ["www.evil.com", "https://evil.example/x", "x@evil.example"]


def test_a_note_quoting_a_link_draws_no_link(browser: Browser, app_server):
    context = browser.new_context()
    page = context.new_page()
    for address in ADDRESSES:
        page.goto(f"{app_server.url}/bowers?step={address}")
        wait_for_app(page)
        note = page.locator("[data-testid=stAlertContentInfo]").filter(has_text="no step")
        expect(note).to_have_count(1)
        assert address[:20] in seen(note.inner_text())  # a note quotes 20 characters
        assert note.locator("a").count() == 0, note.inner_html()
    context.close()


def test_a_name_that_is_an_address_draws_no_link(browser: Browser, app_server):
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{app_server.url}/progress")
    wait_for_app(page)
    for address in ADDRESSES:
        page.get_by_text("Your name (optional)").click()
        box = page.get_by_role("textbox", name="A name to show on this page")
        box.fill(address)
        box.press("Enter")
        wait_for_app(page)
        shown = page.locator("[data-testid=stMarkdownContainer]").filter(has_text="Progress of")
        expect(shown).to_have_count(1)
        expect(shown).to_contain_text(address[-4:])  # the new name is drawn
        assert seen(shown.inner_text()) == f"Progress of {address}"
        assert shown.locator("a").count() == 0, shown.inner_html()
        page.keyboard.press("Escape")
    context.close()
