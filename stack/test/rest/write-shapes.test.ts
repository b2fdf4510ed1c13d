// The service remembers each write's statement by its shape: the parse (query string, Prefer,
// Content-Type, …), the table and the columns the body writes (src/rest/compiled). These tests send
// one request shape with bodies of different columns, the same body under different preferences,
// and a shape again after a schema reload, and expect what each body and preference calls for.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
  await adminSql(
    s.t,
    `create table public.shapes (k text primary key, v text, n int default 7, b bigint);
     grant all on public.shapes to anon;
     -- Keeps what a trigger sees of the count of new rows PostgREST keeps for upserts and PUT.
     create table public.upserts (k text primary key default 'd' || gen_random_uuid(), v text, seen text);
     create function public.upserts_seen() returns trigger language plpgsql as $$
       begin new.seen := nullif(current_setting('pgrst.inserted', true), ''); return new; end $$;
     create trigger upserts_seen before insert on public.upserts for each row execute function public.upserts_seen();
     grant all on public.upserts to anon;
     create table public.keyless (k text, v text);
     grant all on public.keyless to anon;
     notify pgrst, 'reload schema'`,
  );
  await until(async () => (await s.http("/keyless")).status === 200, "the new tables in the schema cache");
});
afterAll(() => s?.t.close());

/** POSTs (or sends `method`) a raw JSON text to `/shapes…` and answers status and parsed body. */
async function send(path: string, body: string, headers: Record<string, string> = {}, method = "POST") {
  const response = await s.http(path, {
    method,
    body,
    headers: { "content-type": "application/json", ...headers },
  });
  const text = await response.text();
  return { status: response.status, body: text === "" ? text : (JSON.parse(text) as unknown) };
}

const REPRESENTATION = { prefer: "return=representation" };

async function rows(keys: string[]) {
  const { data } = await s.anon.from("shapes").select("k,v,n").in("k", keys).order("k");
  return data;
}

describe("one write shape, bodies of different columns", () => {
  it("inserts each body's own columns, in any order of keys", async () => {
    const answers = [
      await send("/shapes", JSON.stringify({ k: "c1", v: "one" }), REPRESENTATION),
      await send("/shapes", JSON.stringify({ k: "c2", n: 2 }), REPRESENTATION),
      await send("/shapes", JSON.stringify({ n: 3, k: "c3" }), REPRESENTATION),
      await send("/shapes", JSON.stringify({ k: "c4", v: "four" }), REPRESENTATION),
    ];
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [201, [{ k: "c1", v: "one", n: 7, b: null }]],
      [201, [{ k: "c2", v: null, n: 2, b: null }]],
      [201, [{ k: "c3", v: null, n: 3, b: null }]],
      [201, [{ k: "c4", v: "four", n: 7, b: null }]],
    ]);
  });

  it("answers an unknown column with PGRST204 after the same shape succeeded with known ones", async () => {
    expect((await send("/shapes", JSON.stringify({ k: "u1" }))).status).toBe(201);
    expect(await send("/shapes", JSON.stringify({ k: "u2", nope: 1 }))).toMatchObject({
      status: 400,
      body: { code: "PGRST204" },
    });
    expect((await send("/shapes", JSON.stringify({ k: "u3" }))).status).toBe(201);
  });

  it("writes only the columns= columns whatever keys the body has", async () => {
    await send("/shapes?columns=k,v", JSON.stringify({ k: "l1", v: "x", n: 1 }));
    await send("/shapes?columns=k,v", JSON.stringify({ k: "l2", n: 2 }));
    await send("/shapes?columns=k,n", JSON.stringify({ k: "l3", v: "y", n: 3 }));
    expect(await rows(["l1", "l2", "l3"])).toEqual([
      { k: "l1", v: "x", n: 7 },
      { k: "l2", v: null, n: 7 },
      { k: "l3", v: null, n: 3 },
    ]);
  });

  it("takes column defaults for the keys each bulk body lacks with missing=default", async () => {
    const prefer = { prefer: "missing=default,return=representation" };
    const first = await send("/shapes?columns=k,v,n", JSON.stringify([{ k: "m1", v: "a" }, { k: "m2" }]), prefer);
    const second = await send("/shapes?columns=k,v,n", JSON.stringify([{ k: "m3", n: 1 }]), prefer);
    expect([first.body, second.body]).toEqual([
      [
        { k: "m1", v: "a", n: 7, b: null },
        { k: "m2", v: null, n: 7, b: null },
      ],
      [{ k: "m3", v: null, n: 1, b: null }],
    ]);
  });

  it("merges only each upsert body's columns on conflict", async () => {
    const upsert = { prefer: "resolution=merge-duplicates,return=representation" };
    await send("/shapes?on_conflict=k", JSON.stringify({ k: "o1", v: "kept", n: 1 }), upsert);
    const onlyN = await send("/shapes?on_conflict=k", JSON.stringify({ k: "o1", n: 2 }), upsert);
    const onlyV = await send("/shapes?on_conflict=k", JSON.stringify({ k: "o1", v: "new" }), upsert);
    expect([onlyN.status, onlyN.body, onlyV.status, onlyV.body]).toEqual([
      200,
      [{ k: "o1", v: "kept", n: 2, b: null }],
      200,
      [{ k: "o1", v: "new", n: 2, b: null }],
    ]);
  });

  it("updates only each PATCH body's columns", async () => {
    await send("/shapes", JSON.stringify({ k: "p1", v: "v0", n: 0 }));
    const patch = (body: object) => send("/shapes?k=eq.p1", JSON.stringify(body), REPRESENTATION, "PATCH");
    const answers = [await patch({ v: "v1" }), await patch({ n: 1 }), await patch({})];
    expect(answers.map((a) => [a.status, a.body])).toEqual([
      [200, [{ k: "p1", v: "v1", n: 0, b: null }]],
      [200, [{ k: "p1", v: "v1", n: 1, b: null }]],
      [200, []],
    ]);
  });

  it("refuses a PUT of two rows after the same shape put one", async () => {
    const one = await send("/shapes?k=eq.t1", JSON.stringify([{ k: "t1", v: "a" }]), {}, "PUT");
    const two = await send("/shapes?k=eq.t1", JSON.stringify([{ k: "t1" }, { k: "t1" }]), {}, "PUT");
    expect([one.status, two.status, (two.body as { code: string }).code]).toEqual([204, 405, "PGRST105"]);
  });

  it("reads CSV bodies of different headers as their own columns", async () => {
    const csv = (text: string) => send("/shapes", text, { "content-type": "text/csv" });
    await csv("k,v\ncsv1,x");
    await csv("k,n\ncsv2,5");
    expect(await rows(["csv1", "csv2"])).toEqual([
      { k: "csv1", v: "x", n: 7 },
      { k: "csv2", v: null, n: 5 },
    ]);
  });
});

describe("one body, different preferences", () => {
  it("answers return=minimal, headers-only and representation as each asks", async () => {
    const minimal = await send("/shapes", JSON.stringify({ k: "r1" }));
    const location = await s.http("/shapes", {
      method: "POST",
      body: JSON.stringify({ k: "r2" }),
      headers: { "content-type": "application/json", prefer: "return=headers-only" },
    });
    const full = await send("/shapes", JSON.stringify({ k: "r3" }), REPRESENTATION);
    expect([minimal, location.status, location.headers.get("location"), full]).toEqual([
      { status: 201, body: "" },
      201,
      "/shapes?k=eq.r2",
      { status: 201, body: [{ k: "r3", v: null, n: 7, b: null }] },
    ]);
  });

  it("counts the written rows only when asked", async () => {
    const plain = await s.http("/shapes", {
      method: "POST",
      body: JSON.stringify([{ k: "n1" }, { k: "n2" }]),
      headers: { "content-type": "application/json" },
    });
    const counted = await s.http("/shapes", {
      method: "POST",
      body: JSON.stringify([{ k: "n3" }, { k: "n4" }]),
      headers: { "content-type": "application/json", prefer: "count=exact" },
    });
    expect([plain.headers.get("content-range"), counted.headers.get("content-range")]).toEqual(["*/*", "*/2"]);
  });
});

describe("the status of an upsert or PUT: whether a row was new", () => {
  const MERGE = "resolution=merge-duplicates";
  const IGNORE = "resolution=ignore-duplicates";
  /** (what, method, path, Prefer, body, expected status), in order: `u1` exists after the first row. */
  const CASES: [string, string, string, string, unknown, number][] = [
    ["a plain insert", "POST", "/upserts", "", { k: "u1", v: "a" }, 201],
    ["a merge of a row that exists", "POST", "/upserts", MERGE, { k: "u1", v: "b" }, 200],
    [
      "a merge of a new row beside one that exists",
      "POST",
      "/upserts",
      MERGE,
      [
        { k: "u1", v: "c" },
        { k: "u2", v: null },
      ],
      201,
    ],
    [
      "a merge of rows that all exist",
      "POST",
      "/upserts",
      `${MERGE},return=representation`,
      [{ k: "u1" }, { k: "u2" }],
      200,
    ],
    ["ignoring a row that exists", "POST", "/upserts", IGNORE, { k: "u1", v: "ignored" }, 201],
    ["a merge on a columns= shape", "POST", "/upserts?columns=k", MERGE, [{ k: "u3", v: "dropped" }], 201],
    ["a PUT of a new row", "PUT", "/upserts?k=eq.u4", "return=representation", { k: "u4", v: "p" }, 201],
    ["a PUT of a row that exists", "PUT", "/upserts?k=eq.u4", "return=representation", { k: "u4", v: "q" }, 200],
    ["a PUT of a row that exists, minimal", "PUT", "/upserts?k=eq.u4", "", { k: "u4", v: "r" }, 204],
  ];

  it("answers 201 when a row was new and 200 when every row existed, as PostgREST", async () => {
    const statuses: [string, number][] = [];
    for (const [what, method, path, prefer, body] of CASES) {
      const headers: Record<string, string> = prefer === "" ? {} : { prefer };
      statuses.push([what, (await send(path, JSON.stringify(body), headers, method)).status]);
    }
    expect(statuses).toEqual(CASES.map(([what, , , , , status]) => [what, status]));
    const { data } = await s.anon.from("upserts").select("k,v").order("k");
    expect(data).toEqual([
      { k: "u1", v: "c" },
      { k: "u2", v: null },
      { k: "u3", v: null },
      { k: "u4", v: "r" },
    ]);
  });

  it("counts new rows in pgrst.inserted only for upserts and PUT, as PostgREST", async () => {
    await send("/upserts", JSON.stringify({ k: "t1" }));
    await send("/upserts", JSON.stringify({ k: "t2" }), { prefer: IGNORE });
    await send("/upserts", JSON.stringify([{ k: "t3" }, { k: "t4" }]), { prefer: MERGE });
    await send("/upserts?k=eq.t5", JSON.stringify({ k: "t5" }), {}, "PUT");
    const { data } = await s.anon.from("upserts").select("k,seen").like("k", "t*").order("k");
    expect(data).toEqual([
      { k: "t1", seen: null },
      { k: "t2", seen: null },
      { k: "t3", seen: "1" },
      { k: "t4", seen: "2" },
      { k: "t5", seen: "1" },
    ]);
  });

  it("inserts a row of column defaults from an empty object, counted only for a merge", async () => {
    const plain = await send("/upserts", "{}");
    const merged = await send("/upserts", "{}", { prefer: MERGE });
    const { data } = await s.anon.from("upserts").select("seen").like("k", "d*");
    expect([plain.status, merged.status, data?.map((row) => row.seen).sort()]).toEqual([201, 201, ["1", null]]);
  });
});

describe("Preference-Applied of a remembered write shape", () => {
  /** Sends one request twice (the second from the remembered shape): both answers' status and header. */
  async function applied(path: string, body: string, prefer: string, method = "POST") {
    const answers = [];
    for (const k of ["1", "2"]) {
      const response = await s.http(path.replace("{k}", k), {
        method,
        body: body.replace("{k}", k),
        headers: { "content-type": "application/json", prefer },
      });
      await response.arrayBuffer();
      answers.push([response.status, response.headers.get("preference-applied")]);
    }
    return answers;
  }

  const every = "resolution=merge-duplicates, missing=default, return=minimal, count=exact, handling=lenient";

  it.each([
    ["an upsert on a table with a key, with its resolution", "/shapes", every, [201, every]],
    [
      "an upsert on a table without a key, without the resolution it could not apply",
      "/keyless",
      every,
      [201, "missing=default, return=minimal, count=exact, handling=lenient"],
    ],
    [
      "an insert with max-affected, which only handling=strict reports",
      "/keyless",
      "max-affected=5, return=headers-only",
      [201, "return=headers-only"],
    ],
    ["an insert with no preference", "/keyless", "", [201, null]],
  ])("names what %s honoured", async (_name, path, prefer, expected) => {
    expect(await applied(path, '{"k":"pa{k}","v":"x"}', prefer)).toEqual([expected, expected]);
  });

  it("names handling=strict and max-affected on an update within the limit, in PostgREST's order", async () => {
    const prefer = "max-affected=5, handling=strict, return=representation";
    const expected = [200, "return=representation, handling=strict, max-affected=5"];
    expect(await applied("/keyless?k=eq.pa{k}", '{"v":"y"}', prefer, "PATCH")).toEqual([expected, expected]);
  });
});

describe("the body as sent", () => {
  it("keeps every digit of a number beyond JavaScript's exact integers", async () => {
    const big = "9007199254740993";
    const inserted = await send("/shapes", `{"k":"big1","b":${big}}`);
    const upserted = await send("/shapes?columns=k,b", `[{"k":"big2","b":${big}}]`);
    const patched = await send("/shapes?k=eq.big1", `{"b":${big}1}`, {}, "PATCH");
    const { data } = await s.anon.from("shapes").select("k,b::text").in("k", ["big1", "big2"]).order("k");
    expect([inserted.status, upserted.status, patched.status, data]).toEqual([
      201,
      201,
      204,
      [
        { k: "big1", b: `${big}1` },
        { k: "big2", b: big },
      ],
    ]);
  });
});

describe("a write shape across a schema reload", () => {
  it("writes with the reloaded column types", async () => {
    expect((await send("/shapes", JSON.stringify({ k: "s1", n: 1 }))).status).toBe(201);
    expect((await send("/shapes", JSON.stringify({ k: "s2", n: "not a number" }))).status).toBe(400);
    await adminSql(s.t, `alter table public.shapes alter column n type text; notify pgrst, 'reload schema'`);
    await expect
      .poll(async () => (await send("/shapes", JSON.stringify({ k: "s3", n: "now text" }))).status, {
        timeout: 10_000,
      })
      .toBe(201);
    expect(await rows(["s3"])).toEqual([{ k: "s3", v: null, n: "now text" }]);
  });
});
