// Small helpers over parsed TOML: tables are plain objects, arrays are arrays, dates are Dates.

export type Table = Record<string, unknown>;
export type KeyPath = readonly (string | number)[];

/** A TOML table as parsed: a plain object (not an array, not a date). */
export function isTable(value: unknown): value is Table {
  return typeof value === "object" && value !== null && !Array.isArray(value) && !(value instanceof Date);
}

/** The value at `path`, or undefined when any step is missing. */
export function valueAt(tree: unknown, path: KeyPath): unknown {
  let node = tree;
  for (const segment of path) {
    if (Array.isArray(node) && typeof segment === "number") node = node[segment];
    else if (isTable(node) && typeof segment === "string" && Object.hasOwn(node, segment)) node = node[segment];
    else return undefined;
  }
  return node;
}

/** A copy of `tree` without `keys` in the table at `path` (copy-on-write along the path). */
export function withoutKeys(tree: unknown, path: KeyPath, keys: readonly string[]): unknown {
  const [head, ...rest] = path;
  if (head === undefined) {
    if (!isTable(tree)) return tree;
    return Object.fromEntries(Object.entries(tree).filter(([key]) => !keys.includes(key)));
  }
  if (Array.isArray(tree) && typeof head === "number") {
    return tree.map((item, index) => (index === head ? withoutKeys(item, rest, keys) : item));
  }
  if (isTable(tree) && typeof head === "string" && Object.hasOwn(tree, head)) {
    return { ...tree, [head]: withoutKeys(tree[head], rest, keys) };
  }
  return tree;
}

/**
 * Lays `override` over `base` the way the CLI applies a `[remotes.NAME]` block: tables merge
 * key by key, anything else (values, arrays) replaces what was there.
 */
export function mergeTables(base: Table, override: Table): Table {
  const merged: Table = { ...base };
  for (const [key, value] of Object.entries(override)) {
    const current = merged[key];
    merged[key] = isTable(current) && isTable(value) ? mergeTables(current, value) : value;
  }
  return merged;
}

/** A key path as a reader writes it: `auth.external.github.secret`, `db.seed.sql_paths[0]`. */
export function formatKeyPath(path: KeyPath): string {
  let text = "";
  for (const segment of path) {
    if (typeof segment === "number") text += `[${segment}]`;
    else {
      const key = /^[A-Za-z0-9_-]+$/.test(segment) ? segment : JSON.stringify(segment);
      text += text === "" ? key : `.${key}`;
    }
  }
  return text;
}
