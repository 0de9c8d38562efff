"""AppTest of tables of four (issue 23): the teacher seats the class, each learner's
join page then shows their table from their own chair (their hand face up, the others'
face down), the bots move when it is their turn (one move per page run, applied once),
a stale click says so, and the teacher's overview shows every table; pause and end."""

from __future__ import annotations

import random
import re

from app_driver import tables_shown, watcher_shown
from test_live_class_pages import join, start_class

from engine import Phase, Seat, legal_actions
from tutorial_app.features.live_class.tables_box import table_line
from tutorial_app.store import ClassTables, database_url, open_store

PROJECTOR = "features/live_class/screen_page.py"


def decide(view, seat, rng):
    """A beginner bot's move for ``seat`` at the table ``view``."""
    from analysis import make_bot
    from engine import seat_view

    return make_bot("beginner").decide(seat_view(view.game.replay().hand, seat), rng)


def keep_still(tables, table_id: int) -> None:
    """The table has not moved for a minute: a learner not seen for longer is away."""
    from datetime import timedelta

    from sqlalchemy import update

    from tutorial_app.store.records import now
    from tutorial_app.store.tables import class_tables

    with tables.store.writing() as connection:
        connection.execute(
            update(class_tables)
            .where(class_tables.c.id == table_id)
            .values(updated_at=now() - timedelta(minutes=1))
        )


def mark_away(tables) -> None:
    """Every learner at the class's tables was last seen five minutes ago: away."""
    from datetime import timedelta

    from sqlalchemy import update

    from tutorial_app.store.records import now
    from tutorial_app.store.tables import class_table_seats

    with tables.store.writing() as connection:
        connection.execute(
            update(class_table_seats).values(last_seen_at=now() - timedelta(minutes=5))
        )


def play_out_hand(tables, view, seed: int, watch=None):
    """Bots play table ``view``'s hand to its end, the away learners' turns too (the
    table kept still before each move, so the away rule holds); ``watch(view)`` sees
    the table before each move. Returns the table after the hand."""
    rng = random.Random(seed)
    while not (view := tables.table(view.id)).game.replay().finished:
        if watch is not None:
            watch(view)
        keep_still(tables, view.id)
        view = tables.table(view.id)
        seat = view.game.replay().hand.turn
        tables.move(view.id, seat, decide(view, seat, rng), view.game.version)
    return view


def seat_model(at) -> dict:
    (model,) = [m for m in tables_shown(at) if m.get("layout") == "table"]
    return model


def test_the_class_is_seated_and_each_learner_sees_their_own_table(monkeypatch):
    teacher, code, key = start_class()
    learners = [join(code, name) for name in ("Ann", "Ben", "Cat")]
    teacher.run()
    teacher.button(key="tables-make").click().run()
    assert not teacher.exception
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    assert [
        name for _seat, name in sorted(view.seats.items(), key=lambda i: "NESW".index(i[0].value))
    ] == [
        "Ann",
        "Ben",
        "Cat",
        None,
    ]
    lines = [m.value for m in teacher.markdown if m.value.startswith("**Table 1**")]
    assert lines and "N Ann" in lines[0] and "W bot" in lines[0]
    for number, learner in enumerate(learners):
        learner.run()  # the watcher's news: the seat shows
        assert not learner.exception
        seat = "NES"[number]
        assert any(f"you sit {Seat(seat).word}" in h.value for h in learner.subheader)
        model = seat_model(learner)
        assert model["bottom"] == seat
        hands = {s["seat"]: s for s in model["seats"]}
        assert hands[seat]["you"] and len(model["hand"]) >= 5  # their own cards, face up
        assert all(not hands[other]["cards"] for other in hands if other != seat)  # others hidden


def test_bots_move_on_a_page_run_and_once(monkeypatch):
    from tutorial_app.store import new_learner_token

    teacher, code, key = start_class()
    ann = new_learner_token()
    learner = join(code, "Ann", ann)
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    learner.run()  # the seat shows (and a bot on turn makes its move)
    versions = [tables.table(view.id).game.version]
    while tables.table(view.id).game.replay().hand.turn is not Seat.N:
        # three bots a round, and a round; a whole hand more if South goes alone
        assert len(versions) < 60, versions
        learner.run()  # a page run that sees a bot's turn moves that bot, once
        assert not learner.exception
        versions.append(tables.table(view.id).game.version)
        # Her page's watcher is handed a stamp that is not the table's: it runs her page
        # again within a second, and the next bot moves with no other page open.
        assert watcher_shown(learner)["seen"] != tables.stamp(code, view.id)
    assert [b - a for a, b in zip(versions, versions[1:], strict=False)] == [1] * (
        len(versions) - 1
    )
    message = seat_model(learner)["message"]
    assert re.search(r"Your turn", str(message))
    # Thinking on her turn, Ann's page runs by itself every 20 s (her watcher's
    # heartbeat), so she is seen; every 40 s on another's turn (a slow player, a pause),
    # so her open tab never looks away.
    assert watcher_shown(learner)["beat"] == 20_000
    view = tables.table(view.id)
    tables.move(view.id, Seat.N, decide(view, Seat.N, random.Random(1)), view.game.version, ann)
    learner.run()
    turn = tables.table(view.id).game.replay().hand.turn  # North's again, if she deals
    assert watcher_shown(learner)["beat"] == (20_000 if turn is Seat.N else 40_000)


def test_the_teacher_pauses_and_ends_the_games():
    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    teacher.button(key="tables-pause").click().run()
    learner.run()
    assert any("paused" in info.value for info in learner.info)
    teacher.button(key="tables-pause").click().run()  # resume
    # "End the games" asks first: one click must not end every table's game.
    teacher.button(key="tables-end").click().run()
    assert any("End every table's game now?" in w.value for w in teacher.warning)
    teacher.button(key="tables-end-no").click().run()
    assert not any("End every table's game now?" in w.value for w in teacher.warning)
    learner.run()
    assert any("you sit" in h.value for h in learner.subheader)  # still at her table
    teacher.button(key="tables-end").click().run()
    teacher.button(key="tables-end-yes").click().run()
    assert not teacher.exception
    learner.run()
    learner.run()
    assert not any("you sit" in h.value for h in learner.subheader)  # back to the questions
    # Her table's score and her graded hands stay until the next question.
    (ended,) = [m.value for m in learner.markdown if "ended the games" in m.value]
    assert "At table 1 your team, North-South, had 0 points and East-West 0" in ended
    teacher.button(key="class-push").click().run()
    learner.run()
    assert not [m for m in learner.markdown if "ended the games" in m.value]


def test_ending_the_class_ends_the_games_on_every_screen():
    """Once asked and confirmed, "End the class" ends the tables too: the teacher's page
    shows no table still playing, and the learner's screen leaves her table for her
    summary (she once played on at a class already ended)."""
    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    learner.run()
    assert any("you sit" in h.value for h in learner.subheader)
    teacher.button(key="class-end").click().run()
    teacher.button(key="class-end-yes").click().run()
    assert not teacher.exception
    assert ClassTables(open_store(database_url())).overview(code, key) == []
    (line,) = [m.value for m in teacher.markdown if m.value.startswith("**Table 1**")]
    assert "ended after 0 hands" in line  # its result stays, no longer "to play"
    assert not {"tables-pause", "tables-end"} & {button.key for button in teacher.button}
    learner.run()
    learner.run()
    assert not learner.exception
    assert not any("you sit" in h.value for h in learner.subheader)
    assert any(f"Class **{code}** has ended" in m.value for m in learner.markdown)


def test_a_hint_when_hints_are_allowed_and_it_is_your_turn():
    from tutorial_app.store import new_learner_token

    teacher, code, key = start_class()
    token = new_learner_token()
    learner = join(code, "Ann", token)
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    learner.run()
    while tables.table(view.id).game.replay().hand.turn is not Seat.N:
        learner.run()  # the bots move up to Ann's turn
    learner.button(key="table-hint").click().run()
    assert not learner.exception
    message = seat_model(learner)["message"]  # in the strip beside the choices
    assert message["title"].startswith("Hint: ") and message["text"], message
    learner.run()  # the watcher's heartbeat, or news: the hint stays until the move
    assert seat_model(learner)["message"] == message
    hand = tables.table(view.id).game.replay().hand
    version = tables.table(view.id).game.version
    tables.move(view.id, Seat.N, legal_actions(hand)[0], version, token)
    learner.run()  # the move is made: the hint was for the decision before it
    assert not seat_model(learner)["message"].get("title", "").startswith("Hint")


def test_each_finished_hand_opens_in_teach_from_the_overview():
    """A hand played to its end (Ann away: a bot plays for her too) is a link to Teach."""
    from urllib.parse import parse_qs, urlsplit

    from app_driver import open_page

    from tutorial_app.features.teach.keys import REPLAY
    from tutorial_app.shell.hand_links import decode_hand

    teacher, code, key = start_class()
    join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    mark_away(tables)  # Ann is away: a bot plays for her
    (view,) = tables.overview(code, key)
    view = play_out_hand(tables, view, seed=3)  # a whole hand
    teacher.run()
    (links,) = [c.value for c in teacher.caption if c.value.startswith("Hands in Teach")]
    url = re.search(r"\]\(([^)]+)\)", links)[1]
    query = {name: values[0] for name, values in parse_qs(urlsplit(url).query).items()}
    finished = view.game.replay().finished[0]
    assert urlsplit(url).path.endswith("/teach")
    assert decode_hand(query["hand"]).replay().result == finished.result
    teach = open_page("features/teach/page.py", **query)
    assert not teach.exception and teach.session_state[REPLAY].position == 0


def test_a_table_on_the_projector_shows_the_reason_for_each_move_its_hands_face_down():
    """While a hand is played its hands stay face down on the wall (its own players see
    the projector): the trick, the moves and their reasons show."""
    from test_live_class_pages import page
    from test_live_class_screen import html_shown

    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="class-push").click().run()  # a question, asked before the tables
    teacher.button(key="tables-make").click().run()
    for _ in range(3):
        learner.run()  # the bots move, one a run, up to Ann's turn
    teacher.run()
    screen = page(PROJECTOR, stored_key=key, **{"class": code})
    # The class at tables, none up: the tables' lines, not the question nobody sees now.
    assert "The class is playing at tables." in html_shown(screen)
    assert [m.value for m in screen.markdown if m.value.startswith("**Table 1** · ")]
    assert "answered" not in html_shown(screen)
    teacher.button(key="tables-project-1").click().run()
    assert not teacher.exception and "tables-unproject-1" in {b.key for b in teacher.button}
    screen = page(PROJECTOR, stored_key=key, **{"class": code})
    assert not screen.exception
    (model,) = [m for m in tables_shown(screen) if m.get("layout") == "table"]
    assert not any(s["revealed"] for s in model["seats"]) and not model["hand"]
    assert "face down while they are played" in model["message"]["text"]
    # Who plays each seat, on the table (the learner's name, else a bot).
    assert {s["seat"]: s["player"] for s in model["seats"]} == {
        "N": "Ann",
        "E": "bot",
        "S": "bot",
        "W": "bot",
    }
    moves = [
        line for m in screen.markdown for line in m.value.splitlines() if line.startswith("- ")
    ]
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    assert len(moves) == min(4, len(view.game.replay().hand.actions)) and all(
        ": " in m for m in moves
    )
    teacher.button(key="tables-unproject-1").click().run()
    screen.run()
    assert not [m for m in tables_shown(screen) if m.get("layout") == "table"]
    assert "The class is playing at tables." in html_shown(screen)


def test_a_finished_hand_keeps_each_learners_own_mistakes_not_the_bots(monkeypatch):
    """Issue 22 at a table: the hand's review keeps Ann's mistakes for her (through the
    worker pool's job, run in-process here), never a move a bot made while she was away."""
    import random
    from datetime import timedelta

    from fake_pool import InlinePool
    from sqlalchemy import update

    from analysis import hint
    from engine import HandRecord, seat_view
    from tutorial_app.features.live_class import table_seat
    from tutorial_app.shell.hand_links import encode_hand
    from tutorial_app.store import OwnMistakes, TableReviews, new_learner_token
    from tutorial_app.store.records import now
    from tutorial_app.store.tables import class_table_seats

    pool = InlinePool()
    monkeypatch.setattr(table_seat, "shared_pool", lambda: pool)
    teacher, code, key = start_class()
    ann = new_learner_token()
    join(code, "Ann", ann)
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    rng, away_once, kept = random.Random(4), True, []
    while not kept:  # hands, until the review finds a mistake of Ann's
        view = tables.table(view.id)
        state = view.game.replay()
        assert len(state.finished) < 8 and state.hand is not None, "no mistake in 8 hands"
        seat = state.hand.turn
        if seat is Seat.N and away_once:  # Ann's first decision: she is away, a bot plays
            away_once = False
            with tables.store.writing() as connection:
                connection.execute(
                    update(class_table_seats)
                    .where(class_table_seats.c.seat == "N")
                    .values(last_seen_at=now() - timedelta(minutes=5))
                )
            keep_still(tables, view.id)
            view = tables.table(view.id)
            after = tables.move(view.id, seat, decide(view, seat, rng), view.game.version)
            tables.seen(view.id, Seat.N, ann)  # back
            bot_step = view.game.version
        elif seat is Seat.N:  # Ann plays the worst choice there is
            options = hint(seat_view(state.hand, seat), rng).options
            worst = min(options, key=lambda option: option.points).action
            after = tables.move(view.id, seat, worst, view.game.version, ann)
        else:
            after = tables.move(view.id, seat, decide(view, seat, rng), view.game.version)
        if len(after.replay().finished) > len(state.finished):
            table_seat.grade_finished_hand(tables, view, after)
            kept = OwnMistakes(tables.store).mine(ann)
    assert after.bots == {bot_step}
    assert all(job.outcome() >= 0 for job in pool.jobs.values())  # each ran without error
    assert {m.position.seat for m in kept} == {"N"}
    first = encode_hand(HandRecord.from_state(after.replay().finished[0]))
    assert (first, bot_step) not in {(m.position.hand, m.position.step) for m in kept}
    # The same job graded every decision of Ann's for the table's review: each finished
    # hand once, hers only, the bot's move for her left out, the kept mistakes among them.
    reviews = TableReviews(tables.store).of_table(view.id)
    finished = after.replay().finished
    assert [(r.hand, r.seat, r.name) for r in reviews] == [
        (n, Seat.N, "Ann") for n in range(len(finished))
    ]
    steps = [d.step for d in reviews[0].decisions]
    assert bot_step not in steps and steps == sorted(steps)
    # (A deal may leave her no decision of her own in hand 1 but the bot's: the table's
    # deal is random.) Her own decisions were graded in some hand.
    assert any(review.decisions for review in reviews)
    last = reviews[-1].decisions
    assert {
        (m.position.step, m.position.grade)
        for m in kept
        if m.position.hand == encode_hand(HandRecord.from_state(finished[-1]))
    } == {(d.step, d.grade) for d in last if d.grade in ("mistake", "blunder")}


def test_the_teacher_may_seat_the_class_by_hand():
    import pytest

    from tutorial_app.features.live_class.tables_box import plan_from_rows

    assert plan_from_rows([(1, 2, "E"), (2, 2, "W"), (3, float("nan"), None)]) == [
        [None] * 4,
        [None, 1, None, 2],
    ]
    for rows, words in (
        ([(1, 1, "N"), (2, 1, "N")], "two learners at N"),
        ([(1, 1, None)], "needs a seat"),
        ([(1, 40, "N")], "from 1 to 25"),
        ([(1, None, None)], "at least one learner"),
    ):
        with pytest.raises(ValueError, match=words):
            plan_from_rows(rows)
    teacher, code, key = start_class()
    for name in ("Ann", "Ben"):
        join(code, name)
    teacher.run()
    teacher.segmented_control(key="tables-how").set_value("hand").run()
    assert not teacher.exception
    assert [d.key for d in teacher.get("data_editor")] == ["tables-seating"]  # to edit
    teacher.button(key="tables-make").click().run()
    (view,) = ClassTables(open_store(database_url())).overview(code, key)
    # The editor starts from the seating in join order: two learners sit as partners.
    assert [view.seats[seat] for seat in (Seat.N, Seat.E, Seat.S, Seat.W)] == [
        "Ann",
        None,
        "Ben",
        None,
    ]


def test_after_a_hand_each_learner_and_the_teacher_see_the_decisions_graded(monkeypatch):
    """Play's review at the tables: once a hand is over, the worker pool's job (run
    in-process here) grades each seated learner's decisions; the learner's seat shows
    theirs under the table; the teacher sees every learner's counts and, after the games
    end, the last tables with their hands in Teach and each learner's decisions."""
    import random

    from fake_pool import InlinePool

    from analysis import review_hand
    from tutorial_app.features.live_class import table_seat
    from tutorial_app.mistakes.review_rows import reviewed_decisions
    from tutorial_app.store import new_learner_token

    pool = InlinePool()
    monkeypatch.setattr(table_seat, "shared_pool", lambda: pool)
    teacher, code, key = start_class()
    token = new_learner_token()
    ann = join(code, "Ann", token)
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    rng = random.Random(8)
    while not (state := tables.table(view.id).game.replay()).finished:
        view = tables.table(view.id)
        seat = state.hand.turn
        mine = token if seat is Seat.N else None
        after = tables.move(view.id, seat, decide(view, seat, rng), view.game.version, mine)
        table_seat.grade_finished_hand(tables, view, after)
    hand = state.finished[0]
    graded = reviewed_decisions(
        hand,
        Seat.N,
        review_hand(hand, Seat.N, lambda step: random.Random(f"table-{view.game.seed}-0-{step}")),
    )
    assert graded  # Ann bid at least once
    ann.run()
    assert not ann.exception
    (expander,) = [e for e in ann.expander if e.label == "Your decisions in hand 1, graded"]
    shown = expander.table[0].value
    assert list(shown["Your decision"]) == [d.chosen for d in graded]
    assert list(shown["Grade"]) == [d.grade for d in graded]
    teacher.run()
    (summary,) = [frame.value for frame in teacher.dataframe if "Learner" in frame.value]
    assert list(summary["Learner"]) == ["Ann"] and summary.loc[0, "Hands"] == 1
    assert summary.loc[0, "Best"] == sum(d.grade == "best" for d in graded)
    teacher.button(key="tables-end").click().run()
    teacher.button(key="tables-end-yes").click().run()
    teacher.run()  # the overview's fragment saw the end: the page is drawn again
    assert not teacher.exception
    lines = [m.value for m in teacher.markdown if m.value.startswith("**Table 1**")]
    assert lines and "ended after 1 hand" in lines[0]
    assert any("Hands in Teach: [1](" in c.value for c in teacher.caption)
    teacher.selectbox(key="tables-review-of").set_value("Ann").run()
    assert any(c.value == "Table 1, hand 1, North" for c in teacher.caption)
    assert list(teacher.table[-1].value["Grade"]) == [d.grade for d in graded]


def test_two_learners_a_table_sit_as_partners_with_two_bots():
    teacher, code, key = start_class()
    for name in ("Ann", "Ben", "Cat", "Dan"):
        join(code, name)
    teacher.run()
    teacher.segmented_control(key="tables-per").set_value(2).run()
    teacher.button(key="tables-make").click().run()
    assert not teacher.exception
    views = ClassTables(open_store(database_url())).overview(code, key)
    assert [[view.seats[seat] for seat in (Seat.N, Seat.E, Seat.S, Seat.W)] for view in views] == [
        ["Ann", None, "Ben", None],
        ["Cat", None, "Dan", None],
    ]


def test_a_hand_just_dealt_shows_the_last_hands_moves_on_the_projector():
    """The projector's reasons when the new hand has no move yet: the last hand's, said so."""
    from tutorial_app.features.live_class.table_projector import last_moves, projected_hand

    teacher, code, key = start_class()
    join(code, "Ann")
    tables = ClassTables(open_store(database_url()))
    # A fixed deal (the page's tables get a random one): Ann, at North, bids in round 1,
    # so the overview says "to bid" (a deal where the bots order up first never shows it).
    tables.make_tables(code, key, [[1, None, None, None]], "bga", True, "beginner", seed=1)
    (view,) = tables.overview(code, key)
    assert last_moves(view)[0] == ""  # the hand on the table: its own moves
    assert projected_hand(view.game.replay()) == (view.game.replay().hand, False)
    mark_away(tables)  # Ann left: bots play for her
    said = set()  # the overview's words for the seat to act, by phase
    view = play_out_hand(
        tables,
        view,
        seed=2,
        watch=lambda seen: said.add(
            (seen.game.replay().hand.phase, table_line(seen).split(" · ")[-1].split(";")[0])
        ),
    )
    state = view.game.replay()
    assert not state.hand.actions  # the next hand is dealt, none of its moves made
    heading, lines = last_moves(view)
    finished = state.finished[-1]
    assert heading == "The last hand ended so:" and len(lines) == min(4, len(finished.actions))
    assert projected_hand(state) == (finished, True)  # the hand just played, every card
    # On the wall: the hand's result under the table, its last moves with their reasons.
    from test_live_class_pages import page

    from engine import explain_result
    from tutorial_app.shell.markdown_text import markdown_text

    tables.project(code, key, view.id)
    screen = page(PROJECTOR, stored_key=key, **{"class": code})
    (model,) = [m for m in tables_shown(screen) if m.get("layout") == "table"]
    assert model["message"] == {
        "title": "Hand 1:",
        "text": explain_result(finished),
        "tone": "success",
    }
    players = {s["seat"]: s["player"] for s in model["seats"]}
    assert players["N"] in ("Ann", "bot for Ann") and players["E"] == "bot"
    shown = [m.value for m in screen.markdown if m.value.startswith(heading)]
    listed = "\n".join(f"- {markdown_text(line)}" for line in lines)
    assert shown == [f"{heading}\n\n{listed}"]
    ending = re.compile(r"^(Ann \(North\)|East|South|West) (to \w+)$")
    assert {ending.match(words)[2] for phase, words in said if phase is Phase.BID1} == {"to bid"}
    assert {ending.match(words)[2] for phase, words in said if phase is Phase.PLAY} == {"to play"}
    assert any(words.startswith("Ann (North) to ") for _, words in said)  # a learner by name


def test_a_refusal_goes_once_the_teacher_resumes_and_others_turns_say_whose_by_name():
    """Ann tried to move while the games were paused: refused. Resumed, her turn says
    "Your turn." again, with what to click, not the old refusal; another's turn names
    the learner whose turn it is."""
    from tutorial_app.features.live_class.keys import TABLE_REFUSAL
    from tutorial_app.store import new_learner_token

    teacher, code, key = start_class()
    ann = new_learner_token()
    learner = join(code, "Ann", ann)
    ben = join(code, "Ben")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    while (turn := tables.table(view.id).game.replay().hand.turn) is not Seat.S:
        learner.run()  # the bots move up to Ben's turn (Ann's own: she passes)
        view = tables.table(view.id)
        if turn is Seat.N:
            tables.move(
                view.id, Seat.N, legal_actions(view.game.replay().hand)[-1], view.game.version, ann
            )
    learner.run()
    assert seat_model(learner)["message"]["text"] == "Ben's turn (South)."
    ben.run()
    assert says_your_turn(seat_model(ben)["message"])
    teacher.button(key="tables-pause").click().run()
    ben.run()
    view = tables.table(view.id)
    # As a click while paused leaves it: refused, for the table as it is now.
    ben.session_state[TABLE_REFUSAL] = (view.id, view.game.version, True, "Paused.")
    ben.run()
    assert seat_model(ben)["message"]["tone"] == "refusal"
    teacher.button(key="tables-pause").click().run()  # resume
    ben.run()
    message = seat_model(ben)["message"]
    assert message["tone"] == "info" and says_your_turn(message)
    assert message["text"] and "Paused" not in message["text"]  # what to click now


def says_your_turn(message: dict) -> bool:
    """The strip reads "Your turn." as its title, or its text opens so ("Your turn: choose
    a card to play.", when the title would only repeat it): which one depends on the deal."""
    return f"{message.get('title', '')} {message['text']}".strip().startswith("Your turn")


def test_a_finished_hand_stays_on_a_learners_screen_until_she_goes_on():
    """Ann saw the hand being played: when it ends, her table holds its last trick and
    result until she presses Next hand; the table plays on meanwhile."""
    teacher, code, key = start_class()
    learner = join(code, "Ann")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    (view,) = tables.overview(code, key)
    learner.run()  # she sees the hand in play
    mark_away(tables)  # then she is away: a bot plays for her
    view = play_out_hand(tables, view, seed=3)
    learner.run()
    model = seat_model(learner)
    assert model["message"]["tone"] == "success" and model["message"]["title"] == "Hand 1:"
    finished = view.game.replay().finished[0]
    from engine import explain_result

    assert model["message"]["text"] == explain_result(finished)
    # The other seats' players by name (bots here); her own seat needs none.
    assert {s["seat"]: s.get("player") for s in model["seats"]} == {
        "N": None,
        "E": "bot",
        "S": "bot",
        "W": "bot",
    }
    learner.button(key="table-next-hand").click().run()
    assert not learner.exception
    assert seat_model(learner)["message"]["tone"] != "success"
    assert "table-next-hand" not in {b.key for b in learner.button}


def test_a_late_joiner_is_named_and_seating_again_asks_before_the_games_end():
    """Cid joins after the seating: the teacher's overview names him as not at a table.
    Seating again while tables play asks first; "Keep playing" keeps the games, and only
    "End them and seat again" ends them, with Cid seated this time."""
    teacher, code, key = start_class()
    join(code, "Ann")
    join(code, "Ben")
    teacher.run()
    teacher.button(key="tables-make").click().run()
    tables = ClassTables(open_store(database_url()))
    first = [view.id for view in tables.overview(code, key)]
    assert tables.unseated(code, key) == []
    join(code, "Cid")
    teacher.run()
    (waiting,) = [box.value for box in teacher.info if "Not at a table" in box.value]
    assert waiting.startswith("Not at a table: Cid.")

    assert teacher.button(key="tables-make").label == "Seat the class again"
    teacher.button(key="tables-make").click().run()
    assert [view.id for view in tables.overview(code, key)] == first  # nothing ended yet
    (ask,) = [box.value for box in teacher.warning if "Seating again" in box.value]
    assert ask == "Seating again ends the game in play and starts new ones."
    teacher.button(key="tables-make-cancel").click().run()
    assert [view.id for view in tables.overview(code, key)] == first
    assert not [box for box in teacher.warning if "Seating again" in box.value]

    teacher.button(key="tables-make").click().run()
    teacher.button(key="tables-make-confirm").click().run()
    views = tables.overview(code, key)
    assert views and not set(first) & {view.id for view in views}
    assert sorted(n for view in views for n in view.seats.values() if n) == ["Ann", "Ben", "Cid"]
    assert tables.unseated(code, key) == []
    assert not [box for box in teacher.info if "Not at a table" in box.value]


def test_while_tables_play_their_overview_comes_first_and_stays_open_once_ended():
    """The teacher watches the tables while they play: their box is the page's first,
    open; ended from this page, it stays open on the results, back in its place."""
    teacher, code, key = start_class()
    join(code, "Ann")
    teacher.run()

    def boxes():
        return [(box.label, box.proto.expanded) for box in teacher.expander]

    assert ("Tables of four", False) in boxes()
    assert [label for label, _ in boxes()].index("Tables of four") > 0  # below the others
    teacher.button(key="tables-make").click().run()
    assert boxes()[0] == ("Tables of four", True)
    teacher.button(key="tables-end").click().run()
    teacher.button(key="tables-end-yes").click().run()
    assert not teacher.exception
    assert ("Tables of four", True) in boxes() and boxes()[0][0] != "Tables of four"
    assert any(m.value == "**The last games**" for m in teacher.markdown)
