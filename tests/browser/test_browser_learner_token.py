"""In headless Chromium: who the learner is. A first visit leaves a private token in the
browser (localStorage, mirrored in a cookie); a reload and a new tab continue with it,
another browser gets its own; the progress link carries it to a fresh browser and leaves
the address bar; a malformed link is refused with a note. The token is read from the
page's own storage and from the link Home offers: no debug hook."""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from test_browser_pages import wait_for_app
from tutorial_app.learner_identity import is_well_formed_token, new_learner_token

pytestmark = pytest.mark.browser

KEY = "euchre-tutorial-learner"
# Counts the script runs the page sees (the app's data-test-script-state turning to
# "running"); installed before the page loads.
COUNT_RUNS = """(() => {
  window.__runs = 0;
  new MutationObserver((changes) => {
    for (const change of changes) {
      if (change.target.getAttribute('data-test-script-state') === 'running') window.__runs++;
    }
  }).observe(document, {subtree: true, attributes: true,
                        attributeFilter: ['data-test-script-state']});
})()"""


def stored_token(page: Page) -> str:
    """The token in the page's localStorage, once the learner component has put it there."""
    page.wait_for_function(f"() => localStorage.getItem('{KEY}')")
    return page.evaluate(f"localStorage.getItem('{KEY}')")


def cookie_token(context: BrowserContext) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == KEY), None)


def linked_token(page: Page) -> str:
    """The token in the progress link Home shows (so the server knows it too)."""
    page.get_by_role("button", name="Your progress link").click()
    code = page.get_by_test_id("stPopoverBody").get_by_test_id("stCode")
    expect(code).to_contain_text("?learner=")
    link = code.inner_text().strip()
    page.keyboard.press("Escape")
    match = re.fullmatch(r"(http://[^/]+)/\?learner=(.+)", link)
    assert match, link
    return match.group(2)


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)


def runs(page: Page) -> int:
    return page.evaluate("window.__runs")


def test_a_first_visit_keeps_a_token_that_a_reload_continues(page: Page, app_url):
    page.context.add_init_script(COUNT_RUNS)
    open_app(page, app_url)
    token = stored_token(page)
    assert is_well_formed_token(token)
    assert cookie_token(page.context) == token
    assert linked_token(page) == token
    page.wait_for_timeout(2000)
    assert runs(page) == 1        # the browser kept the offered token without a word

    page.reload()
    wait_for_app(page)
    assert stored_token(page) == token
    assert linked_token(page) == token
    page.wait_for_timeout(1000)
    assert runs(page) == 1        # the cookie told the server at once


def test_a_browser_that_lost_its_cookie_reports_its_own_token_once(browser: Browser, app_url):
    own = new_learner_token()
    context = browser.new_context()
    try:
        context.add_init_script(f"localStorage.setItem('{KEY}', '{own}')")   # no cookie
        context.add_init_script(COUNT_RUNS)
        page = context.new_page()
        open_app(page, app_url)
        expect(page.get_by_role("button", name="Your progress link")).to_be_visible()
        # The report reruns the page once: as a second run, or (a busy server) by
        # restarting the first before it finished. Either way the server takes the token.
        page.wait_for_function("() => window.__runs >= 1")
        wait_for_app(page)
        deadline = time.monotonic() + 30
        while linked_token(page) != own and time.monotonic() < deadline:
            page.wait_for_timeout(300)
            wait_for_app(page)
        assert linked_token(page) == own
        assert cookie_token(context) == own
        settled = runs(page)
        page.wait_for_timeout(2000)
        assert settled <= 2 and runs(page) == settled    # one report, no loop
    finally:
        context.close()


def test_a_new_tab_continues_and_another_browser_starts_its_own(page: Page, browser: Browser,
                                                               app_url):
    open_app(page, app_url)
    token = stored_token(page)
    tab = page.context.new_page()
    open_app(tab, app_url)
    assert stored_token(tab) == token and linked_token(tab) == token
    other = browser.new_context()
    try:
        stranger = other.new_page()
        open_app(stranger, app_url)
        theirs = stored_token(stranger)
        assert is_well_formed_token(theirs) and theirs != token
        assert linked_token(stranger) == theirs
    finally:
        other.close()


def test_the_progress_link_carries_the_token_to_a_fresh_browser(page: Page, browser: Browser,
                                                                app_url):
    open_app(page, app_url)
    token = stored_token(page)
    wait_for_app(page)
    link = f"{app_url}/?learner={token}"
    plain, fresh = browser.new_context(), browser.new_context()
    try:
        plain_page = plain.new_page()
        open_app(plain_page, app_url)
        entries = plain_page.evaluate("history.length")     # a plain first visit's history

        there = fresh.new_page()
        open_app(there, link)
        assert stored_token(there) == token
        expect(there).to_have_url(f"{app_url}/")             # the token left the address bar
        assert there.evaluate("history.length") == entries   # ... and left no entry behind
        assert linked_token(there) == token
        there.reload()
        wait_for_app(there)
        assert stored_token(there) == token and linked_token(there) == token
    finally:
        plain.close()
        fresh.close()


def test_a_progress_link_replaces_the_token_a_browser_had(page: Page, app_url):
    open_app(page, app_url)
    own = stored_token(page)
    other = new_learner_token()
    open_app(page, f"{app_url}/?learner={other}")
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') === '{other}'")
    assert own != other and cookie_token(page.context) == other
    expect(page).to_have_url(f"{app_url}/")
    assert linked_token(page) == other


@pytest.mark.parametrize("code, reason", [
    ("abc", "has 3 characters"),
    ("%3Cb%3Ebold%3C%2Fb%3E" + "A" * 21, "has characters other than letters, digits, - and _"),
])
def test_a_malformed_link_is_refused_with_a_note_and_a_fresh_start(page: Page, app_url, code,
                                                                   reason):
    open_app(page, f"{app_url}/?learner={code}")
    note = page.get_by_test_id("stAlertContentWarning")
    expect(note).to_contain_text(f"This progress link was not used: its learner code {reason}.")
    expect(note).to_contain_text("A learner code is exactly 32 letters, digits, - or _.")
    expect(note.locator("b, strong, em")).to_have_count(0)
    expect(page).to_have_url(f"{app_url}/")
    token = stored_token(page)                 # a fresh learner, not the refused code
    assert is_well_formed_token(token)
    wait_for_app(page)
    expect(note).to_be_visible()               # still there after the browser's report
    assert linked_token(page) == token


def test_home_gains_only_the_progress_link_button(browser: Browser, app_url, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        open_app(page, app_url)
        stored_token(page)
        wait_for_app(page)
        hidden = page.locator(".st-key-learner-token-browser")
        expect(hidden).to_have_count(1)
        expect(hidden).to_be_hidden()          # the component's slot: no box, so no gap
        assert hidden.bounding_box() is None
        title = page.locator("h1").first.bounding_box()
        plain = page.locator("h1").first.evaluate(      # where the title sits with no slot
            "h1 => h1.closest('[data-testid=stMainBlockContainer]')"
            ".getBoundingClientRect().top + parseFloat(getComputedStyle("
            "h1.closest('[data-testid=stMainBlockContainer]')).paddingTop)")
        assert abs(title["y"] - plain) < 1, (title, plain)
        button = page.get_by_role("button", name="Your progress link")
        box = button.bounding_box()
        assert box and box["y"] + box["height"] <= 720   # on the first screen
        page.mouse.move(0, 0)
        page.screenshot(path=screenshots / "home-learner-1280x720.png")
    finally:
        context.close()
