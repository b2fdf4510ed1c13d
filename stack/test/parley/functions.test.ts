import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { waitForMail } from "../auth/support/mailbox.ts";
import { fragmentOf, openLink } from "../auth/support/session-user.ts";
import type { TestStack } from "../support/test-stack.ts";
import { invokeFunction as call } from "./support/invoke-function.ts";
import { anonymousClient, clientWithToken, createPerson as createUser, signIn, type Person } from "./support/people.ts";
import { startParleyStack } from "./support/parley-stack.ts";
import { buildWorld, type World } from "./support/world.ts";

let t: TestStack;
let w: World;
let mailbox: string;
beforeAll(async () => {
  t = await startParleyStack();
  w = await buildWorld(t);
  // Functions check the caller's session with the auth service: give everyone a real one.
  for (const actor of ["owner", "admin", "member", "outsider"] as const)
    w.people[actor] = await signIn(t, w.people[actor]);
  mailbox = t.stack.status().INBUCKET_URL;
});
afterAll(() => t?.close());

/** A new user with a real session. */
const createPerson = async (stack: TestStack, label: string, password?: string): Promise<Person> =>
  signIn(stack, await createUser(stack, label, password), password);

const ACCEPT_PAGE = "http://127.0.0.1:5173/en/invite";

const errorCode = (result: { body: Record<string, unknown> }) =>
  (result.body.error as { code?: string } | undefined)?.code;

describe("invite → email → accept", () => {
  it("brings a new person into the workspace through the invite email", async () => {
    const email = `newbie-${Date.now()}@example.test`;
    const invited = await call(w.people.admin.client, "invite-member", {
      workspace_id: w.workspaceId,
      email,
      redirect_to: ACCEPT_PAGE,
    });
    expect(invited).toMatchObject({
      status: 200,
      body: { email: "invite", invitation: { email, role: "member", workspace_id: w.workspaceId } },
    });

    const mail = await waitForMail(mailbox, email, { timeoutMs: 10_000 });
    const { location } = await openLink(mail.link);
    expect(`${location.origin}${location.pathname}`).toBe(ACCEPT_PAGE);
    const token = location.searchParams.get("token") ?? "";
    const accessToken = fragmentOf(location).get("access_token") ?? "";
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(accessToken).not.toBe("");

    const invitee = clientWithToken(t, accessToken);
    const accepted = await call(invitee, "accept-invite", { token });
    expect(accepted).toMatchObject({
      status: 200,
      body: { workspace_id: w.workspaceId, role: "member", already_accepted: false },
    });
    const { data: workspaces } = await invitee.from("workspaces").select("id");
    expect(workspaces).toEqual([{ id: w.workspaceId }]);

    // Accepting again (a double click, a reload) is the same success.
    expect(await call(invitee, "accept-invite", { token })).toMatchObject({
      status: 200,
      body: { already_accepted: true },
    });
    // The database never saw the token itself.
    expect(await w.sql("select 1 from public.invitations where token_hash = $1", [token])).toHaveLength(0);
  });

  it("sends someone who already has an account a sign-in link to the accept page", async () => {
    const existing = await createPerson(t, "existing");
    const invited = await call(w.people.owner.client, "invite-member", {
      workspace_id: w.workspaceId,
      email: existing.email,
      role: "admin",
      redirect_to: ACCEPT_PAGE,
    });
    expect(invited).toMatchObject({ status: 200, body: { email: "sign_in_link", invitation: { role: "admin" } } });
    const mail = await waitForMail(mailbox, existing.email, { timeoutMs: 10_000 });
    const { location } = await openLink(mail.link);
    const accepted = await call(existing.client, "accept-invite", { token: location.searchParams.get("token") });
    expect(accepted).toMatchObject({ status: 200, body: { role: "admin" } });
  });
});

describe("invite-member refuses", () => {
  it.each([
    ["a plain member", "member", { email: "x@example.test" }, 403, "not_workspace_admin"],
    ["an outsider", "outsider", { email: "x@example.test" }, 403, "not_workspace_admin"],
    ["a malformed email", "owner", { email: "not-an-email" }, 400, "validation_failed"],
    ["the owner role", "owner", { email: "x@example.test", role: "owner" }, 400, "validation_failed"],
  ] as const)("%s", async (_case, actor, body, status, code) => {
    const result = await call(w.client(actor), "invite-member", { workspace_id: w.workspaceId, ...body });
    expect(result.status).toBe(status);
    expect(errorCode(result)).toBe(code);
  });

  it("someone already in the workspace", async () => {
    const result = await call(w.people.owner.client, "invite-member", {
      workspace_id: w.workspaceId,
      email: w.people.member.email,
    });
    expect([result.status, errorCode(result)]).toEqual([409, "already_member"]);
  });

  it("a caller without a session", async () => {
    const result = await call(w.client("anon"), "invite-member", {
      workspace_id: w.workspaceId,
      email: "x@example.test",
    });
    expect(result.status).toBe(401);
  });
});

describe("accept-invite refuses", () => {
  async function invitation(email: string, extra: Record<string, unknown> = {}): Promise<string> {
    const token = `t-${crypto.randomUUID()}`;
    await w.sql(
      `insert into public.invitations (workspace_id, email, token_hash, invited_by, expires_at)
       values ($1, $2, encode(extensions.digest($3, 'sha256'), 'hex'), $4, coalesce($5::timestamptz, now() + interval '1 day'))`,
      [w.workspaceId, email, token, w.people.owner.id, extra.expires_at ?? null],
    );
    return token;
  }

  it("an unknown token", async () => {
    const result = await call(w.people.outsider.client, "accept-invite", { token: "nope" });
    expect([result.status, errorCode(result)]).toEqual([404, "invitation_not_found"]);
  });

  it("an expired invitation", async () => {
    const token = await invitation(w.people.outsider.email, { expires_at: "2000-01-01T00:00:00Z" });
    const result = await call(w.people.outsider.client, "accept-invite", { token });
    expect([result.status, errorCode(result)]).toEqual([410, "invitation_expired"]);
  });

  it("a signed-in user whose email is not the invited one", async () => {
    const token = await invitation("someone-else@example.test");
    const result = await call(w.people.outsider.client, "accept-invite", { token });
    expect([result.status, errorCode(result)]).toEqual([403, "email_mismatch"]);
    expect(
      await w.sql("select 1 from public.workspace_members where workspace_id = $1 and user_id = $2", [
        w.workspaceId,
        w.people.outsider.id,
      ]),
    ).toHaveLength(0);
  });
});

describe("delete-account", () => {
  it("asks for reauthentication, then removes the user and keeps their messages as tombstones", async () => {
    const leaving = await createUser(t, "leaving", "my-secret-password");
    await w.insert("workspace_members", { workspace_id: w.workspaceId, user_id: leaving.id, role: "member" });
    // A session signed in an hour ago: its token's amr says so after a refresh.
    const session = anonymousClient(t);
    await session.auth.signInWithPassword({ email: leaving.email, password: "my-secret-password" });
    await w.sql(
      "update auth.mfa_amr_claims set created_at = now() - interval '1 hour', updated_at = now() - interval '1 hour' where session_id in (select id from auth.sessions where user_id = $1)",
      [leaving.id],
    );
    const { data: refreshed } = await session.auth.refreshSession();
    const client = clientWithToken(t, refreshed.session?.access_token ?? "");
    const { data: message } = await client
      .from("messages")
      .insert({ channel_id: w.publicChannelId, body: "so long" })
      .select("id")
      .single();

    expect(errorCode(await call(client, "delete-account", {}))).toBe("reauthentication_required");
    expect(errorCode(await call(client, "delete-account", { password: "wrong-password" }))).toBe(
      "reauthentication_failed",
    );

    const deleted = await call(client, "delete-account", { password: "my-secret-password" });
    expect(deleted).toEqual({ status: 200, body: { deleted: true } });
    expect(await w.sql("select 1 from auth.users where id = $1", [leaving.id])).toHaveLength(0);
    expect(await w.sql("select 1 from public.profiles where id = $1", [leaving.id])).toHaveLength(0);
    expect(await w.sql("select body, author_id from public.messages where id = $1", [message?.id])).toEqual([
      { body: "", author_id: null },
    ]);
  });

  it("counts a sign-in within the last minutes as reauthentication, and takes a workspace nobody else is in", async () => {
    const loner = await createPerson(t, "loner");
    const { data: solo } = await loner.client.rpc("create_workspace", {
      name: "Alone",
      slug: `alone-${loner.id.slice(0, 6)}`,
    });
    expect(await call(loner.client, "delete-account", {})).toMatchObject({ status: 200 });
    expect(await w.sql("select 1 from public.workspaces where id = $1", [solo.id])).toHaveLength(0);
  });

  it("refuses a sole owner of a shared workspace, naming it", async () => {
    const owner = await createPerson(t, "keeper");
    const { data: shared } = await owner.client.rpc("create_workspace", {
      name: "Kept",
      slug: `kept-${owner.id.slice(0, 6)}`,
    });
    await w.insert("workspace_members", { workspace_id: shared.id, user_id: w.people.member.id, role: "member" });
    const refused = await call(owner.client, "delete-account", { password: "correct-horse-battery" });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({
      code: "sole_owner",
      details: { workspaces: [{ id: shared.id, slug: shared.slug, name: "Kept" }] },
    });
    expect(await w.sql("select 1 from auth.users where id = $1", [owner.id])).toHaveLength(1);
  });
});

describe("CORS", () => {
  it("answers the browser's preflight itself", async () => {
    const response = await fetch(`${t.url}/functions/v1/invite-member`, {
      method: "OPTIONS",
      headers: {
        Origin: "http://127.0.0.1:5173",
        "Access-Control-Request-Method": "POST",
        "Access-Control-Request-Headers": "authorization, content-type",
      },
    });
    expect(response.status).toBe(200);
    expect(response.headers.get("access-control-allow-origin")).toBe("*");
    expect(response.headers.get("access-control-allow-headers")).toContain("authorization");
  });
});
