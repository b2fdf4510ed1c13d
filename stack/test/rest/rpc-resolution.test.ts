// PostgREST's function resolution (Plan.hs `findProc`): raw bodies for a single unnamed parameter,
// overloads told apart by parameter names and defaults, PGRST203 (300) listing the candidates in
// PostgREST's order; and `Prefer: count` on /rpc over GET, POST and HEAD.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
  await adminSql(
    s.t,
    `
    create function public.raw_text(text) returns text language sql immutable as $$ select 'text:' || $1 $$;
    create function public.raw_xml(xml) returns text language sql immutable as $$ select 'xml:' || $1::text $$;
    create function public.raw_bytes(bytea) returns int language sql immutable as $$ select length($1) $$;
    create function public.raw_jsonb(jsonb) returns jsonb language sql immutable as $$ select $1 -> 'n' $$;
    create function public.pick(a int) returns text language sql immutable as $$ select 'a' $$;
    create function public.pick(b text) returns text language sql immutable as $$ select 'b' $$;
    create function public.dflt(a int, b int default 2) returns text language sql immutable as $$ select 'two' $$;
    create function public.dflt(a int) returns text language sql immutable as $$ select 'one' $$;
    create function public.tie(b text) returns text language sql immutable as $$ select 'text' $$;
    create function public.tie(b int) returns text language sql immutable as $$ select 'int' $$;
    create function public.twin(jsonb) returns text language sql immutable as $$ select 'jsonb' $$;
    create function public.twin(json) returns text language sql immutable as $$ select 'json' $$;
    create function public.numbers() returns setof int language sql immutable as $$ select generate_series(1, 5) $$;
    notify pgrst, 'reload schema';
    `,
  );
  await until(async () => (await s.anon.rpc("numbers")).status === 200, "the schema cache sees the new functions");
});
afterAll(() => s?.t.close());

const post = (fn: string, contentType: string, body: BodyInit) =>
  s.http(`/rpc/${fn}`, { method: "POST", headers: { "content-type": contentType }, body });

describe("a single unnamed parameter takes the raw body", () => {
  it.each([
    ["text/plain", "raw_text", "héllo", "text:héllo"],
    ["text/xml", "raw_xml", "<a>1</a>", "xml:<a>1</a>"],
    ["application/json", "raw_jsonb", JSON.stringify({ n: 5 }), 5],
    ["application/octet-stream", "raw_bytes", new Uint8Array([0, 255, 1, 200]), 4],
  ])("%s to %s", async (contentType, fn, body, expected) => {
    const response = await post(fn, contentType, body);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(expected);
  });

  it("does not call a parameterless function with a raw text body", async () => {
    const response = await post("hello", "text/plain", "x");
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({
      code: "PGRST202",
      message: "Could not find the function public.hello in the schema cache",
      details:
        "Searched for the function public.hello with a single unnamed text parameter, but no matches were found in the schema cache.",
      hint: null,
    });
  });

  it("does not fall back to the raw-body function on GET", async () => {
    const { error, status } = await s.anon.rpc("raw_json", { x: "1" }, { get: true });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.raw_json(x) in the schema cache",
      details:
        "Searched for the function public.raw_json with parameter x, but no matches were found in the schema cache.",
    });
  });

  it("names the JSON fallback in the details of a POST that matches nothing", async () => {
    const { error } = await s.anon.rpc("add", { c: 1, d: 2 });
    expect(error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.add(c, d) in the schema cache",
      details:
        "Searched for the function public.add with parameters c, d or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
    });
  });
});

describe("overloads", () => {
  it.each([
    ["by parameter name a", () => s.anon.rpc("pick", { a: 1 }), "a"],
    ["by parameter name b", () => s.anon.rpc("pick", { b: 1 }, { get: true }), "b"],
    ["by a default's name", () => s.anon.rpc("dflt", { a: 1, b: 3 }), "two"],
  ])("are told apart %s", async (_name, call, expected) => {
    const { data, error } = await call();
    expect(error).toBeNull();
    expect(data).toEqual(expected);
  });

  it.each([
    [
      "a call both a default and a plain overload accept",
      () => s.anon.rpc("dflt", { a: 1 }),
      "public.dflt(a => integer), public.dflt(a => integer, b => integer)",
    ],
    [
      "overloads differing only by type, in type order",
      () => s.anon.rpc("tie", { b: "1" }),
      "public.tie(b => integer), public.tie(b => text)",
    ],
    [
      "two single unnamed JSON functions for a JSON body",
      () => s.anon.rpc("twin", { any: 1 }),
      "public.twin( => json), public.twin( => jsonb)",
    ],
  ])("answer PGRST203 with HTTP 300 for %s", async (_name, call, candidates) => {
    const { error, status } = await call();
    expect(status).toBe(300);
    expect(error).toEqual({
      code: "PGRST203",
      message: `Could not choose the best candidate function between: ${candidates}`,
      details: null,
      hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
    });
  });
});

describe("Prefer: count on /rpc", () => {
  it.each([
    ["POST", { count: "exact" as const }],
    ["GET", { count: "exact" as const, get: true }],
    ["HEAD", { count: "exact" as const, head: true }],
    ["POST, estimated", { count: "estimated" as const }],
  ])("fills the total of a SETOF table function over %s", async (_name, options) => {
    const { count, status } = await s.anon.rpc("channel_messages", { channel: 1 }, options).limit(1);
    expect([count, status]).toEqual([3, 206]);
  });

  it.each([
    ["POST", {}],
    ["GET", { get: true }],
    ["HEAD", { head: true }],
  ])("fills the total of a SETOF scalar function over %s", async (_name, options) => {
    const { count, status } = await s.anon.rpc("numbers", undefined, { count: "exact", ...options }).limit(2);
    expect([count, status]).toEqual([5, 206]);
  });

  it("counts the filtered rows of a RETURNS TABLE function", async () => {
    const { data, count } = await s.anon.rpc("user_counts", undefined, { count: "exact" }).eq("status", "ONLINE");
    expect([data, count]).toEqual([[{ status: "ONLINE", total: 1 }], 1]);
  });

  it.each([
    ["POST", {}],
    ["GET", { get: true }],
    ["HEAD", { head: true }],
  ])("counts one row for a scalar function over %s", async (_name, options) => {
    const response = await s.anon.rpc("add", { a: 1 }, { count: "exact", ...options });
    expect([response.count, response.status]).toEqual([1, 200]);
  });
});
