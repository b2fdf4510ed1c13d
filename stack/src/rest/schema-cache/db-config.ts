// PostgREST's in-database configuration (Config/Database.hs `queryDbSettings`): `pgrst.*` settings on
// the authenticator role, `ALTER ROLE authenticator IN DATABASE d SET …` winning over
// `ALTER ROLE authenticator SET …`. They override the service's own configuration (config.toml),
// as PostgREST's in-database values override its environment and file. Read with the schema cache.

export interface TxEnd {
  /** `rollback*`: every transaction ends in ROLLBACK unless `Prefer: tx=commit` may override it. */
  readonly rollbackAll: boolean;
  /** `*-allow-override`: `Prefer: tx=commit|rollback` is honoured. */
  readonly allowOverride: boolean;
}

/** The in-database values the REST service honours; absent keys leave the service's own setting. */
export interface DbConfig {
  readonly aggregatesEnabled?: boolean;
  readonly planEnabled?: boolean;
  /** `null`: set, but not an integer (PostgREST then has no row limit). */
  readonly maxRows?: number | null;
  readonly txEnd?: TxEnd;
  /** `db_pre_request`: the function called before every request's main statement. */
  readonly preRequest?: PreRequest;
}

/** A function named `schema.name` or just `name` (then found through the search path), as `toQi` splits it. */
export interface PreRequest {
  readonly schema: string | undefined;
  readonly name: string;
}

function readQualified(text: string): PreRequest {
  const dot = text.indexOf(".");
  return dot < 0 ? { schema: undefined, name: text } : { schema: text.slice(0, dot), name: text.slice(dot + 1) };
}

const TX_END: Readonly<Record<string, TxEnd>> = {
  commit: { rollbackAll: false, allowOverride: false },
  "commit-allow-override": { rollbackAll: false, allowOverride: true },
  rollback: { rollbackAll: true, allowOverride: false },
  "rollback-allow-override": { rollbackAll: true, allowOverride: true },
};

/** PostgREST `coerceBool`: `true`/`TRUE`/`"True"` by letters, else a positive integer; else false. */
export function readBool(text: string): boolean {
  const letters = text.replace(/[^\p{L}]/gu, "").toLowerCase();
  if (letters === "true" || letters === "false") return letters === "true";
  return /^-?[0-9]+$/.test(text.trim()) && Number(text.trim()) > 0;
}

function readInteger(text: string): number | null {
  return /^-?[0-9]+$/.test(text.trim()) ? Number(text.trim()) : null;
}

export interface RoleSettingRow {
  readonly role: string;
  /** 0 for `ALTER ROLE … SET`, the database's oid for `… IN DATABASE d SET`. */
  readonly database: string;
  readonly settings: readonly string[];
}

/** The `pgrst.*` key/value pairs of `role`, database-specific values first. */
export function pgrstSettings(rows: readonly RoleSettingRow[], role = "authenticator"): Map<string, string> {
  const ordered = rows
    .filter((row) => row.role === role)
    .sort((a, b) => Number(b.database !== "0") - Number(a.database !== "0"));
  const values = new Map<string, string>();
  for (const row of ordered) {
    for (const item of row.settings) {
      const at = item.indexOf("=");
      const key = item.slice(0, at).replace(/^pgrst\./, "");
      if (at > 0 && item.startsWith("pgrst.") && !values.has(key)) values.set(key, item.slice(at + 1));
    }
  }
  return values;
}

/**
 * The honoured keys. An unreadable boolean is false and an unreadable `db_max_rows` means no limit (as
 * PostgREST reads them); an unknown `db_tx_end` is ignored and reported to `warn`.
 * @example readDbConfig(new Map([["db_tx_end", "commit-allow-override"]])).txEnd?.allowOverride // true
 */
export function readDbConfig(values: ReadonlyMap<string, string>, warn: (key: string) => void = () => {}): DbConfig {
  const config: { -readonly [K in keyof DbConfig]: DbConfig[K] } = {};
  const bool = (key: string) => {
    const text = values.get(key);
    return text === undefined ? undefined : readBool(text);
  };
  const aggregates = bool("db_aggregates_enabled");
  const plan = bool("db_plan_enabled");
  if (aggregates !== undefined) config.aggregatesEnabled = aggregates;
  if (plan !== undefined) config.planEnabled = plan;
  const maxRows = values.get("db_max_rows");
  if (maxRows !== undefined) config.maxRows = readInteger(maxRows);
  const preRequest = values.get("db_pre_request");
  if (preRequest !== undefined && preRequest !== "") config.preRequest = readQualified(preRequest);
  const txEnd = values.get("db_tx_end");
  if (txEnd !== undefined && txEnd !== "") {
    const value = TX_END[txEnd];
    if (value === undefined) warn("db_tx_end");
    else config.txEnd = value;
  }
  return config;
}
