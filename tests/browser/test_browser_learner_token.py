"""In headless Chromium: who the learner is, and that nothing changes it behind their back.

A first visit leaves a private token in the browser (localStorage, mirrored in a
cookie); a reload and a new tab continue with it, another browser gets its own. A
progress link carries a one-time code, never the token: it moves progress to a fresh
browser once and leaves the address bar. A victim browser with progress of its own
that opens someone else's progress link, or an old ``?learner=`` link, keeps its own
learner unless it says otherwise; a cookie planted by a page on another port of the
same host never switches the learner. Which learner the server uses is read the way a
learner would see it: Home makes a progress link, and the test exchanges its code in
the server's database (no debug hook).
"""

from __future__ import annotations

import re
import time

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect
from test_browser_pages import wait_for_app

from tutorial_app.limits.learner_identity import (
    OLD_LINK_NOTE,
    is_well_formed_token,
    new_learner_token,
)
from tutorial_app.store import TransferCodes, open_store

KEY = "euchre-tutorial-learner"
PREVIOUS = "euchre-tutorial-previous-learner"
# Counts the script runs the page sees finish (the app's data-test-script-state leaving
# "running": the app may be drawn already running, but a run always ends by a change);
# installed before the page loads. A fast run's two changes can reach the observer in
# one batch, so each change's new value is read from the next change's old value, not
# from the element afterwards.
COUNT_RUNS = """(() => {
  window.__runs = 0;
  new MutationObserver((changes) => {
    changes.forEach((change, i) => {
      const next = changes.slice(i + 1).find((later) => later.target === change.target);
      const value = next ? next.oldValue
                         : change.target.getAttribute('data-test-script-state');
      if (change.oldValue === 'running' && value !== 'running') window.__runs++;
    });
  }).observe(document, {subtree: true, attributes: true, attributeOldValue: true,
                        attributeFilter: ['data-test-script-state']});
})()"""


def stored_token(page: Page, key: str = KEY) -> str:
    """A token in the page's localStorage, once the learner component has put it there."""
    page.wait_for_function(f"() => localStorage.getItem('{key}')")
    return page.evaluate(f"localStorage.getItem('{key}')")


def stored_now(page: Page, key: str = KEY) -> str | None:
    return page.evaluate(f"localStorage.getItem('{key}')")


def cookie_token(context: BrowserContext) -> str | None:
    return next((c["value"] for c in context.cookies() if c["name"] == KEY), None)


def cookie_store_holds(context: BrowserContext, token: str, seconds: float = 15) -> None:
    """Until the browser's cookie store holds ``token``: a page's ``document.cookie``
    write reaches the store a moment after the script ran (the store is another process),
    so a read right after a load may still find the cookie before it."""
    deadline = time.monotonic() + seconds
    while (found := cookie_token(context)) != token:
        assert time.monotonic() < deadline, f"the cookie store holds {found}, not {token}"
        time.sleep(0.02)


def wait_for_cookie(page: Page, token: str) -> None:
    """Until the page's cookie names ``token`` (the component rewrites it)."""
    page.wait_for_function(f"() => document.cookie.includes('{KEY}={token}')")


def make_link(page: Page) -> str:
    """The progress link Home makes (the popover's "Make a link")."""
    page.get_by_role("button", name="Your progress link").click()
    body = page.get_by_test_id("stPopoverBody")
    old = body.get_by_test_id("stCode")
    before = old.inner_text().strip() if old.count() else None
    body.get_by_role("button", name="Make a link").click()
    code = body.get_by_test_id("stCode")
    expect(code).to_contain_text("?transfer=")
    if before is not None:
        expect(code).not_to_have_text(before)
    link = code.inner_text().strip()
    page.keyboard.press("Escape")
    wait_for_app(page)
    assert re.fullmatch(r"http://[^/]+/\?transfer=[0-9a-z]{12}", link), link
    return link


def server_token(page: Page, app_server) -> str:
    """The token the server uses for this page's learner: Home makes a progress link and
    its code is exchanged in the server's database (which spends it)."""
    code = make_link(page).rsplit("=", 1)[1]
    return TransferCodes(open_store(f"sqlite:///{app_server.database}")).redeem(code)


def give_progress(app_server, token: str) -> None:
    """An answer kept for ``token``, as a page would record it."""
    open_store(f"sqlite:///{app_server.database}").record_answer(
        token,
        lesson="bowers",
        item_kind="single",
        generator="trick_order",
        answer="JD",
        correct=True,
    )


def open_app(page: Page, url: str) -> None:
    page.goto(url)
    wait_for_app(page)


def runs(page: Page) -> int:
    return page.evaluate("window.__runs")


def plant_cookie(page: Page, app_url: str, token: str) -> None:
    """What any page on another port of the same host can do: set the app's cookie
    (cookies are per host, not per port). The other port's page is served by the test
    (``page.route``), so no second server is needed."""
    port = int(app_url.rsplit(":", 1)[1])
    other = app_url.rsplit(":", 1)[0] + f":{18081 if port != 18081 else 18082}"
    page.route(
        f"{other}/**",
        lambda route: route.fulfill(
            content_type="text/html",
            body=f"<script>document.cookie = '{KEY}={token}; Path=/; Max-Age=9999';</script>",
        ),
    )
    page.goto(f"{other}/evil")
    cookie_store_holds(page.context, token)


@pytest.fixture
def victim(browser: Browser, app_url, app_server):
    """A browser whose learner has progress of its own: (page, its token)."""
    context = browser.new_context()
    page = context.new_page()
    open_app(page, app_url)
    token = stored_token(page)
    cookie_store_holds(context, token)  # the page's own write has landed before any plant
    give_progress(app_server, token)
    yield page, token
    context.close()


@pytest.fixture
def attacker_link(browser: Browser, app_url, app_server):
    """Someone else's progress link, made in their own browser: (link, their token)."""
    context = browser.new_context()
    page = context.new_page()
    open_app(page, app_url)
    token = stored_token(page)
    give_progress(app_server, token)
    yield make_link(page), token
    context.close()


# ---- the token in this browser --------------------------------------------------------


def test_a_first_visit_keeps_a_token_that_a_reload_and_a_new_tab_continue(
    page: Page, browser: Browser, app_url, app_server
):
    """... and another browser starts its own."""
    page.add_init_script(COUNT_RUNS)  # this page only: the context is shared
    open_app(page, app_url)
    token = stored_token(page)
    assert is_well_formed_token(token)
    cookie_store_holds(page.context, token)
    # A report would have rerun the page before the click's own run (messages are
    # handled in order): one run for the visit, one for the click, none more.
    assert server_token(page, app_server) == token
    wait_for_app(page)
    # The visit's run and the click's (a busy server may fold them into one): no report.
    assert runs(page) <= 2

    page.reload()
    wait_for_app(page)
    assert stored_token(page) == token
    assert server_token(page, app_server) == token
    wait_for_app(page)
    assert runs(page) <= 2  # the cookie agreed with localStorage: no report

    tab = page.context.new_page()
    open_app(tab, app_url)
    assert stored_token(tab) == token and server_token(tab, app_server) == token
    other = browser.new_context()
    try:
        stranger = other.new_page()
        open_app(stranger, app_url)
        theirs = stored_token(stranger)
        assert is_well_formed_token(theirs) and theirs != token
        assert server_token(stranger, app_server) == theirs
    finally:
        other.close()


def test_a_browser_that_lost_its_cookie_reports_its_own_token_once(
    browser: Browser, app_url, app_server
):
    own = new_learner_token()
    context = browser.new_context()
    try:
        context.add_init_script(f"localStorage.setItem('{KEY}', '{own}')")  # no cookie
        context.add_init_script(COUNT_RUNS)
        page = context.new_page()
        open_app(page, app_url)
        # The report reruns the page once: as a second run, or (a busy server) by
        # restarting the first before it finished; the component then rewrites the cookie.
        wait_for_cookie(page, own)
        wait_for_app(page)
        settled = runs(page)
        assert settled <= 2
        assert server_token(page, app_server) == own
        wait_for_app(page)
        # The click's run at most (a click during a run restarts it, so it may add none);
        # a report loop would have added runs all through the clicks and waits above.
        assert runs(page) <= settled + 1
    finally:
        context.close()


# ---- progress links -----------------------------------------------------------------------


def test_a_progress_link_carries_the_progress_to_a_fresh_browser_once(
    page: Page, browser: Browser, app_url, app_server
):
    open_app(page, app_url)
    entries = page.evaluate("history.length")  # a plain first visit's history
    token = stored_token(page)
    give_progress(app_server, token)
    link = make_link(page)
    assert token not in link
    fresh, late = browser.new_context(), browser.new_context()
    try:
        there = fresh.new_page()
        open_app(there, link)
        expect(there.get_by_test_id("stAlertContentSuccess")).to_contain_text(
            "now carries on with the progress from your link"
        )
        there.wait_for_function(f"() => localStorage.getItem('{KEY}') === '{token}'")
        expect(there).to_have_url(f"{app_url}/")  # the code left the address bar
        assert there.evaluate("history.length") == entries  # ... and left no entry behind
        there.reload()
        wait_for_app(there)
        assert stored_token(there) == token and server_token(there, app_server) == token

        again = late.new_page()  # the same link, a second time
        open_app(again, link)
        expect(again.get_by_test_id("stAlertContentWarning")).to_contain_text(
            "This progress link was used already"
        )
        expect(again).to_have_url(f"{app_url}/")
        assert stored_token(again) != token
    finally:
        for context in (fresh, late):
            context.close()


def test_someone_elses_link_changes_nothing_without_consent(
    victim, attacker_link, app_url, app_server
):
    page, own = victim
    link, theirs = attacker_link
    open_app(page, link)
    question = page.locator(".st-key-learner-transfer-question")
    expect(question).to_contain_text("Which do you want to use here?")
    expect(page).to_have_url(f"{app_url}/")
    assert stored_now(page) == own and cookie_token(page.context) == own
    assert server_token(page, app_server) == own  # asked, not switched
    page.get_by_role("button", name="Keep my progress").click()
    wait_for_app(page)
    expect(question).to_have_count(0)
    expect(page.get_by_test_id("stAlertContentInfo")).to_contain_text("You kept your own")
    page.reload()
    wait_for_app(page)
    assert stored_token(page) == own and server_token(page, app_server) == own


def test_taking_someone_elses_progress_keeps_a_way_back(victim, attacker_link, app_url):
    page, own = victim
    link, theirs = attacker_link
    open_app(page, link)
    page.get_by_role("button", name="Use the progress from the link").click()
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') === '{theirs}'")
    assert stored_now(page, PREVIOUS) == own  # recoverable
    wait_for_cookie(page, theirs)
    page.reload()  # a later visit still offers it
    wait_for_app(page)
    back = page.get_by_role("button", name="Back to your earlier progress")
    expect(back).to_be_visible()
    back.click()
    page.wait_for_function(f"() => localStorage.getItem('{KEY}') === '{own}'")
    assert stored_now(page, PREVIOUS) == theirs
    wait_for_cookie(page, own)


def test_an_old_learner_link_is_refused_and_leaves_the_address(victim, app_url, app_server):
    page, own = victim
    theirs = new_learner_token()
    open_app(page, f"{app_url}/?learner={theirs}")
    note = page.get_by_test_id("stAlertContentWarning")
    expect(note).to_contain_text("This is an old progress link")
    expect(note).to_contain_text('press "Your progress link"')
    expect(page).to_have_url(f"{app_url}/")  # the token left the address
    assert theirs not in page.content()
    assert stored_now(page) == own and cookie_token(page.context) == own
    assert server_token(page, app_server) == own
    page.go_back()  # ... and the history: its
    expect(page).to_have_url(f"{app_url}/")  # entry was replaced


def test_a_malformed_old_link_gets_the_same_note_escaped(page: Page, app_url):
    """HTML in the code, and the code too long (a short one: tests/app/)."""
    open_app(page, f"{app_url}/?learner=%3Cb%3Ebold%3C%2Fb%3E{'A' * 21}")
    note = page.get_by_test_id("stAlertContentWarning")
    expect(note).to_contain_text(OLD_LINK_NOTE[:40])
    expect(note.locator("b, strong, em, a")).to_have_count(0)
    expect(page).to_have_url(f"{app_url}/")
    assert is_well_formed_token(stored_token(page))


# ---- the cookie ---------------------------------------------------------------------------


def test_a_cookie_from_another_port_never_switches_the_learner(victim, app_url, app_server):
    page, own = victim
    theirs = new_learner_token()
    plant_cookie(page, app_url, theirs)
    open_app(page, app_url)
    wait_for_cookie(page, own)  # localStorage won: rewritten
    assert stored_now(page) == own
    assert server_token(page, app_server) == own


def test_a_planted_cookie_in_a_fresh_browser_is_not_adopted(browser: Browser, app_url, app_server):
    context = browser.new_context()
    try:
        page = context.new_page()
        theirs = new_learner_token()
        plant_cookie(page, app_url, theirs)
        open_app(page, app_url)
        page.wait_for_function(
            f"() => localStorage.getItem('{KEY}') && localStorage.getItem('{KEY}') !== '{theirs}'"
        )
        fresh = stored_now(page)
        wait_for_cookie(page, fresh)
        assert server_token(page, app_server) == fresh != theirs
    finally:
        context.close()


def test_home_gains_only_the_progress_link_button(browser: Browser, app_url, screenshots):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    try:
        page = context.new_page()
        open_app(page, app_url)
        stored_token(page)
        wait_for_app(page)
        hidden = page.locator(".st-key-learner-token-browser")
        expect(hidden).to_have_count(1)
        expect(hidden).to_be_hidden()  # the component's slot: no box, so no gap
        assert hidden.bounding_box() is None
        title = page.locator("h1").first.bounding_box()
        plain = page.locator("h1").first.evaluate(  # where the title sits with no slot
            "h1 => h1.closest('[data-testid=stMainBlockContainer]')"
            ".getBoundingClientRect().top + parseFloat(getComputedStyle("
            "h1.closest('[data-testid=stMainBlockContainer]')).paddingTop)"
        )
        assert abs(title["y"] - plain) < 1, (title, plain)
        button = page.get_by_role("button", name="Your progress link")
        box = button.bounding_box()
        assert box and box["y"] + box["height"] <= 720  # on the first screen
        page.mouse.move(0, 0)
        page.screenshot(path=screenshots / "home-learner-1280x720.png")
    finally:
        context.close()
