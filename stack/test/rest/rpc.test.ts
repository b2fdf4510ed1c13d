import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

describe("rpc", () => {
  it.each([
    ["scalar over POST with a default parameter", () => s.anon.rpc("add", { a: 2 }), 3],
    ["scalar over GET", () => s.anon.rpc("add", { a: 2, b: 5 }, { get: true }), 7],
    ["no parameters", () => s.anon.rpc("hello"), "hello"],
    ["a jsonb parameter", () => s.anon.rpc("echo", { payload: { a: [1, 2] } }), { a: [1, 2] }],
    ["a single unnamed json parameter takes the whole body", () => s.anon.rpc("raw_json", { x: 1 } as never), { x: 1 }],
    ["variadic over POST", () => s.anon.rpc("sum_all", { nums: [1, 2, 3] }), 6],
    ["variadic over GET with an array", () => s.anon.rpc("sum_all", { nums: [4, 5] }, { get: true }), 9],
    [
      "RETURNS TABLE",
      () => s.anon.rpc("user_counts"),
      [
        { status: "ONLINE", total: 1 },
        { status: "OFFLINE", total: 1 },
        { status: "AWAY", total: 1 },
      ],
    ],
    [
      "a single composite is an object",
      () => s.anon.rpc("make_kv", { k: "r1", v: "one" }),
      { k: "r1", v: "one", n: 7 },
    ],
    [
      "SETOF table with filters, order, limit and embeds",
      () =>
        s.anon
          .rpc("channel_messages", { channel: 1 })
          .select("id,sender:users!sender_id(username)")
          .gt("id", 1)
          .order("id", { ascending: false })
          .limit(1),
      [{ id: 3, sender: { username: "alice" } }],
    ],
    [
      "request GUCs and the caller's role",
      () => s.anon.rpc("whoami"),
      { role: "anon", sub: null, method: "POST", path: "/rpc/whoami", x: null },
    ],
  ])("%s", async (_name, call, expected) => {
    const { data, error } = await call();
    expect(error).toBeNull();
    expect(data).toEqual(expected);
  });

  it("applies Prefer: timezone to timestamps and ignores unknown zones", async () => {
    const ok = await s.http("/messages?select=inserted_at&id=eq.1", { headers: { prefer: "timezone=Asia/Tokyo" } });
    expect(await ok.json()).toEqual([{ inserted_at: "2024-01-01T09:00:00+09:00" }]);
    expect(ok.headers.get("preference-applied")).toBe("timezone=Asia/Tokyo");
    const unknown = await s.http("/messages?select=inserted_at&id=eq.1", {
      headers: { prefer: "timezone=Nowhere/City" },
    });
    expect(await unknown.json()).toEqual([{ inserted_at: "2024-01-01T00:00:00+00:00" }]);
  });

  it("sees the user's claims", async () => {
    const { data } = await (await s.asUser(ALICE)).rpc("whoami");
    expect(data).toMatchObject({ role: "authenticated", sub: ALICE });
  });

  it("answers 204 for void functions", async () => {
    const { status, data, error } = await s.anon.rpc("do_nothing");
    expect([status, data, error]).toEqual([204, null, null]);
  });

  it("counts set-returning results", async () => {
    const { count, status } = await s.anon.rpc("channel_messages", { channel: 1 }, { count: "exact" }).limit(1);
    expect([count, status]).toEqual([3, 206]);
  });

  it("runs GET calls read-only: a writing function fails with 405", async () => {
    const { status, error } = await s.anon.rpc("make_kv", { k: "r2", v: "two" }, { get: true });
    expect([status, error?.code]).toEqual([405, "25006"]);
  });

  it("reports unknown functions (PGRST202) and ambiguous overloads (PGRST203)", async () => {
    const missing = await s.anon.rpc("add", { x: 1 });
    expect(missing.status).toBe(404);
    expect(missing.error).toMatchObject({
      code: "PGRST202",
      message: "Could not find the function public.add(x) in the schema cache",
    });
    const ambiguous = await s.anon.rpc("overloaded", { a: 1 });
    expect([ambiguous.status, ambiguous.error?.code]).toEqual([300, "PGRST203"]);
  });

  it("refuses other methods on RPC with PGRST101", async () => {
    const response = await s.http("/rpc/hello", { method: "DELETE" });
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([405, "PGRST101"]);
  });
});

describe("errors raised from SQL", () => {
  it("maps RAISE EXCEPTION to 400 P0001 with its detail and hint", async () => {
    const { status, error } = await s.anon.rpc("fail_with", { code: "P0001" });
    expect(status).toBe(400);
    expect(error).toMatchObject({ code: "P0001", message: "plain failure", details: "some detail", hint: "some hint" });
  });

  it("uses a PTxyz SQLSTATE as the HTTP status", async () => {
    const { status, error } = await s.anon.rpc("fail_with", { code: "PT402" });
    expect([status, error?.code, error?.message]).toEqual([402, "PT402", "Payment required"]);
  });

  it("lets RAISE SQLSTATE 'PGRST' choose code, status and headers", async () => {
    const response = await s.http("/rpc/fail_with", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ code: "PGRST" }),
    });
    expect(response.status).toBe(418);
    expect(response.headers.get("x-tea")).toBe("earl grey");
    expect(await response.json()).toEqual({ code: "123", message: "custom", details: "d", hint: "h" });
  });

  it("honours response.status and response.headers", async () => {
    const response = await s.http("/rpc/set_response", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    expect(response.status).toBe(202);
    expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("answers PostgreSQL errors with PostgREST's four keys", async () => {
    const response = await s.http("/users?id=eq.not-a-uuid");
    expect(response.status).toBe(400);
    expect(response.headers.get("proxy-status")).toBe("PostgREST; error=22P02");
    expect(await response.json()).toEqual({
      code: "22P02",
      message: 'invalid input syntax for type uuid: "not-a-uuid"',
      details: null,
      hint: null,
    });
  });

  it("refuses a bad token with PGRST301 and WWW-Authenticate", async () => {
    const response = await s.http("/users", { headers: { authorization: "Bearer a.b" } });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe(
      'Bearer error="invalid_token", error_description="Expected 3 parts in JWT; got 2"',
    );
    expect(await response.json()).toMatchObject({ code: "PGRST301" });
  });
});

describe("aggregates once a project enables them (pgrst.db_aggregates_enabled)", () => {
  it("groups by the other selected columns, per parent inside embeds", async () => {
    await s.t.stack.db.admin.query("alter role authenticator set pgrst.db_aggregates_enabled = 'true'");
    await s.t.stack.db.admin.query("notify pgrst, 'reload config'");
    await expect
      .poll(async () => (await s.anon.from("users").select("count()")).data, { timeout: 5000 })
      .toEqual([{ count: 3 }]);
    const grouped = await s.anon.from("messages").select("channel_id,total:count(),last:id.max()").order("channel_id");
    expect(grouped.data).toEqual([
      { channel_id: 1, total: 3, last: 3 },
      { channel_id: 2, total: 1, last: 4 },
    ]);
    const embedded = await s.anon.from("channels").select("slug,messages(count())").eq("id", 1);
    expect(embedded.data).toEqual([{ slug: "general", messages: [{ count: 3 }] }]);
    const star = await s.anon.from("kv").select("*,count()").eq("k", "a");
    expect(star.data).toEqual([{ k: "a", v: "1", n: 7, count: 1 }]);
    const spread = await s.anon.from("channels").select("slug,...messages(id.max())");
    expect(spread.error).toMatchObject({ code: "PGRST127" });
  });
});
