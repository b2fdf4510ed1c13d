// Relationships between exposed relations (PostgREST SchemaCache.hs: M2O/O2M/O2O from foreign keys,
// M2M through junction tables, computed relationships from functions).

import type { ComputedRow } from "./functions.ts";
import { qualifiedKey, type ForeignKey, type QualifiedName, type Relationship, type Table } from "./types.ts";

/** Primary-key and unique column sets per relation oid. */
export type KeySets = Map<string, string[][]>;

const sameSet = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x) => b.includes(x));
const same = (a: QualifiedName, b: QualifiedName) => a.schema === b.schema && a.name === b.name;

export function buildRelationships(
  keys: readonly ForeignKey[],
  computed: readonly ComputedRow[],
  tables: ReadonlyMap<string, Table>,
  keySets: KeySets,
  oidOf: ReadonlyMap<string, string>,
): Map<string, Relationship[]> {
  const out = new Map<string, Relationship[]>();
  const add = (rel: Relationship) => {
    const key = qualifiedKey(rel.origin);
    out.set(key, [...(out.get(key) ?? []), rel]);
  };
  const isUnique = (table: QualifiedName, columns: readonly string[]) =>
    (keySets.get(oidOf.get(qualifiedKey(table)) ?? "") ?? []).some((set) => sameSet(set, columns));

  for (const fk of keys) {
    const pairs = fk.columns.map((c, i) => [c, fk.foreignColumns[i] ?? ""] as const);
    const oneToOne = isUnique(fk.table, fk.columns);
    const isSelf = same(fk.table, fk.foreignTable);
    add({
      kind: "fk",
      cardinality: oneToOne ? "one-to-one" : "many-to-one",
      origin: fk.table,
      target: fk.foreignTable,
      constraint: fk.constraint,
      columns: pairs,
      isSelf,
    });
    add({
      kind: "fk",
      cardinality: oneToOne ? "one-to-one" : "one-to-many",
      origin: fk.foreignTable,
      target: fk.table,
      constraint: fk.constraint,
      columns: pairs.map(([a, b]) => [b, a] as const),
      isSelf,
    });
  }

  // Junctions: two different FKs from one table whose columns all belong to its primary key.
  const byJunction = new Map<string, ForeignKey[]>();
  for (const fk of keys)
    byJunction.set(qualifiedKey(fk.table), [...(byJunction.get(qualifiedKey(fk.table)) ?? []), fk]);
  for (const [key, fks] of byJunction) {
    const junction = [...tables.values()].find((t) => qualifiedKey(t) === key);
    if (!junction || junction.primaryKey.length === 0) continue;
    const inPk = fks.filter((fk) => fk.columns.every((c) => junction.primaryKey.includes(c)));
    for (const a of inPk) {
      for (const b of inPk) {
        if (a.constraint === b.constraint) continue;
        add({
          kind: "m2m",
          cardinality: "many-to-many",
          origin: a.foreignTable,
          target: b.foreignTable,
          junction: { table: junction, sourceKey: a, targetKey: b },
          isSelf: same(a.foreignTable, b.foreignTable),
        });
      }
    }
  }

  for (const row of computed) {
    const origin = tables.get(row.origin);
    const target = tables.get(row.target);
    if (!origin || !target) continue;
    add({
      kind: "computed",
      cardinality: row.to_many ? "one-to-many" : "many-to-one",
      origin: { schema: origin.schema, name: origin.name },
      target: { schema: target.schema, name: target.name },
      function: { schema: row.schema, name: row.name },
      isSelf: same(origin, target),
    });
  }
  return out;
}
