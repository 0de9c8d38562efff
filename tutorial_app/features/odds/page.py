"""Reference: the odds lab. Exact odds of the deal by counting, then hands played
by the engine's bots, each a chart, a table and what it means for play."""

import streamlit as st

from analysis import LEVELS
from engine import PRESET_NAMES, Rules, RulesError
from tutorial_app.features.odds import jobs
from tutorial_app.features.odds.item import OddsItem
from tutorial_app.features.odds.shown import counted_items, shipped_items
from tutorial_app.features.odds.simulated import parse_seed, shipped_run, simulated_items
from tutorial_app.rule_tables.words import in_words
from tutorial_app.shell.markdown_text import markdown_text
from tutorial_app.work.pool_view import JobFailed, pooled


def show(item: OddsItem) -> None:
    st.subheader(item.title)
    st.markdown(item.sentence)
    chart, table = st.columns([5, 4], vertical_alignment="center")
    chart.plotly_chart(item.figure, key=f"odds-chart-{item.key}", config={"displayModeBar": False})
    table.table(item.table, hide_index=True)
    if item.note:
        table.caption(item.note)


def played_hands(rules: Rules, variants: bool, level: str, hands: int, seed: int):
    """The run's hands: shipped with the app if these are the page's defaults, else
    played in the server's worker pool (None while they are being played)."""
    if not variants:
        shipped = shipped_run(rules.preset_name, level, hands, seed)
        if shipped is not None:
            return shipped
    run = (tuple(rules.settings().items()), level, hands, seed)
    return pooled(
        ("odds",) + run,
        jobs.simulate,
        (run,),
        doing=f"Playing {hands:,} hands with {level} bots...",
    )


st.title("Odds lab")
st.markdown(
    "How likely is that? The first three answers are **exact**: we counted every "
    "five-card hand you could be dealt from the 24 cards, and from 25 cards with the "
    "Joker. The rest come from hands the computer players (bots) played."
)

st.header("Counted exactly")
for exact in counted_items():
    show(exact)

st.header("Played by the bots")
# The level's three buttons need a little more than a third (expert was cut off).
level_col, rules_col, variants_col = st.columns([10, 8, 9], vertical_alignment="bottom")
hands_col, seed_col = st.columns([3, 1])
level = (
    level_col.segmented_control(
        "Bot level", LEVELS, default="beginner", key="odds-level", required=True
    )
    or "beginner"
)
preset = rules_col.selectbox(
    "Rules", list(PRESET_NAMES), format_func=PRESET_NAMES.__getitem__, key="odds-preset"
)
benny = variants_col.toggle("With the Joker (Benny)", key="odds-benny")
no_trump = variants_col.toggle("No trump may be called", key="odds-no-trump")
low, high, default, step = jobs.odds_hands(level)
hands = hands_col.slider(
    "Hands to play",
    low,
    high,
    default,
    step,
    key=f"odds-hands-{'expert' if level == 'expert' else 'fast'}",
)
if level == "expert":
    hands_col.caption("Expert bots search every card: about a hand a second.")
seed_text = seed_col.text_input(
    "Seed", "1", key="odds-seed", help="The same seed plays the same hands again."
)

played = None
try:
    rules = Rules.from_settings({"preset": preset, "benny": benny, "no_trump": no_trump})
    seed = parse_seed(seed_text)
except RulesError as error:
    st.warning(f"These rules do not go together: {in_words(str(error))}.", icon=":material/block:")
except ValueError as error:
    st.warning(str(error), icon=":material/pin:")
else:
    try:
        played = played_hands(rules, benny or no_trump, level, hands, seed)
    except JobFailed as failed:
        st.warning(
            f"These hands could not be played: {markdown_text(str(failed))}",
            icon=":material/error:",
        )
if played:
    st.caption(
        f"{len(played):,} hands, {level} bots at every seat, "
        f"{PRESET_NAMES[rules.preset_name]} rules{' with changes' if rules.changes() else ''}, "
        f"seed {seed}; the deal passes left each hand."
        + (
            " So few hands give rough shares: play more for firmer ones."
            if len(played) < 200
            else ""
        )
    )
    shipped = None if benny or no_trump else shipped_items(rules.preset_name, level, hands, seed)
    for item in shipped or simulated_items(played, level, rules):
        show(item)
