// Picks the relationship an embed means (PostgREST Plan.hs `findRel`), or raises
// PGRST200 (none) / PGRST201 (ambiguous) with upstream's texts.

import { RestProblem } from "../errors.ts";
import type { QualifiedName, Relationship, SchemaCache } from "../schema-cache/types.ts";
import { qualifiedKey } from "../schema-cache/types.ts";
import { closest } from "./fuzzy.ts";

function matches(rel: Relationship, name: string, hint: string | undefined, targetIsTable: boolean): boolean {
  if (rel.kind === "computed") return rel.function.name === name;
  const targetNamed = rel.target.name === name;
  if (rel.kind === "m2m") return targetNamed && (hint === undefined || rel.junction.table.name === hint);
  const single = rel.columns.length === 1 ? rel.columns[0] : undefined;
  if (rel.isSelf) {
    // One foreign key, two relationships: the table's name means the children (optionally hinted by
    // their FK column), the FK column the parent. A constraint name picks neither (upstream).
    if (hint !== undefined) return targetNamed && rel.cardinality === "one-to-many" && single?.[1] === hint;
    return (
      (targetNamed && rel.cardinality === "one-to-many") || (rel.cardinality === "many-to-one" && single?.[0] === name)
    );
  }
  if (hint === undefined) {
    // Constraint and column names only pick relationships to tables, never to views (upstream).
    return targetNamed || (targetIsTable && (rel.constraint === name || single?.[0] === name));
  }
  return targetNamed && (rel.constraint === hint || single?.[0] === hint || single?.[1] === hint);
}

const cols = (table: QualifiedName, columns: readonly string[]) => `${table.name}(${columns.join(", ")})`;

function describe(rel: Relationship, origin: string, name: string) {
  if (rel.kind === "m2m") {
    const j = rel.junction;
    return {
      cardinality: rel.cardinality,
      embedding: `${origin} with ${name}`,
      relationship: `${j.table.name} using ${j.sourceKey.constraint}(${j.sourceKey.columns.join(", ")}) and ${j.targetKey.constraint}(${j.targetKey.columns.join(", ")})`,
    };
  }
  if (rel.kind === "computed")
    return { cardinality: rel.cardinality, embedding: `${origin} with ${name}`, relationship: `${rel.function.name}` };
  return {
    cardinality: rel.cardinality,
    embedding: `${origin} with ${name}`,
    relationship: `${rel.constraint} using ${cols(
      rel.origin,
      rel.columns.map((c) => c[0]),
    )} and ${cols(
      rel.target,
      rel.columns.map((c) => c[1]),
    )}`,
  };
}

/** The fuzzy set's default minimum score, which PostgREST's relationship hints use. */
const FUZZY_DEFAULT = 0.33;

/**
 * PostgREST `noRelBetweenHint`: when the origin has relationships, a related table's name like the
 * one asked for (none when that name is one of them); otherwise a related-to-something table whose
 * name is like the origin's.
 */
function noRelationshipHint(cache: SchemaCache, origin: QualifiedName, name: string): string | null {
  const own = cache.relationships.get(qualifiedKey(origin)) ?? [];
  const perhaps = (suggestion: string | undefined, instead: string) =>
    suggestion === undefined ? null : `Perhaps you meant '${suggestion}' instead of '${instead}'.`;
  if (own.length > 0) {
    const related = own.map((rel) => rel.target.name);
    return related.includes(name) ? null : perhaps(closest(name, related, FUZZY_DEFAULT), name);
  }
  const parents = [...cache.relationships.entries()]
    .filter(([, rels]) => rels.length > 0 && rels[0]?.origin.schema === origin.schema)
    .map(([, rels]) => rels[0]?.origin.name ?? "");
  return perhaps(closest(origin.name, parents, FUZZY_DEFAULT), origin.name);
}

export function findRelationship(
  cache: SchemaCache,
  origin: QualifiedName,
  name: string,
  hint: string | undefined,
): Relationship {
  const all = cache.relationships.get(qualifiedKey(origin)) ?? [];
  const isTable = (rel: Relationship) => {
    const kind = cache.tables.get(qualifiedKey(rel.target))?.kind;
    return kind !== "view" && kind !== "materialized_view";
  };
  const candidates = all.filter((rel) => rel.target.schema === origin.schema && matches(rel, name, hint, isTable(rel)));
  const computed = candidates.filter((rel) => rel.kind === "computed");
  const found = computed.length > 0 ? computed : candidates;
  if (found.length === 1 && found[0]) return found[0];
  if (found.length === 0) {
    throw new RestProblem({
      code: "PGRST200",
      status: 400,
      message: `Could not find a relationship between '${origin.name}' and '${name}' in the schema cache`,
      details: `Searched for a foreign key relationship between '${origin.name}' and '${name}'${hint === undefined ? "" : ` using the hint '${hint}'`} in the schema '${origin.schema}', but no matches were found.`,
      hint: noRelationshipHint(cache, origin, name),
    });
  }
  const alternatives = found.map(
    (rel) =>
      `'${name}!${rel.kind === "m2m" ? rel.junction.table.name : rel.kind === "fk" ? rel.constraint : rel.function.name}'`,
  );
  throw new RestProblem({
    code: "PGRST201",
    status: 300,
    message: `Could not embed because more than one relationship was found for '${origin.name}' and '${name}'`,
    details: found.map((rel) => describe(rel, origin.name, name)),
    hint: `Try changing '${name}' to one of the following: ${alternatives.join(", ")}. Find the desired relationship in the 'details' key.`,
  });
}

export const isToOne = (rel: Relationship) => rel.cardinality === "many-to-one" || rel.cardinality === "one-to-one";
