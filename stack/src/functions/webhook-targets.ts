// Which functions the project's Database Webhooks call, so they can be booted before the first
// event. The dashboard's webhooks are `supabase_functions.http_request(url, method, headers, params,
// timeout_ms)` triggers whose timeout defaults to 1000 ms: a function booting on the first event
// (seconds on a cold cache) would miss it. Upstream's main worker keeps its user workers warm after
// the first call; booting the targets at start gives the first event the same warm worker.
import type pg from "pg";

/** The `supabase_functions.http_request` triggers' arguments (tgargs: NUL-separated). */
const WEBHOOK_TRIGGER_ARGS = `
  select t.tgargs
    from pg_trigger t
    join pg_proc p on p.oid = t.tgfoid
    join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'supabase_functions' and p.proname = 'http_request' and not t.tgisinternal`;

/** `/functions/v1/NAME[/…]` → NAME, for any host (the dashboard writes the project's or kong's). */
function functionNameOf(address: string): string | undefined {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    return undefined;
  }
  const [, functions, version, name] = url.pathname.split("/");
  return functions === "functions" && version === "v1" && name ? decodeURIComponent(name) : undefined;
}

/**
 * Names of the functions Database Webhook triggers call, sorted and without repeats.
 * @example const names = await webhookTargets(deps.db.admin);
 */
export async function webhookTargets(db: pg.Pool): Promise<string[]> {
  const { rows } = await db.query<{ tgargs: Buffer }>(WEBHOOK_TRIGGER_ARGS);
  const names = rows
    .map((row) => functionNameOf(row.tgargs.toString("utf8").split("\u0000")[0] ?? ""))
    .filter((name): name is string => name !== undefined);
  return [...new Set(names)].sort();
}
