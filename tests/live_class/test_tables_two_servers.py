"""A class table across two app processes on one PostgreSQL (issue 23): the teacher and
one learner on one server, the other learner of the same table on the other, speaking
Streamlit's protocol (``streamlit_client.Tab``) as their browsers would. Each learner's
page follows the table by its watcher, plays by the card table's events when it is
their turn, and the bots move on whichever page runs first: every move is applied once
and the game stays whole."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs

from app_server import serve
from helpers.class_pages import heading, poll_until
from helpers.postgres import new_database
from streamlit_client import Tab

ROOT = Path(__file__).resolve().parents[2]
LEARNER_MOVES = 6  # moves made by the learners' clicks (the bots' come between them)


def my_turn(tab: Tab) -> bool:
    node = tab.widget(key="table-seat", kind="bidi_component")
    return node is not None and "Your turn" in json.dumps(json.loads(node.data).get("message"))


async def play(tab: Tab) -> None:
    """The learner's click: their first card they may play, else their first choice but
    going alone (partners both play: a lone hand would sit the other learner out)."""
    node = tab.widget(key="table-seat", kind="bidi_component")
    model = json.loads(node.data)
    cards = [card["code"] for card in model["hand"] if card.get("clickable") and card.get("legal")]
    if cards:
        await tab.send_event(node, "card", cards[0])
    else:
        choices = [action["id"] for action in model["actions"]]
        await tab.send_event(node, "action", next((c for c in choices if c != "alone"), choices[0]))


async def one_table(base: Path, database: str) -> dict:
    env = {"EUCHRE_TUTORIAL_DB": database}
    async with (
        serve(ROOT, [], base / "one-server.log", env=env) as one,
        serve(ROOT, [], base / "other-server.log", env=env) as other,
    ):
        teacher = Tab(one.base_url)
        await teacher.open("class")
        await teacher.click(teacher.widget(key="class-start"))
        code = parse_qs(teacher.query)["class"][0]
        learners = [Tab(one.base_url), Tab(other.base_url)]
        for tab, name in zip(learners, ("Ann", "Ben"), strict=True):
            await tab.open("join", f"code={code}")
            await tab.set(tab.widget(key="join-name"), name)
            await tab.click(tab.widget(key="join-button"))
        await teacher.poll()
        await teacher.click(teacher.widget(key="tables-make"))
        for tab in learners:
            await poll_until(tab, lambda t: "you sit" in heading(t))
        played = 0
        while played < LEARNER_MOVES:
            for tab in learners:
                assert not any(result.exceptions for result in await tab.poll())
                if (next_hand := tab.widget(key="table-next-hand")) is not None:
                    await tab.click(next_hand)  # a finished hand, held until they go on
                elif my_turn(tab):
                    await play(tab)
                    played += 1
            await asyncio.sleep(0.2)
        for tab in (teacher, *learners):
            await tab.close()
    return {"code": code, "played": played}


def test_a_table_split_across_two_app_processes(postgres_cluster, tmp_path):
    with new_database(postgres_cluster) as database:
        with ThreadPoolExecutor(1) as pool:
            seen = pool.submit(
                asyncio.run, asyncio.wait_for(one_table(tmp_path, database), 240)
            ).result()
        from tutorial_app.store import ClassTables, open_store
        from tutorial_app.store.tables import class_tables, classes

        tables = ClassTables(open_store(database))
        with tables.store.reading() as connection:
            (table,) = connection.execute(
                class_tables.select()
                .join(classes, classes.c.id == class_tables.c.class_id)
                .where(classes.c.code == seen["code"])
            ).all()
        game = tables.table(table.id).game
        state = game.replay()  # the engine replays every move: none applied twice
        mover = [seat.value for seat, _ in game.moves]
        # Two learners at a table sit as partners, North and South.
        assert mover.count("N") + mover.count("S") >= LEARNER_MOVES  # the learners' clicks
        assert mover.count("N") and mover.count("S")  # on both servers
        assert mover.count("E") + mover.count("W") >= 2  # and the bots between them
        assert state.hand is not None or state.is_over
