// A single unnamed parameter is named "" in PostgREST's schema cache (Plan.hs `findProc`), so
// supabase-js's `rpc(fn, { "": value })` — and a call without arguments when it has a default —
// fits it like any named parameter, and the function gets the whole body (`OnePosParam`). Unnamed
// parameters of other types are not in the cache at all, so their overloads never compete.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
  await adminSql(
    s.t,
    `
    create function public.unnamed_default() returns int language sql as 'select 1';
    create function public.unnamed_default(int default 42) returns int language sql as 'select 2';
    create function public.unnamed_default(text default 'default') returns text language sql as $$ select 'text:' || $1 $$;
    create function public.unnamed_overload() returns int language sql as 'select 1';
    create function public.unnamed_overload(bool) returns int language sql as 'select 3';
    create function public.unnamed_overload(text) returns text language sql as $$ select 'text' $$;
    create function public.unnamed_integer(int) returns int language sql as 'select 1';
    create function public.unnamed_json(json) returns json language sql as $$ select $1 $$;
    notify pgrst, 'reload schema';
    `,
  );
  await until(async () => (await s.anon.rpc("unnamed_json", { "": 1 })).status === 200, "the cache has the functions");
});
afterAll(() => s?.t.close());

const ambiguity = (fn: string) => ({
  code: "PGRST203",
  details: null,
  hint: "Try renaming the parameters or the function itself in the database so function overloading can be resolved",
  message: `Could not choose the best candidate function between: public.${fn}(), public.${fn}( => text)`,
});

describe('rpc(fn, { "": value })', () => {
  it("calls the overload whose unnamed parameter is text, with the whole body", async () => {
    const { data, error, status } = await s.anon.rpc("unnamed_default", { "": "custom" });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe('text:{"":"custom"}');
  });

  it("ignores unnamed bool and int overloads whatever the value's type", async () => {
    const { data, status } = await s.anon.rpc("unnamed_overload", { "": true });
    expect(status).toBe(200);
    expect(data).toBe("text");
  });

  it("gives an unnamed json parameter the whole object", async () => {
    const { data } = await s.anon.rpc("unnamed_json", { "": { test: "value" } });
    expect(data).toEqual({ "": { test: "value" } });
  });

  it("does not find a function whose only parameter is an unnamed int", async () => {
    const { error, status } = await s.anon.rpc("unnamed_integer", { "": 1 });
    expect(status).toBe(404);
    expect(error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.unnamed_integer() in the schema cache",
      details:
        "Searched for the function public.unnamed_integer with parameter  or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.",
    });
  });
});

describe("an unnamed parameter with a default", () => {
  it("competes with the parameterless overload: PGRST203, 300", async () => {
    const { error, status } = await s.anon.rpc("unnamed_default");
    expect(status).toBe(300);
    expect(error).toEqual(ambiguity("unnamed_default"));
  });

  it("competes on GET too", async () => {
    const { error, status } = await s.anon.rpc("unnamed_default", {}, { get: true });
    expect(status).toBe(300);
    expect(error).toEqual(ambiguity("unnamed_default"));
  });

  it("leaves a parameterless call alone when the unnamed parameter is required", async () => {
    const { data, status } = await s.anon.rpc("unnamed_overload");
    expect(status).toBe(200);
    expect(data).toBe(1);
  });
});
