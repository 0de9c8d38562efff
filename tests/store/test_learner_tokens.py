"""Who the learner is: a random token, kept only as a hash; one token reaches only its
own learner's rows; a malformed or forged token reaches nobody's."""

import base64
import hashlib

import pytest
import sqlalchemy as sa

from tutorial_app.store import (MalformedTokenError, is_well_formed_token, new_learner_token,
                                open_store)
from tutorial_app.store.tables import metadata


def test_tokens_are_random_well_formed_and_at_least_128_bits():
    tokens = {new_learner_token() for _ in range(200)}
    assert len(tokens) == 200
    for token in tokens:
        assert is_well_formed_token(token)
        assert len(base64.urlsafe_b64decode(token + "=" * (-len(token) % 4))) * 8 >= 128


MALFORMED = ["", "short", "x" * 31, "x" * 129, "a" * 40 + " ", "a" * 40 + "'; DROP TABLE answers",
             "ä" * 40, None, 12345678901234567890123456789012]


def test_a_malformed_token_is_nobody_and_cannot_write(store_url):
    store = open_store(store_url)
    for token in MALFORMED:
        assert not is_well_formed_token(token)
        assert store.learner(token) is None
        assert store.answers(token).empty and store.lesson_progress(token) == {}
        with pytest.raises(MalformedTokenError, match="is not a learner token"):
            store.record_answer(token, lesson="bowers", item_kind="single", generator="g",
                                answer="JD", correct=True)
    with store.engine.connect() as connection:
        assert connection.scalar(sa.select(sa.func.count()).select_from(
            metadata.tables["learners"])) == 0


def record_everything(store, token: str, answer: str) -> int:
    run = store.start_quiz_run(token, "bowers", 42, 2)
    store.record_answer(token, lesson="bowers", item_kind="single", generator="trick_order",
                        answer=answer, correct=True, quiz_run=run)
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
    assert store.quiz_run(token_a, run_b) is None           # B's run, asked for with A's token

    with pytest.raises(ValueError, match="not one of this learner's"):
        store.record_answer(token_a, lesson="bowers", item_kind="single", generator="g",
                            answer="A sneaks in", correct=False, quiz_run=run_b)
    store.reset(token_a)
    store.clear_quiz_position(token_a, "bowers")

    assert store.answers(token_a).empty and store.hands(token_a) == []
    assert store.answers(token_b)["answer"].tolist() == ["B"]      # B's rows untouched
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
    assert store.ensure_learner(forged) == fresh     # the same learner from then on


def test_the_database_keeps_the_tokens_hash_never_the_token(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    record_everything(store, token, "A")
    store.set_display_name(token, "Sam")
    with store.engine.connect() as connection:
        stored = [row for table in metadata.sorted_tables
                  for row in connection.execute(sa.select(table))]
        hashes = connection.scalars(sa.select(metadata.tables["learners"].c.token_hash)).all()
    assert hashes == [hashlib.sha256(token.encode()).hexdigest()]
    assert not any(token in str(value) for row in stored for value in row)


def test_a_display_name_is_optional_and_checked(store_url):
    store = open_store(store_url)
    token = new_learner_token()
    assert store.display_name(token) is None
    store.set_display_name(token, "  <b>Sam</b>  ")   # kept as typed; pages escape it
    assert store.display_name(token) == "<b>Sam</b>"
    with pytest.raises(ValueError, match="at most 30 letters"):   # the one name rule
        store.set_display_name(token, "x" * 41)
    store.set_display_name(token, "")
    assert store.display_name(token) is None
