"""A class across two app processes on one PostgreSQL (replicas behind a proxy): the
teacher's tab on one server, three learners' tabs on the other, speaking Streamlit's
protocol (``streamlit_client.Tab``) as their browsers would. The learners see the pushed
question by polling (no reload), answer, see the reveal and their verdict; the teacher's
server counts their answers."""

from __future__ import annotations

import asyncio
import json
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from urllib.parse import parse_qs

from app_server import serve
from helpers.class_pages import heading, poll_until, verdict
from helpers.postgres import new_database
from streamlit_client import Tab

ROOT = Path(__file__).resolve().parents[2]
NAMES = ("Ana", "<i>Bo</i>", "Cy")


async def one_class(base: Path, database: str) -> dict:
    env = {"EUCHRE_TUTORIAL_DB": database}
    async with (
        serve(ROOT, [], base / "teacher-server.log", env=env) as one,
        serve(ROOT, [], base / "learner-server.log", env=env) as other,
    ):
        teacher = Tab(one.base_url)
        await teacher.open("class")
        await teacher.click(teacher.widget(key="class-start"))
        code = parse_qs(teacher.query)["class"][0]
        learners = [Tab(other.base_url) for _ in NAMES]
        for tab, name in zip(learners, NAMES, strict=False):
            await tab.open("join", f"code={code}")
            await tab.set(tab.widget(key="join-name"), name)
            await tab.click(tab.widget(key="join-button"))
            assert "Waiting for the next question" in " ".join(tab.texts("alert:info"))
            assert tab.widget(key="class-watch-join"), "the waiting page watches the class"

        await teacher.set(teacher.widget(key="class-from"), ["A Practise topic"])
        await teacher.click(teacher.widget(key="class-push"))
        assert "Question 1" in heading(teacher)
        waits = [await poll_until(tab, lambda t: "Question 1" in heading(t)) for tab in learners]
        answered = []
        for tab in learners:
            node = tab.widget(key="join-table", kind="bidi_component")
            model = json.loads(node.data)
            cards = [c["code"] for c in model["hand"] if c.get("clickable")]
            options = [a["id"] for a in model["actions"] if a["id"].startswith("option-")]
            if cards:
                await tab.send_event(node, "card", cards[0])
            else:
                await tab.send_event(node, "action", options[0])
            if any(a["id"] == "check" for a in model["actions"]):
                await tab.send_event(tab.widget(key="join-table"), "action", "check")
            answered.append(json.loads(tab.widget(key="join-table").data)["message"]["title"])
        await teacher.poll()  # the teacher's count, from the other server
        count = " ".join(teacher.texts("markdown"))
        await teacher.click(teacher.widget(key="class-reveal"))
        reveal_waits = [
            await poll_until(tab, lambda t: verdict(t) in ("right", "wrong")) for tab in learners
        ]
        verdicts = [verdict(tab) for tab in learners]
        for tab in (teacher, *learners):
            await tab.close()
    return {
        "waits": waits,
        "reveal_waits": reveal_waits,
        "answered": answered,
        "count": count,
        "verdicts": verdicts,
        "code": code,
    }


def test_teacher_and_learners_on_two_app_processes(postgres_cluster, tmp_path):
    with new_database(postgres_cluster) as database:
        with ThreadPoolExecutor(1) as pool:
            seen = pool.submit(
                asyncio.run, asyncio.wait_for(one_class(tmp_path, database), 240)
            ).result()
        from tutorial_app.store import open_classes

        live = open_classes(database)
        assert live.member_names(seen["code"]) == list(NAMES)
    assert seen["answered"] == ["Your answer is in"] * 3
    assert "**3** learners joined (up to 100) · **3** answered" in seen["count"]
    assert all(v in ("right", "wrong") for v in seen["verdicts"])
    # Seen by polling alone, without a reload (how fast: the benchmark's business).
    assert len(seen["waits"]) == len(seen["reveal_waits"]) == 3
