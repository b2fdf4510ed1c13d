// Crash and restart (issue #11 item 4): the stack process is SIGKILLed in the middle of a stream of
// REST inserts, storage uploads and a realtime subscription — the realistic crash of a local
// stack: its node process dies, its PostgreSQL is orphaned (the next start stops it). After the
// restart every acknowledged write is there, no half-written object is visible (no row without its
// file, no file without its row), and the realtime client rejoins by itself and gets new changes
// without any change delivered twice.
import { readdir } from "node:fs/promises";
import path from "node:path";
import pg from "pg";
import type { RealtimeChannel, SupabaseClient } from "@supabase/supabase-js";
import { afterAll, describe, expect, it } from "vitest";
import { cliEnv } from "../support/cli.ts";
import { testClient } from "../support/client.ts";
import { tempProject, type TempProject } from "../support/project.ts";
import { isAlive, postmasterPid, startCliStack, within, type CliStack } from "./cli-stack.ts";

const UPLOAD_BYTES = 256 * 1024;
let project: TempProject | undefined;
let running: CliStack | undefined;
let client: SupabaseClient | undefined;

afterAll(async () => {
  client?.realtime.disconnect();
  if (running && running.child.exitCode === null && running.child.signalCode === null) {
    running.child.kill("SIGTERM");
    await within(running.exited, 20_000, "stack exit").catch(() => running?.child.kill("SIGKILL"));
  }
  if (project) {
    const pid = await postmasterPid(project.dataDir).catch(() => 0);
    if (pid > 0 && isAlive(pid)) process.kill(pid, "SIGKILL");
    await project.remove();
  }
});

const content = (i: number) => Buffer.alloc(UPLOAD_BYTES, i % 251);

/** Writes in a loop until the stack dies; remembers which writes were acknowledged. */
function writeStream(api: string, secret: string) {
  const acked = { inserts: [] as string[], uploads: [] as number[] };
  let stopped = false;
  const headers = { apikey: secret, authorization: `Bearer ${secret}` };
  const inserts = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const response = await fetch(`${api}/rest/v1/notes`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/json", prefer: "return=minimal" },
        body: JSON.stringify({ slug: `w-${i}`, body: "stream" }),
      }).catch(() => undefined);
      if (!response) return;
      if (response.status === 201) acked.inserts.push(`w-${i}`);
    }
  })();
  const uploads = (async () => {
    for (let i = 0; !stopped; i += 1) {
      const response = await fetch(`${api}/storage/v1/object/files/crash/${i}.bin`, {
        method: "POST",
        headers: { ...headers, "content-type": "application/octet-stream" },
        body: content(i),
      }).catch(() => undefined);
      if (!response) return;
      await response.arrayBuffer().catch(() => undefined);
      if (response.status === 200) acked.uploads.push(i);
    }
  })();
  return {
    acked,
    /** Resolves when both loops ended (the stack is gone). */
    ended: Promise.all([inserts, uploads]).then(() => undefined),
    stop: () => (stopped = true),
  };
}

/** Resolves once `count` acknowledged writes of each kind were made. */
async function untilAcked(acked: { inserts: string[]; uploads: number[] }, count: number): Promise<void> {
  while (acked.inserts.length < count || acked.uploads.length < count)
    await new Promise((resolve) => setTimeout(resolve, 50));
}

describe("crash and restart", () => {
  it("keeps every acknowledged write, shows no half-written object, and realtime resumes without replays", async () => {
    project = await tempProject("robustness");
    const env = await cliEnv(project.dataDir);
    running = await startCliStack(project.workdir, env);
    const { API_URL: api = "", SECRET_KEY: secret = "", PUBLISHABLE_KEY: publishable = "" } = running.status;

    // A realtime subscriber that stays in place across the crash (supabase-js reconnects by itself).
    client = testClient(api, publishable);
    const received: string[] = [];
    const statuses: string[] = [];
    let onStatus: (() => void) | undefined;
    const channel: RealtimeChannel = client
      .channel("crash")
      .on(
        "postgres_changes" as never,
        { event: "INSERT", schema: "public", table: "notes" },
        (p: { new: { slug: string } }) => received.push(p.new.slug),
      );
    channel.subscribe((status) => {
      statuses.push(status);
      onStatus?.();
    });
    await within(
      new Promise<void>((resolve) => (onStatus = () => statuses.includes("SUBSCRIBED") && resolve())),
      20_000,
      "first subscription",
    );

    const stream = writeStream(api, secret);
    await untilAcked(stream.acked, 15);
    const postmaster = await postmasterPid(project.dataDir);
    running.child.kill("SIGKILL");
    await running.exited;
    await stream.ended;
    expect(isAlive(postmaster)).toBe(true); // the realistic crash: PostgreSQL is orphaned
    const deliveredBeforeCrash = new Set(received);
    const acked = { inserts: [...stream.acked.inserts], uploads: [...stream.acked.uploads] };

    // Restart on the same folder and ports; the orphaned PostgreSQL is stopped and started anew.
    const subscribedBefore = statuses.filter((s) => s === "SUBSCRIBED").length;
    const resubscribed = new Promise<void>(
      (resolve) => (onStatus = () => statuses.filter((s) => s === "SUBSCRIBED").length > subscribedBefore && resolve()),
    );
    running = await startCliStack(project.workdir, env);
    const db = new pg.Client({ connectionString: running.status.DB_URL });
    await db.connect();
    try {
      // Every acknowledged insert is there.
      const slugs = (await db.query<{ slug: string }>("select slug from public.notes where slug like 'w-%'")).rows.map(
        (r) => r.slug,
      );
      for (const slug of acked.inserts) expect(slugs).toContain(slug);

      // Every acknowledged upload reads back whole.
      for (const i of acked.uploads) {
        const response = await fetch(`${api}/storage/v1/object/files/crash/${i}.bin`, {
          headers: { apikey: secret, authorization: `Bearer ${secret}` },
        });
        expect(response.status, `upload ${i}`).toBe(200);
        expect(Buffer.from(await response.arrayBuffer()).equals(content(i)), `upload ${i} content`).toBe(true);
      }

      // No half-written object: every row has its complete file, every file has its row.
      const rows = (
        await db.query<{ name: string; version: string; size: string }>(
          "select name, version, metadata->>'size' as size from storage.objects where bucket_id = 'files'",
        )
      ).rows;
      const objectsDir = path.join(project.dataDir, "storage", "objects");
      const files = (await readdir(objectsDir, { recursive: true, withFileTypes: true }))
        .filter((e) => e.isFile())
        .map((e) => e.name);
      expect(new Set(files)).toEqual(new Set(rows.map((r) => r.version)));
      for (const row of rows) {
        expect(Number(row.size), row.name).toBe(UPLOAD_BYTES);
        const response = await fetch(`${api}/storage/v1/object/files/${row.name}`, {
          headers: { apikey: secret, authorization: `Bearer ${secret}` },
        });
        expect(Buffer.from(await response.arrayBuffer()).length, row.name).toBe(UPLOAD_BYTES);
      }

      // Realtime: the same client rejoins by itself and receives a change made after the restart.
      await within(resubscribed, 60_000, "rejoin after restart");
      await db.query("insert into public.notes (slug, body) values ('after-restart', 'new')");
      await within(
        (async () => {
          while (!received.includes("after-restart")) await new Promise((resolve) => setTimeout(resolve, 50));
        })(),
        15_000,
        "the change made after the restart",
      );
      // Nothing delivered before the crash came again.
      const counts = new Map<string, number>();
      for (const slug of received) counts.set(slug, (counts.get(slug) ?? 0) + 1);
      expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
      expect(deliveredBeforeCrash.size).toBeGreaterThan(0);
    } finally {
      await db.end();
    }
  }, 240_000);
});
