"""The documented shuffle: pinned outputs, so that neither Python nor a re-implementation drifts."""
import hashlib
from collections import Counter

from engine.shuffle import Stream, pick, shuffled


def test_the_stream_reads_sha256_blocks_as_big_endian_words():
    first_block = hashlib.sha256(b"seed:label:0").digest()
    n = 2**61  # a power of two never rejects, so below() is exactly x mod n
    assert Stream("seed", "label").below(n) == int.from_bytes(first_block[:8], "big") % n


def test_known_shuffles_never_change():
    assert shuffled(range(10), "abc", "deal:1") == [2, 0, 7, 5, 3, 9, 6, 4, 8, 1]
    assert pick(1000, "abc", "dealer") == 944


def test_a_shuffle_is_a_permutation_that_depends_on_seed_and_label():
    items = list(range(52))
    assert sorted(shuffled(items, "s", "deal:1")) == items
    assert shuffled(items, "s", "deal:1") != shuffled(items, "s", "deal:2") != shuffled(items, "t", "deal:1")


def test_below_is_roughly_uniform():
    stream = Stream("uniform", "check")
    counts = Counter(stream.below(6) for _ in range(6000))
    assert set(counts) == set(range(6)) and all(900 < n < 1100 for n in counts.values())
