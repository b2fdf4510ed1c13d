import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { TestStack } from "../support/test-stack.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, messageBy, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  for (const body of [
    "明日の会議は東京オフィスで十時から始まります。",
    "اجتماع الفريق غداً في الساعة العاشرة صباحاً",
    "Die Besprechungen mit den Kunden sind auf Mittwoch verschoben.",
    "The cats are sleeping on the <b>keyboard</b> again",
    "J'ai mis à jour les maquettes de la page de recherche.",
  ]) {
    await messageBy(w, w.people.member.id, w.publicChannelId, body);
  }
  await messageBy(w, w.people.owner.id, w.privateChannelId, "秘密の会議は金曜日です");
});
afterAll(() => t?.close());

interface Hit {
  id: string;
  channel_id: string;
  body: string;
  snippet: string;
}

async function search(
  actor: "owner" | "admin" | "member" | "outsider",
  query: string,
  extra: Record<string, unknown> = {},
): Promise<Hit[]> {
  const { data, error } = await w
    .client(actor)
    .rpc("search_messages", { workspace_id: w.workspaceId, query, ...extra });
  expect(error).toBeNull();
  return data as Hit[];
}

describe("search_messages", () => {
  it.each([
    ["Japanese, a word inside a sentence without spaces", "会議", "明日の会議は", "<mark>会議</mark>"],
    ["Arabic, the word without its article", "الاجتماع", "اجتماع الفريق", "<mark>اجتماع</mark>"],
    ["German, the singular of a plural", "Besprechung", "Die Besprechungen", "<mark>Besprechungen</mark>"],
    ["English, a stem", "cat", "The cats", "<mark>cats</mark>"],
    ["French, with accents", "recherche", "maquettes", "<mark>recherche</mark>"],
  ])("finds %s", async (_language, query, found, highlighted) => {
    const hits = await search("member", query);
    expect(hits.map((hit) => hit.body)).toContainEqual(expect.stringContaining(found));
    expect(hits.find((hit) => hit.body.includes(found))?.snippet).toContain(highlighted);
  });

  it("escapes the message in the snippet so only <mark> is markup", async () => {
    const [hit] = await search("member", "keyboard");
    expect(hit?.snippet).toContain("&lt;b&gt;<mark>keyboard</mark>&lt;/b&gt;");
  });

  it("finds private-channel messages only for the channel's members", async () => {
    expect((await search("owner", "秘密")).map((hit) => hit.channel_id)).toEqual([w.privateChannelId]);
    expect(await search("admin", "秘密")).toEqual([]);
    expect(await search("outsider", "会議")).toEqual([]);
  });

  it("filters by channel and author and pages with before", async () => {
    expect(await search("owner", "会議", { channel_id: w.publicChannelId, author_id: w.people.owner.id })).toEqual([]);
    const all = await search("owner", "会議");
    expect(all).toHaveLength(2);
    const [first] = (
      await w.client("owner").rpc("search_messages", { workspace_id: w.workspaceId, query: "会議", max_results: 1 })
    ).data as (Hit & {
      created_at: string;
    })[];
    const next = await search("owner", "会議", { before: first?.created_at });
    expect(next.map((hit) => hit.id)).toEqual(all.slice(1).map((hit) => hit.id));
  });

  it("treats LIKE wildcards in the query as text", async () => {
    expect(await search("member", "%")).toEqual([]);
  });

  it("refuses a query over 1000 characters with 400 and PostgREST's error shape", async () => {
    const { data, error, status } = await w
      .client("member")
      .rpc("search_messages", { workspace_id: w.workspaceId, query: "ab ".repeat(14_000) });
    expect(status).toBe(400);
    expect(data).toBeNull();
    expect(error).toMatchObject({ code: "22023", message: "search query is longer than 1000 characters" });
  });

  it("answers a query of 1000 characters made of many short words", async () => {
    const words = Array.from({ length: 500 }, (_, i) => String.fromCharCode(97 + (i % 26)));
    const query = words.join(" ").padEnd(1000, "z");
    expect(query).toHaveLength(1000);
    expect(await search("member", query)).toEqual([]);
  });
});
