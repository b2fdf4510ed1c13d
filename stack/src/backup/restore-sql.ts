import { createReadStream } from "node:fs";
import type { Readable } from "node:stream";
import type pg from "pg";
import { SqlSplitter, type SqlStatement } from "../db/index.ts";

const BATCH_CHARS = 1_000_000;

/** A restore that stopped: names the file's line and PostgreSQL's reason; nothing was changed. */
export class RestoreError extends Error {
  override name = "RestoreError";
}

/**
 * Runs a SQL script (a `db dump`) in one transaction: all of it or, on the first error, none of it.
 * Statements go in batches through the simple query protocol; psql's backslash commands and
 * `COPY … FROM stdin` are refused with a clear message, since only SQL is sent.
 * @example const count = await restoreSqlFile(client, "backup.sql");
 */
export async function restoreSqlFile(client: pg.ClientBase, file: string, label = file): Promise<number> {
  return restoreSqlStream(client, createReadStream(file, { encoding: "utf8" }), label);
}

export async function restoreSqlStream(client: pg.ClientBase, input: Readable, label: string): Promise<number> {
  const splitter = new SqlSplitter();
  let batch: SqlStatement[] = [];
  let size = 0;
  let count = 0;
  const flush = async () => {
    if (batch.length === 0) return;
    await runBatch(client, batch, label);
    count += batch.length;
    batch = [];
    size = 0;
  };
  await client.query("begin");
  try {
    const take = async (statements: SqlStatement[]) => {
      for (const statement of statements) {
        refusePsqlOnly(statement, label);
        batch.push(statement);
        size += statement.text.length;
        if (size >= BATCH_CHARS) await flush();
      }
    };
    for await (const chunk of input) await take(splitter.push(String(chunk)));
    await take(splitter.end());
    await flush();
    await client.query("commit");
  } catch (error) {
    await client.query("rollback").catch(() => undefined);
    throw error;
  } finally {
    await client.query("reset all").catch(() => undefined);
  }
  return count;
}

function refusePsqlOnly(statement: SqlStatement, label: string): void {
  const text = statement.text.replace(/^(\s*--[^\n]*\n)*/, "").trimStart();
  if (text.startsWith("\\") || /^COPY\s[^;]*\sFROM\s+stdin/i.test(text)) {
    throw new RestoreError(
      `${label}:${statement.line}: psql commands and COPY FROM stdin are not supported; dump without --use-copy (INSERT statements) or load this file with psql`,
    );
  }
}

/** Runs statements as one query; an error names the statement's line in the file. */
async function runBatch(client: pg.ClientBase, batch: SqlStatement[], label: string): Promise<void> {
  const text = batch.map((s) => s.text).join("\n");
  try {
    await client.query(text);
  } catch (error) {
    const pgError = error as { message?: string; position?: string };
    const line = lineOfPosition(batch, Number(pgError.position));
    const first = batch[0]?.line ?? 0;
    const last = batch.at(-1)?.line ?? first;
    const where = line !== undefined ? `${line}` : first === last ? `${first}` : `${first}-${last}`;
    throw new RestoreError(`${label}:${where}: ${pgError.message ?? String(error)} (nothing was restored)`);
  }
}

/** The file line of a 1-based character position in a batch's joined text. */
function lineOfPosition(batch: SqlStatement[], position: number): number | undefined {
  if (!Number.isFinite(position) || position <= 0) return undefined;
  let offset = 0;
  for (const statement of batch) {
    const end = offset + statement.text.length + 1;
    if (position <= end)
      return statement.line + (statement.text.slice(0, position - offset - 1).split("\n").length - 1);
    offset = end;
  }
  return undefined;
}
