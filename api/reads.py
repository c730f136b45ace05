"""Statements compiled once: the reads every poll, view and move runs, on the database driver's
cursor, and a move's writes, as the driver's SQL.

SQLAlchemy compiles each statement once per dialect and converts its parameters and columns as it
always does (its own bind and result processors: JSON, SQLite's dates and booleans), but its
execution machinery, which costs most of a small read, is skipped: a match's row and seats took
51 µs this way against 169 µs through `Connection.execute`, measured in process on SQLite.

Two cases of a read go through SQLAlchemy instead, so that nothing changes for them:
- when anything listens to the engine's statements (the tests' statement counts, a tracer such as
  Sentry's), so that it hears every read;
- when the driver raises: the read runs again through SQLAlchemy, which raises the error as it
  does everywhere else (a lost connection then invalidates the pool and the request answers 503).

A write cannot run twice, so a `Prepared` write goes through `Connection.exec_driver_sql`: its
events, its errors and its transaction are SQLAlchemy's, as for any statement, and only the
compiled statement's lookup and its parameters' processing are skipped (a move's two writes: 2,750
bytecodes through `Connection.execute`, 1,876 so, bench/opcodes.py).
"""
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
        cursor = _cursor(conn)
        try:
            cursor.execute(compiled.sql, compiled.driver_params(params))
            found = cursor.fetchall()
        except conn.dialect.loaded_dbapi.Error:
            conn.connection.info.pop(_CURSOR, None)
            cursor.close()
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


_CURSOR = "reads_cursor"  # in a connection's info


def _cursor(conn: Connection):
    """The driver's cursor the reads share on `conn`'s driver connection: made once, not for every
    read (psycopg makes and closes one in about 270 bytecodes of Python)."""
    pooled = conn.connection
    info, driver = pooled.info, pooled.dbapi_connection
    cursor = info.get(_CURSOR)
    if cursor is None or cursor.connection is not driver:
        cursor = info[_CURSOR] = driver.cursor()  # type: ignore[union-attr]  # a live connection has one
    return cursor


class Prepared(_CompiledOnce):
    """A write whose parameters are all bound by name, sent as the driver's SQL with
    `Connection.exec_driver_sql`: SQLAlchemy's events, its handling of the driver's errors and its
    transaction are those of any statement; what is skipped is the lookup of the compiled statement
    and the processing of its parameters in an execution context, each time."""

    def run(self, conn: Connection, params: dict | list[dict]) -> int:
        """Run with `params` (a list: once per item, as executemany) on `conn`; the rows it changed."""
        compiled = self.compiled(conn.dialect)
        sent = [compiled.driver_params(item) for item in params] if isinstance(params, list) \
            else compiled.driver_params(params)
        return conn.exec_driver_sql(compiled.sql, sent).rowcount
