// PostgREST's in-database configuration: `pgrst.*` settings on the authenticator role, reloaded on
// `NOTIFY pgrst, 'reload config'`, override the service's own configuration.
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { adminSql, setPgrstSetting } from "./admin-sql.ts";
import { startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
});
afterAll(() => s?.t.close());

const SETTINGS = ["db_tx_end", "db_max_rows", "db_aggregates_enabled", "db_pre_request"];
afterEach(async () => {
  await adminSql(
    s.t,
    [
      ...SETTINGS.map((key) => `alter role authenticator reset pgrst.${key}`),
      "alter role authenticator in database postgres reset all",
      "notify pgrst, 'reload config'",
    ].join("; "),
  );
  await expect.poll(() => observedSettings(), { timeout: 10_000 }).toEqual([null, 3, "PGRST123", null]);
});

/** What the service currently honours: tx override, row cap, aggregates, pre-request header. */
async function observedSettings(): Promise<[string | null, number | undefined, string | undefined, string | null]> {
  const rows = await s.anon.from("users").select("id");
  const aggregate = await s.anon.from("users").select("count()");
  const plain = await s.http("/kv?select=k&limit=1");
  await plain.body?.cancel();
  return [await txApplied(), rows.data?.length, aggregate.error?.code, plain.headers.get("x-pre-request")];
}

/** What `Preference-Applied` says to a harmless read asking for a rollback. */
async function txApplied(): Promise<string | null> {
  const response = await s.http("/kv?select=k&limit=1", { headers: { prefer: "tx=rollback" } });
  await response.body?.cancel();
  return response.headers.get("preference-applied");
}

async function keys(): Promise<string[]> {
  const { data } = await s.service.from("kv").select("k").order("k");
  return (data ?? []).map((row: { k: string }) => row.k);
}

describe("pgrst.db_tx_end", () => {
  it("ignores Prefer: tx=rollback under the default commit, as upstream", async () => {
    const { error, status } = await s.service.from("kv").insert({ k: "tx-default" });
    expect([error, status]).toEqual([null, 201]);
    const response = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "tx=rollback" },
      body: JSON.stringify({ k: "tx-ignored" }),
    });
    expect(response.status).toBe(201);
    expect(response.headers.get("preference-applied")).toBeNull();
    expect(await keys()).toContain("tx-ignored");
  });

  it("rolls back inserts, updates, deletes and calls with Prefer: tx=rollback under commit-allow-override", async () => {
    await setPgrstSetting(s.t, "db_tx_end", "commit-allow-override");
    await expect.poll(() => txApplied(), { timeout: 10_000 }).toBe("tx=rollback");

    const insert = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "return=representation, tx=rollback" },
      body: JSON.stringify({ k: "tx-rolled-back", v: "x" }),
    });
    expect(insert.status).toBe(201);
    expect(insert.headers.get("preference-applied")).toBe("return=representation, tx=rollback");
    expect(await insert.json()).toEqual([{ k: "tx-rolled-back", v: "x", n: 7 }]);

    const update = await s.http("/kv?k=eq.a", {
      method: "PATCH",
      headers: { "content-type": "application/json", prefer: "tx=rollback" },
      body: JSON.stringify({ v: "changed" }),
    });
    expect([update.status, update.headers.get("preference-applied")]).toEqual([204, "tx=rollback"]);
    const remove = await s.http("/kv?k=eq.b", { method: "DELETE", headers: { prefer: "tx=rollback" } });
    expect([remove.status, remove.headers.get("preference-applied")]).toEqual([204, "tx=rollback"]);
    const call = await s.http("/rpc/make_kv", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "tx=rollback" },
      body: JSON.stringify({ k: "tx-call", v: "y" }),
    });
    expect([call.status, call.headers.get("preference-applied")]).toEqual([200, "tx=rollback"]);

    const { data } = await s.service.from("kv").select("k,v").in("k", ["a", "b", "tx-rolled-back", "tx-call"]);
    expect(data).toEqual(
      expect.arrayContaining([
        { k: "a", v: "1" },
        { k: "b", v: "2" },
      ]),
    );
    expect(data).toHaveLength(2);

    const committed = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "tx=commit" },
      body: JSON.stringify({ k: "tx-committed" }),
    });
    expect([committed.status, committed.headers.get("preference-applied")]).toEqual([201, "tx=commit"]);
    expect(await keys()).toContain("tx-committed");
  });

  it("rolls every request back under rollback, unless rollback-allow-override meets Prefer: tx=commit", async () => {
    await setPgrstSetting(s.t, "db_tx_end", "rollback");
    let attempt = 0;
    await expect
      .poll(
        async () => {
          attempt += 1;
          const { status } = await s.service.from("kv").insert({ k: `tx-rollback-all-${attempt}` });
          return [status, (await keys()).includes(`tx-rollback-all-${attempt}`)];
        },
        { timeout: 10_000 },
      )
      .toEqual([201, false]);

    await setPgrstSetting(s.t, "db_tx_end", "rollback-allow-override");
    await expect.poll(() => txApplied(), { timeout: 10_000 }).toBe("tx=rollback");
    const { status } = await s.service.from("kv").insert({ k: "tx-not-kept" });
    expect(status).toBe(201);
    const kept = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json", prefer: "tx=commit" },
      body: JSON.stringify({ k: "tx-kept" }),
    });
    expect(kept.status).toBe(201);
    const all = await keys();
    expect(all).toContain("tx-kept");
    expect(all).not.toContain("tx-not-kept");
  });

  it("prefers the database-specific setting over the role-wide one", async () => {
    await adminSql(
      s.t,
      [
        "alter role authenticator set pgrst.db_tx_end = 'commit'",
        "alter role authenticator in database postgres set pgrst.db_tx_end = 'commit-allow-override'",
        "notify pgrst, 'reload config'",
      ].join("; "),
    );
    await expect.poll(() => txApplied(), { timeout: 10_000 }).toBe("tx=rollback");
  });
});

describe("pgrst.db_max_rows and pgrst.db_aggregates_enabled", () => {
  it("caps reads with the in-database max rows over config.toml's", async () => {
    await setPgrstSetting(s.t, "db_max_rows", "2");
    await expect.poll(async () => (await s.anon.from("users").select("id")).data?.length, { timeout: 10_000 }).toBe(2);
    const { count, status } = await s.anon.from("users").select("id", { count: "exact" });
    expect([count, status]).toEqual([3, 206]);
  });

  it("allows aggregates only while the database enables them", async () => {
    const refused = await s.anon.from("users").select("count()");
    expect(refused.error?.code).toBe("PGRST123");
    await setPgrstSetting(s.t, "db_aggregates_enabled", "true");
    await expect
      .poll(async () => (await s.anon.from("users").select("count()")).data, { timeout: 10_000 })
      .toEqual([{ count: 3 }]);
  });
});

describe("pgrst.db_pre_request", () => {
  it("calls the function before every request, which may add headers or refuse the request", async () => {
    await adminSql(
      s.t,
      `create function public.check_request() returns void language plpgsql as $$
       begin
         if current_setting('request.headers', true)::json->>'x-blocked' = 'yes' then
           raise sqlstate 'PT403' using message = 'blocked by the pre-request';
         end if;
         perform set_config('response.headers', '[{"X-Pre-Request":"seen"}]', true);
       end $$;`,
    );
    await setPgrstSetting(s.t, "db_pre_request", "public.check_request");
    const read = () => s.http("/kv?select=k&limit=1");
    await expect.poll(async () => (await read()).headers.get("x-pre-request"), { timeout: 10_000 }).toBe("seen");

    const call = await s.anon.rpc("hello");
    expect(call.data).toBe("hello");
    const blocked = await s.http("/kv", {
      method: "POST",
      headers: { "content-type": "application/json", "x-blocked": "yes" },
      body: JSON.stringify({ k: "pre-blocked" }),
    });
    expect(blocked.status).toBe(403);
    expect(await blocked.json()).toMatchObject({ code: "PT403", message: "blocked by the pre-request" });
    expect(await keys()).not.toContain("pre-blocked");
  });

  it("commits the function's writes with the request's statement, and neither when the statement fails", async () => {
    await adminSql(
      s.t,
      `create or replace function public.note_request() returns void language plpgsql as $$
       begin
         if current_setting('request.method', true) = 'POST' then
           insert into public.kv (k) values ('note-' || (current_setting('request.headers', true)::json->>'x-mark'));
         end if;
       end $$;`,
    );
    await setPgrstSetting(s.t, "db_pre_request", "public.note_request");
    const post = (k: string, mark: string) =>
      s.http("/kv", {
        method: "POST",
        headers: { "content-type": "application/json", "x-mark": mark },
        body: JSON.stringify({ k }),
      });
    // The service sees the new setting after its reload: until then a POST writes no note.
    const noted = async (keys: string[]) =>
      ((await s.service.from("kv").select("k").in("k", keys)).data ?? []).map((row: { k: string }) => row.k).sort();
    await expect
      .poll(
        async () => {
          const mark = `probe-${Math.random()}`;
          await (await post(`pre-${mark}`, mark)).body?.cancel();
          return (await noted([`note-${mark}`])).length;
        },
        { timeout: 10_000 },
      )
      .toBe(1);

    expect((await post("pre-first", "first")).status).toBe(201);
    const duplicate = await post("pre-first", "second");
    expect(duplicate.status).toBe(409);
    expect(await noted(["pre-first", "note-first", "note-second"])).toEqual(["note-first", "pre-first"]);
  });

  it("finds an unqualified function through the search path", async () => {
    await setPgrstSetting(s.t, "db_pre_request", "check_request");
    await expect
      .poll(async () => (await s.http("/kv?select=k&limit=1")).headers.get("x-pre-request"), { timeout: 10_000 })
      .toBe("seen");
  });
});
