// How a request's transaction is framed on a pooled connection: the caller's settings and the
// statement are one transaction, which ends with the request — committed whole, or, at the first
// error (even one only found at commit), rolled back whole — and nothing of one caller (role,
// claims, settings its SQL made) reaches the next request on the same connection. Requests run one
// after another here, so the pool hands them the same connection.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { adminSql, until } from "./admin-sql.ts";
import { ALICE, startRestStack, type RestTestStack } from "./rest-stack.ts";

let s: RestTestStack;
beforeAll(async () => {
  s = await startRestStack();
  await adminSql(
    s.t,
    `
    create function public.mark_then_fail() returns int language plpgsql volatile as $$
    begin
      perform set_config('app.marker', 'left behind', true);
      perform set_config('response.headers', '[{"X-Left-Behind":"yes"}]', true);
      raise exception 'failing after set_config';
    end $$;
    create function public.mark() returns int language plpgsql volatile as $$
    begin
      perform set_config('app.marker', 'left behind', true);
      perform set_config('response.headers', '[{"X-Left-Behind":"yes"}]', true);
      return 1;
    end $$;
    create function public.caller_state() returns json language sql volatile as $$
      select json_build_object('role', current_user, 'sub', auth.uid(),
        'marker', nullif(current_setting('app.marker', true), ''),
        'read_only', current_setting('transaction_read_only'),
        'isolation', current_setting('transaction_isolation'))
    $$;
    create function public.sleep_for(seconds float) returns int language plpgsql as $$
    begin perform pg_sleep(seconds); return 1; end $$;
    create table public.framing_links (
      id int primary key,
      parent int references public.framing_links (id) deferrable initially deferred
    );
    grant all on public.framing_links to anon, authenticated, service_role;
    notify pgrst, 'reload schema';
    `,
  );
  await until(async () => (await s.anon.rpc("caller_state")).status === 200, "the schema cache sees the new functions");
});
afterAll(() => s?.t.close());

const anonState = { role: "anon", sub: null, marker: null, read_only: "on", isolation: "read committed" };

describe("a request's transaction on a pooled connection", () => {
  it("runs the statement as the caller, read-only for GET and read-write for POST", async () => {
    const alice = await s.asUser(ALICE);
    const read = await alice.rpc("caller_state", undefined, { get: true });
    expect(read.data).toEqual({ ...anonState, role: "authenticated", sub: ALICE });
    const write = await alice.rpc("caller_state");
    expect(write.data).toEqual({ ...anonState, role: "authenticated", sub: ALICE, read_only: "off" });
  });

  it("leaves nothing of a failed request's caller or settings to the next request", async () => {
    const alice = await s.asUser(ALICE);
    for (let round = 0; round < 5; round += 1) {
      const failed = await alice.rpc("mark_then_fail");
      expect(failed.error?.message).toBe("failing after set_config");
      const next = await s.http("/rpc/caller_state");
      expect(next.headers.get("x-left-behind")).toBeNull();
      expect(await next.json()).toEqual(anonState);
    }
  });

  it("leaves nothing of a successful request's settings to the next request", async () => {
    const alice = await s.asUser(ALICE);
    for (let round = 0; round < 5; round += 1) {
      const marked = await s.http("/rpc/mark", {
        method: "POST",
        headers: { authorization: `Bearer ${await aliceToken()}` },
      });
      expect(marked.headers.get("x-left-behind")).toBe("yes");
      await marked.body?.cancel();
      const next = await alice.rpc("caller_state", undefined, { get: true });
      expect(next.data).toEqual({ ...anonState, role: "authenticated", sub: ALICE });
    }
  });

  it("keeps no part of a write whose error PostgreSQL only finds at commit", async () => {
    const orphan = await s.anon.from("framing_links").insert({ id: 1, parent: 99 });
    expect([orphan.status, orphan.error?.code]).toEqual([409, "23503"]);
    const both = await s.anon.from("framing_links").insert([
      { id: 2, parent: 3 },
      { id: 3, parent: null },
    ]);
    expect([both.status, both.error]).toEqual([201, null]);
    const { data } = await s.service.from("framing_links").select("id").order("id");
    expect(data).toEqual([{ id: 2 }, { id: 3 }]);
  });

  it("applies a role's statement_timeout to the request's statement", async () => {
    await adminSql(s.t, "alter role anon set statement_timeout = '100ms'; notify pgrst, 'reload schema'");
    try {
      await until(
        async () => (await s.anon.rpc("sleep_for", { seconds: 2 })).error?.code === "57014",
        "the request runs under anon's statement_timeout",
      );
      const quick = await s.anon.rpc("sleep_for", { seconds: 0 });
      expect([quick.data, quick.error]).toEqual([1, null]);
      // Another role's request on the same connection is not held to anon's timeout.
      const alice = await s.asUser(ALICE);
      const slower = await alice.rpc("sleep_for", { seconds: 0.3 });
      expect([slower.data, slower.error]).toEqual([1, null]);
    } finally {
      await adminSql(s.t, "alter role anon reset statement_timeout; notify pgrst, 'reload schema'");
    }
  });
});

function aliceToken(): Promise<string> {
  return s.t.stack.keys.sign({ sub: ALICE, role: "authenticated", exp: Math.floor(Date.now() / 1000) + 600 });
}
