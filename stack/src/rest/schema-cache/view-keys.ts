// Keys through views: a view exposes a base table's primary key and foreign keys when it selects
// all of their columns (PostgREST SchemaCache.hs `addViewPrimaryKeys`, `addViewM2OAndO2ORels`).

import { viewColumnSources } from "./view-columns.ts";
import type { ForeignKey, QualifiedName, Table } from "./types.ts";

type NameOf = (relation: string, num: number) => string;
interface FkColumns {
  constraint: string;
  columns: readonly string[];
  foreignColumns: readonly string[];
}

/** For each view: base relation oid → (base column name → view column names). */
type Sources = Map<string, Map<string, Map<string, string[]>>>;

export function traceViews(views: readonly { oid: string; definition: string }[], nameOf: NameOf) {
  const direct = new Map<string, { table: string; column: string; viewColumn: string }[]>();
  for (const view of views) {
    direct.set(
      view.oid,
      viewColumnSources(view.definition).map((e) => ({
        table: String(e.table),
        column: nameOf(String(e.table), e.column),
        viewColumn: nameOf(view.oid, e.resno),
      })),
    );
  }
  // Follow chains of views down to base tables.
  const sources: Sources = new Map();
  for (const view of views) {
    const byBase = new Map<string, Map<string, string[]>>();
    const add = (table: string, column: string, viewColumn: string) => {
      const cols = byBase.get(table) ?? new Map<string, string[]>();
      cols.set(column, [...(cols.get(column) ?? []), viewColumn]);
      byBase.set(table, cols);
    };
    for (const entry of direct.get(view.oid) ?? []) {
      let current = { table: entry.table, column: entry.column };
      add(current.table, current.column, entry.viewColumn);
      for (let depth = 0; depth < 16; depth += 1) {
        const next = direct.get(current.table)?.find((e) => e.viewColumn === current.column);
        if (!next) break;
        current = { table: next.table, column: next.column };
        add(current.table, current.column, entry.viewColumn);
      }
    }
    sources.set(view.oid, byBase);
  }
  const mapColumns = (view: string, base: string, columns: readonly string[]): string[] | undefined => {
    const cols = sources.get(view)?.get(base);
    if (!cols) return undefined;
    const mapped = columns.map((c) => cols.get(c)?.[0]);
    return mapped.every((c): c is string => c !== undefined) ? mapped : undefined;
  };
  const viewsOf = (base: string) => [...sources].filter(([, byBase]) => byBase.has(base)).map(([oid]) => oid);

  return {
    addForeignKey(
      relation: string,
      foreign: string,
      fk: FkColumns,
      out: ForeignKey[],
      tables: ReadonlyMap<string, Table>,
    ) {
      const sides = (oid: string, cols: readonly string[]) => {
        const list: { table: QualifiedName; columns: readonly string[] }[] = [];
        const base = tables.get(oid);
        if (base) list.push({ table: base, columns: cols });
        for (const view of viewsOf(oid)) {
          const table = tables.get(view);
          const mapped = mapColumns(view, oid, cols);
          if (table && mapped) list.push({ table, columns: mapped });
        }
        return list;
      };
      const origins = sides(relation, fk.columns);
      const targets = sides(foreign, fk.foreignColumns);
      for (const origin of origins) {
        for (const target of targets) {
          if (tables.get(relation) === origin.table && tables.get(foreign) === target.table) continue;
          out.push({
            constraint: fk.constraint,
            table: origin.table,
            columns: origin.columns,
            foreignTable: target.table,
            foreignColumns: target.columns,
          });
        }
      }
    },
    primaryKey(view: string, keySets: ReadonlyMap<string, readonly (readonly string[])[]>): string[] | undefined {
      for (const [base] of sources.get(view) ?? []) {
        const pk = keySets.get(base)?.[0];
        const mapped = pk && mapColumns(view, base, pk);
        if (mapped) return mapped;
      }
      return undefined;
    },
    keySets(keySets: ReadonlyMap<string, readonly (readonly string[])[]>): Map<string, string[][]> {
      const out = new Map<string, string[][]>();
      for (const [view, byBase] of sources) {
        for (const [base] of byBase) {
          for (const set of keySets.get(base) ?? []) {
            const mapped = mapColumns(view, base, set);
            if (mapped) out.set(view, [...(out.get(view) ?? []), mapped]);
          }
        }
      }
      return out;
    },
  };
}
