import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ALICE, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

describe("select, filters and order through supabase-js", () => {
  it.each([
    [
      "aliases, casts and JSON paths",
      () =>
        s.anon
          .from("users")
          .select("name:username,age::text,city:data->>city,first:data->langs->0")
          .eq("username", "alice"),
      [{ name: "alice", age: "31", city: "Paris", first: "fr" }],
    ],
    [
      "computed fields by attribute notation",
      () => s.anon.from("users").select("username,full_name").eq("username", "bob"),
      [{ username: "bob", full_name: "bob!" }],
    ],
    [
      "in with quoted values",
      () => s.anon.from("channels").select("slug").in("name", ["Empty, (really)", "General"]).order("id"),
      [{ slug: "general" }, { slug: "empty" }],
    ],
    ["like with *", () => s.anon.from("messages").select("id").like("body", "*cats*"), [{ id: 2 }]],
    [
      "ilike any",
      () => s.anon.from("users").select("username").ilikeAnyOf("username", ["A*", "C*"]).order("username"),
      [{ username: "alice" }, { username: "carol" }],
    ],
    ["is null and not", () => s.anon.from("users").select("username").is("age", null), [{ username: "carol" }]],
    [
      "not.eq",
      () => s.anon.from("users").select("username").not("status", "eq", "ONLINE").order("username"),
      [{ username: "bob" }, { username: "carol" }],
    ],
    [
      "array contains",
      () => s.anon.from("users").select("username").contains("tags", ["admin"]),
      [{ username: "alice" }],
    ],
    [
      "jsonb contains an object",
      () => s.anon.from("users").select("username").contains("data", { city: "Berlin" }),
      [{ username: "bob" }],
    ],
    [
      "array overlaps",
      () => s.anon.from("users").select("username").overlaps("tags", ["dev", "x"]).order("username"),
      [{ username: "alice" }, { username: "bob" }],
    ],
    [
      "range contains an element",
      () => s.anon.from("channels").select("slug").contains("open_hours", "[20,21)"),
      [{ slug: "random" }],
    ],
    [
      "full-text on a tsvector column",
      () => s.anon.from("messages").select("id").textSearch("body_search", "cats"),
      [{ id: 2 }],
    ],
    [
      "websearch full-text on text",
      () => s.anon.from("messages").select("id").textSearch("body", "report", { type: "websearch", config: "english" }),
      [{ id: 3 }],
    ],
    [
      "or trees with nested and",
      () => s.anon.from("users").select("username").or("age.gt.30,and(age.lt.30,status.eq.OFFLINE)").order("username"),
      [{ username: "alice" }, { username: "bob" }],
    ],
    [
      "order with nulls first",
      () => s.anon.from("users").select("username").order("age", { ascending: false, nullsFirst: true }),
      [{ username: "carol" }, { username: "alice" }, { username: "bob" }],
    ],
    ["range()", () => s.anon.from("messages").select("id").order("id").range(1, 2), [{ id: 2 }, { id: 3 }]],
    [
      "enum values as strings",
      () => s.anon.from("users").select("status").eq("username", "carol"),
      [{ status: "AWAY" }],
    ],
    [
      "views",
      () => s.anon.from("channel_summaries").select("slug,owner_id").eq("id", 1),
      [{ slug: "general", owner_id: ALICE }],
    ],
  ])("%s", async (_name, query, rows) => {
    const { data, error, status } = await query();
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual(rows);
  });
});

describe("embedding", () => {
  it.each([
    [
      "many-to-one with a hint and alias",
      () => s.anon.from("messages").select("id,sender:users!sender_id(username)").eq("id", 2),
      [{ id: 2, sender: { username: "bob" } }],
    ],
    [
      "one-to-many with embedded order and limit",
      () =>
        s.anon
          .from("channels")
          .select("slug,messages(id)")
          .eq("id", 1)
          .order("id", { referencedTable: "messages", ascending: false })
          .limit(2, { referencedTable: "messages" }),
      [{ slug: "general", messages: [{ id: 3 }, { id: 2 }] }],
    ],
    [
      "many-to-many through a junction",
      () =>
        s.anon
          .from("channels")
          .select("slug,users!members(username)")
          .eq("id", 1)
          .order("username", { referencedTable: "users" }),
      [{ slug: "general", users: [{ username: "alice" }, { username: "bob" }] }],
    ],
    [
      "self reference: parent by FK column, children by table name",
      () => s.anon.from("channels").select("slug,parent:parent_id(slug),channels(slug)").eq("id", 2),
      [{ slug: "random", parent: { slug: "general" }, channels: [] }],
    ],
    [
      "one-to-one",
      () => s.anon.from("users").select("username,profiles(bio)").eq("username", "alice"),
      [{ username: "alice", profiles: { bio: "Alice bio" } }],
    ],
    [
      "computed relationship",
      () => s.anon.from("channels").select("slug,recent_messages(id)").eq("id", 1),
      [{ slug: "general", recent_messages: [{ id: 3 }, { id: 2 }] }],
    ],
    [
      "view to table through the base table's FK",
      () => s.anon.from("channel_summaries").select("slug,owner:users!channels_created_by_fkey(username)").eq("id", 2),
      [{ slug: "random", owner: { username: "bob" } }],
    ],
    [
      "!inner drops parents without matching children",
      () => s.anon.from("channels").select("slug,messages!inner(id)").ilike("messages.body", "*dogs*"),
      [{ slug: "random", messages: [{ id: 4 }] }],
    ],
    [
      "null filter on an embed (anti-join)",
      () => s.anon.from("channels").select("slug,messages(id)").is("messages", null),
      [{ slug: "empty", messages: [] }],
    ],
    [
      "to-one spread",
      () => s.anon.from("messages").select("id,...users!sender_id(username)").eq("id", 1),
      [{ id: 1, username: "alice" }],
    ],
    [
      "to-many spread as correlated arrays",
      () => s.anon.from("channels").select("slug,...messages(id)").eq("id", 2),
      [{ slug: "random", id: [4] }],
    ],
    [
      "embedded or filter",
      () =>
        s.anon
          .from("channels")
          .select("slug,messages(id)")
          .eq("id", 1)
          .or("id.eq.1,id.eq.3", { referencedTable: "messages" }),
      [{ slug: "general", messages: [{ id: 1 }, { id: 3 }] }],
    ],
  ])("%s", async (_name, query, rows) => {
    const { data, error } = await query();
    expect(error).toBeNull();
    expect(data).toEqual(rows);
  });

  it("answers an ambiguous embed with PGRST201 and the hints upstream gives", async () => {
    const { error, status } = await s.anon.from("messages").select("users(*)");
    expect(status).toBe(300);
    expect(error?.code).toBe("PGRST201");
    expect(error?.hint).toBe(
      "Try changing 'users' to one of the following: 'users!messages_sender_id_fkey', 'users!messages_reviewer_id_fkey'. Find the desired relationship in the 'details' key.",
    );
  });

  it("answers an unknown relationship with PGRST200", async () => {
    const { error, status } = await s.anon.from("kv").select("users(*)");
    expect(status).toBe(400);
    expect(error?.code).toBe("PGRST200");
    expect(error?.message).toBe("Could not find a relationship between 'kv' and 'users' in the schema cache");
  });

  it("refuses a filter on a resource that is not embedded (PGRST108)", async () => {
    const { error } = await s.anon.from("channels").select("slug").eq("messages.id", 1);
    expect(error?.code).toBe("PGRST108");
  });
});

describe("counts, ranges and representations", () => {
  it("counts exactly with Content-Range and 206 for a partial page", async () => {
    const { count, status, data } = await s.anon.from("messages").select("id", { count: "exact" }).order("id").limit(2);
    expect([count, status, data]).toEqual([4, 206, [{ id: 1 }, { id: 2 }]]);
  });

  it("counts with HEAD without a body", async () => {
    const { count, data, status } = await s.anon.from("users").select("*", { count: "exact", head: true });
    expect([count, data, status]).toEqual([3, null, 200]);
  });

  it("answers an offset past the total with 416 PGRST103", async () => {
    const response = await s.http("/users?offset=10", { headers: { prefer: "count=exact" } });
    expect(response.status).toBe(416);
    expect(response.headers.get("content-range")).toBe("*/3");
    expect(((await response.json()) as { code: string }).code).toBe("PGRST103");
  });

  it("gives planned and estimated counts", async () => {
    for (const count of ["planned", "estimated"] as const) {
      const result = await s.anon.from("users").select("id", { count });
      expect(result.error).toBeNull();
      expect(typeof result.count).toBe("number");
    }
  });

  it("returns one object for single() and PGRST116 otherwise", async () => {
    const one = await s.anon.from("users").select("username").eq("username", "bob").single();
    expect(one.data).toEqual({ username: "bob" });
    const many = await s.anon.from("users").select("username").single();
    expect(many.status).toBe(406);
    expect(many.error).toMatchObject({ code: "PGRST116", details: "The result contains 3 rows" });
    const none = await s.anon.from("users").select("username").eq("username", "zed").maybeSingle();
    expect(none).toMatchObject({ data: null, error: null });
  });

  it("orders by a column of a to-one embed, and refuses it on a to-many one (PGRST118)", async () => {
    const ordered = await s.http(
      "/messages?select=id,sender:users!sender_id(username)&order=sender(username).desc,id&limit=2",
    );
    expect(await ordered.json()).toEqual([
      { id: 2, sender: { username: "bob" } },
      { id: 4, sender: { username: "bob" } },
    ]);
    const refused = await s.http("/channels?select=slug,messages(id)&order=messages(id)");
    expect(await refused.json()).toMatchObject({ code: "PGRST118" });
  });

  it("honours the Range header on GET", async () => {
    const response = await s.http("/messages?select=id&order=id", { headers: { range: "1-2" } });
    expect(await response.json()).toEqual([{ id: 2 }, { id: 3 }]);
    expect(response.headers.get("content-range")).toBe("1-2/*");
  });

  it("answers OPTIONS with the allowed methods", async () => {
    const response = await s.http("/kv", { method: "OPTIONS" });
    expect(response.headers.get("allow")).toBe("OPTIONS,GET,HEAD,POST,PUT,PATCH,DELETE");
  });

  it("strips nulls on request", async () => {
    const response = await s.http("/users?select=username,age&username=eq.carol", {
      headers: { accept: "application/vnd.pgrst.array+json;nulls=stripped" },
    });
    expect(await response.json()).toEqual([{ username: "carol" }]);
  });

  it("answers CSV", async () => {
    const { data } = await s.anon.from("kv").select("k,v").order("k").csv();
    expect(data).toBe("k,v\na,1\nb,2");
  });

  it("sets Content-Range, Content-Location and Content-Profile", async () => {
    const response = await s.http("/kv?select=k&order=k", { headers: { "accept-profile": "public" } });
    expect(response.headers.get("content-range")).toBe("0-1/*");
    expect(response.headers.get("content-location")).toBe("/kv?order=k&select=k");
    expect(response.headers.get("content-profile")).toBe("public");
  });

  it("selects another exposed schema with Accept-Profile and refuses unexposed ones", async () => {
    const other = await s.anon.schema("private_api").from("secrets").select("label");
    expect(other.data).toEqual([{ label: "hidden" }]);
    const bad = await s.anon.schema("auth").from("users").select();
    expect(bad.status).toBe(406);
    expect(bad.error?.code).toBe("PGRST106");
  });

  it("refuses aggregates while they are disabled, as Supabase does", async () => {
    const { error, status } = await s.anon.from("users").select("count()");
    expect([status, error?.code]).toEqual([400, "PGRST123"]);
  });

  it("reports unknown tables, columns and media types as upstream", async () => {
    expect((await s.anon.from("nope").select()).error).toMatchObject({
      code: "PGRST205",
      message: "Could not find the table 'public.nope' in the schema cache",
    });
    expect((await s.anon.from("users").select("missing")).error).toMatchObject({
      code: "42703",
      message: "column users.missing does not exist",
    });
    const response = await s.http("/users", { headers: { accept: "text/html" } });
    expect(response.status).toBe(406);
    expect(((await response.json()) as { code: string }).code).toBe("PGRST107");
    expect((await s.http("/a/b/c")).status).toBe(404);
  });

  it("reloads the schema cache on NOTIFY pgrst", async () => {
    await s.t.stack.db.admin.query(
      "create table public.late_table (id int primary key); insert into public.late_table values (1)",
    );
    await s.t.stack.db.admin.query("notify pgrst, 'reload schema'");
    await expect
      .poll(async () => (await s.anon.from("late_table").select("id")).data, { timeout: 5000 })
      .toEqual([{ id: 1 }]);
  });
});
