// What the REST service knows about the exposed schemas (PostgREST SchemaCache.hs).

import type { DbConfig } from "./db-config.ts";

export interface Column {
  readonly name: string;
  /** `format_type` text, usable in a column definition list (`json_to_recordset(…) AS x(col type)`). */
  readonly type: string;
  /** The base type's name (domains resolved): `json`, `jsonb`, `tsvector`, … */
  readonly baseType: string;
  readonly nullable: boolean;
  /** The default expression as PostgreSQL prints it, or null. */
  readonly defaultExpr: string | null;
  readonly enumValues: readonly string[];
  /** Generated or identity-always columns cannot take payload values on insert. */
  readonly generated: boolean;
}

export interface Table {
  readonly schema: string;
  readonly name: string;
  readonly kind: "table" | "view" | "materialized_view" | "foreign_table" | "partitioned_table";
  readonly columns: readonly Column[];
  readonly columnsByName: ReadonlyMap<string, Column>;
  readonly primaryKey: readonly string[];
  readonly insertable: boolean;
  readonly updatable: boolean;
  readonly deletable: boolean;
}

export interface QualifiedName {
  readonly schema: string;
  readonly name: string;
}

/** A foreign key between two relations (views included, traced to their base tables). */
export interface ForeignKey {
  readonly constraint: string;
  readonly table: QualifiedName;
  readonly columns: readonly string[];
  readonly foreignTable: QualifiedName;
  readonly foreignColumns: readonly string[];
}

export type Cardinality = "many-to-one" | "one-to-many" | "one-to-one" | "many-to-many";

export interface Junction {
  readonly table: QualifiedName;
  /** FK from the junction to the origin table, and to the target table. */
  readonly sourceKey: ForeignKey;
  readonly targetKey: ForeignKey;
}

/** A way to embed `target` in `origin` (PostgREST Relationship / ComputedRelationship). */
export type Relationship =
  | {
      readonly kind: "fk";
      readonly cardinality: Exclude<Cardinality, "many-to-many">;
      readonly origin: QualifiedName;
      readonly target: QualifiedName;
      readonly constraint: string;
      /** Pairs of (origin column, target column) to join on. */
      readonly columns: readonly (readonly [string, string])[];
      readonly isSelf: boolean;
    }
  | {
      readonly kind: "m2m";
      readonly cardinality: "many-to-many";
      readonly origin: QualifiedName;
      readonly target: QualifiedName;
      readonly junction: Junction;
      readonly isSelf: boolean;
    }
  | {
      readonly kind: "computed";
      readonly cardinality: "many-to-one" | "one-to-many";
      readonly origin: QualifiedName;
      readonly target: QualifiedName;
      readonly function: QualifiedName;
      readonly isSelf: boolean;
    };

export interface FunctionParam {
  readonly name: string;
  readonly type: string;
  readonly required: boolean;
  readonly variadic: boolean;
}

export interface RestFunction {
  readonly schema: string;
  readonly name: string;
  /** Input parameters; a single unnamed one (see `singleUnnamed`) has the name "". */
  readonly params: readonly FunctionParam[];
  /** `COMMENT ON FUNCTION`, which PostgREST's overload order looks at. */
  readonly description: string | null;
  /** Return type as `format_type` prints it. */
  readonly returnType: string;
  readonly returnsSet: boolean;
  /** `scalar`, `composite` (a table/view row type or an OUT-param record), `void`, or `record` (unshaped). */
  readonly returnKind: "scalar" | "composite" | "void" | "record";
  /** For a relation row type: that relation (for embedding). */
  readonly returnRelation?: QualifiedName;
  readonly volatility: "v" | "s" | "i";
  /** The single unnamed json/jsonb/text/xml/bytea parameter, when that is the only one. */
  readonly singleUnnamed?: string;
}

export interface SchemaCache {
  readonly tables: ReadonlyMap<string, Table>;
  readonly relationships: ReadonlyMap<string, readonly Relationship[]>;
  readonly functions: ReadonlyMap<string, readonly RestFunction[]>;
  /** `ALTER ROLE r SET k = v` of the API roles, applied per request as PostgREST does. */
  readonly roleSettings: ReadonlyMap<string, Readonly<Record<string, string>>>;
  /** `pg_timezone_names`, for `Prefer: timezone=` (unknown names are ignored, or PGRST122 when strict). */
  readonly timezones: ReadonlySet<string>;
  /** `pgrst.*` settings on the authenticator role (PostgREST's in-database configuration). */
  readonly dbConfig: DbConfig;
  /** `pgrst.db_aggregates_enabled` on the authenticator role. */
  readonly aggregatesEnabled: boolean;
}

export const qualifiedKey = (q: QualifiedName): string => `${q.schema}\u0000${q.name}`;
