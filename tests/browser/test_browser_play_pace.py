"""Play paced like a card table, in headless Chromium: after your card the bots' cards
arrive one by one, about half a second apart; the finished trick stays with its winner
named until the next lead; a live region says each card and each winner; the list of
moves under the table waits for the last card; "Go on" shows the end at once. Teach holds
a finished trick with its winner until the next lead. Every wait is on a DOM change (a
MutationObserver keeps the times).
"""

from __future__ import annotations

import re

from playwright.sync_api import Browser, Locator, Page, expect
from test_browser_card_table import open_table, pass_until_cards_are_played, set_option
from test_browser_pages import wait_for_app
from test_browser_replay import whole_hand

from tutorial_app.shell.hand_links import encode_hand

FULL = whole_hand()  # a hand played out by seeded bots

PACING = re.compile(r"\bpacing\b")
WINNER = re.compile(r"^(North|East|South|West) wins the trick with the (10|[9JQKA])[♠♥♦♣]$")

# Each change of the middle, the winner's words and the live region, with its time.
WATCH = """(region) => {
    window.paceLog = [];
    const note = () => {
        const middle = region.querySelector(".middle");
        const won = region.querySelector(".trick-won strong");
        const entry = {
            at: performance.now(),
            cards: middle ? middle.querySelectorAll(".trick-card").length : 0,
            won: won ? won.textContent : null,
            said: region.querySelector(".announce").textContent,
            pacing: region.classList.contains("pacing"),
        };
        const last = window.paceLog[window.paceLog.length - 1];
        if (!last || ["cards", "won", "said", "pacing"].some((k) => last[k] !== entry[k])) {
            window.paceLog.push(entry);
        }
    };
    new MutationObserver(note).observe(region, {
        subtree: true, childList: true, characterData: true, attributes: true,
        attributeFilter: ["class"],
    });
}"""


def play_a_card(region: Locator) -> str:
    card = region.locator("button.card.lifted").first
    name = card.get_attribute("aria-label")
    card.click()
    return name.split(", ", 1)[-1]  # "K♥, king of hearts": the words, without the index


def settled(region: Locator) -> None:
    expect(region).not_to_have_class(PACING, timeout=15_000)


def test_the_bots_cards_arrive_one_by_one_and_the_trick_stays_with_its_winner(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page: Page = context.new_page()
    region = open_table(page, app_url)
    pass_until_cards_are_played(page, region)
    set_option(page, "Lift the cards I may play")
    region.evaluate(WATCH)

    mine = play_a_card(region)
    expect(region).to_have_class(PACING)
    # The list of moves under the table would tell them first: it waits.
    moves = page.locator(".st-key-play-told li").first
    expect(moves).to_be_attached()
    expect(moves).to_be_hidden()
    undo = page.get_by_role("button", name="↶ Undo")  # the row under the table waits too
    expect(undo).to_be_hidden()
    expect(region.locator(".trick-won")).to_be_visible()  # the trick, its winner named
    page.screenshot(path=screenshots / "play-trick-won-1280x720.png")
    settled(region)
    wait_for_app(page)
    log = page.evaluate("window.paceLog")
    paced = [entry for entry in log if entry["pacing"]]
    assert paced, log
    # Your card first, then one more card at a time until the trick is full.
    counts = [entry["cards"] for entry in paced]
    full = counts.index(max(counts))
    assert counts[: full + 1] == list(range(counts[0], max(counts) + 1)), counts
    assert max(counts) >= 3 and counts[0] >= 1
    times = [entry["at"] for entry in paced]
    gaps = [
        later - earlier for earlier, later in zip(times[:full], times[1 : full + 1], strict=True)
    ]
    assert all(gap >= 400 for gap in gaps), gaps  # about half a second a card
    # The full trick names its winner (the engine's), and stays until the next lead.
    winner = paced[full]["won"]
    assert winner and WINNER.match(winner), paced[full]
    after = [entry for entry in log if entry["at"] > times[full]]
    if after and after[0]["cards"] < max(counts):  # a bot led next: the trick stayed
        assert after[0]["at"] - times[full] >= 1500, (after[0], times[full])
    # The live region said your card, each bot's card and the winner.
    said = " ".join(entry["said"] for entry in log)
    assert f"South played the {mine}" in said or f"South led the {mine}" in said
    assert f"{winner.split()[0]} wins the trick with the " in said
    expect(region.get_by_role("status")).to_be_visible()  # the message is back
    expect(moves).to_be_visible()
    expect(undo).to_be_visible()
    page.screenshot(path=screenshots / "play-paced-end-1280x720.png")

    # "Go on" ends the arrival at once (in this game a bot leads trick 3 after trick 2).
    play_a_card(region)
    expect(region).to_have_class(PACING)
    go_on = region.get_by_role("button", name="Go on")
    started = page.evaluate("performance.now()")
    go_on.click()
    settled(region)
    assert page.evaluate("performance.now()") - started < 2000  # not the 2 s hold's end
    expect(go_on).to_be_hidden()
    expect(region.get_by_role("status")).to_contain_text("Your turn")
    expect(page.locator("[data-testid=stException]")).to_have_count(0)
    context.close()


def test_a_hand_you_sit_out_says_so_while_its_cards_arrive(browser: Browser, app_url):
    """Seed 39: North goes alone on the first hand. While its cards arrive, the line under
    the felt says South sits out; the result's message waits for the end."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page: Page = context.new_page()
    page.add_init_script(WORDS_BEFORE_THE_CARDS)  # a fresh tab: its very first load
    page.goto(f"{app_url}/play?seed=39")
    wait_for_app(page)
    region = page.get_by_role("region", name="Card table")
    expect(region).to_have_class(PACING)
    intro = region.locator(".pace-intro")
    expect(intro).to_have_text("Your partner, North, goes alone: you sit out this hand.")
    expect(region.get_by_role("status")).to_be_hidden()  # the result, not yet
    region.get_by_role("button", name="Go on").click()
    settled(region)
    expect(intro).to_be_hidden()
    expect(region.get_by_role("status")).to_contain_text("North went alone")
    expect(page.locator(".st-key-play-told")).to_be_visible()
    # The words under the table never showed before the last card was down.
    assert page.evaluate("window.wordsBeforeTheCards") == 0
    context.close()


# Counts every DOM change, from the page's first, after which the words under Play's
# table (the hand's result) are on screen while the table has not marked its last card.
WORDS_BEFORE_THE_CARDS = """
window.wordsBeforeTheCards = 0;
new MutationObserver(() => {
    const told = document.querySelector(".st-key-play-told");
    const paced = document.documentElement.hasAttribute("data-table-paced");
    if (told && told.offsetParent !== null && !paced) window.wordsBeforeTheCards += 1;
}).observe(document, {subtree: true, childList: true, attributes: true});
"""


def test_teach_holds_the_finished_trick_with_its_winner_until_the_lead(
    browser: Browser, app_url, screenshots
):
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(f"{app_url}/teach?hand={encode_hand(FULL)}&at=0")
    wait_for_app(page)
    page.get_by_role("button", name="2", exact=True).click()  # trick 2, about to be led
    wait_for_app(page)
    region = page.get_by_role("region", name="Card table")
    first = FULL.replay().tricks[0]
    middle = region.get_by_role("group", name="Middle of the table").get_by_role("img")
    expect(middle).to_have_count(0)  # a jump shows the trick to lead on a clear table
    region.get_by_role("button", name="◀ Back").click()  # trick 1 before its last card
    expect(middle).to_have_count(len(first.cards) - 1)
    region.get_by_role("button", name="Next ▶").click()  # its last card: the trick stays
    expect(middle).to_have_count(len(first.cards))
    expect(region.locator(".trick-won")).to_contain_text(
        f"{first.winner.word} wins the trick with the {dict(first.cards)[first.winner].label}"
    )
    page.screenshot(path=screenshots / "teach-trick-won-1280x720.png")
    region.get_by_role("button", name="Next ▶").click()  # the lead clears it
    expect(middle).to_have_count(1)
    expect(region.locator(".trick-won")).to_have_count(0)
    expect(region.locator(".announce")).to_contain_text(f"{first.winner.word} led the ")
    context.close()
