"""Who the learner is: a random token, kept only as a hash; one token reaches only its
own learner's rows; a malformed or forged token reaches nobody's. A progress link's
transfer code is exchanged for its token once, within 15 minutes, and the database
keeps neither the code nor the token."""

import base64
import hashlib
import threading
from concurrent.futures import ThreadPoolExecutor
from datetime import UTC, datetime, timedelta

import pytest
import sqlalchemy as sa
from sqlalchemy import event

from tutorial_app.limits.learner_identity import new_transfer_code
from tutorial_app.store import (
    MalformedTokenError,
    TransferCodes,
    TransferProblem,
    TransferRefused,
    is_well_formed_token,
    new_learner_token,
    open_store,
)
from tutorial_app.store.tables import metadata, transfer_codes
from tutorial_app.store.transfers import KEEP_ROWS_FOR, TRANSFER_LIFETIME, code_hash, seal, unseal


def test_tokens_are_random_well_formed_and_at_least_128_bits():
    tokens = {new_learner_token() for _ in range(200)}
    assert len(tokens) == 200
    for token in tokens:
        assert is_well_formed_token(token)
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128


MALFORMED = [
    "",
    "short",
    "x" * 31,
    "x" * 129,
    "a" * 40 + " ",
    "a" * 40 + "'; DROP TABLE answers",
    "ä" * 40,
    None,
    12345678901234567890123456789012,
]


def test_a_malformed_token_is_nobody_and_cannot_write(store_url):
    store = open_store(store_url)
    for token in MALFORMED:
        assert not is_well_formed_token(token)
        assert store.learner(token) is None
        assert store.answers(token).empty and store.lesson_progress(token) == {}
        with pytest.raises(MalformedTokenError, match="is not a learner token"):
            store.record_answer(
                token, lesson="bowers", item_kind="single", generator="g", answer="JD", correct=True
            )
    with store.engine.connect() as connection:
        assert (
            connection.scalar(sa.select(sa.func.count()).select_from(metadata.tables["learners"]))
            == 0
        )


def record_everything(store, token: str, answer: str) -> int:
    run = store.start_quiz_run(token, "bowers", 42, 2)
    store.record_answer(
        token,
        lesson="bowers",
        item_kind="single",
        generator="trick_order",
        answer=answer,
        correct=True,
        quiz_run=run,
    )
    store.record_step(token, "bowers", f"step-{answer}")
    store.record_hand(token, "play", f"game-{answer}", {"by": answer})
    store.save_quiz_position(token, "bowers", 42, {"by": answer})
    return run


def test_one_token_reads_and_changes_only_its_own_rows(store_url):
    store = open_store(store_url)
    token_a, token_b = new_learner_token(), new_learner_token()
    record_everything(store, token_a, "A")
    run_b = record_everything(store, token_b, "B")
    assert store.learner(token_a) != store.learner(token_b)

    assert store.answers(token_a)["answer"].tolist() == ["A"]
    assert store.steps_done(token_a) == {"bowers": {"step-A"}}
    assert [hand.code for hand in store.hands(token_a)] == ["game-A"]
    assert store.load_quiz_position(token_a, "bowers").state == {"by": "A"}
    assert store.quiz_run(token_a, run_b) is None  # B's run, asked for with A's token

    with pytest.raises(ValueError, match="not one of this learner's"):
        store.record_answer(
            token_a,
            lesson="bowers",
            item_kind="single",
            generator="g",
            answer="A sneaks in",
            correct=False,
            quiz_run=run_b,
        )
    store.reset(token_a)
    store.clear_quiz_position(token_a, "bowers")

    assert store.answers(token_a).empty and store.hands(token_a) == []
    assert store.answers(token_b)["answer"].tolist() == ["B"]  # B's rows untouched
    assert store.steps_done(token_b) == {"bowers": {"step-B"}}
    assert store.load_quiz_position(token_b, "bowers").state == {"by": "B"}
    assert store.quiz_run(token_b, run_b).answered == (0,)


def test_a_forged_token_starts_a_fresh_learner(store_url):
    store = open_store(store_url)
    owner = new_learner_token()
    record_everything(store, owner, "owner")
    forged = owner[:-4] + ("AAAA" if not owner.endswith("AAAA") else "BBBB")
    assert is_well_formed_token(forged) and store.learner(forged) is None
    fresh = store.ensure_learner(forged)
    assert fresh != store.learner(owner)
    assert store.answers(forged).empty and store.steps_done(forged) == {}
    assert store.load_quiz_position(forged, "bowers") is None
    assert store.ensure_learner(forged) == fresh  # the same learner from then on


def test_the_database_keeps_the_tokens_hash_never_the_token(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    record_everything(store, token, "A")
    store.set_display_name(token, "Sam")
    with store.engine.connect() as connection:
        stored = [
            row for table in metadata.sorted_tables for row in connection.execute(sa.select(table))
        ]
        hashes = connection.scalars(sa.select(metadata.tables["learners"].c.token_hash)).all()
    assert hashes == [hashlib.sha256(token.encode()).hexdigest()]
    assert not any(token in str(value) for row in stored for value in row)


def test_a_display_name_is_optional_and_checked(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    assert store.display_name(token) is None
    store.set_display_name(token, "  <b>Sam</b>  ")  # kept as typed; pages escape it
    assert store.display_name(token) == "<b>Sam</b>"
    with pytest.raises(ValueError, match="at most 30 letters"):  # the one name rule
        store.set_display_name(token, "x" * 41)
    store.set_display_name(token, "")
    assert store.display_name(token) is None


# ---- progress links: one-time transfer codes ----------------------------------------------

WHEN = datetime(2026, 12, 1, 9, 0, tzinfo=UTC)


def test_a_code_is_exchanged_for_its_token_once(store_url):
    codes = TransferCodes(open_store(store_url))
    token = new_learner_token()
    code = codes.make(token, at=WHEN)
    assert codes.redeem(code, at=WHEN + timedelta(minutes=1)) == token
    with pytest.raises(TransferRefused, match="used already") as error:
        codes.redeem(code, at=WHEN + timedelta(minutes=2))
    assert error.value.reason is TransferProblem.SPENT and code not in error.value.message


def test_two_exchanges_at_once_give_the_token_once(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    code = TransferCodes(store).make(token)
    start = threading.Barrier(4)

    def exchange():
        start.wait()
        try:
            return TransferCodes(store).redeem(code)
        except TransferRefused as error:
            return error.reason

    with ThreadPoolExecutor(4) as pool:
        outcomes = [future.result() for future in [pool.submit(exchange) for _ in range(4)]]
    assert sorted(outcomes, key=str) == sorted([token] + [TransferProblem.SPENT] * 3, key=str)


def test_a_code_expires_after_15_minutes(store_url):
    codes = TransferCodes(open_store(store_url))
    token = new_learner_token()
    late, in_time = codes.make(token, at=WHEN), None
    with pytest.raises(TransferRefused, match="too old: a link works for 15 minutes") as error:
        codes.redeem(late, at=WHEN + TRANSFER_LIFETIME)
    assert error.value.reason is TransferProblem.EXPIRED
    with pytest.raises(TransferRefused, match="used already"):  # and stays unusable
        codes.redeem(late, at=WHEN)
    in_time = codes.make(token, at=WHEN)
    assert codes.redeem(in_time, at=WHEN + TRANSFER_LIFETIME - timedelta(seconds=1)) == token


def test_a_new_code_spends_the_learners_earlier_one(store_url):
    codes = TransferCodes(open_store(store_url))
    token, other = new_learner_token(), new_learner_token()
    first, theirs = codes.make(token, at=WHEN), codes.make(other, at=WHEN)
    second = codes.make(token, at=WHEN)
    with pytest.raises(TransferRefused, match="or a newer one was made"):
        codes.redeem(first, at=WHEN)
    assert codes.redeem(second, at=WHEN) == token
    assert codes.redeem(theirs, at=WHEN) == other  # another learner's code is untouched


def test_an_unknown_code_is_refused(store_url):
    codes = TransferCodes(open_store(store_url))
    codes.make(new_learner_token(), at=WHEN)
    with pytest.raises(TransferRefused, match="not one this app made") as error:
        codes.redeem(new_transfer_code(), at=WHEN)
    assert error.value.reason is TransferProblem.UNKNOWN


@pytest.mark.parametrize(
    "code", ["", "abc", "0123456789AB", "0123456789ai", "x" * 10_000, "' OR 1=1 --", None]
)
def test_a_malformed_code_is_refused_before_the_database_is_read(store_url, code):
    store = open_store(store_url)
    statements = []

    def count(_connection, _cursor, statement, *_):
        statements.append(statement)

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        with pytest.raises(TransferRefused) as error:
            TransferCodes(store).redeem(code, at=WHEN)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert error.value.reason is TransferProblem.MALFORMED
    assert statements == []


def test_the_database_keeps_neither_the_code_nor_the_token(store_url):
    store = open_store(store_url)
    codes = TransferCodes(store)
    token = new_learner_token()
    live, spent = codes.make(new_learner_token(), at=WHEN), codes.make(token, at=WHEN)
    codes.redeem(spent, at=WHEN)
    with store.engine.connect() as connection:
        rows = connection.execute(sa.select(transfer_codes)).mappings().all()
        everything = [
            str(value)
            for table in metadata.sorted_tables
            for row in connection.execute(sa.select(table))
            for value in row
        ]
    assert {row["code_hash"] for row in rows} == {code_hash(live), code_hash(spent)}
    assert not any(secret in value for secret in (live, spent, token) for value in everything)
    assert [row["sealed_token"] is None for row in sorted(rows, key=lambda r: r["id"])] == [
        False,
        True,
    ]  # the spent row holds nothing sealed


def test_rows_go_a_day_after_they_expired(store_url):
    store = open_store(store_url)
    codes = TransferCodes(store)
    for _ in range(3):
        codes.make(new_learner_token(), at=WHEN)
    codes.make(
        new_learner_token(), at=WHEN + TRANSFER_LIFETIME + KEEP_ROWS_FOR + timedelta(seconds=1)
    )
    with store.engine.connect() as connection:
        assert connection.scalar(sa.select(sa.func.count()).select_from(transfer_codes)) == 1


def test_a_sealed_token_needs_its_code():
    token, code = new_learner_token(), new_transfer_code()
    sealed = seal(token, code)
    assert len(sealed) == 48 and token not in sealed
    assert unseal(sealed, code) == token
    assert unseal(sealed, new_transfer_code()) != token


def test_holds_progress_sees_any_kept_row(store_url):
    store = open_store(store_url)
    codes = TransferCodes(store)
    empty, named, answered = new_learner_token(), new_learner_token(), new_learner_token()
    store.ensure_learner(empty)
    store.set_display_name(named, "Sam")
    record_everything(store, answered, "A")
    assert not codes.holds_progress(empty) and not codes.holds_progress(new_learner_token())
    assert codes.holds_progress(named) and codes.holds_progress(answered)
    assert not codes.holds_progress("not a token")
