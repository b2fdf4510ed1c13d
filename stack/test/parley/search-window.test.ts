// search_messages walks the messages a caller may search newest first until it has enough hits
// (it once did so in windows, the first of 5,000 messages). These tests put hits among the newest
// 5,000 messages, far behind them, and on either side of the 5,000th at the same instant, and
// check that callers get the same results as a search of everything: order, paging, filters and
// RLS, each hit once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, type World } from "./support/world.ts";

/** More than 5,000 messages, all newer than the old hits. */
const FILLER = 5_100;
/**
 * Filler messages 103 to 5,100 and "zephyr new" are newer than filler 102, so two messages half a
 * second after filler 102 are the 5,000th and 5,001st newest, at the same instant (ordered by id).
 */
const EDGE_AFTER = "filler 102";

let t: TestStack;
let w: World;

interface Hit {
  id: string;
  channel_id: string;
  body: string;
  snippet: string;
  created_at: string;
}

/** A message at a given number of seconds after the start of the test's history. */
async function messageAt(second: number, channelId: string, body: string, authorId = w.people.owner.id) {
  await w.sql(
    `insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
     values ($1, $2, $3, $4, now() - interval '1 day' + $5 * interval '1 second')`,
    [w.workspaceId, channelId, authorId, body, second],
  );
}

beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  await messageAt(1, w.publicChannelId, "zephyr old one");
  await messageAt(2, w.publicChannelId, "zephyr old two", w.people.member.id);
  await messageAt(3, w.publicChannelId, "古い議事録を読みました");
  await messageAt(4, w.privateChannelId, "zephyr secret");
  await w.sql(
    `insert into public.messages (workspace_id, channel_id, author_id, body, created_at)
     select $1, $2, $3, 'filler ' || i, now() - interval '1 day' + (10 + i) * interval '1 second'
     from generate_series(1, $4::integer) as i`,
    [w.workspaceId, w.publicChannelId, w.people.owner.id, FILLER],
  );
  await messageAt(FILLER + 20, w.publicChannelId, "zephyr new");
  await messageAt(5, w.publicChannelId, "quasar old");
  // One statement, so both rows get the same instant.
  await w.sql(
    `insert into public.messages (id, workspace_id, channel_id, author_id, body, created_at)
     select edge.id, $1, $2, $3, edge.body, before_edge.created_at + interval '0.5 second'
     from (values ('ffffffff-0000-4000-8000-000000000000'::uuid, 'quasar 5,000th'),
                  ('00000000-0000-4000-8000-000000000000'::uuid, 'quasar 5,001st')) as edge(id, body),
          public.messages before_edge
     where before_edge.workspace_id = $1 and before_edge.body = $4`,
    [w.workspaceId, w.publicChannelId, w.people.owner.id, EDGE_AFTER],
  );
}, 120_000);
afterAll(() => t?.close());

async function search(actor: "admin" | "member", query: string, extra: Record<string, unknown> = {}): Promise<Hit[]> {
  const { data, error } = await w
    .client(actor)
    .rpc("search_messages", { workspace_id: w.workspaceId, query, ...extra });
  expect(error).toBeNull();
  return data as Hit[];
}

const bodies = (hits: Hit[]) => hits.map((hit) => hit.body);

describe("search_messages behind the newest 5,000 messages", () => {
  it("returns the window's hits first, then older ones, newest first", async () => {
    expect(bodies(await search("member", "zephyr"))).toEqual([
      "zephyr new",
      "zephyr secret",
      "zephyr old two",
      "zephyr old one",
    ]);
  });

  it("leaves out older hits in a private channel the caller is not in", async () => {
    expect(bodies(await search("admin", "zephyr"))).toEqual(["zephyr new", "zephyr old two", "zephyr old one"]);
  });

  it("stops at max_results across the window's edge and pages on with before", async () => {
    const first = await search("member", "zephyr", { max_results: 2 });
    expect(bodies(first)).toEqual(["zephyr new", "zephyr secret"]);
    const next = await search("member", "zephyr", { max_results: 2, before: first.at(-1)?.created_at });
    expect(bodies(next)).toEqual(["zephyr old two", "zephyr old one"]);
  });

  it("finds an old Japanese word by substring, highlighted", async () => {
    const [hit, ...rest] = await search("member", "議事録");
    expect(rest).toEqual([]);
    expect(hit?.snippet).toContain("<mark>議事録</mark>");
  });

  it("applies channel and author filters on both sides of the window", async () => {
    expect(bodies(await search("member", "zephyr", { channel_id: w.privateChannelId }))).toEqual(["zephyr secret"]);
    expect(bodies(await search("member", "zephyr", { author_id: w.people.member.id }))).toEqual(["zephyr old two"]);
  });

  it("returns the 5,000th and 5,001st newest messages once each, at the same instant", async () => {
    const expected = ["quasar 5,000th", "quasar 5,001st", "quasar old"];
    expect(bodies(await search("member", "quasar"))).toEqual(expected);
    expect(bodies(await search("admin", "quasar"))).toEqual(expected);
  });

  it("stops at max_results on the 5,000th newest message and just after it", async () => {
    expect(bodies(await search("member", "quasar", { max_results: 1 }))).toEqual(["quasar 5,000th"]);
    expect(bodies(await search("member", "quasar", { max_results: 2 }))).toEqual(["quasar 5,000th", "quasar 5,001st"]);
  });

  it("finds nothing, without error, for a word in no message", async () => {
    expect(await search("member", "nebula")).toEqual([]);
  });
});
