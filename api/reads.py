"""Statements compiled once: the reads every poll, view and move runs, on the database driver's
cursor (on PostgreSQL, through libpq itself), and a move's writes, as the driver's SQL.

SQLAlchemy compiles each statement once per dialect and converts its parameters and columns as it
always does (its own bind and result processors: JSON, SQLite's dates and booleans), but its
execution machinery, which costs most of a small read, is skipped: a match's row and seats took
51 µs this way against 169 µs through `Connection.execute`, measured in process on SQLite.
On PostgreSQL psycopg's cursor itself runs about 700 bytecodes of Python around each read; the
reads skip it too (`_LibpqStatements`).

Two cases of a read go through SQLAlchemy instead, so that nothing changes for them:
- when anything listens to the engine's statements (the tests' statement counts, a tracer such as
  Sentry's), so that it hears every read;
- when the driver raises: the read runs again through SQLAlchemy, which raises the error as it
  does everywhere else (a lost connection then invalidates the pool and the request answers 503).

A `Prepared` write with one set of parameters runs on the driver's cursor too (on PostgreSQL,
through libpq), where SQLAlchemy would spend about 650 bytecodes on it: on SQLite inside the
transaction SQLAlchemy has begun (`connection.for_writes`), whose COMMIT is then SQLAlchemy's; on
PostgreSQL only in autocommit, where it commits alone. Otherwise (several sets of parameters, a
transaction on PostgreSQL, a listener) it goes through `Connection.exec_driver_sql`. When the
driver raises, the write runs again through SQLAlchemy, which raises as for any statement: the
statement that failed changed nothing (both databases undo a failed statement whole, and on
SQLite its transaction goes on, where PostgreSQL's would refuse every statement after it).
"""
import itertools
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from operator import itemgetter
from typing import Any

from sqlalchemy import Connection, Dialect
from sqlalchemy.sql import Executable, Select

from . import connection


ASKED = object()  # a parameter whose value the caller gives


@dataclass(frozen=True)
class _Compiled:
    sql: str
    names: tuple[str, ...]  # the parameters, in the driver's order when it takes them by position
    named: bool  # the driver takes them by name
    values: Callable[[dict], list]  # the parameters' values in order, from the caller's (`_values_of`)
    conversions: tuple[tuple[int, Callable[[Any], Any]], ...]  # parameter index: SQLAlchemy's conversion for the driver
    columns: tuple[tuple[int, Callable[[Any], Any]], ...]  # column index: its conversion from the driver
    after_first: tuple[tuple[int, Callable[[Any], Any]], ...]  # those of `columns` past the repeated ones

    def driver_params(self, params: dict) -> dict | tuple:
        """The values for the driver: `params` and the statement's own, converted, in its style.
        (SQLCompiler.construct_params, without its cases these statements do not have.)"""
        values = self.values(params)
        for index, convert in self.conversions:
            values[index] = convert(values[index])
        return dict(zip(self.names, values)) if self.named else tuple(values)


def _values_of(sources: tuple[tuple[str, Any], ...]) -> Callable[[dict], list]:
    """How a statement lists its parameters' values, from `sources` (per parameter: its name, and the
    statement's own value or ASKED): when the caller gives them all, in one call in C (itemgetter)."""
    if not sources or any(own is not ASKED for _, own in sources):
        return lambda params: [params[name] if own is ASKED else own for name, own in sources]
    pick = itemgetter(*(name for name, _ in sources))
    return (lambda params: [pick(params)]) if len(sources) == 1 else (lambda params: list(pick(params)))


class _CompiledOnce:
    """A statement, compiled once per dialect with SQLAlchemy's conversions of its parameters and
    columns. Its parameters are plain: none expanding (`IN` lists), rendered into the SQL or
    computed at each run."""

    def __init__(self, statement: Executable, repeated: int = 0):
        self.statement, self.repeated = statement, repeated
        self._compiled: dict[str, _Compiled] = {}

    def compiled(self, dialect: Dialect) -> _Compiled:
        return self._compiled.get(dialect.name) or self._compile(dialect)

    def _compile(self, dialect: Dialect) -> _Compiled:
        compiled = self.statement.compile(dialect=dialect)  # type: ignore[attr-defined]  # every statement compiles
        binds = {name: bind for bind, name in compiled.bind_names.items()}
        if any(bind.expanding or bind.literal_execute or bind.callable for bind in binds.values()):
            raise ValueError("a parameter expanding, rendered or computed at each run: run this statement "
                             "through SQLAlchemy")
        names = tuple(compiled.positiontup if compiled.positional else binds)
        sources = tuple((name, ASKED if binds[name].required else binds[name].effective_value) for name in names)
        conversions = tuple((index, convert) for index, name in enumerate(names)
                            if (convert := binds[name].type.dialect_impl(dialect).bind_processor(dialect)) is not None)
        selected = self.statement.selected_columns if isinstance(self.statement, Select) else ()
        columns = tuple((index, convert) for index, column in enumerate(selected)
                        if (convert := column.type.dialect_impl(dialect).result_processor(dialect, None)) is not None)
        made = _Compiled(compiled.string, names, not compiled.positional, _values_of(sources), conversions, columns,
                         tuple(item for item in columns if item[0] >= self.repeated))
        self._compiled[dialect.name] = made
        return made


class Read(_CompiledOnce):
    """A SELECT whose rows come back as sequences of their columns (or each as `shape(*columns)`),
    converted as SQLAlchemy would. The first `repeated` columns hold the same values in every row
    (a match's, joined to each of its seats): they are converted in the first row only, and left
    as the driver gave them in the others."""

    def __init__(self, statement: Select, shape: Callable[..., Any] | None = None, repeated: int = 0):
        super().__init__(statement, repeated)
        self.shape = shape

    def rows(self, params: dict) -> Sequence[Any]:
        conn = connection.get()
        if conn.dispatch.before_cursor_execute:
            return self._through_sqlalchemy(conn, params)
        compiled = self.compiled(conn.dialect)
        driver = _on_driver(conn)
        try:
            found = driver.rows(compiled, params)
        except conn.dialect.loaded_dbapi.Error:
            _forget(conn, driver)
            return self._through_sqlalchemy(conn, params)
        if compiled.columns:
            found = [self._converted(row, compiled.after_first if n else compiled.columns) for n, row in enumerate(found)]
        return self._shaped(found)

    @staticmethod
    def _converted(row: Sequence[Any], columns: tuple[tuple[int, Callable[[Any], Any]], ...]) -> list:
        row = list(row)
        for index, convert in columns:
            row[index] = convert(row[index])
        return row

    def _through_sqlalchemy(self, conn: Connection, params: dict) -> Sequence[Any]:
        return self._shaped(conn.execute(self.statement, params).all())

    def _shaped(self, rows: Sequence[Sequence[Any]]) -> Sequence[Any]:
        return rows if self.shape is None else [self.shape(*row) for row in rows]


_ON_DRIVER = "statements_on_driver"  # in a connection's info


def _on_driver(conn: Connection) -> "_CursorStatements":
    """What runs the reads and writes on `conn`'s driver connection: made once per driver
    connection, not for every statement."""
    pooled = conn.connection
    info, driver = pooled.info, pooled.dbapi_connection
    found = info.get(_ON_DRIVER)
    if found is None or found.driver is not driver:
        libpq = conn.dialect.driver == "psycopg" and conn.dialect.paramstyle == "pyformat"
        found = info[_ON_DRIVER] = (_LibpqStatements if libpq else _CursorStatements)(driver)
    return found


def _forget(conn: Connection, driver: "_CursorStatements") -> None:
    """After the driver raised: the statements on `conn`'s driver connection start afresh."""
    conn.connection.info.pop(_ON_DRIVER, None)
    driver.close()


class _CursorStatements:
    """Statements on one cursor of the driver's connection, kept: psycopg makes and closes one in
    about 270 bytecodes of Python."""

    def __init__(self, driver):
        self.driver, self._cursor = driver, driver.cursor()

    def rows(self, compiled: _Compiled, params: dict) -> list:
        self._cursor.execute(compiled.sql, compiled.driver_params(params))
        return self._cursor.fetchall()

    def write(self, compiled: _Compiled, params: dict) -> int:
        """Run a write; the rows it changed."""
        self._cursor.execute(compiled.sql, compiled.driver_params(params))
        return self._cursor.rowcount

    def close(self) -> None:
        self._cursor.close()


_PYFORMAT = re.compile(r"%\((\w+)\)s|%%")  # SQLAlchemy's placeholders for psycopg, and its escaped %


def numbered(sql: str) -> tuple[str, list[str]]:
    """`sql` with SQLAlchemy's named placeholders for psycopg (`%(name)s`, and `%%` for a %) as
    libpq's numbered ones ($1, $2, ...), and the names in their numbers' order."""
    names: list[str] = []

    def number(found: re.Match) -> str:
        if found[1] is None:
            return "%"
        if found[1] not in names:
            names.append(found[1])
        return f"${names.index(found[1]) + 1}"

    return _PYFORMAT.sub(number, sql), names


class _LibpqStatements(_CursorStatements):
    """Statements on psycopg's connection through its libpq calls (`psycopg.pq`), each prepared once
    per connection: psycopg's cursor runs about 700 bytecodes of Python around each read, this a
    third of that. The values go out and the rows come back as text, converted by psycopg's own
    adapters of the connection (its `Transformer`, in C): the same Python values as the cursor's.
    libpq lets other threads run while it waits for the server, as psycopg's cursor does.

    Only in autocommit, where a statement is one of its own: otherwise psycopg's cursor would open
    a transaction first (BEGIN), and a read goes through it (a write then goes through SQLAlchemy,
    `_writes_on_driver`)."""

    _numbers = itertools.count()  # names of prepared statements, never reused in a process

    def __init__(self, driver):
        super().__init__(driver)
        from psycopg import pq  # noqa: PLC0415  (only on PostgreSQL)
        from psycopg.adapt import PyFormat, Transformer  # noqa: PLC0415

        self._pgconn, self._adapting, self._text = driver.pgconn, Transformer.from_context(driver), PyFormat.TEXT
        self._ok, self._rows, self._error = pq.ExecStatus.COMMAND_OK, pq.ExecStatus.TUPLES_OK, driver.Error
        self._prepared: dict[str, tuple[bytes, Callable[[Any], Sequence], list]] = {}

    def rows(self, compiled: _Compiled, params: dict) -> list:
        if not self.driver.autocommit:
            return super().rows(compiled, params)
        result = self._run(compiled, params, self._rows)
        self._adapting.set_pgresult(result)
        return self._adapting.load_rows(0, result.ntuples, tuple)

    def write(self, compiled: _Compiled, params: dict) -> int:
        """Run a write in autocommit (Prepared.run asks only then); the rows it changed, or returned."""
        result = self._run(compiled, params, self._ok, self._rows)
        return result.ntuples if result.status == self._rows else int(result.command_tuples or 0)

    def _run(self, compiled: _Compiled, params: dict, *expected):
        name, ordered, formats = self._prepared.get(compiled.sql) or self._prepare(compiled.sql)
        result = self._pgconn.exec_prepared(
            name, self._adapting.dump_sequence(ordered(compiled.driver_params(params)), formats))
        if result.status not in expected:
            raise self._error(result.get_error_message())
        return result

    def _prepare(self, sql: str) -> tuple[bytes, Callable[[Any], Sequence], list]:
        """Prepare `sql` on the connection; its name, how its values are listed in their order, and
        their formats."""
        numbered_sql, names = numbered(sql)
        name = f"addgames_{next(self._numbers)}".encode()
        result = self._pgconn.prepare(name, numbered_sql.encode(self._adapting.encoding))
        if result.status != self._ok:
            raise self._error(result.get_error_message())
        ordered = itemgetter(*names) if len(names) > 1 else lambda params: [params[name] for name in names]
        prepared = self._prepared[sql] = name, ordered, [self._text] * len(names)
        return prepared


class Prepared(_CompiledOnce):
    """A write whose parameters are all bound by name: on the driver's cursor when it may run there
    (see above), else sent as the driver's SQL with `Connection.exec_driver_sql`, which skips only
    the lookup of the compiled statement and the processing of its parameters."""

    def run(self, conn: Connection, params: dict | list[dict]) -> int:
        """Run with `params` (a list: once per item, as executemany) on `conn`; the rows it changed."""
        compiled = self.compiled(conn.dialect)
        single = params[0] if isinstance(params, list) and len(params) == 1 else params
        if isinstance(single, dict) and not conn.dispatch.before_cursor_execute \
                and (driver := _writes_on_driver(conn)) is not None:
            try:
                return driver.write(compiled, single)
            except conn.dialect.loaded_dbapi.Error:
                _forget(conn, driver)
        sent = [compiled.driver_params(item) for item in params] if isinstance(params, list) \
            else compiled.driver_params(params)
        return conn.exec_driver_sql(compiled.sql, sent).rowcount


def _writes_on_driver(conn: Connection) -> "_CursorStatements | None":
    """What runs a write on the driver's connection, when one may run there: on SQLite inside
    SQLAlchemy's transaction (its COMMIT commits the driver's), on PostgreSQL in autocommit
    (through libpq)."""
    if conn.dialect.name == "sqlite":
        return _on_driver(conn) if conn.in_transaction() else None
    if not connection.reads_autocommit(conn):
        return None
    driver = _on_driver(conn)
    return driver if isinstance(driver, _LibpqStatements) else None
