// Named (prepared) statements for query shapes a service sends again and again: PostgreSQL parses
// and analyses each once per connection, then only binds and runs it — what PostgREST does with
// `db-prepared-statements` on. The name is a digest of the text, so a name always means one text;
// a connection keeps at most MAX_PER_CONNECTION of them, later shapes go unnamed as before.

import { createHash } from "node:crypto";
import type pg from "pg";

const MAX_PER_CONNECTION = 500;

/** Texts whose digest was taken lately, so a repeated shape is not hashed on every request. */
const MAX_REMEMBERED_NAMES = 2000;

const namesByConnection = new WeakMap<pg.ClientBase, Set<string>>();
const nameByText = new Map<string, string>();

function statementName(text: string): string {
  const known = nameByText.get(text);
  if (known !== undefined) return known;
  const name = `parley_${createHash("sha256").update(text).digest("base64url")}`;
  // Emptied when full rather than ordered: a miss only costs one digest.
  if (nameByText.size >= MAX_REMEMBERED_NAMES) nameByText.clear();
  nameByText.set(text, name);
  return name;
}

/**
 * The name `text` is prepared under on `client` (derived from the text), or undefined once the
 * connection holds its share of names: that shape then goes unnamed.
 */
export function preparedName(client: pg.ClientBase, text: string): string | undefined {
  const name = statementName(text);
  let names = namesByConnection.get(client);
  if (names === undefined) {
    names = new Set();
    namesByConnection.set(client, names);
  }
  if (!names.has(name)) {
    if (names.size >= MAX_PER_CONNECTION) return undefined;
    names.add(name);
  }
  return name;
}
