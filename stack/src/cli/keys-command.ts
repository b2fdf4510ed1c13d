import { loadConfig } from "../config/index.ts";
import {
  KeyRotationError,
  retireSigningKey,
  rotateSigningKeys,
  writeStoredKeys,
  type StoredKeys,
} from "../gateway/index.ts";
import { loadSigningKeySource, type SigningKeySource } from "../runtime/keys.ts";
import { ensureDataDir, resolveStackPaths, type StackPaths } from "../runtime/paths.ts";
import { readLiveStackState } from "../runtime/state-file.ts";
import { environmentOverrides, UsageError, type CliOptions } from "./options.ts";
import { postToRunningStack } from "./running-stack.ts";

const print = (text: string) => process.stdout.write(`${text}\n`);

/** One row of `keys list`, with the dashboard's words for a key's state. */
interface KeyRow {
  kid: string;
  alg: string;
  status: "in_use" | "previously_used" | "retired";
  retired_at?: string;
}

function keyRows(source: SigningKeySource): KeyRow[] {
  const active = source.signingKeys.map((key, index): KeyRow => ({
    kid: key.kid,
    alg: key.alg,
    status: index === 0 ? "in_use" : "previously_used",
  }));
  const retired = source.kind === "data" ? (source.stored.retired_signing_keys ?? []) : [];
  return [
    ...active,
    ...retired.map((key): KeyRow => ({ kid: key.kid, alg: key.alg, status: "retired", retired_at: key.retired_at })),
  ];
}

function printRows(rows: KeyRow[], options: CliOptions, source: SigningKeySource): void {
  if (options.output === "json") {
    print(JSON.stringify(rows, null, 2));
    return;
  }
  print(`Signing keys (${source.kind === "file" ? `[auth] signing_keys_path: ${source.file}` : source.file}):`);
  for (const row of rows)
    print(`  ${row.kid}  ${row.alg}  ${row.status.replace("_", " ")}${row.retired_at ? ` (${row.retired_at})` : ""}`);
}

/** Tells a running stack to re-read its keys; a stopped one reads them at its next start. */
async function reloadRunningStack(paths: StackPaths, secretKey: string): Promise<boolean> {
  const state = await readLiveStackState(paths.stateFile);
  if (!state) return false;
  const refused = await postToRunningStack(state.ports.api, "keys/reload", secretKey);
  if (refused !== undefined) throw new KeyRotationError(refused);
  return true;
}

function userFileRefusal(source: SigningKeySource): never {
  throw new KeyRotationError(
    `Signing keys come from [auth] signing_keys_path (${source.file}); rotate by editing that file: put a new key ` +
      "first (`supabase gen signing-key` makes one), remove a key to retire it, then run `parley-stack keys reload` " +
      "so a running stack picks the file up.",
  );
}

/**
 * `keys list | rotate | retire <kid> | reload`: the stack's asymmetric signing keys. rotate and
 * retire rewrite the data folder's key file, then a running stack reloads it through its internal
 * endpoint (no restart); a stopped stack uses the new set at its next start.
 */
export async function keysCommand(options: CliOptions): Promise<number> {
  const [, action, kid, ...rest] = options.verb;
  if (rest.length > 0) throw new UsageError(`unexpected arguments: ${rest.join(" ")}`);
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  const { config } = await loadConfig({ workdir: paths.workdir });
  await ensureDataDir(paths);
  const source = await loadSigningKeySource(config, paths.workdir, paths.dataDir);
  const apply = async (next: StoredKeys, done: string) => {
    await writeStoredKeys(paths.dataDir, next);
    const running = await reloadRunningStack(paths, next.secret_key);
    print(
      `${done}${running ? " The running stack uses the new key set now." : " The stack uses it at its next start."}`,
    );
  };
  switch (action) {
    case "list":
    case undefined:
      printRows(keyRows(source), options, source);
      return 0;
    case "rotate": {
      if (source.kind === "file") userFileRefusal(source);
      const { keys, added } = await rotateSigningKeys(source.stored);
      await apply(
        keys,
        `Added signing key ${added.kid}: it signs new tokens; older keys keep verifying until retired.`,
      );
      return 0;
    }
    case "retire":
    case "revoke": {
      if (!kid) throw new UsageError(`"keys ${action}" needs the kid of the key (see \`parley-stack keys list\`)`);
      if (source.kind === "file") userFileRefusal(source);
      await apply(
        retireSigningKey(source.stored, kid, new Date()),
        `Retired signing key ${kid}: tokens it signed are refused.`,
      );
      return 0;
    }
    case "reload":
      print(
        (await reloadRunningStack(paths, source.stored.secret_key))
          ? "Reloaded the running stack's signing keys."
          : "Parley Stack is not running.",
      );
      return 0;
    default:
      throw new UsageError(`unknown command "keys ${action}" for "parley-stack"`);
  }
}
