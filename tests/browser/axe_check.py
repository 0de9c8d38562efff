"""axe-core, the accessibility checker, run in a page as it stands: the violations the
app's own markup causes (test_browser_pages.py runs it on every page's first load,
test_browser_accessibility.py in states beyond it).

axe-core comes from the npm registry, pinned in the Makefile (``make test`` fetches it
into the git-ignored .cache folder). Only violations inside Streamlit's own markup are
excused (STREAMLIT_OWN), each matched by rule id and by a container of Streamlit's, so
the app's own markup never hides behind them.
"""

from __future__ import annotations

import re

import pytest
from helpers.servers import ROOT
from playwright.sync_api import Page

AXE_VERSION = re.search(r"^AXE_VERSION := (\S+)$", (ROOT / "Makefile").read_text(), re.M)[1]
AXE = ROOT / ".cache" / f"axe-{AXE_VERSION}" / "node_modules" / "axe-core" / "axe.min.js"
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa", "best-practice"]

# (rule id, Streamlit's container, why): a violation is excused only when every node it
# names lies inside that container.
STREAMLIT_OWN: tuple[tuple[str, str, str], ...] = (
    # Streamlit's sidebar navigation puts its section headings straight inside the <ul>
    # and the <li> items inside a <div>: a <ul> with non-<li> children (list) and <li>s
    # outside a list (listitem), on every page. The app cannot change that markup; the
    # report for Streamlit, with a minimal reproduction: docs/upstream/.
    ("list", "[data-testid=stSidebarNavItems]", "Streamlit's sidebar navigation"),
    ("listitem", "[data-testid=stSidebarNavItems]", "Streamlit's sidebar navigation"),
    # st.file_uploader's drop zone is a <section role="presentation" tabindex="-1">:
    # focusable yet presentational (Your progress's import of answers).
    ("presentation-role-conflict", "[data-testid=stFileUploaderDropzone]", "st.file_uploader"),
    # st.multiselect's typing box shrinks to the room its tags leave (under 24 px beside
    # five cards on Build). A tap anywhere on the 40-pixel control focuses it, so the
    # control is the touch target; a min-width wrapped the tags onto a second line and
    # pushed Build's controls below a 720-pixel screen.
    ("target-size", "[data-testid=stMultiSelect]", "st.multiselect"),
)

# resultTypes: only the violations carry their nodes (a fifth less CPU: axe is 0.5-4 CPU
# seconds a page, the glossary's many tables the most).
RUN_AXE = """async ([tags, excused]) => {
  const result = await axe.run(
    document, {runOnly: {type: "tag", values: tags}, resultTypes: ["violations"]});
  const inside = (target, container) => {
    if (target.length !== 1) return false;  // inside a frame or shadow root: not ours
    const node = document.querySelector(target[0]);
    return !!node && !!node.closest(container);
  };
  return result.violations.map((v) => ({
    id: v.id, help: v.help, impact: v.impact,
    nodes: v.nodes
      .filter((n) => !excused.some(([rule, box]) => rule === v.id && inside(n.target, box)))
      .map((n) => ({target: n.target, html: n.html.slice(0, 160)})),
  })).filter((v) => v.nodes.length);
}"""


def axe_violations(page: Page) -> list[dict]:
    """Runs axe-core on the page as it stands; the violations Streamlit's markup does not
    explain, each with its rule, help and nodes."""
    if not AXE.exists():
        pytest.fail(f"{AXE} is missing: `make test` fetches axe-core {AXE_VERSION} with npm")
    if not page.evaluate("() => typeof axe !== 'undefined'"):
        page.add_script_tag(path=AXE)
    excused = [[rule, box] for rule, box, _ in STREAMLIT_OWN]
    return page.evaluate(RUN_AXE, [TAGS, excused])


def describe(violations: list[dict]) -> str:
    return "\n".join(
        f"{v['id']} ({v['impact']}): {v['help']}\n"
        + "\n".join(f"    {n['target']} {n['html']}" for n in v["nodes"])
        for v in violations
    )
