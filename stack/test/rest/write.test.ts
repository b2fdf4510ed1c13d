import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, BOB, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

describe("inserts", () => {
  it("inserts one row with 201 and returns the representation with select()", async () => {
    const { data, status, error } = await s.anon.from("kv").insert({ k: "i1", v: "x" }).select("k,v,n");
    expect(error).toBeNull();
    expect([status, data]).toEqual([201, [{ k: "i1", v: "x", n: 7 }]]);
  });

  it("inserts with return=minimal and no body", async () => {
    const { data, status } = await s.anon.from("kv").insert({ k: "i2" });
    expect([status, data]).toEqual([201, null]);
  });

  it("bulk-inserts heterogeneous objects through columns, missing keys as NULL or defaults", async () => {
    const nulls = await s.anon
      .from("kv")
      .insert([
        { k: "b1", n: 1 },
        { k: "b2", v: "y" },
      ])
      .select("k,v,n")
      .order("k");
    expect(nulls.data).toEqual([
      { k: "b1", v: null, n: 1 },
      { k: "b2", v: "y", n: null },
    ]);
    const defaults = await s.anon
      .from("kv")
      .insert(
        [
          { k: "b3", n: 1 },
          { k: "b4", v: "y" },
        ],
        { defaultToNull: false },
      )
      .select("k,v,n")
      .order("k");
    expect(defaults.data).toEqual([
      { k: "b3", v: null, n: 1 },
      { k: "b4", v: "y", n: 7 },
    ]);
  });

  it("embeds in the representation of an insert", async () => {
    const { data } = await s.anon
      .from("messages")
      .insert({ channel_id: 2, sender_id: BOB, body: "embedded" })
      .select("body,channels(slug)");
    expect(data).toEqual([{ body: "embedded", channels: { slug: "random" } }]);
  });

  it("upserts: merge answers 200 when every row existed, ignore keeps the old row", async () => {
    const merged = await s.anon.from("kv").upsert({ k: "a", v: "merged" }).select("k,v");
    expect([merged.status, merged.data]).toEqual([200, [{ k: "a", v: "merged" }]]);
    const ignored = await s.anon.from("kv").upsert({ k: "a", v: "ignored" }, { ignoreDuplicates: true }).select("k,v");
    expect([ignored.status, ignored.data]).toEqual([201, []]);
    const onConflict = await s.anon
      .from("channels")
      .upsert({ slug: "random", name: "Renamed" }, { onConflict: "slug" })
      .select("id,name");
    expect(onConflict.data).toEqual([{ id: 2, name: "Renamed" }]);
  });

  it("reports a unique violation as 409 and an unknown column as PGRST204", async () => {
    const dup = await s.anon.from("users").insert({ id: "00000000-0000-0000-0000-0000000000ff", username: "alice" });
    expect([dup.status, dup.error?.code]).toEqual([409, "23505"]);
    const unknown = await s.anon.from("kv").insert({ k: "z", nope: 1 });
    expect([unknown.status, unknown.error?.code, unknown.error?.message]).toEqual([
      400,
      "PGRST204",
      "Could not find the 'nope' column of 'kv' in the schema cache",
    ]);
    const check = await s.anon.from("messages").insert({ channel_id: 1, sender_id: ALICE, body: "" });
    expect([check.status, check.error?.code]).toEqual([400, "23514"]);
    const fk = await s.anon.from("messages").insert({ channel_id: 99, sender_id: ALICE, body: "x" });
    expect([fk.status, fk.error?.code]).toEqual([409, "23503"]);
  });

  it("gives Location with return=headers-only", async () => {
    const response = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "return=headers-only" },
      body: JSON.stringify({ k: "loc" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("location")).toBe("/kv?k=eq.loc");
    expect(response.headers.get("preference-applied")).toBe("return=headers-only");
  });

  it("reads CSV bodies", async () => {
    const response = await s.http("/kv?select=k,v", {
      method: "POST",
      headers: { "content-type": "text/csv", prefer: "return=representation" },
      body: "k,v\ncsv1,one\ncsv2,NULL",
    });
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual([
      { k: "csv1", v: "one" },
      { k: "csv2", v: null },
    ]);
  });

  it("rejects invalid JSON with PGRST102", async () => {
    const response = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{nope",
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PGRST102", message: "Empty or invalid json" });
  });

  it("rolls back a write whose single() check fails", async () => {
    const { error } = await s.anon
      .from("kv")
      .insert([{ k: "s1" }, { k: "s2" }])
      .select()
      .single();
    expect(error?.code).toBe("PGRST116");
    expect((await s.anon.from("kv").select("k").in("k", ["s1", "s2"])).data).toEqual([]);
  });
});

describe("updates, puts and deletes", () => {
  it("updates with 204, or 200 and the rows with select()", async () => {
    const minimal = await s.anon.from("kv").update({ v: "u" }).eq("k", "b");
    expect(minimal.status).toBe(204);
    const { data, status, count } = await s.anon
      .from("kv")
      .update({ v: "u2" }, { count: "exact" })
      .eq("k", "b")
      .select("k,v");
    expect([status, data, count]).toEqual([200, [{ k: "b", v: "u2" }], 1]);
  });

  it("treats an empty PATCH body as a no-op", async () => {
    const { data, status, error } = await s.anon.from("kv").update({}).eq("k", "a").select();
    expect([status, data, error]).toEqual([200, [], null]);
  });

  it("refuses an unfiltered update or delete as safeupdate does", async () => {
    const update = await s.anon.from("kv").update({ v: "all" }).neq("k", "__").select().limit(0);
    expect(update.error).toBeNull();
    const response = await s.http("/kv", { method: "DELETE" });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "21000", message: "DELETE requires a WHERE clause" });
  });

  it("puts by primary key, and refuses other filters with PGRST105", async () => {
    const put = await s.http("/kv?k=eq.put1", {
      method: "PUT",
      headers: { "content-type": "application/json", prefer: "return=representation" },
      body: JSON.stringify({ k: "put1", v: "p", n: 1 }),
    });
    expect(put.status).toBe(201);
    const again = await s.http("/kv?k=eq.put1", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ k: "put1", v: "q", n: 2 }),
    });
    expect(again.status).toBe(204);
    const bad = await s.http("/kv?v=eq.put1", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ k: "x" }),
    });
    expect([bad.status, ((await bad.json()) as { code: string }).code]).toEqual([405, "PGRST105"]);
    const mismatch = await s.http("/kv?k=eq.put1", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ k: "other" }),
    });
    expect([mismatch.status, ((await mismatch.json()) as { code: string }).code]).toEqual([400, "PGRST115"]);
  });

  it("deletes with the representation and a count", async () => {
    const { data, status, count } = await s.anon.from("kv").delete({ count: "exact" }).eq("k", "i1").select("k");
    expect([status, data, count]).toEqual([200, [{ k: "i1" }], 1]);
  });

  it("enforces max-affected under handling=strict and rolls back", async () => {
    const response = await s.http("/kv?k=like.b*", {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "handling=strict, max-affected=1" },
      body: JSON.stringify({ v: "many" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({ code: "PGRST124" });
    expect((await s.anon.from("kv").select("v").eq("k", "b1")).data).not.toEqual([{ v: "many" }]);
  });

  it("honours Preference-Applied and refuses unknown preferences under handling=strict", async () => {
    const response = await s.http("/kv?k=eq.a", {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "handling=strict, bogus=1" },
      body: "{}",
    });
    expect([response.status, ((await response.json()) as { code: string }).code]).toEqual([400, "PGRST122"]);
  });
});

describe("row level security decides (actor, action, expected)", () => {
  const note = (owner: string) => ({ owner_id: owner, body: `from ${owner.slice(-1)}` });
  it.each([
    ["anon", "select", async () => (await s.anon.from("notes").select("body")).data, []],
    [
      "alice",
      "select",
      async () => (await (await s.asUser(ALICE)).from("notes").select("body")).data,
      [{ body: "alice note" }],
    ],
    [
      "service_role",
      "select",
      async () => (await s.service.from("notes").select("body").order("id")).data?.slice(0, 2),
      [{ body: "alice note" }, { body: "bob note" }],
    ],
    ["alice", "insert own", async () => (await (await s.asUser(ALICE)).from("notes").insert(note(ALICE))).status, 201],
    [
      "alice",
      "insert for bob",
      async () => (await (await s.asUser(ALICE)).from("notes").insert(note(BOB))).error?.code,
      "42501",
    ],
    [
      "alice",
      "insert for bob status",
      async () => (await (await s.asUser(ALICE)).from("notes").insert(note(BOB))).status,
      403,
    ],
    ["anon", "insert status", async () => (await s.anon.from("notes").insert(note(BOB))).status, 401],
    [
      "alice",
      "update bob's",
      async () => (await (await s.asUser(ALICE)).from("notes").update({ body: "x" }).eq("owner_id", BOB).select()).data,
      [],
    ],
    [
      "anon",
      "insert into a write-only table",
      async () => (await s.anon.from("feedback").insert({ text: "hi" })).status,
      201,
    ],
    ["anon", "read a write-only table", async () => (await s.anon.from("feedback").select()).data, []],
  ])("%s: %s", async (_actor, _action, run, expected) => {
    expect(await run()).toEqual(expected);
  });

  it("adds WWW-Authenticate to an anon permission error", async () => {
    const response = await s.http("/notes", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ owner_id: BOB, body: "x" }),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toBe("Bearer");
  });
});
