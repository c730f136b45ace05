"""The reads every poll, view and move runs, on the database driver's cursor.

SQLAlchemy compiles each statement once per dialect and converts its parameters and columns as it
always does (its own bind and result processors: JSON, SQLite's dates and booleans), but its
execution machinery, which costs most of a small read, is skipped: a match's row and seats took
51 µs this way against 169 µs through `Connection.execute`, measured in process on SQLite.

Two cases go through SQLAlchemy instead, so that nothing changes for them:
- when anything listens to the engine's statements (the tests' statement counts, a tracer such as
  Sentry's), so that it hears every read;
- when the driver raises: the read runs again through SQLAlchemy, which raises the error as it
  does everywhere else (a lost connection then invalidates the pool and the request answers 503).
"""
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy import Connection, Dialect
from sqlalchemy.sql import Select
from sqlalchemy.sql.compiler import SQLCompiler

from . import connection


@dataclass(frozen=True)
class _Compiled:
    compiler: SQLCompiler  # the SQL; its parameters' values: the request's, and the statement's own
    names: tuple[str, ...] | None  # the parameters' order when the driver takes them by position
    binds: Mapping[str, Callable[[Any], Any]]  # parameter name: SQLAlchemy's conversion for the driver
    columns: tuple[tuple[int, Callable[[Any], Any]], ...]  # column index: its conversion from the driver
    after_first: tuple[tuple[int, Callable[[Any], Any]], ...]  # those of `columns` past the repeated ones


class Read:
    """A SELECT whose rows come back as sequences of their columns (or each as `shape(*columns)`),
    converted as SQLAlchemy would. The first `repeated` columns hold the same values in every row
    (a match's, joined to each of its seats): they are converted in the first row only, and left
    as the driver gave them in the others."""

    def __init__(self, statement: Select, shape: Callable[..., Any] | None = None, repeated: int = 0):
        self.statement, self.shape, self.repeated = statement, shape, repeated
        self._compiled: dict[str, _Compiled] = {}

    def rows(self, params: dict) -> Sequence[Any]:
        conn = connection.get()
        if conn.dispatch.before_cursor_execute:
            return self._through_sqlalchemy(conn, params)
        compiled = self._compiled.get(conn.dialect.name) or self._compile(conn.dialect)
        values = {name: compiled.binds[name](value) if name in compiled.binds else value
                  for name, value in compiled.compiler.construct_params(params).items()}
        sent = values if compiled.names is None else [values[name] for name in compiled.names]
        cursor = conn.connection.cursor()
        try:
            cursor.execute(compiled.compiler.string, sent)
            found = cursor.fetchall()
        except conn.dialect.loaded_dbapi.Error:
            return self._through_sqlalchemy(conn, params)
        finally:
            cursor.close()
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

    def _compile(self, dialect: Dialect) -> _Compiled:
        compiled = self.statement.compile(dialect=dialect)
        binds = {name: convert for name, bind in compiled.binds.items()
                 if (convert := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None}
        columns = tuple((index, convert) for index, column in enumerate(self.statement.selected_columns)
                        if (convert := column.type.dialect_impl(dialect).result_processor(dialect, None)) is not None)
        names = tuple(compiled.positiontup or ()) if compiled.positional else None
        made = _Compiled(compiled, names, binds, columns, tuple(item for item in columns if item[0] >= self.repeated))
        self._compiled[dialect.name] = made
        return made
