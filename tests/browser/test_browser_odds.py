"""In headless Chromium: the odds lab draws all seven plotly charts, and a new bot
level plays again. (That a visit plays nothing, so the page loads at once on a busy
server, is tests/app/test_odds_page.py's: the default runs are shipped.)"""

from __future__ import annotations

from playwright.sync_api import Page, expect
from test_browser_pages import wait_for_app

CHARTS = "[data-testid=stPlotlyChart]"


def assert_every_chart_drawn(page: Page, count: int) -> None:
    charts = page.locator(CHARTS)
    expect(charts).to_have_count(count)
    for i in range(count):
        chart = charts.nth(i)
        chart.scroll_into_view_if_needed()
        # plotly draws each chart into an SVG of its own once it is on screen.
        expect(chart.locator(".main-svg").first).to_be_visible(timeout=15000)
        box = chart.bounding_box()
        assert box and box["width"] > 250 and box["height"] > 200


def test_every_chart_is_drawn_and_other_bots_play_in_the_worker_pool(
    page: Page, app_url, screenshots
):
    """The default view draws all seven charts. Random bots at the default size are a
    shipped run, drawn at once. Fewer hands are not shipped: the server's worker pool
    plays them while a progress bar shows, then the page draws its charts. (Another
    seed takes the same way: tests/app/test_odds_page.py.)"""
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}/odds")
    wait_for_app(page)
    expect(page.locator("h1").first).to_contain_text("Odds lab")
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    assert_every_chart_drawn(page, 7)
    page.locator("[data-testid=stMain]").evaluate("main => main.scrollTo(0, 0)")
    page.screenshot(path=screenshots / "odds.png")

    page.get_by_role("radio", name="random").click()
    wait_for_app(page)
    expect(page.get_by_text("1,000 hands, random bots at every seat")).to_be_visible()
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    assert_every_chart_drawn(page, 7)

    page.get_by_role("slider", name="Hands to play").press("Home")  # the fewest: 100
    caption = page.get_by_text("100 hands, random bots at every seat")
    expect(caption).to_contain_text("seed 1", timeout=90_000)
    expect(page.locator("[data-testid=stProgress]")).to_have_count(0)
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    assert_every_chart_drawn(page, 7)
