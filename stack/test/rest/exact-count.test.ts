// `Prefer: count=exact` answers the same total and page however the service reads it: a HEAD
// counts the filtered rows once and derives the page from the range, an unranged GET is its own
// total, a ranged GET counts beside its page. Each case below is sent as GET and as HEAD; both must
// give the status and Content-Range PostgREST gives, and the GET the rows that range selects.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setPgrstSetting } from "./admin-sql.ts";
import { ALICE, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

const COUNT = { prefer: "count=exact" };

type Answer = [status: number, range: string];

/**
 * (what, path, extra headers, GET's status and Content-Range, HEAD's when they differ) — messages:
 * ids 1–3 in channel 1, 4 in channel 2. A `Range` header applies to GET only (upstream), so a HEAD
 * with one answers the whole set.
 */
const CASES: [string, string, Record<string, string>, number, string, Answer?][] = [
  ["no range", "/messages?select=id&order=id", {}, 200, "0-3/4"],
  ["a filter", "/messages?select=id&channel_id=eq.1&order=id", {}, 200, "0-2/3"],
  ["nothing matches", "/messages?select=id&channel_id=eq.3", {}, 200, "*/0"],
  ["limit", "/messages?select=id&order=id&limit=2", {}, 206, "0-1/4"],
  ["limit and offset", "/messages?select=id&order=id&limit=2&offset=1", {}, 206, "1-2/4"],
  ["offset only", "/messages?select=id&order=id&offset=3", {}, 206, "3-3/4"],
  ["offset at the total", "/messages?select=id&order=id&offset=4", {}, 206, "*/4"],
  ["Range header", "/messages?select=id&order=id", { range: "1-2" }, 206, "1-2/4", [200, "0-3/4"]],
  ["Range header past the rows", "/messages?select=id&order=id", { range: "2-9" }, 206, "2-3/4", [200, "0-3/4"]],
  [
    "Range header on a filter",
    "/messages?select=id&channel_id=eq.1&order=id",
    { range: "0-0" },
    206,
    "0-0/3",
    [200, "0-2/3"],
  ],
  ["Range header and limit", "/messages?select=id&order=id&limit=3", { range: "1-5" }, 206, "1-2/4", [206, "0-2/4"]],
  ["a to-many embed", "/channels?select=id,messages(id)&order=id", {}, 200, "0-2/3"],
  ["a to-many embed, ranged", "/channels?select=id,messages(id)&order=id&limit=1", {}, 206, "0-0/3"],
  ["a to-one embed", "/messages?select=id,sender:users!sender_id(username)&order=id", {}, 200, "0-3/4"],
  ["a to-one embed, ranged", "/messages?select=id,sender:users!sender_id(username)&order=id&limit=3", {}, 206, "0-2/4"],
  [
    "an inner embed filtering its parents",
    "/channels?select=id,messages!inner(id)&messages.body=like.*cats*&order=id",
    {},
    200,
    "0-0/1",
  ],
  ["an embed null filter", "/channels?select=id,messages(id)&messages=not.is.null&order=id&limit=1", {}, 206, "0-0/2"],
  [
    "an embed-only filter, ranged",
    "/channels?select=id,messages(id)&messages.id=eq.4&order=id&limit=2",
    {},
    206,
    "0-1/3",
  ],
];

describe("exact counts over GET and HEAD", () => {
  it.each(CASES)(
    "answers %s with the total and page it asks for",
    async (_what, path, headers, status, range, asHead) => {
      const get = await s.http(path, { headers: { ...COUNT, ...headers } });
      const rows = (await get.json()) as unknown[];
      const head = await s.http(path, { method: "HEAD", headers: { ...COUNT, ...headers } });
      expect({
        get: [get.status, get.headers.get("content-range")],
        head: [head.status, head.headers.get("content-range")],
        body: await head.text(),
      }).toEqual({ get: [status, range], head: asHead ?? [status, range], body: "" });
      const [, first, last] = /^(\d+)-(\d+)\//.exec(range) ?? [];
      expect(rows.length).toBe(first === undefined ? 0 : Number(last) - Number(first) + 1);
    },
  );

  it("answers an offset past the total with 416 over HEAD as over GET", async () => {
    for (const method of ["GET", "HEAD"]) {
      const response = await s.http("/messages?select=id&offset=5", { method, headers: COUNT });
      expect([method, response.status, response.headers.get("content-range")]).toEqual([method, 416, "*/4"]);
    }
  });

  it("counts only the rows the caller's policies let it see", async () => {
    const anon = await s.anon.from("notes").select("id", { count: "exact", head: true });
    const alice = await (await s.asUser(ALICE)).from("notes").select("id", { count: "exact", head: true });
    const service = await s.service.from("notes").select("id", { count: "exact", head: true });
    expect([anon.count, alice.count, service.count]).toEqual([0, 1, 2]);
  });

  it("refuses an order by a relation that is not embedded, over HEAD too", async () => {
    const response = await s.http("/messages?select=id&order=sender(username)", { method: "HEAD", headers: COUNT });
    const get = await s.http("/messages?select=id&order=sender(username)", { headers: COUNT });
    expect([response.status, get.status]).toEqual([400, 400]);
  });

  it("answers HEAD as GET for aggregates (the count is of rows, not groups, as before)", async () => {
    await setPgrstSetting(s.t, "db_aggregates_enabled", "true");
    const path = "/messages?select=channel_id,count()&order=channel_id";
    await expect.poll(async () => (await s.http(path)).status, { timeout: 5000 }).toBe(200);
    for (const method of ["GET", "HEAD"]) {
      const response = await s.http(path, { method, headers: COUNT });
      expect([method, response.status, response.headers.get("content-range")]).toEqual([method, 206, "0-1/4"]);
    }
    await setPgrstSetting(s.t, "db_aggregates_enabled", undefined);
  });
});
