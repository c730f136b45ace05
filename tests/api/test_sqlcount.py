"""The SQL counter that the statement budget and bench/ rely on (bench/sqlcount.py) sees what a request runs."""
from bench.sqlcount import per_request_kind, statements


def test_every_request_kind_is_recorded_with_the_statements_it_ran(client):
    kinds = per_request_kind(client)
    assert {kind: seen.response.status_code for kind, seen in kinds.items()} == {
        "create": 201, "join": 201, "move": 200, "view 200": 200, "view 304": 304, "log 304": 304}
    assert all(seen.statements for seen in kinds.values())
    move = kinds["move"].statements
    assert move.count("COMMIT") == 1 and any(sql.startswith("INSERT") for sql in move), move
    assert not any(sql == "COMMIT" or sql.startswith(("INSERT", "UPDATE")) for sql in kinds["view 304"].statements)


def test_a_request_that_reads_no_table_runs_no_statement(client):
    assert statements(client, "GET", "/api/v1/rules/addup") == []
