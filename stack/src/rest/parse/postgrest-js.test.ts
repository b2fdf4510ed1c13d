// The request shapes postgrest-js 2.119 (inside supabase-js) really sends: each test
// drives the official client against a capturing fetch and parses what came out.

import { createClient, type SupabaseClient } from "@supabase/supabase-js";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { parseQuery, type ParseResult } from "./parse-request.ts";
import { parseQueryString } from "./query-string.ts";
import { column, field, key, star } from "./test-support.ts";
import type { ParsedRequest } from "./types.ts";

interface Sent {
  readonly method: string;
  readonly url: URL;
  readonly headers: Headers;
}

let client: SupabaseClient;
const sent: Sent[] = [];

beforeAll(() => {
  const fetch: typeof globalThis.fetch = async (input, init) => {
    const request = new Request(input, init);
    sent.push({ method: request.method, url: new URL(request.url), headers: request.headers });
    return new Response("[]", { status: 200, headers: { "content-type": "application/json" } });
  };
  // supabase-js warns once about Node 20; the warning is not what these tests are about.
  const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
  client = createClient("http://localhost:54321", "anon-key", {
    global: { fetch },
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    // No websocket is opened by these tests; Node 20 has no global WebSocket to default to.
    realtime: { transport: class {} as never },
  });
  warn.mockRestore();
});

afterAll(() => {
  void client.removeAllChannels();
});

/** Sends one client call and parses the request it made, as the REST service will. */
async function roundTrip(
  call: (c: SupabaseClient) => PromiseLike<unknown>,
): Promise<{ sent: Sent; result: ParseResult }> {
  sent.length = 0;
  await call(client);
  const [request] = sent;
  if (request === undefined || sent.length !== 1) expect.fail(`expected one request, got ${sent.length}`);
  const path = request.url.pathname.replace(/^\/rest\/v1/, "");
  const result = parseQuery(parseQueryString(request.url.search), request.headers, {
    method: request.method,
    target: path.startsWith("/rpc/") ? "rpc" : "relation",
    schemas: ["public", "other"],
  });
  return { sent: request, result };
}

async function parsedFrom(call: (c: SupabaseClient) => PromiseLike<unknown>): Promise<ParsedRequest> {
  const { result } = await roundTrip(call);
  if (!result.ok) expect.fail(JSON.stringify(result.error));
  return result.value;
}

describe("postgrest-js reads", () => {
  it("select with embeds, hints, aliases, casts and JSON paths (whitespace stripped by the client)", async () => {
    const request = await parsedFrom((c) =>
      c.from("messages").select(`
        id, body,
        author:profiles!messages_author_id_fkey ( name ),
        "quoted col",
        meta->>kind::text,
        reactions!inner ( count ),
        ...channels ( channel_name:name )
      `),
    );
    expect(request.select).toEqual([
      column("id"),
      column("body"),
      {
        kind: "embed",
        relation: "profiles",
        alias: "author",
        hint: "messages_author_id_fkey",
        children: [column("name")],
      },
      column("quoted col"),
      column("meta", { cast: "text" }, key("kind", "->>")),
      { kind: "embed", relation: "reactions", joinType: "inner", children: [column("count")] },
      { kind: "spread", relation: "channels", children: [column("name", { alias: "channel_name" })] },
    ]);
    expect(request.profile).toBe("public");
  });

  it("head + count", async () => {
    const { sent: request, result } = await roundTrip((c) =>
      c.from("messages").select("*", { count: "exact", head: true }),
    );
    expect(request.method).toBe("HEAD");
    expect(result).toMatchObject({ ok: true, value: { select: [star], preferences: { count: "exact", invalid: [] } } });
  });

  it("every filter helper", async () => {
    const request = await parsedFrom((c) =>
      c
        .from("t")
        .select()
        .eq("a", 1)
        .neq("b", "x")
        .gt("c", 2)
        .gte("c", 3)
        .lt("d", 4)
        .lte("d", 5)
        .like("e", "%x%")
        .ilike("e", "%y%")
        .likeAllOf("e", ["a%", "b%"])
        .ilikeAnyOf("e", ["c%", "d%"])
        .is("f", null)
        .isDistinct("g", 7)
        .in("h", ["p", "q,r", "s(t)"])
        .contains("i", ["x", "y"])
        .containedBy("j", { k: 1 })
        .overlaps("k", ["1", "2"])
        .rangeGt("l", "[1,2]")
        .rangeGte("l", "[1,2]")
        .rangeLt("l", "[1,2]")
        .rangeLte("l", "[1,2]")
        .rangeAdjacent("l", "[1,2]")
        .textSearch("m", "cat & dog", { config: "english", type: "websearch" })
        .textSearch("m", "cat", { type: "plain" })
        .textSearch("m", "the cat", { type: "phrase" })
        .textSearch("m", "cat:*")
        .regexMatch("n", "^a")
        .regexIMatch("n", "^b")
        .not("o", "is", null)
        .filter("p", "in", "(1,2)")
        .match({ q: 1, r: "two" }),
    );
    expect(request.filters.map((f) => [f.value.field.name, f.value.negated, f.value.operation])).toEqual([
      ["a", false, { operator: "eq", value: "1" }],
      ["b", false, { operator: "neq", value: "x" }],
      ["c", false, { operator: "gt", value: "2" }],
      ["c", false, { operator: "gte", value: "3" }],
      ["d", false, { operator: "lt", value: "4" }],
      ["d", false, { operator: "lte", value: "5" }],
      ["e", false, { operator: "like", value: "%x%" }],
      ["e", false, { operator: "ilike", value: "%y%" }],
      ["e", false, { operator: "like", quantifier: "all", value: "{a%,b%}" }],
      ["e", false, { operator: "ilike", quantifier: "any", value: "{c%,d%}" }],
      ["f", false, { operator: "is", value: "null" }],
      ["g", false, { operator: "isdistinct", value: "7" }],
      ["h", false, { operator: "in", values: ["p", "q,r", "s(t)"] }],
      ["i", false, { operator: "cs", value: "{x,y}" }],
      ["j", false, { operator: "cd", value: '{"k":1}' }],
      ["k", false, { operator: "ov", value: "{1,2}" }],
      ["l", false, { operator: "sr", value: "[1,2]" }],
      ["l", false, { operator: "nxl", value: "[1,2]" }],
      ["l", false, { operator: "sl", value: "[1,2]" }],
      ["l", false, { operator: "nxr", value: "[1,2]" }],
      ["l", false, { operator: "adj", value: "[1,2]" }],
      ["m", false, { operator: "wfts", language: "english", value: "cat & dog" }],
      ["m", false, { operator: "plfts", value: "cat" }],
      ["m", false, { operator: "phfts", value: "the cat" }],
      ["m", false, { operator: "fts", value: "cat:*" }],
      ["n", false, { operator: "match", value: "^a" }],
      ["n", false, { operator: "imatch", value: "^b" }],
      ["o", true, { operator: "is", value: "null" }],
      ["p", false, { operator: "in", values: ["1", "2"] }],
      ["q", false, { operator: "eq", value: "1" }],
      ["r", false, { operator: "eq", value: "two" }],
    ]);
  });

  it("or, with and without referencedTable, and embedded filters", async () => {
    const request = await parsedFrom((c) =>
      c
        .from("messages")
        .select("id, profiles(name)")
        .or("pinned.is.true,score.gt.10")
        .or("name.eq.Ann,name.eq.Bob", { referencedTable: "profiles" })
        .eq("profiles.name", "Ann"),
    );
    expect(request.logic.map((l) => [l.path, l.value.kind === "expr" ? l.value.children.length : 0])).toEqual([
      [[], 2],
      [["profiles"], 2],
    ]);
    expect(request.filters).toEqual([
      {
        path: ["profiles"],
        value: { field: field("name"), negated: false, operation: { operator: "eq", value: "Ann" } },
      },
    ]);
  });

  it("order, limit and range, at the root and on an embed", async () => {
    const request = await parsedFrom((c) =>
      c
        .from("messages")
        .select("id, profiles(name)")
        .order("created_at", { ascending: false, nullsFirst: true })
        .order("id")
        .order("name", { referencedTable: "profiles", ascending: true })
        .range(20, 29)
        .limit(3, { referencedTable: "profiles" }),
    );
    expect(request.order).toEqual([
      {
        path: [],
        value: [
          { kind: "field", field: field("created_at"), direction: "desc", nulls: "first" },
          { kind: "field", field: field("id"), direction: "asc" },
        ],
      },
      { path: ["profiles"], value: [{ kind: "field", field: field("name"), direction: "asc" }] },
    ]);
    expect(request.range).toEqual({ offset: 20, limit: 10 });
    expect(request.embedRanges).toEqual([{ path: ["profiles"], value: { offset: 0, limit: 3 } }]);
  });

  it("single, csv, stripNulls and explain set Accept", async () => {
    const accept = async (call: (c: SupabaseClient) => PromiseLike<unknown>) => (await parsedFrom(call)).accept;
    expect(await accept((c) => c.from("t").select().single())).toEqual([{ kind: "object-json", nullsStripped: false }]);
    expect(await accept((c) => c.from("t").select().single().stripNulls())).toEqual([
      { kind: "object-json", nullsStripped: true },
    ]);
    expect(await accept((c) => c.from("t").select().stripNulls())).toEqual([{ kind: "array-json-stripped" }]);
    expect(await accept((c) => c.from("t").select().csv())).toEqual([{ kind: "csv" }]);
    expect(await accept((c) => c.from("t").select().geojson())).toEqual([{ kind: "geojson" }]);
    expect(await accept((c) => c.from("t").select().explain({ analyze: true, format: "json" }))).toEqual([
      { kind: "plan", format: "json", for: { kind: "json" }, options: ["analyze"] },
    ]);
  });

  it("schema() switches the profile", async () => {
    expect((await parsedFrom((c) => c.schema("other").from("t").select())).profile).toBe("other");
  });
});

describe("postgrest-js writes", () => {
  it("insert of several rows sends quoted columns; .select() asks for the representation", async () => {
    const { sent: request, result } = await roundTrip((c) =>
      c
        .from("t")
        .insert([{ a: 1 }, { "b c": 2 }])
        .select("a"),
    );
    expect(request.method).toBe("POST");
    expect(result).toMatchObject({
      ok: true,
      value: {
        columns: ["a", "b c"],
        select: [column("a")],
        preferences: { return: "representation" },
        contentType: { kind: "json" },
      },
    });
  });

  it("insert with defaultToNull: false prefers missing=default", async () => {
    const request = await parsedFrom((c) => c.from("t").insert([{ a: 1 }], { defaultToNull: false }));
    expect(request.preferences).toEqual({ missing: "default", invalid: [] });
  });

  it("upsert sends on_conflict and the resolution", async () => {
    const request = await parsedFrom((c) =>
      c.from("t").upsert({ id: 1 }, { onConflict: "id,tenant", ignoreDuplicates: true }),
    );
    expect(request.onConflict).toEqual(["id", "tenant"]);
    expect(request.preferences.resolution).toBe("ignore-duplicates");
  });

  it("update with maxAffected sends strict handling", async () => {
    // The untyped client assumes PostgREST 12 and hides maxAffected at the type level only.
    type MaxAffected = { maxAffected(n: number): PromiseLike<unknown> };
    const { sent: request, result } = await roundTrip((c) =>
      (c.from("t").update({ a: 1 }).eq("id", 1) as unknown as MaxAffected).maxAffected(1),
    );
    expect(request.method).toBe("PATCH");
    expect(result).toMatchObject({
      ok: true,
      value: { preferences: { handling: "strict", maxAffected: 1, invalid: [] } },
    });
  });

  it("delete with rollback and Content-Profile", async () => {
    const { sent: request, result } = await roundTrip((c) =>
      c.schema("other").from("t").delete().eq("id", 1).rollback(),
    );
    expect(request.method).toBe("DELETE");
    expect(result).toMatchObject({ ok: true, value: { profile: "other", preferences: { invalid: [] } } });
  });
});

describe("postgrest-js rpc", () => {
  it("GET rpc turns arguments into rpcArgs and keeps filters", async () => {
    const request = await parsedFrom((c) =>
      c.rpc("search", { q: "cat dog", ids: [1, 2] }, { get: true }).gt("score", 3),
    );
    expect(request.rpcArgs).toEqual([
      ["q", "cat dog"],
      ["ids", "{1,2}"],
    ]);
    expect(request.filters.map((f) => f.value.field.name)).toEqual(["score"]);
  });

  it("POST rpc takes select, order and limit", async () => {
    const request = await parsedFrom((c) => c.rpc("list", { n: 1 }).select("id").order("id").limit(5));
    expect(request.select).toEqual([column("id")]);
    expect(request.range).toEqual({ offset: 0, limit: 5 });
  });
});
