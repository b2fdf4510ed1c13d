// How the rows of one statement are built from PostgreSQL's DataRow messages: the column names and
// each column's type parser (pg's, so a `bool` is a boolean and an `int8` stays a string, exactly
// as `client.query` gives them), read once from the statement's RowDescription. A named statement's
// row description cannot change while the server holds it parsed (a changed result type is
// PostgreSQL's error `0A000` "cached plan must not change result type", after which the exchange
// parses the statement again), so a connection keeps the shape of every name it holds and asks
// for no description of those again.

import pg from "pg";

/** A column as the RowDescription message described it (pg's `FieldDef`). */
export type ColumnDescription = pg.FieldDef;

type ParseValue = (text: string) => unknown;

/** The rows of one described statement: names, parsers, and the fields pg's results carry. */
export interface RowShape {
  readonly fields: readonly ColumnDescription[];
  /** One row object (a plain object, keys in column order, a later column of the same name wins). */
  row(values: readonly (string | null)[]): Record<string, unknown>;
}

/** What pg answers for a type it leaves as text (oid 0 has no parser of its own). */
const NO_PARSE = pg.types.getTypeParser(0 as Parameters<typeof pg.types.getTypeParser>[0], "text");

/** The shape of rows described by `fields`, text format (the exchange never asks for binary). */
export function rowShape(fields: readonly ColumnDescription[]): RowShape {
  const names = fields.map((field) => field.name);
  const parsers: (ParseValue | undefined)[] = fields.map((field) => {
    const parse = pg.types.getTypeParser(field.dataTypeID, "text") as ParseValue;
    // Text columns (the REST statement's body, its counts as int8) need no call at all.
    return parse === NO_PARSE ? undefined : parse;
  });
  return {
    fields,
    row(values) {
      const row: Record<string, unknown> = {};
      for (let index = 0; index < names.length; index++) {
        const value = values[index] ?? null;
        const parse = parsers[index];
        row[names[index] as string] = value === null || parse === undefined ? value : parse(value);
      }
      return row;
    },
  };
}

/** A statement that describes no rows (an INSERT without RETURNING, a SET). */
export const NO_ROWS: RowShape = rowShape([]);

/** Row shapes of the named statements each connection's server holds parsed. */
const shapesByConnection = new WeakMap<pg.Connection, Map<string, RowShape>>();

/**
 * The row shapes of `connection`'s confirmed named statements: a name present here is parsed on
 * the server and described, so an exchange sends only Bind and Execute for it.
 */
export function namedShapesOf(connection: pg.Connection): Map<string, RowShape> {
  let shapes = shapesByConnection.get(connection);
  if (shapes === undefined) {
    shapes = new Map();
    shapesByConnection.set(connection, shapes);
  }
  return shapes;
}
