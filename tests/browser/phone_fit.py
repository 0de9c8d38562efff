"""What does not fit a phone's screen on the page as it is now: ``phone_problems(page)``.

A page fits a phone (390x844) when nothing is wider than the screen (nor scrolls
sideways inside itself, hiding its end), no two cards on a
card table overlap (nor a trick card's caption, "West led ✓", cover another card) or
are cut off by the table, and the controls a learner needs to act lie in the first
screen, below Streamlit's header, with the main panel scrolled to the top, and nothing
but the sidebar over them (a tap at a control's middle reaches it). The needed
controls: the card table's buttons and its hand (the cards to read and click), and the
page's own step and quiz buttons (``NEEDED_BUTTONS``).

The page is measured as it is laid out now, in one round trip: after
``page.set_viewport_size(PHONE)`` on a page already open (a resize lays the page out
again without a rerun), or on a page opened at that size. The table draws inside a
shadow root, so the measuring script walks shadow roots itself.
"""

from __future__ import annotations

from playwright.sync_api import Page

PHONE = {"width": 390, "height": 844}
# The page's own buttons a learner needs to go on: the lesson's step buttons, a quiz's.
NEEDED_BUTTONS = (
    "◀ Previous step",
    "Next step ▶",
    "Take the quiz ▶",
    "Check my answer",
    "Next question ▶",
    "Try it again",
)
SLACK = 1.5  # px: rounding of fractional layouts, not a problem to name

# Returns [problem, ...] in words. Cards: the hand's, the rows', the trick's and the
# upcard (a hidden hand's backs overlap on purpose, as a fan, and are left out).
_MEASURE = """
async ([needed, slack]) => {
  const frame = () => new Promise((done) => requestAnimationFrame(() => done()));
  await frame(); await frame();  // a resize's new layout has been drawn
  const main = document.querySelector("[data-testid=stMain]");
  if (!main) return ["no main panel: the app is not on the page"];
  main.scrollTo({top: 0, left: 0, behavior: "instant"});
  await frame();
  const deep = (root, selector) => {
    const found = [...root.querySelectorAll(selector)];
    for (const node of root.querySelectorAll("*"))
      if (node.shadowRoot) found.push(...deep(node.shadowRoot, selector));
    return found;
  };
  const shown = (node) => {
    const box = node.getBoundingClientRect();
    return box.width > 0 && box.height > 0 && getComputedStyle(node).visibility !== "hidden";
  };
  const name = (node) => (node.getAttribute("aria-label") || node.innerText || node.className)
    .trim().replace(/\\s+/g, " ").slice(0, 40);
  const px = (value) => Math.round(value);
  const width = window.innerWidth, height = window.innerHeight;
  const problems = [];

  const pageWidth = Math.max(document.documentElement.scrollWidth, main.scrollWidth);
  if (pageWidth > width + slack)
    problems.push(`the page is ${px(pageWidth)} px wide, wider than the ${width} px screen`);

  // A row that scrolls inside itself (a segmented control's choices) hides its end.
  for (const node of main.querySelectorAll("*")) {
    const overflow = getComputedStyle(node).overflowX;
    if ((overflow === "auto" || overflow === "scroll") && shown(node) &&
        node.scrollWidth > node.clientWidth + slack)
      problems.push(`"${name(node)}" scrolls sideways: ${px(node.scrollWidth)} px ` +
                    `in ${px(node.clientWidth)}`);
  }

  const header = document.querySelector("[data-testid=stHeader]");
  const sidebar = document.querySelector("[data-testid=stSidebar]");
  const top = header ? header.getBoundingClientRect().bottom : 0;
  for (const table of deep(main, ".ct")) {
    const felt = table.getBoundingClientRect();
    const cards = deep(table, ".card, .trick-card, .upcard").filter(shown);
    for (const card of cards) {
      const box = card.getBoundingClientRect();
      if (box.left < felt.left - slack || box.right > felt.right + slack ||
          box.left < -slack || box.right > width + slack)
        problems.push(`card "${name(card)}" is cut off at the side (x ${px(box.left)}..` +
                      `${px(box.right)}, table ${px(felt.left)}..${px(felt.right)})`);
    }
    const overlap = (a, b) => {
      const across = Math.min(a.right, b.right) - Math.max(a.left, b.left);
      const down = Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top);
      return across > slack && down > slack ? `${px(across)}x${px(down)} px` : null;
    };
    cards.forEach((card, i) => {
      const box = card.getBoundingClientRect();
      for (const other of cards.slice(i + 1)) {
        const both = overlap(box, other.getBoundingClientRect());
        if (both) problems.push(`cards "${name(card)}" and "${name(other)}" overlap (${both})`);
      }
      // A trick card's caption ("North led") is read on the card: it covers no other card.
      for (const caption of deep(card, ".caption").filter(shown)) {
        for (const other of cards.filter((each) => each !== card)) {
          const both = overlap(caption.getBoundingClientRect(), other.getBoundingClientRect());
          if (both)
            problems.push(`the caption "${name(caption)}" covers card "${name(other)}" (${both})`);
        }
      }
    });
  }

  const controls = deep(main, ".ct button, .ct .hand > .card").filter(shown);
  for (const button of deep(main, "button").filter(shown))
    if (needed.includes(button.innerText.trim())) controls.push(button);
  for (const control of controls) {
    const box = control.getBoundingClientRect();
    if (box.bottom > height + slack)
      problems.push(`"${name(control)}" ends at y=${px(box.bottom)}, below the first screen ` +
                    `(${height} px)`);
    else if (box.top < top - slack)
      problems.push(`"${name(control)}" starts at y=${px(box.top)}, under the header ` +
                    `(${px(top)} px)`);
    if (box.left < -slack || box.right > width + slack)
      problems.push(`"${name(control)}" is off the screen's side (x ${px(box.left)}..` +
                    `${px(box.right)})`);
    else if (box.bottom <= height + slack && box.top >= top - slack) {
      // On screen: is it what a tap at its middle reaches, or is something over it?
      const x = (box.left + box.right) / 2, y = (box.top + box.bottom) / 2;
      let hit = document.elementFromPoint(x, y);
      for (let inner = hit; inner && inner.shadowRoot; ) {
        inner = inner.shadowRoot.elementFromPoint(x, y);
        if (!inner || inner === hit) break;
        hit = inner;
      }
      // The sidebar is left out: a phone opens it over the page only when asked (a page
      // opened wide and then narrowed keeps it open).
      if (hit && hit !== control && !control.contains(hit) && !sidebar?.contains(hit))
        problems.push(`"${name(control)}" is covered by "${name(hit)}"`);
    }
  }
  return [...new Set(problems)];
}
"""


def phone_problems(page: Page) -> list[str]:
    """What does not fit the screen on ``page`` as laid out now, one sentence each:
    anything wider than the screen, cards that overlap or are cut off, a needed control
    below the first screen (or under the header, off its side, or covered by something
    other than the sidebar). [] when it all fits. Scrolls the main panel to the top."""
    return page.evaluate(_MEASURE, [list(NEEDED_BUTTONS), SLACK])
