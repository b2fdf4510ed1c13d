// What `npm start` tells the backend so that its scheduled and triggered calls work on this machine,
// as a hosted project's Vault secrets and function secrets do there:
// - private.missed_activity_settings gets the API's URL and the service role key, with which the
//   pg_cron job (the missed-activity email) and the Web Push trigger call their edge functions;
// - supabase/functions/.env gets the local mailbox's URL and the app's URL for those functions (the
//   file is git-ignored, as the Supabase CLI has it; its other lines are kept, and RESEND_API_KEY
//   there sends through Resend instead of the mailbox).
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import pg from "pg";

async function rememberApi(status) {
  const client = new pg.Client({ connectionString: status.DB_URL });
  await client.connect();
  try {
    const {
      rows: [table],
    } = await client.query("select to_regclass('private.missed_activity_settings') is not null as present");
    if (!table.present) return;
    await client.query(
      `update private.missed_activity_settings set project_url = $1, service_role_key = $2
       where id and (project_url is distinct from $1 or service_role_key is distinct from $2)`,
      [status.API_URL, status.SERVICE_ROLE_KEY],
    );
  } finally {
    await client.end();
  }
}

/** Sets `secrets` in the functions' .env, replacing earlier values of the same names, keeping other lines. */
function setFunctionSecrets(root, secrets) {
  const file = path.join(root, "supabase", "functions", ".env");
  const current = existsSync(file) ? readFileSync(file, "utf8") : "";
  const kept = current.split("\n").filter((line) => line.trim() !== "" && !(line.split("=")[0]?.trim() in secrets));
  const lines = [...kept, ...Object.entries(secrets).map(([name, value]) => `${name}=${value}`)];
  writeFileSync(file, `${lines.join("\n")}\n`, { mode: 0o600 });
}

/** Resolves once both are done; a failure is reported and leaves the rest of Parley running. */
export async function applyLocalBackendSettings(root, status, appUrl) {
  try {
    await rememberApi(status);
    setFunctionSecrets(root, { PARLEY_MAIL_API_URL: status.INBUCKET_URL, PARLEY_APP_URL: appUrl });
  } catch (error) {
    process.stderr.write(`Could not set up the missed-activity email and Web Push locally: ${error.message}\n`);
  }
}
