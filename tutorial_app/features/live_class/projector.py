"""What the projector view draws, as plain functions: the phase of the class, the
answers as large HTML bars, and the page's style (its countdown ticks in the browser:
``class_watch``).

The bars are HTML, not a chart library's picture: their labels are text at
``LABEL_PX`` (readable from the back of a room on a 1920x1080 screen at 150%), and
every label (a learner's answer in words, from a question's options) is escaped.
"""

from __future__ import annotations

import html
from enum import Enum

from tutorial_app.features.live_class.answer_chart import OTHER, RIGHT, WAITING

__all__ = ["LABEL_PX", "PROJECTOR_CSS", "Phase", "answer_bars_html", "fewest_bars", "phase"]

LABEL_PX = 32  # the bars' words and counts, in CSS pixels of a 1280x720 page (48 at 150%)
BASE_PX = 17  # the theme's baseFontSize (.streamlit/config.toml): 1rem on a 1280x720 page
DRAWN_FOR = (1280, 720)  # the page, in CSS pixels, the view's sizes are chosen for


class Phase(Enum):
    WAITING = "waiting"  # no question yet: the join code and QR code, huge
    ASKING = "asking"  # a question on screen, answers coming in
    REVEALED = "revealed"  # the answer, its reason, the answers given
    ENDED = "ended"


def phase(open_: bool, has_question: bool, revealed: bool) -> Phase:
    """The phase the projector shows.

    >>> phase(True, True, False).value
    'asking'
    """
    if not open_:
        return Phase.ENDED
    if not has_question:
        return Phase.WAITING
    return Phase.REVEALED if revealed else Phase.ASKING


PROJECTED_BARS = 5  # rows of answers a projector shows: two lines each fit under the question


def fewest_bars(
    bars: list[tuple[str, int, bool]], rows: int = PROJECTED_BARS
) -> list[tuple[str, int, bool]]:
    """At most ``rows`` of ``bars`` (most given first): the most given, the right answer
    always among them, the rest summed in a last row (a class of thirty may give twenty
    orders of five cards, more than a screen holds).

    >>> fewest_bars([("a", 5, False), ("b", 3, False), ("c", 2, False), ("d", 1, True)], 3)
    [('a', 5, False), ('d', 1, True), ('2 other answers', 5, False)]
    """
    if len(bars) <= rows:
        return bars
    kept = bars[: rows - 1]
    right = [bar for bar in bars if bar[2]]
    if right and not any(bar[2] for bar in kept):
        kept = kept[:-1] + right[:1]
    rest = [bar for bar in bars if bar not in kept]
    return kept + [(f"{len(rest)} other answers", sum(count for _, count, _ in rest), False)]


def answer_bars_html(bars: list[tuple[str, int, bool]], revealed: bool) -> str:
    """``answer_chart.answer_bars`` as rows of large bars (``fewest_bars`` of them): the
    answer in words, a bar as long as its share of the most given, the count. Grey until
    revealed, then the right answer green (with "✓") and the others red."""
    bars = fewest_bars(bars)
    most = max((count for _, count, _ in bars), default=0) or 1
    rows = []
    for label, count, right in bars:
        colour = (RIGHT if right else OTHER) if revealed else WAITING
        width = 100 * count / most
        rows.append(
            f'<div class="pj-bar-label">{html.escape(label)}</div>'
            f'<div class="pj-bar-track"><div class="pj-bar" style="width: {width:.1f}%; '
            f'background: {colour}"></div></div>'
            f'<div class="pj-bar-count">{count}</div>'
        )
    return (
        '<div class="pj-bars" role="table" aria-label="Answers given">'
        + "".join(f'<div class="pj-bar-row" role="row">{row}</div>' for row in rows)
        + "</div>"
    )


# No sidebar, no header, no toolbar: the page is the projector's picture. Sizes in CSS
# pixels for a 1280x720 page (1920x1080 at 150%). On a larger page (a projector left at
# 100%: 1920x1080) the root font grows with the screen, so every size in rem grows alike
# and the wall shows the picture a 1280x720 page shows, not the same type in a corner.
PROJECTOR_CSS = f"""<style>
html {{ font-size: max({BASE_PX}px, min({100 * BASE_PX / DRAWN_FOR[0]:.4f}vw,
  {100 * BASE_PX / DRAWN_FOR[1]:.4f}vh)) !important; }}
[data-testid=stSidebar], [data-testid=stSidebarCollapsedControl], [data-testid=stHeader],
[data-testid=stToolbar], [data-testid=stDecoration] {{ display: none !important; }}
[data-testid=stMainBlockContainer] {{ padding: 0.75rem 2rem 0.5rem !important;
  max-width: 100% !important; }}
.pj-top {{ display: flex; justify-content: space-between; align-items: baseline; gap: 1rem;
  font-size: 1.5rem; color: #333; }}
.pj-top strong {{ color: #111; }}
.pj-code {{ font-size: 9rem; font-weight: 800; letter-spacing: 0.6rem; line-height: 1;
  font-family: ui-monospace, monospace; color: #0b6b2f; margin: 0.5rem 0; }}
.pj-join {{ font-size: 2rem; line-height: 1.3; }}
.pj-table-title {{ font-size: 1.9rem; font-weight: 700; line-height: 1.2; margin: 0; padding: 0; }}
.pj-link {{ font-size: 1.6rem; word-break: break-all; color: #333; }}
.pj-link .join-query {{ white-space: nowrap; }}
.pj-count {{ font-size: 2.2rem; font-weight: 700; }}
.pj-late {{ font-size: 1.5rem; color: #333; margin: 0; }}
.pj-late b {{ font-family: ui-monospace, monospace; letter-spacing: 0.15rem; color: #0b6b2f; }}
.pj-prompt {{ font-size: 2.1rem; font-weight: 700; line-height: 1.25; margin: 0.25rem 0; }}
.st-key-pj-tables p {{ font-size: 1.6rem; line-height: 1.35; }}
.pj-facts {{ font-size: 1.5rem; margin: 0; }}
.pj-clock {{ font-size: 2.6rem; font-weight: 800; color: #8a4b00; }}
.pj-clock.pj-up {{ color: #b3261e; }}
.pj-answer {{ font-size: 2.2rem; font-weight: 800; color: #0b6b2f; line-height: 1.2; }}
.pj-reason {{ font-size: 1.6rem; line-height: 1.35; }}
/* One grid for every row (each row a subgrid), so the bars start at one line and share
   one scale; a long answer (three cards named) wraps at 45% instead of squeezing them. */
.pj-bars {{ display: grid; grid-template-columns: fit-content(45%) 1fr 3rem;
  column-gap: 0.8rem; row-gap: 0.6rem; margin-top: 0.5rem; }}
.pj-bar-row {{ display: grid; grid-column: 1 / -1; grid-template-columns: subgrid;
  align-items: center; }}
.pj-bar-label, .pj-bar-count {{ font-size: {LABEL_PX / BASE_PX:.4f}rem; font-weight: 700;
  color: #111;
  line-height: 1.15; }}
.pj-bar-count {{ text-align: right; }}
.pj-bar-track {{ height: {(LABEL_PX + 8) / BASE_PX:.4f}rem; background: #eef0f3;
  border-radius: 6px; }}
.pj-bar {{ height: 100%; border-radius: 6px; min-width: 4px; }}
.pj-choices {{ display: flex; flex-wrap: wrap; gap: 1rem; margin-top: 1rem; }}
.pj-choice {{ font-size: 2.4rem; font-weight: 700; padding: 0.4rem 1.4rem;
  border: 3px solid #0b6b2f; border-radius: 0.8rem; color: #0b6b2f; }}
.pj-ended {{ font-size: 3rem; font-weight: 800; margin-top: 3rem; text-align: center; }}
</style>"""
