"""`bench.versus --database-apart`: PostgreSQL on CPUs of its own while the benchmark runs, and
every process as it was afterwards."""
import os

import psycopg
import pytest

from bench.server import database_apart, libpq_url

URL = os.environ.get("TEST_DATABASE_URL")
CPUS = os.sched_getaffinity(0) if hasattr(os, "sched_getaffinity") else set()


def _new_backends_cpus() -> set[int]:
    """The CPUs of the backend that a new connection gets (PostgreSQL forks it then)."""
    with psycopg.connect(libpq_url(URL)) as connection:
        return os.sched_getaffinity(connection.execute("SELECT pg_backend_pid()").fetchone()[0])


@pytest.mark.skipif(not URL, reason="needs a PostgreSQL on this machine: TEST_DATABASE_URL")
@pytest.mark.skipif(len(CPUS) < 2, reason="needs two CPUs or more")
def test_postgresql_runs_apart_from_this_process_in_the_block_and_as_before_after_it():
    before = _new_backends_cpus()
    try:
        with database_apart(URL) as (servers, database):
            assert set(servers) | set(database) == CPUS and not set(servers) & set(database)
            assert len(servers) == len(CPUS) // 2
            assert os.sched_getaffinity(0) == set(servers)  # and so every server this process starts
            assert _new_backends_cpus() == set(database)
    except SystemExit as refused:  # PostgreSQL elsewhere, or its processes not ours to move
        pytest.skip(str(refused))
    assert os.sched_getaffinity(0) == CPUS
    assert _new_backends_cpus() == before
