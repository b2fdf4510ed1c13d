import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { loadConfig } from "../config/index.ts";
import { loadKeyRing } from "../runtime/keys.ts";
import { resolveStackPaths } from "../runtime/paths.ts";
import { readLiveStackState } from "../runtime/state-file.ts";
import { environmentOverrides, UsageError, type CliOptions } from "./options.ts";
import { VerbError } from "./verb-error.ts";

const say = (text: string) => process.stderr.write(`${text}\n`);

/**
 * `seed buckets`: the CLI's (pkg/storage/batch.go) — through the running stack's Storage API with the
 * secret key, create each `[storage.buckets.<name>]` (or update an existing one's settings), then
 * upload the files under its `objects_path`, overwriting objects of the same name.
 */
export async function seedBucketsCommand(options: CliOptions): Promise<number> {
  if (options.verb.length !== 2) throw new UsageError(`unknown command "${options.verb.join(" ")}" for "parley-stack"`);
  const paths = resolveStackPaths(options.workdir, environmentOverrides(process.env).dataDir);
  const state = await readLiveStackState(paths.stateFile);
  if (!state) throw new VerbError("Parley Stack is not running. Start it with `parley-stack start`.");
  const { config } = await loadConfig({ workdir: paths.workdir });
  const keys = await loadKeyRing(config, paths.workdir, paths.dataDir);
  const storage = storageClient(`http://127.0.0.1:${state.ports.api}/storage/v1`, keys.secretKey);
  for (const [name, bucket] of Object.entries(config.storage.buckets)) {
    const settings = {
      public: bucket.public ?? false,
      file_size_limit: bucket.file_size_limit || null,
      allowed_mime_types: bucket.allowed_mime_types ?? null,
    };
    const exists = (await storage("GET", `/bucket/${encodeURIComponent(name)}`)).ok;
    say(`${exists ? "Updating" : "Creating"} Storage bucket: ${name}`);
    // An unset `public` leaves an existing bucket's flag alone, as the CLI does.
    const body = exists && bucket.public === undefined ? { ...settings, public: undefined } : settings;
    const saved = exists
      ? await storage("PUT", `/bucket/${encodeURIComponent(name)}`, JSON.stringify(body))
      : await storage("POST", "/bucket", JSON.stringify({ id: name, name, ...body }));
    if (!saved.ok) throw new VerbError(`bucket ${name}: ${await saved.text()}`);
    if (bucket.objects_path) await uploadFolder(storage, name, bucket.objects_path, paths.workdir);
  }
  return 0;
}

type StorageCall = (method: string, route: string, body?: string | Blob, upsert?: boolean) => Promise<Response>;

function storageClient(base: string, secretKey: string): StorageCall {
  return (method, route, body, upsert) =>
    fetch(`${base}${route}`, {
      method,
      headers: {
        apikey: secretKey,
        ...(typeof body === "string" ? { "content-type": "application/json" } : {}),
        ...(upsert ? { "x-upsert": "true" } : {}),
      },
      ...(body !== undefined ? { body } : {}),
    });
}

async function uploadFolder(storage: StorageCall, bucket: string, folder: string, workdir: string): Promise<void> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true }).catch(() => []);
  for (const entry of entries) {
    if (!entry.isFile()) continue;
    const file = path.join(entry.parentPath, entry.name);
    const key = path.relative(folder, file).split(path.sep).map(encodeURIComponent).join("/");
    say(`Uploading: ${path.relative(workdir, file)} => ${bucket}/${decodeURIComponent(key)}`);
    const uploaded = await storage(
      "POST",
      `/object/${encodeURIComponent(bucket)}/${key}`,
      new Blob([await readFile(file)]),
      true,
    );
    if (!uploaded.ok) throw new VerbError(`upload ${bucket}/${decodeURIComponent(key)}: ${await uploaded.text()}`);
  }
}
