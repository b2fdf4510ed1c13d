// The typed tree a `/rest/v1` request parses into (mirrors PostgREST's ApiRequest/Types.hs).
// Identifiers are plain strings and values raw strings exactly as the client sent them: nothing
// here is SQL, and the planner binds every value as a parameter.

/** Names of embedded resources from the root to the level a parameter targets (`[]` is the root). */
export type EmbedPath = readonly string[];

/** One `->`/`->>` step. An `index` operand is an integer literal such as `0` or `-1`. */
export interface JsonStep {
  readonly arrow: "->" | "->>";
  readonly operand: { readonly kind: "key" | "index"; readonly value: string };
}

/** A column (or computed field) with an optional JSON path: `data->a->>b`. */
export interface Field {
  readonly name: string;
  readonly jsonPath: readonly JsonStep[];
}

export type AggregateFunction = "sum" | "avg" | "max" | "min" | "count";
export type JoinType = "inner" | "left";

/**
 * A column in `select`. As upstream, `*` is the field named `*`, and `count()` is the field `*`
 * with the `count` aggregate.
 */
export interface SelectField {
  readonly kind: "field";
  readonly field: Field;
  readonly alias?: string;
  /** `col::type`, applied before any aggregate. */
  readonly cast?: string;
  readonly aggregate?: AggregateFunction;
  /** `col.sum()::type`, applied to the aggregate's result. */
  readonly aggregateCast?: string;
}

/** `alias:rel!hint!inner(children)`; `children` empty for `rel()`. */
export interface SelectEmbed {
  readonly kind: "embed";
  readonly relation: string;
  readonly alias?: string;
  readonly hint?: string;
  readonly joinType?: JoinType;
  readonly children: readonly SelectItem[];
}

/** `...rel!hint!inner(children)` (a spread takes no alias). */
export interface SelectSpread {
  readonly kind: "spread";
  readonly relation: string;
  readonly hint?: string;
  readonly joinType?: JoinType;
  readonly children: readonly SelectItem[];
}

export type SelectItem = SelectField | SelectEmbed | SelectSpread;

/** Operators taking `(any)`/`(all)` modifiers. */
export type QuantOperator = "eq" | "gte" | "gt" | "lte" | "lt" | "like" | "ilike" | "match" | "imatch";
export type SimpleOperator = "neq" | "cs" | "cd" | "ov" | "sl" | "sr" | "nxr" | "nxl" | "adj";
export type FtsOperator = "fts" | "plfts" | "phfts" | "wfts";
export type IsValue = "null" | "not_null" | "true" | "false" | "unknown";

export type Operation =
  | { readonly operator: QuantOperator; readonly quantifier?: "any" | "all"; readonly value: string }
  | { readonly operator: SimpleOperator; readonly value: string }
  /** `in.(a,"b,c")` → `["a", "b,c"]`. `in.()` parses to `[""]`, which upstream treats as the empty list. */
  | { readonly operator: "in"; readonly values: readonly string[] }
  | { readonly operator: "is"; readonly value: IsValue }
  | { readonly operator: "isdistinct"; readonly value: string }
  | { readonly operator: FtsOperator; readonly language?: string; readonly value: string };

/** `col[->json]=[not.]operator.value` */
export interface Filter {
  readonly field: Field;
  readonly negated: boolean;
  readonly operation: Operation;
}

/** `or=(…)`, `and=(…)`, `not.or=(…)` and their nested members. */
export type LogicTree =
  | {
      readonly kind: "expr";
      readonly negated: boolean;
      readonly operator: "and" | "or";
      readonly children: readonly LogicTree[];
    }
  | { readonly kind: "filter"; readonly filter: Filter };

interface OrderModifiers {
  readonly direction?: "asc" | "desc";
  readonly nulls?: "first" | "last";
}

export type OrderTerm =
  | ({ readonly kind: "field"; readonly field: Field } & OrderModifiers)
  /** `order=rel(col).desc`: order by a column of a to-one embed. */
  | ({ readonly kind: "relation"; readonly relation: string; readonly field: Field } & OrderModifiers);

/** Rows to return: `LIMIT limit OFFSET offset`; `limit` undefined means no limit. A negative limit
 * on an embed is passed on as upstream does (PostgreSQL rejects it). */
export interface RowRange {
  readonly offset: number;
  readonly limit?: number;
}

export interface Scoped<T> {
  readonly path: EmbedPath;
  readonly value: T;
}

export type PreferReturn = "minimal" | "headers-only" | "representation";
export type PreferCount = "exact" | "planned" | "estimated";
export type PreferResolution = "merge-duplicates" | "ignore-duplicates";
export type PreferMissing = "default" | "null";
export type PreferHandling = "strict" | "lenient";
export type PreferTx = "commit" | "rollback";

/** The `Prefer` header: for each family the first recognised value. */
export interface Preferences {
  readonly return?: PreferReturn;
  readonly count?: PreferCount;
  readonly resolution?: PreferResolution;
  readonly missing?: PreferMissing;
  readonly handling?: PreferHandling;
  /** Only set when the deployment allows overriding the transaction end. */
  readonly tx?: PreferTx;
  /** Only set when the name is an accepted time zone. */
  readonly timezone?: string;
  readonly maxAffected?: number;
  /** Preference tokens that were not understood, in order (PGRST122 under `handling=strict`). */
  readonly invalid: readonly string[];
}

export type PlanOption = "analyze" | "verbose" | "settings" | "buffers" | "wal";

/** A media type as PostgREST recognises it (MediaType.hs). */
export type MediaType =
  | { readonly kind: "json" | "geojson" | "csv" | "text" | "xml" | "openapi" | "urlencoded" | "octet-stream" | "any" }
  | { readonly kind: "array-json-stripped" }
  | { readonly kind: "object-json"; readonly nullsStripped: boolean }
  | {
      readonly kind: "plan";
      readonly format: "text" | "json";
      readonly for: MediaType;
      readonly options: readonly PlanOption[];
    }
  | { readonly kind: "other"; readonly value: string };

/** Everything the query string and headers of one request say. */
export interface ParsedRequest {
  /** `select`; absent means `*`, `select=` gives `[]`. */
  readonly select: readonly SelectItem[];
  /** Column filters in query order, each on the root (`path: []`) or an embed; all are ANDed. */
  readonly filters: readonly Scoped<Filter>[];
  readonly logic: readonly Scoped<LogicTree>[];
  /** Every `order` parameter in query order; upstream applies the first one given for a level. */
  readonly order: readonly Scoped<readonly OrderTerm[]>[];
  /** The root's rows after `limit`, `offset` and (GET only) the `Range` header. */
  readonly range: RowRange;
  /** `rel.limit` / `rel.offset` per embed path. */
  readonly embedRanges: readonly Scoped<RowRange>[];
  readonly columns?: readonly string[];
  readonly onConflict?: readonly string[];
  /** GET/HEAD `/rpc/fn` only: parameters whose value is not an operator expression. */
  readonly rpcArgs: readonly (readonly [string, string])[];
  /** The query string sorted and re-encoded as PostgREST does for `Content-Location`. */
  readonly canonicalQuery: string;
  readonly preferences: Preferences;
  /** `Accept`, best first; `[{ kind: "any" }]` when absent. */
  readonly accept: readonly MediaType[];
  /** `Content-Type`; JSON when absent. */
  readonly contentType: MediaType;
  /** The schema asked for with Accept-Profile (GET/HEAD/OPTIONS) or Content-Profile (writes). */
  readonly profile?: string;
}
