// The service remembers each request shape's parse and read statement (src/rest/compiled). These
// tests send the same shape again with only one deciding part changed — caller, Prefer, Accept,
// Range, profile, method — or after a schema reload, and expect the answer that part calls for,
// never the one remembered for another.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { ALICE, BOB, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

const NOTES = "/notes?select=body&order=id";

/** Status, Content-Range and body (parsed when JSON) of a raw GET (or HEAD) of `path` with `headers`. */
async function answer(path: string, headers: Record<string, string> = {}, method = "GET") {
  const response = await s.http(path, { method, headers });
  const text = await response.text();
  const json = (response.headers.get("content-type") ?? "").includes("json") && text !== "";
  return {
    status: response.status,
    range: response.headers.get("content-range"),
    body: json ? (JSON.parse(text) as unknown) : text,
  };
}

describe("one request shape, several callers", () => {
  const callers: [string, () => Promise<Record<string, string>>, string[]][] = [
    ["anon", async () => ({}), []],
    ["Alice", async () => bearer(ALICE), ["alice note"]],
    ["Bob", async () => bearer(BOB), ["bob note"]],
    [
      "service_role",
      async () => ({ authorization: `Bearer ${s.t.stack.keys.secretKey}`, apikey: s.t.stack.keys.secretKey }),
      ["alice note", "bob note"],
    ],
  ];

  async function bearer(sub: string): Promise<Record<string, string>> {
    const token = await s.t.stack.keys.sign({ sub, role: "authenticated", exp: Math.floor(Date.now() / 1000) + 600 });
    return { authorization: `Bearer ${token}` };
  }

  it("answers each caller the rows its policies allow, in any order of callers", async () => {
    for (const order of [callers, [...callers].reverse()]) {
      for (const [who, headers, expected] of order) {
        const { status, body } = await answer(NOTES, await headers());
        expect({ who, status, bodies: (body as { body: string }[]).map((row) => row.body) }).toEqual({
          who,
          status: 200,
          bodies: expected,
        });
      }
    }
  });
});

describe("one query string, different deciding headers", () => {
  const path = "/kv?select=k&order=k";
  const cases: [string, Record<string, string>, string, { status: number; range: string | null; body: unknown }][] = [
    ["no headers", {}, "GET", { status: 200, range: "0-1/*", body: [{ k: "a" }, { k: "b" }] }],
    [
      "Prefer: count=exact",
      { prefer: "count=exact" },
      "GET",
      { status: 200, range: "0-1/2", body: [{ k: "a" }, { k: "b" }] },
    ],
    ["Range: 0-0", { range: "0-0" }, "GET", { status: 200, range: "0-0/*", body: [{ k: "a" }] }],
    [
      "Range: 0-0 with count",
      { range: "0-0", prefer: "count=exact" },
      "GET",
      { status: 206, range: "0-0/2", body: [{ k: "a" }] },
    ],
    ["HEAD", {}, "HEAD", { status: 200, range: "0-1/*", body: "" }],
    ["Accept: CSV", { accept: "text/csv" }, "GET", { status: 200, range: "0-1/*", body: "k\na\nb" }],
  ];

  it("answers each header set as that set alone would be answered, however often the others came first", async () => {
    for (const round of [cases, [...cases].reverse(), cases]) {
      for (const [what, headers, method, expected] of round) {
        expect({ what, ...(await answer(path, headers, method)) }).toEqual({ what, ...expected });
      }
    }
  });

  it("names the preferences and the location each read honoured, on the first request of a shape and after", async () => {
    const sent: [Record<string, string>, string | null][] = [
      [{}, null],
      [{ prefer: "count=exact" }, "count=exact"],
      [
        { prefer: "return=representation, missing=default, count=planned, handling=lenient" },
        "count=planned, handling=lenient",
      ],
      [{ prefer: "handling=strict, timezone=UTC" }, "handling=strict, timezone=UTC"],
    ];
    for (let round = 0; round < 2; round += 1) {
      for (const [headers, applied] of sent) {
        const response = await s.http(path, { headers });
        await response.arrayBuffer();
        expect({
          headers,
          applied: response.headers.get("preference-applied"),
          location: response.headers.get("content-location"),
        }).toEqual({ headers, applied, location: "/kv?order=k&select=k" });
      }
    }
  });

  it("answers the singular object media type only to requests that ask for it", async () => {
    const one = "/kv?select=k&k=eq.a";
    const object = { accept: "application/vnd.pgrst.object+json" };
    for (let round = 0; round < 2; round += 1) {
      expect(await answer(one)).toMatchObject({ status: 200, body: [{ k: "a" }] });
      expect(await answer(one, object)).toMatchObject({ status: 200, body: { k: "a" } });
    }
  });

  it("reads the schema Accept-Profile names, and only while it names it", async () => {
    for (let round = 0; round < 2; round += 1) {
      expect(await answer("/secrets?select=label", { "accept-profile": "private_api" })).toMatchObject({
        status: 200,
        body: [{ label: "hidden" }],
      });
      const unprofiled = await answer("/secrets?select=label");
      expect([unprofiled.status, (unprofiled.body as { code: string }).code]).toEqual([404, "PGRST205"]);
    }
  });
});

describe("after a schema reload", () => {
  const path = "/remembered_parents?select=id,remembered_children(id)";

  beforeAll(async () => {
    await adminSql(
      s.t,
      `create table public.remembered_parents (id int primary key);
       create table public.remembered_children (id int primary key, parent_id int references public.remembered_parents);
       grant select on public.remembered_parents, public.remembered_children to anon;
       insert into public.remembered_parents values (1);
       insert into public.remembered_children values (10, 1);
       notify pgrst, 'reload schema'`,
    );
    await until(async () => (await answer(path)).status === 200, "the new tables in the schema cache");
  });

  it("answers a shape seen before the reload with the reloaded schema's meaning", async () => {
    // Many-to-one from the parent's side: an array of children.
    expect(await answer(path)).toMatchObject({ body: [{ id: 1, remembered_children: [{ id: 10 }] }] });
    // A unique foreign key makes it one-to-one: the same request now embeds one object.
    await adminSql(s.t, `alter table public.remembered_children add unique (parent_id); notify pgrst, 'reload schema'`);
    await expect
      .poll(async () => (await answer(path)).body, { timeout: 10_000 })
      .toEqual([{ id: 1, remembered_children: { id: 10 } }]);
  });
});
