// Arbitrary and mutated query strings never crash the service, and injection attempts through
// every parameter position change nothing.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

const VALID = [
  "select=id,username,data->>city&age=gt.20&order=age.desc.nullslast&limit=2",
  "select=slug,messages!inner(id,users!sender_id(username))&messages.body=ilike.*a*&messages.order=id",
  "select=*&or=(age.lt.30,and(status.eq.ONLINE,tags.cs.{dev}))",
  "select=id,...users!sender_id(username)&body=wfts(english).report",
  "select=slug,channels(slug),parent_id(slug)&open_hours=ov.[1,5)",
];
const TABLES = ["users", "channels", "messages"];
const CHARS = [
  "(",
  ")",
  ",",
  ".",
  "!",
  ":",
  "*",
  '"',
  "'",
  "\\",
  "%",
  "{",
  "}",
  "[",
  "]",
  "-",
  ">",
  "&",
  "=",
  " ",
  "a",
  "1",
  "eq",
  "not.",
  "->",
  "::",
];

async function expectClean(path: string, init?: RequestInit) {
  const response = await s.http(path, init);
  const text = await response.text();
  expect(response.status, `${path} → ${text}`).toBeLessThan(500);
  if (response.status >= 400) {
    const body = JSON.parse(text) as Record<string, unknown>;
    expect(Object.keys(body).sort()).toEqual(["code", "details", "hint", "message"]);
  }
}

describe("fuzzing the query string", () => {
  it("answers arbitrary query strings with 2xx/3xx or a clean 4xx", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...TABLES), fc.string({ maxLength: 60 }), async (table, query) => {
        await expectClean(`/${table}?${encodeURI(query).replaceAll("#", "%23")}`);
      }),
      { numRuns: 120 },
    );
  });

  it("answers mutated valid queries with 2xx/3xx or a clean 4xx", async () => {
    const mutation = fc.record({ at: fc.nat(), char: fc.constantFrom(...CHARS), drop: fc.nat({ max: 3 }) });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...TABLES),
        fc.constantFrom(...VALID),
        fc.array(mutation, { minLength: 1, maxLength: 4 }),
        async (table, base, mutations) => {
          let query = base;
          for (const m of mutations) {
            const at = m.at % (query.length + 1);
            query = query.slice(0, at) + m.char + query.slice(at + m.drop);
          }
          await expectClean(`/${table}?${query.replaceAll("#", "%23")}`);
        },
      ),
      { numRuns: 150 },
    );
  });
});

describe("injection attempts", () => {
  const evil = [
    "'; drop table kv; --",
    '"; drop table kv; --',
    "1) or 1=1; delete from kv; --",
    "$1",
    "\\'; truncate kv; --",
    'kv"); delete from kv; --',
  ];
  const positions = (x: string) => {
    const e = encodeURIComponent(x);
    return [
      `/kv?v=eq.${e}`,
      `/kv?v=in.(${e})`,
      `/kv?v=like.${e}`,
      `/kv?or=(v.eq.${e})`,
      `/kv?select=${e}`,
      `/kv?select=a:${e}`,
      `/kv?order=${e}`,
      `/kv?${e}=eq.1`,
      `/kv?v->>${e}=eq.1`,
      `/kv?select=v->${e}`,
      `/kv?v=fts(${e}).x`,
      `/kv?select=v::${e}`,
      `/${e}`,
      `/rpc/${e}`,
      `/rpc/add?a=${e}`,
      `/kv?limit=${e}`,
    ];
  };

  it("returns data or a clean error and changes nothing", async () => {
    const before = await s.t.stack.db.admin.query("select count(*)::int as n from public.kv");
    for (const attempt of evil) {
      for (const path of positions(attempt)) await expectClean(path);
      await expectClean("/kv", {
        method: "POST",
        headers: { "content-type": "application/json", prefer: `return=representation, ${attempt}` },
        body: JSON.stringify({ k: attempt, v: attempt }),
      });
      await expectClean(`/kv?on_conflict=${encodeURIComponent(attempt)}`, {
        method: "POST",
        headers: { "content-type": "application/json", prefer: "resolution=merge-duplicates" },
        body: JSON.stringify({ k: "a" }),
      });
      await expectClean(`/kv?columns=${encodeURIComponent(attempt)}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: "{}",
      });
      await expectClean("/kv", { headers: { "accept-profile": attempt } });
      await expectClean("/rpc/echo", {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ payload: attempt }),
      });
      await s.http(`/kv?k=eq.${encodeURIComponent(attempt)}`, { method: "DELETE" });
    }
    const after = await s.t.stack.db.admin.query("select count(*)::int as n from public.kv");
    expect(after.rows[0]).toEqual(before.rows[0]);
  });
});
