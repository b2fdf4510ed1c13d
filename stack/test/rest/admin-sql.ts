// SQL as the database owner against a started test stack, for tests that change the schema or the
// authenticator role's `pgrst.*` settings and then tell the REST service to reload.
import pg from "pg";
import type { TestStack } from "../support/test-stack.ts";

/**
 * Runs `statements` (one simple-protocol batch) as the stack's admin user.
 * @example await adminSql(s.t, "alter role authenticator set pgrst.db_plan_enabled = 'true'");
 */
export async function adminSql(t: TestStack, statements: string): Promise<void> {
  const client = new pg.Client({ connectionString: t.stack.status().DB_URL });
  await client.connect();
  try {
    await client.query(statements);
  } finally {
    await client.end();
  }
}

/** Sets (or, with `undefined`, resets) `pgrst.<key>` on the authenticator role and asks for a config reload. */
export async function setPgrstSetting(t: TestStack, key: string, value: string | undefined): Promise<void> {
  const assignment =
    value === undefined
      ? `alter role authenticator reset pgrst.${key}`
      : `alter role authenticator set pgrst.${key} = ${pg.escapeLiteral(value)}`;
  await adminSql(t, `${assignment}; notify pgrst, 'reload config'`);
}

/**
 * Waits until `ready` holds — the REST service reloads asynchronously after a NOTIFY — for use in
 * hooks, where `expect.poll` is not available. Throws `what` when it never does.
 */
export async function until(ready: () => Promise<boolean>, what: string): Promise<void> {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    if (await ready()) return;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`never happened: ${what}`);
}
