// The service remembers each /rpc call's statement by its shape: the parse (query string and
// deciding headers — not the path), the function's name and the body's keys and kind
// (src/rest/compiled). These tests call one shape with other functions, other argument values and
// keys, and across a schema reload, and expect each call's own answer.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

/** Calls `/rpc/<fn>` with a raw body (POST) or none (GET) and answers status and body text. */
async function call(fn: string, body?: string, contentType = "application/json") {
  const response = await s.http(
    `/rpc/${fn}`,
    body === undefined ? {} : { method: "POST", body, headers: { "content-type": contentType } },
  );
  return { status: response.status, text: await response.text() };
}

describe("one call shape", () => {
  it("calls the function the path names, whichever was called with the same query string before", async () => {
    const answers = [await call("hello"), await call("whoami"), await call("hello", "{}"), await call("whoami", "{}")];
    expect(answers.map((a) => [a.status, JSON.parse(a.text) as unknown])).toEqual([
      [200, "hello"],
      [200, { role: "anon", sub: null, method: "GET", path: "/rpc/whoami", x: null }],
      [200, "hello"],
      [200, { role: "anon", sub: null, method: "POST", path: "/rpc/whoami", x: null }],
    ]);
  });

  it("binds each call's own argument values", async () => {
    const sums = [
      await call("add", JSON.stringify({ a: 2, b: 3 })),
      await call("add", JSON.stringify({ a: 10, b: 1 })),
      await call("add", JSON.stringify({ b: 4, a: 1 })),
    ];
    expect(sums.map((a) => a.text)).toEqual(["5", "11", "5"]);
  });

  it("takes a default for the arguments each body leaves out", async () => {
    const sums = [await call("add", JSON.stringify({ a: 2, b: 3 })), await call("add", JSON.stringify({ a: 2 }))];
    expect(sums.map((a) => a.text)).toEqual(["5", "3"]);
  });

  it("binds each call's own form fields", async () => {
    const form = "application/x-www-form-urlencoded";
    const sums = [await call("add", "a=1&b=2", form), await call("add", "a=4&b=4", form)];
    expect(sums.map((a) => a.text)).toEqual(["3", "8"]);
  });

  it("passes each body whole to a single unnamed parameter", async () => {
    const echoed = [await call("raw_json", "[1, 2]"), await call("raw_json", '{"x": 1}'), await call("raw_json", "3")];
    expect(echoed.map((a) => JSON.parse(a.text) as unknown)).toEqual([[1, 2], { x: 1 }, 3]);
  });

  it("keeps every digit of a number beyond JavaScript's exact integers", async () => {
    const answer = await call("echo", '{"payload": {"n": 9007199254740993}}');
    expect(answer).toEqual({ status: 200, text: '{"n": 9007199254740993}' });
  });

  it("calls GET shapes with their own query arguments", async () => {
    const sums = [(await s.http("/rpc/add?a=1&b=2")).text(), (await s.http("/rpc/add?a=5")).text()];
    expect(await Promise.all(sums)).toEqual(["3", "6"]);
  });
});

describe("a call shape across a schema reload", () => {
  it("calls the function the reloaded schema has", async () => {
    await adminSql(
      s.t,
      `create function public.shape_fn(a int) returns text language sql as $$ select 'int ' || a $$;
       grant execute on function public.shape_fn(int) to anon;
       notify pgrst, 'reload schema'`,
    );
    await expect.poll(async () => (await call("shape_fn", '{"a": 1}')).text, { timeout: 10_000 }).toBe('"int 1"');
    await adminSql(
      s.t,
      `drop function public.shape_fn(int);
       create function public.shape_fn(a text) returns text language sql as $$ select 'text ' || a $$;
       grant execute on function public.shape_fn(text) to anon;
       notify pgrst, 'reload schema'`,
    );
    await expect.poll(async () => (await call("shape_fn", '{"a": "x"}')).text, { timeout: 10_000 }).toBe('"text x"');
  });
});
