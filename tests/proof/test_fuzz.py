"""Fuzzing through the service (bench/fuzz.py): random and mutated command lines at
random points of self-played games of every registered game. Every answer is a sentence,
never INTERNAL; a refused line leaves the stored game exactly as it was. A few hundred
lines here; `strategos bench --fuzz 100000` sends many more."""
import random
import uuid

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from bench.fuzz import ATOMS, Fuzzer, mutate, verbs_of_everything
from bot.service import Service
from bot.store import Store

VERBS = verbs_of_everything()
ANY_CHAR = st.characters(min_codepoint=0, max_codepoint=0x10FFFF, blacklist_categories=())   # surrogates too

lines = st.one_of(
    st.text(ANY_CHAR, max_size=80),
    st.sampled_from(ATOMS),
    st.builds(lambda slash, verb, args: f"{slash}{verb} {' '.join(args)}".rstrip(),
              st.sampled_from(["/", "", " /"]), st.sampled_from(VERBS),
              st.lists(st.one_of(st.sampled_from(ATOMS), st.text(ANY_CHAR, max_size=12),
                                 st.integers(-2 ** 70, 2 ** 70).map(str)), max_size=5)),
    st.builds(lambda a, b: a + b, st.sampled_from(ATOMS), st.sampled_from(ATOMS)),
)


@pytest.fixture(scope="module")
def fuzzer(redis_client):
    service = Service(Store(redis_client, prefix=f"fuzz-{uuid.uuid4().hex[:8]}"), remind_after=0)
    return Fuzzer(service, seed=1, depths=(0, 9, 60))


@settings(max_examples=250, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), line=lines, who=st.integers(0, 6), private=st.booleans())
def test_any_line_gets_a_sentence_and_a_refusal_changes_nothing(fuzzer, data, line, who, private):
    pos = data.draw(st.sampled_from(fuzzer.positions))
    problem = fuzzer.send(pos, line, who, private)
    assert problem is None


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data(), seed=st.integers(0, 2 ** 32), who=st.integers(0, 6))
def test_legal_lines_made_a_little_wrong(fuzzer, data, seed, who):
    pos = data.draw(st.sampled_from(fuzzer.positions))
    legal = fuzzer.legal(pos)
    if not legal:
        return
    rnd = random.Random(seed)
    line = "/" + mutate(rnd.choice(legal), rnd)
    assert fuzzer.send(pos, line, who, rnd.random() < 0.2) is None


def test_the_fuzzer_catches_a_change_behind_a_refusal(fuzzer, monkeypatch):
    """The check itself: a service that writes and then says no must be caught."""
    pos = fuzzer.positions[0]
    service = fuzzer.service
    real = service.handle

    def sneaky(cmd):
        rec = service.store.load("selfplay", pos.channel)
        service.store.commit("selfplay", pos.channel, rec.expected, meta=rec.meta)
        reply = real(cmd)
        reply.ok, reply.error, reply.code = False, "No.", "NOPE"
        return reply

    monkeypatch.setattr(service, "handle", sneaky)
    assert "changed" in fuzzer.send(pos, "/status", 0, False)
